//! Ahead-of-time images for the OpenCL CPU device (`-fsycl-targets=spir64_x86_64`): each
//! such image's SPIR-V becomes the device's own program binary, built by the installed Intel
//! CPU runtime as Intel's `opencl-aot` builds it (program from SPIR-V, build, read
//! `CL_PROGRAM_BINARIES`). The runtime then loads the binary as it is, with no JIT compile.
//!
//! The runtime library is loaded in a forked child (`process::run_in_child`): it is a second
//! compiler with its own LLVM, and it ends the process on some inputs instead of returning an
//! error; in the child, neither can reach the driver. One child builds every image.

use std::path::Path;

use offload::device::{DeviceImage, ImageFormat, ImageTarget};
use offload::device_link::demangle_kernel;

use crate::run::{Failure, Result, Shown};
use crate::toolchain::Toolchain;

/// Build options for the CPU compiler; DPC++ passes none by default.
const BUILD_OPTIONS: &str = "";

/// What `-###` and `-v` show of the step.
pub(crate) fn shown(tc: &Toolchain) -> Shown {
    Shown::Note(format!(
        " # sycl-clang++: spir64_x86_64 images: SPIR-V built into the CPU device's program binary by \"{}\" (in process)",
        tc.cpu_runtime().display()
    ))
}

/// Replaces the SPIR-V of every `spir64_x86_64` image with the CPU device's program binary.
pub(crate) fn compile_cpu_images(tc: &Toolchain, images: &mut [DeviceImage]) -> Result<()> {
    let pending: Vec<usize> = (0..images.len())
        .filter(|&i| {
            images[i].target == ImageTarget::Spir64X86_64 && images[i].format == ImageFormat::SpirV
        })
        .collect();
    if pending.is_empty() {
        return Ok(());
    }
    let library = tc.cpu_runtime();
    let spirv: Vec<&[u8]> = pending.iter().map(|&i| images[i].code.as_slice()).collect();
    let kernels: Vec<&[String]> = pending
        .iter()
        .map(|&i| images[i].kernels.as_slice())
        .collect();
    let encoded = process::run_in_child(|| build_all(&library, &spirv, &kernels)).map_err(|e| {
        Failure::Message(format!(
            "ahead-of-time compilation for spir64_x86_64 failed: {e}"
        ))
    })?;
    let binaries = decode(&encoded).ok_or_else(|| {
        Failure::Message("ahead-of-time compilation for spir64_x86_64 returned no binary".into())
    })?;
    if binaries.len() != pending.len() {
        return Err(Failure::Message(format!(
            "ahead-of-time compilation for spir64_x86_64 returned {} binaries for {} images",
            binaries.len(),
            pending.len()
        )));
    }
    for (i, binary) in pending.into_iter().zip(binaries) {
        images[i].code = binary;
        images[i].format = ImageFormat::Native;
    }
    Ok(())
}

/// In the child: loads the runtime, builds each image, and returns the binaries, each
/// preceded by its length (8 bytes, little-endian).
fn build_all(
    library: &Path,
    spirv: &[&[u8]],
    kernels: &[&[String]],
) -> std::result::Result<Vec<u8>, String> {
    let runtime = opencl::Runtime::load(library).map_err(|e| {
        format!("{e} (the Intel OpenCL CPU runtime, PyPI package intel-opencl-rt; run scripts/setup or set SYCL_SPECCONST_RUNTIME_LIB)")
    })?;
    let device = runtime.cpu_device().map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (code, names) in spirv.iter().zip(kernels) {
        let binary = device
            .compile_spirv(code, BUILD_OPTIONS)
            .map_err(|e| format!("device code of {}: {e}", kernel_list(names)))?;
        out.extend_from_slice(&(binary.len() as u64).to_le_bytes());
        out.extend_from_slice(&binary);
    }
    Ok(out)
}

/// "kernel 'K'" or "kernels 'K1', 'K2'", by their name types.
fn kernel_list(names: &[String]) -> String {
    let quoted: Vec<String> = names
        .iter()
        .map(|n| format!("'{}'", demangle_kernel(n)))
        .collect();
    match quoted.len() {
        1 => format!("kernel {}", quoted[0]),
        _ => format!("kernels {}", quoted.join(", ")),
    }
}

/// The binaries [`build_all`] wrote; `None` if the bytes are not in its form.
fn decode(mut bytes: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut binaries = Vec::new();
    while !bytes.is_empty() {
        let (len, rest) = bytes.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        if rest.len() < len {
            return None;
        }
        let (binary, rest) = rest.split_at(len);
        binaries.push(binary.to_vec());
        bytes = rest;
    }
    Some(binaries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binaries_round_trip_and_damage_is_refused() {
        let mut bytes = Vec::new();
        for b in [&b"abc"[..], b"", b"z"] {
            bytes.extend_from_slice(&(b.len() as u64).to_le_bytes());
            bytes.extend_from_slice(b);
        }
        assert_eq!(
            decode(&bytes),
            Some(vec![b"abc".to_vec(), Vec::new(), b"z".to_vec()])
        );
        assert_eq!(decode(&bytes[..bytes.len() - 1]), None);
        assert_eq!(decode(&bytes[..5]), None);
    }

    #[test]
    fn kernels_are_named_by_their_name_types() {
        assert_eq!(kernel_list(&["_ZTS1K".into()]), "kernel 'K'");
        assert_eq!(
            kernel_list(&["_ZTS1K".into(), "_ZTS2K2".into()]),
            "kernels 'K', 'K2'"
        );
    }
}
