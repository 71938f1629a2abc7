//! Who calls whom by direct call, each function's instructions read once: the split's
//! spec-constant grouping and the requirements walk the callees of every kernel, and kernels
//! share most of theirs.

use crate::llvm::Function;
use rustc_hash::{FxHashMap, FxHashSet};

/// The direct calls of a module's functions, read as they are asked for.
#[derive(Default)]
pub(crate) struct CallGraph<'m> {
    callees: FxHashMap<Function<'m>, Vec<Function<'m>>>,
}

impl<'m> CallGraph<'m> {
    /// The functions `f` calls directly, defined or only declared, each once, in the order of
    /// their first call (indirect calls name no function and are not listed).
    pub(crate) fn callees(&mut self, f: Function<'m>) -> &[Function<'m>] {
        self.callees.entry(f).or_insert_with(|| {
            let mut listed = FxHashSet::default();
            f.instructions()
                .into_iter()
                .filter_map(|i| i.as_value().as_call()?.callee().as_function())
                .filter(|callee| listed.insert(*callee))
                .collect()
        })
    }

    /// `root` and every function the module defines that it reaches by direct calls, each
    /// once, `root` first.
    pub(crate) fn reachable(&mut self, root: Function<'m>) -> Vec<Function<'m>> {
        let mut seen = FxHashSet::default();
        let mut reached = Vec::new();
        let mut pending = vec![root];
        while let Some(f) = pending.pop() {
            if !seen.insert(f) {
                continue;
            }
            reached.push(f);
            pending.extend(
                self.callees(f)
                    .iter()
                    .copied()
                    .filter(|callee| !callee.is_declaration()),
            );
        }
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm;

    fn names(functions: &[Function<'_>]) -> Vec<String> {
        functions.iter().map(|f| f.name()).collect()
    }

    const IR: &str = r#"
define spir_kernel void @k() {
  call spir_func void @a()
  call spir_func void @b()
  call spir_func void @a()
  call spir_func void @external()
  ret void
}
define spir_func void @a() {
  call spir_func void @b()
  ret void
}
define spir_func void @b() {
  call spir_func void @a()
  %p = load ptr, ptr null
  call spir_func void %p()
  ret void
}
define spir_func void @unreached() {
  ret void
}
declare spir_func void @external()
"#;

    #[test]
    fn callees_are_listed_once_in_call_order_with_declarations() {
        let ctx = llvm::Context::new();
        let module = ctx.parse_ir(IR.into(), "m.ll").expect("parses");
        let mut graph = CallGraph::default();
        let k = module.get_function("k").expect("k");
        assert_eq!(names(graph.callees(k)), ["a", "b", "external"]);
        let b = module.get_function("b").expect("b");
        assert_eq!(names(graph.callees(b)), ["a"]);
    }

    #[test]
    fn reachable_follows_cycles_once_and_leaves_out_declarations() {
        let ctx = llvm::Context::new();
        let module = ctx.parse_ir(IR.into(), "m.ll").expect("parses");
        let mut graph = CallGraph::default();
        let k = module.get_function("k").expect("k");
        let mut reached = names(&graph.reachable(k));
        assert_eq!(reached.first().map(String::as_str), Some("k"));
        reached.sort();
        assert_eq!(reached, ["a", "b", "k"]);
        let unreached = module.get_function("unreached").expect("unreached");
        assert_eq!(names(&graph.reachable(unreached)), ["unreached"]);
    }
}
