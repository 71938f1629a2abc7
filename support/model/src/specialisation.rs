//! What an `nvptx64` image carries for run-time specialisation (issue 32): after its PTX and
//! the NUL ending it, the image's LLVM bitcode (the module the PTX was generated from, spec
//! constants emulated) and an index saying which parameter of each kernel entry is the
//! spec-constant buffer. The CUDA adapter folds the values a launch passes in that buffer
//! into the bitcode and generates PTX for them; any other reader of the image sees PTX text
//! ending at the NUL (the CUDA driver takes PTX as a C string), so the image still loads as
//! the emulated one.
//!
//! Layout after the NUL, all integers little-endian:
//! `bitcode | index | trailer`, where the trailer is `bitcode_len: u64, index_len: u64,
//! MAGIC` and the index is `version: u32, values_len: u64, arch: str, ptx_feature: str,
//! entries: u32, (kernel: str, parameter: u32) * entries`, each `str` a `u32` length and
//! UTF-8 bytes. Pure data: writing and reading need no LLVM.

#![forbid(unsafe_code)]

/// The image's last eight bytes when it carries specialisation data.
pub const MAGIC: [u8; 8] = *b"SCSPBC01";

/// The index layout this code writes and reads.
pub const VERSION: u32 = 1;

const TRAILER_LEN: usize = 8 + 8 + MAGIC.len();

/// One kernel entry point whose spec constants are read from a buffer parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The PTX entry's name (a kernel, or its `_with_offset` variant).
    pub kernel: String,
    /// Which of its parameters (from 0) is the spec-constant buffer.
    pub parameter: u32,
}

/// How to specialise an image: its bitcode and what code generation it was built for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Specialisation {
    /// The size of the spec-constant buffer the image's code reads (its default-values
    /// blob's size): a launch's buffer of another size is not this image's.
    pub values_len: u64,
    /// The GPU architecture the PTX was generated for (`sm_90`).
    pub arch: String,
    /// The PTX ISA feature it was generated with (`+ptx78`).
    pub ptx_feature: String,
    pub entries: Vec<Entry>,
    /// The optimised module, spec constants read from the buffer.
    pub bitcode: Vec<u8>,
}

/// Why an image's specialisation data cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MalformedImage(pub &'static str);

impl std::fmt::Display for MalformedImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "malformed specialisation data in an nvptx64 image: {}",
            self.0
        )
    }
}

impl std::error::Error for MalformedImage {}

impl Specialisation {
    /// The entry named `kernel`, if its spec constants come from a buffer.
    pub fn entry(&self, kernel: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.kernel == kernel)
    }

    /// `code` (PTX text and its NUL) followed by this data.
    pub fn append_to(&self, code: &mut Vec<u8>) {
        let mut index = Vec::new();
        index.extend_from_slice(&VERSION.to_le_bytes());
        index.extend_from_slice(&self.values_len.to_le_bytes());
        put_str(&mut index, &self.arch);
        put_str(&mut index, &self.ptx_feature);
        index.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for entry in &self.entries {
            put_str(&mut index, &entry.kernel);
            index.extend_from_slice(&entry.parameter.to_le_bytes());
        }
        code.extend_from_slice(&self.bitcode);
        code.extend_from_slice(&index);
        code.extend_from_slice(&(self.bitcode.len() as u64).to_le_bytes());
        code.extend_from_slice(&(index.len() as u64).to_le_bytes());
        code.extend_from_slice(&MAGIC);
    }
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// An image split into its code (PTX text up to and including its NUL, or the whole image
/// when it carries no data) and its specialisation data, if any.
pub fn split_image(image: &[u8]) -> Result<(&[u8], Option<Specialisation>), MalformedImage> {
    if image.len() < TRAILER_LEN || image[image.len() - MAGIC.len()..] != MAGIC {
        return Ok((image, None));
    }
    let trailer = &image[image.len() - TRAILER_LEN..];
    let bitcode_len = read_len(&trailer[..8])?;
    let index_len = read_len(&trailer[8..16])?;
    let body = &image[..image.len() - TRAILER_LEN];
    let data_len = bitcode_len
        .checked_add(index_len)
        .filter(|&n| n <= body.len())
        .ok_or(MalformedImage("sizes past the image's start"))?;
    let (code, data) = body.split_at(body.len() - data_len);
    if code.last() != Some(&0) {
        return Err(MalformedImage("the code does not end in a NUL"));
    }
    let (bitcode, index) = data.split_at(bitcode_len);
    let mut reader = Reader(index);
    if reader.u32()? != VERSION {
        return Err(MalformedImage(
            "an index version this adapter does not read",
        ));
    }
    let values_len = reader.u64()?;
    let arch = reader.string()?;
    let ptx_feature = reader.string()?;
    let count = reader.u32()?;
    let mut entries = Vec::new();
    for _ in 0..count {
        let kernel = reader.string()?;
        let parameter = reader.u32()?;
        entries.push(Entry { kernel, parameter });
    }
    if !reader.0.is_empty() {
        return Err(MalformedImage("bytes after the index's entries"));
    }
    Ok((
        code,
        Some(Specialisation {
            values_len,
            arch,
            ptx_feature,
            entries,
            bitcode: bitcode.to_vec(),
        }),
    ))
}

fn read_len(bytes: &[u8]) -> Result<usize, MalformedImage> {
    let mut word = [0u8; 8];
    word.copy_from_slice(bytes);
    usize::try_from(u64::from_le_bytes(word)).map_err(|_| MalformedImage("a size too large"))
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], MalformedImage> {
        if self.0.len() < n {
            return Err(MalformedImage("the index ends early"));
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, MalformedImage> {
        let mut word = [0u8; 4];
        word.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(word))
    }

    fn u64(&mut self) -> Result<u64, MalformedImage> {
        let mut word = [0u8; 8];
        word.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(word))
    }

    fn string(&mut self) -> Result<String, MalformedImage> {
        let len = self.u32()? as usize;
        String::from_utf8(self.take(len)?.to_vec())
            .map_err(|_| MalformedImage("a name that is not UTF-8"))
    }
}

/// The C interface of the specialiser library (`libsycl_specconst_specialise.so`, crate
/// `specialise`), which the CUDA adapter loads when a launch first needs it: LLVM stays out of
/// processes that never specialise, and a machine without the library runs emulated.
pub mod abi {
    /// `int32_t sycl_specconst_specialise_v1(const uint8_t *image, size_t image_len,
    /// const uint8_t *kernel, size_t kernel_len, const uint8_t *values, size_t values_len,
    /// SpecialiseOutput *out)`: the PTX (ending in a NUL) of `image`'s entry `kernel` and its
    /// `_with_offset` variant, with `values` (the spec-constant buffer's bytes) folded in.
    /// Returns [`OK`] with the PTX in `out`, or [`FAILED`] with a UTF-8 message there.
    pub const SPECIALISE: &[u8] = b"sycl_specconst_specialise_v1\0";
    /// `void sycl_specconst_specialise_free_v1(SpecialiseOutput *out)`: frees `out`'s bytes.
    pub const FREE: &[u8] = b"sycl_specconst_specialise_free_v1\0";
    pub const OK: i32 = 0;
    pub const FAILED: i32 = 1;

    /// What one call returns. `bytes`/`len`/`capacity` are the library's own allocation,
    /// given back only through [`FREE`].
    #[repr(C)]
    #[derive(Debug)]
    pub struct SpecialiseOutput {
        pub bytes: *mut u8,
        pub len: usize,
        pub capacity: usize,
        /// Microseconds spent reading the bitcode, optimising, generating PTX.
        pub parse_us: u64,
        pub optimise_us: u64,
        pub emit_us: u64,
    }

    impl Default for SpecialiseOutput {
        fn default() -> Self {
            SpecialiseOutput {
                bytes: std::ptr::null_mut(),
                len: 0,
                capacity: 0,
                parse_us: 0,
                optimise_us: 0,
                emit_us: 0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Specialisation {
        Specialisation {
            values_len: 12,
            arch: "sm_90".into(),
            ptx_feature: "+ptx78".into(),
            entries: vec![
                Entry {
                    kernel: "_ZTS1K".into(),
                    parameter: 3,
                },
                Entry {
                    kernel: "_ZTS1K_with_offset".into(),
                    parameter: 3,
                },
            ],
            bitcode: b"BC\xc0\xde fake module".to_vec(),
        }
    }

    #[test]
    fn data_appended_to_ptx_reads_back_and_leaves_the_ptx_a_c_string() {
        let mut image = b".version 7.8\n.target sm_90\n\0".to_vec();
        let ptx_len = image.len();
        sample().append_to(&mut image);
        let (code, data) = split_image(&image).expect("well formed");
        assert_eq!(code.len(), ptx_len);
        assert_eq!(code.iter().position(|&b| b == 0), Some(ptx_len - 1));
        assert_eq!(data, Some(sample()));
        assert_eq!(
            data.and_then(|d| d.entry("_ZTS1K").map(|e| e.parameter)),
            Some(3)
        );
    }

    #[test]
    fn an_image_without_data_is_its_code() {
        let image = b".version 7.8\n\0";
        assert_eq!(split_image(image), Ok((&image[..], None)));
        assert_eq!(split_image(b""), Ok((&b""[..], None)));
    }

    /// Every truncation and every flipped byte of a valid image reads as an error or as
    /// some data, never a panic or a read past the image.
    #[test]
    fn damaged_images_are_errors_not_panics() {
        let mut image = b"ptx\0".to_vec();
        sample().append_to(&mut image);
        for cut in 0..image.len() {
            let _ = split_image(&image[cut..]);
            let _ = split_image(&image[..cut]);
        }
        for at in 0..image.len() {
            let mut damaged = image.clone();
            damaged[at] ^= 0xff;
            let _ = split_image(&damaged);
        }
        let mut huge = b"ptx\0".to_vec();
        huge.extend_from_slice(&u64::MAX.to_le_bytes());
        huge.extend_from_slice(&1u64.to_le_bytes());
        huge.extend_from_slice(&MAGIC);
        assert!(split_image(&huge).is_err());
    }

    #[test]
    fn code_without_its_nul_is_refused() {
        let mut image = b"ptx".to_vec();
        sample().append_to(&mut image);
        assert_eq!(
            split_image(&image).map(|_| ()),
            Err(MalformedImage("the code does not end in a NUL"))
        );
    }
}
