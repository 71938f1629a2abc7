//! NVPTX links run without libtest's harness (`harness = false`), one after the other on the
//! main thread: a link that builds SPIR-V images too emits them in forked children
//! (`post_link::isolate`), which is refused while other threads run. CUDA's own libdevice is
//! linked here as well, beside that.

use std::path::PathBuf;

use offload::device::{
    DeviceImage, DeviceInputs, ImageFormat, ImageTarget, NvptxTarget, Targets, build_images,
};
use offload::{Mode, Split};

#[path = "../src/device/nvptx/test_modules.rs"]
mod test_modules;
use test_modules::*;

fn target(libdevice: PathBuf) -> NvptxTarget {
    NvptxTarget {
        arch: "sm_90".into(),
        ptx_feature: "+ptx78".into(),
        libdevice,
        explicit_arch: false,
        specialise: false,
    }
}

fn ptx(image: &DeviceImage) -> &str {
    let text = image.code.strip_suffix(b"\0").expect("PTX ends in a NUL");
    std::str::from_utf8(text).expect("PTX is text")
}

/// With CUDA's own libdevice (`scripts/setup`): `__nv_sinf` is linked, internal, and the PTX
/// passes ptxas.
fn cudas_libdevice_links_and_ptxas_accepts_the_ptx() {
    let Some(libdevice) = cuda_file("nvvm/libdevice/libdevice.10.bc") else {
        eprintln!("skipped: no .cache/cuda-nvcc/nvvm/libdevice/libdevice.10.bc (scripts/setup)");
        return;
    };
    let scratch = Scratch::new("libdevice");
    let inputs = DeviceInputs {
        spir64: Vec::new(),
        nvptx64: vec![
            ("a.o".into(), first_tu().into_bytes()),
            ("b.o".into(), second_tu().into_bytes()),
        ],
    };
    let targets = Targets {
        spirv: None,
        cpu_ahead_of_time: false,
        nvptx: Some(target(libdevice)),
    };
    let (images, _) = build_images(inputs, targets, Split::None, "1.0").expect("links");
    // One image: libdevice's code (its sinf has a double-precision path) is linked after the
    // requirements are read, so it splits nothing off.
    assert_eq!(images.len(), 1);
    assert_eq!(images[0].format, ImageFormat::Native);
    assert!(
        images[0]
            .property_sets
            .write()
            .contains("[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"),
        "no aspects"
    );
    let ptx = ptx(&images[0]);
    assert!(!ptx.contains(".extern .func"), "{ptx}");
    assert!(
        !ptx.contains(".visible .func"),
        "libdevice's functions are internal: {ptx}"
    );
    assert!(!ptx.contains("__nv_cosf"), "{ptx}");
    assert!(!ptx.contains("__nvvm_reflect"), "{ptx}");
    // libdevice's sinf has a slow path (Payne-Hanek reduction) through a table in global
    // memory; it is the image's own.
    assert!(
        ptx.contains(".global .align 4 .b8 __cudart_i2opi_f"),
        "{ptx}"
    );
    check_with_ptxas(ptx, &scratch);
}

/// spir64 and nvptx64 inputs: the SPIR-V images first, then the PTX images.
fn spir64_and_nvptx64_inputs_give_images_of_both_in_order() {
    let scratch = Scratch::new("both");
    let libdevice = scratch.write("libdevice.ll", FAKE_LIBDEVICE);
    let spir = "target triple = \"spir64-unknown-unknown\"\n\
                define spir_kernel void @_ZTS1S() {\n  ret void\n}\n";
    let inputs = DeviceInputs {
        spir64: vec![("s.o".into(), spir.as_bytes().to_vec())],
        nvptx64: vec![("n.o".into(), second_tu().into_bytes())],
    };
    let targets = Targets {
        spirv: Some(Mode::Native),
        cpu_ahead_of_time: false,
        nvptx: Some(target(libdevice)),
    };
    let (images, times) = build_images(inputs, targets, Split::None, "1.0").expect("links");
    let order: Vec<(ImageTarget, ImageFormat)> =
        images.iter().map(|i| (i.target, i.format)).collect();
    assert_eq!(
        order,
        [
            (ImageTarget::Spir64, ImageFormat::SpirV),
            (ImageTarget::Nvptx64, ImageFormat::Native)
        ]
    );
    assert_eq!(images[0].kernels, ["_ZTS1S"]);
    assert_eq!(images[1].kernels, ["_ZTS5Local"]);
    let steps: Vec<&str> = times.iter().map(|(step, _)| *step).collect();
    assert!(
        steps.contains(&"SPIR-V") && steps.contains(&"PTX"),
        "{steps:?}"
    );
}

fn main() {
    cudas_libdevice_links_and_ptxas_accepts_the_ptx();
    spir64_and_nvptx64_inputs_give_images_of_both_in_order();
    println!("nvptx_images: 2 passed");
}
