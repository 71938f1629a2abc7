//! Work-arounds applied to the copy of a module that becomes SPIR-V.

use crate::llvm::{FastMathFlags, Layout, Module, Opcode, Type, TypeKind, Value, ValueKind};

/// Fast-math flags the SPIR-V can carry without claiming more than the source allows (issue
/// 35). LLVM 22's SPIR-V backend writes `reassoc` as FPFastMathMode `Fast`, which SPIR-V
/// defines as implying NotNaN, NotInf, NSZ and AllowRecip, and which the CPU device's JIT
/// reads as LLVM's `fast`: under -funsafe-math-optimizations, -fassociative-math or
/// -ffp-model=fast (NaNs and infinities honoured) it folded inf * 0, inf - inf and NaN * 0 to 0
/// once a spec constant's value was known. So an instruction keeps `reassoc` only with all
/// seven flags (-ffast-math: `Fast`, as DPC++'s SPIR-V writer emits `Fast` only for LLVM's
/// `fast`); elsewhere its other flags stay (NotNaN, NotInf, NSZ, AllowRecip). Returns how many
/// instructions lost `reassoc`.
pub(crate) fn keep_expressible_fast_math(module: &Module<'_>) -> usize {
    let builder = module.builder();
    let mut changed = 0;
    for f in module.functions() {
        for inst in f.instructions() {
            let Some(flags) = inst.fast_math_flags() else {
                continue;
            };
            if !flags.contains(FastMathFlags::REASSOC) || flags.contains(FastMathFlags::FAST) {
                continue;
            }
            // Only arithmetic gets FPFastMathMode from the backend (no extension allowed).
            let Some(copy) =
                builder.float_binary_with_flags(inst, flags.without(FastMathFlags::REASSOC))
            else {
                continue;
            };
            let name = inst.name();
            if inst.replace_all_uses_with(copy).is_ok() && module.erase(inst) {
                copy.set_name(&name);
                changed += 1;
            }
        }
    }
    changed
}

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

#[cfg(test)]
mod tests {
    use super::keep_expressible_fast_math;
    use crate::llvm::Context;

    const IR: &str = r#"
target triple = "spir64-unknown-unknown"
define spir_func float @f(float %x, float %y) {
  %fast = fmul fast float %x, %y
  %unsafe = fsub reassoc nsz arcp contract afn float %fast, %x
  %no_contract = fadd reassoc nnan ninf nsz arcp afn float %unsafe, %y, !fpmath !0
  %finite = fadd nnan ninf float %no_contract, %x
  %strict = fdiv float %finite, %y
  ret float %strict
}
!0 = !{float 2.5}
"#;

    #[test]
    fn reassociation_stays_only_with_every_flag() {
        let ctx = Context::new();
        let module = ctx
            .parse_ir(IR.as_bytes().to_vec(), "fast-math")
            .expect("the test IR parses");
        assert_eq!(keep_expressible_fast_math(&module), 2);
        let text = module.to_text();
        assert!(text.contains("%fast = fmul fast float"), "{text}");
        assert!(
            text.contains("%unsafe = fsub nsz arcp contract afn float"),
            "{text}"
        );
        assert!(
            text.contains("%no_contract = fadd nnan ninf nsz arcp afn float"),
            "{text}"
        );
        assert!(text.contains("%finite = fadd nnan ninf float"), "{text}");
        assert!(text.contains("%strict = fdiv float"), "{text}");
        assert_eq!(keep_expressible_fast_math(&module), 0);
    }
}
