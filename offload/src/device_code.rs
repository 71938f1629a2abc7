//! The device compile's module, from clang's bitcode to the bitcode a TU embeds: the driver
//! reads it with [`read`] and runs the steps of [`DeviceCode`] on it, answering from its
//! analysis what the module cannot tell (symbolic IDs, kernel placement, attributes, sources).
//! This is the driver's one way into the device module: it names no LLVM handle.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use thiserror::Error;

pub use post_link::lower::bare_global_name;
pub use post_link::requirements::{AttributeError, KernelAttributes};

use crate::device::{self, DeviceError, SpecIdRead};
use crate::llvm::{Context, Module};
use crate::object_layout::{self, DeviceObject};
use crate::private_arrays;
pub use crate::spec_id_declarations::SpecIdDeclaration;
use model::kernel_abi::{DeviceKernel, KernelLayout};

/// A failed step on the device module. The texts are the driver's messages.
#[derive(Debug, Error)]
pub enum Error {
    #[error("cannot read the device bitcode '{name}': {message}")]
    Unreadable { name: String, message: String },
    /// Boxed: the step errors are rare, and every step's `Result` stays small.
    #[error(transparent)]
    Device(Box<DeviceError>),
    /// Said in clang's form for an internal error, with the step and function.
    #[error("{0}")]
    Invalid(String),
    #[error("internal error: optimising the device code: {0}")]
    Optimisation(String),
    #[error("internal error: reading the finished device code: {0}")]
    Finished(String),
}

impl From<DeviceError> for Error {
    fn from(e: DeviceError) -> Self {
        Error::Device(Box::new(e))
    }
}

/// One device compile's module, between reading and [`DeviceCode::finish`]. The steps run in
/// the order they are declared: private arrays need the resolved IDs, the kernel objects are
/// read before the wrappers replace the kernels, and attributes and sources go onto the
/// wrappers.
pub struct DeviceCode<'c> {
    module: Module<'c>,
}

/// Reads the device compile's bitcode `raw` (named `name` in messages) and runs `steps` on it.
/// When clang-22 wrote bitcode LLVM cannot read back, the module is read from `reread` (the
/// compile's text without its constructor lists); if that fails too, the first error is
/// reported.
pub fn read<R, E: From<Error>>(
    raw: Vec<u8>,
    name: &str,
    reread: impl FnOnce() -> Result<Vec<u8>, E>,
    steps: impl for<'c> FnOnce(DeviceCode<'c>) -> Result<R, E>,
) -> Result<R, E> {
    let ctx = Context::new();
    let module = match ctx.parse_ir(raw, name) {
        Ok(module) => module,
        Err(first) => ctx
            .parse_ir(reread()?, name)
            .map_err(|_| Error::Unreadable {
                name: name.to_string(),
                message: first.trim_end().to_string(),
            })?,
    };
    steps(DeviceCode { module })
}

/// Finished device bitcode (named `name` in messages) as LLVM text, for `-S`.
pub fn bitcode_as_text(bitcode: Vec<u8>, name: &str) -> Result<String, Error> {
    let ctx = Context::new();
    let module = ctx.parse_ir(bitcode, name).map_err(Error::Finished)?;
    Ok(module.to_text())
}

impl DeviceCode<'_> {
    /// Every spec-id global the device code takes a symbolic ID of (`device::spec_id_reads`).
    pub fn spec_id_reads(&self) -> Vec<SpecIdRead> {
        device::spec_id_reads(&self.module)
    }

    /// Replaces the symbolic-ID calls with the symbolic IDs of the spec ids `declaration_of`
    /// describes for each spec-id global (by LLVM name), and records their declarations for
    /// the link's errors; returns how many calls (`device::resolve_symbolic_ids`).
    pub fn resolve_symbolic_ids<'d>(
        &mut self,
        declaration_of: impl Fn(&str) -> Option<&'d SpecIdDeclaration>,
    ) -> Result<usize, Error> {
        Ok(device::resolve_symbolic_ids(
            &mut self.module,
            declaration_of,
        )?)
    }

    /// Lowers `sycl::private_array` calls (after the symbolic IDs are resolved).
    pub fn lower_private_arrays(&mut self) -> Result<usize, Error> {
        Ok(private_arrays::lower_private_arrays(&mut self.module)?)
    }

    /// Every kernel's object as the device compile's debug information describes it; the
    /// debug information is dropped afterwards unless `keep_debug_info`.
    pub fn kernel_objects(&mut self, keep_debug_info: bool) -> Vec<(String, DeviceObject)> {
        let objects = object_layout::device_objects(&self.module);
        if !keep_debug_info {
            self.module.strip_debug_info();
        }
        objects
    }

    /// Gives the kernels `layout_of` describes the runtime's calling convention
    /// ([`device::wrap_kernels`]).
    pub fn wrap_kernels(
        &mut self,
        spec_constants_buffer: bool,
        module_id: &str,
        layout_of: impl Fn(&str) -> Option<KernelLayout>,
    ) -> Result<Vec<DeviceKernel>, Error> {
        Ok(device::wrap_kernels(
            &mut self.module,
            spec_constants_buffer,
            module_id,
            layout_of,
        )?)
    }

    /// Records a kernel's SYCL attributes as post-link's `requirements` reads them.
    pub fn attach_requirements(
        &self,
        kernel: &str,
        attributes: &KernelAttributes,
    ) -> Result<(), AttributeError> {
        post_link::requirements::attach(&self.module, kernel, attributes)
    }

    /// Records a device function's `device_has` aspects on it (post-link's `requirements`);
    /// `false` when the module has no such function.
    pub fn attach_declared_aspects(&self, function: &str, aspects: &[u32]) -> bool {
        post_link::requirements::attach_declared_aspects(&self.module, function, aspects)
    }

    /// The aspects the code of `function` and its callees in this module uses (what a
    /// `device_has` list is checked against); `None` without such a function.
    pub fn code_aspects(&self, function: &str) -> Option<Vec<u32>> {
        post_link::requirements::code_aspects(&self.module, function)
    }

    /// Marks `kernel` with where its callable is defined (`file:line:column`), for the device
    /// link ([`crate::device_link::KERNEL_SOURCE_ATTRIBUTE`]); a kernel not in the module is
    /// left alone.
    pub fn record_kernel_source(&self, kernel: &str, source: &str) {
        if let Some(function) = self.module.get_function(kernel) {
            function.set_string_attribute(crate::device_link::KERNEL_SOURCE_ATTRIBUTE, source);
        }
    }

    /// Verifies the rewritten module and optimises it at the device compile's level (the
    /// value of its last `-O` flag); returns the bitcode to embed.
    pub fn finish(mut self, optimization: Option<&OsStr>) -> Result<Vec<u8>, Error> {
        let module = &mut self.module;
        module
            .verify_located()
            .map_err(|e| Error::Invalid(e.in_step("the device compile's rewriting")))?;
        // The wrappers come after clang's optimisation: without another round each kernel
        // calls its body with the kernel object in memory, and the body reloads accessor
        // pointers and ranges in every loop iteration (stores through generic pointers may
        // alias the object). Inlined and split by SROA, they are plain values, as in a
        // hand-written OpenCL kernel.
        let pipeline = match device_pipeline(optimization) {
            // NVPTX code is optimised again at the link, and loops are unrolled there (and by
            // the CUDA adapter once it knows a spec constant's value, issue 32): here only the
            // wrappers' inlining and what makes their kernel objects plain values. A full
            // round would runtime-unroll loops a `#pragma unroll` marks whatever their trip
            // count, leaving a spec-constant trip count a loop for good.
            Some(_) if module.triple().starts_with("nvptx") => NVPTX_COMPILE_PIPELINE,
            Some(pipeline) => pipeline,
            None => {
                inline_unoptimised_calls(module);
                "always-inline"
            }
        };
        let _step = crate::llvm::FatalErrorStep::new("the device compile's optimisation");
        module.run_passes(pipeline).map_err(Error::Optimisation)?;
        Ok(module.to_bitcode().to_vec())
    }
}

/// Unoptimised device code (-O0) gets its calls inlined, and nothing else: Intel's CPU
/// compiler vectorises each function a kernel calls into a variant of its own, and crashes
/// (a segmentation fault while the runtime builds the program) on such variants of
/// unoptimised code: address-space casts, reductions, group copies. DPC++ avoids that by
/// asking for an unoptimised build (`-cl-opt-disable`), which makes the CPU device compute
/// sub-group algorithms wrongly (docs/device-library.md). Kernels stay as compiled (their
/// own code is not optimised).
fn inline_unoptimised_calls(module: &Module<'_>) {
    for function in module.functions() {
        if function.is_declaration() || function.is_kernel() {
            continue;
        }
        function.remove_enum_attribute("noinline");
        function.remove_enum_attribute("optnone");
        function.add_enum_attribute("alwaysinline");
    }
}

/// The LLVM pipeline that finishes device code at the device compile's optimisation level
/// (the last `-O` flag; DPC++'s default `-O2` without one); `None` at `-O0`.
/// What an optimised NVPTX compile's module gets after the wrappers are written: inlining
/// and scalar cleanup, no loop passes.
const NVPTX_COMPILE_PIPELINE: &str =
    "always-inline,function(sroa,early-cse<memssa>,instcombine<no-verify-fixpoint>,simplifycfg)";

fn device_pipeline(optimization: Option<&OsStr>) -> Option<&'static str> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device_link::KERNEL_SOURCE_ATTRIBUTE;

    /// A kernel calling an unoptimised helper, with debug information for the kernel.
    const MODULE: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func void @helper() #0 {
  ret void
}
define spir_kernel void @k() !dbg !5 {
  call spir_func void @helper(), !dbg !8
  ret void, !dbg !8
}
attributes #0 = { noinline optnone }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cpp", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 1, column: 1, scope: !5)
"#;

    fn with_module<R>(steps: impl for<'c> FnOnce(DeviceCode<'c>) -> Result<R, Error>) -> R {
        read(
            MODULE.as_bytes().to_vec(),
            "k.ll",
            || -> Result<Vec<u8>, Error> { panic!("readable input is not read again") },
            steps,
        )
        .expect("the steps succeed")
    }

    /// `helper`'s callers in the bitcode `finish` wrote.
    fn helper_calls(bitcode: Vec<u8>) -> usize {
        let ctx = Context::new();
        let module = ctx
            .parse_ir(bitcode, "finished")
            .expect("finished bitcode parses");
        module
            .get_function("helper")
            .map_or(0, |helper| helper.direct_calls().len())
    }

    #[test]
    fn unreadable_bitcode_is_read_again_from_the_text() {
        let mut reread = false;
        let kernels = read(
            b"BC\xC0\xDEdamaged".to_vec(),
            "dev.bc",
            || -> Result<Vec<u8>, Error> {
                reread = true;
                Ok(MODULE.as_bytes().to_vec())
            },
            |mut code| Ok(code.kernel_objects(true).len()),
        )
        .expect("the text is read");
        assert!(reread);
        assert_eq!(kernels, 1);
    }

    #[test]
    fn unreadable_twice_reports_the_first_error() {
        let raw = b"define garbage".to_vec();
        let first = Context::new()
            .parse_ir(raw.clone(), "dev.bc")
            .err()
            .expect("garbage does not parse");
        let error = read(
            raw,
            "dev.bc",
            || Ok(b"@@@".to_vec()),
            |_code| -> Result<(), Error> { panic!("nothing to run steps on") },
        )
        .expect_err("neither form reads");
        assert_eq!(
            error.to_string(),
            format!(
                "cannot read the device bitcode 'dev.bc': {}",
                first.trim_end()
            )
        );
    }

    #[test]
    fn debug_information_is_dropped_unless_kept() {
        for keep in [false, true] {
            let kept = with_module(|mut code| {
                assert_eq!(code.kernel_objects(keep).len(), 1);
                Ok(code.module.has_named_md("llvm.dbg.cu"))
            });
            assert_eq!(kept, keep);
        }
    }

    #[test]
    fn only_unoptimised_code_has_noinline_callees_inlined() {
        for (level, calls) in [(Some("0"), 0), (Some("1"), 1), (None, 1)] {
            let bitcode = with_module(|code| code.finish(level.map(OsStr::new)));
            assert_eq!(helper_calls(bitcode), calls, "-O{level:?}");
        }
        // The steps before `finish` leave the call alone.
        let bitcode = with_module(|code| Ok(code.module.to_bitcode().to_vec()));
        assert_eq!(helper_calls(bitcode), 1);
    }

    #[test]
    fn kernel_sources_go_onto_kernels_in_the_module() {
        with_module(|code| {
            code.record_kernel_source("k", "/src/k.cpp:3:7");
            code.record_kernel_source("absent", "/src/k.cpp:9:1");
            let k = code.module.get_function("k").expect("k is defined");
            assert_eq!(
                k.string_attribute(KERNEL_SOURCE_ATTRIBUTE).as_deref(),
                Some("/src/k.cpp:3:7")
            );
            assert!(code.module.get_function("absent").is_none());
            Ok(())
        });
    }

    #[test]
    fn finished_bitcode_reads_back_as_text() {
        let bitcode = with_module(|code| code.finish(Some(OsStr::new("2"))));
        let text = bitcode_as_text(bitcode, "k.bc").expect("bitcode");
        let ctx = Context::new();
        let module = ctx
            .parse_ir(text.into_bytes(), "k.ll")
            .expect("the text parses");
        assert!(module.get_function("k").is_some_and(|k| k.is_kernel()));
        let error = bitcode_as_text(b"BC\xC0\xDE".to_vec(), "k.bc").expect_err("damaged");
        assert!(
            error
                .to_string()
                .starts_with("internal error: reading the finished device code: ")
        );
    }

    #[test]
    fn pipelines_follow_the_last_o_flag() {
        let pipeline = |level: Option<&str>| device_pipeline(level.map(OsStr::new));
        assert_eq!(pipeline(None), Some("default<O2>"));
        assert_eq!(pipeline(Some("0")), None);
        assert_eq!(pipeline(Some("1")), Some("default<O1>"));
        assert_eq!(pipeline(Some("g")), Some("default<O2>"));
        assert_eq!(pipeline(Some("fast")), Some("default<O3>"));
        assert_eq!(pipeline(Some("s")), Some("default<Os>"));
        assert_eq!(pipeline(Some("z")), Some("default<Oz>"));
    }
}
