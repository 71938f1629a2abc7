//! Recognising the getter calls (§1, §3.1): which declarations are getters, their calls in
//! module and use-list order, and each call's symbolic ID, default, buffer and sret slot,
//! validated before anything is rewritten.

use std::collections::HashMap;

use super::{AddrMap, LowerError};
use crate::llvm::{
    Call, Function, GlobalVariable, Instruction, Module, Opcode, Type, TypeKind, Value, ValueKind,
    opcode_is,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Getter {
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

pub(super) fn getter_kind(name: &str) -> Option<Getter> {
    GETTERS
        .iter()
        .find(|(p, _)| name.starts_with(p))
        .map(|(_, g)| *g)
}

/// One recognised getter call, validated before anything is rewritten.
pub(super) struct Site<'c> {
    pub(super) call: Call<'c>,
    pub(super) callee: Function<'c>,
    /// Index into `SymbolicIds`.
    pub(super) sym: usize,
    /// The string global the ID argument points at directly (removed once dead).
    pub(super) id_global: Option<GlobalVariable<'c>>,
    /// The sret destination, if the getter returns through one.
    pub(super) sret_dst: Option<Value<'c>>,
    pub(super) sc_ty: Type<'c>,
    /// Element 0 of the `specialization_id` initializer; `None` for the legacy getters.
    pub(super) default: Option<Value<'c>>,
    pub(super) buffer: Option<Value<'c>>,
    /// -O0 pattern leftovers: (store of the ID pointer, its load).
    pub(super) cleanup: Vec<(Instruction<'c>, Instruction<'c>)>,
    /// `llvm.sycl.alloca`: the array's element type and alignment.
    pub(super) alloca: Option<(Type<'c>, u32)>,
}

/// The symbolic IDs of all sites, interned: sites refer to them by index. Arguments already
/// resolved (the same constant expression or global in another call) are looked up by
/// address instead of being walked again: the objects behind them are cold in large modules.
#[derive(Default)]
pub(super) struct SymbolicIds<'c> {
    pub(super) names: Vec<String>,
    pub(super) by_name: HashMap<String, usize>,
    /// Symbolic-ID argument → (symbolic ID, its string global).
    pub(super) by_arg: AddrMap<Value<'c>, (usize, GlobalVariable<'c>)>,
    /// Default-value argument → the default constant.
    pub(super) defaults: AddrMap<Value<'c>, Value<'c>>,
}

impl SymbolicIds<'_> {
    pub(super) fn intern(&mut self, text: String) -> usize {
        if let Some(&i) = self.by_name.get(&text) {
            return i;
        }
        let i = self.names.len();
        self.by_name.insert(text.clone(), i);
        self.names.push(text);
        i
    }

    pub(super) fn name(&self, sym: usize) -> &str {
        self.names.get(sym).map_or("", String::as_str)
    }
}

/// Names are looked up only for error messages: a `String` per call site is measurable on
/// modules with 10^5 calls.
pub(super) fn caller_name(call: &Value<'_>) -> String {
    call.parent_function().map(|f| f.name()).unwrap_or_default()
}

pub(super) fn site_error(site: &Site<'_>, ids: &SymbolicIds<'_>, reason: String) -> LowerError {
    LowerError::Call {
        caller: caller_name(&site.call),
        callee: site.callee.name(),
        symbolic_id: Some(ids.name(site.sym).to_string()),
        reason,
    }
}

/// Matching declarations in module order, then each one's users in use-list order (§3.1).
pub(super) fn collect_sites<'c>(
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

/// The -O0 pattern's leftovers of one argument: (store of the ID pointer, its load).
pub(super) type Leftovers<'c> = Vec<(Instruction<'c>, Instruction<'c>)>;

pub(super) fn parse_site<'c>(
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
    check_arity(call, getter, shift).map_err(|r| err(None, &r))?;
    let arg = |i: u32| call.arg(i);
    let (sym, cleanup, id_global) =
        symbolic_id_argument(arg(shift), ids).map_err(|r| err(None, &r))?;
    // Names are built only for errors: a `String` per call is measurable on large modules.
    let id_text = |ids: &SymbolicIds<'_>| Some(ids.name(sym).to_string());
    let sc_ty = sret_ty.unwrap_or_else(|| call.ty());
    if sc_ty.kind() == TypeKind::Void {
        return Err(err(
            id_text(ids),
            "getter returns void without an sret parameter",
        ));
    }
    let (default, buffer) = if getter == Getter::Legacy {
        (None, None)
    } else {
        let default = default_argument(arg(shift + 1), ids).map_err(|r| err(id_text(ids), &r))?;
        (Some(default), arg(shift + 2))
    };
    let sret_dst = if shift == 1 { arg(0) } else { None };
    let (sc_ty, alloca) = if getter == Getter::Alloca {
        let (length_ty, array) =
            alloca_arguments(call, default).map_err(|r| err(id_text(ids), r))?;
        (length_ty, Some(array))
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

/// The getter's argument count: ID, default and buffer (the legacy getters: ID only;
/// `llvm.sycl.alloca`: five), after the sret destination if there is one.
fn check_arity(call: Call<'_>, getter: Getter, shift: u32) -> Result<(), String> {
    let want = shift
        + match getter {
            Getter::Legacy => 1,
            Getter::Alloca => 5,
            _ => 3,
        };
    if call.num_args() != want {
        return Err(format!(
            "unexpected signature: {} arguments, expected {want}",
            call.num_args()
        ));
    }
    Ok(())
}

/// The symbolic-ID argument: its interned ID, the -O0 pattern's leftovers and the string
/// global it points at directly.
fn symbolic_id_argument<'c>(
    v: Option<Value<'c>>,
    ids: &mut SymbolicIds<'c>,
) -> Result<(usize, Leftovers<'c>, Option<GlobalVariable<'c>>), String> {
    let v = v.ok_or("missing symbolic ID argument")?;
    if let Some(&(sym, g)) = ids.by_arg.get(&v) {
        return Ok((sym, Vec::new(), Some(g)));
    }
    let (text, cleanup) = resolve_string(v, 0)?;
    let sym = ids.intern(text);
    let global = strip_pointer_casts(v).as_global_variable();
    if let Some(g) = global {
        // Only arguments that lead straight to a string global; -O0 loads are per call
        // anyway.
        ids.by_arg.insert(v, (sym, g));
    }
    Ok((sym, cleanup, global))
}

/// The default-value argument's constant (resolved once per argument).
fn default_argument<'c>(
    v: Option<Value<'c>>,
    ids: &mut SymbolicIds<'c>,
) -> Result<Value<'c>, String> {
    let v = v.ok_or("missing default-value argument")?;
    if let Some(&d) = ids.defaults.get(&v) {
        return Ok(d);
    }
    let d = resolve_default(v)?;
    ids.defaults.insert(v, d);
    Ok(d)
}

/// `llvm.sycl.alloca`: the length's type is the spec id's value type (its default); the
/// element type is the type of the fourth argument, the alignment the fifth.
#[allow(clippy::type_complexity)]
fn alloca_arguments<'c>(
    call: Call<'c>,
    default: Option<Value<'c>>,
) -> Result<(Type<'c>, (Type<'c>, u32)), &'static str> {
    let length_ty = default
        .map(|d| d.ty())
        .filter(|t| t.int_width().is_some())
        .ok_or("the private array's length is not an integer spec constant")?;
    let element = call
        .arg(3)
        .map(|v| v.ty())
        .ok_or("missing element argument")?;
    let align = call
        .arg(4)
        .and_then(|v| v.const_int_zext())
        .and_then(|a| u32::try_from(a).ok())
        .filter(|a| a.is_power_of_two())
        .ok_or("the alignment is not a constant power of two")?;
    Ok((length_ty, (element, align)))
}

/// `Value::stripPointerCasts`: addrspacecast, bitcast and all-zero-index GEPs.
pub fn strip_pointer_casts(mut v: Value<'_>) -> Value<'_> {
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
fn resolve_string<'c>(v: Value<'c>, depth: u32) -> Result<(String, Leftovers<'c>), String> {
    if depth > 8 {
        return Err("symbolic ID: pattern nested too deeply".into());
    }
    let s = strip_pointer_casts(v);
    match s.kind() {
        ValueKind::GlobalVariable => Ok((string_of_global(s)?, Vec::new())),
        ValueKind::Instruction(Opcode::LLVMLoad) => string_through_alloca(s, depth),
        ValueKind::Instruction(Opcode::LLVMCall) => Ok((string_returned_by(s, depth)?, Vec::new())),
        _ => Err("non-constant symbolic ID".into()),
    }
}

/// The ID is a constant string global (its terminating NUL dropped).
fn string_of_global(s: Value<'_>) -> Result<String, String> {
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
    String::from_utf8(bytes).map_err(|_| "symbolic ID is not valid UTF-8".into())
}

/// -O0: the ID pointer is stored once to an alloca and loaded back (`load` is `s`).
fn string_through_alloca<'c>(s: Value<'c>, depth: u32) -> Result<(String, Leftovers<'c>), String> {
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

/// The ID comes from a function that returns one constant string (`s` calls it).
fn string_returned_by(s: Value<'_>, depth: u32) -> Result<String, String> {
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
                return Err("non-constant symbolic ID (function returns different strings)".into());
            }
            found = Some(text);
        }
    }
    found.ok_or_else(|| "non-constant symbolic ID (function never returns)".into())
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
