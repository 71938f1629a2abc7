//! The spec-constant pass on LLVM IR (`docs/reference/post-link.md` §1–§5): recognise the
//! getter calls, assign numeric IDs per module, rewrite the calls for the chosen mode, record the
//! `!sycl.specialization-constants*` metadata. Property data is read back from that metadata
//! (`read_spec_constants`), as DPC++'s `computeModuleProperties` does.
//!
//! * `sites` — which calls are getters, and what each one reads;
//! * `state` — the per-module records and how a replacement is built;
//! * `native`, `emulation`, `defaults` — the three lowerings;
//! * `cleanup` — what the rewrite leaves unused goes;
//! * `metadata` — the spec-constant metadata, written and read back;
//! * `types` — LLVM types and constants as the model sees them;
//! * `symbols` — the `.sym` contents and which kernels the runtime names (NVPTX's
//!   `<kernel>_with_offset` entries are none); `spirv` — a SPIR-V backend work-around.

use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use thiserror::Error;

use crate::llvm::{Builder, GlobalId, Module, Value};
pub use crate::model::Desc;

mod cleanup;
mod defaults;
mod emulation;
mod metadata;
mod native;
mod sites;
mod spirv;
mod state;
mod symbols;
mod types;

use cleanup::cleanup;
use metadata::MD_DEFAULT_MODULE;
pub use metadata::{SpecConstTables, read_spec_constants};
pub use sites::strip_pointer_casts;

/// Whether `name` is a spec-constant getter the lowering replaces (so no device code has to
/// define it).
pub fn is_spec_constant_getter(name: &str) -> bool {
    sites::getter_kind(name).is_some()
}
use sites::{Site, caller_name, collect_sites, site_error};

/// Function name → the symbolic IDs of the spec constants its own getter calls read, sorted,
/// without repeats; the error a malformed getter call gives the lowering.
pub(crate) fn spec_constants_read_directly(
    module: &Module<'_>,
) -> Result<FxHashMap<String, Vec<String>>, LowerError> {
    let (sites, ids) = collect_sites(module)?;
    let mut reads: FxHashMap<String, Vec<String>> = FxHashMap::default();
    for site in &sites {
        reads
            .entry(caller_name(&site.call))
            .or_default()
            .push(ids.name(site.sym).to_string());
    }
    for names in reads.values_mut() {
        names.sort_unstable();
        names.dedup();
    }
    Ok(reads)
}
pub use spirv::{UnemittableBitcast, unemittable_bitcast};
pub(crate) use spirv::{keep_expressible_fast_math, legalize_for_spirv};
use state::State;
pub use symbols::{GLOBAL_OFFSET_SUFFIX, kernel_names, offset_variant_of, runtime_kernels};

// Maps keyed by LLVM handles (addresses) use FxHash: std's SipHash was a measurable share of
// the pass on 10^5 getter calls, and these keys come from LLVM's allocator, not from input.
type AddrMap<K, V> = FxHashMap<K, V>;

type AddrSet<K> = FxHashSet<K>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// `__spirv_SpecConstant*` calls (JIT SPIR-V).
    Native,
    /// Loads from the spec-constant buffer argument (AOT targets).
    Emulation,
    /// Every call replaced by its default value (the AOT default image).
    DefaultValues,
}

#[derive(Debug, Error)]
pub enum LowerError {
    /// A reason starting "internal: " (something the pass built that LLVM refused) is said
    /// as clang says an internal error, with the step and the function.
    #[error("{}", call_error(.caller, .callee, .symbolic_id, .reason))]
    Call {
        caller: String,
        callee: String,
        symbolic_id: Option<String>,
        reason: String,
    },
    #[error("malformed spec-constant metadata: {0}")]
    Metadata(String),
    /// One spec constant read with two types: lowering either would give the other's readers
    /// wrong values (DPC++ treats this as an error too).
    #[error(
        "symbolic ID '{symbolic_id}' is read as '{first_type}' in function '{first_caller}' and as \
         '{second_type}' in function '{second_caller}'"
    )]
    ConflictingTypes {
        symbolic_id: String,
        first_type: String,
        first_caller: String,
        second_type: String,
        second_caller: String,
    },
}

fn call_error(caller: &str, callee: &str, id: &Option<String>, reason: &str) -> String {
    let id = id_suffix(id);
    match reason.strip_prefix("internal: ") {
        Some(reason) => format!(
            "internal error in spec-constant lowering of function '{caller}': call to \
             '{callee}'{id}: {reason}"
        ),
        None => format!("in function '{caller}': call to '{callee}'{id}: {reason}"),
    }
}

fn id_suffix(id: &Option<String>) -> String {
    id.as_ref()
        .map(|s| match spec_constant_name(s) {
            Some(name) => format!(" (symbolic ID '{s}': spec constant '{name}')"),
            None => format!(" (symbolic ID '{s}')"),
        })
        .unwrap_or_default()
}

/// `_Z<len><name>` → `<name>`: the LLVM name of a global-namespace C++ variable (clang names
/// such variables without `_Z`).
pub fn bare_global_name(mangled: &str) -> Option<&str> {
    let rest = mangled.strip_prefix("_Z")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let len: usize = rest[..digits].parse().ok()?;
    let name = &rest[digits..];
    (name.len() == len).then_some(name)
}

/// The C++ name of the spec constant a symbolic ID stands for: the ID is the variable's
/// mangled name, after `<unique prefix>___` for variables that are not externally visible.
fn spec_constant_name(symbolic_id: &str) -> Option<String> {
    let mangled = match symbolic_id.split_once("___") {
        Some((_, rest)) if rest.starts_with("_Z") => rest,
        _ => symbolic_id,
    };
    // A global-namespace variable (`_Z1x`, `_ZL1x`), which cpp_demangle does not take.
    let external = mangled.strip_prefix("_ZL").map(|rest| format!("_Z{rest}"));
    if let Some(bare) = bare_global_name(external.as_deref().unwrap_or(mangled)) {
        return Some(bare.to_string());
    }
    cpp_demangle::Symbol::new(mangled.as_bytes())
        .ok()?
        .demangle()
        .ok()
}

/// What the pass learnt about one symbolic ID (first-seen order).
#[derive(Debug, Clone, Serialize)]
pub struct SpecConstReport {
    pub symbolic_id: String,
    /// LLVM spelling of the spec-constant type.
    #[serde(rename = "type")]
    pub ty: String,
    /// Numeric IDs handed out, undef slots included (native mode).
    pub ids: Vec<u32>,
    pub descriptors: Vec<Desc>,
    /// Default value bytes (§6) as lowercase hex.
    pub default_bytes: String,
    /// Byte offset in the emulation buffer (emulation mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emulation_offset: Option<u64>,
    pub uses: usize,
}

#[derive(Debug, Clone, Default)]
pub struct LowerReport {
    /// Whether any getter call was seen (DPC++'s "modified").
    pub modified: bool,
    pub spec_constants: Vec<SpecConstReport>,
}

/// Where an emulated image's private array (`llvm.sycl.alloca`) takes its length from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AllocaLengths {
    /// DPC++'s `sycl-post-link`: SPIR targets keep the call, others get the default length.
    AsDpcpp,
    /// A SPIR-V image for Intel's runtime, which sets emulated spec constants natively too.
    Native,
    /// Read from the spec-constant buffer like every other emulated read: a private array of
    /// run-time length (an NVPTX image, where the runtime sets no native value).
    Buffer,
}

/// Runs the pass over `module`, as DPC++'s `sycl-post-link` does.
pub fn lower(module: &mut Module<'_>, mode: Mode) -> Result<LowerReport, LowerError> {
    lower_with(module, mode, AllocaLengths::AsDpcpp)
}

/// Runs the pass over a SPIR-V image for Intel's runtime, which sets emulated spec constants
/// natively too (`offload::device`): in emulation, `llvm.sycl.alloca` lengths are read
/// natively, with the numeric ID the constant gets in the buffer layout.
pub fn lower_for_runtime(module: &mut Module<'_>, mode: Mode) -> Result<LowerReport, LowerError> {
    lower_with(module, mode, AllocaLengths::Native)
}

/// Runs the pass over an NVPTX image (always emulated): a private array's length is read
/// from the spec-constant buffer, so it has the value the program set (DPC++ gives such
/// arrays their default length, and a program that set another one writes past them).
pub fn lower_for_nvptx(module: &mut Module<'_>) -> Result<LowerReport, LowerError> {
    lower_with(module, Mode::Emulation, AllocaLengths::Buffer)
}

fn lower_with(
    module: &mut Module<'_>,
    mode: Mode,
    alloca_lengths: AllocaLengths,
) -> Result<LowerReport, LowerError> {
    let (report, dead) = lower_in_place(module, mode, alloca_lengths)?;
    module.delete_unused(&dead);
    Ok(report)
}

/// The pass up to deleting what it made dead, which needs `&mut Module`.
fn lower_in_place(
    module: &Module<'_>,
    mode: Mode,
    alloca_lengths: AllocaLengths,
) -> Result<(LowerReport, Vec<GlobalId>), LowerError> {
    let (sites, ids) = collect_sites(module)?;
    let mut st = State::new(module, &ids);
    check_one_type_per_id(&mut st, &sites)?;
    let builder = module.builder();
    // Emulation cannot size a private array from a buffer on SPIR targets: DPC++ leaves those
    // calls alone (and reports no modification when nothing else changed).
    let sites: Vec<Site<'_>> = sites
        .into_iter()
        .filter(|s| {
            !(s.alloca.is_some()
                && mode == Mode::Emulation
                && st.spir
                && alloca_lengths == AllocaLengths::AsDpcpp)
        })
        .collect();
    for site in &sites {
        rewrite(&mut st, site, mode, alloca_lengths, &builder)
            .map_err(|reason| site_error(site, &ids, reason))?;
    }
    let modified = !sites.is_empty();
    let dead = cleanup(module, &sites);
    if mode == Mode::DefaultValues {
        if modified {
            module.ensure_named_md(MD_DEFAULT_MODULE);
        }
    } else {
        st.write_metadata().map_err(LowerError::Metadata)?;
    }
    let report = LowerReport {
        modified,
        spec_constants: st.records.into_iter().map(|r| r.report).collect(),
    };
    Ok((report, dead))
}

/// Replaces one getter call with its lowering in `mode`.
fn rewrite<'c>(
    st: &mut State<'c>,
    site: &Site<'c>,
    mode: Mode,
    alloca_lengths: AllocaLengths,
    builder: &Builder<'c>,
) -> Result<(), String> {
    if !builder.position_before(*site.call) {
        return Err("internal: the getter call is no longer in the module".into());
    }
    let emulated_alloca = site.alloca.is_some() && mode == Mode::Emulation;
    let plan = if emulated_alloca && alloca_lengths == AllocaLengths::Buffer {
        // A load from the buffer: `replace_call` makes the array of that run-time length.
        st.emulation(site)
    } else if emulated_alloca && st.spir {
        // Kept only for the runtime (`lower_for_runtime`).
        st.emulated_alloca_length(site)
    } else if emulated_alloca {
        // Non-SPIR targets: the default length (the runtime is expected to refuse).
        st.default_value(site)
    } else {
        match mode {
            Mode::Native => st.native(site),
            Mode::Emulation => st.emulation(site),
            Mode::DefaultValues => st.default_value(site),
        }
    }?;
    let replacement = st.build(&plan, builder)?;
    replace_call(site, replacement, builder)
}

/// Puts the lowered value where the call's result went: through the sret pointer, as the
/// length of a new private array (`llvm.sycl.alloca`), or in place of the call's uses.
fn replace_call<'c>(
    site: &Site<'c>,
    replacement: Value<'c>,
    builder: &Builder<'c>,
) -> Result<(), String> {
    match (site.sret_dst, site.alloca) {
        (Some(dst), _) => {
            builder
                .store(replacement, dst)
                .ok_or("the sret argument is not a pointer")?;
        }
        (None, Some((element, align))) => {
            let array = builder
                .array_alloca(element, replacement, align)
                .ok_or("the private array's element type has no size")?;
            // The array takes the call's name (the call goes away).
            let name = site.call.name();
            site.call.set_name("");
            array.set_name(&name);
            site.call.replace_all_uses_with(array)?;
        }
        (None, None) => site.call.replace_all_uses_with(replacement)?,
    }
    Ok(())
}

/// Every read of a symbolic ID must have one type (by shape: struct names may differ).
fn check_one_type_per_id<'c>(st: &mut State<'c>, sites: &[Site<'c>]) -> Result<(), LowerError> {
    let mut first: Vec<Option<usize>> = vec![None; st.ids.names.len()];
    for (i, site) in sites.iter().enumerate() {
        let Some(j) = first[site.sym] else {
            first[site.sym] = Some(i);
            continue;
        };
        let earlier = &sites[j];
        if earlier.sc_ty == site.sc_ty {
            continue;
        }
        let a = st
            .ty(earlier.sc_ty)
            .map_err(|r| site_error(earlier, st.ids, r))?;
        let b = st.ty(site.sc_ty).map_err(|r| site_error(site, st.ids, r))?;
        if !a.same_shape(&b) {
            return Err(LowerError::ConflictingTypes {
                symbolic_id: st.ids.names[site.sym].clone(),
                first_type: earlier.sc_ty.print(),
                first_caller: caller_name(&earlier.call),
                second_type: site.sc_ty.print(),
                second_caller: caller_name(&site.call),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod spec_constant_name_tests {
    use super::{LowerError, bare_global_name, spec_constant_name};

    #[test]
    fn internal_reasons_are_internal_errors_of_the_lowering_naming_the_function() {
        let call = |reason: &str| LowerError::Call {
            caller: "k".into(),
            callee: "getter".into(),
            symbolic_id: None,
            reason: reason.into(),
        };
        assert_eq!(
            call("internal: cannot declare x").to_string(),
            "internal error in spec-constant lowering of function 'k': call to 'getter': cannot \
             declare x"
        );
        assert_eq!(
            call("unexpected signature").to_string(),
            "in function 'k': call to 'getter': unexpected signature"
        );
    }

    #[test]
    fn bare_names_of_global_namespace_variables() {
        assert_eq!(bare_global_name("_Z4kept"), Some("kept"));
        assert_eq!(bare_global_name("_ZN2ns1xE"), None);
        assert_eq!(bare_global_name("_ZL4kept"), None);
        assert_eq!(bare_global_name("_Z10kept"), None);
    }

    #[test]
    fn symbolic_ids_name_their_variables() {
        assert_eq!(
            spec_constant_name("_ZN2ns5tableE").as_deref(),
            Some("ns::table")
        );
        assert_eq!(spec_constant_name("uid42____ZL1x").as_deref(), Some("x"));
        assert_eq!(
            spec_constant_name("uid0123456789abcdef____ZN12_GLOBAL__N_11aE").as_deref(),
            Some("(anonymous namespace)::a")
        );
        assert_eq!(spec_constant_name("A"), None);
    }
}
