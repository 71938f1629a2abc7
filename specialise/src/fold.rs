//! Folding values into a module, and the whole image-to-PTX path.
#![forbid(unsafe_code)]

use std::time::{Duration, Instant};

use llvm::{CodeGenLevel, Context, Module, TargetMachine};
use model::specialisation::{
    Entry, MalformedImage, Specialisation, WITH_OFFSET_SUFFIX, split_image,
};

/// The optimisation nvptx64 code gets, at the link (`offload`) and specialised at launch:
/// `default<O3>`, whose unrolling thresholds take a loop of 64 iterations whose bodies fold
/// to one instruction each (a polynomial of a spec-constant degree) all the way; O2's unroll
/// it by 8 (their cost is estimated before folding).
pub const NVPTX_PIPELINE: &str = "default<O3>";

/// The constant that takes the place of the spec-constant buffer.
pub const VALUES_GLOBAL: &str = "__sycl_specconst_values";

/// Why an image cannot be specialised (the kernel then runs emulated, reading the buffer).
#[derive(Debug, thiserror::Error)]
pub enum SpecialiseError {
    #[error(transparent)]
    Malformed(#[from] MalformedImage),
    #[error(
        "the image carries no bitcode to specialise (linked with -fsycl-spec-constants=emulation, \
         or no kernel of it reads spec constants)"
    )]
    NoData,
    #[error("kernel '{0}' reads no spec constants from a buffer in this image")]
    NoEntry(String),
    #[error("{given} bytes of spec-constant values; the image's kernels read {expected}")]
    ValuesSize { given: usize, expected: u64 },
    #[error("cannot read the image's bitcode: {0}")]
    Bitcode(String),
    #[error("no kernel '{0}' in the image's bitcode")]
    MissingKernel(String),
    #[error(
        "parameter {parameter} of kernel '{kernel}' is not the spec-constant buffer (a pointer)"
    )]
    Parameter { kernel: String, parameter: u32 },
    #[error("optimising the specialised kernel: {0}")]
    Optimise(String),
    #[error("generating PTX: {0}")]
    Emit(String),
}

/// The PTX of one specialised kernel (ending in a NUL, as the CUDA driver takes it) and the
/// time each step took.
#[derive(Debug)]
pub struct Specialised {
    pub ptx: Vec<u8>,
    /// Reading the bitcode and folding the values in (the fold takes microseconds of it).
    pub parse: Duration,
    /// The target machine and the optimisation.
    pub optimise: Duration,
    pub emit: Duration,
}

/// The entries a launch of `kernel` may run: the kernel and its global-offset variant.
pub fn launch_entries<'d>(data: &'d Specialisation, kernel: &str) -> Vec<&'d Entry> {
    let with_offset = format!("{kernel}{WITH_OFFSET_SUFFIX}");
    data.entries
        .iter()
        .filter(|e| e.kernel == kernel || e.kernel == with_offset)
        .collect()
}

/// Replaces each entry's spec-constant buffer parameter with a constant holding `values`, in
/// the parameter's address space, so the optimiser folds every read of the buffer (a read at
/// a run-time offset stays a load, of the constant). The parameters stay (unused): a launch
/// passes the same arguments to the specialised kernel.
pub fn fold_values(
    module: &mut Module<'_>,
    entries: &[&Entry],
    values: &[u8],
) -> Result<(), SpecialiseError> {
    let mut globals: Vec<(u32, llvm::GlobalVariable<'_>)> = Vec::new();
    for entry in entries {
        let function = module
            .get_function(&entry.kernel)
            .filter(|f| !f.is_declaration())
            .ok_or_else(|| SpecialiseError::MissingKernel(entry.kernel.clone()))?;
        let parameter_error = || SpecialiseError::Parameter {
            kernel: entry.kernel.clone(),
            parameter: entry.parameter,
        };
        let buffer = function
            .params()
            .get(entry.parameter as usize)
            .copied()
            .ok_or_else(parameter_error)?;
        let space = buffer.pointer_address_space().ok_or_else(parameter_error)?;
        let constant = match globals.iter().find(|(s, _)| *s == space) {
            Some((_, g)) => *g,
            None => {
                let g = module.add_private_bytes(VALUES_GLOBAL, values, space);
                // The loads it replaces assume the buffer's alignment (a runtime allocation,
                // at least 256 bytes): 16 covers every scalar and vector the code reads.
                g.set_alignment(16);
                globals.push((space, g));
                g
            }
        };
        buffer
            .replace_all_uses_with(constant.as_value())
            .map_err(SpecialiseError::Optimise)?;
    }
    Ok(())
}

/// Makes every kernel but `entries` internal: the optimiser's dead-code elimination then
/// removes them and what only they use (a launch's PTX has its own kernel alone).
pub fn keep_only_entries(module: &mut Module<'_>, entries: &[&Entry]) {
    for function in module.functions() {
        let kept = entries.iter().any(|e| e.kernel == function.name());
        if function.is_kernel() && !function.is_declaration() && !kept {
            function.set_internal_linkage();
        }
    }
}

/// What [`specialise_image`] optimises: the image's module with `values` folded in and only
/// `kernel`'s entries kept, as LLVM IR text (`sycl-specialise --emit-llvm`).
pub fn folded_module_text(
    image: &[u8],
    kernel: &str,
    values: &[u8],
) -> Result<String, SpecialiseError> {
    let ctx = Context::new();
    Ok(folded_module(&ctx, image, kernel, values)?.module.to_text())
}

/// An image's module ready to optimise for one launch, and what it is generated for.
struct Folded<'c> {
    module: Module<'c>,
    arch: String,
    ptx_feature: String,
}

/// `image`'s bitcode read, `values` folded in ([`fold_values`]), only `kernel`'s entries kept
/// ([`keep_only_entries`]); an error when `kernel` reads no buffer of `values`' size in it.
fn folded_module<'c>(
    ctx: &'c Context,
    image: &[u8],
    kernel: &str,
    values: &[u8],
) -> Result<Folded<'c>, SpecialiseError> {
    let (_, data) = split_image(image)?;
    let mut data = data.ok_or(SpecialiseError::NoData)?;
    let entries: Vec<Entry> = launch_entries(&data, kernel).into_iter().cloned().collect();
    if entries.is_empty() {
        return Err(SpecialiseError::NoEntry(kernel.to_string()));
    }
    if values.len() as u64 != data.values_len {
        return Err(SpecialiseError::ValuesSize {
            given: values.len(),
            expected: data.values_len,
        });
    }
    let mut module = ctx
        .parse_ir(std::mem::take(&mut data.bitcode), "nvptx64 image")
        .map_err(|e| SpecialiseError::Bitcode(e.trim_end().to_string()))?;
    let entries: Vec<&Entry> = entries.iter().collect();
    fold_values(&mut module, &entries, values)?;
    keep_only_entries(&mut module, &entries);
    Ok(Folded {
        module,
        arch: data.arch,
        ptx_feature: data.ptx_feature,
    })
}

/// The PTX of `image`'s entry `kernel` (and its global-offset variant) with `values`, the
/// bytes of the spec-constant buffer a launch passes, folded in: [`folded_module`],
/// [`NVPTX_PIPELINE`] for the image's target, PTX.
pub fn specialise_image(
    image: &[u8],
    kernel: &str,
    values: &[u8],
) -> Result<Specialised, SpecialiseError> {
    let started = Instant::now();
    let ctx = Context::new();
    let Folded {
        mut module,
        arch,
        ptx_feature,
    } = folded_module(&ctx, image, kernel, values)?;
    let parse = started.elapsed();
    let started = Instant::now();
    let machine =
        TargetMachine::for_cpu(&module.triple(), &arch, &ptx_feature, CodeGenLevel::Default)
            .map_err(SpecialiseError::Optimise)?;
    module
        .run_target_passes(NVPTX_PIPELINE, &machine)
        .map_err(SpecialiseError::Optimise)?;
    let optimise = started.elapsed();
    let started = Instant::now();
    let mut ptx = module
        .emit_assembly(&machine)
        .map_err(SpecialiseError::Emit)?;
    ptx.push(0);
    Ok(Specialised {
        ptx,
        parse,
        optimise,
        emit: started.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kernels reading a loop count and a float from the buffer (`k`, its global-offset
    /// variant), one element of it at a run-time index (`indexed`), and none (`other`).
    const MODULE: &str = r#"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %spec_constants) {
entry:
  %n = load i32, ptr addrspace(1) %spec_constants, align 4
  %f.at = getelementptr inbounds i8, ptr addrspace(1) %spec_constants, i64 4
  %f = load float, ptr addrspace(1) %f.at, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %sum = fadd float %acc, %f
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  store float %sum, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @k_with_offset(ptr addrspace(1) %out, ptr addrspace(1) %spec_constants, i32 %offset) {
  %n = load i32, ptr addrspace(1) %spec_constants, align 4
  %sum = add i32 %n, %offset
  store i32 %sum, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @indexed(ptr addrspace(1) %out, i64 %index, ptr addrspace(1) %spec_constants) {
  %at = getelementptr inbounds i32, ptr addrspace(1) %spec_constants, i64 %index
  %v = load i32, ptr addrspace(1) %at, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @other(ptr addrspace(1) %out) {
  store float 1.0, ptr addrspace(1) %out, align 4
  ret void
}
"#;

    fn entry(kernel: &str, parameter: u32) -> Entry {
        Entry {
            kernel: kernel.into(),
            parameter,
        }
    }

    fn image(entries: Vec<Entry>) -> Vec<u8> {
        let ctx = Context::new();
        let module = ctx
            .parse_ir(MODULE.as_bytes().to_vec(), "test")
            .expect("hand-written IR parses");
        let mut image = b"// emulated PTX\n\0".to_vec();
        Specialisation {
            values_len: 8,
            arch: "sm_90".into(),
            ptx_feature: "+ptx78".into(),
            entries,
            bitcode: module.to_bitcode().to_vec(),
        }
        .append_to(&mut image);
        image
    }

    fn standard_image() -> Vec<u8> {
        image(vec![
            entry("k", 1),
            entry("k_with_offset", 1),
            entry("indexed", 2),
        ])
    }

    /// Three iterations adding 2.0: 6.0 stored, the loop and the buffer gone.
    fn values() -> Vec<u8> {
        let mut values = 3i32.to_le_bytes().to_vec();
        values.extend_from_slice(&2.0f32.to_le_bytes());
        values
    }

    fn text(done: &Specialised) -> String {
        assert_eq!(done.ptx.last(), Some(&0));
        String::from_utf8_lossy(&done.ptx[..done.ptx.len() - 1]).into_owned()
    }

    #[test]
    fn values_become_immediates_and_the_loop_goes() {
        let done = specialise_image(&standard_image(), "k", &values()).expect("specialises");
        let ptx = text(&done);
        assert!(ptx.contains(".entry k("), "{ptx}");
        // 6.0f stored as its bits, 0x40c00000.
        assert!(ptx.contains("st.global.b32 \t[%rd1], 1086324736;"), "{ptx}");
        assert!(!ptx.contains("ld.global"), "{ptx}");
        assert!(!ptx.contains("bra"), "{ptx}");
        // The global-offset variant with it: 3 + offset.
        assert!(ptx.contains(".entry k_with_offset("), "{ptx}");
        assert!(!ptx.contains("indexed") && !ptx.contains("other"), "{ptx}");
    }

    #[test]
    fn the_same_values_give_the_same_ptx() {
        let first = specialise_image(&standard_image(), "k", &values()).expect("specialises");
        let again = specialise_image(&standard_image(), "k", &values()).expect("specialises");
        assert_eq!(first.ptx, again.ptx);
        let other = {
            let mut v = values();
            v[0] = 4;
            specialise_image(&standard_image(), "k", &v).expect("specialises")
        };
        // Four iterations: 8.0f, 0x41000000.
        assert!(text(&other).contains("1090519040"), "{}", text(&other));
    }

    /// A read at a run-time offset stays a load, from the constant that holds the values.
    #[test]
    fn a_read_at_a_run_time_index_reads_the_values_constant() {
        let done = specialise_image(&standard_image(), "indexed", &values()).expect("specialises");
        let ptx = text(&done);
        assert!(ptx.contains(VALUES_GLOBAL), "{ptx}");
        assert!(ptx.contains(".align 16"), "{ptx}");
        assert!(ptx.contains("ld.global"), "{ptx}");
    }

    #[test]
    fn fold_values_alone_keeps_every_kernel() {
        let ctx = Context::new();
        let mut module = ctx
            .parse_ir(MODULE.as_bytes().to_vec(), "test")
            .expect("parses");
        let (k, indexed) = (entry("k", 1), entry("indexed", 2));
        fold_values(&mut module, &[&k, &indexed], &values()).expect("folds");
        module.verify().expect("still valid");
        let kept: Vec<String> = module
            .functions()
            .into_iter()
            .filter(|f| f.is_kernel() && f.linkage_is_external())
            .map(|f| f.name())
            .collect();
        assert_eq!(kept, ["k", "k_with_offset", "indexed", "other"]);
        // One constant for both entries (one address space).
        let constants = module
            .globals()
            .into_iter()
            .filter(|g| g.as_value().name().starts_with(VALUES_GLOBAL))
            .count();
        assert_eq!(constants, 1);
    }

    #[test]
    fn what_cannot_be_specialised_says_why() {
        let image = standard_image();
        let error = |image: &[u8], kernel: &str, values: &[u8]| {
            specialise_image(image, kernel, values)
                .expect_err("refused")
                .to_string()
        };
        assert!(error(&image, "k", &[0; 4]).contains("4 bytes of spec-constant values"));
        assert!(error(&image, "other", &values()).contains("reads no spec constants"));
        assert!(error(b"ptx\0", "k", &values()).contains("no bitcode"));
        let bad_parameter = self::image(vec![entry("k", 7)]);
        assert!(error(&bad_parameter, "k", &values()).contains("parameter 7"));
        let not_a_pointer = self::image(vec![entry("k_with_offset", 2)]);
        assert!(error(&not_a_pointer, "k", &values()).contains("parameter 2"));
        let missing = self::image(vec![entry("gone", 0)]);
        assert!(error(&missing, "gone", &values()).contains("no kernel 'gone'"));
        let mut corrupt = b"ptx\0".to_vec();
        Specialisation {
            values_len: 8,
            arch: "sm_90".into(),
            ptx_feature: "+ptx78".into(),
            entries: vec![entry("k", 1)],
            bitcode: b"BC\xc0\xdenot bitcode".to_vec(),
        }
        .append_to(&mut corrupt);
        assert!(error(&corrupt, "k", &values()).contains("cannot read the image's bitcode"));
    }
}
