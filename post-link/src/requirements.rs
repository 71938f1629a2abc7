//! Kernel attributes (SYCL 2020 §5.8.1: `reqd_work_group_size`, `work_group_size_hint`,
//! `reqd_sub_group_size`, `device_has`) as kernel metadata, the aspects a kernel uses, and the
//! `SYCL/device requirements` property set a device image states (DPC++'s names and
//! encodings: `docs/reference/post-link.md`).
//!
//! Metadata on a kernel, in the form LLVM's SPIR-V backend turns into execution modes:
//! `!reqd_work_group_size` / `!work_group_size_hint` (three `i32`, OpenCL order: SYCL's last
//! dimension first, padded with 1; `LocalSize`/`LocalSizeHint`), `!intel_reqd_sub_group_size`
//! (`SubgroupSize`); and as DPC++ names them `!work_group_num_dim` (the dimensions written)
//! and `!sycl_declared_aspects` (`device_has`). The property set is read back from that
//! metadata and from the kernels' code, never from the front end's data.

use crate::call_graph::CallGraph;
use crate::llvm::Opcode as LLVMOpcode;
use crate::llvm::{Function, Module, TypeKind, Value, ValueKind};
use crate::prop::{self, PropValue, PropertySets};
use rustc_hash::FxHashMap;

/// `sycl::aspect` values the code of a kernel can require (Intel's `aspects.def`).
const ASPECT_FP16: u32 = 5;
const ASPECT_FP64: u32 = 6;
const ASPECT_ATOMIC64: u32 = 27;

const MD_REQD_WORK_GROUP_SIZE: &str = "reqd_work_group_size";
const MD_WORK_GROUP_SIZE_HINT: &str = "work_group_size_hint";
const MD_WORK_GROUP_NUM_DIM: &str = "work_group_num_dim";
const MD_REQD_SUB_GROUP_SIZE: &str = "intel_reqd_sub_group_size";
const MD_DECLARED_ASPECTS: &str = "sycl_declared_aspects";
/// Aspects a kernel needs beyond what its code shows: those of functions it calls whose code
/// clang inlined into it before the tool chain saw it (DPC++'s name for the propagated set).
const MD_USED_ASPECTS: &str = "sycl_used_aspects";

/// A kernel's attributes, values as the SYCL source writes them (dimension 0 first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelAttributes {
    pub reqd_work_group_size: Option<Vec<u64>>,
    pub work_group_size_hint: Option<Vec<u64>>,
    pub reqd_sub_group_size: Option<u32>,
    /// `device_has`' aspects (`sycl::aspect` values), as written.
    pub device_has: Option<Vec<u32>>,
    /// The `device_has` aspects of the functions the kernel calls.
    pub callee_aspects: Vec<u32>,
}

/// What running one kernel (or an image's kernels) needs of a device.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Requirements {
    /// Sorted, without repeats.
    pub aspects: Vec<u32>,
    /// SYCL order, as many values as dimensions were written.
    pub reqd_work_group_size: Option<Vec<u64>>,
    pub reqd_sub_group_size: Option<u32>,
}

/// Why attributes cannot be attached.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AttributeError {
    #[error("kernel '{0}' is not in the device module")]
    NoKernel(String),
    #[error("{attribute} of kernel '{kernel}' has {count} values; it takes 1 to 3")]
    Dimensions {
        kernel: String,
        attribute: &'static str,
        count: usize,
    },
    #[error("{attribute} of kernel '{kernel}' has a value that is 0 or does not fit 32 bits")]
    Value {
        kernel: String,
        attribute: &'static str,
    },
}

/// Records `attributes` on kernel `kernel` of `module` as metadata (see the module comment).
pub fn attach(
    module: &Module<'_>,
    kernel: &str,
    attributes: &KernelAttributes,
) -> Result<(), AttributeError> {
    let f = module
        .get_function(kernel)
        .ok_or_else(|| AttributeError::NoKernel(kernel.to_string()))?;
    let ctx = module.context();
    let int_md = |v: u64| ctx.const_int_md(32, v);
    if let Some(sizes) = &attributes.reqd_work_group_size {
        let padded = opencl_order(kernel, "reqd_work_group_size", sizes)?;
        let ops: Vec<_> = padded.iter().map(|&v| int_md(v)).collect();
        f.set_metadata(MD_REQD_WORK_GROUP_SIZE, ctx.md_node(&ops));
        f.set_metadata(
            MD_WORK_GROUP_NUM_DIM,
            ctx.md_node(&[int_md(sizes.len() as u64)]),
        );
    }
    if let Some(sizes) = &attributes.work_group_size_hint {
        let padded = opencl_order(kernel, "work_group_size_hint", sizes)?;
        let ops: Vec<_> = padded.iter().map(|&v| int_md(v)).collect();
        f.set_metadata(MD_WORK_GROUP_SIZE_HINT, ctx.md_node(&ops));
    }
    if let Some(size) = attributes.reqd_sub_group_size {
        if size == 0 {
            return Err(AttributeError::Value {
                kernel: kernel.to_string(),
                attribute: "reqd_sub_group_size",
            });
        }
        f.set_metadata(
            MD_REQD_SUB_GROUP_SIZE,
            ctx.md_node(&[int_md(u64::from(size))]),
        );
    }
    if let Some(aspects) = &attributes.device_has {
        let ops: Vec<_> = aspects.iter().map(|&a| int_md(u64::from(a))).collect();
        f.set_metadata(MD_DECLARED_ASPECTS, ctx.md_node(&ops));
    }
    if !attributes.callee_aspects.is_empty() {
        let ops: Vec<_> = attributes
            .callee_aspects
            .iter()
            .map(|&a| int_md(u64::from(a)))
            .collect();
        f.set_metadata(MD_USED_ASPECTS, ctx.md_node(&ops));
    }
    Ok(())
}

/// Records a device function's `device_has` aspects on it, for the kernels that call it once
/// the device link joins them; `false` when `module` has no function `name` (not used there).
pub fn attach_declared_aspects(module: &Module<'_>, name: &str, aspects: &[u32]) -> bool {
    let Some(f) = module.get_function(name) else {
        return false;
    };
    let ctx = module.context();
    let ops: Vec<_> = aspects
        .iter()
        .map(|&a| ctx.const_int_md(32, u64::from(a)))
        .collect();
    f.set_metadata(MD_DECLARED_ASPECTS, ctx.md_node(&ops));
    true
}

/// The aspects the code of function `name` (and of the functions it calls that `module`
/// defines) uses, by its instructions: what DPC++ checks a `device_has` list against. `None`
/// when `module` has no such function.
pub fn code_aspects(module: &Module<'_>, name: &str) -> Option<Vec<u32>> {
    let f = module.get_function(name)?;
    let mut reader = RequirementsReader::default();
    let mut aspects = reader.reachable_aspects(f, false);
    aspects.sort_unstable();
    aspects.dedup();
    Some(aspects)
}

/// SYCL's sizes (dimension 0 slowest) as OpenCL's three (dimension 0 fastest), padded with 1.
fn opencl_order(
    kernel: &str,
    attribute: &'static str,
    sizes: &[u64],
) -> Result<[u64; 3], AttributeError> {
    if sizes.is_empty() || sizes.len() > 3 {
        return Err(AttributeError::Dimensions {
            kernel: kernel.to_string(),
            attribute,
            count: sizes.len(),
        });
    }
    if sizes.iter().any(|&v| v == 0 || v > u64::from(u32::MAX)) {
        return Err(AttributeError::Value {
            kernel: kernel.to_string(),
            attribute,
        });
    }
    let mut out = [1u64; 3];
    for (slot, &v) in out.iter_mut().zip(sizes.iter().rev()) {
        *slot = v;
    }
    Ok(out)
}

/// What kernels need, with each function's own aspects and calls remembered: kernels share
/// callees, and reading a function's instructions is the costly part.
#[derive(Default)]
pub(crate) struct RequirementsReader<'m> {
    calls: CallGraph<'m>,
    own_aspects: FxHashMap<Function<'m>, Vec<u32>>,
}

impl<'m> RequirementsReader<'m> {
    /// What kernel `f` needs: its metadata and the aspects its code uses.
    pub(crate) fn kernel(&mut self, f: Function<'m>) -> Requirements {
        let used = self.reachable_aspects(f, true);
        kernel_requirements(f, used)
    }

    /// The module's direct calls as this reader has read them, for another walk over the
    /// same kernels.
    pub(crate) fn call_graph(&mut self) -> &mut CallGraph<'m> {
        &mut self.calls
    }

    /// The aspects the code reachable from `kernel` through direct calls uses, as DPC++
    /// derives `sycl_used_aspects`: `half` values need fp16, `double` values fp64, 64-bit
    /// atomic operations atomic64; with `declared`, also the `device_has` aspects of the
    /// functions it calls (defined or only declared), as DPC++ propagates them to kernels.
    fn reachable_aspects(&mut self, kernel: Function<'m>, declared: bool) -> Vec<u32> {
        let mut aspects = Vec::new();
        for f in self.calls.reachable(kernel) {
            if declared {
                for &callee in self.calls.callees(f) {
                    aspects.extend(declared_aspects(callee));
                }
            }
            let own = self.own_aspects.entry(f).or_insert_with(|| own_aspects(f));
            aspects.extend_from_slice(own);
        }
        aspects
    }
}

/// The aspects `f`'s own instructions need.
fn own_aspects(f: Function<'_>) -> Vec<u32> {
    let mut aspects = Vec::new();
    for inst in f.instructions() {
        let value = inst.as_value();
        note_value_aspects(value, &mut aspects);
        let callee = value.as_call().and_then(|c| c.callee().as_function());
        if callee.is_some_and(|c| is_64_bit_atomic_call(c, value)) {
            aspects.push(ASPECT_ATOMIC64);
        }
    }
    aspects.sort_unstable();
    aspects.dedup();
    aspects
}

/// The `device_has` aspects recorded on function `f` ([`attach_declared_aspects`]).
fn declared_aspects(f: Function<'_>) -> Vec<u32> {
    let Some(ops) = f.metadata_operands(MD_DECLARED_ASPECTS) else {
        return Vec::new();
    };
    ops.iter()
        .filter_map(|v| v.const_int_zext())
        .filter_map(|a| u32::try_from(a).ok())
        .collect()
}

/// What kernel `f` needs: its metadata, and `used` (the aspects its code uses).
fn kernel_requirements(f: Function<'_>, used: Vec<u32>) -> Requirements {
    let ints = |kind: &str| -> Option<Vec<u64>> {
        let ops = f.metadata_operands(kind)?;
        ops.iter().map(|v| v.const_int_zext()).collect()
    };
    let mut aspects = used;
    for kind in [MD_DECLARED_ASPECTS, MD_USED_ASPECTS] {
        if let Some(listed) = ints(kind) {
            aspects.extend(listed.iter().filter_map(|&a| u32::try_from(a).ok()));
        }
    }
    aspects.sort_unstable();
    aspects.dedup();
    let reqd_work_group_size = ints(MD_REQD_WORK_GROUP_SIZE).map(|opencl| {
        let dims = ints(MD_WORK_GROUP_NUM_DIM)
            .and_then(|d| d.first().copied())
            .and_then(|d| usize::try_from(d).ok())
            .unwrap_or(opencl.len())
            .min(opencl.len());
        opencl[..dims].iter().rev().copied().collect()
    });
    let reqd_sub_group_size = ints(MD_REQD_SUB_GROUP_SIZE)
        .and_then(|v| v.first().copied())
        .and_then(|v| u32::try_from(v).ok());
    Requirements {
        aspects,
        reqd_work_group_size,
        reqd_sub_group_size,
    }
}

/// The requirements of the kernels of `module` the runtime names (`lower::runtime_kernels`).
pub(crate) fn module_kernels(module: &Module<'_>) -> Vec<Requirements> {
    let mut reader = RequirementsReader::default();
    crate::lower::runtime_kernels(module)
        .into_iter()
        .map(|f| reader.kernel(f))
        .collect()
}

/// What an image of kernels needs: what every kernel needs (a split by requirements, which
/// `images` does, makes that everything each kernel needs; an image that could not be split
/// states only what its kernels share, so no kernel is refused for another's requirements).
pub(crate) fn common(kernels: &[Requirements]) -> Requirements {
    let Some((first, rest)) = kernels.split_first() else {
        return Requirements::default();
    };
    let mut out = first.clone();
    for k in rest {
        out.aspects.retain(|a| k.aspects.contains(a));
        if out.reqd_work_group_size != k.reqd_work_group_size {
            out.reqd_work_group_size = None;
        }
        if out.reqd_sub_group_size != k.reqd_sub_group_size {
            out.reqd_sub_group_size = None;
        }
    }
    out
}

/// Adds the `SYCL/device requirements` set for `r` (keys sorted, as DPC++'s `std::map`
/// writes them; `aspects` always).
pub(crate) fn add_property_set(sets: &mut PropertySets, r: &Requirements) {
    let set = prop::SET_DEVICE_REQUIREMENTS;
    let aspects = r.aspects.iter().flat_map(|a| a.to_le_bytes()).collect();
    sets.add(set, "aspects", PropValue::Bytes(aspects));
    if let Some(size) = r.reqd_sub_group_size {
        sets.add(set, "reqd_sub_group_size", PropValue::U32(size));
    }
    if let Some(sizes) = &r.reqd_work_group_size {
        let bytes = sizes.iter().flat_map(|v| v.to_le_bytes()).collect();
        sets.add(
            set,
            "reqd_work_group_size_uint64_t",
            PropValue::Bytes(bytes),
        );
        let dims = u32::try_from(sizes.len()).unwrap_or(3);
        sets.add(set, "work_group_num_dim", PropValue::U32(dims));
    }
}

/// fp16/fp64 for the instruction's type and its operands' types; atomic64 for a 64-bit
/// `atomicrmw`/`cmpxchg`.
fn note_value_aspects(inst: Value<'_>, aspects: &mut Vec<u32>) {
    let operands = (0..inst.num_operands()).filter_map(|i| inst.operand(i));
    for v in std::iter::once(inst).chain(operands) {
        // Functions and blocks as operands have no value type worth reading.
        if matches!(v.kind(), ValueKind::Function) {
            continue;
        }
        match scalar_kind(v) {
            Some(TypeKind::Double) => aspects.push(ASPECT_FP64),
            Some(TypeKind::Half) => aspects.push(ASPECT_FP16),
            _ => {}
        }
    }
    let atomic_operand = match inst.kind() {
        ValueKind::Instruction(LLVMOpcode::LLVMAtomicRMW) => inst.operand(1),
        ValueKind::Instruction(LLVMOpcode::LLVMAtomicCmpXchg) => inst.operand(2),
        _ => None,
    };
    if atomic_operand.is_some_and(|v| is_64_bit(v.ty().kind())) {
        aspects.push(ASPECT_ATOMIC64);
    }
}

/// The kind of a value's type, of the elements for vectors.
fn scalar_kind(v: Value<'_>) -> Option<TypeKind> {
    let ty = v.ty();
    match ty.kind() {
        TypeKind::FixedVector => ty.element_type().map(|e| e.kind()),
        other => Some(other),
    }
}

fn is_64_bit(kind: TypeKind) -> bool {
    matches!(kind, TypeKind::Int(64) | TypeKind::Double)
}

/// A call of a SPIR-V atomic built-in (`__spirv_Atomic*`, as Intel's headers call them) on
/// 64-bit values.
fn is_64_bit_atomic_call(callee: Function<'_>, call: Value<'_>) -> bool {
    if !callee.is_declaration() || !callee.name().contains("__spirv_Atomic") {
        return false;
    }
    let args = (0..call.num_operands()).filter_map(|i| call.operand(i));
    std::iter::once(call)
        .chain(args)
        .any(|v| !matches!(v.kind(), ValueKind::Function) && is_64_bit(v.ty().kind()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opencl_order_reverses_and_pads() {
        assert_eq!(opencl_order("k", "a", &[8]), Ok([8, 1, 1]));
        assert_eq!(opencl_order("k", "a", &[2, 4]), Ok([4, 2, 1]));
        assert_eq!(opencl_order("k", "a", &[2, 4, 8]), Ok([8, 4, 2]));
        assert!(opencl_order("k", "a", &[]).is_err());
        assert!(opencl_order("k", "a", &[1, 2, 3, 4]).is_err());
        assert!(opencl_order("k", "a", &[0]).is_err());
    }

    #[test]
    fn common_requirements_are_shared_ones() {
        let a = Requirements {
            aspects: vec![2, 6],
            reqd_work_group_size: Some(vec![8]),
            reqd_sub_group_size: Some(16),
        };
        let b = Requirements {
            aspects: vec![6],
            reqd_work_group_size: Some(vec![8]),
            reqd_sub_group_size: None,
        };
        let c = common(&[a.clone(), b]);
        assert_eq!(c.aspects, vec![6]);
        assert_eq!(c.reqd_work_group_size, Some(vec![8]));
        assert_eq!(c.reqd_sub_group_size, None);
        assert_eq!(common(std::slice::from_ref(&a)), a);
    }

    #[test]
    fn property_set_encoding() {
        let mut sets = PropertySets::default();
        add_property_set(
            &mut sets,
            &Requirements {
                aspects: vec![2, 6],
                reqd_work_group_size: Some(vec![4, 2]),
                reqd_sub_group_size: Some(8),
            },
        );
        let text = sets.write();
        let expected_aspects = prop::byte_array_value(&[2, 0, 0, 0, 6, 0, 0, 0]);
        let sizes: Vec<u8> = [4u64, 2].iter().flat_map(|v| v.to_le_bytes()).collect();
        let expected_sizes = prop::byte_array_value(&sizes);
        assert_eq!(
            text,
            format!(
                "[SYCL/device requirements]\naspects=2|{expected_aspects}\n\
                 reqd_sub_group_size=1|8\nreqd_work_group_size_uint64_t=2|{expected_sizes}\n\
                 work_group_num_dim=1|2\n"
            )
        );
    }

    /// A kernel needs the `device_has` aspects of every function it reaches, defined or only
    /// declared, and the aspects the code of the defined ones uses; the code's alone are what
    /// a `device_has` list is checked against.
    #[test]
    fn callees_declared_aspects_reach_the_kernel() {
        let ctx = llvm::Context::new();
        let ir = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k() {
  call spir_func void @middle()
  ret void
}
define spir_kernel void @plain() {
  ret void
}
define spir_func void @middle() {
  %d = fadd double 1.0, 2.0
  call spir_func void @external()
  ret void
}
declare spir_func void @external()
"#;
        let module = ctx.parse_ir(ir.into(), "m.ll").expect("parses");
        assert!(attach_declared_aspects(&module, "middle", &[2]));
        assert!(attach_declared_aspects(&module, "external", &[30]));
        assert!(!attach_declared_aspects(&module, "absent", &[1]));
        let kernel = module.get_function("k").expect("kernel");
        let mut reader = RequirementsReader::default();
        assert_eq!(reader.kernel(kernel).aspects, vec![2, ASPECT_FP64, 30]);
        let plain = module.get_function("plain").expect("kernel");
        assert_eq!(reader.kernel(plain).aspects, Vec::<u32>::new());
        assert_eq!(code_aspects(&module, "k"), Some(vec![ASPECT_FP64]));
        assert_eq!(code_aspects(&module, "absent"), None);
    }

    /// A kernel's callees' aspects the front end found (callees clang inlined) are recorded
    /// on it and read back with its own.
    #[test]
    fn callee_aspects_are_recorded_on_the_kernel() {
        let ctx = llvm::Context::new();
        let ir = "define spir_kernel void @k() {\n  ret void\n}\n";
        let module = ctx.parse_ir(ir.into(), "m.ll").expect("parses");
        let attributes = KernelAttributes {
            device_has: Some(vec![1]),
            callee_aspects: vec![3, 1],
            ..Default::default()
        };
        attach(&module, "k", &attributes).expect("attached");
        let kernel = module.get_function("k").expect("kernel");
        let mut reader = RequirementsReader::default();
        assert_eq!(reader.kernel(kernel).aspects, vec![1, 3]);
    }
}
