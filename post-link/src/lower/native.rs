//! Native lowering (JIT SPIR-V): each getter call becomes `__spirv_SpecConstant` calls for its
//! scalar leaves and `__spirv_SpecConstantComposite` calls building the value, numbered by the
//! model's plan. A symbolic ID's later reads replay the program built for its first one.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::sites::Site;
use super::state::{NOT_A_BOOL, Plan, State};
use super::types::const_model;
use crate::llvm::{Builder, Callee, SPIR_FUNC_CC, Type, Value};
use crate::model::{self, Const, IdSource, Leaf, Node, Ty};

/// A native lowering as a post-order list of instructions to build.
pub(super) struct Program<'c> {
    pub(super) sc_ty: Type<'c>,
    pub(super) default: Value<'c>,
    pub(super) ops: Vec<Op<'c>>,
}

pub(super) enum Op<'c> {
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

const MISMATCHED_CALL: &str =
    "internal: arguments do not match the __spirv_SpecConstant declaration";

/// Builds a program's instructions at the builder's position; returns the final value.
pub(super) fn replay<'c>(
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

/// A node of the model's plan, over LLVM types and constants.
type PlanNode<'a, 'c> = Node<'a, Type<'c>, Value<'c>>;
/// The default's scalar leaves by byte offset.
type Leaves<'a, 'c> = BTreeMap<u64, Leaf<'a, Type<'c>, Value<'c>>>;

impl<'c> State<'c> {
    pub(super) fn native(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        let default = self.default_of(site)?;
        let existing = self.record_of(site);
        if let Some(idx) = existing.filter(|&idx| self.replays(idx, site, default)) {
            self.records[idx].report.uses += 1;
            return Ok(Plan::Record(idx));
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
            Some(idx) => (self.plan_reusing(idx, &sc, &leaves)?, None),
            None => {
                let (node, idx) = self.plan_fresh(site, &sc, (&dty, &dc), &leaves, default)?;
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

    /// Whether record `idx`'s program serves `site` as it is (same type and default).
    fn replays(&self, idx: usize, site: &Site<'c>, default: Value<'c>) -> bool {
        self.records[idx]
            .program
            .as_ref()
            .is_some_and(|p| p.sc_ty == site.sc_ty && p.default == default)
    }

    /// A later read with another type or default: planned with the first read's numeric IDs.
    fn plan_reusing<'a>(
        &mut self,
        idx: usize,
        sc: &'a Ty<Type<'c>>,
        leaves: &Leaves<'a, 'c>,
    ) -> Result<PlanNode<'a, 'c>, String> {
        let ids = std::mem::take(&mut self.records[idx].report.ids);
        let mut src = IdSource::Reuse { ids: &ids, pos: 0 };
        let node = model::plan(sc, leaves, &mut src);
        self.records[idx].report.ids = ids;
        let node = node.map_err(|e| e.to_string())?;
        self.records[idx].report.uses += 1;
        Ok(node)
    }

    /// The first read of a symbolic ID: fresh numeric IDs, and a new record with its
    /// descriptors and default bytes. Returns the plan and the record's index.
    fn plan_fresh<'a>(
        &mut self,
        site: &Site<'c>,
        sc: &'a Ty<Type<'c>>,
        (dty, dc): (&Ty<Type<'c>>, &Const<Value<'c>>),
        leaves: &Leaves<'a, 'c>,
        default: Value<'c>,
    ) -> Result<(PlanNode<'a, 'c>, usize), String> {
        let mut next = self.next_id;
        let mut src = IdSource::Fresh {
            next: &mut next,
            taken: Vec::new(),
        };
        let node = model::plan(sc, leaves, &mut src).map_err(|e| e.to_string())?;
        let taken = src.into_taken();
        let descs = model::native_descriptors(&node).map_err(|e| e.to_string())?;
        self.next_id = next;
        let bytes = model::blob(dty, dc).map_err(|e| e.to_string())?;
        let idx = self.new_record(site, sc, default, &bytes);
        let r = &mut self.records[idx].report;
        r.ids = taken;
        r.descriptors = descs;
        r.uses = 1;
        Ok((node, idx))
    }
}

impl<'c> State<'c> {
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
                let vt = value_ty.handle;
                let decl = self.scalar_decl(value_ty)?;
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
                let decl = self.composite_decl(ty, params)?;
                ops.push(Op::Composite { decl, n });
                Ok(ty.handle)
            }
        }
    }

    /// `__spirv_SpecConstant` for `value_ty`: `value_ty (i32 id, value_ty default)`.
    pub(super) fn scalar_decl(&mut self, value_ty: &Ty<Type<'c>>) -> Result<usize, String> {
        let vt = value_ty.handle;
        if let Some(&d) = self.scalar_decls.get(&vt) {
            return Ok(d);
        }
        let i32t = self.ctx.int_type(32);
        let name = model::scalar_name(value_ty).map_err(|e| e.to_string())?;
        let d = self.declare(&name, vt, &[i32t, vt])?;
        self.scalar_decls.insert(vt, d);
        Ok(d)
    }

    /// `__spirv_SpecConstantComposite` building `ty` from operands of types `params`.
    fn composite_decl(
        &mut self,
        ty: &Ty<Type<'c>>,
        params: Vec<Type<'c>>,
    ) -> Result<usize, String> {
        let key = (ty.handle, params);
        if let Some(&d) = self.composite_decls.get(&key) {
            return Ok(d);
        }
        let name = model::composite_name(ty).map_err(|e| e.to_string())?;
        let d = self.declare(&name, ty.handle, &key.1)?;
        self.composite_decls.insert(key, d);
        Ok(d)
    }
}
