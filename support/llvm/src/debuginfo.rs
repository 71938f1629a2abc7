//! Read-only access to debug-information nodes.

use std::ffi::{c_char, c_uint};
use std::marker::PhantomData;
use std::ptr;

use llvm_sys::core as c;
use llvm_sys::debuginfo as di;
use llvm_sys::prelude::*;

use crate::value::Value;

/// What a [`DiNode`] is (the debug-info node kinds this layer reads; `Other` for the rest).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiKind {
    CompositeType,
    DerivedType,
    BasicType,
    SubroutineType,
    Subprogram,
    LocalVariable,
    TemplateTypeParameter,
    TemplateValueParameter,
    Namespace,
    File,
    CompileUnit,
    /// An `!{…}` tuple (element lists).
    Tuple,
    Other,
}

/// A debug-information node of a module (read only), tied to the module borrow it came from.
/// LLVM-C has no accessors for most fields of DI nodes, so this layer reads operands at the
/// positions LLVM 22's `DebugInfoMetadata.h` gives each kind, and only on the kinds they
/// belong to (checked through `LLVMGetMetadataKind`): a role asked of another kind answers
/// `None`. The unit tests pin every position on IR written by hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DiNode<'m> {
    pub(crate) raw: LLVMMetadataRef,
    pub(crate) ctx: LLVMContextRef,
    pub(crate) kind: DiKind,
    pub(crate) _m: PhantomData<&'m ()>,
}

/// `DIScope`'s file, `DIType`'s scope, name, size and offset operands.
const TYPE_SCOPE: u32 = 1;
/// `DIDerivedType`'s and `DICompositeType`'s base type (after `DIType`'s five operands).
const TYPE_BASE: u32 = 5;
const COMPOSITE_ELEMENTS: u32 = 6;
const COMPOSITE_TEMPLATE_PARAMS: u32 = 8;
const COMPOSITE_IDENTIFIER: u32 = 9;
const SUBPROGRAM_NAME: u32 = 2;
const SUBPROGRAM_RETAINED_NODES: u32 = 7;
const VARIABLE_SCOPE: u32 = 0;
const VARIABLE_NAME: u32 = 1;
const VARIABLE_TYPE: u32 = 3;
const TEMPLATE_PARAM_NAME: u32 = 0;
const TEMPLATE_PARAM_TYPE: u32 = 1;
const TEMPLATE_PARAM_VALUE: u32 = 2;
const NAMESPACE_SCOPE: u32 = 1;
const NAMESPACE_NAME: u32 = 2;

/// One operand of an MDNode as LLVM-C hands it out (`MetadataAsValue`, or a constant).
pub(crate) enum Operand {
    Node(LLVMMetadataRef),
    String(String),
    Int(i64),
}

impl<'m> DiNode<'m> {
    /// # Safety
    /// `raw` is null or metadata of context `ctx`.
    pub(crate) unsafe fn wrap(raw: LLVMMetadataRef, ctx: LLVMContextRef) -> Option<Self> {
        use di::LLVMMetadataKind as K;
        if raw.is_null() {
            return None;
        }
        // SAFETY: any metadata has a kind.
        let kind = match unsafe { di::LLVMGetMetadataKind(raw) } {
            K::LLVMDICompositeTypeMetadataKind => DiKind::CompositeType,
            K::LLVMDIDerivedTypeMetadataKind => DiKind::DerivedType,
            K::LLVMDIBasicTypeMetadataKind => DiKind::BasicType,
            K::LLVMDISubroutineTypeMetadataKind => DiKind::SubroutineType,
            K::LLVMDISubprogramMetadataKind => DiKind::Subprogram,
            K::LLVMDILocalVariableMetadataKind => DiKind::LocalVariable,
            K::LLVMDITemplateTypeParameterMetadataKind => DiKind::TemplateTypeParameter,
            K::LLVMDITemplateValueParameterMetadataKind => DiKind::TemplateValueParameter,
            K::LLVMDINamespaceMetadataKind => DiKind::Namespace,
            K::LLVMDIFileMetadataKind => DiKind::File,
            K::LLVMDICompileUnitMetadataKind => DiKind::CompileUnit,
            K::LLVMMDTupleMetadataKind => DiKind::Tuple,
            _ => DiKind::Other,
        };
        Some(DiNode {
            raw,
            ctx,
            kind,
            _m: PhantomData,
        })
    }

    pub fn kind(self) -> DiKind {
        self.kind
    }

    fn is_type(self) -> bool {
        matches!(
            self.kind,
            DiKind::CompositeType
                | DiKind::DerivedType
                | DiKind::BasicType
                | DiKind::SubroutineType
        )
    }

    /// The operands of a node of a known kind (all of them MDNodes); none for `Other`.
    pub(crate) fn operands(self) -> Vec<Option<Operand>> {
        if self.kind == DiKind::Other {
            return Vec::new();
        }
        // SAFETY: every known kind is an MDNode, so its MetadataAsValue answers the operand
        // queries; the destination has exactly the reported number of slots. An operand value
        // is a MetadataAsValue (read back as metadata or a string) or a constant.
        unsafe {
            let node = c::LLVMMetadataAsValue(self.ctx, self.raw);
            let n = c::LLVMGetMDNodeNumOperands(node) as usize;
            let mut values: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetMDNodeOperands(node, values.as_mut_ptr());
            }
            values
                .into_iter()
                .map(|v| {
                    if v.is_null() {
                        None
                    } else if !c::LLVMIsAMDString(v).is_null() {
                        Value::<'m>::wrap(v).md_string().map(Operand::String)
                    } else if !c::LLVMIsAConstantInt(v).is_null() {
                        Some(Operand::Int(c::LLVMConstIntGetSExtValue(v)))
                    } else if !c::LLVMIsAMDNode(v).is_null() {
                        Some(Operand::Node(c::LLVMValueAsMetadata(v)))
                    } else {
                        None
                    }
                })
                .collect()
        }
    }

    pub(crate) fn operand(self, i: u32) -> Option<Operand> {
        self.operands().into_iter().nth(i as usize).flatten()
    }

    fn node_operand(self, i: u32) -> Option<DiNode<'m>> {
        match self.operand(i)? {
            // SAFETY: an operand of a node of this context.
            Operand::Node(raw) => unsafe { DiNode::wrap(raw, self.ctx) },
            _ => None,
        }
    }

    fn string_operand(self, i: u32) -> Option<String> {
        match self.operand(i)? {
            Operand::String(s) => Some(s),
            _ => None,
        }
    }

    /// The DWARF tag (`DW_TAG_member` 0x0d, …) of a DI node; `None` for tuples and others.
    pub fn tag(self) -> Option<u16> {
        if matches!(self.kind, DiKind::Tuple | DiKind::Other) {
            return None;
        }
        // SAFETY: every other known kind is a DINode.
        Some(unsafe { di::LLVMGetDINodeTag(self.raw) })
    }

    /// A type's, subprogram's, variable's, template parameter's or namespace's name.
    pub fn name(self) -> Option<String> {
        match self.kind {
            _ if self.is_type() => {
                let mut len = 0usize;
                // SAFETY: a DIType; the name is `len` bytes owned by LLVM.
                unsafe {
                    let p = di::LLVMDITypeGetName(self.raw, &mut len);
                    (!p.is_null()).then(|| {
                        String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len))
                            .into_owned()
                    })
                }
            }
            DiKind::Subprogram => self.string_operand(SUBPROGRAM_NAME),
            DiKind::Namespace => self.string_operand(NAMESPACE_NAME),
            DiKind::LocalVariable => self.string_operand(VARIABLE_NAME),
            DiKind::TemplateTypeParameter | DiKind::TemplateValueParameter => {
                self.string_operand(TEMPLATE_PARAM_NAME)
            }
            _ => None,
        }
    }

    /// A type's size in bits (0 for declarations and qualifiers).
    pub fn size_bits(self) -> Option<u64> {
        // SAFETY: asked of DITypes only.
        self.is_type()
            .then(|| unsafe { di::LLVMDITypeGetSizeInBits(self.raw) })
    }

    /// A member's or base's offset in bits within its class.
    pub fn offset_bits(self) -> Option<u64> {
        // SAFETY: asked of DITypes only.
        self.is_type()
            .then(|| unsafe { di::LLVMDITypeGetOffsetInBits(self.raw) })
    }

    /// A type's `DIFlag…` bits.
    pub fn flags(self) -> Option<u32> {
        // SAFETY: asked of DITypes only.
        self.is_type()
            .then(|| unsafe { di::LLVMDITypeGetFlags(self.raw) } as u32)
    }

    /// A type's line and the name of its file (directory joined when relative).
    pub fn type_location(self) -> Option<(String, u32)> {
        if !self.is_type() {
            return None;
        }
        // SAFETY: a DIType is a DIScope; its file (if any) a DIFile, whose strings LLVM owns.
        unsafe {
            let file = di::LLVMDIScopeGetFile(self.raw);
            if file.is_null() {
                return None;
            }
            let read = |p: *const c_char, len: c_uint| {
                (!p.is_null()).then(|| {
                    String::from_utf8_lossy(std::slice::from_raw_parts(
                        p.cast::<u8>(),
                        len as usize,
                    ))
                    .into_owned()
                })
            };
            let mut len: c_uint = 0;
            let name = read(di::LLVMDIFileGetFilename(file, &mut len), len)?;
            let mut dlen: c_uint = 0;
            let dir = read(di::LLVMDIFileGetDirectory(file, &mut dlen), dlen).unwrap_or_default();
            let path = if name.starts_with('/') || dir.is_empty() {
                name
            } else {
                format!("{dir}/{name}")
            };
            Some((path, di::LLVMDITypeGetLine(self.raw)))
        }
    }

    /// The type a node refers to: a derived type's or composite's base type (pointee,
    /// qualified, member or array element type), a variable's type, a template parameter's
    /// argument type.
    pub fn ty(self) -> Option<DiNode<'m>> {
        match self.kind {
            DiKind::DerivedType | DiKind::CompositeType => self.node_operand(TYPE_BASE),
            DiKind::LocalVariable => self.node_operand(VARIABLE_TYPE),
            DiKind::TemplateTypeParameter | DiKind::TemplateValueParameter => {
                self.node_operand(TEMPLATE_PARAM_TYPE)
            }
            _ => None,
        }
    }

    /// The enclosing scope of a type, variable or namespace.
    pub fn scope(self) -> Option<DiNode<'m>> {
        match self.kind {
            _ if self.is_type() => self.node_operand(TYPE_SCOPE),
            DiKind::LocalVariable => self.node_operand(VARIABLE_SCOPE),
            DiKind::Namespace => self.node_operand(NAMESPACE_SCOPE),
            _ => None,
        }
    }

    /// A composite's members, bases and methods.
    pub fn elements(self) -> Vec<DiNode<'m>> {
        self.tuple_operand((self.kind == DiKind::CompositeType).then_some(COMPOSITE_ELEMENTS))
    }

    /// A composite's template parameters, in order.
    pub fn template_params(self) -> Vec<DiNode<'m>> {
        self.tuple_operand(
            (self.kind == DiKind::CompositeType).then_some(COMPOSITE_TEMPLATE_PARAMS),
        )
    }

    /// A subprogram's retained nodes (its parameters' variables in optimised code).
    pub fn retained_nodes(self) -> Vec<DiNode<'m>> {
        self.tuple_operand((self.kind == DiKind::Subprogram).then_some(SUBPROGRAM_RETAINED_NODES))
    }

    /// A composite's ODR identifier (`_ZTS` + its mangling).
    pub fn identifier(self) -> Option<String> {
        (self.kind == DiKind::CompositeType)
            .then(|| self.string_operand(COMPOSITE_IDENTIFIER))
            .flatten()
    }

    /// A template value parameter's integral value.
    pub fn template_value(self) -> Option<i64> {
        if self.kind != DiKind::TemplateValueParameter {
            return None;
        }
        match self.operand(TEMPLATE_PARAM_VALUE)? {
            Operand::Int(v) => Some(v),
            _ => None,
        }
    }

    fn tuple_operand(self, at: Option<u32>) -> Vec<DiNode<'m>> {
        let Some(tuple) = at.and_then(|i| self.node_operand(i)) else {
            return Vec::new();
        };
        if tuple.kind != DiKind::Tuple {
            return Vec::new();
        }
        tuple
            .operands()
            .into_iter()
            .filter_map(|o| match o? {
                // SAFETY: an operand of a node of this context.
                Operand::Node(raw) => unsafe { DiNode::wrap(raw, self.ctx) },
                _ => None,
            })
            .collect()
    }
}
