//! Device code inside host objects, in LLVM's offload-binary container (what upstream clang
//! embeds in `.llvm.offloading`, so `llvm-offload-binary` lists and extracts it), and the
//! reading side: ELF objects and `ar` archives scanned for that section.
//!
//! Container (little-endian): header `{magic 10 FF 10 AD, u32 version 1, u64 total size,
//! u64 entry offset, u64 entry size}`; entry `{u16 image kind, u16 offload kind, u32 flags,
//! u64 string-table offset, u64 string count, u64 image offset, u64 image size}`; string
//! entries `{u64 key offset, u64 value offset}`; NUL-terminated strings; the image, 8-aligned.

use std::collections::BTreeMap;

const MAGIC: [u8; 4] = [0x10, 0xFF, 0x10, 0xAD];
const VERSION: u32 = 1;
const HEADER_SIZE: usize = 32;
const ENTRY_SIZE: usize = 40;
/// `IMG_Bitcode` (`IMG_Object` is 1; `llvm-objdump --offloading` prints the kind).
pub(crate) const IMAGE_KIND_BITCODE: u16 = 2;
/// `OFK_SYCL`.
pub(crate) const OFFLOAD_KIND_SYCL: u16 = 8;
pub(crate) const SECTION: &str = ".llvm.offloading";
/// String-table key: `native` or `emulation` (`-fsycl-spec-constants=`).
pub const SPEC_CONSTANTS_KEY: &str = "sycl-spec-constants";

/// One device image with its string table (`triple`, `arch`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffloadImage {
    pub(crate) image_kind: u16,
    pub(crate) offload_kind: u16,
    pub strings: BTreeMap<String, String>,
    pub image: Vec<u8>,
}

impl OffloadImage {
    /// Device bitcode of one TU; the string table also records how its kernels take spec
    /// constants (their parameter lists differ), for the link to check: `spec_constants` as
    /// `-fsycl-spec-constants=` spells it (`native`, `emulation`).
    pub fn sycl_bitcode(triple: &str, spec_constants: &str, image: Vec<u8>) -> OffloadImage {
        let strings = [
            ("arch", "generic"),
            ("triple", triple),
            (SPEC_CONSTANTS_KEY, spec_constants),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        OffloadImage {
            image_kind: IMAGE_KIND_BITCODE,
            offload_kind: OFFLOAD_KIND_SYCL,
            strings,
            image,
        }
    }

    /// The same image, compiled for architecture `arch` (`sm_90`): its code may use what the
    /// architecture has, so the link checks it builds for the same one.
    pub fn for_arch(mut self, arch: &str) -> OffloadImage {
        self.strings.insert("arch".to_string(), arch.to_string());
        self
    }

    /// The triple the image's code is for (`spir64-unknown-unknown` when none is recorded,
    /// as in containers of earlier versions).
    pub fn triple(&self) -> &str {
        self.strings
            .get("triple")
            .map_or("spir64-unknown-unknown", String::as_str)
    }

    /// The architecture the image's code was compiled for (`generic` for SPIR-V).
    pub fn arch(&self) -> &str {
        self.strings.get("arch").map_or("generic", String::as_str)
    }

    /// The container bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let string_entries_at = HEADER_SIZE + ENTRY_SIZE;
        let table_at = string_entries_at + 16 * self.strings.len();
        let mut table = vec![0u8];
        let mut pairs = Vec::new();
        for (k, v) in &self.strings {
            let key = table_at + table.len();
            table.extend_from_slice(k.as_bytes());
            table.push(0);
            let value = table_at + table.len();
            table.extend_from_slice(v.as_bytes());
            table.push(0);
            pairs.push((key as u64, value as u64));
        }
        let image_at = (table_at + table.len()).next_multiple_of(8);
        let total = image_at + self.image.len();
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for v in [total as u64, HEADER_SIZE as u64, ENTRY_SIZE as u64] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.image_kind.to_le_bytes());
        out.extend_from_slice(&self.offload_kind.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        for v in [
            string_entries_at as u64,
            self.strings.len() as u64,
            image_at as u64,
            self.image.len() as u64,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for (k, v) in pairs {
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&table);
        out.resize(image_at, 0);
        out.extend_from_slice(&self.image);
        out
    }
}

// Every offset below comes from the file: sums are checked, a field past the end is `None`.
fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(
        b.get(at..at.checked_add(2)?)?.try_into().ok()?,
    ))
}
fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}
/// The `usize` field `offset` bytes after `base`.
fn field(b: &[u8], base: usize, offset: usize) -> Option<usize> {
    usize_at(b, base.checked_add(offset)?)
}
fn usize_at(b: &[u8], at: usize) -> Option<usize> {
    usize::try_from(u64_at(b, at)?).ok()
}
fn c_string(b: &[u8], at: usize) -> Option<String> {
    let rest = b.get(at..)?;
    let end = rest.iter().position(|&c| c == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// Every container in `section` (the linker concatenates them, each 8-aligned).
pub(crate) fn parse_section(section: &[u8]) -> Result<Vec<OffloadImage>, String> {
    let mut images = Vec::new();
    let mut at = 0;
    while at + HEADER_SIZE <= section.len() {
        let b = &section[at..];
        if b[..4] != MAGIC {
            // Padding between containers.
            at += 8;
            continue;
        }
        let bad = || format!("damaged offload binary at offset {at}");
        let size = usize_at(b, 8).ok_or_else(bad)?;
        let entry_at = usize_at(b, 16).ok_or_else(bad)?;
        let b = b.get(..size).ok_or_else(bad)?;
        let string_at = field(b, entry_at, 8).ok_or_else(bad)?;
        let count = field(b, entry_at, 16).ok_or_else(bad)?;
        let image_at = field(b, entry_at, 24).ok_or_else(bad)?;
        let image_size = field(b, entry_at, 32).ok_or_else(bad)?;
        let mut strings = BTreeMap::new();
        for i in 0..count {
            let e = i
                .checked_mul(16)
                .and_then(|o| string_at.checked_add(o))
                .ok_or_else(bad)?;
            let key = c_string(b, usize_at(b, e).ok_or_else(bad)?).ok_or_else(bad)?;
            let value = c_string(b, field(b, e, 8).ok_or_else(bad)?).ok_or_else(bad)?;
            strings.insert(key, value);
        }
        let image = image_at
            .checked_add(image_size)
            .and_then(|end| b.get(image_at..end))
            .ok_or_else(bad)?
            .to_vec();
        images.push(OffloadImage {
            image_kind: u16_at(b, entry_at).ok_or_else(bad)?,
            offload_kind: entry_at
                .checked_add(2)
                .and_then(|o| u16_at(b, o))
                .ok_or_else(bad)?,
            strings,
            image,
        });
        at += size.next_multiple_of(8).max(8);
    }
    Ok(images)
}

/// The contents of section `name` of an ELF file, if it has one (read by the `object` crate:
/// every offset and size is checked against the file).
pub(crate) fn elf_section<'a>(elf: &'a [u8], name: &str) -> Result<Option<&'a [u8]>, String> {
    use object::{Object as _, ObjectSection as _};
    if !elf.starts_with(b"\x7fELF") {
        return Ok(None);
    }
    let file = object::File::parse(elf).map_err(|e| format!("damaged ELF object: {e}"))?;
    match file.section_by_name(name) {
        None => Ok(None),
        Some(section) => section
            .data()
            .map(Some)
            .map_err(|e| format!("damaged ELF section '{name}': {e}")),
    }
}

/// The members of an `ar` archive (System V / GNU, BSD) as (name, bytes).
pub(crate) fn archive_members(archive: &[u8]) -> Result<Vec<(String, &[u8])>, String> {
    let parsed = object::read::archive::ArchiveFile::parse(archive)
        .map_err(|e| format!("damaged archive: {e}"))?;
    if parsed.is_thin() {
        return Err("thin archives are not supported; use a regular archive (ar rcs)".into());
    }
    let mut members = Vec::new();
    for member in parsed.members() {
        let member = member.map_err(|e| format!("damaged archive member: {e}"))?;
        let name = String::from_utf8_lossy(member.name()).into_owned();
        let data = member
            .data(archive)
            .map_err(|e| format!("damaged archive member {name}: {e}"))?;
        members.push((name, data));
    }
    Ok(members)
}

/// SYCL device images found in an object file or archive.
pub fn sycl_images(file: &[u8]) -> Result<Vec<OffloadImage>, String> {
    let mut out = Vec::new();
    let mut from_object = |object: &[u8]| -> Result<(), String> {
        if let Some(section) = elf_section(object, SECTION)? {
            out.extend(
                parse_section(section)?
                    .into_iter()
                    .filter(|i| i.offload_kind == OFFLOAD_KIND_SYCL),
            );
        }
        Ok(())
    };
    if file.starts_with(b"!<arch>\n") {
        for (name, member) in archive_members(file)? {
            from_object(member).map_err(|e| format!("member {name}: {e}"))?;
        }
    } else {
        from_object(file)?;
    }
    Ok(out)
}

/// Whether an object, or a member of an archive, registers device images itself (a
/// registration object, as `-fsycl-link` writes).
pub fn holds_registered_images(file: &[u8]) -> Result<bool, String> {
    let section = crate::registration::REGISTERED_IMAGES_SECTION;
    if file.starts_with(b"!<arch>\n") {
        for (name, member) in archive_members(file)? {
            if elf_section(member, section)
                .map_err(|e| format!("member {name}: {e}"))?
                .is_some()
            {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    Ok(elf_section(file, section)?.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An x86-64 ELF object whose `.llvm.offloading` section holds `section`.
    fn elf_with_offloading(section: &[u8]) -> Vec<u8> {
        use object::write;
        let mut obj = write::Object::new(
            object::BinaryFormat::Elf,
            object::Architecture::X86_64,
            object::Endianness::Little,
        );
        let id = obj.add_section(
            Vec::new(),
            SECTION.as_bytes().to_vec(),
            object::SectionKind::Data,
        );
        obj.append_section_data(id, section, 8);
        obj.write().expect("an ELF object")
    }

    /// A GNU `ar` archive with the given members.
    fn archive_of(members: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = b"!<arch>\n".to_vec();
        for (name, data) in members {
            let header = format!(
                "{:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
                format!("{name}/"),
                0,
                0,
                0,
                644,
                data.len()
            );
            out.extend_from_slice(header.as_bytes());
            out.extend_from_slice(data);
            if data.len() % 2 == 1 {
                out.push(b'\n');
            }
        }
        out
    }

    #[test]
    fn images_are_found_in_objects_and_archive_members() {
        let image =
            OffloadImage::sycl_bitcode("spir64-unknown-unknown", "native", b"BC\xC0\xDE".to_vec());
        let elf = elf_with_offloading(&image.to_bytes());
        assert_eq!(sycl_images(&elf), Ok(vec![image.clone()]));
        let archive = archive_of(&[("a.o", &elf), ("b.o", &elf)]);
        assert_eq!(sycl_images(&archive), Ok(vec![image.clone(), image]));
        assert_eq!(sycl_images(b"not an object"), Ok(vec![]));
        assert!(sycl_images(b"\x7fELF\x02\x01damaged").is_err());
    }

    #[test]
    fn fuzz_offload_readers() {
        let image =
            OffloadImage::sycl_bitcode("spir64-unknown-unknown", "emulation", vec![0x42; 24]);
        let container = image.to_bytes();
        let elf = elf_with_offloading(&[container.as_slice(), container.as_slice()].concat());
        let seeds = vec![
            container.clone(),
            elf.clone(),
            archive_of(&[("k.o", &elf), ("long-member-name-beyond-sixteen.o", &elf)]),
        ];
        fuzz::run("offload-readers", &seeds, |bytes| {
            let _ = sycl_images(bytes);
            let _ = parse_section(bytes);
        });
    }

    #[test]
    fn container_layout_matches_llvm_offload_binary() {
        // What `llvm-offload-binary --image=file=img.bin,triple=spir64-unknown-unknown,
        // arch=generic,kind=sycl` wrote for 8 image bytes, except the image kind: the tool
        // derives it from the file name (.bin gives 0, .bc gives 2).
        let mut image =
            OffloadImage::sycl_bitcode("spir64-unknown-unknown", "native", b"ABCDEFGH".to_vec());
        image.strings.remove(SPEC_CONSTANTS_KEY);
        image.image_kind = 0;
        let bytes = image.to_bytes();
        assert_eq!(bytes.len(), 0xa0);
        assert_eq!(&bytes[..8], &[0x10, 0xff, 0x10, 0xad, 1, 0, 0, 0]);
        assert_eq!(u64_at(&bytes, 8), Some(bytes.len() as u64));
        assert_eq!(&bytes[bytes.len() - 8..], b"ABCDEFGH");
        let parsed = parse_section(&bytes).expect("parse");
        assert_eq!(parsed, vec![image]);
    }

    #[test]
    fn two_containers_in_one_section() {
        let a = OffloadImage::sycl_bitcode("spir64", "native", vec![1, 2, 3]).to_bytes();
        let b = OffloadImage::sycl_bitcode("spir64", "native", vec![4]).to_bytes();
        let mut section = a.clone();
        section.resize(a.len().next_multiple_of(8), 0);
        section.extend_from_slice(&b);
        let parsed = parse_section(&section).expect("parse");
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[1].image, vec![4]);
    }

    #[test]
    fn damaged_container_is_an_error() {
        let mut bytes = OffloadImage::sycl_bitcode("spir64", "native", vec![1]).to_bytes();
        bytes.truncate(40);
        assert!(parse_section(&bytes).is_err());
    }
}
