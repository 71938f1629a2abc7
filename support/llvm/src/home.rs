//! Where a value lives (context, module or function), which every check that keeps handles
//! from crossing modules and functions asks.

use std::ptr;

use llvm_sys::core as c;
use llvm_sys::prelude::*;

use crate::value::Value;

/// Where a value lives, which bounds how long a handle to it may be used and where it may
/// become part of IR. LLVM owns global values per module, arguments and instructions per
/// function, and uniques constants per context: a constant naming a global value belongs to
/// that global's module, other constants to the context.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Home {
    /// A constant naming no global value (plain data, aggregates of it): freed with the
    /// context.
    Context,
    /// A global value, or a constant naming one (or a block of one), of this module.
    Module(LLVMModuleRef),
    /// An argument, instruction or basic block of this function (null: an erased
    /// instruction, which has no block).
    Function(LLVMValueRef),
    /// Metadata as a value (it may name any module's values), a constant naming globals of
    /// two modules or too deep to walk: admitted nowhere, and its users are not listed.
    Unknown,
}

impl Home {
    /// The module of a home that has one; null for an erased instruction.
    pub(crate) fn module(self) -> Option<LLVMModuleRef> {
        match self {
            Home::Module(m) => Some(m),
            // SAFETY: a live function, which this layer only ever finds in a module.
            Home::Function(f) if !f.is_null() => Some(unsafe { c::LLVMGetGlobalParent(f) }),
            Home::Function(_) => Some(ptr::null_mut()),
            Home::Context | Home::Unknown => None,
        }
    }
}

/// Where `v` lives ([`Home`]). Constant expressions, aggregates and block addresses are
/// walked through their operands, as they can name globals; absurdly deep ones are `Unknown`
/// rather than walked.
///
/// # Safety
/// `v` is a live value.
pub(crate) unsafe fn home_of(v: LLVMValueRef) -> Home {
    fn walk(v: LLVMValueRef, depth: u32) -> Home {
        // SAFETY: `v` is live (a handle, or an operand of a live constant); each query is
        // guarded by the kind check LLVM requires, and nulls are handled.
        unsafe {
            if !c::LLVMIsAInstruction(v).is_null() {
                let bb = c::LLVMGetInstructionParent(v);
                let f = if bb.is_null() {
                    ptr::null_mut()
                } else {
                    c::LLVMGetBasicBlockParent(bb)
                };
                return Home::Function(f);
            }
            if !c::LLVMIsAArgument(v).is_null() {
                return Home::Function(c::LLVMGetParamParent(v));
            }
            if c::LLVMValueIsBasicBlock(v) != 0 {
                return Home::Function(c::LLVMGetBasicBlockParent(c::LLVMValueAsBasicBlock(v)));
            }
            if !c::LLVMIsAGlobalValue(v).is_null() {
                return Home::Module(c::LLVMGetGlobalParent(v));
            }
            // Other constants name others only through operands (plain data has none).
            if c::LLVMIsAConstant(v).is_null() || depth > 64 {
                return Home::Unknown;
            }
            let n = u32::try_from(c::LLVMGetNumOperands(v)).unwrap_or(0);
            let mut home = Home::Context;
            for i in 0..n {
                let op = c::LLVMGetOperand(v, i);
                if op.is_null() {
                    continue;
                }
                // A block address names a function's block: the constant is the module's.
                let op_home = match walk(op, depth + 1) {
                    Home::Function(f) if !f.is_null() => Home::Module(c::LLVMGetGlobalParent(f)),
                    Home::Function(_) => Home::Unknown,
                    other => other,
                };
                home = match (home, op_home) {
                    (h, Home::Context) => h,
                    (Home::Context, h) => h,
                    (a, b) if a == b => a,
                    _ => Home::Unknown,
                };
                if home == Home::Unknown {
                    break;
                }
            }
            home
        }
    }
    walk(v, 0)
}

/// Whether `v` may become part of IR in `module` (of `ctx`): of the context and, if it lives
/// in a module, of `module`; if it lives in a function (an argument or instruction), of
/// `function` when that is given, else of a function of `module`. Erased instructions and
/// values of unknown home are refused.
pub(crate) fn admits(
    module: LLVMModuleRef,
    ctx: LLVMContextRef,
    function: Option<LLVMValueRef>,
    v: LLVMValueRef,
) -> bool {
    // SAFETY: a live value's type, and that type's context.
    let of_ctx = unsafe { c::LLVMGetTypeContext(c::LLVMTypeOf(v)) } == ctx;
    // SAFETY: a live value.
    of_ctx
        && match unsafe { home_of(v) } {
            Home::Context => true,
            Home::Module(m) => m == module,
            Home::Function(f) if f.is_null() => false,
            Home::Function(f) => match function {
                Some(function) => f == function,
                None => Home::Function(f).module() == Some(module),
            },
            Home::Unknown => false,
        }
}

/// The users of `v` (in use-list order) whose home is the context or, when `module` is
/// given, that module: the users a handle of `module`'s borrow may name.
pub(crate) fn users_in<'m>(v: LLVMValueRef, module: Option<LLVMModuleRef>) -> Vec<Value<'m>> {
    let mut out = Vec::new();
    // SAFETY: walking a live value's use list; each user is live.
    unsafe {
        let mut u = c::LLVMGetFirstUse(v);
        while !u.is_null() {
            let user = c::LLVMGetUser(u);
            let keep = match home_of(user) {
                Home::Context => true,
                Home::Unknown => false,
                home => module.is_some() && home.module() == module,
            };
            if keep {
                out.push(Value::wrap(user));
            }
            u = c::LLVMGetNextUse(u);
        }
    }
    out
}
