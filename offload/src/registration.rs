//! The registration object: device images laid out as `libsycl.so.9` reads them, registered by
//! a global constructor calling `__sycl_register_lib` (and unregistered at exit).
//!
//! Layouts (x86-64; accepted by Intel's runtime 2026.2, see docs/design-notes.md, offload):
//! binary descriptor `{i16 version 1, i16 count, ptr images, ptr null, ptr null}`; device image
//! version 3 `{i16 3, i8 kind 8 (SYCL), i8 format, ptr target, ptr compile options,
//! ptr link options, ptr begin, ptr end, ptr entries begin/end, ptr property sets begin/end}`;
//! offload entry `{i64 0, i16 1, i16 8, i32 0, ptr null, ptr name, i64 0, i64 0, ptr null}`;
//! property set `{ptr name, ptr begin, ptr end}`; property `{ptr name, ptr value, i32 type,
//! i64 size}` (UINT32 values live in `size` with a null `value`). Format 2 (SPIR-V) with
//! target `spir64` is JIT code; format 1 (native) with target `spir64_x86_64` is a CPU
//! program binary built ahead of time, which the runtime creates with
//! `urProgramCreateWithBinary` and whose spec constants it only emulates (as DPC++ registers
//! `-fsycl-targets=spir64_x86_64` images).
//!
//! The module is written as LLVM IR text (`ir_text`) and compiled in process; LLVM checks it
//! on parsing. It also carries the program's way around a runtime deadlock between
//! `sycl::reduction` and `sycl::stream` (`reduction_resources`).

use std::fmt::Write as _;

mod reduction_resources;

use crate::device::{DeviceImage, ImageFormat};
use crate::ir_text::{self, HOST_TRIPLE};
use crate::prop::{self, PropValue};

/// A section every registration object has: a link that finds it in an input knows the
/// input already registers device images (`sycl-clang++ -fsycl-link`'s output), and must not
/// register the same images a second time.
pub(crate) const REGISTERED_IMAGES_SECTION: &str = ".sycl_specconst.registered_images";

/// Options the runtime passes on when it builds (`compile`) and links (`link`) an image's
/// device code: DPC++'s `-Xsycl-target-backend` and `-Xsycl-target-linker`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildOptions {
    pub compile: String,
    pub link: String,
}

/// An ELF object for the host registering `images`, built by the runtime with `options`.
pub fn registration_object_with_options(
    images: &[DeviceImage],
    options: &BuildOptions,
) -> Result<Vec<u8>, String> {
    let text = registration_ir_with_options(images, options);
    ir_text::host_object(text, "sycl-specconst registration")
}

/// A private NUL-terminated string global; returns its name.
fn string_global(out: &mut String, name: &str, value: &str) -> String {
    let mut bytes = value.as_bytes().to_vec();
    bytes.push(0);
    ir_text::private_bytes(out, name, &bytes, 1)
}

/// `ptr` one past the end of array global `name` of `len` elements of `ty`.
fn end_of(name: &str, ty: &str, len: usize) -> String {
    format!("getelementptr inbounds ([{len} x {ty}], ptr {name}, i64 1)")
}

pub(crate) fn registration_ir_with_options(
    images: &[DeviceImage],
    options: &BuildOptions,
) -> String {
    let mut out = ir_text::module_header(None, HOST_TRIPLE);
    out.push('\n');
    out.push_str(
        "%image = type { i16, i8, i8, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr }\n\
         %descriptor = type { i16, i16, ptr, ptr, ptr }\n\
         %entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }\n\
         %set = type { ptr, ptr, ptr }\n\
         %property = type { ptr, ptr, i32, i64 }\n\n",
    );
    let options = (
        string_global(&mut out, "compile_options", &options.compile),
        string_global(&mut out, "link_options", &options.link),
    );
    let _ = writeln!(
        out,
        "@registered = internal constant [1 x i8] zeroinitializer, section \"{REGISTERED_IMAGES_SECTION}\", align 1\n\
         @llvm.compiler.used = appending global [1 x ptr] [ptr @registered], section \"llvm.metadata\""
    );
    let image_rows: Vec<String> = images
        .iter()
        .enumerate()
        .map(|(i, image)| image_row(&mut out, i, image, &options))
        .collect();
    let images_array = array_global(&mut out, "images", "%image", &image_rows);
    let _ = writeln!(
        out,
        "@descriptor = private constant %descriptor {{ i16 1, i16 {}, ptr {}, ptr null, ptr null }}\n\
         @llvm.global_ctors = appending global [1 x {{ i32, ptr, ptr }}] [{{ i32, ptr, ptr }} {{ i32 1, ptr @register, ptr null }}]\n\
         @llvm.global_dtors = appending global [2 x {{ i32, ptr, ptr }}] [{{ i32, ptr, ptr }} {{ i32 1, ptr @unregister, ptr null }}, {{ i32, ptr, ptr }} {{ i32 2, ptr {}, ptr null }}]\n\n\
         declare void @__sycl_register_lib(ptr)\n\
         declare void @__sycl_unregister_lib(ptr)\n\n\
         define internal void @register() {{\n  call void @__sycl_register_lib(ptr @descriptor)\n  ret void\n}}\n\n\
         define internal void @unregister() {{\n  call void @__sycl_unregister_lib(ptr @descriptor)\n  ret void\n}}",
        images.len(),
        images_array.0,
        reduction_resources::AT_EXIT
    );
    out.push_str(&reduction_resources::definitions());
    out
}

/// Image `i`'s globals (code, kernel names, property sets) and its `%image` row.
fn image_row(
    out: &mut String,
    i: usize,
    image: &DeviceImage,
    (compile_options, link_options): &(String, String),
) -> String {
    let target = string_global(out, &format!("image{i}.target"), image.target.name());
    // `sycl_device_binary_type`: 1 native, 2 SPIR-V.
    let format = match image.format {
        ImageFormat::Native => 1,
        ImageFormat::SpirV => 2,
    };
    let code = ir_text::private_bytes(out, &format!("image{i}.code"), &image.code, 8);
    let mut entry_rows = Vec::new();
    for (k, kernel) in image.kernels.iter().enumerate() {
        let name = string_global(out, &format!("image{i}.kernel{k}"), kernel);
        entry_rows.push(format!(
            "%entry {{ i64 0, i16 1, i16 8, i32 0, ptr null, ptr {name}, i64 0, i64 0, ptr null }}"
        ));
    }
    let entries = array_global(out, &format!("image{i}.entries"), "%entry", &entry_rows);
    let set_rows: Vec<String> = image
        .property_sets
        .sets()
        .enumerate()
        .map(|(s, (set_name, props))| set_row(out, &format!("image{i}.set{s}"), set_name, props))
        .collect();
    let sets = array_global(out, &format!("image{i}.sets"), "%set", &set_rows);
    format!(
        "%image {{ i16 3, i8 8, i8 {format}, ptr {target}, ptr {compile_options}, ptr {link_options}, \
         ptr {code}, ptr {}, ptr {}, ptr {}, ptr {}, ptr {} }}",
        end_of(&code, "i8", image.code.len()),
        entries.0,
        entries.1,
        sets.0,
        sets.1
    )
}

/// A property set's globals (its name, each property's name and value) and its `%set` row.
fn set_row(
    out: &mut String,
    label_base: &str,
    set_name: &str,
    props: &[(String, PropValue)],
) -> String {
    let set_label = string_global(out, label_base, set_name);
    let mut prop_rows = Vec::new();
    for (p, (prop_name, value)) in props.iter().enumerate() {
        let label = string_global(out, &format!("{label_base}.prop{p}"), prop_name);
        let row = match value {
            // `_pi_device_binary_property_struct` types: 1 UINT32, 2 BYTE_ARRAY.
            PropValue::U32(n) => format!("%property {{ ptr {label}, ptr null, i32 1, i64 {n} }}"),
            PropValue::Bytes(data) => {
                let raw = prop::byte_array_raw(data);
                let v = ir_text::private_bytes(out, &format!("{label_base}.value{p}"), &raw, 8);
                format!(
                    "%property {{ ptr {label}, ptr {v}, i32 2, i64 {} }}",
                    raw.len()
                )
            }
        };
        prop_rows.push(row);
    }
    let props = array_global(out, &format!("{label_base}.props"), "%property", &prop_rows);
    format!(
        "%set {{ ptr {set_label}, ptr {}, ptr {} }}",
        props.0, props.1
    )
}

/// A private constant array of `rows`; returns (begin, end) pointer expressions.
fn array_global(out: &mut String, name: &str, ty: &str, rows: &[String]) -> (String, String) {
    let _ = writeln!(
        out,
        "@{name} = private constant [{} x {ty}] [{}]",
        rows.len(),
        rows.join(", ")
    );
    let begin = format!("@{name}");
    let end = end_of(&begin, ty, rows.len());
    (begin, end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ImageTarget;
    use crate::prop::PropertySets;

    #[test]
    fn object_for_one_image_compiles() {
        let mut sets = PropertySets::default();
        sets.add("SYCL/misc properties", "flag", PropValue::U32(7));
        sets.add(
            "SYCL/specialization constants",
            "id",
            PropValue::Bytes(vec![1, 2, 3]),
        );
        let image = DeviceImage {
            target: ImageTarget::Spir64,
            format: ImageFormat::SpirV,
            code: vec![0x07, 0x23, 0x02, 0x03],
            property_sets: sets,
            kernels: vec!["_ZTS1K".into()],
        };
        let options = BuildOptions::default();
        let ir = registration_ir_with_options(std::slice::from_ref(&image), &options);
        assert!(ir.contains("i32 1, i64 7 }"), "{ir}");
        // 8-byte bit count (24 bits) before the data.
        assert!(
            ir.contains("c\"\\18\\00\\00\\00\\00\\00\\00\\00\\01\\02\\03\""),
            "{ir}"
        );
        let object = registration_object_with_options(&[image], &options).expect("object");
        assert_eq!(&object[..4], b"\x7fELF");
    }

    #[test]
    fn native_cpu_images_are_registered_as_dpcpp_does() {
        let image = |target, format| DeviceImage {
            target,
            format,
            code: vec![1, 2],
            property_sets: PropertySets::default(),
            kernels: vec!["_ZTS1K".into()],
        };
        let ir = registration_ir_with_options(
            &[
                image(ImageTarget::Spir64, ImageFormat::SpirV),
                image(ImageTarget::Spir64X86_64, ImageFormat::Native),
            ],
            &BuildOptions::default(),
        );
        assert!(
            ir.contains("@image0.target = private unnamed_addr constant [7 x i8] c\"spir64\\00\""),
            "{ir}"
        );
        assert!(ir.contains("c\"spir64_x86_64\\00\""), "{ir}");
        assert!(
            ir.contains("%image { i16 3, i8 8, i8 2, ptr @image0.target,"),
            "{ir}"
        );
        assert!(
            ir.contains("%image { i16 3, i8 8, i8 1, ptr @image1.target,"),
            "{ir}"
        );
    }

    /// PTX for the CUDA adapter: target `nvptx64`, native format (1), the code with its NUL.
    #[test]
    fn nvptx_images_are_registered_as_native_nvptx64_code() {
        let image = DeviceImage {
            target: ImageTarget::Nvptx64,
            format: ImageFormat::Native,
            code: b".version 7.8\0".to_vec(),
            property_sets: PropertySets::default(),
            kernels: vec!["_ZTS1K".into()],
        };
        let ir = registration_ir_with_options(&[image], &BuildOptions::default());
        assert!(
            ir.contains("@image0.target = private unnamed_addr constant [8 x i8] c\"nvptx64\\00\""),
            "{ir}"
        );
        assert!(
            ir.contains("%image { i16 3, i8 8, i8 1, ptr @image0.target,"),
            "{ir}"
        );
        assert!(ir.contains("c\".version 7.8\\00\""), "{ir}");
        assert!(
            ir.contains("getelementptr inbounds ([13 x i8], ptr @image0.code, i64 1)"),
            "{ir}"
        );
    }
}
