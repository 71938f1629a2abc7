//! The integration header: `sycl::detail::KernelInfoData<'_','Z',…>` for every kernel, as
//! Intel's `<sycl/detail/kernel_desc.hpp>` reads it when the compiler has no kernel builtins.
//! In two parts: the macros that must come first ([`integration_header_prelude`]) and the
//! kernel descriptions ([`kernel_descriptions`]), which `sycl-clang++` delivers with the
//! footer so that the host compile need not wait for the device compile.
//!
//! Every kernel is keyed by the characters of its unique stable name (what
//! `__builtin_sycl_unique_stable_name` gives on the host, which stock clang has in SYCL host
//! mode, and what the device kernel is called). With `__SYCL_UNNAMED_LAMBDA__`, Intel's
//! `KernelInfo<T>` looks every kernel up that way, so neither kernel name types nor lambdas need
//! declaring here. A pure function of its input.

use std::fmt::Write as _;

use model::kernel_abi::{DeviceKernel, ParamDescriptor};

/// What the runtime needs of one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    /// The kernel: its name, object and descriptors (`model::kernel_abi`).
    pub kernel: DeviceKernel,
    /// Where the kernel is, for the runtime's diagnostics (debug builds only, as in DPC++).
    pub location: Option<KernelLocation>,
}

/// A kernel's source location as the integration header reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelLocation {
    /// The file's name (DPC++ writes the base name).
    pub file: String,
    /// The kernel name as written, for named kernels.
    pub function: String,
    pub line: u32,
    pub column: u32,
}

/// Macros the host compile needs before any SYCL header: the lookup of kernels by unique
/// stable name, and no range-rounding kernels (the device compile does not build them either).
pub const HOST_MACROS: &[(&str, &str)] = &[
    ("__SYCL_UNNAMED_LAMBDA__", "1"),
    ("__SYCL_DISABLE_PARALLEL_FOR_RANGE_ROUNDING__", "1"),
];

/// What must precede everything in the host compile: the macros (force-included).
pub fn integration_header_prelude() -> String {
    let mut out = String::from("// Integration header written by sycl-clang++.\n#pragma once\n");
    for (name, value) in HOST_MACROS {
        let _ = writeln!(out, "#ifndef {name}\n#define {name} {value}\n#endif");
    }
    out
}

/// The first line of [`kernel_descriptions`]: the header declaring what they specialise.
pub const KERNEL_DESC_INCLUDE: &str = "#include <sycl/detail/kernel_desc.hpp>\n";

/// The kernel descriptions: valid anywhere before the first implicit instantiation of their
/// `KernelInfoData`, which clang performs at the end of the TU (kernel launches are function
/// templates), so they may follow the source, with the footer.
pub fn kernel_descriptions(kernels: &[KernelInfo]) -> String {
    let descriptors: Vec<Vec<ParamDescriptor>> =
        kernels.iter().map(|k| k.kernel.descriptors()).collect();
    let mut out = String::from(KERNEL_DESC_INCLUDE);
    out.push_str("\nnamespace sycl {\ninline namespace _V1 {\nnamespace detail {\n");
    if descriptors.iter().any(|params| !params.is_empty()) {
        out.push_str(
            "static constexpr const kernel_param_desc_t __sycl_specconst_kernel_params[] = {\n",
        );
        for (k, params) in kernels.iter().zip(&descriptors) {
            let _ = writeln!(out, "  // {}", k.kernel.name);
            for p in params {
                let _ = writeln!(
                    out,
                    "  {{kernel_param_kind_t::{}, {}, {}}},",
                    p.kind.spelling(),
                    p.info,
                    p.offset
                );
            }
        }
        out.push_str("};\n");
    }
    let mut first_param = 0usize;
    for (k, params) in kernels.iter().zip(&descriptors) {
        out.push_str("\ntemplate <> struct KernelInfoData<");
        for (i, ch) in k.kernel.name.chars().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "'{}'", char_literal(ch));
        }
        let _ = write!(
            out,
            "> {{\n  static constexpr unsigned getNumParams() {{ return {}; }}\n",
            params.len()
        );
        if params.is_empty() {
            out.push_str(
                "  static constexpr const kernel_param_desc_t &getParamDesc(int) { return Empty; }\n",
            );
        } else {
            let _ = writeln!(
                out,
                "  static constexpr const kernel_param_desc_t &getParamDesc(int i) {{\n    \
                 return __sycl_specconst_kernel_params[{first_param} + i];\n  }}"
            );
        }
        let _ = writeln!(
            out,
            "  static constexpr const char *getName() {{ return \"{}\"; }}\n  \
             static constexpr bool isESIMD() {{ return false; }}",
            k.kernel.name
        );
        write_location(&mut out, k.location.as_ref());
        let _ = writeln!(
            out,
            "  static constexpr int64_t getKernelSize() {{ return {}; }}",
            k.kernel.layout.object_size
        );
        if params.is_empty() {
            out.push_str("\nprivate:\n  static constexpr kernel_param_desc_t Empty{};\n");
        }
        out.push_str("};\n");
        first_param += params.len();
    }
    out.push_str("} // namespace detail\n} // namespace _V1\n} // namespace sycl\n");
    out
}

/// The location getters: the kernel's place with assertions on, nothing under `NDEBUG` (as
/// DPC++ writes them: release builds carry no file names).
fn write_location(out: &mut String, location: Option<&KernelLocation>) {
    let Some(at) = location else {
        out.push_str(
            "  static constexpr const char *getFileName() { return \"\"; }\n  \
             static constexpr const char *getFunctionName() { return \"\"; }\n  \
             static constexpr unsigned getLineNumber() { return 0; }\n  \
             static constexpr unsigned getColumnNumber() { return 0; }\n",
        );
        return;
    };
    let _ = write!(
        out,
        "#ifndef NDEBUG\n  \
         static constexpr const char *getFileName() {{ return \"{}\"; }}\n  \
         static constexpr const char *getFunctionName() {{ return \"{}\"; }}\n  \
         static constexpr unsigned getLineNumber() {{ return {}; }}\n  \
         static constexpr unsigned getColumnNumber() {{ return {}; }}\n\
         #else\n  \
         static constexpr const char *getFileName() {{ return \"\"; }}\n  \
         static constexpr const char *getFunctionName() {{ return \"\"; }}\n  \
         static constexpr unsigned getLineNumber() {{ return 0; }}\n  \
         static constexpr unsigned getColumnNumber() {{ return 0; }}\n\
         #endif\n",
        string_literal_contents(&at.file),
        string_literal_contents(&at.function),
        at.line,
        at.column
    );
}

/// Text for inside a C++ string literal: quotes, backslashes and non-printable bytes escaped
/// (octal, which cannot run into a following digit the way `\x` does).
fn string_literal_contents(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' && b != b'?' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:03o}");
        }
    }
    out
}

/// Mangled names are `[A-Za-z0-9_$.]`; anything else is escaped so the header always compiles.
fn char_literal(ch: char) -> String {
    if ch.is_ascii_alphanumeric() || matches!(ch, '_' | '$' | '.') {
        ch.to_string()
    } else {
        format!("\\x{:02x}", ch as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::kernel_abi::{ArgumentKind, KernelArgument, KernelLayout};

    fn kernel(name: &str, object_size: u64, arguments: &[(u64, ArgumentKind)]) -> KernelInfo {
        let arguments = arguments
            .iter()
            .map(|(offset, kind)| KernelArgument {
                offset: *offset,
                kind: kind.clone(),
            })
            .collect();
        KernelInfo {
            kernel: DeviceKernel {
                name: name.into(),
                layout: KernelLayout {
                    object_size,
                    arguments,
                },
                spec_constants_buffer: false,
            },
            location: None,
        }
    }

    #[test]
    fn one_kernel_one_std_layout_argument() {
        let text = kernel_descriptions(&[kernel(
            "_ZTS2KN",
            16,
            &[(0, ArgumentKind::Bytes { size: 16 })],
        )]);
        assert!(text.contains("struct KernelInfoData<'_', 'Z', 'T', 'S', '2', 'K', 'N'>"));
        assert!(text.contains("{kernel_param_kind_t::kind_std_layout, 16, 0},"));
        assert!(text.contains("return __sycl_specconst_kernel_params[0 + i];"));
        assert!(text.contains("getKernelSize() { return 16; }"));
        assert!(integration_header_prelude().contains("#define __SYCL_UNNAMED_LAMBDA__ 1"));
    }

    #[test]
    fn a_stream_is_described_as_dpcpp_does() {
        // DPC++'s integration header: kind_stream, sizeof(sycl::stream), its offset.
        let text = kernel_descriptions(&[kernel(
            "_ZTS1S",
            152,
            &[(8, ArgumentKind::Stream { size: 144 })],
        )]);
        assert!(text.contains("{kernel_param_kind_t::kind_stream, 144, 8},"));
    }

    #[test]
    fn the_spec_constant_buffer_comes_last() {
        let mut info = kernel("_ZTS1E", 8, &[(0, ArgumentKind::Pointer)]);
        info.kernel.spec_constants_buffer = true;
        let text = kernel_descriptions(&[info]);
        assert!(text.contains(
            "{kernel_param_kind_t::kind_pointer, 8, 0},\n  \
             {kernel_param_kind_t::kind_specialization_constants_buffer, 0, 0},\n};"
        ));
        assert!(text.contains("getNumParams() { return 2; }"));
    }

    #[test]
    fn second_kernel_indexes_after_the_first() {
        let two = [
            (0, ArgumentKind::Bytes { size: 8 }),
            (8, ArgumentKind::Bytes { size: 8 }),
        ];
        let text = kernel_descriptions(&[kernel("_ZTS1A", 16, &two), kernel("_ZTS1B", 16, &two)]);
        assert!(text.contains("__sycl_specconst_kernel_params[2 + i]"));
    }

    #[test]
    fn locations_only_without_ndebug_and_escaped() {
        let mut info = kernel("_ZTS1K", 1, &[]);
        info.location = Some(KernelLocation {
            file: "we\"ird?.cpp".into(),
            function: "K".into(),
            line: 12,
            column: 34,
        });
        let text = kernel_descriptions(&[info]);
        assert!(text.contains(
            "#ifndef NDEBUG\n  static constexpr const char *getFileName() { return \"we\\042ird\\077.cpp\"; }"
        ));
        assert!(text.contains("getFunctionName() { return \"K\"; }"));
        assert!(text.contains("getLineNumber() { return 12; }"));
        assert!(text.contains("getColumnNumber() { return 34; }\n#else\n"));
        assert!(text.contains("getParamDesc(int) { return Empty; }"));
    }

    #[test]
    fn no_kernels_still_compiles_as_a_header() {
        let text = kernel_descriptions(&[]);
        assert!(!text.contains("__sycl_specconst_kernel_params"));
        assert!(text.ends_with("} // namespace sycl\n"));
    }
}
