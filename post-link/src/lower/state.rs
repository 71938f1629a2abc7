//! What the pass keeps while it rewrites one module: one record per symbolic ID (its report,
//! numeric IDs, default), type models and `__spirv_SpecConstant*` declarations built once, and
//! how each site's replacement is built (`Plan`).

use std::rc::Rc;

use super::native::{Op, Program, replay};
use super::sites::{Site, SymbolicIds};
use super::types::{const_model, ty_model};
use super::{AddrMap, SpecConstReport};
use crate::llvm::{Builder, Callee, Context, Layout, Module, Type, Value};
use crate::model::{self, EmulationLayout, Ty};

pub(super) const NOT_A_BOOL: &str = "internal: a bool spec constant is not read as a wider integer";

/// What the pass learnt about one symbolic ID, in first-read order.
pub(super) struct Record<'c> {
    pub(super) report: SpecConstReport,
    pub(super) default: Value<'c>,
    /// Emulation: alignment padding to list before this constant's default.
    pub(super) padding_before: u64,
    /// Native: the lowering of the first use, replayed for later uses with the same type and
    /// default (they plan to the same tree with the same numeric IDs).
    pub(super) program: Option<Program<'c>>,
}

/// How one site's replacement value is built.
pub(super) enum Plan<'c> {
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

/// The pass's state over one module (built by `State::new`, used by every lowering).
pub(super) struct State<'c> {
    pub(super) ctx: &'c Context,
    pub(super) module: &'c Module<'c>,
    pub(super) layout: Layout<'c>,
    pub(super) spir: bool,
    pub(super) ids: &'c SymbolicIds<'c>,
    pub(super) records: Vec<Record<'c>>,
    /// Record index per symbolic ID (`Site::sym`).
    pub(super) by_id: Vec<Option<usize>>,
    pub(super) next_id: u32,
    pub(super) emu: EmulationLayout,
    /// Type models, built once per type.
    pub(super) tys: AddrMap<Type<'c>, Rc<Ty<Type<'c>>>>,
    /// `__spirv_SpecConstant*` declarations by signature, so that the mangled name is built
    /// and looked up once per type rather than once per emitted call.
    pub(super) decls: Vec<Callee<'c>>,
    pub(super) scalar_decls: AddrMap<Type<'c>, usize>,
    pub(super) composite_decls: AddrMap<(Type<'c>, Vec<Type<'c>>), usize>,
    /// Programs of `Plan::Extra`.
    pub(super) extra: Vec<Vec<Op<'c>>>,
    /// Operand stack reused by `replay`.
    pub(super) stack: Vec<Value<'c>>,
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

impl<'c> State<'c> {
    pub(super) fn new(module: &'c Module<'c>, ids: &'c SymbolicIds<'c>) -> Self {
        State {
            ctx: module.context(),
            module,
            layout: module.layout(),
            spir: module.triple().starts_with("spir"),
            ids,
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
        }
    }
}

impl<'c> State<'c> {
    /// The default constant of a site (zero of SCTy for the legacy getters).
    pub(super) fn default_of(&self, site: &Site<'c>) -> Result<Value<'c>, String> {
        match site.default {
            Some(default) => Ok(default),
            None => site
                .sc_ty
                .zero()
                .ok_or_else(|| format!("type {} has no zero default", site.sc_ty.print())),
        }
    }

    pub(super) fn ty(&mut self, t: Type<'c>) -> Result<Rc<Ty<Type<'c>>>, String> {
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
        let constituents = m.max_constituents();
        if constituents > model::MAX_COMPOSITE_CONSTITUENTS {
            return Err(format!(
                "the spec constant's type {} has a composite of {constituents} constituents; a \
                 SPIR-V composite holds at most {} (its instruction's word count is 16 bits)",
                t.print(),
                model::MAX_COMPOSITE_CONSTITUENTS
            ));
        }
        self.tys.insert(t, Rc::clone(&m));
        Ok(m)
    }

    /// §6: the default value's bytes.
    pub(super) fn default_bytes(&mut self, default: Value<'c>) -> Result<Vec<u8>, String> {
        let dty = self.ty(default.ty())?;
        let dc = const_model(default, &dty).map_err(|e| e.to_string())?;
        model::blob(&dty, &dc).map_err(|e| e.to_string())
    }

    pub(super) fn new_record(
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

    pub(super) fn record_of(&self, site: &Site<'c>) -> Option<usize> {
        self.by_id.get(site.sym).copied().flatten()
    }

    /// Builds a planned replacement at the builder's position.
    pub(super) fn build(&mut self, plan: &Plan<'c>, b: &Builder<'c>) -> Result<Value<'c>, String> {
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
}
