//! Checked instruction building.

use std::ffi::{CStr, c_uint};
use std::marker::PhantomData;
use std::ptr;

use llvm_sys::core as c;
use llvm_sys::debuginfo as di;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMCallConv, LLVMOpcode};

use crate::function::{FastMathFlags, Function, Instruction};
use crate::home::{Home, admits, home_of};
use crate::types::{Type, TypeKind};
use crate::value::{Value, ValueKind};

/// A function with its type, calling convention and parameter types looked up once, for
/// building many calls of it.
pub struct Callee<'m> {
    pub(crate) function: Function<'m>,
    pub(crate) fn_ty: Type<'m>,
    pub(crate) params: Vec<LLVMTypeRef>,
    pub(crate) cc: u32,
}

impl<'m> Callee<'m> {
    pub fn new(function: Function<'m>) -> Self {
        let fn_ty = function.function_type();
        // SAFETY: a function type (a function's value type); the array has exactly `n` slots.
        let params = unsafe {
            let n = c::LLVMCountParamTypes(fn_ty.raw) as usize;
            let mut params = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetParamTypes(fn_ty.raw, params.as_mut_ptr());
            }
            params
        };
        Callee {
            function,
            fn_ty,
            params,
            cc: function.calling_conv(),
        }
    }

    pub fn function(&self) -> Function<'m> {
        self.function
    }

    /// The arguments have the parameters' types, one for one.
    pub(crate) fn accepts(&self, args: &[Value<'_>]) -> bool {
        args.len() == self.params.len()
            && args.iter().zip(&self.params).all(|(a, &p)| a.ty().raw == p)
    }
}

/// An instruction builder positioned before a given instruction. Each build checks what LLVM
/// requires of its operands (pointer operands, matching call arguments, integer casts) and
/// gives `None` otherwise.
pub struct Builder<'m> {
    pub(crate) raw: LLVMBuilderRef,
    pub(crate) ctx: LLVMContextRef,
    /// The module it builds in, borrowed for `'m`.
    pub(crate) module: LLVMModuleRef,
    /// The instruction it is positioned before (null: not positioned, and nothing is built).
    /// It stays allocated while the module is borrowed (erased instructions are freed only
    /// under `&mut Module`), so whether it is still in a block can always be asked.
    pub(crate) at: std::cell::Cell<LLVMValueRef>,
    pub(crate) _m: PhantomData<&'m ()>,
}

impl Drop for Builder<'_> {
    fn drop(&mut self) {
        // SAFETY: we own the builder.
        unsafe { c::LLVMDisposeBuilder(self.raw) }
    }
}

impl<'m> Builder<'m> {
    fn is_pointer(v: Value<'_>) -> bool {
        v.ty().kind() == TypeKind::Pointer
    }

    /// Whether the builder is positioned before an instruction still in the module (not
    /// erased since), and every value may be used there: of the module, and arguments and
    /// instructions of the function it builds in.
    pub(crate) fn admits(&self, values: &[Value<'_>]) -> bool {
        let at = self.at.get();
        if at.is_null() {
            return false;
        }
        // SAFETY: `at` is an instruction of the borrowed module, allocated until the module is
        // next changed as a whole, which the borrow excludes.
        let Home::Function(function) = (unsafe { home_of(at) }) else {
            return false;
        };
        !function.is_null()
            && Home::Function(function).module() == Some(self.module)
            && values
                .iter()
                .all(|v| admits(self.module, self.ctx, Some(function), v.raw))
    }

    fn admits_type(&self, ty: Type<'_>) -> bool {
        ty.is_of(self.ctx)
    }

    /// Positions the builder before `inst`; `false` (and unpositioned) if `inst` is not in
    /// the builder's module (another module's, or erased).
    pub fn position_before(&self, inst: Instruction<'m>) -> bool {
        // SAFETY: a live handle.
        let home = unsafe { home_of(inst.raw) };
        if !matches!(home, Home::Function(f) if !f.is_null()) || home.module() != Some(self.module)
        {
            self.at.set(ptr::null_mut());
            return false;
        }
        // SAFETY: an instruction in a basic block of the builder's module.
        unsafe { c::LLVMPositionBuilderBefore(self.raw, inst.raw) };
        self.at.set(inst.raw);
        true
    }

    /// An unnamed call with the callee's calling convention.
    pub fn call(&self, callee: &Callee<'m>, args: &[Value<'m>]) -> Option<Value<'m>> {
        if !callee.accepts(args) || !self.admits(args) || !self.admits(&[callee.function.0]) {
            return None;
        }
        let n = c_uint::try_from(args.len()).ok()?;
        // SAFETY: the arguments match the function type's parameters; `Value` is a
        // transparent `LLVMValueRef` and LLVM only reads the array.
        unsafe {
            let v = c::LLVMBuildCall2(
                self.raw,
                callee.fn_ty.raw,
                callee.function.raw,
                args.as_ptr() as *mut LLVMValueRef,
                n,
                c"".as_ptr(),
            );
            c::LLVMSetInstructionCallConv(v, callee.cc);
            Some(Value::wrap(v))
        }
    }

    /// `alloca <ty>, <count type> <count>, align <align>`.
    pub fn array_alloca(&self, ty: Type<'m>, count: Value<'m>, align: u32) -> Option<Value<'m>> {
        if !ty.is_sized()
            || count.ty().int_width().is_none()
            || !self.admits_type(ty)
            || !self.admits(&[count])
        {
            return None;
        }
        // SAFETY: a sized element type and an integer count; the alignment is set on the new
        // alloca.
        unsafe {
            let v = c::LLVMBuildArrayAlloca(self.raw, ty.raw, count.raw, c"".as_ptr());
            c::LLVMSetAlignment(v, align);
            Some(Value::wrap(v))
        }
    }

    pub fn store(&self, val: Value<'m>, ptr: Value<'m>) -> Option<Value<'m>> {
        if !Self::is_pointer(ptr) || !val.ty().is_sized() || !self.admits(&[val, ptr]) {
            return None;
        }
        // SAFETY: a sized value stored through a pointer.
        Some(Value::wrap(unsafe {
            c::LLVMBuildStore(self.raw, val.raw, ptr.raw)
        }))
    }

    /// `load <ty>, ptr <ptr>, align <align>`.
    pub fn load(&self, ty: Type<'m>, ptr: Value<'m>, align: u32, name: &CStr) -> Option<Value<'m>> {
        if !Self::is_pointer(ptr) || !ty.is_sized() || !self.admits_type(ty) || !self.admits(&[ptr])
        {
            return None;
        }
        // SAFETY: a sized type loaded through a pointer; the alignment is set on the new load.
        unsafe {
            let v = c::LLVMBuildLoad2(self.raw, ty.raw, ptr.raw, name.as_ptr());
            c::LLVMSetAlignment(v, align);
            Some(Value::wrap(v))
        }
    }

    /// `getelementptr i8, ptr <base>, i<index_bits> <offset>` (not inbounds, like DPC++).
    pub fn byte_gep(
        &self,
        base: Value<'m>,
        offset: u64,
        index_bits: u32,
        name: &CStr,
    ) -> Option<Value<'m>> {
        if !Self::is_pointer(base) || !self.admits(&[base]) {
            return None;
        }
        // SAFETY: types and a constant of the builder's context; a pointer base and one
        // integer index.
        unsafe {
            let i8t = c::LLVMInt8TypeInContext(self.ctx);
            let index_ty = c::LLVMIntTypeInContext(self.ctx, index_bits);
            let mut idx = [c::LLVMConstInt(index_ty, offset, 0)];
            Some(Value::wrap(c::LLVMBuildGEP2(
                self.raw,
                i8t,
                base.raw,
                idx.as_mut_ptr(),
                1,
                name.as_ptr(),
            )))
        }
    }

    /// `addrspacecast` of a pointer to the pointer type `ty` (of another address space).
    pub fn address_space_cast(
        &self,
        val: Value<'m>,
        ty: Type<'m>,
        name: &CStr,
    ) -> Option<Value<'m>> {
        let (from, to) = (
            val.ty().pointer_address_space()?,
            ty.pointer_address_space()?,
        );
        if from == to || !self.admits_type(ty) || !self.admits(&[val]) {
            return None;
        }
        // SAFETY: a pointer cast to a pointer type of a different address space.
        Some(Value::wrap(unsafe {
            c::LLVMBuildAddrSpaceCast(self.raw, val.raw, ty.raw, name.as_ptr())
        }))
    }

    /// Element `index` of a fixed vector.
    pub fn extract_element(&self, vec: Value<'m>, index: u32) -> Option<Value<'m>> {
        let ty = vec.ty();
        if ty.kind() != TypeKind::FixedVector
            || u64::from(index) >= ty.sequence_len()
            || !self.admits(&[vec])
        {
            return None;
        }
        // SAFETY: an in-range constant index into a fixed vector of the builder's function.
        Some(Value::wrap(unsafe {
            let idx = c::LLVMConstInt(c::LLVMInt32TypeInContext(self.ctx), u64::from(index), 0);
            c::LLVMBuildExtractElement(self.raw, vec.raw, idx, c"".as_ptr())
        }))
    }

    /// `and`, `or` or `xor` of two integers of one type.
    pub fn logic(&self, op: Logic, a: Value<'m>, b: Value<'m>) -> Option<Value<'m>> {
        if a.ty().int_width().is_none() || a.ty() != b.ty() || !self.admits(&[a, b]) {
            return None;
        }
        // SAFETY: a bitwise operation on two integers of one type, of the builder's function.
        Some(Value::wrap(unsafe {
            match op {
                Logic::And => c::LLVMBuildAnd(self.raw, a.raw, b.raw, c"".as_ptr()),
                Logic::Or => c::LLVMBuildOr(self.raw, a.raw, b.raw, c"".as_ptr()),
                Logic::Xor => c::LLVMBuildXor(self.raw, a.raw, b.raw, c"".as_ptr()),
            }
        }))
    }

    /// The bitwise complement of an integer.
    pub fn not(&self, a: Value<'m>) -> Option<Value<'m>> {
        if a.ty().int_width().is_none() || !self.admits(&[a]) {
            return None;
        }
        // SAFETY: the complement of an integer of the builder's function.
        Some(Value::wrap(unsafe {
            c::LLVMBuildNot(self.raw, a.raw, c"".as_ptr())
        }))
    }

    /// A copy of the floating-point binary instruction `inst` (`fadd`, `fsub`, `fmul`, `fdiv`,
    /// `frem`), built before it, whose fast-math flags are exactly `flags` (LLVM-C can add
    /// flags to an instruction but not take any away), with its operands, debug location and
    /// other metadata; the caller replaces `inst` with it. `None` for other instructions, one
    /// not in the builder's module, or constant operands (which the builder would fold).
    pub fn float_binary_with_flags(
        &self,
        inst: Instruction<'m>,
        flags: FastMathFlags,
    ) -> Option<Value<'m>> {
        use LLVMOpcode::*;
        let op = match inst.kind() {
            ValueKind::Instruction(op @ (LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem)) => {
                op
            }
            _ => return None,
        };
        let (lhs, rhs) = (inst.operand(0)?, inst.operand(1)?);
        // SAFETY: kind tests on live values.
        let constant = |v: Value<'_>| !unsafe { c::LLVMIsAConstant(v.raw) }.is_null();
        if (constant(lhs) && constant(rhs))
            || !self.position_before(inst)
            || !self.admits(&[lhs, rhs])
        {
            return None;
        }
        // SAFETY: a binary operator of the original's opcode on its own operands, in its
        // function; both are instructions, so the flag, location and metadata calls apply, and
        // the new one has no flags before they are set. The metadata entries are disposed.
        unsafe {
            let new = c::LLVMBuildBinOp(self.raw, op, lhs.raw, rhs.raw, c"".as_ptr());
            if c::LLVMIsAInstruction(new).is_null() {
                return None;
            }
            c::LLVMSetFastMathFlags(new, flags.bits());
            di::LLVMInstructionSetDebugLoc(new, di::LLVMInstructionGetDebugLoc(inst.raw));
            let mut count = 0usize;
            let entries = c::LLVMInstructionGetAllMetadataOtherThanDebugLoc(inst.raw, &mut count);
            if !entries.is_null() {
                for i in 0..u32::try_from(count).unwrap_or(0) {
                    let kind = c::LLVMValueMetadataEntriesGetKind(entries, i);
                    let md = c::LLVMValueMetadataEntriesGetMetadata(entries, i);
                    c::LLVMSetMetadata(new, kind, c::LLVMMetadataAsValue(self.ctx, md));
                }
                c::LLVMDisposeValueMetadataEntries(entries);
            }
            Some(Value::wrap(new))
        }
    }

    /// Integer truncation to the narrower integer type `ty`.
    pub fn trunc(&self, val: Value<'m>, ty: Type<'m>, name: &CStr) -> Option<Value<'m>> {
        let (from, to) = (val.ty().int_width()?, ty.int_width()?);
        if to >= from || !self.admits_type(ty) || !self.admits(&[val]) {
            return None;
        }
        // SAFETY: truncation from a wider to a narrower integer type.
        Some(Value::wrap(unsafe {
            c::LLVMBuildTrunc(self.raw, val.raw, ty.raw, name.as_ptr())
        }))
    }
}

/// The bitwise operations [`Builder::logic`] builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logic {
    And,
    Or,
    Xor,
}

/// The `spir_func` calling convention number.
pub const SPIR_FUNC_CC: u32 = LLVMCallConv::LLVMSPIRFUNCCallConv as u32;
/// LLVM's `ptx_kernel` calling convention (`CallingConv::PTX_Kernel`), which llvm-sys does not
/// name.
pub const PTX_KERNEL_CC: u32 = 71;
/// The C calling convention: NVPTX device functions.
pub const C_CC: u32 = LLVMCallConv::LLVMCCallConv as u32;

pub fn opcode_is(v: Value<'_>, op: LLVMOpcode) -> bool {
    matches!(v.kind(), ValueKind::Instruction(o) | ValueKind::ConstantExpr(o) if o == op)
}
