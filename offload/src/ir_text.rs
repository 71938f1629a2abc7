//! LLVM IR written as text, in one place: how strings and bytes are escaped for IR, the
//! module header, and parsing the text back (LLVM checks every module written this way). The
//! wrapper kernels, the emulated-ID declarations, the registration object and the driver's
//! LeakSanitizer hooks are written with it.
//!
//! Text rather than the checked builder for these modules: they are constant data and small
//! functions of fixed shape, and LLVM's parser checks them as a whole.

use std::fmt::Write as _;

use crate::llvm::{Context, Module};

/// The host the registration object and the LeakSanitizer hooks are built for.
pub(crate) const HOST_TRIPLE: &str = "x86_64-pc-linux-gnu";

/// The contents of an IR string literal (`"…"`, `c"…"`): printable ASCII as it is, `"`, `\`
/// and every other byte as `\XX`.
pub(crate) fn string_contents(text: impl AsRef<[u8]>) -> String {
    let bytes = text.as_ref();
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:02X}");
        }
    }
    out
}

/// A byte-array constant, `c"…"`.
pub(crate) fn byte_array(bytes: &[u8]) -> String {
    format!("c\"{}\"", string_contents(bytes))
}

/// `target datalayout` (when given) and `target triple` lines.
pub(crate) fn module_header(data_layout: Option<&str>, triple: &str) -> String {
    let mut out = String::new();
    if let Some(layout) = data_layout {
        let _ = writeln!(out, "target datalayout = \"{}\"", string_contents(layout));
    }
    let _ = writeln!(out, "target triple = \"{}\"", string_contents(triple));
    out
}

/// Appends a private constant byte array `@name` aligned to `align`; returns `@name`.
pub(crate) fn private_bytes(out: &mut String, name: &str, bytes: &[u8], align: u32) -> String {
    let _ = writeln!(
        out,
        "@{name} = private unnamed_addr constant [{} x i8] {}, align {align}",
        bytes.len(),
        byte_array(bytes)
    );
    format!("@{name}")
}

/// Parses `text` into a module of `ctx`; `name` is the module's identifier (LLVM's messages
/// and the object's file symbol name it).
pub(crate) fn parse<'c>(ctx: &'c Context, text: String, name: &str) -> Result<Module<'c>, String> {
    ctx.parse_ir(text.into_bytes(), name)
}

/// A position-independent host object from `text`, parsed and verified first.
pub(crate) fn host_object(text: String, name: &str) -> Result<Vec<u8>, String> {
    let ctx = Context::new();
    let mut module = parse(&ctx, text, name)?;
    module.verify()?;
    module.emit_pic_object(HOST_TRIPLE)
}

/// A host object defining each `(function, text)` as a weak function returning `text`,
/// NUL-terminated (hooks such as LeakSanitizer's `__lsan_default_suppressions`; weak, so a
/// program's own definitions win). `name` names the module.
pub fn string_hooks_object(name: &str, hooks: &[(&str, &str)]) -> Result<Vec<u8>, String> {
    let mut text = module_header(None, HOST_TRIPLE);
    for (function, value) in hooks {
        let mut bytes = value.as_bytes().to_vec();
        bytes.push(0);
        let global = private_bytes(&mut text, &format!("{function}.text"), &bytes, 1);
        let _ = writeln!(
            text,
            "define weak ptr @{function}() {{\n  ret ptr {global}\n}}"
        );
    }
    host_object(text, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_stays_and_the_rest_is_escaped() {
        assert_eq!(string_contents("a b~"), "a b~");
        assert_eq!(
            string_contents(b"a\"\\\x00\x1f\x7f\xff"),
            "a\\22\\5C\\00\\1F\\7F\\FF"
        );
        assert_eq!(byte_array(b"x\n"), "c\"x\\0A\"");
    }

    #[test]
    fn every_byte_reads_back_from_a_parsed_constant() {
        let bytes: Vec<u8> = (0..=255).collect();
        let mut text = module_header(None, HOST_TRIPLE);
        private_bytes(&mut text, "all", &bytes, 8);
        let ctx = Context::new();
        let module = parse(&ctx, text, "test").expect("parses");
        let global = module
            .globals()
            .into_iter()
            .find(|g| g.as_value().name() == "all")
            .expect("@all");
        let value = global.initializer().and_then(|v| v.const_bytes());
        assert_eq!(value, Some(bytes));
    }

    #[test]
    fn attribute_strings_read_back_unchanged() {
        let id = "dir with \"quotes\"\\é\t/a.cpp";
        let text = format!(
            "{}define void @f() #0 {{\n  ret void\n}}\nattributes #0 = {{ \"sycl-module-id\"=\"{}\" }}\n",
            module_header(
                Some("e-m:e-i64:64-n8:16:32:64-S128"),
                "spir64-unknown-unknown"
            ),
            string_contents(id)
        );
        let ctx = Context::new();
        let module = parse(&ctx, text, "test").expect("parses");
        assert_eq!(module.triple(), "spir64-unknown-unknown");
        assert_eq!(module.data_layout(), "e-m:e-i64:64-n8:16:32:64-S128");
        let f = module.get_function("f").expect("@f");
        assert_eq!(f.string_attribute("sycl-module-id").as_deref(), Some(id));
    }

    #[test]
    fn hooks_object_equals_the_object_of_hand_written_ir() {
        // The same module spelt by hand, every byte escaped: the escaping must not matter.
        let hand = "target triple = \"x86_64-pc-linux-gnu\"\n\
                    @h.text = private unnamed_addr constant [4 x i8] c\"\\61\\22\\0A\\00\", align 1\n\
                    define weak ptr @h() {\n  ret ptr @h.text\n}\n";
        let expected = host_object(hand.to_string(), "hooks").expect("hand-written object");
        let object = string_hooks_object("hooks", &[("h", "a\"\n")]).expect("object");
        assert_eq!(object, expected);
        assert_eq!(&object[..4], b"\x7fELF");
    }

    #[test]
    fn text_llvm_refuses_is_an_error() {
        let ctx = Context::new();
        assert!(parse(&ctx, "define void @f( {".to_string(), "bad").is_err());
        assert!(host_object("define i32 @f() {\n  ret void\n}\n".to_string(), "bad").is_err());
    }
}
