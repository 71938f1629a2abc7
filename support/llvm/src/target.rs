//! Pass pipelines, target machines and code generation, and LLVM's process-wide settings
//! and error handlers.

use std::ffi::{CStr, CString, c_char, c_void};
use std::ptr;

use llvm_sys::core as c;
use llvm_sys::prelude::*;
use llvm_sys::target as t;
use llvm_sys::target_machine as tm;

use crate::context::{cstr, take_message};
use crate::module::Module;

/// `Ok` for a null error; else its message, the error consumed.
fn take_error(error: llvm_sys::error::LLVMErrorRef) -> Result<(), String> {
    use llvm_sys::error::{LLVMDisposeErrorMessage, LLVMGetErrorMessage};
    if error.is_null() {
        return Ok(());
    }
    // SAFETY: a non-null error from a pass-builder call, consumed once by reading its message,
    // which is copied and freed here.
    unsafe {
        let message = LLVMGetErrorMessage(error);
        let text = CStr::from_ptr(message).to_string_lossy().into_owned();
        LLVMDisposeErrorMessage(message);
        Err(text)
    }
}

impl<'c> Module<'c> {
    /// Runs a new-pass-manager pipeline (`globaldce`, …) over the module. `&mut`: passes
    /// delete functions and instructions, so no handle may be alive across them.
    pub fn run_passes(&mut self, pipeline: &str) -> Result<(), String> {
        self.run_passes_for(pipeline, None)
    }

    /// Runs a pipeline with `machine`'s target (its cost model and address-space facts:
    /// `infer-address-spaces` needs the target's flat address space).
    pub fn run_target_passes(
        &mut self,
        pipeline: &str,
        machine: &TargetMachine,
    ) -> Result<(), String> {
        self.run_passes_for(pipeline, Some(machine))
    }

    /// Runs a function pipeline (`scalarizer`, …) over the definition of `function` alone;
    /// `Ok(false)` when the module defines no such function. `&mut` as for
    /// [`Module::run_passes`].
    pub fn run_function_passes(&mut self, function: &str, pipeline: &str) -> Result<bool, String> {
        use llvm_sys::transforms::pass_builder as pb;
        let Some(f) = self.get_function(function).filter(|f| !f.is_declaration()) else {
            return Ok(false);
        };
        let raw = f.0.raw;
        let pipeline = CString::new(pipeline).map_err(|e| e.to_string())?;
        // SAFETY: `raw` is a definition in this module, which `&mut self` keeps alive and
        // unaliased for the call; the options are created and disposed here; a null target
        // machine is allowed (target-independent passes).
        let error = unsafe {
            let options = pb::LLVMCreatePassBuilderOptions();
            let error =
                pb::LLVMRunPassesOnFunction(raw, pipeline.as_ptr(), ptr::null_mut(), options);
            pb::LLVMDisposePassBuilderOptions(options);
            error
        };
        take_error(error).map(|()| true)
    }

    fn run_passes_for(
        &mut self,
        pipeline: &str,
        machine: Option<&TargetMachine>,
    ) -> Result<(), String> {
        use llvm_sys::transforms::pass_builder as pb;
        let pipeline = CString::new(pipeline).map_err(|e| e.to_string())?;
        let machine = machine.map_or(ptr::null_mut(), |m| m.raw);
        // SAFETY: the options are created and disposed here; a null target machine is allowed
        // (target-independent passes), a given one outlives the call.
        let error = unsafe {
            let options = pb::LLVMCreatePassBuilderOptions();
            let error = pb::LLVMRunPasses(self.raw, pipeline.as_ptr(), machine, options);
            pb::LLVMDisposePassBuilderOptions(options);
            error
        };
        take_error(error)
    }

    /// Position-independent object code for `triple` (what a host object linked into a PIE
    /// needs).
    pub fn emit_pic_object(&mut self, triple: &str) -> Result<Vec<u8>, String> {
        let machine = TargetMachine::with_reloc(triple, tm::LLVMRelocMode::LLVMRelocPIC)?;
        self.emit_object(&machine)
    }

    /// Emits an object file (for SPIR-V targets: a SPIR-V binary) through `machine`'s code
    /// generator. The module must already carry a triple and datalayout fit for the target.
    /// `&mut`: code generation rewrites the module's IR.
    pub fn emit_object(&mut self, machine: &TargetMachine) -> Result<Vec<u8>, String> {
        self.emit(machine, tm::LLVMCodeGenFileType::LLVMObjectFile)
    }

    /// Emits the target's assembly text (for NVPTX: PTX) through `machine`'s code generator;
    /// otherwise as [`Module::emit_object`].
    pub fn emit_assembly(&mut self, machine: &TargetMachine) -> Result<Vec<u8>, String> {
        self.emit(machine, tm::LLVMCodeGenFileType::LLVMAssemblyFile)
    }

    fn emit(
        &mut self,
        machine: &TargetMachine,
        kind: tm::LLVMCodeGenFileType,
    ) -> Result<Vec<u8>, String> {
        // SAFETY: the machine and module are alive; out-params are checked.
        unsafe {
            let mut msg: *mut c_char = ptr::null_mut();
            let mut buf: LLVMMemoryBufferRef = ptr::null_mut();
            let failed = tm::LLVMTargetMachineEmitToMemoryBuffer(
                machine.raw,
                self.raw,
                kind,
                &mut msg,
                &mut buf,
            ) != 0;
            let diags = self.ctx.take_diags();
            if failed || buf.is_null() {
                let mut text = take_message(msg);
                for d in diags {
                    text.push_str("; ");
                    text.push_str(&d);
                }
                return Err(text);
            }
            let out = buffer_bytes(buf);
            c::LLVMDisposeMemoryBuffer(buf);
            if !diags.is_empty() {
                return Err(diags.join("; "));
            }
            Ok(out)
        }
    }
}

/// Owner of an LLVM target machine (default CPU, features and options) for a triple; one
/// serves a module's datalayout, target passes and emission alike.
pub struct TargetMachine {
    pub(crate) raw: tm::LLVMTargetMachineRef,
}

impl TargetMachine {
    pub fn new(triple: &str) -> Result<TargetMachine, String> {
        Self::with_reloc(triple, tm::LLVMRelocMode::LLVMRelocDefault)
    }

    fn with_reloc(triple: &str, reloc: tm::LLVMRelocMode) -> Result<TargetMachine, String> {
        Self::create(triple, "", "", CodeGenLevel::Default, reloc)
    }

    /// A machine for `triple` generating code for `cpu` (`sm_90`) with `features` (`+ptx78`)
    /// at `level`. LLVM takes any names here: one the target does not know is reported on
    /// stderr when code is generated, so callers pass names they know the target has.
    pub fn for_cpu(
        triple: &str,
        cpu: &str,
        features: &str,
        level: CodeGenLevel,
    ) -> Result<TargetMachine, String> {
        Self::create(
            triple,
            cpu,
            features,
            level,
            tm::LLVMRelocMode::LLVMRelocDefault,
        )
    }

    fn create(
        triple: &str,
        cpu: &str,
        features: &str,
        level: CodeGenLevel,
        reloc: tm::LLVMRelocMode,
    ) -> Result<TargetMachine, String> {
        init_targets();
        let tr = cstr(triple);
        let cpu = cstr(cpu);
        let features = cstr(features);
        // SAFETY: standard target lookup and creation; out-params checked.
        unsafe {
            let mut target: tm::LLVMTargetRef = ptr::null_mut();
            let mut msg: *mut c_char = ptr::null_mut();
            if tm::LLVMGetTargetFromTriple(tr.as_ptr(), &mut target, &mut msg) != 0 {
                return Err(take_message(msg));
            }
            let raw = tm::LLVMCreateTargetMachine(
                target,
                tr.as_ptr(),
                cpu.as_ptr(),
                features.as_ptr(),
                level.raw(),
                reloc,
                tm::LLVMCodeModel::LLVMCodeModelDefault,
            );
            if raw.is_null() {
                return Err(format!("cannot create a target machine for {triple}"));
            }
            Ok(TargetMachine { raw })
        }
    }

    /// The datalayout string the target wants.
    pub fn data_layout(&self) -> String {
        // SAFETY: the machine is alive; the target data is disposed after copying its string.
        unsafe {
            let td = tm::LLVMCreateTargetDataLayout(self.raw);
            let s = take_message(t::LLVMCopyStringRepOfTargetData(td));
            t::LLVMDisposeTargetData(td);
            s
        }
    }
}

/// How hard the code generator optimises (`llc -O0` … `-O3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeGenLevel {
    None,
    Less,
    Default,
    Aggressive,
}

impl CodeGenLevel {
    fn raw(self) -> tm::LLVMCodeGenOptLevel {
        use tm::LLVMCodeGenOptLevel as L;
        match self {
            CodeGenLevel::None => L::LLVMCodeGenLevelNone,
            CodeGenLevel::Less => L::LLVMCodeGenLevelLess,
            CodeGenLevel::Default => L::LLVMCodeGenLevelDefault,
            CodeGenLevel::Aggressive => L::LLVMCodeGenLevelAggressive,
        }
    }
}

impl Drop for TargetMachine {
    fn drop(&mut self) {
        // SAFETY: created by LLVMCreateTargetMachine, disposed once.
        unsafe { tm::LLVMDisposeTargetMachine(self.raw) }
    }
}

unsafe fn buffer_bytes(buf: LLVMMemoryBufferRef) -> Vec<u8> {
    // SAFETY: start/size describe the buffer's live contents.
    unsafe {
        let start = c::LLVMGetBufferStart(buf) as *const u8;
        let size = c::LLVMGetBufferSize(buf);
        if start.is_null() || size == 0 {
            return Vec::new();
        }
        std::slice::from_raw_parts(start, size).to_vec()
    }
}

fn init_targets() {
    init_llvm();
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: LLVM's target registration is idempotent; guarded to run once per process.
    ONCE.call_once(|| unsafe {
        t::LLVM_InitializeAllTargetInfos();
        t::LLVM_InitializeAllTargets();
        t::LLVM_InitializeAllTargetMCs();
        t::LLVM_InitializeAllAsmPrinters();
    });
}

/// Process-wide LLVM settings, once, before any LLVM object exists.
pub(crate) fn init_llvm() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: option parsing and handler installation happen once, before LLVM is used; the
    // handlers are plain functions that live for the whole process.
    ONCE.call_once(|| unsafe {
        let _ = PROGRAM.set(program_name());
        // sycl_ext_oneapi_private_alloca lowers to a variable-length private array, which the
        // SPIR-V backend emits only with Intel's extension allowed (DPC++ allows it too).
        // Floating-point atomics (atomic_ref<float>, reductions' atomic strategies) need the
        // float-atomic extensions, which the CPU device has (cl_ext_float_atomics). Products and
        // bitwise operations over a work-group (sycl::multiplies, bit_and/or/xor in group
        // algorithms) are OpGroup*KHR of SPV_KHR_uniform_group_instructions, which the CPU
        // device's compiler implements (its builtin library has them; it does not announce
        // cl_khr_work_group_uniform_arithmetic), as DPC++ emits them. An extension is only
        // declared by modules that use it.
        let args = [
            c"sycl-specconst".as_ptr(),
            c"--spirv-ext=+SPV_INTEL_variable_length_array,+SPV_EXT_shader_atomic_float_add,\
+SPV_EXT_shader_atomic_float_min_max,+SPV_EXT_shader_atomic_float16_add,\
+SPV_KHR_uniform_group_instructions"
                .as_ptr(),
        ];
        llvm_sys::support::LLVMParseCommandLineOptions(2, args.as_ptr(), ptr::null());
        llvm_sys::error_handling::LLVMInstallFatalErrorHandler(Some(fatal_error));
        install_bad_alloc_error_handler(out_of_memory, ptr::null_mut());
        // LLVM's `new` failing would throw std::bad_alloc through Rust frames (an abort:
        // "Rust cannot catch foreign exceptions"); C++'s new-handler runs first.
        set_new_handler(Some(new_failed));
    });
}

unsafe extern "C" {
    /// `std::set_new_handler(void (*)())`, from the C++ runtime LLVM links.
    #[link_name = "_ZSt15set_new_handlerPFvvE"]
    fn set_new_handler(handler: Option<extern "C" fn()>) -> Option<extern "C" fn()>;
}

extern "C" fn new_failed() {
    out_of_memory(ptr::null_mut(), ptr::null(), false);
}

unsafe extern "C" {
    /// `llvm::install_bad_alloc_error_handler(fatal_error_handler_t, void *)`: not in LLVM's C
    /// API; a free function taking a function pointer and a pointer, called with the C calling
    /// convention, which the Itanium C++ ABI shares for these types.
    #[link_name = "_ZN4llvm31install_bad_alloc_error_handlerEPFvPvPKcbES0_"]
    fn install_bad_alloc_error_handler(
        handler: extern "C" fn(*mut c_void, *const c_char, bool),
        data: *mut c_void,
    );
}

/// LLVM ran out of memory: one line instead of "LLVM ERROR: out of memory" and an abort. LLVM
/// requires the handler not to return; nothing may allocate any more, so the message is
/// written with one `write` and the process leaves through `_exit`-like `abort`-free exit.
extern "C" fn out_of_memory(_data: *mut c_void, _reason: *const c_char, _crash_diag: bool) {
    use std::io::Write as _;
    let mut stderr = std::io::stderr().lock();
    if let Some(program) = PROGRAM.get() {
        let _ = stderr.write_all(program.as_bytes());
        let _ = stderr.write_all(b": ");
    }
    let _ = stderr
        .write_all(b"error: out of memory in LLVM (raise the memory limit or split the input)\n");
    std::process::exit(1);
}

fn program_name() -> String {
    std::env::args_os()
        .next()
        .and_then(|p| {
            std::path::Path::new(&p)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "sycl-specconst".into())
}

/// The program's name, for messages written where nothing may allocate.
static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// LLVM's fatal errors (a backend that cannot emit something) end the process; said as one
/// line in the tool's own words, and the process exits with status 1 (LLVM exits after this
/// returns) instead of aborting.
extern "C" fn fatal_error(reason: *const c_char) {
    let program = PROGRAM.get().cloned().unwrap_or_else(program_name);
    // SAFETY: LLVM passes a NUL-terminated message.
    let reason = unsafe { CStr::from_ptr(reason) }.to_string_lossy();
    if FATAL_ERRORS_QUIET.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    // `try_lock`: the handler may run while the step is being set (never wait in it).
    let step = FATAL_ERROR_STEP
        .try_lock()
        .ok()
        .and_then(|step| step.clone());
    eprintln!("{}", fatal_error_line(&program, step.as_deref(), &reason));
}

/// The one line a fatal LLVM error becomes: clang's form for an internal error, naming the
/// step that ran LLVM (and the function, where the step knows it).
fn fatal_error_line(program: &str, step: Option<&str>, reason: &str) -> String {
    match step {
        Some(step) => format!("{program}: error: internal error in {step}: LLVM: {reason}"),
        None => format!("{program}: error: internal error in LLVM: {reason}"),
    }
}

/// Whether fatal errors are expected and said by the caller ([`quiet_fatal_errors`]).
static FATAL_ERRORS_QUIET: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// From now on LLVM's fatal errors end the process without a message: for a child process
/// that only tries whether LLVM fails on something (its parent says what failed).
pub fn quiet_fatal_errors() {
    FATAL_ERRORS_QUIET.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// What the process is doing with LLVM, for the fatal-error handler's message
/// ([`FatalErrorStep`]).
static FATAL_ERROR_STEP: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// While alive, LLVM's fatal errors are reported as internal errors of `step` ("SPIR-V
/// emission of the image of kernel 'k'"); the step before it is restored on drop, so steps
/// nest.
pub struct FatalErrorStep {
    previous: Option<String>,
}

impl FatalErrorStep {
    pub fn new(step: impl Into<String>) -> Self {
        let mut current = FATAL_ERROR_STEP
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        FatalErrorStep {
            previous: current.replace(step.into()),
        }
    }
}

impl Drop for FatalErrorStep {
    fn drop(&mut self) {
        let mut current = FATAL_ERROR_STEP
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *current = self.previous.take();
    }
}

#[cfg(test)]
mod fatal_error_tests {
    use super::*;

    fn current_step() -> Option<String> {
        FATAL_ERROR_STEP.lock().expect("not poisoned").clone()
    }

    #[test]
    fn fatal_errors_name_the_step_and_steps_nest() {
        assert_eq!(
            fatal_error_line("sycl-clang++", None, "bad"),
            "sycl-clang++: error: internal error in LLVM: bad"
        );
        {
            let _outer = FatalErrorStep::new("SPIR-V emission of function 'f'");
            {
                let _inner = FatalErrorStep::new("NVPTX optimisation");
                assert_eq!(current_step().as_deref(), Some("NVPTX optimisation"));
            }
            let step = current_step();
            assert_eq!(step.as_deref(), Some("SPIR-V emission of function 'f'"));
            assert_eq!(
                fatal_error_line("sycl-post-link", step.as_deref(), "incompatible types"),
                "sycl-post-link: error: internal error in SPIR-V emission of function 'f': LLVM: \
                 incompatible types"
            );
        }
        assert_eq!(current_step(), None);
    }
}
