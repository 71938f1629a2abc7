//! Values of any kind, their queries, and global variables.

use std::ffi::{c_char, c_uint};
use std::marker::PhantomData;
use std::ptr;

use llvm_sys::core as c;
use llvm_sys::prelude::*;

use crate::Opcode;
use crate::builder::opcode_is;
use crate::details::{Details, instruction_details, push_attributes};
use crate::function::{BasicBlock, Call, Function, Instruction};
use crate::home::{Home, admits, home_of, users_in};
use crate::module::GlobalId;
use crate::types::{Md, Type, TypeKind};

/// Any LLVM value: function, global, instruction, constant, argument. `'m` is the borrow of
/// the module the value was found in (or, for constants, of the context that owns them), so
/// no handle outlives its module; a module is changed as a whole (linked, run through passes,
/// emitted) only through `&mut Module`, which no handle can coexist with.
// Transparent, so a `&[Value]` can be handed to LLVM as an array of `LLVMValueRef`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct Value<'m> {
    pub(crate) raw: LLVMValueRef,
    pub(crate) _m: PhantomData<&'m ()>,
}

/// A global variable, obtained from the module or by checked conversion
/// ([`Value::as_global_variable`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GlobalVariable<'m>(pub(crate) Value<'m>);

impl<'m> std::ops::Deref for GlobalVariable<'m> {
    type Target = Value<'m>;
    fn deref(&self) -> &Value<'m> {
        &self.0
    }
}

/// The kind of an LLVM value, as far as the pass needs to tell them apart.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum ValueKind {
    Function,
    GlobalVariable,
    Argument,
    Instruction(Opcode),
    ConstantExpr(Opcode),
    ConstantInt,
    ConstantFp,
    ConstantAggregateZero,
    /// `ConstantStruct`, `ConstantArray`, `ConstantVector`.
    ConstantAggregate,
    ConstantDataSequential,
    ConstantPointerNull,
    Undef,
    /// A basic block as an operand (a branch's target).
    BasicBlock,
    /// Metadata as an operand (`MetadataAsValue`: an intrinsic's `metadata !"…"`).
    Metadata,
    Other,
}

impl<'m> Value<'m> {
    pub(crate) fn wrap(raw: LLVMValueRef) -> Self {
        Value {
            raw,
            _m: PhantomData,
        }
    }

    pub fn kind(self) -> ValueKind {
        use llvm_sys::LLVMValueKind as K;
        // One call instead of a chain of `LLVMIsA*` checks: this runs several times per getter
        // call and showed up in profiles of large modules.
        // SAFETY: every value has a kind; the opcode queries match the kind checked.
        unsafe {
            let v = self.raw;
            match c::LLVMGetValueKind(v) {
                K::LLVMFunctionValueKind => ValueKind::Function,
                K::LLVMGlobalVariableValueKind => ValueKind::GlobalVariable,
                K::LLVMArgumentValueKind => ValueKind::Argument,
                K::LLVMInstructionValueKind => {
                    ValueKind::Instruction(c::LLVMGetInstructionOpcode(v))
                }
                K::LLVMConstantExprValueKind => ValueKind::ConstantExpr(c::LLVMGetConstOpcode(v)),
                K::LLVMConstantIntValueKind => ValueKind::ConstantInt,
                K::LLVMConstantFPValueKind => ValueKind::ConstantFp,
                K::LLVMConstantAggregateZeroValueKind => ValueKind::ConstantAggregateZero,
                K::LLVMConstantStructValueKind
                | K::LLVMConstantArrayValueKind
                | K::LLVMConstantVectorValueKind => ValueKind::ConstantAggregate,
                K::LLVMConstantDataArrayValueKind | K::LLVMConstantDataVectorValueKind => {
                    ValueKind::ConstantDataSequential
                }
                K::LLVMConstantPointerNullValueKind => ValueKind::ConstantPointerNull,
                // Poison is an UndefValue too (what `LLVMIsUndef` tests).
                K::LLVMUndefValueValueKind | K::LLVMPoisonValueKind => ValueKind::Undef,
                K::LLVMBasicBlockValueKind => ValueKind::BasicBlock,
                K::LLVMMetadataAsValueValueKind => ValueKind::Metadata,
                _ => ValueKind::Other,
            }
        }
    }

    pub fn as_function(self) -> Option<Function<'m>> {
        (self.kind() == ValueKind::Function).then_some(Function(self))
    }

    pub fn as_global_variable(self) -> Option<GlobalVariable<'m>> {
        (self.kind() == ValueKind::GlobalVariable).then_some(GlobalVariable(self))
    }

    pub fn as_instruction(self) -> Option<Instruction<'m>> {
        matches!(self.kind(), ValueKind::Instruction(_)).then_some(Instruction(self))
    }

    pub fn as_call(self) -> Option<Call<'m>> {
        matches!(self.kind(), ValueKind::Instruction(Opcode::LLVMCall))
            .then_some(Call(Instruction(self)))
    }

    pub fn as_basic_block(self) -> Option<BasicBlock<'m>> {
        (self.kind() == ValueKind::BasicBlock).then_some(BasicBlock(self))
    }

    /// Whether this is `poison` (which [`ValueKind::Undef`] includes).
    pub fn is_poison(self) -> bool {
        // SAFETY: a kind test on any value.
        unsafe { c::LLVMIsPoison(self.raw) != 0 }
    }

    /// A global value's linkage (functions, variables, aliases); `None` for other values.
    pub fn linkage(self) -> Option<Linkage> {
        use llvm_sys::LLVMLinkage as L;
        // SAFETY: checked to be a global value, which the linkage query casts to.
        let linkage = unsafe {
            if c::LLVMIsAGlobalValue(self.raw).is_null() {
                return None;
            }
            c::LLVMGetLinkage(self.raw)
        };
        Some(match linkage {
            L::LLVMExternalLinkage => Linkage::External,
            L::LLVMAvailableExternallyLinkage => Linkage::AvailableExternally,
            L::LLVMLinkOnceAnyLinkage => Linkage::LinkOnceAny,
            L::LLVMLinkOnceODRLinkage => Linkage::LinkOnceOdr,
            L::LLVMWeakAnyLinkage => Linkage::WeakAny,
            L::LLVMWeakODRLinkage => Linkage::WeakOdr,
            L::LLVMAppendingLinkage => Linkage::Appending,
            L::LLVMInternalLinkage => Linkage::Internal,
            L::LLVMPrivateLinkage => Linkage::Private,
            L::LLVMExternalWeakLinkage => Linkage::ExternalWeak,
            L::LLVMCommonLinkage => Linkage::Common,
            _ => Linkage::Other,
        })
    }

    /// What tells this value apart from others of its kind, opcode, type and operands
    /// ([`Details`]); `None` for instructions and constant expressions with facts this layer
    /// cannot read (exception handling, `callbr`, constant expressions with flags or masks),
    /// which are then the same as nothing but themselves.
    pub fn details(self) -> Option<Details<'m>> {
        let mut d = Details::default();
        // SAFETY: each query is asked of the kind it is defined on (checked by `kind()`).
        unsafe {
            match self.kind() {
                ValueKind::Instruction(op) => instruction_details(self.raw, op, &mut d)?,
                ValueKind::ConstantExpr(Opcode::LLVMGetElementPtr) => {
                    d.numbers
                        .push(u64::from(c::LLVMGEPGetNoWrapFlags(self.raw)));
                    d.types
                        .push(Type::wrap(c::LLVMGetGEPSourceElementType(self.raw)));
                }
                ValueKind::ConstantExpr(
                    Opcode::LLVMPtrToInt
                    | Opcode::LLVMPtrToAddr
                    | Opcode::LLVMIntToPtr
                    | Opcode::LLVMBitCast
                    | Opcode::LLVMAddrSpaceCast
                    | Opcode::LLVMXor
                    | Opcode::LLVMExtractElement
                    | Opcode::LLVMInsertElement,
                ) => {}
                ValueKind::ConstantExpr(_) => return None,
                ValueKind::Function => {
                    d.numbers
                        .push(u64::from(c::LLVMGetFunctionCallConv(self.raw)));
                    d.types
                        .push(Type::wrap(c::LLVMGlobalGetValueType(self.raw)));
                    let n = c::LLVMCountParams(self.raw);
                    for index in 0..=n {
                        let count = c::LLVMGetAttributeCountAtIndex(self.raw, index);
                        let mut attributes = vec![ptr::null_mut(); count as usize];
                        if count > 0 {
                            c::LLVMGetAttributesAtIndex(self.raw, index, attributes.as_mut_ptr());
                        }
                        push_attributes(&mut d, index, &attributes);
                    }
                }
                ValueKind::GlobalVariable => {
                    d.numbers.extend([
                        u64::from(c::LLVMIsGlobalConstant(self.raw) != 0),
                        u64::from(c::LLVMIsThreadLocal(self.raw) != 0),
                        u64::from(c::LLVMGetAlignment(self.raw)),
                        u64::from(c::LLVMGetPointerAddressSpace(c::LLVMTypeOf(self.raw))),
                        c::LLVMGetUnnamedAddress(self.raw) as u64,
                    ]);
                    d.types
                        .push(Type::wrap(c::LLVMGlobalGetValueType(self.raw)));
                }
                _ => {}
            }
        }
        Some(d)
    }

    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: returns a pointer to `len` bytes owned by the value.
        unsafe {
            let p = c::LLVMGetValueName2(self.raw, &mut len);
            if p.is_null() {
                return String::new();
            }
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
        }
    }

    pub fn set_name(self, name: &str) {
        // SAFETY: LLVM copies the name.
        unsafe { c::LLVMSetValueName2(self.raw, name.as_ptr() as *const c_char, name.len()) }
    }

    pub fn ty(self) -> Type<'m> {
        // SAFETY: every value has a type.
        Type::wrap(unsafe { c::LLVMTypeOf(self.raw) })
    }

    /// Operand count of users (instructions, constants); 0 for other values.
    pub fn num_operands(self) -> u32 {
        // SAFETY: checked to be a user, which the count query casts to.
        let n = unsafe {
            if c::LLVMIsAUser(self.raw).is_null() {
                return 0;
            }
            c::LLVMGetNumOperands(self.raw)
        };
        u32::try_from(n).unwrap_or(0)
    }

    pub fn operand(self, i: u32) -> Option<Value<'m>> {
        if i >= self.num_operands() {
            return None;
        }
        // SAFETY: a user (it has operands), and the index is in range.
        let v = unsafe { c::LLVMGetOperand(self.raw, i) };
        (!v.is_null()).then(|| Value::wrap(v))
    }

    /// Users in use-list order (what LLVM's `users()` yields: a user once per use) that live
    /// where this value does: in its module, or in the context (constants naming no global).
    /// A constant naming no global (`{i32 1, i32 2}`) is shared by every module of the
    /// context, and so is its use list: the users it lists are constants naming no global.
    pub fn users(self) -> Vec<Value<'m>> {
        // SAFETY: a live handle.
        let module = match unsafe { home_of(self.raw) } {
            Home::Context => None,
            Home::Unknown => return Vec::new(),
            home => match home.module() {
                Some(m) if !m.is_null() => Some(m),
                _ => return Vec::new(),
            },
        };
        users_in(self.raw, module)
    }

    pub fn has_users(self) -> bool {
        // SAFETY: reading the head of the use list.
        !unsafe { c::LLVMGetFirstUse(self.raw) }.is_null()
    }

    /// For `ptr addrspace(N)` values: N.
    pub fn pointer_address_space(self) -> Option<u32> {
        self.ty().pointer_address_space()
    }

    /// Whether this is an `i8` `ConstantDataSequential` (what `const_bytes` reads), without
    /// copying the bytes.
    pub fn is_constant_string(self) -> bool {
        // SAFETY: LLVMIsConstantString is only called on data sequentials.
        unsafe {
            !c::LLVMIsAConstantDataSequential(self.raw).is_null()
                && c::LLVMIsConstantString(self.raw) != 0
        }
    }

    /// For `ConstantDataSequential` of `i8`: the raw bytes.
    pub fn const_bytes(self) -> Option<Vec<u8>> {
        // SAFETY: LLVMIsConstantString guards LLVMGetAsString.
        unsafe {
            if c::LLVMIsAConstantDataSequential(self.raw).is_null()
                || c::LLVMIsConstantString(self.raw) == 0
            {
                return None;
            }
            let mut len = 0usize;
            let p = c::LLVMGetAsString(self.raw, &mut len);
            if p.is_null() {
                return Some(Vec::new());
            }
            Some(std::slice::from_raw_parts(p as *const u8, len).to_vec())
        }
    }

    /// `Constant::getAggregateElement`: works for aggregates, data sequentials, zero and undef;
    /// `None` for anything else, non-constants included.
    pub fn aggregate_element(self, idx: u32) -> Option<Value<'m>> {
        // SAFETY: checked to be a constant, which the C API's cast requires; it returns null
        // for constants without such an element.
        let v = unsafe {
            if c::LLVMIsAConstant(self.raw).is_null() {
                return None;
            }
            c::LLVMGetAggregateElement(self.raw, idx)
        };
        (!v.is_null()).then(|| Value::wrap(v))
    }

    /// For an `icmp` instruction: `Some(true)` for `eq`, `Some(false)` for `ne`, `None` for
    /// other predicates and other values.
    pub fn icmp_equality(self) -> Option<bool> {
        if self.kind() != ValueKind::Instruction(Opcode::LLVMICmp) {
            return None;
        }
        // SAFETY: checked to be an icmp instruction.
        match unsafe { c::LLVMGetICmpPredicate(self.raw) } {
            llvm_sys::LLVMIntPredicate::LLVMIntEQ => Some(true),
            llvm_sys::LLVMIntPredicate::LLVMIntNE => Some(false),
            _ => None,
        }
    }

    /// For `ConstantInt` up to 64 bits: the zero-extended value.
    pub fn const_int_zext(self) -> Option<u64> {
        if self.kind() != ValueKind::ConstantInt {
            return None;
        }
        if self.ty().int_width().is_none_or(|w| w > 64) {
            return None;
        }
        // SAFETY: checked to be a ConstantInt of at most 64 bits.
        Some(unsafe { c::LLVMConstIntGetZExtValue(self.raw) })
    }

    /// For `ConstantInt` up to 64 bits: the sign-extended value.
    pub fn const_int_sext(self) -> Option<i64> {
        if self.kind() != ValueKind::ConstantInt {
            return None;
        }
        if self.ty().int_width().is_none_or(|w| w > 64) {
            return None;
        }
        // SAFETY: checked to be a ConstantInt of at most 64 bits.
        Some(unsafe { c::LLVMConstIntGetSExtValue(self.raw) })
    }

    /// For GEP instructions and constant expressions: the source element type.
    pub fn gep_source_type(self) -> Option<Type<'m>> {
        if !opcode_is(self, Opcode::LLVMGetElementPtr) {
            return None;
        }
        // SAFETY: checked to be a GEP.
        let t = unsafe { c::LLVMGetGEPSourceElementType(self.raw) };
        (!t.is_null()).then(|| Type::wrap(t))
    }

    /// For `ConstantFP`: the IEEE bit pattern (bitcast folded by LLVM's constant folder).
    pub fn const_fp_bits(self) -> Option<u64> {
        if self.kind() != ValueKind::ConstantFp {
            return None;
        }
        let ty = self.ty();
        let bits = ty.fp_bits()?;
        // Float and double values other than NaN round-trip exactly through a `double`, which
        // is much cheaper than folding a bitcast (that also leaves a new `ConstantInt` in the
        // context for every default). NaN payloads and 16-bit types take the bitcast.
        if matches!(ty.kind(), TypeKind::Float | TypeKind::Double) {
            let mut loses: LLVMBool = 0;
            // SAFETY: checked to be a ConstantFP of float or double type.
            let d = unsafe { c::LLVMConstRealGetDouble(self.raw, &mut loses) };
            if loses == 0 && !d.is_nan() {
                return Some(if bits == 32 {
                    u64::from((d as f32).to_bits())
                } else {
                    d.to_bits()
                });
            }
        }
        // SAFETY: an integer type of the value's own context, and a bitcast between
        // same-sized scalar types, which folds to a ConstantInt.
        let folded = unsafe {
            let ity = c::LLVMIntTypeInContext(c::LLVMGetTypeContext(ty.raw), bits);
            Value::wrap(c::LLVMConstBitCast(self.raw, ity))
        };
        folded.const_int_zext()
    }

    /// Replaces every use of `self` with `new`, which must have the same type (LLVM's own
    /// requirement; the type check also keeps values of two contexts apart) and may be used
    /// where `self` is: a local's replacement is of its module and function, a global's of
    /// its module and of no function. `self` is an instruction, argument or global (constants
    /// are uniqued: LLVM does not replace their uses).
    pub fn replace_all_uses_with(self, new: Value<'_>) -> Result<(), String> {
        if self.raw == new.raw {
            return Err("internal: replacing a value with itself".into());
        }
        // The uses of a global value may be in any of its module's functions, so only values
        // of no function may replace it; those of a local are in its own function.
        // SAFETY: a live handle.
        let admitted = match unsafe { home_of(self.raw) } {
            Home::Module(module) => {
                admits(module, self.ty().context_raw(), None, new.raw)
                    // SAFETY: a live handle.
                    && !matches!(unsafe { home_of(new.raw) }, Home::Function(_))
            }
            Home::Function(f) if !f.is_null() => Home::Function(f)
                .module()
                .is_some_and(|m| admits(m, self.ty().context_raw(), Some(f), new.raw)),
            _ => false,
        };
        if !admitted {
            return Err(
                "internal: replacing a value with one of another module or function, \
                 or an erased one"
                    .into(),
            );
        }
        let (old_ty, new_ty) = (self.ty(), new.ty());
        if old_ty.raw != new_ty.raw {
            return Err(format!(
                "internal: replacing a value of type {} with one of type {}",
                old_ty.print(),
                new_ty.print()
            ));
        }
        // SAFETY: two values of the same type, so of the same context.
        unsafe { c::LLVMReplaceAllUsesWith(self.raw, new.raw) }
        Ok(())
    }

    /// For instructions: the function containing it.
    pub fn parent_function(self) -> Option<Function<'m>> {
        // SAFETY: instruction → block → function, each checked for null.
        unsafe {
            if c::LLVMIsAInstruction(self.raw).is_null() {
                return None;
            }
            let bb = c::LLVMGetInstructionParent(self.raw);
            if bb.is_null() {
                return None;
            }
            let f = c::LLVMGetBasicBlockParent(bb);
            (!f.is_null()).then(|| Function(Value::wrap(f)))
        }
    }

    /// For `ret` instructions: the returned value.
    pub fn return_value(self) -> Option<Value<'m>> {
        if !matches!(self.kind(), ValueKind::Instruction(Opcode::LLVMRet)) {
            return None;
        }
        self.operand(0)
    }

    /// Operands of an MDNode-as-value: MDStrings come back as metadata values, constants as
    /// themselves.
    pub fn md_node_operands(self) -> Vec<Value<'m>> {
        // SAFETY: checked to be an MDNode; the destination has exactly the reported number
        // of slots.
        unsafe {
            if c::LLVMIsAMDNode(self.raw).is_null() {
                return Vec::new();
            }
            let n = c::LLVMGetMDNodeNumOperands(self.raw) as usize;
            let mut v: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetMDNodeOperands(self.raw, v.as_mut_ptr());
            }
            v.into_iter()
                .filter(|p| !p.is_null())
                .map(Value::wrap)
                .collect()
        }
    }

    pub fn md_string(self) -> Option<String> {
        // SAFETY: LLVMIsAMDString guards LLVMGetMDString.
        unsafe {
            if c::LLVMIsAMDString(self.raw).is_null() {
                return None;
            }
            let mut len: c_uint = 0;
            let p = c::LLVMGetMDString(self.raw, &mut len);
            if p.is_null() {
                return Some(String::new());
            }
            Some(
                String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize))
                    .into_owned(),
            )
        }
    }

    /// A constant as metadata (`ConstantAsMetadata`); `None` for non-constants and for
    /// constants naming a global value: metadata is the context's, and would name the global
    /// from any module (LLVM frees the wrapper when the global is replaced or deleted).
    pub fn as_md(self) -> Option<Md<'m>> {
        // SAFETY: a live handle.
        if unsafe { home_of(self.raw) } != Home::Context {
            return None;
        }
        // SAFETY: checked to be a constant naming no global, which LLVM wraps as
        // ValueAsMetadata owned by the context.
        unsafe {
            if c::LLVMIsAConstant(self.raw).is_null() {
                return None;
            }
            let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(self.raw));
            Some(Md::wrap(c::LLVMValueAsMetadata(self.raw), ctx))
        }
    }
}

impl<'m> GlobalVariable<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    pub fn initializer(self) -> Option<Value<'m>> {
        // SAFETY: a global variable; declarations have a null initializer.
        let v = unsafe { c::LLVMGetInitializer(self.raw) };
        (!v.is_null()).then(|| Value::wrap(v))
    }

    /// Sets the global's alignment in bytes (a power of two; LLVM asserts on others, so
    /// others are refused).
    pub fn set_alignment(self, bytes: u32) -> bool {
        if !bytes.is_power_of_two() {
            return false;
        }
        // SAFETY: a global variable is a global value; the alignment is a power of two.
        unsafe { c::LLVMSetAlignment(self.raw, bytes) };
        true
    }

    /// Gives the global internal linkage (no longer visible outside the module).
    pub fn set_internal_linkage(self) {
        // SAFETY: a global variable is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMInternalLinkage) }
    }

    pub fn linkage_is_private_or_internal(self) -> bool {
        // SAFETY: a global variable is a global value.
        let l = unsafe { c::LLVMGetLinkage(self.raw) };
        matches!(
            l,
            llvm_sys::LLVMLinkage::LLVMPrivateLinkage | llvm_sys::LLVMLinkage::LLVMInternalLinkage
        )
    }

    /// The global's address cast (a folded `addrspacecast` constant) to `ty`, a pointer type
    /// of another address space; `None` for any other type (one of another context included).
    pub fn address_cast_to(self, ty: Type<'_>) -> Option<Value<'m>> {
        if !ty.is_of(self.ty().context_raw()) {
            return None;
        }
        let from = self.pointer_address_space()?;
        let to = ty.pointer_address_space()?;
        // SAFETY: a pointer constant cast to a pointer type of another address space, which
        // is what the constant folder accepts.
        (from != to).then(|| Value::wrap(unsafe { c::LLVMConstAddrSpaceCast(self.raw, ty.raw) }))
    }

    /// Names the global for [`Module::delete_unused`](crate::Module::delete_unused).
    pub fn id(self) -> GlobalId {
        GlobalId(self.raw as usize)
    }
}

/// A global value's linkage ([`Value::linkage`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Linkage {
    External,
    AvailableExternally,
    LinkOnceAny,
    LinkOnceOdr,
    WeakAny,
    WeakOdr,
    Appending,
    Internal,
    Private,
    ExternalWeak,
    Common,
    Other,
}

impl Linkage {
    /// Internal or private: the module's own, whatever its name.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Internal | Linkage::Private)
    }

    /// `linkonce` or `weak` (ODR or not): a definition that one of another module of the same
    /// name may stand in for.
    pub fn is_linkonce_or_weak(self) -> bool {
        matches!(
            self,
            Linkage::LinkOnceAny | Linkage::LinkOnceOdr | Linkage::WeakAny | Linkage::WeakOdr
        )
    }
}
