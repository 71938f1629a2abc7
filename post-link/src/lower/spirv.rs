//! A work-around applied to the copy of a module that becomes SPIR-V.

use crate::llvm::{Layout, Module, Opcode, Type, TypeKind, Value, ValueKind};

/// Work-around for LLVM 22's SPIR-V backend, which emits a struct member index 0 as
/// `OpConstantNull` (spirv-val: "… to index into a structure must be an OpConstant") for
/// unoptimised (-O0) input: constant-index GEP instructions become byte-offset GEPs (or the
/// base pointer itself). Applied only to the copy that is turned into SPIR-V.
pub(crate) fn legalize_for_spirv(module: &Module<'_>) {
    let layout = module.layout();
    let builder = module.builder();
    for f in module.functions() {
        for inst in f.instructions() {
            if !matches!(
                inst.kind(),
                ValueKind::Instruction(Opcode::LLVMGetElementPtr)
            ) || inst.ty().kind() != TypeKind::Pointer
            {
                continue;
            }
            let (Some(src), Some(base)) = (inst.gep_source_type(), inst.operand(0)) else {
                continue;
            };
            let Some(offset) = constant_gep_offset(&layout, src, *inst) else {
                continue;
            };
            let replacement = if offset == 0 {
                base
            } else {
                if !builder.position_before(inst) {
                    continue;
                }
                match builder.byte_gep(base, offset as u64, 64, c"") {
                    Some(gep) => gep,
                    None => continue,
                }
            };
            if inst.replace_all_uses_with(replacement).is_ok() {
                module.erase(inst);
            }
        }
    }
}

/// Byte offset of a GEP whose indices are all constants.
fn constant_gep_offset(layout: &Layout<'_>, src: Type<'_>, gep: Value<'_>) -> Option<i64> {
    let n = gep.num_operands();
    let first = gep.operand(1)?.const_int_sext()?;
    let mut offset = first.checked_mul(i64::try_from(layout.alloc_size(src)?).ok()?)?;
    let mut cur = src;
    for i in 2..n {
        let idx = gep.operand(i)?.const_int_sext()?;
        match cur.kind() {
            TypeKind::Struct => {
                let k = u32::try_from(idx).ok()?;
                let fields = cur.struct_elements();
                let field = *fields.get(k as usize)?;
                offset = offset.checked_add(i64::try_from(layout.element_offset(cur, k)?).ok()?)?;
                cur = field;
            }
            TypeKind::Array | TypeKind::FixedVector => {
                let elem = cur.element_type()?;
                let step = i64::try_from(layout.alloc_size(elem)?).ok()?;
                offset = offset.checked_add(idx.checked_mul(step)?)?;
                cur = elem;
            }
            _ => return None,
        }
    }
    Some(offset)
}
