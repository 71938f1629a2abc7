//! Functions and what they hold: instructions, calls and basic blocks.

use std::ffi::{c_char, c_uint};
use std::ptr;

use llvm_sys::LLVMCallConv;
use llvm_sys::core as c;
use llvm_sys::debuginfo as di;
use llvm_sys::prelude::*;

use crate::Opcode;
use crate::builder::PTX_KERNEL_CC;
use crate::debuginfo::DiNode;
use crate::home::{Home, home_of};
use crate::module::GlobalId;
use crate::types::{Md, Type};
use crate::value::{Value, ValueKind};

/// A function (definition or declaration), obtained from the module or by checked
/// conversion ([`Value::as_function`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Function<'m>(pub(crate) Value<'m>);

/// An instruction ([`Value::as_instruction`]): in a basic block when handed out (the builder
/// inserts what it creates); after [`Module::erase`](crate::Module::erase) it has none, and
/// every operation that would put it back into IR refuses it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Instruction<'m>(pub(crate) Value<'m>);

/// A `call` instruction ([`Value::as_call`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Call<'m>(pub(crate) Instruction<'m>);

/// A basic block of a function ([`Function::basic_blocks`], [`Value::as_basic_block`]), as the
/// value branches name it by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BasicBlock<'m>(pub(crate) Value<'m>);

// The typed handles are values with a checked kind: every `Value` query applies to them.
impl<'m> std::ops::Deref for Function<'m> {
    type Target = Value<'m>;
    fn deref(&self) -> &Value<'m> {
        &self.0
    }
}

impl<'m> std::ops::Deref for Instruction<'m> {
    type Target = Value<'m>;
    fn deref(&self) -> &Value<'m> {
        &self.0
    }
}

impl<'m> std::ops::Deref for Call<'m> {
    type Target = Instruction<'m>;
    fn deref(&self) -> &Instruction<'m> {
        &self.0
    }
}

impl<'m> Function<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    /// The function type.
    pub fn function_type(self) -> Type<'m> {
        // SAFETY: a function is a global value.
        Type::wrap(unsafe { c::LLVMGlobalGetValueType(self.raw) })
    }

    /// The call instructions that call this function directly, each once (a call passing the
    /// function as an argument as well is one user with several uses), in use-list order.
    pub fn direct_calls(self) -> Vec<Call<'m>> {
        let mut seen = std::collections::HashSet::new();
        self.0
            .users()
            .into_iter()
            .filter(|user| seen.insert(*user))
            .filter_map(Value::as_call)
            .filter(|call| call.callee() == self.0)
            .collect()
    }

    pub fn is_declaration(self) -> bool {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMIsDeclaration(self.raw) != 0 }
    }

    /// The type of the `sret` attribute on parameter `param`, if any.
    pub fn sret_type(self, param: u32) -> Option<Type<'m>> {
        self.param_type_attribute(param, "sret")
    }

    /// The type carried by the type attribute `kind` (`byval`, `sret`, …) on parameter
    /// `param`, if any.
    pub fn param_type_attribute(self, param: u32, kind: &str) -> Option<Type<'m>> {
        // SAFETY: attribute lookup on a function (a missing index finds no attribute); index
        // 1 is the first parameter.
        unsafe {
            let id = c::LLVMGetEnumAttributeKindForName(kind.as_ptr() as *const c_char, kind.len());
            let a = c::LLVMGetEnumAttributeAtIndex(self.raw, param.checked_add(1)?, id);
            if a.is_null() {
                return None;
            }
            let ty = c::LLVMGetTypeAttributeValue(a);
            (!ty.is_null()).then(|| Type::wrap(ty))
        }
    }

    /// The value of the integer attribute `kind` (`dereferenceable`, `align`) on parameter
    /// `param`, if present.
    pub fn param_int_attribute(self, param: u32, kind: &str) -> Option<u64> {
        // SAFETY: attribute lookup on a function; index 1 is the first parameter.
        unsafe {
            let id = c::LLVMGetEnumAttributeKindForName(kind.as_ptr() as *const c_char, kind.len());
            let a = c::LLVMGetEnumAttributeAtIndex(self.raw, param.checked_add(1)?, id);
            (!a.is_null()).then(|| c::LLVMGetEnumAttributeValue(a))
        }
    }

    pub fn params(self) -> Vec<Value<'m>> {
        // SAFETY: a function; the array has exactly `n` slots.
        unsafe {
            let n = c::LLVMCountParams(self.raw) as usize;
            let mut v: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetParams(self.raw, v.as_mut_ptr());
            }
            v.into_iter().map(Value::wrap).collect()
        }
    }

    /// Gives the function internal linkage (no longer visible outside the module).
    pub fn set_internal_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMInternalLinkage) }
    }

    /// Whether the function has plain external linkage (`dso_local` definitions and
    /// declarations included; not `linkonce_odr`, `weak`, …).
    pub fn linkage_is_external(self) -> bool {
        // SAFETY: a function is a global value.
        let l = unsafe { c::LLVMGetLinkage(self.raw) };
        l == llvm_sys::LLVMLinkage::LLVMExternalLinkage
    }

    /// Gives the function plain external linkage (`weak_odr` kernels once the device link
    /// has chosen one definition per name).
    pub fn set_external_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMExternalLinkage) }
    }

    /// Whether the function is an LLVM intrinsic (`llvm.*`), which no module defines.
    pub fn is_intrinsic(self) -> bool {
        // SAFETY: a function.
        unsafe { c::LLVMGetIntrinsicID(self.raw) != 0 }
    }

    /// Makes the function `linkonce_odr`: on a device link, another module's definition of
    /// the same name may stand in for it.
    pub fn set_linkonce_odr_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMLinkOnceODRLinkage) }
    }

    /// Makes the function `available_externally`: its body is only a copy, which LLVM's
    /// `elim-avail-extern` pass deletes (the function becomes a declaration).
    pub fn set_available_externally_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe {
            c::LLVMSetLinkage(
                self.raw,
                llvm_sys::LLVMLinkage::LLVMAvailableExternallyLinkage,
            )
        }
    }

    /// Its calling convention's number ([`crate::SPIR_FUNC_CC`], [`crate::PTX_KERNEL_CC`], …).
    pub fn calling_conv(self) -> u32 {
        // SAFETY: a function.
        unsafe { c::LLVMGetFunctionCallConv(self.raw) }
    }

    pub fn set_calling_conv(self, cc: u32) {
        // SAFETY: a function.
        unsafe { c::LLVMSetFunctionCallConv(self.raw, cc) }
    }

    /// A device kernel: `spir_kernel` (SPIR-V) or `ptx_kernel` (NVPTX).
    pub fn is_kernel(self) -> bool {
        let cc = self.calling_conv();
        cc == LLVMCallConv::LLVMSPIRKERNELCallConv as u32 || cc == PTX_KERNEL_CC
    }

    /// The value of string attribute `key` (`"sycl-module-id"="a.cpp"`), or an empty string
    /// for a present attribute without value.
    pub fn string_attribute(self, key: &str) -> Option<String> {
        let n = c_uint::try_from(key.len()).ok()?;
        // SAFETY: a function; the key is read for `n` bytes; the value is copied out before
        // the attribute can go away.
        unsafe {
            let a = c::LLVMGetStringAttributeAtIndex(
                self.raw,
                llvm_sys::LLVMAttributeFunctionIndex,
                key.as_ptr() as *const c_char,
                n,
            );
            if a.is_null() {
                return None;
            }
            let mut len: c_uint = 0;
            let v = c::LLVMGetStringAttributeValue(a, &mut len);
            if v.is_null() {
                return Some(String::new());
            }
            let bytes = std::slice::from_raw_parts(v as *const u8, len as usize);
            Some(String::from_utf8_lossy(bytes).into_owned())
        }
    }

    /// Attaches `node` as the function's `!kind` metadata (`!reqd_work_group_size !{…}`),
    /// replacing any earlier one.
    /// `node` must be of the function's context (a panic otherwise: see [`Md`]).
    pub fn set_metadata(self, kind: &str, node: Md<'m>) {
        let Ok(len) = c_uint::try_from(kind.len()) else {
            return;
        };
        // SAFETY: a function is a global object; the kind name is read for `len` bytes and
        // the node belongs to the function's context (checked).
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            node.assert_of(ctx);
            let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr() as *const c_char, len);
            c::LLVMGlobalSetMetadata(self.raw, id, node.raw);
        }
    }

    /// The operands of the function's `!kind` metadata node (constants as themselves), or
    /// `None` when it has none.
    pub fn metadata_operands(self, kind: &str) -> Option<Vec<Value<'m>>> {
        let len = c_uint::try_from(kind.len()).ok()?;
        // SAFETY: a function is a global object; the entries array has `n` slots and is
        // disposed after use; the node is wrapped as a value of the function's context.
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr() as *const c_char, len);
            let mut n: usize = 0;
            let entries = c::LLVMGlobalCopyAllMetadata(self.raw, &mut n);
            if entries.is_null() {
                return None;
            }
            let node = (0..n)
                .filter_map(|i| c_uint::try_from(i).ok())
                .find(|&i| c::LLVMValueMetadataEntriesGetKind(entries, i) == id)
                .map(|i| c::LLVMValueMetadataEntriesGetMetadata(entries, i));
            c::LLVMDisposeValueMetadataEntries(entries);
            node.map(|md| Value::wrap(c::LLVMMetadataAsValue(ctx, md)).md_node_operands())
        }
    }

    /// Adds the function attribute named `name` (`alwaysinline`, `noinline`, `convergent`, …);
    /// false unless it is one of a fixed list of attributes without value (an integer or type
    /// attribute such as `align` or `byval` made without its value would be read as one by
    /// LLVM).
    pub fn add_enum_attribute(self, name: &str) -> bool {
        if !VALUELESS_FUNCTION_ATTRIBUTES.contains(&name) {
            return false;
        }
        let Some(kind) = enum_attribute_kind(name) else {
            return false;
        };
        // SAFETY: a function; the attribute is created in the function's context.
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            let attribute = c::LLVMCreateEnumAttribute(ctx, kind, 0);
            c::LLVMAddAttributeAtIndex(self.raw, llvm_sys::LLVMAttributeFunctionIndex, attribute);
        }
        true
    }

    /// Whether the function has the function attribute named `name` (`optnone`).
    pub fn has_enum_attribute(self, name: &str) -> bool {
        let Some(kind) = enum_attribute_kind(name) else {
            return false;
        };
        // SAFETY: a function; looking up an absent attribute finds null.
        let attribute = unsafe {
            c::LLVMGetEnumAttributeAtIndex(self.raw, llvm_sys::LLVMAttributeFunctionIndex, kind)
        };
        !attribute.is_null()
    }

    /// Removes the function attribute named `name` (`noinline`), if present.
    pub fn remove_enum_attribute(self, name: &str) {
        if let Some(kind) = enum_attribute_kind(name) {
            // SAFETY: a function; removing an absent attribute is a no-op.
            unsafe {
                c::LLVMRemoveEnumAttributeAtIndex(
                    self.raw,
                    llvm_sys::LLVMAttributeFunctionIndex,
                    kind,
                )
            }
        }
    }

    /// Sets string attribute `key` to `value` on the function (replacing an earlier value).
    pub fn set_string_attribute(self, key: &str, value: &str) {
        let (Ok(key_len), Ok(value_len)) =
            (c_uint::try_from(key.len()), c_uint::try_from(value.len()))
        else {
            return;
        };
        // SAFETY: a function; LLVM copies both strings, read for their lengths, into the
        // attribute it creates in the function's context.
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            let attribute = c::LLVMCreateStringAttribute(
                ctx,
                key.as_ptr() as *const c_char,
                key_len,
                value.as_ptr() as *const c_char,
                value_len,
            );
            c::LLVMAddAttributeAtIndex(self.raw, llvm_sys::LLVMAttributeFunctionIndex, attribute);
        }
    }

    /// The function's `DISubprogram`, if it has debug information.
    pub fn subprogram(self) -> Option<DiNode<'m>> {
        // SAFETY: a function value; the result is null or the function's subprogram.
        unsafe { DiNode::wrap(di::LLVMGetSubprogram(self.raw), self.context_raw()) }
    }

    /// The variables the function's debug records (`#dbg_declare`, `#dbg_value`) describe,
    /// in instruction order, repeats included.
    pub fn debug_variables(self) -> Vec<DiNode<'m>> {
        let ctx = self.context_raw();
        let mut out = Vec::new();
        for inst in self.instructions() {
            // SAFETY: walking the debug records attached to an instruction of the function;
            // the variable is asked of variable records only (labels have none).
            unsafe {
                let mut record = c::LLVMGetFirstDbgRecord(inst.raw);
                while !record.is_null() {
                    if !matches!(
                        c::LLVMDbgRecordGetKind(record),
                        llvm_sys::LLVMDbgRecordKind::LLVMDbgRecordLabel
                    ) {
                        out.extend(DiNode::wrap(
                            c::LLVMDbgVariableRecordGetVariable(record),
                            ctx,
                        ));
                    }
                    record = c::LLVMGetNextDbgRecord(record);
                }
            }
        }
        out
    }

    pub(crate) fn context_raw(self) -> LLVMContextRef {
        // SAFETY: every function this layer hands out belongs to a module.
        unsafe { c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw)) }
    }

    /// All instructions in block order.
    pub fn instructions(self) -> Vec<Instruction<'m>> {
        let mut out = Vec::new();
        // SAFETY: walking the blocks and instructions of a function.
        unsafe {
            let mut bb = c::LLVMGetFirstBasicBlock(self.raw);
            while !bb.is_null() {
                let mut i = c::LLVMGetFirstInstruction(bb);
                while !i.is_null() {
                    out.push(Instruction(Value::wrap(i)));
                    i = c::LLVMGetNextInstruction(i);
                }
                bb = c::LLVMGetNextBasicBlock(bb);
            }
        }
        out
    }

    /// The function's basic blocks, in order (none for a declaration).
    pub fn basic_blocks(self) -> Vec<BasicBlock<'m>> {
        let mut out = Vec::new();
        // SAFETY: walking the blocks of a function.
        unsafe {
            let mut bb = c::LLVMGetFirstBasicBlock(self.raw);
            while !bb.is_null() {
                out.push(BasicBlock(Value::wrap(c::LLVMBasicBlockAsValue(bb))));
                bb = c::LLVMGetNextBasicBlock(bb);
            }
        }
        out
    }

    /// The metadata attached to the function (`!dbg`, `!reqd_work_group_size`, …), as kind
    /// ([`Context::md_kind_id`](crate::Context::md_kind_id)) and node, in LLVM's order (by kind).
    pub fn metadata_attachments(self) -> Vec<(u32, Md<'m>)> {
        let ctx = self.context_raw();
        // SAFETY: a function is a global object; the entries array has `n` slots and is
        // disposed after use; each node is metadata of the function's context.
        unsafe {
            let mut n: usize = 0;
            let entries = c::LLVMGlobalCopyAllMetadata(self.raw, &mut n);
            if entries.is_null() {
                return Vec::new();
            }
            let out = (0..n)
                .filter_map(|i| c_uint::try_from(i).ok())
                .map(|i| {
                    (
                        c::LLVMValueMetadataEntriesGetKind(entries, i),
                        Md::read_from_module(
                            c::LLVMValueMetadataEntriesGetMetadata(entries, i),
                            ctx,
                        ),
                    )
                })
                .collect();
            c::LLVMDisposeValueMetadataEntries(entries);
            out
        }
    }

    /// Names the function for [`Module::delete_unused`](crate::Module::delete_unused).
    pub fn id(self) -> GlobalId {
        GlobalId(self.raw as usize)
    }

    /// Whether an argument, block or instruction of the function has a user outside it
    /// (which deleting the function would leave naming freed memory).
    pub(crate) fn locals_used_elsewhere(self) -> bool {
        let home = Home::Function(self.raw);
        let used_elsewhere = |v: LLVMValueRef| {
            // SAFETY: walking a live value's use list; each user is live.
            unsafe {
                let mut u = c::LLVMGetFirstUse(v);
                while !u.is_null() {
                    if home_of(c::LLVMGetUser(u)) != home {
                        return true;
                    }
                    u = c::LLVMGetNextUse(u);
                }
            }
            false
        };
        self.params().iter().any(|p| used_elsewhere(p.raw))
            || self.basic_blocks().iter().any(|b| used_elsewhere(b.0.raw))
            || self.instructions().iter().any(|i| used_elsewhere(i.raw))
    }
}

/// An instruction's fast-math flags (LangRef, "Fast-Math Flags"), LLVM-C's bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FastMathFlags(u32);

impl FastMathFlags {
    pub const NONE: Self = Self(llvm_sys::LLVMFastMathNone);
    pub const REASSOC: Self = Self(llvm_sys::LLVMFastMathAllowReassoc);
    pub const NO_NANS: Self = Self(llvm_sys::LLVMFastMathNoNaNs);
    pub const NO_INFS: Self = Self(llvm_sys::LLVMFastMathNoInfs);
    pub const NO_SIGNED_ZEROS: Self = Self(llvm_sys::LLVMFastMathNoSignedZeros);
    pub const ALLOW_RECIPROCAL: Self = Self(llvm_sys::LLVMFastMathAllowReciprocal);
    pub const CONTRACT: Self = Self(llvm_sys::LLVMFastMathAllowContract);
    pub const APPROX_FUNC: Self = Self(llvm_sys::LLVMFastMathApproxFunc);
    /// All seven: LLVM's `fast`.
    pub const FAST: Self = Self(llvm_sys::LLVMFastMathAll);

    pub fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn without(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }

    pub(crate) fn bits(self) -> u32 {
        self.0
    }
}

impl std::ops::BitOr for FastMathFlags {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

impl<'m> Instruction<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    /// The fast-math flags of an instruction that can carry them (floating-point arithmetic,
    /// and `phi`, `select` and calls of floating-point type); `None` for others.
    pub fn fast_math_flags(self) -> Option<FastMathFlags> {
        // SAFETY: an instruction, asked for its flags only where LLVM says it has them.
        unsafe {
            (c::LLVMCanValueUseFastMathFlags(self.raw) != 0)
                .then(|| FastMathFlags(c::LLVMGetFastMathFlags(self.raw)))
        }
    }

    /// A `phi`'s incoming blocks, one per incoming value (operand), in order; none for other
    /// instructions.
    pub fn incoming_blocks(self) -> Vec<BasicBlock<'m>> {
        if self.kind() != ValueKind::Instruction(Opcode::LLVMPHI) {
            return Vec::new();
        }
        // SAFETY: a phi, asked for blocks below its incoming count.
        unsafe {
            (0..c::LLVMCountIncoming(self.raw))
                .map(|i| {
                    BasicBlock(Value::wrap(c::LLVMBasicBlockAsValue(
                        c::LLVMGetIncomingBlock(self.raw, i),
                    )))
                })
                .collect()
        }
    }
}

impl<'m> BasicBlock<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    /// The block's instructions, in order.
    pub fn instructions(self) -> Vec<Instruction<'m>> {
        let mut out = Vec::new();
        // SAFETY: a basic block's value (checked on construction), and its instruction list.
        unsafe {
            let bb = c::LLVMValueAsBasicBlock(self.0.raw);
            let mut i = c::LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                out.push(Instruction(Value::wrap(i)));
                i = c::LLVMGetNextInstruction(i);
            }
        }
        out
    }
}

impl<'m> Call<'m> {
    /// The function type the call is made with. A direct call's may differ from its callee's
    /// (valid IR): the call was written against another module's declaration of the callee.
    pub fn function_type(self) -> Type<'m> {
        // SAFETY: a call instruction.
        Type::wrap(unsafe { c::LLVMGetCalledFunctionType(self.raw) })
    }

    /// The callee operand (a function for direct calls).
    pub fn callee(self) -> Value<'m> {
        // SAFETY: a call instruction.
        Value::wrap(unsafe { c::LLVMGetCalledValue(self.raw) })
    }

    pub fn num_args(self) -> u32 {
        // SAFETY: a call instruction.
        unsafe { c::LLVMGetNumArgOperands(self.raw) }
    }

    /// Argument `i` (the call's operand `i`; the callee comes after the arguments).
    pub fn arg(self, i: u32) -> Option<Value<'m>> {
        if i >= self.num_args() {
            return None;
        }
        self.operand(i)
    }
}

/// LLVM's kind number of the enum attribute `name`, if there is one.
/// The function attributes [`Function::add_enum_attribute`] adds: LLVM enum attributes that
/// carry no value (the C API cannot tell those apart from integer and type attributes).
const VALUELESS_FUNCTION_ATTRIBUTES: &[&str] = &[
    "alwaysinline",
    "cold",
    "convergent",
    "hot",
    "minsize",
    "mustprogress",
    "nofree",
    "noinline",
    "norecurse",
    "noreturn",
    "nosync",
    "nounwind",
    "optnone",
    "optsize",
    "willreturn",
];

fn enum_attribute_kind(name: &str) -> Option<c_uint> {
    // SAFETY: the name is read for its length; 0 means no such attribute.
    let kind =
        unsafe { c::LLVMGetEnumAttributeKindForName(name.as_ptr() as *const c_char, name.len()) };
    (kind != 0).then_some(kind)
}
