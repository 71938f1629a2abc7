//! Scope chains (what the footer's TARGET names) and the index of names per namespace behind
//! the redundant-inline-namespace rule and the ambiguity checks.

use std::rc::Rc;

use super::Walker;
use std::hash::BuildHasher as _;

use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};

use super::maps::CursorMap;
use super::names::record_name;
use crate::libclang::{self as lc, Cursor};
use crate::model::{Inlining, Scope};

/// Scope chains and the name index, filled as the walk goes.
#[derive(Default)]
pub(super) struct ScopeIndex<'tu> {
    /// (namespace key, name) pairs: which namespaces declare which names, for the
    /// redundant-inline-namespace rule and ambiguity checks.
    /// Names are kept as 64-bit hashes (`name_hash`): every namespace member of the TU is
    /// indexed, few are ever looked up.
    names_in_namespace: FxHashMap<Rc<str>, FxHashSet<u64>>,
    /// namespace key → keys of its inline child namespaces.
    pub(super) inline_children: FxHashMap<Rc<str>, Vec<Rc<str>>>,
    /// Scope cursor → USR (namespaces and records are asked for again for every member).
    scope_usrs: CursorMap<'tu, Rc<str>>,
    /// Semantic parent cursor → its scope chain (`None`: a function-local context).
    chains: CursorMap<'tu, Option<Rc<Chain>>>,
}

/// Key of the global namespace in the name index (the TU has no USR).
pub(super) const TU_KEY: &str = "<tu>";

/// Scope data recorded during the walk; `redundant` needs the full name index.
pub(super) struct PendingScopes {
    /// (index into declared/used, is_used)
    pub(super) owner: (usize, bool),
    /// For each scope that is an inline namespace: (key of its parent, name of the next
    /// component) to look up; `None` for other scopes.
    pub(super) inline_checks: Vec<Option<(Rc<str>, String)>>,
    /// (namespace key, name) for every name the footer's qualified TARGET looks up in a
    /// namespace; more than one entity means no footer can name the variable.
    pub(super) lookups: Vec<(Rc<str>, String)>,
}

/// Where a spec id lives.
pub(super) struct ScopeInfo {
    pub(super) scopes: Vec<Scope>,
    pub(super) inline_checks: Vec<Option<(Rc<str>, String)>>,
    pub(super) lookups: Vec<(Rc<str>, String)>,
}

/// The scopes of a declaration context, as seen by its members.
#[derive(Clone)]
pub(super) struct Chain {
    pub(super) scopes: Vec<Scope>,
    /// Per scope, as in [`ScopeInfo`]; the last scope's check is completed by the member.
    pub(super) inline_checks: Vec<Option<(Rc<str>, String)>>,
    /// Lookups needed to name this context itself.
    pub(super) lookups: Vec<(Rc<str>, String)>,
    /// Key under which members of this context are looked up, when it is a namespace (or the
    /// TU) reachable by qualified lookup.
    pub(super) lookup_key: Option<Rc<str>>,
    /// For inline namespaces: the key of the parent, where the member's name is looked up.
    pub(super) inline_parent: Option<Rc<str>>,
}

impl Chain {
    /// The scope data of a member named `name` of this context: the context's inline check
    /// and namespace lookup are completed with the member's name.
    pub(super) fn member_info(&self, name: &str) -> ScopeInfo {
        let mut inline_checks = self.inline_checks.clone();
        if let Some(slot) = inline_checks.last_mut()
            && let Some(grandparent) = &self.inline_parent
        {
            *slot = Some((grandparent.clone(), name.to_string()));
        }
        let mut lookups = self.lookups.clone();
        if let Some(key) = &self.lookup_key {
            lookups.push((key.clone(), name.to_string()));
        }
        ScopeInfo {
            scopes: self.scopes.clone(),
            inline_checks,
            lookups,
        }
    }

    /// The chain of a context named `name` inside this one, before its own scope is added:
    /// this context's inline check and lookup are completed with the inner context's name.
    fn inner_context(&self, name: &str) -> Chain {
        let mut chain = Chain {
            scopes: self.scopes.clone(),
            inline_checks: self.inline_checks.clone(),
            lookups: self.lookups.clone(),
            lookup_key: None,
            inline_parent: None,
        };
        // The parent's inline check looks up this context's name.
        if let Some(slot) = chain.inline_checks.last_mut()
            && let Some(grandparent) = &self.inline_parent
        {
            *slot = Some((grandparent.clone(), name.to_string()));
        }
        // Reaching this context from its parent looks its name up there.
        if let Some(key) = &self.lookup_key {
            chain.lookups.push((key.clone(), name.to_string()));
        }
        chain
    }

    /// Inside an anonymous namespace (shims take over naming).
    pub(super) fn lookups_closed(&self) -> bool {
        self.scopes
            .iter()
            .any(|s| matches!(s, Scope::AnonymousNamespace { .. }))
    }
}

impl<'tu> Walker<'tu> {
    /// Records a namespace member's name for later inline-namespace lookups. The lexical
    /// parent stands in for the semantic one: they differ only for out-of-line definitions,
    /// whose names were indexed at their first declaration.
    pub(super) fn index_name(&mut self, c: Cursor<'tu>, namespace: &Rc<str>) {
        if !c.is_declaration() {
            return;
        }
        let Some(name) = c.with_spelling(|name| (!name.is_empty()).then(|| name_hash(name))) else {
            return;
        };
        self.scopes
            .names_in_namespace
            .entry(namespace.clone())
            .or_default()
            .insert(name);
    }

    /// The key of a scope (USR; fixed key for the TU), cached per cursor.
    pub(super) fn scope_usr(&mut self, c: Cursor<'tu>) -> Rc<str> {
        self.scopes.scope_usrs.get_or_insert_with(c, || {
            if c.kind() == lc::CXCursor_TranslationUnit {
                Rc::from(TU_KEY)
            } else {
                Rc::from(c.usr())
            }
        })
    }

    /// Where `c` lives: its scopes (outermost first; `None` for function-local declarations),
    /// the inline namespaces whose redundancy needs a lookup, and the namespace lookups the
    /// footer's qualified name performs. Parent chains are shared by siblings, so they are
    /// memoised per semantic parent.
    pub(super) fn describe_scopes(&mut self, c: Cursor<'tu>, name: &str) -> Option<ScopeInfo> {
        let parent = c.semantic_parent()?;
        let chain = self.chain(parent)?;
        Some(chain.member_info(name))
    }

    /// The scope chain of a declaration context (memoised).
    pub(super) fn chain(&mut self, context: Cursor<'tu>) -> Option<Rc<Chain>> {
        if let Some(found) = self.scopes.chains.get(context) {
            return found;
        }
        let computed = self.compute_chain(context).map(Rc::new);
        self.scopes.chains.insert(context, computed.clone());
        computed
    }

    fn compute_chain(&mut self, context: Cursor<'tu>) -> Option<Chain> {
        let kind = context.kind();
        if kind == lc::CXCursor_TranslationUnit {
            return Some(Chain {
                scopes: Vec::new(),
                inline_checks: Vec::new(),
                lookups: Vec::new(),
                lookup_key: Some(Rc::from(TU_KEY)),
                inline_parent: None,
            });
        }
        if kind == lc::CXCursor_LinkageSpec {
            return self.chain(context.semantic_parent()?).map(|c| (*c).clone());
        }
        let parent_cursor = context.semantic_parent()?;
        let parent = self.chain(parent_cursor)?;
        let name = context.spelling();
        let mut chain = parent.inner_context(&name);
        match kind {
            lc::CXCursor_Namespace => {
                self.push_namespace(&mut chain, context, name, &parent, parent_cursor);
            }
            lc::CXCursor_StructDecl
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_UnionDecl
            | lc::CXCursor_ClassTemplate => {
                chain.scopes.push(Scope::Record {
                    name: record_name(context),
                });
                chain.inline_checks.push(None);
            }
            _ => return None, // functions, lambdas, blocks: locals
        }
        if parent.lookups_closed() {
            chain.lookups.clear();
        }
        Some(chain)
    }

    /// Adds namespace `namespace` (spelled `name`, a member of `parent`) to `chain`.
    fn push_namespace(
        &mut self,
        chain: &mut Chain,
        namespace: Cursor<'tu>,
        name: String,
        parent: &Chain,
        parent_cursor: Cursor<'tu>,
    ) {
        let inline = namespace.is_inline_namespace();
        if namespace.is_anonymous() || name.is_empty() {
            // Beyond an anonymous namespace the footer goes through shims, which look names
            // up from inside: no qualified lookups are checked.
            chain.scopes.push(Scope::AnonymousNamespace { inline });
            chain.inline_checks.push(None);
            chain.lookups.clear();
            return;
        }
        let key = self.scope_usr(namespace);
        let inlining = if inline {
            Inlining::Inline
        } else {
            Inlining::NotInline
        };
        chain.scopes.push(Scope::Namespace { name, inlining });
        chain.inline_checks.push(None);
        chain.lookup_key = (!parent.lookups_closed()).then(|| key.clone());
        if inline {
            chain.inline_parent = Some(self.scope_usr(parent_cursor));
        }
    }

    /// How many namespaces of `ns`'s lookup set (`ns` and, transitively, its inline
    /// namespaces, as `DeclContext::lookup` sees them) declare `name`. Declarations of one name
    /// inside one namespace are one entity or an overload/specialization set, so more than one
    /// namespace is what makes a qualified name ambiguous.
    pub(super) fn lookup_count(&self, ns: &Rc<str>, name: &str) -> usize {
        self.count_declaring(ns, name_hash(name.as_bytes()), 0)
    }

    /// `lookup_count` below `ns`: inline namespaces form a tree (each has one parent), so no
    /// visited set is needed; the depth cap only guards against the impossible.
    fn count_declaring(&self, ns: &Rc<str>, name: u64, depth: usize) -> usize {
        let declares = self
            .scopes
            .names_in_namespace
            .get(ns)
            .is_some_and(|names| names.contains(&name));
        let mut count = usize::from(declares);
        if depth < 256
            && let Some(children) = self.scopes.inline_children.get(ns)
        {
            for child in children {
                count += self.count_declaring(child, name, depth + 1);
            }
        }
        count
    }
}

/// A 64-bit hash of a name for the name index (collisions at 2^-64 are ignored).
fn name_hash(name: &[u8]) -> u64 {
    FxBuildHasher.hash_one(name)
}
