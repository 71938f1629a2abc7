//! What tells a value apart from others of its kind, opcode, type and operands.

use std::ffi::{c_char, c_uint};
use std::ptr;

use llvm_sys::core as c;
use llvm_sys::prelude::*;

use crate::Opcode;
use crate::types::Type;

/// What tells a value apart from others of the same kind, opcode, type and operands
/// ([`Value::details`](crate::Value::details)), in an order fixed per kind and opcode:
/// * instructions: wrap, `exact`, `disjoint` and `nneg` flags; comparison predicates (and
///   `samesign`); alignment, `volatile`, atomic orderings, sync scope and the `atomicrmw`
///   operation; GEP no-wrap flags and source element type; an `alloca`'s allocated type;
///   a call's calling convention, tail-call kind, function type, call-site attributes and
///   operand-bundle tags; `extractvalue`/`insertvalue` indices; shuffle masks; fast-math
///   flags;
/// * functions: calling convention, function type, return and parameter attributes (not
///   function attributes, which say how the code was compiled, not what it is);
/// * global variables: constness, thread-locality, alignment, address space, `unnamed_addr`
///   and value type.
///
/// Attributes are numbers (place, kind, value; `range`-like attributes by kind only), types
/// (of `byval(T)`, `sret(T)`, …) and strings (key and value).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Details<'m> {
    pub numbers: Vec<u64>,
    pub types: Vec<Type<'m>>,
    pub strings: Vec<String>,
}

/// An instruction's details ([`Details`]); `None` for opcodes whose facts this layer cannot
/// read.
///
/// # Safety
/// `v` is a live instruction of opcode `op`.
pub(crate) unsafe fn instruction_details(
    v: LLVMValueRef,
    op: Opcode,
    d: &mut Details<'_>,
) -> Option<()> {
    use Opcode as O;
    // SAFETY: every query is made on the opcodes LLVM defines it for (Core.cpp's casts).
    unsafe {
        let flag = |b: LLVMBool| u64::from(b != 0);
        let memory = |d: &mut Details<'_>| {
            d.numbers.push(u64::from(c::LLVMGetAlignment(v)));
            d.numbers.push(flag(c::LLVMGetVolatile(v)));
        };
        let sync_scope = |d: &mut Details<'_>| {
            d.numbers.push(if c::LLVMIsAtomic(v) != 0 {
                u64::from(c::LLVMGetAtomicSyncScopeID(v))
            } else {
                u64::MAX
            })
        };
        match op {
            O::LLVMAdd | O::LLVMSub | O::LLVMMul | O::LLVMShl | O::LLVMTrunc => {
                d.numbers.push(flag(c::LLVMGetNUW(v)));
                d.numbers.push(flag(c::LLVMGetNSW(v)));
            }
            O::LLVMUDiv | O::LLVMSDiv | O::LLVMLShr | O::LLVMAShr => {
                d.numbers.push(flag(c::LLVMGetExact(v)));
            }
            O::LLVMOr => d.numbers.push(flag(c::LLVMGetIsDisjoint(v))),
            O::LLVMZExt | O::LLVMUIToFP => d.numbers.push(flag(c::LLVMGetNNeg(v))),
            O::LLVMICmp => {
                d.numbers.push(c::LLVMGetICmpPredicate(v) as u64);
                d.numbers.push(flag(c::LLVMGetICmpSameSign(v)));
            }
            O::LLVMFCmp => d.numbers.push(c::LLVMGetFCmpPredicate(v) as u64),
            O::LLVMAlloca => {
                d.numbers.push(u64::from(c::LLVMGetAlignment(v)));
                d.types.push(Type::wrap(c::LLVMGetAllocatedType(v)));
            }
            O::LLVMLoad | O::LLVMStore => {
                memory(d);
                d.numbers.push(c::LLVMGetOrdering(v) as u64);
                sync_scope(d);
            }
            O::LLVMAtomicRMW => {
                memory(d);
                d.numbers.push(c::LLVMGetAtomicRMWBinOp(v) as u64);
                d.numbers.push(c::LLVMGetOrdering(v) as u64);
                sync_scope(d);
            }
            O::LLVMAtomicCmpXchg => {
                memory(d);
                d.numbers.push(c::LLVMGetCmpXchgSuccessOrdering(v) as u64);
                d.numbers.push(c::LLVMGetCmpXchgFailureOrdering(v) as u64);
                d.numbers.push(flag(c::LLVMGetWeak(v)));
                sync_scope(d);
            }
            O::LLVMFence => {
                d.numbers.push(c::LLVMGetOrdering(v) as u64);
                sync_scope(d);
            }
            O::LLVMGetElementPtr => {
                d.numbers.push(u64::from(c::LLVMGEPGetNoWrapFlags(v)));
                d.types.push(Type::wrap(c::LLVMGetGEPSourceElementType(v)));
            }
            O::LLVMCall => call_details(v, d),
            O::LLVMExtractValue | O::LLVMInsertValue => {
                let n = c::LLVMGetNumIndices(v) as usize;
                let indices = c::LLVMGetIndices(v);
                if n > 0 && !indices.is_null() {
                    let indices = std::slice::from_raw_parts(indices, n);
                    d.numbers.extend(indices.iter().map(|&i| u64::from(i)));
                }
            }
            O::LLVMShuffleVector => {
                let n = c::LLVMGetNumMaskElements(v);
                // The mask's elements, poison (-1) included, as their bits.
                d.numbers
                    .extend((0..n).map(|i| c::LLVMGetMaskValue(v, i) as u32 as u64));
            }
            O::LLVMRet
            | O::LLVMBr
            | O::LLVMSwitch
            | O::LLVMIndirectBr
            | O::LLVMUnreachable
            | O::LLVMFNeg
            | O::LLVMFAdd
            | O::LLVMFSub
            | O::LLVMFMul
            | O::LLVMFDiv
            | O::LLVMURem
            | O::LLVMSRem
            | O::LLVMFRem
            | O::LLVMAnd
            | O::LLVMXor
            | O::LLVMSExt
            | O::LLVMFPToUI
            | O::LLVMFPToSI
            | O::LLVMSIToFP
            | O::LLVMFPTrunc
            | O::LLVMFPExt
            | O::LLVMPtrToInt
            | O::LLVMPtrToAddr
            | O::LLVMIntToPtr
            | O::LLVMBitCast
            | O::LLVMAddrSpaceCast
            | O::LLVMPHI
            | O::LLVMSelect
            | O::LLVMVAArg
            | O::LLVMExtractElement
            | O::LLVMInsertElement
            | O::LLVMFreeze => {}
            _ => return None,
        }
        if c::LLVMCanValueUseFastMathFlags(v) != 0 {
            d.numbers.push(u64::from(c::LLVMGetFastMathFlags(v)));
        }
    }
    Some(())
}

/// A call's calling convention, tail-call kind, function type, attributes (function, return,
/// arguments) and operand-bundle tags.
///
/// # Safety
/// `v` is a live `call` instruction.
unsafe fn call_details(v: LLVMValueRef, d: &mut Details<'_>) {
    // SAFETY: call-site queries on a call; the attribute array has exactly the reported
    // number of slots; each bundle is copied from and disposed once.
    unsafe {
        d.numbers.push(u64::from(c::LLVMGetInstructionCallConv(v)));
        d.numbers.push(c::LLVMGetTailCallKind(v) as u64);
        d.types.push(Type::wrap(c::LLVMGetCalledFunctionType(v)));
        let places = std::iter::once(llvm_sys::LLVMAttributeFunctionIndex)
            .chain(0..=c::LLVMGetNumArgOperands(v));
        for index in places {
            let count = c::LLVMGetCallSiteAttributeCount(v, index);
            let mut attributes = vec![ptr::null_mut(); count as usize];
            if count > 0 {
                c::LLVMGetCallSiteAttributes(v, index, attributes.as_mut_ptr());
            }
            push_attributes(d, index, &attributes);
        }
        let bundles = c::LLVMGetNumOperandBundles(v);
        d.numbers.push(u64::from(bundles));
        for i in 0..bundles {
            let bundle = c::LLVMGetOperandBundleAtIndex(v, i);
            let mut len = 0usize;
            let tag = c::LLVMGetOperandBundleTag(bundle, &mut len);
            d.strings.push(if tag.is_null() {
                String::new()
            } else {
                String::from_utf8_lossy(std::slice::from_raw_parts(tag.cast::<u8>(), len))
                    .into_owned()
            });
            c::LLVMDisposeOperandBundle(bundle);
        }
    }
}

/// Appends the attributes at `place` (an attribute index) to `d`: the place and count, then
/// per attribute its form and kind, an integer attribute's value, a type attribute's type, a
/// string attribute's key and value.
///
/// # Safety
/// `attributes` are live attributes of one context.
pub(crate) unsafe fn push_attributes(
    d: &mut Details<'_>,
    place: c_uint,
    attributes: &[LLVMAttributeRef],
) {
    d.numbers.push(u64::from(place));
    d.numbers.push(attributes.len() as u64);
    for &a in attributes {
        // SAFETY: each query on the attribute form it is asked of; strings are copied.
        unsafe {
            if c::LLVMIsStringAttribute(a) != 0 {
                d.numbers.push(2);
                let text = |p: *const c_char, len: c_uint| {
                    if p.is_null() {
                        String::new()
                    } else {
                        String::from_utf8_lossy(std::slice::from_raw_parts(
                            p.cast::<u8>(),
                            len as usize,
                        ))
                        .into_owned()
                    }
                };
                let mut len: c_uint = 0;
                let key = c::LLVMGetStringAttributeKind(a, &mut len);
                d.strings.push(text(key, len));
                let value = c::LLVMGetStringAttributeValue(a, &mut len);
                d.strings.push(text(value, len));
            } else if c::LLVMIsTypeAttribute(a) != 0 {
                d.numbers.push(1);
                d.numbers.push(u64::from(c::LLVMGetEnumAttributeKind(a)));
                d.types.push(Type::wrap(c::LLVMGetTypeAttributeValue(a)));
            } else if c::LLVMIsEnumAttribute(a) != 0 {
                d.numbers.push(0);
                d.numbers.push(u64::from(c::LLVMGetEnumAttributeKind(a)));
                d.numbers.push(c::LLVMGetEnumAttributeValue(a));
            } else {
                // A constant-range (list) attribute (`range`, `initializes`): its kind only,
                // the C API reads no value.
                d.numbers.push(3);
                d.numbers.push(u64::from(c::LLVMGetEnumAttributeKind(a)));
            }
        }
    }
}
