//! The workspace's one owner of LLVM's FFI: a small, purpose-built handle layer over the
//! LLVM-C API (llvm-sys 221, LLVM 22, dynamically linked), whose safe API cannot cause
//! undefined behaviour (for IR that verifies: see the limits below).
//!
//! Soundness rules, so that safe callers cannot cause undefined behaviour:
//! * `Type` and `Md` handles carry the lifetime of their `Context`; `Value` handles that of
//!   the module borrow they came from (constants: the context's), so no handle outlives what
//!   owns it. Whatever rewrites a module wholesale (linking, pass pipelines, code generation,
//!   retargeting) takes `&mut Module`, so no handle is alive across it.
//! * Kinds are checked: `Function`, `GlobalVariable`, `Instruction`, `Call` and `BasicBlock`
//!   come from the module or from checked conversions (`Value::as_*`), and queries that LLVM
//!   allows on some kinds only either live on those types or check and return `Option`
//!   ([`Value::details`] asks each opcode only what LLVM defines for it).
//! * Nothing a safe handle can still name is freed while the handle may live: an erased
//!   instruction ([`Module::erase`]) is detached, its operands dropped, and freed with its
//!   module; functions and globals are deleted through `&mut Module`
//!   ([`Module::delete_unused`]), which no handle can coexist with, and are named there by
//!   [`GlobalId`]s that are looked up in the module, never dereferenced.
//! * Builders check their operands (pointer operands, call arguments against the callee's
//!   parameters, integer widths) and return `None` instead of building invalid IR.
//! * Handles cannot cross modules, functions or contexts: every operation that puts a value,
//!   type or metadata into IR checks that it belongs to the target's context and, for values
//!   that live in a module (functions, globals, constants naming them), to the target module,
//!   and for arguments and instructions, which LLVM owns per function, to the function built
//!   in (a global's uses may be anywhere in its module, so no local replaces them); it refuses
//!   (`None`, `Err`) otherwise. Where an operation has no way to say so (metadata nodes) a
//!   foreign handle is a panic, a bug in the caller. A value of a module dropped later, or of a
//!   function deleted later, can therefore never be used by another one.
//! * Constants are uniqued per context, so their use lists span modules: [`Value::users`]
//!   lists only users that live where the value does (its module, or the context).
//! * Metadata is the context's: it names no global value ([`Value::as_md`] refuses them), and
//!   metadata read from a module ([`Function::metadata_attachments`]) is for comparing only.
//! * Limits: this layer does not verify IR before LLVM's passes or code generator run
//!   ([`Module::run_passes`], [`Module::emit_object`]); it refuses the invalid IR named above
//!   (cross-module and cross-function operands, erased terminators, valueless integer or type
//!   attributes), but not, for example, operands that do not dominate their uses. Its promise
//!   holds for IR that verifies.
//!
//! Everything that can fail returns `Result<_, String>` with LLVM's own message.
//!
//! One module per handle family: `context`, `module`, `value` (and global variables),
//! `function` (instructions, calls, blocks), `types` (types, metadata, layout), `builder`,
//! `target` (pass pipelines, code generation, process-wide settings), `debuginfo`, `details`;
//! `home` holds the checks that keep handles in their module and function. The modules are
//! private: the list below is the public API, and what only the crate uses is `pub(crate)`,
//! so the compiler reports it once unused.

mod builder;
mod context;
mod debuginfo;
mod details;
mod function;
mod home;
mod module;
mod target;
#[cfg(test)]
mod tests;
mod types;
mod value;

pub use builder::{Builder, C_CC, Callee, Logic, PTX_KERNEL_CC, SPIR_FUNC_CC, opcode_is};
pub use context::Context;
pub use debuginfo::{DiKind, DiNode};
pub use details::Details;
pub use function::{BasicBlock, Call, FastMathFlags, Function, Instruction};
pub use llvm_sys::LLVMOpcode as Opcode;
pub use module::{Buffer, GlobalId, Invalid, Module};
pub use target::{CodeGenLevel, FatalErrorStep, TargetMachine, quiet_fatal_errors};
pub use types::{Layout, Md, Type, TypeKind};
pub use value::{GlobalVariable, Linkage, Value, ValueKind};
