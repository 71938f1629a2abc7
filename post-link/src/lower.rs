//! The spec-constant pass on LLVM IR (post-link.md §1–§5): recognise the getter calls, assign
//! numeric IDs per module, rewrite the calls for the chosen mode, record the
//! `!sycl.specialization-constants*` metadata. Property data is read back from that metadata
//! (`read_spec_constants`), as DPC++'s `computeModuleProperties` does.

use std::collections::HashMap;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use serde::Serialize;
use thiserror::Error;

use crate::llvm::{
    Builder, Call, Callee, Context, Function, GlobalVariable, Instruction, Layout, Md, Module,
    Opcode, SPIR_FUNC_CC, Type, TypeKind, Value, ValueKind, opcode_is,
};
use crate::model::{
    self, Const, Desc, EmulationLayout, IdSource, Kind, ModelError, Node, PADDING_ID, Ty,
};

pub const MD_SPEC_CONSTANTS: &str = "sycl.specialization-constants";
pub const MD_SPEC_DEFAULTS: &str = "sycl.specialization-constants-default-values";
pub const MD_DEFAULT_MODULE: &str = "sycl.specialization-constants-default-values-module";
// The same names as C strings, for the per-node metadata calls.
const MD_SPEC_CONSTANTS_C: &std::ffi::CStr = c"sycl.specialization-constants";
const MD_SPEC_DEFAULTS_C: &std::ffi::CStr = c"sycl.specialization-constants-default-values";

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
    #[error("in function '{caller}': call to '{callee}'{}: {reason}", id_suffix(.symbolic_id))]
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

fn id_suffix(id: &Option<String>) -> String {
    id.as_ref()
        .map(|s| format!(" (symbolic ID '{s}')"))
        .unwrap_or_default()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Getter {
    Scalar2020,
    Composite2020,
    /// SYCL 1.2.1 extension: symbolic ID only, C++ zero default.
    Legacy,
    /// `sycl_ext_oneapi_private_alloca`: `llvm.sycl.alloca.*(ID, spec id, buffer, element,
    /// align)`, a private array whose length is the spec constant.
    Alloca,
}

const GETTERS: [(&str, Getter); 5] = [
    (
        "_Z37__sycl_getScalar2020SpecConstantValue",
        Getter::Scalar2020,
    ),
    (
        "_Z40__sycl_getComposite2020SpecConstantValue",
        Getter::Composite2020,
    ),
    ("_Z33__sycl_getScalarSpecConstantValue", Getter::Legacy),
    ("_Z36__sycl_getCompositeSpecConstantValue", Getter::Legacy),
    ("llvm.sycl.alloca", Getter::Alloca),
];

fn getter_kind(name: &str) -> Option<Getter> {
    GETTERS
        .iter()
        .find(|(p, _)| name.starts_with(p))
        .map(|(_, g)| *g)
}

/// One recognised getter call, validated before anything is rewritten.
struct Site<'c> {
    call: Call<'c>,
    callee: Function<'c>,
    /// Index into `SymbolicIds`.
    sym: usize,
    /// The string global the ID argument points at directly (removed once dead).
    id_global: Option<GlobalVariable<'c>>,
    /// The sret destination, if the getter returns through one.
    sret_dst: Option<Value<'c>>,
    sc_ty: Type<'c>,
    /// Element 0 of the `specialization_id` initializer; `None` for the legacy getters.
    default: Option<Value<'c>>,
    buffer: Option<Value<'c>>,
    /// -O0 pattern leftovers: (store of the ID pointer, its load).
    cleanup: Vec<(Instruction<'c>, Instruction<'c>)>,
    /// `llvm.sycl.alloca`: the array's element type and alignment.
    alloca: Option<(Type<'c>, u32)>,
}

/// The symbolic IDs of all sites, interned: sites refer to them by index. Arguments already
/// resolved (the same constant expression or global in another call) are looked up by
/// address instead of being walked again: the objects behind them are cold in large modules.
#[derive(Default)]
struct SymbolicIds<'c> {
    names: Vec<String>,
    by_name: HashMap<String, usize>,
    /// Symbolic-ID argument → (symbolic ID, its string global).
    by_arg: AddrMap<Value<'c>, (usize, GlobalVariable<'c>)>,
    /// Default-value argument → the default constant.
    defaults: AddrMap<Value<'c>, Value<'c>>,
}

impl SymbolicIds<'_> {
    fn intern(&mut self, text: String) -> usize {
        if let Some(&i) = self.by_name.get(&text) {
            return i;
        }
        let i = self.names.len();
        self.by_name.insert(text.clone(), i);
        self.names.push(text);
        i
    }

    fn name(&self, sym: usize) -> &str {
        self.names.get(sym).map_or("", String::as_str)
    }
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

#[derive(Debug, Clone, Default, Serialize)]
pub struct LowerReport {
    /// Whether any getter call was seen (DPC++'s "modified").
    pub modified: bool,
    pub spec_constants: Vec<SpecConstReport>,
}

/// Runs the pass over `module`.
pub fn lower(module: &Module<'_>, mode: Mode) -> Result<LowerReport, LowerError> {
    let (sites, ids) = collect_sites(module)?;
    let ctx = module.context();
    let layout = module.layout();
    let spir = module.triple().starts_with("spir");
    let mut st = State {
        ctx,
        module,
        layout,
        spir,
        ids: &ids,
        records: Vec::new(),
        by_id: vec![None; ids.names.len()],
        next_id: 0,
        emu: EmulationLayout::default(),
        tys: AddrMap::default(),
        decls: Vec::new(),
        scalar_decls: AddrMap::default(),
        composite_decls: AddrMap::default(),
        extra: Vec::new(),
        stack: Vec::new(),
    };
    check_one_type_per_id(&mut st, &sites)?;
    let builder = ctx.builder();
    // Emulation cannot size a private array from a buffer on SPIR targets: DPC++ leaves those
    // calls alone (and reports no modification when nothing else changed).
    let sites: Vec<Site<'_>> = sites
        .into_iter()
        .filter(|s| !(s.alloca.is_some() && mode == Mode::Emulation && spir))
        .collect();
    for site in &sites {
        builder.position_before(*site.call);
        let mode = if site.alloca.is_some() && mode == Mode::Emulation {
            // Non-SPIR targets: the default length (the runtime is expected to refuse).
            Mode::DefaultValues
        } else {
            mode
        };
        let replacement = match mode {
            Mode::Native => st.native(site),
            Mode::Emulation => st.emulation(site),
            Mode::DefaultValues => st.default_value(site),
        }
        .and_then(|plan| st.build(&plan, &builder))
        .map_err(|reason| site_error(site, &ids, reason))?;
        replace_call(site, replacement, &builder)
            .map_err(|reason| site_error(site, &ids, reason))?;
    }
    let modified = !sites.is_empty();
    cleanup(module, &sites);
    if mode == Mode::DefaultValues {
        if modified {
            module.ensure_named_md(MD_DEFAULT_MODULE);
        }
    } else {
        st.write_metadata().map_err(LowerError::Metadata)?;
    }
    Ok(LowerReport {
        modified,
        spec_constants: st.records.into_iter().map(|r| r.report).collect(),
    })
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

/// Names are looked up only for error messages: a `String` per call site is measurable on
/// modules with 10^5 calls.
fn caller_name(call: &Value<'_>) -> String {
    call.parent_function().map(|f| f.name()).unwrap_or_default()
}

fn site_error(site: &Site<'_>, ids: &SymbolicIds<'_>, reason: String) -> LowerError {
    LowerError::Call {
        caller: caller_name(&site.call),
        callee: site.callee.name(),
        symbolic_id: Some(ids.name(site.sym).to_string()),
        reason,
    }
}

/// Matching declarations in module order, then each one's users in use-list order (§3.1).
fn collect_sites<'c>(
    module: &'c Module<'_>,
) -> Result<(Vec<Site<'c>>, SymbolicIds<'c>), LowerError> {
    let mut sites = Vec::new();
    let mut ids = SymbolicIds::default();
    for f in module.functions() {
        let name = f.name();
        let Some(getter) = getter_kind(&name) else {
            continue;
        };
        if !f.is_declaration() {
            continue;
        }
        let sret_ty = f.sret_type(0);
        // Calls that also pass the getter as an argument: `users()` lists them once per use.
        let mut self_referencing: Vec<Call<'_>> = Vec::new();
        for user in f.users() {
            let Some(call) = user.as_call().filter(|c| c.callee() == f.as_value()) else {
                continue;
            };
            // One site per call, or the call would be rewritten and erased twice.
            if (0..call.num_args()).any(|i| call.arg(i) == Some(f.as_value())) {
                if self_referencing.contains(&call) {
                    continue;
                }
                self_referencing.push(call);
            }
            sites.push(parse_site(call, f, getter, sret_ty, &mut ids)?);
        }
    }
    Ok((sites, ids))
}

fn parse_site<'c>(
    call: Call<'c>,
    callee: Function<'c>,
    getter: Getter,
    sret_ty: Option<Type<'c>>,
    ids: &mut SymbolicIds<'c>,
) -> Result<Site<'c>, LowerError> {
    let err = |id: Option<String>, reason: &str| LowerError::Call {
        caller: caller_name(&call),
        callee: callee.name(),
        symbolic_id: id,
        reason: reason.to_string(),
    };
    let shift = u32::from(sret_ty.is_some());
    let want = shift
        + match getter {
            Getter::Legacy => 1,
            Getter::Alloca => 5,
            _ => 3,
        };
    if call.num_args() != want {
        return Err(err(
            None,
            &format!(
                "unexpected signature: {} arguments, expected {want}",
                call.num_args()
            ),
        ));
    }
    let arg = |i: u32| call.arg(i);
    let (sym, cleanup, id_global) = match arg(shift) {
        Some(v) => match ids.by_arg.get(&v) {
            Some(&(sym, g)) => (sym, Vec::new(), Some(g)),
            None => {
                let (text, cleanup) = resolve_string(v, 0).map_err(|r| err(None, &r))?;
                let sym = ids.intern(text);
                let global = strip_pointer_casts(v).as_global_variable();
                if let Some(g) = global {
                    // Only arguments that lead straight to a string global; -O0 loads are
                    // per call anyway.
                    ids.by_arg.insert(v, (sym, g));
                }
                (sym, cleanup, global)
            }
        },
        None => return Err(err(None, "missing symbolic ID argument")),
    };
    let id_text = || Some(ids.name(sym).to_string());
    let sc_ty = match sret_ty {
        Some(t) => t,
        None => call.ty(),
    };
    if sc_ty.kind() == TypeKind::Void {
        return Err(err(
            id_text(),
            "getter returns void without an sret parameter",
        ));
    }
    let default = if getter == Getter::Legacy {
        None
    } else {
        match arg(shift + 1) {
            Some(v) => Some(match ids.defaults.get(&v) {
                Some(&d) => d,
                None => {
                    let d = resolve_default(v).map_err(|r| err(id_text(), &r))?;
                    ids.defaults.insert(v, d);
                    d
                }
            }),
            None => return Err(err(id_text(), "missing default-value argument")),
        }
    };
    let buffer = if getter == Getter::Legacy {
        None
    } else {
        arg(shift + 2)
    };
    let sret_dst = if shift == 1 { arg(0) } else { None };
    let (sc_ty, alloca) = if getter == Getter::Alloca {
        // The length's type is the spec id's value type (its default); the element type is
        // the type of the fourth argument, the alignment the fifth.
        let id = Some(ids.name(sym).to_string());
        let length_ty = default
            .map(|d| d.ty())
            .filter(|t| t.int_width().is_some())
            .ok_or_else(|| {
                err(
                    id.clone(),
                    "the private array's length is not an integer spec constant",
                )
            })?;
        let element = arg(3)
            .map(|v| v.ty())
            .ok_or_else(|| err(id.clone(), "missing element argument"))?;
        let align = arg(4)
            .and_then(|v| v.const_int_zext())
            .and_then(|a| u32::try_from(a).ok())
            .filter(|a| a.is_power_of_two())
            .ok_or_else(|| err(id, "the alignment is not a constant power of two"))?;
        (length_ty, Some((element, align)))
    } else {
        (sc_ty, None)
    };
    Ok(Site {
        call,
        callee,
        sym,
        id_global,
        sret_dst,
        sc_ty,
        default,
        buffer,
        cleanup,
        alloca,
    })
}

/// `Value::stripPointerCasts`: addrspacecast, bitcast and all-zero-index GEPs.
pub(crate) fn strip_pointer_casts(mut v: Value<'_>) -> Value<'_> {
    for _ in 0..64 {
        let op = match v.kind() {
            ValueKind::Instruction(o) | ValueKind::ConstantExpr(o) => o,
            _ => return v,
        };
        let next = match op {
            Opcode::LLVMAddrSpaceCast | Opcode::LLVMBitCast => v.operand(0),
            Opcode::LLVMGetElementPtr => {
                let all_zero = (1..v.num_operands())
                    .all(|i| v.operand(i).and_then(|o| o.const_int_zext()) == Some(0));
                if all_zero { v.operand(0) } else { None }
            }
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => return v,
        }
    }
    v
}

/// §1.3: the symbolic ID string, plus the -O0 pattern's store and load to delete.
#[allow(clippy::type_complexity)]
fn resolve_string<'c>(
    v: Value<'c>,
    depth: u32,
) -> Result<(String, Vec<(Instruction<'c>, Instruction<'c>)>), String> {
    if depth > 8 {
        return Err("symbolic ID: pattern nested too deeply".into());
    }
    let s = strip_pointer_casts(v);
    match s.kind() {
        ValueKind::GlobalVariable => {
            let init = s
                .as_global_variable()
                .and_then(GlobalVariable::initializer)
                .ok_or("symbolic ID string global has no initializer")?;
            let mut bytes = init
                .const_bytes()
                .ok_or("symbolic ID global is not a constant string")?;
            if bytes.last() == Some(&0) {
                bytes.pop();
            }
            let text = String::from_utf8(bytes).map_err(|_| "symbolic ID is not valid UTF-8")?;
            Ok((text, Vec::new()))
        }
        ValueKind::Instruction(Opcode::LLVMLoad) => {
            let load = s
                .as_instruction()
                .ok_or("unexpected spec const IR pattern 0")?;
            let ptr = s.operand(0).ok_or("unexpected spec const IR pattern 0")?;
            let base = strip_pointer_casts(ptr);
            if !opcode_is(base, Opcode::LLVMAlloca) {
                return Err("non-constant symbolic ID (load not from an alloca)".into());
            }
            let stores: Vec<Instruction<'c>> = ptr
                .users()
                .into_iter()
                .filter(|u| opcode_is(*u, Opcode::LLVMStore) && u.operand(1) == Some(ptr))
                .filter_map(Value::as_instruction)
                .collect();
            let [store] = stores[..] else {
                return Err("non-constant symbolic ID: single store expected".into());
            };
            let stored = store
                .operand(0)
                .ok_or("unexpected spec const IR pattern 1")?;
            let (text, mut cleanup) = resolve_string(stored, depth + 1)?;
            cleanup.push((store, load));
            Ok((text, cleanup))
        }
        ValueKind::Instruction(Opcode::LLVMCall) => {
            // The ID comes from a function that returns a constant string.
            let f = s
                .as_call()
                .and_then(|call| call.callee().as_function())
                .filter(|f| !f.is_declaration())
                .ok_or("non-constant symbolic ID (call to an unknown function)")?;
            let mut found: Option<String> = None;
            for inst in f.instructions() {
                if let Some(rv) = inst.return_value() {
                    let (text, _) = resolve_string(rv, depth + 1)?;
                    if found.as_ref().is_some_and(|t| *t != text) {
                        return Err(
                            "non-constant symbolic ID (function returns different strings)".into(),
                        );
                    }
                    found = Some(text);
                }
            }
            found
                .map(|t| (t, Vec::new()))
                .ok_or_else(|| "non-constant symbolic ID (function never returns)".into())
        }
        _ => Err("non-constant symbolic ID".into()),
    }
}

/// §1.4: element 0 of the `specialization_id` global's initializer.
fn resolve_default(v: Value<'_>) -> Result<Value<'_>, String> {
    let g = strip_pointer_casts(v)
        .as_global_variable()
        .ok_or("default value is not a specialization_id global")?;
    let init = g
        .initializer()
        .ok_or_else(|| format!("spec-id global '{}' has no initializer", g.name()))?;
    if !matches!(
        init.kind(),
        ValueKind::ConstantAggregate | ValueKind::ConstantAggregateZero
    ) {
        return Err(format!(
            "initializer of spec-id global '{}' is not an aggregate",
            g.name()
        ));
    }
    init.aggregate_element(0)
        .ok_or_else(|| format!("spec-id global '{}' has an empty initializer", g.name()))
}

/// The model of an LLVM type with the module's data layout.
pub fn ty_model<'c>(layout: &Layout<'_>, t: Type<'c>) -> Result<Ty<Type<'c>>, ModelError> {
    let kind = match t.kind() {
        TypeKind::Int(w) => Kind::Int(w),
        TypeKind::Half => Kind::Half,
        TypeKind::BFloat => Kind::BFloat,
        TypeKind::Float => Kind::Float,
        TypeKind::Double => Kind::Double,
        TypeKind::Struct if !t.is_opaque_struct() => {
            let elems = t.struct_elements();
            let mut fields = Vec::with_capacity(elems.len());
            let mut offsets = Vec::with_capacity(elems.len());
            for (i, e) in elems.into_iter().enumerate() {
                fields.push(ty_model(layout, e)?);
                let offset = u32::try_from(i)
                    .ok()
                    .and_then(|i| layout.element_offset(t, i))
                    .ok_or_else(|| ModelError::UnsupportedType(t.print()))?;
                offsets.push(offset);
            }
            Kind::Struct {
                name: t.struct_name(),
                fields,
                offsets,
            }
        }
        TypeKind::Array | TypeKind::FixedVector => {
            let elem = t
                .element_type()
                .ok_or_else(|| ModelError::UnsupportedType(t.print()))?;
            let elem = Box::new(ty_model(layout, elem)?);
            let len = t.sequence_len();
            if t.kind() == TypeKind::Array {
                Kind::Array { elem, len }
            } else {
                Kind::Vector { elem, len }
            }
        }
        other => {
            return Err(ModelError::UnsupportedType(
                format!("{other:?}").to_lowercase(),
            ));
        }
    };
    // Every kind above is sized once its elements are (they were modelled first).
    let unsized_type = || ModelError::UnsupportedType(t.print());
    Ok(Ty {
        kind,
        store: layout.store_size(t).ok_or_else(unsized_type)?,
        alloc: layout.alloc_size(t).ok_or_else(unsized_type)?,
        align: layout.abi_align(t).ok_or_else(unsized_type)?,
        handle: t,
    })
}

/// The model of a constant of type `ty`.
pub fn const_model<'c>(v: Value<'c>, ty: &Ty<Type<'c>>) -> Result<Const<Value<'c>>, ModelError> {
    match v.kind() {
        ValueKind::ConstantAggregateZero => Ok(Const::Zero),
        ValueKind::Undef => Ok(Const::Undef),
        ValueKind::ConstantInt => v
            .const_int_zext()
            .map(|bits| Const::Scalar { bits, handle: v })
            .ok_or_else(|| ModelError::UnsupportedType(ty.describe())),
        ValueKind::ConstantFp => v
            .const_fp_bits()
            .map(|bits| Const::Scalar { bits, handle: v })
            .ok_or_else(|| ModelError::UnsupportedType(ty.describe())),
        ValueKind::ConstantAggregate | ValueKind::ConstantDataSequential => {
            let mut elems = Vec::new();
            for (i, (ety, _)) in ty.elements().into_iter().enumerate() {
                let e = v
                    .aggregate_element(i as u32)
                    .ok_or(ModelError::ShapeMismatch(0))?;
                elems.push(const_model(e, ety)?);
            }
            Ok(Const::Agg(elems))
        }
        _ => Err(ModelError::UnsupportedType(format!(
            "constant of type {}",
            ty.describe()
        ))),
    }
}

struct Record<'c> {
    report: SpecConstReport,
    default: Value<'c>,
    /// Emulation: alignment padding to list before this constant's default.
    padding_before: u64,
    /// Native: the lowering of the first use, replayed for later uses with the same type and
    /// default (they plan to the same tree with the same numeric IDs).
    program: Option<Program<'c>>,
}

/// How one site's replacement value is built.
enum Plan<'c> {
    /// Replay the program of record `.0` (`Record::program`).
    Record(usize),
    /// Replay `State::extra[.0]` (a later use whose type or default differs from the first).
    Extra(usize),
    /// Emulation: load from the spec-constant buffer.
    Load {
        buffer: Value<'c>,
        offset: u64,
        ty: Type<'c>,
        align: u32,
        /// `trunc` to this type (bool constants are stored as `i8`).
        to_bool: Option<Type<'c>>,
    },
    Value(Value<'c>),
    /// A default truncated to `i1`.
    Bool(Value<'c>, Type<'c>),
}

/// A native lowering as a post-order list of instructions to build.
struct Program<'c> {
    sc_ty: Type<'c>,
    default: Value<'c>,
    ops: Vec<Op<'c>>,
}

enum Op<'c> {
    /// `__spirv_SpecConstant(id, default)`, truncated to `i1` when `trunc` is set.
    Leaf {
        decl: usize,
        args: [Value<'c>; 2],
        trunc: Option<Type<'c>>,
    },
    /// A literal operand.
    Undef(Value<'c>),
    /// `__spirv_SpecConstantComposite` of the last `n` results.
    Composite { decl: usize, n: usize },
}

struct State<'c> {
    ctx: &'c Context,
    module: &'c Module<'c>,
    layout: Layout<'c>,
    spir: bool,
    ids: &'c SymbolicIds<'c>,
    records: Vec<Record<'c>>,
    /// Record index per symbolic ID (`Site::sym`).
    by_id: Vec<Option<usize>>,
    next_id: u32,
    emu: EmulationLayout,
    /// Type models, built once per type.
    tys: AddrMap<Type<'c>, Rc<Ty<Type<'c>>>>,
    /// `__spirv_SpecConstant*` declarations by signature, so that the mangled name is built
    /// and looked up once per type rather than once per emitted call.
    decls: Vec<Callee<'c>>,
    scalar_decls: AddrMap<Type<'c>, usize>,
    composite_decls: AddrMap<(Type<'c>, Vec<Type<'c>>), usize>,
    /// Programs of `Plan::Extra`.
    extra: Vec<Vec<Op<'c>>>,
    /// Operand stack reused by `replay`.
    stack: Vec<Value<'c>>,
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    out
}

const MISMATCHED_CALL: &str =
    "internal: arguments do not match the __spirv_SpecConstant declaration";
const NOT_A_BOOL: &str = "internal: a bool spec constant is not read as a wider integer";

/// Builds a program's instructions at the builder's position; returns the final value.
fn replay<'c>(
    ops: &[Op<'c>],
    decls: &[Callee<'c>],
    stack: &mut Vec<Value<'c>>,
    b: &Builder<'c>,
) -> Result<Value<'c>, String> {
    stack.clear();
    for op in ops {
        match *op {
            Op::Leaf { decl, args, trunc } => {
                let d = decls.get(decl).ok_or("internal: unknown declaration")?;
                let call = b.call(d, &args).ok_or(MISMATCHED_CALL)?;
                stack.push(match trunc {
                    Some(t) => b.trunc(call, t, c"tobool").ok_or(NOT_A_BOOL)?,
                    None => call,
                });
            }
            Op::Undef(v) => stack.push(v),
            Op::Composite { decl, n } => {
                let d = decls.get(decl).ok_or("internal: unknown declaration")?;
                let at = stack
                    .len()
                    .checked_sub(n)
                    .ok_or("internal: composite without its operands")?;
                let call = b.call(d, &stack[at..]).ok_or(MISMATCHED_CALL)?;
                stack.truncate(at);
                stack.push(call);
            }
        }
    }
    stack.pop().ok_or_else(|| "internal: empty lowering".into())
}

impl<'c> State<'c> {
    /// The default constant of a site (zero of SCTy for the legacy getters).
    fn default_of(&self, site: &Site<'c>) -> Result<Value<'c>, String> {
        match site.default {
            Some(default) => Ok(default),
            None => site
                .sc_ty
                .zero()
                .ok_or_else(|| format!("type {} has no zero default", site.sc_ty.print())),
        }
    }

    fn ty(&mut self, t: Type<'c>) -> Result<Rc<Ty<Type<'c>>>, String> {
        if let Some(m) = self.tys.get(&t) {
            return Ok(Rc::clone(m));
        }
        let m = Rc::new(ty_model(&self.layout, t).map_err(|e| e.to_string())?);
        let elements = m.scalar_elements();
        if elements > model::MAX_SCALAR_ELEMENTS {
            return Err(format!(
                "the spec constant's type {} has {elements} scalar elements ({} bytes); the \
                 limit is {} elements",
                t.print(),
                m.store,
                model::MAX_SCALAR_ELEMENTS
            ));
        }
        self.tys.insert(t, Rc::clone(&m));
        Ok(m)
    }

    /// §6: the default value's bytes.
    fn default_bytes(&mut self, default: Value<'c>) -> Result<Vec<u8>, String> {
        let dty = self.ty(default.ty())?;
        let dc = const_model(default, &dty).map_err(|e| e.to_string())?;
        model::blob(&dty, &dc).map_err(|e| e.to_string())
    }

    fn new_record(
        &mut self,
        site: &Site<'c>,
        sc: &Ty<Type<'c>>,
        default: Value<'c>,
        bytes: &[u8],
    ) -> usize {
        self.records.push(Record {
            report: SpecConstReport {
                symbolic_id: self.ids.name(site.sym).to_string(),
                ty: sc.describe(),
                ids: Vec::new(),
                descriptors: Vec::new(),
                default_bytes: hex(bytes),
                emulation_offset: None,
                uses: 0,
            },
            default,
            padding_before: 0,
            program: None,
        });
        let idx = self.records.len() - 1;
        if let Some(slot) = self.by_id.get_mut(site.sym) {
            *slot = Some(idx);
        }
        idx
    }

    fn record_of(&self, site: &Site<'c>) -> Option<usize> {
        self.by_id.get(site.sym).copied().flatten()
    }

    fn native(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        let default = self.default_of(site)?;
        let existing = self.record_of(site);
        if let Some(idx) = existing {
            let rec = &mut self.records[idx];
            if rec
                .program
                .as_ref()
                .is_some_and(|p| p.sc_ty == site.sc_ty && p.default == default)
            {
                rec.report.uses += 1;
                return Ok(Plan::Record(idx));
            }
        }
        let sc = self.ty(site.sc_ty)?;
        let dty = if default.ty() == site.sc_ty {
            Rc::clone(&sc)
        } else {
            self.ty(default.ty())?
        };
        let dc = const_model(default, &dty).map_err(|e| e.to_string())?;
        let leaves = model::flatten(&dty, &dc).map_err(|e| e.to_string())?;
        let (node, fresh) = match existing {
            Some(idx) => {
                let ids = std::mem::take(&mut self.records[idx].report.ids);
                let mut src = IdSource::Reuse { ids: &ids, pos: 0 };
                let node = model::plan(&sc, &leaves, &mut src);
                self.records[idx].report.ids = ids;
                let node = node.map_err(|e| e.to_string())?;
                self.records[idx].report.uses += 1;
                (node, None)
            }
            None => {
                let mut next = self.next_id;
                let mut src = IdSource::Fresh {
                    next: &mut next,
                    taken: Vec::new(),
                };
                let node = model::plan(&sc, &leaves, &mut src).map_err(|e| e.to_string())?;
                let taken = src.into_taken();
                let descs = model::native_descriptors(&node).map_err(|e| e.to_string())?;
                self.next_id = next;
                let bytes = model::blob(&dty, &dc).map_err(|e| e.to_string())?;
                let idx = self.new_record(site, &sc, default, &bytes);
                let r = &mut self.records[idx].report;
                r.ids = taken;
                r.descriptors = descs;
                r.uses = 1;
                (node, Some(idx))
            }
        };
        let mut ops = Vec::new();
        self.compile(&node, &mut ops)?;
        Ok(match fresh {
            Some(idx) => {
                self.records[idx].program = Some(Program {
                    sc_ty: site.sc_ty,
                    default,
                    ops,
                });
                Plan::Record(idx)
            }
            None => {
                self.extra.push(ops);
                Plan::Extra(self.extra.len() - 1)
            }
        })
    }

    /// Builds a planned replacement at the builder's position.
    fn build(&mut self, plan: &Plan<'c>, b: &Builder<'c>) -> Result<Value<'c>, String> {
        let ops = match *plan {
            Plan::Record(idx) => self
                .records
                .get(idx)
                .and_then(|r| r.program.as_ref())
                .map(|p| &p.ops[..]),
            Plan::Extra(i) => self.extra.get(i).map(|ops| &ops[..]),
            Plan::Load {
                buffer,
                offset,
                ty,
                align,
                to_bool,
            } => {
                let gep = b
                    .byte_gep(buffer, offset, 32, c"gep")
                    .ok_or("the spec-constant buffer argument is not a pointer")?;
                let load = b
                    .load(ty, gep, align, c"load")
                    .ok_or("internal: the spec constant's type has no size")?;
                return match to_bool {
                    Some(t) => b.trunc(load, t, c"tobool").ok_or_else(|| NOT_A_BOOL.into()),
                    None => Ok(load),
                };
            }
            Plan::Value(v) => return Ok(v),
            Plan::Bool(v, t) => return b.trunc(v, t, c"bool").ok_or_else(|| NOT_A_BOOL.into()),
        };
        let ops = ops.ok_or("internal: missing lowering program")?;
        replay(ops, &self.decls, &mut self.stack, b)
    }

    /// Get-or-insert by name; a clash with a different type (two literal structs share the
    /// empty name code) gets a fresh declaration, which LLVM renames with a numeric suffix.
    fn declare(&mut self, name: &str, ret: Type<'c>, params: &[Type<'c>]) -> Result<usize, String> {
        let fty = Type::function(ret, params)
            .ok_or_else(|| format!("internal: no function type for {name}"))?;
        let f = match self.module.get_function(name) {
            Some(f) if f.function_type() == fty => f,
            _ => {
                let f = self
                    .module
                    .add_function(name, fty)
                    .ok_or_else(|| format!("internal: cannot declare {name}"))?;
                if self.spir {
                    f.set_calling_conv(SPIR_FUNC_CC);
                }
                f
            }
        };
        self.decls.push(Callee::new(f));
        Ok(self.decls.len() - 1)
    }

    /// Appends `node`'s instructions in emission order (operands first); returns the type of
    /// the value it produces.
    fn compile(
        &mut self,
        node: &Node<'_, Type<'c>, Value<'c>>,
        ops: &mut Vec<Op<'c>>,
    ) -> Result<Type<'c>, String> {
        match node {
            Node::Leaf {
                id,
                ty,
                value_ty,
                value,
                to_bool,
            } => {
                let i32t = self.ctx.int_type(32);
                let vt = value_ty.handle;
                let decl = match self.scalar_decls.get(&vt) {
                    Some(&d) => d,
                    None => {
                        let name = model::scalar_name(value_ty).map_err(|e| e.to_string())?;
                        let d = self.declare(&name, vt, &[i32t, vt])?;
                        self.scalar_decls.insert(vt, d);
                        d
                    }
                };
                let dflt = match value {
                    Some(v) => *v,
                    None => vt.zero().ok_or("internal: a scalar without a zero value")?,
                };
                let trunc = to_bool.then_some(ty.handle);
                ops.push(Op::Leaf {
                    decl,
                    args: [self.ctx.const_int(32, u64::from(*id)), dflt],
                    trunc,
                });
                Ok(trunc.unwrap_or(vt))
            }
            Node::Undef { ty, .. } => {
                ops.push(Op::Undef(ty.handle.undef()));
                Ok(ty.handle)
            }
            Node::Composite { ty, elems } => {
                let mut params = Vec::with_capacity(elems.len());
                for e in elems {
                    params.push(self.compile(e, ops)?);
                }
                let n = params.len();
                let key = (ty.handle, params);
                let decl = match self.composite_decls.get(&key) {
                    Some(&d) => d,
                    None => {
                        let name = model::composite_name(ty).map_err(|e| e.to_string())?;
                        let d = self.declare(&name, ty.handle, &key.1)?;
                        self.composite_decls.insert(key, d);
                        d
                    }
                };
                ops.push(Op::Composite { decl, n });
                Ok(ty.handle)
            }
        }
    }

    fn emulation(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        let sc = self.ty(site.sc_ty)?;
        let buffer = site.buffer.ok_or("no spec-constant buffer argument")?;
        let offset = match self.record_of(site) {
            Some(idx) => {
                self.records[idx].report.uses += 1;
                self.records[idx].report.emulation_offset.unwrap_or(0)
            }
            None => {
                let default = self.default_of(site)?;
                let dsize = self
                    .layout
                    .store_size(default.ty())
                    .ok_or("the default value has no size")?;
                let slot = self.emu.place(sc.store, sc.align);
                if slot.padding > 0 {
                    // The padding triple goes to the previous constant (§4).
                    if let Some(prev) = self.records.last_mut() {
                        let prev_size = prev
                            .report
                            .descriptors
                            .first()
                            .map_or(0, |d| u64::from(d.size));
                        prev.report.descriptors.push(
                            Desc::new(PADDING_ID, prev_size, slot.padding)
                                .map_err(|e| e.to_string())?,
                        );
                    }
                }
                let bytes = self.default_bytes(default)?;
                let idx = self.new_record(site, &sc, default, &bytes);
                let r = &mut self.records[idx];
                r.padding_before = slot.padding;
                r.report.ids = vec![slot.id];
                r.report.descriptors =
                    vec![Desc::new(slot.id, 0, dsize).map_err(|e| e.to_string())?];
                r.report.emulation_offset = Some(slot.offset);
                r.report.uses = 1;
                slot.offset
            }
        };
        let is_bool = sc.kind == Kind::Int(1);
        let load_ty = if is_bool {
            self.ctx.int_type(8)
        } else {
            site.sc_ty
        };
        Ok(Plan::Load {
            buffer,
            offset,
            ty: load_ty,
            align: self
                .layout
                .abi_align(load_ty)
                .ok_or("internal: the spec constant's type has no size")? as u32,
            to_bool: is_bool.then_some(site.sc_ty),
        })
    }

    fn default_value(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        let default = self.default_of(site)?;
        if site.sret_dst.is_some() || default.ty() == site.sc_ty {
            // With sret the default is stored with its own type (§5).
            return Ok(Plan::Value(default));
        }
        if site.sc_ty.int_width() == Some(1) && default.ty().int_width() == Some(8) {
            return Ok(Plan::Bool(default, site.sc_ty));
        }
        Err("default value type differs from the getter's return type".into())
    }

    /// §3.6/§4: both named lists, always created; one node per symbolic ID.
    fn write_metadata(&self) -> Result<(), String> {
        let m = self.module;
        m.ensure_named_md(MD_SPEC_CONSTANTS);
        m.ensure_named_md(MD_SPEC_DEFAULTS);
        // Offsets and sizes repeat across constants: their metadata wrappers are looked up
        // once instead of through two LLVM hash tables per operand.
        let mut small: Vec<Option<Md<'c>>> = vec![None; 256];
        let mut int_md = |x: u32| match small.get_mut(x as usize) {
            Some(slot) => *slot.get_or_insert_with(|| self.ctx.const_int_md(32, u64::from(x))),
            None => self.ctx.const_int_md(32, u64::from(x)),
        };
        let not_constant = || "internal: a default value is not a constant".to_string();
        let mut ops = Vec::new();
        for r in &self.records {
            ops.clear();
            ops.push(self.ctx.md_string(&r.report.symbolic_id));
            for d in &r.report.descriptors {
                for x in [d.id, d.offset, d.size] {
                    ops.push(int_md(x));
                }
            }
            m.add_named_md(MD_SPEC_CONSTANTS_C, self.ctx.md_node(&ops));
            if r.padding_before > 0 {
                let pad = self.ctx.zero_bytes(r.padding_before);
                let pad = pad.as_md().ok_or_else(not_constant)?;
                m.add_named_md(MD_SPEC_DEFAULTS_C, self.ctx.md_node(&[pad]));
            }
            let default = r.default.as_md().ok_or_else(not_constant)?;
            m.add_named_md(MD_SPEC_DEFAULTS_C, self.ctx.md_node(&[default]));
        }
        Ok(())
    }
}

/// Erases the rewritten calls, the -O0 pattern leftovers, now-dead private string globals and
/// unused getter declarations.
fn cleanup(module: &Module<'_>, sites: &[Site<'_>]) {
    // Only symbolic-ID strings can become dead private string globals: the other arguments
    // are the spec-id object, the buffer and the sret slot.
    let mut candidates: Vec<GlobalVariable<'_>> = Vec::new();
    for s in sites {
        candidates.extend(s.id_global);
        // SAFETY: `lower` replaced the call's uses (an sret call has none); `collect_sites`
        // made one site per call, and nothing reads a site's call after this.
        unsafe { s.call.erase() };
    }
    // -O0 pattern: loads first (once unused), then the store once nothing reads the slot.
    // `erased` is checked before a handle is read: patterns may share instructions.
    let mut erased = AddrSet::default();
    for s in sites {
        for &(store, load) in &s.cleanup {
            if !erased.contains(&load) && !load.has_users() {
                let ptr = load.operand(0);
                erased.insert(load);
                // SAFETY: unused (checked), recorded in `erased`, never read again.
                unsafe { load.erase() };
                let still_read = ptr
                    .is_some_and(|p| p.users().iter().any(|u| !opcode_is(*u, Opcode::LLVMStore)));
                if !still_read && erased.insert(store) {
                    // The stored value is alive: the store still uses it.
                    if let Some(v) = store.operand(0) {
                        candidates.extend(strip_pointer_casts(v).as_global_variable());
                    }
                    // SAFETY: a store has no users; recorded in `erased`, never read again.
                    unsafe { store.erase() };
                }
            }
        }
    }
    // Deduplicated before anything reads a candidate: a repeated one may be deleted already.
    let mut seen = AddrSet::default();
    for g in candidates {
        if !seen.insert(g)
            || !g.linkage_is_private_or_internal()
            || !is_string_global(g)
            || !only_dead_constant_users(g.as_value(), 0)
        {
            continue;
        }
        // RAUW first so LLVM rebuilds (and thereby drops) the dead constant expressions.
        if g.replace_all_uses_with(g.ty().undef()).is_ok() {
            // SAFETY: no uses remain; later copies of `g` stop at `seen` unread.
            unsafe { g.delete() };
        }
    }
    for f in module.functions() {
        if f.is_declaration() && getter_kind(&f.name()).is_some() && !f.has_users() {
            // SAFETY: unused; `functions()` lists each function once.
            unsafe { f.delete() };
        }
    }
}

fn is_string_global(g: GlobalVariable<'_>) -> bool {
    g.initializer().is_some_and(|i| i.is_constant_string())
}

/// True if every user is a constant expression that itself has no live users.
fn only_dead_constant_users(v: Value<'_>, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    v.users().into_iter().all(|u| {
        matches!(u.kind(), ValueKind::ConstantExpr(_)) && only_dead_constant_users(u, depth + 1)
    })
}

/// Spec constants as recorded in the module's metadata, for the property sets (§8.4).
#[derive(Debug, Default, Clone, Serialize)]
pub struct SpecConstTables {
    /// Symbolic ID → descriptor triples, in metadata order.
    pub descriptors: Vec<(String, Vec<Desc>)>,
    /// The concatenated default blob (§6).
    pub default_blob: Vec<u8>,
}

pub fn read_spec_constants(module: &Module<'_>) -> Result<SpecConstTables, LowerError> {
    let bad = |m: &str| LowerError::Metadata(m.to_string());
    let mut out = SpecConstTables::default();
    for node in module.named_md_operands(MD_SPEC_CONSTANTS) {
        let ops = node.md_node_operands();
        let (first, rest) = ops.split_first().ok_or_else(|| bad("empty node"))?;
        let name = first
            .md_string()
            .ok_or_else(|| bad("first operand is not a string"))?;
        if rest.len() % 3 != 0 {
            return Err(bad(&format!(
                "'{name}': operand count is not a multiple of 3"
            )));
        }
        let mut descs = Vec::new();
        for t in rest.chunks(3) {
            let mut vals = [0u32; 3];
            for (slot, v) in vals.iter_mut().zip(t) {
                let x = v
                    .const_int_zext()
                    .ok_or_else(|| bad(&format!("'{name}': non-integer operand")))?;
                *slot = u32::try_from(x)
                    .map_err(|_| bad(&format!("'{name}': operand out of range")))?;
            }
            descs.push(Desc {
                id: vals[0],
                offset: vals[1],
                size: vals[2],
            });
        }
        out.descriptors.push((name, descs));
    }
    let layout = module.layout();
    for node in module.named_md_operands(MD_SPEC_DEFAULTS) {
        let ops = node.md_node_operands();
        let [c] = ops[..] else {
            return Err(bad("default-value node must have one operand"));
        };
        let ty = ty_model(&layout, c.ty()).map_err(|e| bad(&e.to_string()))?;
        let k = const_model(c, &ty).map_err(|e| bad(&e.to_string()))?;
        let bytes = model::blob(&ty, &k).map_err(|e| bad(&e.to_string()))?;
        out.default_blob.extend_from_slice(&bytes);
    }
    Ok(out)
}

/// Kernel entry points (the `.sym` contents): defined `spir_kernel` functions in module order.
pub fn kernel_names(module: &Module<'_>) -> Vec<String> {
    module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.is_spir_kernel())
        .map(|f| f.name())
        .collect()
}

/// Work-around for LLVM 22's SPIR-V backend, which emits a struct member index 0 as
/// `OpConstantNull` (spirv-val: "… to index into a structure must be an OpConstant") for
/// unoptimised (-O0) input: constant-index GEP instructions become byte-offset GEPs (or the
/// base pointer itself). Applied only to the copy that is turned into SPIR-V.
pub fn legalize_for_spirv(module: &Module<'_>) {
    let ctx = module.context();
    let layout = module.layout();
    let builder = ctx.builder();
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
                builder.position_before(inst);
                match builder.byte_gep(base, offset as u64, 64, c"") {
                    Some(gep) => gep,
                    None => continue,
                }
            };
            if inst.replace_all_uses_with(replacement).is_ok() {
                // SAFETY: no uses remain; `instructions()` lists each instruction once.
                unsafe { inst.erase() };
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
    use super::*;

    #[test]
    fn metadata_names_agree() {
        assert_eq!(MD_SPEC_CONSTANTS_C.to_str(), Ok(MD_SPEC_CONSTANTS));
        assert_eq!(MD_SPEC_DEFAULTS_C.to_str(), Ok(MD_SPEC_DEFAULTS));
    }

    #[test]
    fn addr_hasher_spreads_aligned_addresses() {
        use std::hash::BuildHasher;
        // 16-byte aligned addresses must not all land in the same few low-bit buckets.
        let build = rustc_hash::FxBuildHasher;
        let buckets: FxHashSet<u64> = (0..64u64)
            .map(|i| build.hash_one(0x7f00_0000_1000usize + 16 * i as usize) & 63)
            .collect();
        assert!(buckets.len() > 32, "{} buckets", buckets.len());
    }
}
