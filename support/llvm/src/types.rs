//! Types, metadata handles, and the data layout that measures types.

use std::ffi::{CStr, c_uint};
use std::marker::PhantomData;
use std::ptr;

use llvm_sys::LLVMTypeKind;
use llvm_sys::core as c;
use llvm_sys::prelude::*;
use llvm_sys::target as t;

use crate::context::Context;
use crate::value::Value;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct Type<'c> {
    pub(crate) raw: LLVMTypeRef,
    _c: PhantomData<&'c Context>,
}

/// A metadata node or string, with the context it belongs to (LLVM-C cannot tell). Equal
/// handles are the same metadata (nodes that are not `distinct` are uniqued in their context).
///
/// Metadata built here ([`Context::md_node`], [`Context::md_string`], [`Value::as_md`] of
/// constants naming no global) names nothing a module owns. Metadata read from a module
/// ([`Function::metadata_attachments`](crate::Function::metadata_attachments)) may name its
/// globals, which LLVM rewrites (and may free uniqued nodes over) when they change: it can be
/// compared, not put into IR again.
#[derive(Clone, Copy, Debug)]
pub struct Md<'c> {
    pub(crate) raw: LLVMMetadataRef,
    pub(crate) ctx: LLVMContextRef,
    /// Read from a module's IR (it may name the module's values).
    from_module: bool,
    _c: PhantomData<&'c Context>,
}

impl PartialEq for Md<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw && self.ctx == other.ctx
    }
}

impl Eq for Md<'_> {}

impl<'c> Md<'c> {
    pub(crate) fn wrap(raw: LLVMMetadataRef, ctx: LLVMContextRef) -> Self {
        Md {
            raw,
            ctx,
            from_module: false,
            _c: PhantomData,
        }
    }

    /// Metadata read from a module's IR: see [`Md`].
    pub(crate) fn read_from_module(raw: LLVMMetadataRef, ctx: LLVMContextRef) -> Self {
        Md {
            from_module: true,
            ..Md::wrap(raw, ctx)
        }
    }

    /// Metadata of another context in this one's IR would be a dangling reference, and
    /// metadata read from a module may name its values (another module's, or freed ones): a
    /// bug in the caller, never a property of the input.
    pub(crate) fn assert_of(self, ctx: LLVMContextRef) {
        assert!(
            self.ctx == ctx,
            "internal: metadata of another LLVM context used in this one"
        );
        assert!(
            !self.from_module,
            "internal: metadata read from a module put into IR again"
        );
    }
}

/// Data-layout facts the pass needs, queried from the module's own datalayout. Sizes exist
/// for sized types of the module's context only, offsets for the elements of such sized
/// structs: other queries give `None`. (The layout caches struct layouts by the struct's
/// address: a struct of another context, freed later, would leave an entry that a new struct
/// at the same address would read.)
#[derive(Clone, Copy)]
pub struct Layout<'m> {
    pub(crate) raw: t::LLVMTargetDataRef,
    pub(crate) ctx: LLVMContextRef,
    pub(crate) _m: PhantomData<&'m ()>,
}

impl Layout<'_> {
    /// A sized type of the module's context, which LLVM's size queries require.
    fn measures(&self, ty: Type<'_>) -> bool {
        ty.is_of(self.ctx) && ty.is_sized()
    }
    pub fn store_size(&self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: a sized type of the layout's context.
        self.measures(ty)
            .then(|| unsafe { t::LLVMStoreSizeOfType(self.raw, ty.raw) })
    }
    pub fn alloc_size(&self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: as above.
        self.measures(ty)
            .then(|| unsafe { t::LLVMABISizeOfType(self.raw, ty.raw) })
    }
    pub fn abi_align(&self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: as above.
        self.measures(ty)
            .then(|| u64::from(unsafe { t::LLVMABIAlignmentOfType(self.raw, ty.raw) }))
    }
    pub fn element_offset(&self, struct_ty: Type<'_>, idx: u32) -> Option<u64> {
        let sized_struct = struct_ty.kind() == TypeKind::Struct && self.measures(struct_ty);
        // SAFETY: a sized (so non-opaque) struct of the layout's context, and an index below
        // its element count.
        (sized_struct && idx < unsafe { c::LLVMCountStructElementTypes(struct_ty.raw) })
            .then(|| unsafe { t::LLVMOffsetOfElement(self.raw, struct_ty.raw, idx) })
    }
}

/// Type kinds the pass handles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TypeKind {
    Void,
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    Pointer,
    Struct,
    Array,
    FixedVector,
    Function,
    Other,
}

impl<'c> Type<'c> {
    pub(crate) fn context_raw(self) -> LLVMContextRef {
        // SAFETY: a live type.
        unsafe { c::LLVMGetTypeContext(self.raw) }
    }

    pub(crate) fn is_of(self, ctx: LLVMContextRef) -> bool {
        self.context_raw() == ctx
    }

    pub(crate) fn wrap(raw: LLVMTypeRef) -> Self {
        Type {
            raw,
            _c: PhantomData,
        }
    }

    /// The type as LLVM prints it (`i32`, `%struct.Pt`, `{ i32, float }`).
    pub fn print(self) -> String {
        // SAFETY: LLVM returns an owned C string, copied and then disposed.
        unsafe {
            let p = c::LLVMPrintTypeToString(self.raw);
            let text = CStr::from_ptr(p).to_string_lossy().into_owned();
            c::LLVMDisposeMessage(p);
            text
        }
    }

    pub fn kind(self) -> TypeKind {
        // SAFETY: kind queries accept any type; the width query is for integer types only.
        unsafe {
            match c::LLVMGetTypeKind(self.raw) {
                LLVMTypeKind::LLVMVoidTypeKind => TypeKind::Void,
                LLVMTypeKind::LLVMIntegerTypeKind => {
                    TypeKind::Int(c::LLVMGetIntTypeWidth(self.raw))
                }
                LLVMTypeKind::LLVMHalfTypeKind => TypeKind::Half,
                LLVMTypeKind::LLVMBFloatTypeKind => TypeKind::BFloat,
                LLVMTypeKind::LLVMFloatTypeKind => TypeKind::Float,
                LLVMTypeKind::LLVMDoubleTypeKind => TypeKind::Double,
                LLVMTypeKind::LLVMPointerTypeKind => TypeKind::Pointer,
                LLVMTypeKind::LLVMStructTypeKind => TypeKind::Struct,
                LLVMTypeKind::LLVMArrayTypeKind => TypeKind::Array,
                LLVMTypeKind::LLVMVectorTypeKind => TypeKind::FixedVector,
                LLVMTypeKind::LLVMFunctionTypeKind => TypeKind::Function,
                _ => TypeKind::Other,
            }
        }
    }

    pub fn int_width(self) -> Option<u32> {
        match self.kind() {
            TypeKind::Int(w) => Some(w),
            _ => None,
        }
    }

    pub(crate) fn fp_bits(self) -> Option<u32> {
        match self.kind() {
            TypeKind::Half | TypeKind::BFloat => Some(16),
            TypeKind::Float => Some(32),
            TypeKind::Double => Some(64),
            _ => None,
        }
    }

    /// For pointer types: the address space.
    pub fn pointer_address_space(self) -> Option<u32> {
        // SAFETY: kind check before the address-space query.
        unsafe {
            (c::LLVMGetTypeKind(self.raw) == LLVMTypeKind::LLVMPointerTypeKind)
                .then(|| c::LLVMGetPointerAddressSpace(self.raw))
        }
    }

    pub(crate) fn is_sized(self) -> bool {
        // SAFETY: query on any type.
        unsafe { c::LLVMTypeIsSized(self.raw) != 0 }
    }

    /// A value of this type can be an operand (a call argument, a stored value): not void,
    /// label, metadata or a function type.
    fn is_first_class(self) -> bool {
        // SAFETY: kind query on any type.
        let kind = unsafe { c::LLVMGetTypeKind(self.raw) };
        !matches!(
            kind,
            LLVMTypeKind::LLVMVoidTypeKind
                | LLVMTypeKind::LLVMLabelTypeKind
                | LLVMTypeKind::LLVMMetadataTypeKind
                | LLVMTypeKind::LLVMFunctionTypeKind
        )
    }

    /// Struct name; `None` for literal structs and for other types.
    pub fn struct_name(self) -> Option<String> {
        if self.kind() != TypeKind::Struct {
            return None;
        }
        // SAFETY: a struct type; literal structs return null.
        unsafe {
            let p = c::LLVMGetStructName(self.raw);
            if p.is_null() || c::LLVMIsLiteralStruct(self.raw) != 0 {
                return None;
            }
            Some(CStr::from_ptr(p).to_string_lossy().into_owned())
        }
    }

    pub fn is_packed_struct(self) -> bool {
        // SAFETY: struct query, on a struct.
        self.kind() == TypeKind::Struct && unsafe { c::LLVMIsPackedStruct(self.raw) != 0 }
    }

    pub fn is_opaque_struct(self) -> bool {
        // SAFETY: struct query, on a struct.
        self.kind() == TypeKind::Struct && unsafe { c::LLVMIsOpaqueStruct(self.raw) != 0 }
    }

    /// A struct's element types (none for other types).
    pub fn struct_elements(self) -> Vec<Type<'c>> {
        if self.kind() != TypeKind::Struct {
            return Vec::new();
        }
        // SAFETY: struct queries on a struct, with indices below the element count.
        unsafe {
            let n = c::LLVMCountStructElementTypes(self.raw);
            (0..n)
                .map(|i| Type::wrap(c::LLVMStructGetTypeAtIndex(self.raw, i)))
                .collect()
        }
    }

    /// Array length or fixed-vector size.
    pub fn sequence_len(self) -> u64 {
        // SAFETY: each length query on its own kind.
        unsafe {
            match self.kind() {
                TypeKind::Array => c::LLVMGetArrayLength2(self.raw),
                TypeKind::FixedVector => u64::from(c::LLVMGetVectorSize(self.raw)),
                _ => 0,
            }
        }
    }

    /// Element type of arrays and vectors.
    pub fn element_type(self) -> Option<Type<'c>> {
        // SAFETY: kind checked: the C API casts to an array or vector type.
        unsafe {
            matches!(
                c::LLVMGetTypeKind(self.raw),
                LLVMTypeKind::LLVMArrayTypeKind
                    | LLVMTypeKind::LLVMVectorTypeKind
                    | LLVMTypeKind::LLVMScalableVectorTypeKind
            )
            .then(|| Type::wrap(c::LLVMGetElementType(self.raw)))
        }
    }

    /// A function type's return type.
    pub fn return_type(self) -> Option<Type<'c>> {
        // SAFETY: asked of function types only.
        (self.kind() == TypeKind::Function)
            .then(|| Type::wrap(unsafe { c::LLVMGetReturnType(self.raw) }))
    }

    /// A function type's parameter types (none for other types).
    pub fn param_types(self) -> Vec<Type<'c>> {
        if self.kind() != TypeKind::Function {
            return Vec::new();
        }
        // SAFETY: a function type; the array has exactly `n` slots.
        unsafe {
            let n = c::LLVMCountParamTypes(self.raw) as usize;
            let mut params = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetParamTypes(self.raw, params.as_mut_ptr());
            }
            params.into_iter().map(Type::wrap).collect()
        }
    }

    /// Whether a function type takes variable arguments (`...`).
    pub fn is_var_arg(self) -> bool {
        // SAFETY: asked of function types only.
        self.kind() == TypeKind::Function && unsafe { c::LLVMIsFunctionVarArg(self.raw) != 0 }
    }

    /// The type of functions returning `ret` and taking `params`; `None` if a parameter
    /// cannot be one (void, label, metadata, function types) or `ret` cannot be returned.
    pub fn function(ret: Type<'c>, params: &[Type<'c>]) -> Option<Type<'c>> {
        let valid_return = ret.kind() == TypeKind::Void || ret.is_first_class();
        // LLVM builds the type in the return type's context whatever the parameters' are.
        let ctx = ret.context_raw();
        if !valid_return || !params.iter().all(|p| p.is_first_class() && p.is_of(ctx)) {
            return None;
        }
        let mut raw: Vec<LLVMTypeRef> = params.iter().map(|t| t.raw).collect();
        let n = c_uint::try_from(raw.len()).ok()?;
        // SAFETY: valid return and parameter types, all of one context; the array is read
        // during the call only.
        Some(Type::wrap(unsafe {
            c::LLVMFunctionType(ret.raw, raw.as_mut_ptr(), n, 0)
        }))
    }

    pub fn undef(self) -> Value<'c> {
        // SAFETY: `UndefValue::get` accepts any type.
        Value::wrap(unsafe { c::LLVMGetUndef(self.raw) })
    }

    /// The zero (null) constant, for the types that have one.
    pub fn zero(self) -> Option<Value<'c>> {
        let has_zero = matches!(
            self.kind(),
            TypeKind::Int(_)
                | TypeKind::Half
                | TypeKind::BFloat
                | TypeKind::Float
                | TypeKind::Double
                | TypeKind::Pointer
                | TypeKind::Struct
                | TypeKind::Array
                | TypeKind::FixedVector
        );
        // SAFETY: one of the kinds `Constant::getNullValue` handles.
        has_zero.then(|| Value::wrap(unsafe { c::LLVMConstNull(self.raw) }))
    }
}
