//! DPC++ property-set files (`.prop`, `docs/reference/post-link.md` §8) and the `.table` file
//! (§7.2).

use std::fmt::Write as _;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Intel's base64 variant (§8.3): LSB-first bit packing, no `=` padding.
pub(crate) fn base64_encode(bytes: &[u8]) -> String {
    let ch = |i: u8| ALPHABET[usize::from(i & 0x3F)] as char;
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let mut chunks = bytes.chunks_exact(3);
    for c in &mut chunks {
        let (b0, b1, b2) = (c[0], c[1], c[2]);
        out.push(ch(b0));
        out.push(ch((b1 << 2) | (b0 >> 6)));
        out.push(ch((b2 << 4) | (b1 >> 4)));
        out.push(ch(b2 >> 2));
    }
    match *chunks.remainder() {
        [b0] => {
            out.push(ch(b0));
            out.push(ch(b0 >> 6));
        }
        [b0, b1] => {
            out.push(ch(b0));
            out.push(ch((b1 << 2) | (b0 >> 6)));
            out.push(ch(b1 >> 4));
        }
        _ => {}
    }
    out
}

/// The text form of a BYTE_ARRAY value: 8-byte LE bit count, then the data (§8.2).
pub(crate) fn byte_array_value(data: &[u8]) -> String {
    base64_encode(&byte_array_raw(data))
}

/// A BYTE_ARRAY value as the runtime holds it in memory: 8-byte LE bit count, then the data.
pub fn byte_array_raw(data: &[u8]) -> Vec<u8> {
    let mut buf = Vec::with_capacity(8 + data.len());
    buf.extend_from_slice(&(data.len() as u64 * 8).to_le_bytes());
    buf.extend_from_slice(data);
    buf
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PropValue {
    U32(u32),
    Bytes(Vec<u8>),
}

/// Property sets in insertion order, properties in insertion order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PropertySets {
    sets: Vec<(String, Vec<(String, PropValue)>)>,
}

impl PropertySets {
    pub(crate) fn add_set(&mut self, name: &str) {
        if !self.sets.iter().any(|(n, _)| n == name) {
            self.sets.push((name.to_string(), Vec::new()));
        }
    }

    pub fn add(&mut self, set: &str, name: &str, value: PropValue) {
        self.add_set(set);
        if let Some((_, props)) = self.sets.iter_mut().find(|(n, _)| n == set) {
            props.push((name.to_string(), value));
        }
    }

    /// The sets in order, each with its properties in order.
    pub fn sets(&self) -> impl Iterator<Item = (&str, &[(String, PropValue)])> {
        self.sets.iter().map(|(n, p)| (n.as_str(), p.as_slice()))
    }

    /// The default-values blob (`[SYCL/specialization constants default values] all`): the
    /// bytes the runtime's emulated spec-constant buffer starts with.
    pub fn spec_constant_defaults(&self) -> Option<&[u8]> {
        self.sets
            .iter()
            .find(|(set, _)| set == SET_SPEC_DEFAULTS)?
            .1
            .iter()
            .find_map(|(name, value)| match value {
                PropValue::Bytes(blob) if name == "all" => Some(blob.as_slice()),
                _ => None,
            })
    }

    /// The sets of this image's default-values twin (its spec constants replaced by their
    /// defaults, as `-generate-device-image-default-spec-consts` makes it): no spec-constant
    /// sets, and `specConstsReplacedWithDefault=1` in the misc set.
    pub fn for_default_values_image(&self) -> PropertySets {
        let mut sets = PropertySets {
            sets: self
                .sets
                .iter()
                .filter(|(set, _)| set != SET_SPEC_CONSTANTS && set != SET_SPEC_DEFAULTS)
                .cloned()
                .collect(),
        };
        sets.add(SET_MISC, "specConstsReplacedWithDefault", PropValue::U32(1));
        sets
    }

    /// `PropertySetRegistry::write`: `[set]` lines, `name=type|value` lines, LF endings.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (set, props) in &self.sets {
            let _ = writeln!(out, "[{set}]");
            for (name, v) in props {
                match v {
                    PropValue::U32(n) => {
                        let _ = writeln!(out, "{name}=1|{n}");
                    }
                    PropValue::Bytes(b) => {
                        let _ = writeln!(out, "{name}=2|{}", byte_array_value(b));
                    }
                }
            }
        }
        out
    }
}

pub const SET_DEVICE_REQUIREMENTS: &str = "SYCL/device requirements";
pub(crate) const SET_SPEC_CONSTANTS: &str = "SYCL/specialization constants";
pub(crate) const SET_SPEC_DEFAULTS: &str = "SYCL/specialization constants default values";
pub(crate) const SET_MISC: &str = "SYCL/misc properties";

/// `.table` (§7.2): header of the enabled columns, one row per output module.
pub fn table(columns: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = format!("[{}]\n", columns.join("|"));
    for r in rows {
        out.push_str(&r.join("|"));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Desc, PADDING_ID, desc_bytes};

    // The reader side of the format (DPC++'s runtime's), only to check what `write` writes.

    /// Inverse of [`base64_encode`]; `None` on a bad character or a 1-character final group.
    fn base64_decode(text: &str) -> Option<Vec<u8>> {
        let idx = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|p| p as u8);
        let digits: Vec<u8> = text.bytes().map(idx).collect::<Option<_>>()?;
        let mut out = Vec::with_capacity(digits.len() * 3 / 4);
        for g in digits.chunks(4) {
            match *g {
                [d0, d1, d2, d3] => {
                    out.push(d0 | (d1 << 6));
                    out.push((d1 >> 2) | (d2 << 4));
                    out.push((d2 >> 4) | (d3 << 2));
                }
                [d0, d1, d2] => {
                    out.push(d0 | (d1 << 6));
                    out.push((d1 >> 2) | (d2 << 4));
                }
                [d0, d1] => out.push(d0 | (d1 << 6)),
                _ => return None,
            }
        }
        Some(out)
    }

    /// A `.prop` text that [`PropertySets::read`] refuses: `line N: why`.
    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    #[error("line {line}: {message}")]
    struct PropError {
        line: usize,
        message: String,
    }

    impl PropertySets {
        /// Reads what [`PropertySets::write`] (or DPC++'s `sycl-post-link`) wrote: `[set]` lines,
        /// then `name=1|decimal` or `name=2|base64` lines (a BYTE_ARRAY's 8-byte bit count must
        /// match its data); empty lines are skipped.
        fn read(text: &str) -> Result<PropertySets, PropError> {
            let mut sets = PropertySets::default();
            let mut current: Option<&str> = None;
            for (n, line) in text.lines().enumerate() {
                let fail = |message: &str| PropError {
                    line: n + 1,
                    message: message.to_string(),
                };
                if line.is_empty() {
                    continue;
                }
                if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                    sets.add_set(name);
                    current = Some(name);
                    continue;
                }
                let set = current.ok_or_else(|| fail("a property before any [set]"))?;
                let (name, typed) = line
                    .split_once('=')
                    .ok_or_else(|| fail("expected name=type|value"))?;
                let value = match typed.split_once('|') {
                    Some(("1", v)) => PropValue::U32(v.parse().map_err(|_| fail("not a UINT32"))?),
                    Some(("2", v)) => PropValue::Bytes(byte_array_data(v).ok_or_else(|| {
                        fail("not a BYTE_ARRAY (base64 of an 8-byte bit count and the data)")
                    })?),
                    _ => return Err(fail("unknown property type (1: UINT32, 2: BYTE_ARRAY)")),
                };
                sets.add(set, name, value);
            }
            Ok(sets)
        }
    }

    /// The data of a BYTE_ARRAY's text form, if its bit count matches.
    fn byte_array_data(text: &str) -> Option<Vec<u8>> {
        let raw = base64_decode(text)?;
        let (count, data) = raw.split_at_checked(8)?;
        let bits = u64::from_le_bytes(count.try_into().ok()?);
        (bits == (data.len() as u64).checked_mul(8)?).then(|| data.to_vec())
    }

    /// Property sets described by fuzz bytes: names without the separators the format uses.
    fn sets_from(bytes: &[u8]) -> PropertySets {
        let name = |b: &[u8]| -> String {
            b.iter()
                .map(|&c| char::from(b'a' + c % 26))
                .collect::<String>()
        };
        let mut sets = PropertySets::default();
        for chunk in bytes.chunks(7) {
            let set = name(&chunk[..chunk.len().min(2)]);
            let prop = name(chunk.get(2..4).unwrap_or(b"p"));
            let value = match chunk.first().map_or(0, |c| c % 2) {
                0 => PropValue::U32(u32::from_le_bytes([
                    chunk.get(3).copied().unwrap_or(0),
                    chunk.get(4).copied().unwrap_or(0),
                    chunk.get(5).copied().unwrap_or(0),
                    chunk.get(6).copied().unwrap_or(0),
                ])),
                _ => PropValue::Bytes(chunk.get(3..).unwrap_or_default().to_vec()),
            };
            sets.add(&set, &prop, value);
        }
        sets
    }

    #[test]
    fn fuzz_property_sets_round_trip_and_reader() {
        let mut sample = PropertySets::default();
        sample.add(
            SET_SPEC_CONSTANTS,
            "_ZTS1a",
            PropValue::Bytes(vec![0, 0, 0, 0, 4, 0, 0, 0]),
        );
        sample.add(SET_MISC, "specConstsReplacedWithDefault", PropValue::U32(1));
        let seeds = vec![
            sample.write().into_bytes(),
            b"[s]\nx=1|7\ny=2|AEAAAAAAAAA\n".to_vec(),
        ];
        fuzz::run("property-sets", &seeds, |bytes| {
            let _ = PropertySets::read(&String::from_utf8_lossy(bytes));
            let sets = sets_from(bytes);
            assert_eq!(PropertySets::read(&sets.write()), Ok(sets));
        });
    }

    #[test]
    fn bad_property_text_is_located() {
        let err = PropertySets::read("[s]\nx=3|1\n").expect_err("bad type");
        assert_eq!(err.line, 2);
        assert!(PropertySets::read("x=1|1\n").is_err());
        // A bit count of 8 with no data byte.
        let short = format!("[s]\nx=2|{}\n", base64_encode(&8u64.to_le_bytes()));
        assert!(PropertySets::read(&short).is_err());
    }

    fn d(id: u32, offset: u32, size: u32) -> Desc {
        Desc { id, offset, size }
    }

    #[test]
    fn base64_test_vectors() {
        // §8.3 table, quoted from DPC++ tests.
        assert_eq!(base64_encode(&[0; 8]), "AAAAAAAAAAA");
        assert_eq!(
            byte_array_value(&desc_bytes(&[d(0, 0, 8)])),
            "gBAAAAAAAAAAAAAAAAAAAgAAAAA"
        );
        assert_eq!(
            byte_array_value(&desc_bytes(&[d(1, 0, 1)])),
            "gBAAAAAAAAQAAAAAAAAAAEAAAAA"
        );
        assert_eq!(
            byte_array_value(&[0x14, 0, 0, 0, 0x63, 0, 0, 0, 0x01]),
            "IBAAAAAAAAAFAAAAjBAAAEA"
        );
    }

    #[test]
    fn worked_example_1_scalar_int() {
        assert_eq!(
            byte_array_value(&desc_bytes(&[d(0, 0, 4)])),
            "gBAAAAAAAAAAAAAAAAAAAQAAAAA"
        );
        assert_eq!(byte_array_value(&[0x2a, 0, 0, 0]), "gAAAAAAAAAgKAAAA");
    }

    #[test]
    fn worked_example_2_struct_with_tail_padding() {
        let descs = [d(0, 0, 4), d(1, 4, 4), d(2, 8, 1), d(PADDING_ID, 9, 3)];
        assert_eq!(
            byte_array_value(&desc_bytes(&descs)),
            "AGAAAAAAAAAAAAAAAAAAAQAAAAQAAAAAEAAAAQAAAAgAAAAAIAAAAEAAAAw/////JAAAAMAAAAA"
        );
        let blob = [0xc3, 0xf5, 0x48, 0x40, 0x2a, 0, 0, 0, 0x08, 0, 0, 0];
        assert_eq!(byte_array_value(&blob), "gBAAAAAAAAww1jEQqAAAAgAAAAA");
    }

    #[test]
    fn worked_example_3_emulation() {
        let h = [d(0, 0, 2), d(PADDING_ID, 2, 2)];
        assert_eq!(
            byte_array_value(&desc_bytes(&h)),
            "ADAAAAAAAAAAAAAAAAAAAIAAAAw/////CAAAAIAAAAA"
        );
        assert_eq!(
            byte_array_value(&desc_bytes(&[d(1, 0, 4)])),
            "gBAAAAAAAAQAAAAAAAAAAQAAAAA"
        );
        assert_eq!(
            byte_array_value(&[0x00, 0x40, 0, 0, 0x2a, 0, 0, 0]),
            "ABAAAAAAAAAAABAAqAAAAA"
        );
    }

    #[test]
    fn worked_example_4_nested() {
        let descs = [
            d(0, 0, 1),
            d(1, 4, 1),
            d(2, 8, 4),
            d(3, 12, 1),
            d(PADDING_ID, 13, 3),
            d(4, 16, 1),
            d(PADDING_ID, 17, 3),
        ];
        assert_eq!(
            byte_array_value(&desc_bytes(&descs)),
            "gKAAAAAAAAAAAAAAAAAAAEAAAAQAAAAAEAAAAEAAAAgAAAAAIAAAAQAAAAwAAAAAMAAAAEAAAAw/////NAAAAMAAAAABAAAAQAAAAEAAAAw/////RAAAAMAAAAA"
        );
        let blob = [
            0x78, 0, 0, 0, 0x79, 0, 0, 0, 0x7a, 0, 0, 0, 0x61, 0, 0, 0, 0x62, 0, 0, 0,
        ];
        assert_eq!(
            byte_array_value(&blob),
            "gCAAAAAAAAAeAAAA5BAAAoHAAAQYAAAAiBAAAA"
        );
    }

    #[test]
    fn worked_example_6_array_of_arrays() {
        // The first string quoted in §11 example 6 (IDs 0..8) is five characters short in
        // `docs/reference/post-link.md` (it decodes to 104 data bytes under an 864-bit prefix),
        // so only the two self-consistent strings are checked.
        let b: Vec<Desc> = (0..9).map(|k| d(9 + k, 4 * k, 4)).collect();
        assert_eq!(
            byte_array_value(&desc_bytes(&b)),
            "gNAAAAAAAAQCAAAAAAAAAQAAAAgCAAAAEAAAAQAAAAwCAAAAIAAAAQAAAAADAAAAMAAAAQAAAAQDAAAAQAAAAQAAAAgDAAAAUAAAAQAAAAwDAAAAYAAAAQAAAAAEAAAAcAAAAQAAAAQEAAAAgAAAAQAAAAA"
        );
        let c = [d(18, 0, 4), d(19, 4, 4), d(20, 8, 4), d(21, 16, 8)];
        assert_eq!(
            byte_array_value(&desc_bytes(&c)),
            "AGAAAAAAAAgEAAAAAAAAAQAAAAwEAAAAEAAAAQAAAAAFAAAAIAAAAQAAAAQFAAAAQAAAAgAAAAA"
        );
    }

    #[test]
    fn decode_inverts_encode() {
        for n in 0..40u8 {
            let data: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(5)).collect();
            assert_eq!(
                base64_decode(&base64_encode(&data)).as_deref(),
                Some(&data[..])
            );
        }
        assert_eq!(base64_decode("A"), None);
        assert_eq!(base64_decode("A="), None);
    }

    #[test]
    fn a_default_values_twin_drops_the_spec_constant_sets_and_says_so() {
        let mut p = PropertySets::default();
        p.add(
            SET_DEVICE_REQUIREMENTS,
            "aspects",
            PropValue::Bytes(Vec::new()),
        );
        p.add(
            SET_SPEC_CONSTANTS,
            "S",
            PropValue::Bytes(desc_bytes(&[d(0, 0, 4)])),
        );
        p.add(
            SET_SPEC_DEFAULTS,
            "all",
            PropValue::Bytes(vec![0x2a, 0, 0, 0]),
        );
        p.add(SET_MISC, "optLevel", PropValue::U32(2));
        assert_eq!(p.spec_constant_defaults(), Some(&[0x2a, 0, 0, 0][..]));
        let twin = p.for_default_values_image();
        assert_eq!(twin.spec_constant_defaults(), None);
        assert_eq!(
            twin.write(),
            "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n\
             [SYCL/misc properties]\noptLevel=1|2\nspecConstsReplacedWithDefault=1|1\n"
        );
        assert_eq!(PropertySets::default().spec_constant_defaults(), None);
    }

    #[test]
    fn property_file_text() {
        // §8.4 minimal JIT image layout.
        let mut p = PropertySets::default();
        p.add(
            SET_DEVICE_REQUIREMENTS,
            "aspects",
            PropValue::Bytes(Vec::new()),
        );
        p.add(
            SET_SPEC_CONSTANTS,
            "S",
            PropValue::Bytes(desc_bytes(&[d(0, 0, 4)])),
        );
        p.add(
            SET_SPEC_DEFAULTS,
            "all",
            PropValue::Bytes(vec![0x2a, 0, 0, 0]),
        );
        p.add(SET_MISC, "specConstsReplacedWithDefault", PropValue::U32(1));
        assert_eq!(
            p.write(),
            "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n\
             [SYCL/specialization constants]\nS=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n\
             [SYCL/specialization constants default values]\nall=2|gAAAAAAAAAgKAAAA\n\
             [SYCL/misc properties]\nspecConstsReplacedWithDefault=1|1\n"
        );
    }

    #[test]
    fn table_text() {
        // §7.2 example.
        let rows = vec![
            vec![
                "out_0.bc".to_string(),
                "out_0.prop".into(),
                "out_0.sym".into(),
            ],
            vec![
                "out_1.bc".to_string(),
                "out_1.prop".into(),
                "out_1.sym".into(),
            ],
        ];
        assert_eq!(
            table(&["Code", "Properties", "Symbols"], &rows),
            "[Code|Properties|Symbols]\nout_0.bc|out_0.prop|out_0.sym\nout_1.bc|out_1.prop|out_1.sym\n"
        );
    }
}
