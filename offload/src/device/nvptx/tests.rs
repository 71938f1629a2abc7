//! `build_images` for NVPTX on hand-written device modules shaped as the wrappers write them
//! (a `<kernel>` and a `<kernel>_with_offset` entry around an internal body).

use std::path::PathBuf;

use super::test_modules::*;
use super::*;
use crate::device::{DeviceInputs, Targets, build_images};

fn target(libdevice: PathBuf, explicit_arch: bool) -> NvptxTarget {
    NvptxTarget {
        arch: "sm_90".into(),
        ptx_feature: "+ptx78".into(),
        libdevice,
        explicit_arch,
        specialise: false,
    }
}

fn nvptx_link(
    tus: Vec<String>,
    target: NvptxTarget,
    split: Split,
) -> Result<Vec<DeviceImage>, DeviceError> {
    let inputs = DeviceInputs {
        spir64: Vec::new(),
        nvptx64: tus
            .into_iter()
            .enumerate()
            .map(|(i, text)| (format!("{i}.o"), text.into_bytes()))
            .collect(),
    };
    let targets = Targets {
        spirv: None,
        cpu_ahead_of_time: false,
        nvptx: Some(target),
    };
    build_images(inputs, targets, split, "1.0").map(|(images, _)| images)
}

fn ptx(image: &DeviceImage) -> &str {
    let text = image.code.strip_suffix(b"\0").expect("PTX ends in a NUL");
    std::str::from_utf8(text).expect("PTX is text")
}

#[test]
fn two_tus_link_into_one_ptx_image_with_offset_entries_only_where_read() {
    let scratch = Scratch::new("two-tus");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let images = nvptx_link(
        vec![first_tu(), second_tu()],
        target(libdevice, false),
        Split::None,
    )
    .expect("links");
    assert_eq!(images.len(), 1);
    let image = &images[0];
    assert_eq!(image.target, ImageTarget::Nvptx64);
    assert_eq!(image.target.name(), "nvptx64");
    assert_eq!(image.format, ImageFormat::Native);
    assert_eq!(image.code.iter().filter(|&&b| b == 0).count(), 1);
    assert_eq!(image.kernels, ["_ZTS7Offsets", "_ZTS4Spec", "_ZTS5Local"]);
    let ptx = ptx(image);
    for entry in [
        "_ZTS7Offsets",
        "_ZTS7Offsets_with_offset",
        "_ZTS4Spec",
        "_ZTS5Local",
    ] {
        assert!(
            ptx.contains(&format!(".visible .entry {entry}(")),
            "{entry}: {ptx}"
        );
    }
    assert!(!ptx.contains("_ZTS4Spec_with_offset"), "{ptx}");
    assert!(!ptx.contains("_ZTS5Local_with_offset"), "{ptx}");
    assert!(ptx.contains(".target sm_90"), "{ptx}");
    assert!(
        ptx.contains(".extern .shared .align 16 .b8 __sycl_specconst_nvptx_dynamic_shared[]"),
        "{ptx}"
    );
    // Inlined into both entries, the body reads the offset each stored: the shared variable
    // is gone, and the `_with_offset` entry reads its last parameter.
    assert!(
        !ptx.contains("__sycl_specconst_nvptx_global_offset_value"),
        "{ptx}"
    );
    assert!(ptx.contains("[_ZTS7Offsets_with_offset_param_1]"), "{ptx}");
    // Everything called is defined (libdevice's helper inlined or internal), the unused
    // libdevice function is gone.
    assert!(!ptx.contains(".extern .func"), "{ptx}");
    assert!(!ptx.contains("__nv_cosf"), "{ptx}");
    assert!(!ptx.contains("__nvvm_reflect"), "{ptx}");
    let sets = image.property_sets.write();
    assert!(
        sets.contains("[SYCL/specialization constants]\nuid_spec=2|"),
        "{sets}"
    );
    assert!(!sets.contains("compile_target"), "{sets}");
    check_with_ptxas(ptx, &scratch);
}

/// A body the optimiser does not inline reads the offset from the shared variable, which the
/// link defined once, in the image, and not visible outside it.
#[test]
fn a_body_not_inlined_reads_the_shared_global_offset() {
    let scratch = Scratch::new("shared");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let text = first_tu().replace(
        "define internal void @_ZTS7Offsets.body(ptr addrspace(1) %out) {",
        "define internal void @_ZTS7Offsets.body(ptr addrspace(1) %out) noinline {",
    );
    let images = nvptx_link(vec![text], target(libdevice, false), Split::None).expect("links");
    let ptx = ptx(&images[0]);
    // (The optimiser keeps the one element read: `…_value_$_0`.)
    let shared = ptx
        .lines()
        .find(|l| l.contains("__sycl_specconst_nvptx_global_offset_value") && l.ends_with(';'))
        .expect("the variable's definition");
    assert!(shared.starts_with(".shared .align 4 "), "{ptx}");
    assert!(!ptx.contains(".visible .shared"), "{ptx}");
    assert!(!ptx.contains(".extern .shared"), "{ptx}");
    assert!(ptx.contains("ld.shared"), "{ptx}");
    check_with_ptxas(ptx, &scratch);
}

#[test]
fn the_spec_constant_is_read_from_the_buffer_parameter() {
    let scratch = Scratch::new("spec");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let images =
        nvptx_link(vec![first_tu()], target(libdevice, false), Split::PerKernel).expect("links");
    let spec = images
        .iter()
        .find(|i| i.kernels == ["_ZTS4Spec"])
        .expect("Spec's image");
    let ptx = ptx(spec);
    // The value is loaded through the buffer (the entry's second parameter), not a constant.
    assert!(ptx.contains("_ZTS4Spec_param_1"), "{ptx}");
    assert!(
        ptx.contains("ld.global.u32") || ptx.contains("ld.global.b32"),
        "{ptx}"
    );
    assert!(!ptx.contains("7;"), "the default is not folded in: {ptx}");
    assert!(
        spec.property_sets
            .write()
            .contains("[SYCL/specialization constants default values]\nall=2|"),
    );
}

/// Native spec constants (issue 32): the image reading the buffer carries its bitcode and
/// the buffer's parameter; its default-values twin follows it, 7 folded in; an image whose
/// kernels read no spec constant gets neither.
#[test]
fn native_spec_constants_add_bitcode_and_a_default_values_twin() {
    let scratch = Scratch::new("native");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let mut native = target(libdevice, false);
    native.specialise = true;
    let images = nvptx_link(vec![first_tu()], native, Split::PerKernel).expect("links");
    let kernels: Vec<&[String]> = images.iter().map(|i| i.kernels.as_slice()).collect();
    assert_eq!(
        kernels,
        [&["_ZTS7Offsets"][..], &["_ZTS4Spec"], &["_ZTS4Spec"]]
    );
    assert!(!images[0].is_specialisable());
    let (emulated, twin) = (&images[1], &images[2]);
    let (code, data) = model::specialisation::split_image(&emulated.code).expect("well formed");
    let data = data.expect("the emulated image carries its bitcode");
    assert_eq!(code, [emulated.ptx_text().expect("PTX"), b"\0"].concat());
    assert_eq!(data.values_len, 4);
    assert_eq!(
        (data.arch.as_str(), data.ptx_feature.as_str()),
        ("sm_90", "+ptx78")
    );
    let entries: Vec<(&str, u32)> = data
        .entries
        .iter()
        .map(|e| (e.kernel.as_str(), e.parameter))
        .collect();
    assert_eq!(entries, [("_ZTS4Spec", 1)]);
    // The emulated PTX is what it was without specialisation.
    let emulated_ptx = String::from_utf8_lossy(emulated.ptx_text().expect("PTX"));
    assert!(emulated_ptx.contains("ld.global"), "{emulated_ptx}");
    let twin_ptx = ptx(twin);
    assert!(!twin_ptx.contains("ld.global"), "{twin_ptx}");
    assert!(
        twin_ptx.contains("st.global.b32 \t[%rd1], 7;"),
        "{twin_ptx}"
    );
    let twin_sets = twin.property_sets.write();
    assert!(twin_sets.contains("[SYCL/misc properties]\nspecConstsReplacedWithDefault=1|1\n"));
    assert!(
        !twin_sets.contains("[SYCL/specialization constants"),
        "{twin_sets}"
    );
    // What the adapter does with it: another value, folded the same way.
    let specialised =
        specialise::specialise_image(&emulated.code, "_ZTS4Spec", &42i32.to_le_bytes())
            .expect("specialises");
    let text = String::from_utf8_lossy(&specialised.ptx);
    assert!(text.contains("st.global.b32 \t[%rd1], 42;"), "{text}");
    check_with_ptxas(text.trim_end_matches('\0'), &scratch);
    check_with_ptxas(twin_ptx, &scratch);
}

#[test]
fn a_split_keeps_each_offset_entry_with_its_kernel() {
    let scratch = Scratch::new("split");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let images = nvptx_link(
        vec![first_tu(), second_tu()],
        target(libdevice, false),
        Split::PerKernel,
    )
    .expect("links");
    let kernels: Vec<&[String]> = images.iter().map(|i| i.kernels.as_slice()).collect();
    assert_eq!(
        kernels,
        [&["_ZTS7Offsets"][..], &["_ZTS4Spec"], &["_ZTS5Local"]]
            .map(|k| k.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    );
    let offsets = ptx(&images[0]);
    assert!(
        offsets.contains(".visible .entry _ZTS7Offsets_with_offset("),
        "{offsets}"
    );
    assert!(!offsets.contains("_ZTS4Spec"), "{offsets}");
    for image in &images[1..] {
        assert!(!ptx(image).contains("_with_offset"), "{}", ptx(image));
    }
}

#[test]
fn an_explicit_architecture_is_the_images_compile_target() {
    let scratch = Scratch::new("arch");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let images =
        nvptx_link(vec![second_tu()], target(libdevice, true), Split::None).expect("links");
    let sets = images[0].property_sets.write();
    assert!(
        sets.contains("[SYCL/device requirements]\naspects=2|"),
        "{sets}"
    );
    let line = sets
        .lines()
        .find(|l| l.starts_with("compile_target=2|"))
        .expect("a compile_target property");
    // `nvidia_gpu_sm_90` as a byte array (Intel's base64 of its bit count and bytes).
    let mut one = crate::prop::PropertySets::default();
    one.add(
        "s",
        "compile_target",
        PropValue::Bytes(b"nvidia_gpu_sm_90".to_vec()),
    );
    assert!(one.write().contains(line), "{sets}");
}

#[test]
fn no_libdevice_is_read_when_no_libdevice_function_is_called() {
    let images = nvptx_link(
        vec![second_tu()],
        target(PathBuf::from("/nonexistent/libdevice.10.bc"), false),
        Split::None,
    )
    .expect("links without libdevice");
    assert_eq!(images[0].kernels, ["_ZTS5Local"]);
}

#[test]
fn a_missing_libdevice_is_named() {
    let error = nvptx_link(
        vec![first_tu()],
        target(PathBuf::from("/nonexistent/libdevice.10.bc"), false),
        Split::None,
    )
    .expect_err("libdevice is needed");
    assert!(
        error
            .to_string()
            .contains("cannot link libdevice (/nonexistent/libdevice.10.bc)"),
        "{error}"
    );
}

#[test]
fn an_undefined_function_is_refused_with_its_kernel() {
    let scratch = Scratch::new("undefined");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let text = second_tu().replace(
        "call void @llvm.nvvm.barrier0()",
        "call void @missing()\n  call void @llvm.nvvm.barrier0()",
    ) + "declare void @missing()\n";
    let error = nvptx_link(vec![text], target(libdevice, false), Split::None)
        .expect_err("@missing is defined nowhere");
    // `Local_with_offset` was dropped first: `Local` never reads the global offset.
    assert!(
        error
            .to_string()
            .starts_with("undefined device function 'missing', called from kernel 'Local': "),
        "{error}"
    );
}

/// A `__nv_*` function libdevice does not define is refused once libdevice is linked.
#[test]
fn a_function_libdevice_lacks_is_refused_with_its_kernel() {
    let scratch = Scratch::new("lacks");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let text = second_tu().replace(
        "call void @llvm.nvvm.barrier0()",
        "call void @__nv_nosuch()\n  call void @llvm.nvvm.barrier0()",
    ) + "declare void @__nv_nosuch()\n";
    let error = nvptx_link(vec![text], target(libdevice, false), Split::None)
        .expect_err("libdevice has no __nv_nosuch");
    assert!(
        error
            .to_string()
            .starts_with("undefined device function '__nv_nosuch', called from kernel 'Local': "),
        "{error}"
    );
}

#[test]
fn device_code_may_not_define_the_global_offset_itself() {
    let text = format!(
        "{HEADER}define i64 @__sycl_specconst_nvptx_global_offset(i32 %d) {{\n  ret i64 0\n}}\n\
         define ptx_kernel void @k(ptr addrspace(1) %out) {{\n  \
           %o = call i64 @__sycl_specconst_nvptx_global_offset(i32 0)\n  \
           store i64 %o, ptr addrspace(1) %out\n  ret void\n}}\n"
    );
    let error = nvptx_link(
        vec![text],
        target(PathBuf::from("/nonexistent"), false),
        Split::None,
    )
    .expect_err("a second definition");
    assert!(
        error
            .to_string()
            .contains("sycl-clang++ defines at the link"),
        "{error}"
    );
}

#[test]
fn the_same_inputs_give_the_same_bytes() {
    let scratch = Scratch::new("same");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let link = || {
        nvptx_link(
            vec![first_tu(), second_tu()],
            target(libdevice.clone(), true),
            Split::None,
        )
        .expect("links")
    };
    let (a, b) = (link(), link());
    assert_eq!(a[0].code, b[0].code);
    assert_eq!(a[0].property_sets.write(), b[0].property_sets.write());
}

#[test]
fn private_arrays_need_ptx_7_3_and_sm_52() {
    let target = |arch: &str, ptx: &str| NvptxTarget {
        arch: arch.into(),
        ptx_feature: ptx.into(),
        libdevice: PathBuf::new(),
        explicit_arch: true,
        specialise: false,
    };
    assert_eq!(
        dynamic_alloca_feature(&target("sm_60", "+ptx63"), false).expect("no arrays"),
        None
    );
    assert_eq!(
        dynamic_alloca_feature(&target("sm_60", "+ptx63"), true).expect("sm_60"),
        Some("+ptx73".to_string())
    );
    assert_eq!(
        dynamic_alloca_feature(&target("sm_90a", "+ptx80"), true).expect("sm_90a"),
        None
    );
    let refused = dynamic_alloca_feature(&target("sm_50", "+ptx63"), true).expect_err("sm_50");
    assert!(
        refused.to_string().contains("needs sm_52 or later"),
        "{refused}"
    );
}
