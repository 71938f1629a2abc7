//! Fuzz target: `sycl-post-link`'s IR input, as mutated bitcode. Each input goes through what
//! the tool does first with a file: LLVM's reader, the verifier, then the spec-constant
//! lowering (native and emulation) of modules that verify. A crash of the process fails the
//! test (LLVM's reader runs in process); errors are the expected answer.
//!
//! LLVM 22's own bitcode reader crashes (SIGSEGV in `ArrayType::get` from
//! `ConstantDataArray::getFP`, under `parseBitcodeFile`) on some mutated files within the
//! first few hundred executions: Debian's LLVM is built without assertions. The tools read
//! bitcode they did not write through `isolate::parse_untrusted` (a forked child reads it
//! first), which this target exercises: a crash must come back as an error. The target runs
//! without libtest's harness (`harness = false`): a fork is refused while other threads run,
//! and libtest runs tests on threads of their own.

use post_link::isolate;
use post_link::llvm::Context;
use post_link::lower::{Mode, lower};

/// A module with a scalar and a composite spec constant read by a kernel.
const SEED_IR: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.P = type { i32, float }
@id_a = private unnamed_addr constant [2 x i8] c"A\00"
@id_p = private unnamed_addr constant [2 x i8] c"P\00"
@default_a = internal addrspace(1) constant i32 3
@default_p = internal addrspace(1) constant %struct.P { i32 1, float 2.0 }

define spir_kernel void @k(ptr addrspace(1) %out) {
  %a = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @id_a to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @default_a to ptr addrspace(4)), ptr addrspace(4) null)
  %p = alloca %struct.P
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(ptr sret(%struct.P) %p, ptr addrspace(4) addrspacecast (ptr @id_p to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @default_p to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %a, ptr addrspace(1) %out
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(ptr sret(%struct.P), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
"#;

fn main() {
    let ctx = Context::new();
    let seed = ctx
        .parse_ir(SEED_IR.as_bytes().to_vec(), "seed.ll")
        .expect("the seed parses");
    seed.verify().expect("the seed verifies");
    let bitcode = seed.to_bitcode().to_vec();
    // A fork and two bitcode reads per execution: a twentieth of the byte readers' runs.
    let crashes = std::sync::atomic::AtomicU64::new(0);
    let parsed = std::sync::atomic::AtomicU64::new(0);
    let report = fuzz::run_scaled("bitcode-input", &[bitcode], 20, |bytes| {
        let ctx = Context::new();
        let module = match isolate::parse_untrusted(&ctx, bytes.to_vec(), "fuzzed.bc") {
            Ok(module) => module,
            Err(e) => {
                assert!(!e.contains("thread"), "the fork was refused: {e}");
                if e.contains("crashed") {
                    crashes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                return;
            }
        };
        parsed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if module.verify().is_err() {
            return;
        }
        for mode in [Mode::Native, Mode::Emulation] {
            let mut copy = module.clone_module();
            let _ = lower(&mut copy, mode);
        }
    });
    // The seed and many light mutations read back: the child really ran.
    let parsed = parsed.into_inner();
    assert!(parsed > 0, "no input was read back");
    eprintln!(
        "fuzz bitcode-input: {} executions, {parsed} read, {} reader crashes caught",
        report.executions,
        crashes.into_inner()
    );
}
