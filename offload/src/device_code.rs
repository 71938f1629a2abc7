//! The device compile's module, from clang's bitcode to the bitcode a TU embeds.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use crate::llvm::Module;

/// Unoptimised device code (-O0) gets its calls inlined, and nothing else: Intel's CPU
/// compiler vectorises each function a kernel calls into a variant of its own, and crashes
/// (a segmentation fault while the runtime builds the program) on such variants of
/// unoptimised code: address-space casts, reductions, group copies. DPC++ avoids that by
/// asking for an unoptimised build (`-cl-opt-disable`), which makes the CPU device compute
/// sub-group algorithms wrongly (docs/device-library.md). Kernels stay as compiled (their
/// own code is not optimised).
pub fn inline_unoptimised_calls(module: &Module<'_>) {
    for function in module.functions() {
        if function.is_declaration() || function.is_spir_kernel() {
            continue;
        }
        function.remove_enum_attribute("noinline");
        function.remove_enum_attribute("optnone");
        function.add_enum_attribute("alwaysinline");
    }
}

/// The LLVM pipeline that finishes device code at the device compile's optimisation level
/// (the last `-O` flag; DPC++'s default `-O2` without one); `None` at `-O0`.
pub fn device_pipeline(optimization: Option<&OsStr>) -> Option<&'static str> {
    let level = optimization.map_or(&b"2"[..], |v| v.as_bytes());
    match level {
        b"0" => None,
        b"1" => Some("default<O1>"),
        b"s" => Some("default<Os>"),
        b"z" => Some("default<Oz>"),
        b"3" | b"4" | b"fast" => Some("default<O3>"),
        _ => Some("default<O2>"),
    }
}
