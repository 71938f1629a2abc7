//! The clang command lines that several jobs run: the device compile of a source (`compile`
//! and `preprocess` both run it), and how a compile reads this driver's own `-E` output.

use std::path::Path;
use std::process::Command;

use crate::args::{CommandLine, DeviceTarget, Input, InputKind, kind_of};
use crate::toolchain::Toolchain;

/// The device compile of `source` for `target` and `phase` (`-c`: bitcode, `-S`: LLVM text,
/// `-E`: the device view preprocessed) writing `out` (clang's default name without one).
pub(crate) fn device_command(
    tc: &Toolchain,
    cl: &CommandLine,
    source: &Input,
    target: DeviceTarget,
    phase: &str,
    out: Option<&Path>,
) -> Command {
    let mut cmd = Command::new(&tc.clang);
    cmd.args(["-fsycl", "-fsycl-device-only"]);
    match target {
        DeviceTarget::Spir64 => {
            cmd.arg("--offload-targets=spir64");
        }
        // clang folds `__nvvm_reflect` (libdevice's and the device library's choices by
        // architecture) for its target CPU, and `--offload-arch` sets no PTX version: both
        // through cc1. libdevice is linked at the device link, not here (`-nocudalib`).
        DeviceTarget::Nvptx64(arch) => {
            cmd.arg(format!("--offload-targets={}", target.triple()))
                .arg("-nocudalib")
                .args(["-Xclang", "-target-cpu", "-Xclang", arch.name])
                .args(["-Xclang", "-target-feature", "-Xclang"])
                .arg(format!("+{}", arch.ptx))
                // No partial or runtime loop unrolling yet, not even by `#pragma unroll`: a
                // loop whose trip count is a spec constant stays one loop, which the CUDA
                // adapter unrolls fully once it knows the value (issue 32). The link's
                // optimisation unrolls every image's loops as before.
                .args(["-mllvm", "-unroll-max-count=1"]);
        }
    }
    // From its installed place (not a copy): `-E` output and depfiles name it stably. This
    // driver's `-E` output holds it already (its device view), and it defines functions.
    if !source.preprocessed {
        cmd.arg("-include").arg(&tc.prelude);
    }
    cmd
        // A device image runs no destructors of globals (DPC++ never registers them for
        // the device); registering them would call the host's `__cxa_atexit`.
        .arg("-fno-c++-static-destructors")
        .args(cl.sycl_predefines())
        .args(&cl.flags.device)
        .args(cl.device_compile_flags(target))
        // Before Intel's headers: its `sycl/stream.hpp` adds what the wrappers of kernels
        // capturing a `sycl::stream` call (`offload::device::STREAM_INIT`).
        .arg("-isystem")
        .arg(tc.device_headers())
        .arg("-isystem")
        .arg(&tc.sycl_include)
        // The kernel objects' types, complete (accessors' template arguments included),
        // for `object_layout`; after the user's flags, so a `-g0` does not take them away.
        // clang's NVPTX tool chain turns `-g` into line directives only (and warns about
        // `-fstandalone-debug`), so there the kind goes to cc1, where the last one wins.
        .args(match target {
            DeviceTarget::Spir64 => &["-g", "-fstandalone-debug"][..],
            DeviceTarget::Nvptx64(_) => &["-g", "-Xclang", "-debug-info-kind=standalone"],
        });
    // DPC++ optimises device code unless told otherwise (`-O2` also defines `__OPTIMIZE__`).
    if cl.flags.optimization.is_none() {
        cmd.arg("-O2");
    }
    cmd.arg(phase)
        .args(language_flags(cl, source))
        .arg(&source.path);
    if let Some(out) = out {
        cmd.arg("-o").arg(out);
    }
    cmd
}

/// `-x c++` for a compile of `source` when it is this driver's `-E` output that clang would
/// not read as C++ source: a `.ii` name, or the user's `-x` (`c++-cpp-output`) is text it must
/// not preprocess, without the predefined macros that select the file's host or device view.
/// Not otherwise: the analysis' flags are part of the unique prefix, and a compiled-back file
/// under its source's name is the same TU as the source.
pub(crate) fn language_flags(cl: &CommandLine, source: &Input) -> &'static [&'static str] {
    let read_as_cxx =
        kind_of(&source.path, None) == InputKind::CxxSource && !cl.flags.language_given;
    if !read_as_cxx && source.preprocessed {
        &["-x", "c++"]
    } else {
        &[]
    }
}
