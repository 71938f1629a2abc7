//! After the rewrite: the getter calls, the -O0 pattern leftovers, now-dead private string
//! globals and unused getter declarations go.

use super::AddrSet;
use super::sites::{Site, getter_kind, strip_pointer_casts};
use crate::llvm::{GlobalId, GlobalVariable, Module, Opcode, Value, ValueKind, opcode_is};

/// Erases the rewritten calls and the -O0 pattern leftovers; returns the now-dead private
/// string globals and unused getter declarations, for the caller to delete once no handle
/// into the module is alive ([`Module::delete_unused`]).
pub(super) fn cleanup(module: &Module<'_>, sites: &[Site<'_>]) -> Vec<GlobalId> {
    // Only symbolic-ID strings can become dead private string globals: the other arguments
    // are the spec-id object, the buffer and the sret slot.
    let mut candidates: Vec<GlobalVariable<'_>> = Vec::new();
    for s in sites {
        candidates.extend(s.id_global);
        // `lower` replaced the call's uses (an sret call has none).
        module.erase(*s.call);
    }
    // -O0 pattern: loads first (once unused), then the store once nothing reads the slot.
    // `erased` is checked before a handle is read: patterns may share instructions.
    let mut erased = AddrSet::default();
    for s in sites {
        for &(store, load) in &s.cleanup {
            if !erased.contains(&load) && !load.has_users() {
                let ptr = load.operand(0);
                erased.insert(load);
                module.erase(load);
                let still_read = ptr
                    .is_some_and(|p| p.users().iter().any(|u| !opcode_is(*u, Opcode::LLVMStore)));
                if !still_read && erased.insert(store) {
                    // The stored value is alive: the store still uses it.
                    if let Some(v) = store.operand(0) {
                        candidates.extend(strip_pointer_casts(v).as_global_variable());
                    }
                    module.erase(store);
                }
            }
        }
    }
    let mut dead = Vec::new();
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
            dead.push(g.id());
        }
    }
    for f in module.functions() {
        if f.is_declaration() && getter_kind(&f.name()).is_some() && !f.has_users() {
            dead.push(f.id());
        }
    }
    dead
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
