//! Work-arounds applied to the copy of a module that becomes SPIR-V.

use crate::llvm::{
    FastMathFlags, Instruction, Layout, Logic, Module, Opcode, Type, TypeKind, Value, ValueKind,
};

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

/// Work-arounds for LLVM 22's SPIR-V backend, applied only to the copy of a module that is
/// turned into SPIR-V. Functions with vectors longer than SPIR-V's
/// ([`functions_with_wide_vectors`]) are scalarised, and only they: their reductions are
/// expanded first (an `and` or `or` of `<N x i1>` becomes a lane test), and their lane tests
/// rewritten before the vectors are split.
pub(crate) fn legalize_for_spirv(module: &mut Module<'_>) -> Result<(), String> {
    let wide = functions_with_wide_vectors(module);
    for function in &wide {
        module.run_function_passes(function, "expand-reductions")?;
    }
    legalize_gep_indices_and_lane_tests(module);
    for function in &wide {
        module.run_function_passes(function, "scalarizer<load-store>")?;
    }
    Ok(())
}

/// Lane tests become `or`/`and` chains ([`legalize_lane_tests`]). The backend emits a struct
/// member index 0 as `OpConstantNull` (spirv-val: "… to index into a structure must be an
/// OpConstant") for unoptimised (-O0) input: constant-index GEP instructions become
/// byte-offset GEPs (or the base pointer itself).
fn legalize_gep_indices_and_lane_tests(module: &Module<'_>) {
    legalize_lane_tests(module);
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

/// The most elements a SPIR-V vector has (vectors have 2, 3, 4, 8 or 16).
const SPIRV_MAX_VECTOR_LEN: u64 = 16;

/// The defined functions of `module` (by name, module order) with a value of a vector type
/// longer than SPIR-V has (an instruction's result or operand): LLVM's optimisation makes them
/// (SROA promotes a kernel object's byte range that loops compare element by element to
/// `<32 x i8>`, the SLP vectoriser joins two `<16 x i8>` compares), and LLVM 22's SPIR-V
/// backend cannot split them ("unable to legalize instruction: … G_UNMERGE_VALUES").
pub(crate) fn functions_with_wide_vectors(module: &Module<'_>) -> Vec<String> {
    let wide = |ty: Type<'_>| {
        ty.kind() == TypeKind::FixedVector && ty.sequence_len() > SPIRV_MAX_VECTOR_LEN
    };
    module
        .functions()
        .into_iter()
        .filter(|f| {
            !f.is_declaration()
                && f.instructions().into_iter().any(|inst| {
                    wide(inst.ty())
                        || (0..inst.num_operands())
                            .filter_map(|i| inst.operand(i))
                            .any(|operand| wide(operand.ty()))
                })
        })
        .map(|f| f.name())
        .collect()
}

/// What an `icmp` of a `bitcast <N x i1> %lanes to iN` with a constant asks of the lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LaneTest {
    /// `== 0`
    NoLane,
    /// `!= 0`
    AnyLane,
    /// `== -1`
    AllLanes,
    /// `!= -1`
    NotAllLanes,
}

/// For `bitcast <N x i1> %lanes to iN` whose every user compares it with 0 or all ones (as
/// InstCombine writes "any lane" and "all lanes": a vectorised early-exit loop, `sycl::all`,
/// `sycl::any`): each user's [`LaneTest`]. `None` for other bitcasts and other uses.
fn lane_tests<'m>(bitcast: Instruction<'m>) -> Option<Vec<(Instruction<'m>, LaneTest)>> {
    if bitcast.kind() != ValueKind::Instruction(Opcode::LLVMBitCast) {
        return None;
    }
    let lanes = bitcast.operand(0)?.ty();
    if lanes.kind() != TypeKind::FixedVector
        || lanes.element_type()?.kind() != TypeKind::Int(1)
        || bitcast.ty().kind() != TypeKind::Int(u32::try_from(lanes.sequence_len()).ok()?)
        || lanes.sequence_len() > 64
    {
        return None;
    }
    let users = bitcast.users();
    if users.is_empty() {
        return None;
    }
    users
        .into_iter()
        .map(|user| {
            let equal = user.icmp_equality()?;
            let (a, b) = (user.operand(0)?, user.operand(1)?);
            let constant = if a == *bitcast { b } else { a };
            let test = match (constant.const_int_sext()?, equal) {
                (0, true) => LaneTest::NoLane,
                (0, false) => LaneTest::AnyLane,
                (-1, true) => LaneTest::AllLanes,
                (-1, false) => LaneTest::NotAllLanes,
                _ => return None,
            };
            Some((user.as_instruction()?, test))
        })
        .collect()
}

/// LLVM 22's SPIR-V backend cannot emit `bitcast <N x i1> to iN` (SPIR-V's booleans have no
/// width, and iN is no SPIR-V type): each lane test of one ([`lane_tests`]) becomes an
/// `or`/`and` of the lanes, so the bitcast and its integer go. Others are left to
/// [`unemittable_bitcast`].
fn legalize_lane_tests(module: &Module<'_>) {
    let builder = module.builder();
    for f in module.functions() {
        for bitcast in f.instructions() {
            let Some(tests) = lane_tests(bitcast) else {
                continue;
            };
            let Some(lanes) = bitcast.operand(0) else {
                continue;
            };
            let count = lanes.ty().sequence_len() as u32;
            for (icmp, test) in tests {
                if !builder.position_before(icmp) {
                    continue;
                }
                let op = match test {
                    LaneTest::NoLane | LaneTest::AnyLane => Logic::Or,
                    LaneTest::AllLanes | LaneTest::NotAllLanes => Logic::And,
                };
                let folded = (1..count).try_fold(builder.extract_element(lanes, 0), |acc, i| {
                    let lane = builder.extract_element(lanes, i)?;
                    Some(builder.logic(op, acc?, lane))
                });
                let Some(Some(folded)) = folded else {
                    continue;
                };
                let result = match test {
                    LaneTest::AnyLane | LaneTest::AllLanes => Some(folded),
                    LaneTest::NoLane | LaneTest::NotAllLanes => builder.not(folded),
                };
                if let Some(result) = result
                    && icmp.replace_all_uses_with(result).is_ok()
                {
                    module.erase(icmp);
                }
            }
            if !bitcast.has_users() {
                module.erase(bitcast);
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

/// A `bitcast` instruction LLVM 22's SPIR-V backend cannot emit: it stops the process with
/// "incompatible result and operand types in a bitcast" (a fatal error, no diagnostic naming
/// the function). SPIR-V's OpBitcast needs both sides to be pointers or numeric scalars or
/// vectors of the widths SPIR-V has (8, 16, 32 and 64-bit integers, half, float, double);
/// vectors of `i1` (SPIR-V's booleans have no width: `bitcast <4 x i1> to i4`, as LLVM's
/// InstCombine writes "all lanes true") and integers of other widths (`i24`, `i96`, as SROA
/// writes a 3- or 12-byte copy) have none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnemittableBitcast {
    /// The function the instruction is in (its LLVM name).
    pub function: String,
    pub from: String,
    pub to: String,
}

impl std::fmt::Display for UnemittableBitcast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "internal error in SPIR-V emission of function '{}': LLVM's SPIR-V backend cannot \
             emit a bitcast from {} to {} (incompatible result and operand types in a bitcast)",
            self.function, self.from, self.to
        )
    }
}

/// The first bitcast of `module` (in module order) that LLVM's SPIR-V backend cannot emit
/// ([`UnemittableBitcast`]).
pub fn unemittable_bitcast(module: &Module<'_>) -> Option<UnemittableBitcast> {
    module.functions().into_iter().find_map(|f| {
        f.instructions().into_iter().find_map(|inst| {
            // Lane tests are rewritten before emission (`legalize_lane_tests`).
            if inst.kind() != ValueKind::Instruction(Opcode::LLVMBitCast)
                || lane_tests(inst).is_some()
            {
                return None;
            }
            let from = inst.operand(0)?.ty();
            let to = inst.ty();
            (!has_spirv_width(from) || !has_spirv_width(to)).then(|| UnemittableBitcast {
                function: f.name(),
                from: from.print(),
                to: to.print(),
            })
        })
    })
}

/// Whether `ty` is a pointer, or a scalar or vector whose elements are numbers of a width
/// SPIR-V has.
fn has_spirv_width(ty: Type<'_>) -> bool {
    let element = match ty.kind() {
        TypeKind::FixedVector => match ty.element_type() {
            Some(element) => element,
            None => return false,
        },
        _ => ty,
    };
    match element.kind() {
        TypeKind::Int(width) => matches!(width, 8 | 16 | 32 | 64),
        TypeKind::Pointer
        | TypeKind::Half
        | TypeKind::BFloat
        | TypeKind::Float
        | TypeKind::Double => true,
        // i1 vectors are covered above (width 1); aggregates cannot be bitcast in LLVM IR.
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::Context;

    fn first_refused(body: &str) -> Option<UnemittableBitcast> {
        let ctx = Context::new();
        let text = format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define spir_func void @f(ptr addrspace(1) %o, ptr addrspace(1) %i) {{\n{body}\n  ret void\n}}\n"
        );
        let module = ctx.parse_ir(text.into_bytes(), "t.ll").expect("parses");
        module.verify().expect("valid");
        unemittable_bitcast(&module)
    }

    fn bitcast(from: &str, to: &str) -> Option<UnemittableBitcast> {
        first_refused(&format!(
            "  %v = load {from}, ptr addrspace(1) %i\n  %c = bitcast {from} %v to {to}\n  store {to} %c, ptr addrspace(1) %o"
        ))
    }

    #[test]
    fn only_functions_with_vectors_longer_than_spirv_has_are_scalarised() {
        let ctx = Context::new();
        let text = "target triple = \"spir64-unknown-unknown\"\n\
            define spir_func i1 @joined(ptr addrspace(1) %i) {\n\
              %v = load <32 x i8>, ptr addrspace(1) %i\n\
              %c = icmp eq <32 x i8> %v, zeroinitializer\n\
              %e = extractelement <32 x i1> %c, i64 20\n\
              %all = call i1 @llvm.vector.reduce.and.v32i1(<32 x i1> %c)\n\
              %r = and i1 %e, %all\n\
              ret i1 %r\n\
            }\n\
            define spir_func void @stored(ptr addrspace(1) %o, <4 x i64> %x) {\n\
              %w = shufflevector <4 x i64> %x, <4 x i64> %x, <24 x i32> zeroinitializer\n\
              store <24 x i64> %w, ptr addrspace(1) %o\n\
              ret void\n\
            }\n\
            define spir_func i1 @sixteen(ptr addrspace(1) %i) {\n\
              %v = load <16 x i8>, ptr addrspace(1) %i\n\
              %c = icmp eq <16 x i8> %v, zeroinitializer\n\
              %e = extractelement <16 x i1> %c, i64 3\n\
              ret i1 %e\n\
            }\n\
            declare i1 @llvm.vector.reduce.and.v32i1(<32 x i1>)\n";
        let mut module = ctx.parse_ir(text.into(), "t.ll").expect("parses");
        module.verify().expect("valid");
        assert_eq!(functions_with_wide_vectors(&module), ["joined", "stored"]);
        let sixteen_types = |module: &Module<'_>| -> Vec<String> {
            let f = module.get_function("sixteen").expect("defined");
            f.instructions()
                .into_iter()
                .map(|i| i.ty().print())
                .collect()
        };
        let sixteen = sixteen_types(&module);
        legalize_for_spirv(&mut module).expect("legalised");
        module.verify().expect("valid after scalarising");
        assert!(functions_with_wide_vectors(&module).is_empty());
        // The function with SPIR-V's vectors is as it was.
        assert_eq!(sixteen_types(&module), sixteen);
        assert!(sixteen.contains(&"<16 x i1>".to_string()), "{sixteen:?}");
        assert_eq!(
            module.run_function_passes("absent", "scalarizer"),
            Ok(false)
        );
    }

    #[test]
    fn bool_vectors_and_odd_integer_widths_are_refused_naming_the_function() {
        // Each of these stops llc-22 -mtriple=spirv64 with "incompatible result and operand
        // types in a bitcast" (measured).
        for (from, to) in [
            ("<4 x i1>", "i4"),
            ("<16 x i1>", "i16"),
            ("<3 x i8>", "i24"),
            ("i96", "<3 x float>"),
        ] {
            let refused = bitcast(from, to).unwrap_or_else(|| panic!("{from} -> {to} refused"));
            assert_eq!(refused.function, "f");
            assert_eq!((refused.from.as_str(), refused.to.as_str()), (from, to));
            assert!(
                refused.to_string().starts_with(
                    "internal error in SPIR-V emission of function 'f': LLVM's SPIR-V backend \
                     cannot emit a bitcast from "
                ),
                "{refused}"
            );
        }
    }

    #[test]
    fn lane_tests_become_or_and_chains_of_the_lanes() {
        let ctx = Context::new();
        let text = "target triple = \"spir64-unknown-unknown\"\n\
            define spir_func void @f(ptr addrspace(1) %o, <4 x i32> %v) {\n\
              %c = icmp ne <4 x i32> %v, zeroinitializer\n\
              %b = bitcast <4 x i1> %c to i4\n\
              %none = icmp eq i4 %b, 0\n  %any = icmp ne i4 0, %b\n\
              %all = icmp eq i4 %b, -1\n  %notall = icmp ne i4 %b, -1\n\
              store i1 %none, ptr addrspace(1) %o\n  store i1 %any, ptr addrspace(1) %o\n\
              store i1 %all, ptr addrspace(1) %o\n  store i1 %notall, ptr addrspace(1) %o\n\
              ret void\n}\n";
        let mut module = ctx
            .parse_ir(text.as_bytes().to_vec(), "t.ll")
            .expect("parses");
        // Rewritten before emission, so not refused.
        assert_eq!(unemittable_bitcast(&module), None);
        legalize_for_spirv(&mut module).expect("legalised");
        module.verify().expect("valid after the rewrite");
        let opcodes: Vec<Opcode> = module
            .get_function("f")
            .expect("@f")
            .instructions()
            .into_iter()
            .filter_map(|i| match i.kind() {
                ValueKind::Instruction(op) => Some(op),
                _ => None,
            })
            .collect();
        let count = |op: Opcode| opcodes.iter().filter(|&&o| o == op).count();
        assert_eq!(count(Opcode::LLVMBitCast), 0);
        assert_eq!(
            count(Opcode::LLVMICmp),
            1,
            "only the vector compare is left"
        );
        // Four tests of four lanes: 3 `or`/`and` each, two of them negated (xor true).
        assert_eq!(count(Opcode::LLVMOr), 6);
        assert_eq!(count(Opcode::LLVMAnd), 6);
        assert_eq!(count(Opcode::LLVMXor), 2);
        assert_eq!(count(Opcode::LLVMExtractElement), 16);
    }

    #[test]
    fn bitcasts_spirv_has_pass() {
        // Each of these llc-22 -mtriple=spirv64 emits (measured).
        for (from, to) in [
            ("<2 x i32>", "i64"),
            ("double", "<2 x float>"),
            ("<8 x i8>", "<2 x float>"),
            ("<2 x half>", "i32"),
            ("i64", "double"),
        ] {
            assert_eq!(bitcast(from, to), None, "{from} -> {to}");
        }
        assert_eq!(
            first_refused(
                "  %p = load ptr addrspace(1), ptr addrspace(1) %i\n  %q = bitcast ptr addrspace(1) %p to ptr addrspace(1)\n  store ptr addrspace(1) %q, ptr addrspace(1) %o"
            ),
            None
        );
    }

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
