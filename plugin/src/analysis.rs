//! The walk over a parsed TU: which variables DPC++ would put in the footer, their symbolic
//! IDs and target scopes, and which kernels take a `kernel_handler`.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use crate::kernel_object;
use crate::libclang::{self as lc, Cursor, Type, Walk};
use crate::model::{Callable, Inlining, Kernel, Linkage, Scope, SourceLocation, SpecId};

/// Namespace paths (inline namespaces such as `_V1` left out) under which the SYCL classes are
/// recognised by qualified name: SYCL 2020 `sycl`, legacy `cl::sycl`.
const SYCL_NAMESPACES: &[&[&str]] = &[&["sycl"], &["cl", "sycl"]];

/// Functions whose last argument is a kernel callable.
const KERNEL_INVOKERS: &[&str] = &["single_task", "parallel_for", "parallel_for_work_group"];

pub(crate) struct Walker<'tu> {
    prefix: String,
    /// Spec ids declared in the TU, in parse order, with their canonical cursor.
    declared: Vec<(Cursor<'tu>, SpecId)>,
    /// Spec ids only reached through uses (implicit instantiations), in order of first use.
    used: Vec<(Cursor<'tu>, SpecId)>,
    /// Instantiated class template specializations whose static members libclang does not
    /// show; resolved by a second parse (`resolve_probes` in `lib.rs`).
    pub(crate) probes: Vec<Probe<'tu>>,
    /// Record → names of its static members collected so far (probes for records whose
    /// members were all found directly are dropped: no second parse needed).
    collected_members: CursorMap<'tu, Vec<String>>,
    /// Specializations already considered for probing.
    probed: CursorMap<'tu, ()>,
    /// Class template → names of its static data members that may be spec ids.
    template_members: CursorMap<'tu, Rc<[String]>>,
    /// Function (or its template) → is it a `[[clang::sycl_kernel_entry_point]]`?
    entry_points: CursorMap<'tu, bool>,
    /// Instantiated function bodies already searched for kernel launches.
    searched_instantiations: CursorMap<'tu, ()>,
    /// Probe variable name → canonical USR of the variable it points at (second parse only).
    pub(crate) probe_targets: HashMap<String, String>,
    /// The second parse: probe variables are recognised (the first parse has none).
    pub(crate) reads_probes: bool,
    /// Where primary variable templates start (implicit instantiations start there too).
    primary_var_template_starts: FastSet<lc::SourcePosition>,
    /// (enumeration as printed, value) → its first enumerator as clang prints it, for
    /// enumeration arguments of variable templates.
    enumerators: FastMap<(String, i128), String>,
    /// USRs of variable-template specializations (unexposed declarations), asked for twice.
    unexposed_usrs: CursorMap<'tu, Rc<str>>,
    /// Canonical declarations already collected (a variable is emitted once).
    seen: CursorMap<'tu, ()>,
    /// Declarations that uses have already led to.
    used_targets: CursorMap<'tu, ()>,
    /// Mangled names collected: members built without a cursor of their own
    /// (`direct_members`) are recognised by name when a use reaches them.
    seen_mangled: FastSet<String>,
    /// (namespace key, name) pairs: which namespaces declare which names, for the
    /// redundant-inline-namespace rule and ambiguity checks.
    /// Names are kept as 64-bit hashes (`name_hash`): every namespace member of the TU is
    /// indexed, few are ever looked up.
    names_in_namespace: FastMap<Rc<str>, FastSet<u64>>,
    /// namespace key → keys of its inline child namespaces.
    inline_children: FastMap<Rc<str>, Vec<Rc<str>>>,
    /// Pending scope chains: finalised after the walk, once every name is indexed.
    pending_scopes: Vec<PendingScopes>,
    /// Kernel launches in instantiated function bodies (their patterns are in `kernels`).
    pub(crate) instantiated_kernels: Vec<Kernel>,
    pub(crate) kernels: Vec<Kernel>,
    warnings: Vec<String>,
    /// Implicitly instantiated variable-template specializations met as declarations.
    implicit_instantiations: Vec<Cursor<'tu>>,
    /// Scope cursor → USR (namespaces and records are asked for again for every member).
    scope_usrs: CursorMap<'tu, Rc<str>>,
    /// Semantic parent cursor → its scope chain (`None`: a function-local context).
    chains: CursorMap<'tu, Option<Rc<Chain>>>,
    /// Class template cursor → is it `sycl::specialization_id`?
    spec_id_templates: CursorMap<'tu, bool>,
    /// Record cursor → `T` when it is `sycl::specialization_id<T>`.
    spec_id_records: CursorMap<'tu, Option<Rc<str>>>,
    _tu: std::marker::PhantomData<Cursor<'tu>>,
}

/// What one walk collected; spec ids come with their canonical declaration cursor.
pub(crate) struct Collected<'tu> {
    pub(crate) declared: Vec<(Cursor<'tu>, SpecId)>,
    pub(crate) used: Vec<(Cursor<'tu>, SpecId)>,
    pub(crate) instantiated_kernels: Vec<Kernel>,
    pub(crate) kernels: Vec<Kernel>,
    /// clang-style warnings (`file:line:col: warning: …`).
    pub(crate) warnings: Vec<String>,
}

fn location_prefix(loc: &SourceLocation) -> String {
    match &loc.file {
        Some(f) => format!("{}:{}:{}", f.display(), loc.line, loc.column),
        None => "<unknown>".to_string(),
    }
}

/// A class template specialization to look into with a second parse.
#[derive(Clone)]
pub(crate) struct Probe<'tu> {
    /// The specialization.
    record: Cursor<'tu>,
    /// For explicit instantiations: index in the declared list where its members belong.
    pub(crate) position: Option<usize>,
    /// `::`-qualified spelling of the specialization, valid at the end of the TU.
    pub(crate) class: String,
    /// Static data members of the pattern that may be spec ids.
    pub(crate) members: Vec<String>,
}

/// FNV-1a: the walker's maps are keyed by libclang's cursor hashes, interned keys and names,
/// none of them attacker-chosen, so SipHash's cost buys nothing here.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
type FastSet<K> = HashSet<K, BuildHasherDefault<Fnv>>;

/// A 64-bit hash of a name for the name index (collisions at 2^-64 are ignored).
fn name_hash(name: &[u8]) -> u64 {
    let mut hasher = Fnv::default();
    hasher.write(name);
    hasher.finish()
}

pub(crate) fn source_location(c: Cursor<'_>) -> SourceLocation {
    let loc = c.location();
    SourceLocation {
        file: loc.file,
        line: loc.line,
        column: loc.column,
    }
}

/// Key of the global namespace in the name index (the TU has no USR).
const TU_KEY: &str = "<tu>";

/// Name prefix of the variables the second parse appends.
pub(crate) const PROBE_PREFIX: &str = "__sycl_specconst_probe_";

/// Scope data recorded during the walk; `redundant` needs the full name index.
struct PendingScopes {
    /// (index into declared/used, is_used)
    owner: (usize, bool),
    /// For each scope that is an inline namespace: (key of its parent, name of the next
    /// component) to look up; `None` for other scopes.
    inline_checks: Vec<Option<(Rc<str>, String)>>,
    /// (namespace key, name) for every name the footer's qualified TARGET looks up in a
    /// namespace; more than one entity means no footer can name the variable.
    lookups: Vec<(Rc<str>, String)>,
}

/// A map keyed by cursor (by `clang_equalCursors`' rule, see [`lc::CursorIdentity`]).
struct CursorMap<'tu, V> {
    entries: HashMap<lc::CursorIdentity, V, BuildHasherDefault<WordHasher>>,
    _tu: std::marker::PhantomData<Cursor<'tu>>,
}

impl<V> Default for CursorMap<'_, V> {
    fn default() -> Self {
        CursorMap {
            entries: HashMap::default(),
            _tu: std::marker::PhantomData,
        }
    }
}

impl<'tu, V: Clone> CursorMap<'tu, V> {
    fn get(&self, c: Cursor<'tu>) -> Option<V> {
        self.entries.get(&c.identity()).cloned()
    }

    fn insert(&mut self, c: Cursor<'tu>, v: V) {
        self.entries.insert(c.identity(), v);
    }

    fn get_or_insert_mut(&mut self, c: Cursor<'tu>, make: impl FnOnce() -> V) -> &mut V {
        self.entries.entry(c.identity()).or_insert_with(make)
    }

    fn get_or_insert_with(&mut self, c: Cursor<'tu>, make: impl FnOnce() -> V) -> V {
        self.get_or_insert_mut(c, make).clone()
    }
}

/// Hasher for keys made of machine words (cursor identities): one multiply-rotate per word.
/// The words are AST node addresses, which differ in their middle bits; the rotation brings
/// those to the top bits hashbrown uses for its tags.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

/// Where a spec id lives.
struct ScopeInfo {
    scopes: Vec<Scope>,
    inline_checks: Vec<Option<(Rc<str>, String)>>,
    lookups: Vec<(Rc<str>, String)>,
}

/// The scopes of a declaration context, as seen by its members.
#[derive(Clone)]
struct Chain {
    scopes: Vec<Scope>,
    /// Per scope, as in [`ScopeInfo`]; the last scope's check is completed by the member.
    inline_checks: Vec<Option<(Rc<str>, String)>>,
    /// Lookups needed to name this context itself.
    lookups: Vec<(Rc<str>, String)>,
    /// Key under which members of this context are looked up, when it is a namespace (or the
    /// TU) reachable by qualified lookup.
    lookup_key: Option<Rc<str>>,
    /// For inline namespaces: the key of the parent, where the member's name is looked up.
    inline_parent: Option<Rc<str>>,
}

impl Chain {
    /// The scope data of a member named `name` of this context: the context's inline check
    /// and namespace lookup are completed with the member's name.
    fn member_info(&self, name: &str) -> ScopeInfo {
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

    /// Inside an anonymous namespace (shims take over naming).
    fn lookups_closed(&self) -> bool {
        self.scopes
            .iter()
            .any(|s| matches!(s, Scope::AnonymousNamespace { .. }))
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Context {
    /// Namespace or class scope of concrete code.
    Concrete,
    /// Inside a template pattern: declarations there are dependent (excluded); uses still count.
    Dependent,
    /// Inside a function body: declarations are locals (excluded).
    Local,
    /// Declarations from system headers: only namespace/class-scope declarations matter
    /// (they cannot use the TU's own templates), so bodies and expressions are skipped.
    System,
}

/// An explicitly instantiated class template specialization whose member classes are
/// searched for spec ids.
struct Nested {
    /// Its mangled-name prefix (`_ZN5OuterILi3EE`) when its arguments are builtin or integral.
    prefix: Option<String>,
    /// Its canonical spelling, for probes.
    class: String,
    chain: Rc<Chain>,
    /// Where its members go among the declarations.
    position: usize,
}

/// How a cursor's children are visited: their context and, for members of a namespace (or
/// the TU), the namespace's key for the name index. `None`: the children are skipped.
type Descend = Option<(Context, Option<Rc<str>>)>;

impl<'tu> Walker<'tu> {
    pub(crate) fn new(prefix: String) -> Self {
        Walker {
            prefix,
            declared: Vec::new(),
            used: Vec::new(),
            probes: Vec::new(),
            collected_members: CursorMap::default(),
            probed: CursorMap::default(),
            template_members: CursorMap::default(),
            entry_points: CursorMap::default(),
            searched_instantiations: CursorMap::default(),
            instantiated_kernels: Vec::new(),
            probe_targets: HashMap::new(),
            reads_probes: false,
            unexposed_usrs: CursorMap::default(),
            enumerators: FastMap::default(),
            primary_var_template_starts: FastSet::default(),
            seen: CursorMap::default(),
            seen_mangled: FastSet::default(),
            used_targets: CursorMap::default(),
            names_in_namespace: FastMap::default(),
            inline_children: FastMap::default(),
            pending_scopes: Vec::new(),
            kernels: Vec::new(),
            warnings: Vec::new(),
            implicit_instantiations: Vec::new(),
            scope_usrs: CursorMap::default(),
            chains: CursorMap::default(),
            spec_id_templates: CursorMap::default(),
            spec_id_records: CursorMap::default(),
            _tu: std::marker::PhantomData,
        }
    }

    pub(crate) fn walk_tu(&mut self, tu: Cursor<'tu>) {
        let tu_key: Rc<str> = Rc::from(TU_KEY);
        tu.visit(|child| {
            let context = if child.is_in_system_header() {
                Context::System
            } else {
                Context::Concrete
            };
            if let Some((context, namespace)) = self.visit(child, context, Some(&tu_key)) {
                self.walk_children(child, context, namespace.as_ref());
            }
            Walk::Continue
        });
        // Instantiations no use in the TU's own code revealed (e.g. used from a template).
        for c in std::mem::take(&mut self.implicit_instantiations) {
            if let Some(found) = self.spec_id_for(c) {
                self.push(found, true);
            }
        }
        // Implicit instantiations whose members were all met directly need no probe parse.
        let mut probes = std::mem::take(&mut self.probes);
        probes.retain(|probe| {
            probe.position.is_some()
                || !self
                    .collected_members
                    .get(probe.record)
                    .is_some_and(|found| probe.members.iter().all(|m| found.contains(m)))
        });
        self.probes = probes;
    }

    /// Resolves inline-namespace redundancy; returns the spec ids declared (parse order) and
    /// those only reached through uses, each with its canonical USR.
    /// `probes`' positions are kept pointing at the same entries when unnameable ones go.
    pub(crate) fn finish(&mut self, probes: &mut [Probe<'tu>]) -> Collected<'tu> {
        let pending = std::mem::take(&mut self.pending_scopes);
        let mut unnameable: Vec<(bool, usize)> = Vec::new();
        for p in pending {
            if let Some((ns, name)) = p
                .lookups
                .iter()
                .find(|(ns, name)| self.lookup_count(ns, name) > 1)
            {
                let (index, is_used) = p.owner;
                let spec = if is_used {
                    &self.used[index].1
                } else {
                    &self.declared[index].1
                };
                let scope = if &**ns == TU_KEY {
                    "the global namespace"
                } else {
                    "its enclosing namespace"
                };
                self.warnings.push(format!(
                    "{}: warning: specialization id '{}' cannot be named from the integration footer: '{}' is ambiguous in {}; it is left out of the footer",
                    location_prefix(&spec.location),
                    spec.qualified_name(),
                    name,
                    scope
                ));
                unnameable.push((is_used, index));
            }
            let redundancies: Vec<Option<bool>> = p
                .inline_checks
                .iter()
                .map(|c| {
                    c.as_ref()
                        .map(|(parent, name)| self.lookup_count(parent, name) == 1)
                })
                .collect();
            let (index, is_used) = p.owner;
            let spec = if is_used {
                &mut self.used[index].1
            } else {
                &mut self.declared[index].1
            };
            for (scope, red) in spec.scopes.iter_mut().zip(redundancies) {
                if let (Scope::Namespace { inlining, .. }, Some(true)) = (scope, red) {
                    *inlining = Inlining::Redundant;
                }
            }
        }
        let mut declared = std::mem::take(&mut self.declared);
        let mut used = std::mem::take(&mut self.used);
        unnameable.sort_unstable();
        // An explicit instantiation's members go where it stood among the declarations, also
        // when a declaration before it is left out.
        for probe in probes.iter_mut() {
            if let Some(position) = probe.position.as_mut() {
                let removed_before = unnameable
                    .iter()
                    .filter(|&&(is_used, index)| !is_used && index < *position)
                    .count();
                *position -= removed_before;
            }
        }
        for (is_used, index) in unnameable.into_iter().rev() {
            if is_used {
                used.remove(index);
            } else {
                declared.remove(index);
            }
        }
        Collected {
            declared,
            used,
            kernels: std::mem::take(&mut self.kernels),
            instantiated_kernels: std::mem::take(&mut self.instantiated_kernels),
            warnings: std::mem::take(&mut self.warnings),
        }
    }

    /// How many namespaces of `ns`'s lookup set (`ns` and, transitively, its inline
    /// namespaces, as `DeclContext::lookup` sees them) declare `name`. Declarations of one name
    /// inside one namespace are one entity or an overload/specialization set, so more than one
    /// namespace is what makes a qualified name ambiguous.
    fn lookup_count(&self, ns: &Rc<str>, name: &str) -> usize {
        self.count_declaring(ns, name_hash(name.as_bytes()), 0)
    }

    /// `lookup_count` below `ns`: inline namespaces form a tree (each has one parent), so no
    /// visited set is needed; the depth cap only guards against the impossible.
    fn count_declaring(&self, ns: &Rc<str>, name: u64, depth: usize) -> usize {
        let declares = self
            .names_in_namespace
            .get(ns)
            .is_some_and(|names| names.contains(&name));
        let mut count = usize::from(declares);
        if depth < 256
            && let Some(children) = self.inline_children.get(ns)
        {
            for child in children {
                count += self.count_declaring(child, name, depth + 1);
            }
        }
        count
    }

    /// Visits `cursor`'s children, each as `visit` says, with one libclang visit per cursor
    /// that has children. (A single `CXChildVisit_Recurse` traversal cannot take the place of
    /// the nested visits: libclang reports some children, e.g. those of a lambda's capture
    /// initialisers, with a parent it never handed to the visitor, so their context is lost.)
    fn walk_children(
        &mut self,
        cursor: Cursor<'tu>,
        context: Context,
        namespace: Option<&Rc<str>>,
    ) {
        cursor.visit(|child| {
            if let Some((context, namespace)) = self.visit(child, context, namespace) {
                self.walk_children(child, context, namespace.as_ref());
            }
            Walk::Continue
        });
    }

    /// Prepares a namespace's members, which are visited with the namespace's key for the
    /// name index.
    fn enter_namespace(
        &mut self,
        namespace: Cursor<'tu>,
        context: Context,
        parent: Option<&Rc<str>>,
    ) -> Descend {
        let key = self.scope_usr(namespace);
        if namespace.is_inline_namespace()
            && let Some(parent) = parent
        {
            let children = self.inline_children.entry(parent.clone()).or_default();
            if !children.contains(&key) {
                children.push(key.clone());
            }
        }
        Some((context, Some(key)))
    }

    /// `namespace`: the key of the enclosing namespace (or TU) when `c` is a direct member of
    /// one, for the name index.
    fn visit(&mut self, c: Cursor<'tu>, context: Context, namespace: Option<&Rc<str>>) -> Descend {
        let kind = c.kind();
        if let Some(ns) = namespace
            && matches!(context, Context::Concrete | Context::System)
        {
            self.index_name(c, ns);
        }
        if context == Context::System {
            return self.visit_system(c, namespace);
        }
        match kind {
            lc::CXCursor_Namespace => self.enter_namespace(c, context, namespace),
            lc::CXCursor_LinkageSpec
            | lc::CXCursor_StructDecl
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_UnionDecl => {
                if context == Context::Concrete {
                    self.consider_explicit_instantiation(c);
                }
                Some((context, None))
            }
            lc::CXCursor_ClassTemplate
            | lc::CXCursor_ClassTemplatePartialSpecialization
            | lc::CXCursor_FunctionTemplate => {
                let inner = if context == Context::Local {
                    Context::Local
                } else {
                    Context::Dependent
                };
                Some((inner, None))
            }
            lc::CXCursor_VarDecl | lc::CXCursor_UnexposedDecl => {
                if context == Context::Concrete {
                    self.consider_declaration(c);
                }
                // A variable of a class template specialization's type instantiated it (its
                // static members too); `specialization_id<T>` itself has none worth probing,
                // and a spec id's initializer is its default value: nothing to find there.
                if context != Context::Dependent
                    && let Some(record) = c.ty().canonical().declaration()
                {
                    if self.spec_id_value_type_of_record(record).is_some() {
                        return None;
                    }
                    self.consider_type_use(record);
                }
                // Other initialisers may use spec ids (e.g. lambdas in them).
                Some((Context::Local.max_with(context), None))
            }
            lc::CXCursor_DeclRefExpr | lc::CXCursor_MemberRefExpr => {
                if let Some(target) = c.referenced() {
                    self.consider_use(target);
                }
                Some((context, None))
            }
            lc::CXCursor_TypeRef => {
                if let Some(record) = c.referenced() {
                    self.consider_type_use(record);
                }
                None
            }
            lc::CXCursor_FieldDecl | lc::CXCursor_ParmDecl | lc::CXCursor_CXXBaseSpecifier => {
                if let Some(record) = c.ty().canonical().declaration() {
                    self.consider_type_use(record);
                }
                Some((context, None))
            }
            lc::CXCursor_CallExpr => {
                self.consider_kernel_call(c);
                Some((context, None))
            }
            lc::CXCursor_EnumDecl => {
                if context == Context::Concrete {
                    self.record_enumerators(c);
                }
                Some((context, None))
            }
            k if is_function_like(k) => {
                let inner = if context == Context::Dependent {
                    Context::Dependent
                } else {
                    Context::Local
                };
                Some((inner, None))
            }
            _ => Some((context, None)),
        }
    }

    /// The cheap walk for system headers: namespaces and classes are entered, spec ids declared
    /// there are collected, everything else (bodies, templates, expressions) is skipped.
    fn visit_system(&mut self, c: Cursor<'tu>, namespace: Option<&Rc<str>>) -> Descend {
        match c.kind() {
            lc::CXCursor_Namespace => self.enter_namespace(c, Context::System, namespace),
            lc::CXCursor_LinkageSpec
            | lc::CXCursor_StructDecl
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_UnionDecl => Some((Context::System, None)),
            lc::CXCursor_VarDecl | lc::CXCursor_UnexposedDecl => {
                self.consider_declaration(c);
                None
            }
            lc::CXCursor_EnumDecl => {
                self.record_enumerators(c);
                None
            }
            _ => None,
        }
    }

    /// Remembers how clang names the enumerators of `enumeration`: the enumeration's scopes,
    /// then the enumeration itself only when it is scoped (`ns::Green`, `ns::Mode::Off`).
    /// Anonymous namespaces are left out of the name (clang's `(anonymous namespace)::A` does
    /// not compile; `A` finds the same enumerator). Enumerations in inline namespaces or
    /// template scopes, and unnamed ones, are not recorded: their values keep the general
    /// demangler's form.
    fn record_enumerators(&mut self, enumeration: Cursor<'tu>) {
        let Some(chain) = enumeration.semantic_parent().and_then(|p| self.chain(p)) else {
            return;
        };
        // `key`: the enumeration as `demangle` prints it; `prefix`: the scopes we print.
        let (mut key, mut prefix) = (String::new(), String::new());
        for scope in &chain.scopes {
            match scope {
                Scope::Namespace {
                    name,
                    inlining: Inlining::NotInline,
                } => {
                    key.push_str(name);
                    prefix.push_str(name);
                    prefix.push_str("::");
                }
                Scope::Record { name } if !name.contains('<') => {
                    key.push_str(name);
                    prefix.push_str(name);
                    prefix.push_str("::");
                }
                Scope::AnonymousNamespace { inline: false } => {
                    key.push_str("(anonymous namespace)");
                }
                _ => return,
            }
            key.push_str("::");
        }
        let enum_name = enumeration.spelling();
        if enum_name.is_empty() || enumeration.is_anonymous() {
            return;
        }
        key.push_str(&enum_name);
        let enumerator_prefix = if enumeration.is_scoped_enum() {
            format!("{prefix}{enum_name}::")
        } else {
            prefix
        };
        for enumerator in enumeration.children() {
            if enumerator.kind() != lc::CXCursor_EnumConstantDecl {
                continue;
            }
            let value = enumerator.enumerator_value(enumeration);
            // clang prints the first enumerator with the value.
            self.enumerators
                .entry((key.clone(), value))
                .or_insert_with(|| format!("{enumerator_prefix}{}", enumerator.spelling()));
        }
    }

    /// Records a namespace member's name for later inline-namespace lookups. The lexical
    /// parent stands in for the semantic one: they differ only for out-of-line definitions,
    /// whose names were indexed at their first declaration.
    fn index_name(&mut self, c: Cursor<'tu>, namespace: &Rc<str>) {
        if !c.is_declaration() {
            return;
        }
        let Some(name) = c.with_spelling(|name| (!name.is_empty()).then(|| name_hash(name))) else {
            return;
        };
        self.names_in_namespace
            .entry(namespace.clone())
            .or_default()
            .insert(name);
    }

    /// The key of a scope (USR; fixed key for the TU), cached per cursor.
    fn scope_usr(&mut self, c: Cursor<'tu>) -> Rc<str> {
        self.scope_usrs.get_or_insert_with(c, || {
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
    fn describe_scopes(&mut self, c: Cursor<'tu>, name: &str) -> Option<ScopeInfo> {
        let parent = c.semantic_parent()?;
        let chain = self.chain(parent)?;
        Some(chain.member_info(name))
    }

    /// The scope chain of a declaration context (memoised).
    fn chain(&mut self, context: Cursor<'tu>) -> Option<Rc<Chain>> {
        if let Some(found) = self.chains.get(context) {
            return found;
        }
        let computed = self.compute_chain(context).map(Rc::new);
        self.chains.insert(context, computed.clone());
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
        let mut chain = Chain {
            scopes: parent.scopes.clone(),
            inline_checks: parent.inline_checks.clone(),
            lookups: parent.lookups.clone(),
            lookup_key: None,
            inline_parent: None,
        };
        // The parent's inline check looks up this context's name.
        if let Some(slot) = chain.inline_checks.last_mut()
            && let Some(grandparent) = &parent.inline_parent
        {
            *slot = Some((grandparent.clone(), name.clone()));
        }
        // Reaching this context from its parent looks its name up there.
        if let Some(key) = &parent.lookup_key {
            chain.lookups.push((key.clone(), name.clone()));
        }
        match kind {
            lc::CXCursor_Namespace => {
                let inline = context.is_inline_namespace();
                if context.is_anonymous() || name.is_empty() {
                    // Beyond an anonymous namespace the footer goes through shims, which look
                    // names up from inside: no qualified lookups are checked.
                    chain.scopes.push(Scope::AnonymousNamespace { inline });
                    chain.inline_checks.push(None);
                    chain.lookups.clear();
                } else {
                    let key = self.scope_usr(context);
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

    /// `T` if `ty` (after typedefs, cv) is `sycl::specialization_id<T>`.
    fn specialization_id_value_type(&mut self, ty: Type<'tu>) -> Option<String> {
        let canonical = ty.canonical();
        if canonical.kind() != lc::CXType_Record {
            return None; // references, pointers, arrays do not qualify
        }
        let record = canonical.declaration()?;
        self.spec_id_value_type_of_record(record)
            .map(|v| v.to_string())
    }

    /// Is class template `template` `sycl::specialization_id` (cached per template)?
    fn is_specialization_id_template(&mut self, template: Cursor<'tu>) -> bool {
        self.spec_id_templates.get_or_insert_with(template, || {
            template.spelling() == "specialization_id" && in_sycl_namespace(template)
        })
    }

    /// Names of `template`'s static data members whose declared type names
    /// `specialization_id` (dependent or not): the members a specialization may have as spec
    /// ids; direct description or the probe parse checks them for real.
    fn possible_spec_id_members(&mut self, template: Cursor<'tu>) -> Vec<String> {
        let mut names = Vec::new();
        for member in template.children() {
            if member.kind() != lc::CXCursor_VarDecl {
                continue;
            }
            let declared_as_spec_id = member.children().into_iter().any(|c| {
                c.kind() == lc::CXCursor_TemplateRef
                    && c.referenced()
                        .is_some_and(|t| self.is_specialization_id_template(t))
            });
            if declared_as_spec_id {
                names.push(member.spelling());
            }
        }
        names
    }

    /// `T` if `record` is a `sycl::specialization_id<T>` specialization (cached per record:
    /// every spec id asks, and most share a handful of value types).
    fn spec_id_value_type_of_record(&mut self, record: Cursor<'tu>) -> Option<Rc<str>> {
        if let Some(known) = self.spec_id_records.get(record) {
            return known;
        }
        let value_type = (|| {
            let template = record.specialized_template()?;
            let is_spec_id = self.is_specialization_id_template(template);
            let ty = record.ty().canonical();
            if !is_spec_id || ty.num_template_arguments() != 1 {
                return None;
            }
            Some(Rc::from(ty.template_argument(0).canonical().spelling()))
        })();
        self.spec_id_records.insert(record, value_type.clone());
        value_type
    }

    fn consider_declaration(&mut self, c: Cursor<'tu>) {
        if self.reads_probes
            && c.kind() == lc::CXCursor_VarDecl
            && c.with_spelling(|name| name.starts_with(PROBE_PREFIX.as_bytes()))
        {
            self.record_probe_target(c);
            return;
        }
        if self.is_implicit_instantiation(c) {
            // Collected in order of first use; leftovers after the walk (see `walk_tu`).
            self.implicit_instantiations.push(c);
            return;
        }
        if let Some(found) = self.spec_id_for(c) {
            self.push(found, false);
        }
    }

    /// Second parse: remembers which variable a probe's initializer `&X<…>::m` names.
    fn record_probe_target(&mut self, probe: Cursor<'tu>) {
        let mut stack = probe.children();
        while let Some(c) = stack.pop() {
            if c.kind() == lc::CXCursor_DeclRefExpr
                && let Some(target) = c.referenced()
            {
                self.probe_targets
                    .insert(probe.spelling(), target.canonical().usr());
                return;
            }
            stack.extend(c.children());
        }
    }

    /// Explicit instantiation definitions (`template class X<int>;`) instantiate every static
    /// member, but libclang shows none of them: remember the specialization for a probe.
    fn consider_explicit_instantiation(&mut self, record: Cursor<'tu>) {
        if record.num_template_arguments() <= 0 {
            return;
        }
        // An explicit instantiation has no member declarations of its own; checking that first
        // avoids tokenizing whole class bodies.
        if record.children().iter().any(|c| c.is_declaration()) {
            return;
        }
        let tokens = record.leading_tokens(2);
        let is_instantiation = tokens.first().map(String::as_str) == Some("template")
            && matches!(
                tokens.get(1).map(String::as_str),
                Some("class" | "struct" | "union")
            );
        if is_instantiation {
            let position = self.declared.len();
            self.add_probe(record, Some(position));
            // It instantiates the member classes too, recursively, and with them their static
            // members: after the class's own, in declaration order.
            if let (Some(template), Some(chain)) =
                (record.specialized_template(), self.chain(record))
            {
                let nested = Nested {
                    prefix: specialization_prefix(&chain.scopes, record, template),
                    class: record.ty().canonical().spelling(),
                    chain,
                    position,
                };
                self.add_nested_members(template, &nested, &mut Vec::new(), 0);
            }
        }
    }

    /// The spec-id static members of the member classes of `pattern` (a class template, or one
    /// of its member classes at `path`), instantiated by an explicit instantiation of the
    /// specialization `nested` describes: built directly when its arguments allow (as
    /// `direct_members`), else probed.
    fn add_nested_members(
        &mut self,
        pattern: Cursor<'tu>,
        nested: &Nested,
        path: &mut Vec<String>,
        depth: u32,
    ) {
        if depth > 16 {
            return;
        }
        for inner in pattern.children() {
            if !matches!(
                inner.kind(),
                lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
            ) || !inner.is_definition()
                || inner.spelling().is_empty()
            {
                continue;
            }
            path.push(inner.spelling());
            let possible = self.possible_spec_id_members(inner);
            if !possible.is_empty() {
                let direct = nested.prefix.as_deref().and_then(|prefix| {
                    self.nested_direct_members(inner, prefix, nested, path, &possible)
                });
                match direct {
                    Some(found) => {
                        for f in found {
                            self.push(f, false);
                        }
                    }
                    None if !nested.class.is_empty() && !nested.class.contains('(') => {
                        self.probes.push(Probe {
                            record: inner,
                            position: Some(nested.position),
                            class: format!("::{}::{}", nested.class, path.join("::")),
                            members: possible,
                        });
                    }
                    None => {}
                }
            }
            self.add_nested_members(inner, nested, path, depth + 1);
            path.pop();
        }
    }

    /// `direct_members` for member class `inner` (at `path` below the specialization).
    fn nested_direct_members(
        &mut self,
        inner: Cursor<'tu>,
        prefix: &str,
        nested: &Nested,
        path: &[String],
        possible: &[String],
    ) -> Option<Vec<(Cursor<'tu>, SpecId, ScopeInfo)>> {
        let mut prefix = prefix.to_string();
        for component in path {
            push_source_name(&mut prefix, component);
        }
        self.members_built_directly(inner, &prefix, &nested.chain, path, possible)
    }

    /// A use of a class template specialization that the TU instantiated: its static members
    /// were instantiated with it (DPC++ collects them) even if never named.
    fn consider_type_use(&mut self, record: Cursor<'tu>) {
        if !matches!(
            record.kind(),
            lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
        ) || self.probed.get(record).is_some()
            || record.num_template_arguments() <= 0
            || !record.is_definition()
        {
            return;
        }
        self.add_probe(record, None);
    }

    fn add_probe(&mut self, record: Cursor<'tu>, position: Option<usize>) {
        if self.probed.get(record).is_some() {
            return;
        }
        self.probed.insert(record, ());
        let Some(template) = record.specialized_template() else {
            return;
        };
        let members = match self.template_members.get(template) {
            Some(known) => known,
            None => {
                let found: Rc<[String]> = self.possible_spec_id_members(template).into();
                self.template_members.insert(template, found.clone());
                found
            }
        };
        if members.is_empty() {
            return;
        }
        // Specializations with builtin and integral arguments are described without a second
        // parse: their members' mangled names are built from the arguments.
        if let Some(direct) = self.direct_members(record, template, &members) {
            for found in direct {
                self.push(found, position.is_none());
            }
            return;
        }
        let spelled = record.ty().canonical().spelling();
        // Names that cannot be spelled at the end of the TU (anonymous namespaces, local
        // classes) are left to the direct walk.
        if spelled.is_empty() || spelled.contains('(') {
            return;
        }
        self.probes.push(Probe {
            record,
            position,
            class: format!("::{spelled}"),
            members: members.to_vec(),
        });
    }

    /// The spec-id static members of class template specialization `record`, built from the
    /// pattern's members and `record`'s template arguments, when every argument is a builtin
    /// type or an integral value, the enclosing scopes are plain (no templates, not `std`),
    /// and the members' types do not depend on the parameters. `None`: probe instead.
    fn direct_members(
        &mut self,
        record: Cursor<'tu>,
        template: Cursor<'tu>,
        possible_members: &[String],
    ) -> Option<Vec<(Cursor<'tu>, SpecId, ScopeInfo)>> {
        let chain = self.chain(record)?;
        let prefix = specialization_prefix(&chain.scopes, record, template)?;
        self.members_built_directly(template, &prefix, &chain, &[], possible_members)
    }

    /// The spec-id static members of `class` (a class template, or a member class of one at
    /// `path` below the specialization), named `prefix` + member + `E`: the pattern's members
    /// stand in for the instantiated ones (libclang shows none). `None` when a member that may
    /// be a spec id has a dependent type: only a probe can tell.
    fn members_built_directly(
        &mut self,
        class: Cursor<'tu>,
        prefix: &str,
        chain: &Chain,
        path: &[String],
        possible_members: &[String],
    ) -> Option<Vec<(Cursor<'tu>, SpecId, ScopeInfo)>> {
        let mut found = Vec::new();
        for member in class.children() {
            if member.kind() != lc::CXCursor_VarDecl {
                continue;
            }
            let Some(value_type) = self.specialization_id_value_type(member.ty()) else {
                if possible_members.contains(&member.spelling()) {
                    return None;
                }
                continue;
            };
            let name = member.spelling();
            let mut mangled = prefix.to_string();
            push_source_name(&mut mangled, &name);
            mangled.push('E');
            if !self.seen_mangled.insert(mangled.clone()) {
                continue;
            }
            let linkage = match member.linkage() {
                lc::CXLinkage_External => Linkage::External,
                _ => Linkage::Internal,
            };
            let symbolic_id = self.symbolic_id(&mangled, linkage);
            // The member's scopes: the specialization's, then the member classes on the way.
            let mut info = chain.member_info(path.first().unwrap_or(&name));
            info.scopes
                .extend(path.iter().map(|p| Scope::Record { name: p.clone() }));
            let spec = SpecId {
                name,
                scopes: std::mem::take(&mut info.scopes),
                mangled_name: mangled,
                symbolic_id,
                linkage,
                value_type,
                location: source_location(member),
            };
            found.push((member, spec, info));
        }
        Some(found)
    }

    /// libclang lists some implicit instantiations among the declarations:
    /// * variable-template specializations (UnexposedDecl, at the class or TU), with the extent of
    ///   their pattern: `template <params> …`, where an explicit specialization starts
    ///   `template <>` and an explicit instantiation `template constexpr …`;
    /// * static data members of class template specializations defined out of line
    ///   (`template <class T> const X Cfg<T>::id{…};`), listed where the pattern is, with the
    ///   pattern's extent minus its template header, so they start with neither form of `template`.
    fn is_implicit_instantiation(&mut self, c: Cursor<'tu>) -> bool {
        match c.kind() {
            lc::CXCursor_UnexposedDecl if c.ty().is_valid() => {
                if is_partial_specialization_usr(&self.unexposed_usr(c)) {
                    return false;
                }
                // Implicit instantiations carry their pattern's extent, so one that starts
                // where a primary template met earlier starts is one: no tokens needed.
                if self.primary_var_template_starts.contains(&c.extent_start()) {
                    debug_assert!(starts_with_template_parameters(c), "{}", c.usr());
                    return true;
                }
                starts_with_template_parameters(c)
            }
            lc::CXCursor_UnexposedDecl => {
                // A primary variable template (no type): remember where it starts.
                self.primary_var_template_starts.insert(c.extent_start());
                false
            }
            lc::CXCursor_VarDecl => {
                let Some(class) = c.semantic_parent() else {
                    return false;
                };
                let out_of_line = c.lexical_parent().is_some_and(|l| l != class);
                out_of_line
                    && matches!(
                        class.kind(),
                        lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
                    )
                    && class.num_template_arguments() > 0
                    && c.leading_tokens(1).first().map(String::as_str) != Some("template")
            }
            _ => false,
        }
    }

    /// The USR of a variable-template specialization (cached: asked for twice).
    fn unexposed_usr(&mut self, c: Cursor<'tu>) -> Rc<str> {
        self.unexposed_usrs
            .get_or_insert_with(c, || Rc::from(c.usr()))
    }

    /// `__builtin_sycl_unique_stable_id`: the mangled name, prefixed unless externally visible.
    fn symbolic_id(&self, mangled: &str, linkage: Linkage) -> String {
        if linkage.is_externally_visible() {
            mangled.to_string()
        } else {
            let mut id = String::with_capacity(self.prefix.len() + 3 + mangled.len());
            id.push_str(&self.prefix);
            id.push_str("___");
            id.push_str(mangled);
            id
        }
    }

    fn consider_use(&mut self, target: Cursor<'tu>) {
        let k = target.kind();
        if k != lc::CXCursor_VarDecl && k != lc::CXCursor_UnexposedDecl {
            return;
        }
        // A declaration referenced again needs no second look.
        if self.used_targets.get(target).is_some() {
            return;
        }
        self.used_targets.insert(target, ());
        // A static member of a class template specialization: naming it instantiated the
        // class, which declares all its static members (DPC++ collects each), in order.
        if k == lc::CXCursor_VarDecl
            && let Some(record) = target.semantic_parent()
        {
            self.consider_type_use(record);
        }
        // Prefer the definition: an `extern` declaration only counts when the TU also defines
        // the variable (`spec_id_for` rejects declarations with external storage).
        let def = target.definition().unwrap_or(target);
        if let Some(found) = self.spec_id_for(def) {
            self.push(found, true);
        }
    }

    fn push(&mut self, (canonical, spec, info): (Cursor<'tu>, SpecId, ScopeInfo), is_used: bool) {
        if matches!(spec.scopes.last(), Some(Scope::Record { .. }))
            && let Some(record) = canonical.semantic_parent()
        {
            // The spec id's name is the member's spelling unless it carries template arguments.
            let name = if spec.name.contains('<') {
                canonical.spelling()
            } else {
                spec.name.clone()
            };
            self.collected_members
                .get_or_insert_mut(record, Vec::new)
                .push(name);
        }
        let list = if is_used {
            &mut self.used
        } else {
            &mut self.declared
        };
        list.push((canonical, spec));
        self.pending_scopes.push(PendingScopes {
            owner: (list.len() - 1, is_used),
            inline_checks: info.inline_checks,
            lookups: info.lookups,
        });
    }

    /// The footer entry for `c` (with its canonical USR and scope data), if it is a
    /// qualifying variable not collected yet.
    fn spec_id_for(&mut self, c: Cursor<'tu>) -> Option<(Cursor<'tu>, SpecId, ScopeInfo)> {
        let ty = c.ty();
        if !ty.is_valid() {
            return None; // primary variable templates and other typeless declarations
        }
        let value_type = self.specialization_id_value_type(ty)?;
        let unexposed_usr = (c.kind() == lc::CXCursor_UnexposedDecl).then(|| self.unexposed_usr(c));
        if unexposed_usr
            .as_deref()
            .is_some_and(is_partial_specialization_usr)
        {
            return None;
        }
        let canonical = c.canonical();
        if self.seen.get(canonical).is_some() {
            return None;
        }
        // `extern` declarations wait for their definition. DPC++ drops every `extern`
        // variable, even a definition such as `extern const specialization_id<int> x{1};`,
        // leaving its host uses unresolved; such definitions are kept here.
        if (c.has_external_storage() && !c.is_definition()) || !c.has_global_storage() {
            return None;
        }
        let variable = c.spelling();
        let mut info = self.describe_scopes(c, &variable)?;
        let linkage = match c.linkage() {
            lc::CXLinkage_External => Linkage::External,
            lc::CXLinkage_UniqueExternal => Linkage::UniqueExternal,
            lc::CXLinkage_Internal => Linkage::Internal,
            _ => Linkage::NoLinkage,
        };
        // Variable-template specializations (UnexposedDecl) need their template arguments:
        // libclang exposes none, but the USR spells builtin ones.
        let plain = match &unexposed_usr {
            None => mangle_plain_variable(&info.scopes, &variable, "", linkage)
                .or_else(|| mangle_specialization_member(c, &info.scopes, &variable)),
            Some(usr) => usr_template_arguments(usr, &variable)
                .and_then(|args| mangle_plain_variable(&info.scopes, &variable, &args, linkage)),
        };
        let mangled = match plain {
            Some(m) => {
                debug_assert_eq!(m, libclang_mangling(c), "own mangling of {variable}");
                m
            }
            None => libclang_mangling(c),
        };
        if mangled.is_empty() {
            return None;
        }
        if !self.seen_mangled.insert(mangled.clone()) {
            // Already described without a cursor (`direct_members`).
            self.seen.insert(canonical, ());
            return None;
        }
        let symbolic_id = self.symbolic_id(&mangled, linkage);
        self.seen.insert(canonical, ());
        let spec = SpecId {
            name: variable_name(c, variable, &mangled, &self.enumerators),
            scopes: std::mem::take(&mut info.scopes),
            mangled_name: mangled,
            symbolic_id,
            linkage,
            value_type,
            location: source_location(c),
        };
        Some((canonical, spec, info))
    }

    fn consider_kernel_call(&mut self, call: Cursor<'tu>) {
        let Some(callee) = call.referenced() else {
            return self.consider_dependent_kernel_call(call);
        };
        // Constructors, conversions and the like never launch kernels.
        if !matches!(
            callee.kind(),
            lc::CXCursor_CXXMethod | lc::CXCursor_FunctionDecl | lc::CXCursor_FunctionTemplate
        ) {
            return;
        }
        // Most calls are neither: the name is compared before any string is made of it.
        let is_invoker_name =
            callee.with_spelling(|name| KERNEL_INVOKERS.iter().any(|k| k.as_bytes() == name));
        let mut special = Vec::new();
        let mut object = None;
        let (callable, takes_kernel_handler) = if is_invoker_name && declared_in_sycl(callee) {
            // handler::single_task / parallel_for: the kernel is the last argument; the
            // queue's shortcuts take a defaulted code_location after it, so it is the last
            // argument that can be called.
            let nargs = u32::try_from(call.num_arguments()).unwrap_or(0);
            let arguments: Vec<Cursor<'tu>> = (0..nargs).filter_map(|i| call.argument(i)).collect();
            let Some(arg) = arguments
                .iter()
                .rev()
                .find(|a| {
                    a.ty()
                        .canonical()
                        .declaration()
                        .is_some_and(has_call_operator)
                })
                .or(arguments.last())
                .copied()
            else {
                return;
            };
            let arg_ty = arg.ty().canonical();
            match arg_ty.declaration() {
                Some(record) => {
                    let callable = if contains_lambda(arg) {
                        Callable::Lambda
                    } else {
                        Callable::Type(record.ty().canonical().spelling())
                    };
                    let (described, unsupported) = kernel_object::describe(arg_ty, record, callee);
                    object = described;
                    special = unsupported;
                    (callable, call_operator_takes_kernel_handler(record))
                }
                None => (Callable::Type(arg_ty.spelling()), false),
            }
        } else if self.is_kernel_entry_point(callee) {
            // [[clang::sycl_kernel_entry_point(Name)]] function: its own parameters.
            let takes = (0..u32::try_from(callee.num_arguments()).unwrap_or(0))
                .filter_map(|i| callee.argument(i))
                .any(|p| is_kernel_handler(p.ty()));
            (Callable::EntryPoint, takes)
        } else {
            self.search_instantiation(callee);
            return;
        };
        let name = kernel_name_of(call);
        self.kernels.push(Kernel {
            name,
            invoker: callee.spelling(),
            callable,
            takes_kernel_handler,
            location: source_location(call),
            special_captures: special,
            object,
        });
    }
}

impl<'tu> Walker<'tu> {
    /// Kernel launches in the body of `function` when it is an instantiation (of a function
    /// template, or a member of a class template specialization) outside system headers:
    /// libclang visits the instantiated body, where launches are resolved and kernel objects
    /// have their concrete types. The launches go to `instantiated_kernels`.
    fn search_instantiation(&mut self, function: Cursor<'tu>) {
        if function.specialized_template().is_none()
            || function.is_in_system_header()
            || self.searched_instantiations.get(function).is_some()
        {
            return;
        }
        self.searched_instantiations.insert(function, ());
        let patterns = self.kernels.len();
        let mut calls = Vec::new();
        function.visit(|c| {
            if c.kind() == lc::CXCursor_CallExpr {
                calls.push(c);
            }
            Walk::Recurse
        });
        for call in calls {
            self.consider_kernel_call(call);
        }
        // What `consider_kernel_call` found here are instantiated launches, not patterns.
        let found: Vec<Kernel> = self.kernels.drain(patterns..).collect();
        self.instantiated_kernels.extend(found);
    }

    /// Is `function` (or the template it was instantiated from) marked
    /// `[[clang::sycl_kernel_entry_point(…)]]`? Cached: every call is asked about.
    fn is_kernel_entry_point(&mut self, function: Cursor<'tu>) -> bool {
        let key = function.specialized_template().unwrap_or(function);
        self.entry_points
            .get_or_insert_with(key, || has_entry_point_attribute(key))
    }
}

impl<'tu> Walker<'tu> {
    /// A kernel launch inside a template pattern: the call is unresolved, its callee an
    /// overloaded reference to `single_task`/`parallel_for`; the kernel name is reported as
    /// written (`K<T>`), the callable from the lambda or functor expression.
    fn consider_dependent_kernel_call(&mut self, call: Cursor<'tu>) {
        let children = call.children();
        let Some(callee_ref) = children.first() else {
            return;
        };
        if !matches!(
            callee_ref.kind(),
            lc::CXCursor_MemberRefExpr | lc::CXCursor_DeclRefExpr
        ) {
            return;
        }
        let Some(overloaded) = callee_ref
            .children()
            .into_iter()
            .find(|c| c.kind() == lc::CXCursor_OverloadedDeclRef)
        else {
            return;
        };
        let invoker = overloaded.spelling();
        if !KERNEL_INVOKERS.contains(&invoker.as_str())
            || !overloaded
                .first_overloaded_decl()
                .is_some_and(declared_in_sycl)
        {
            return;
        }
        let Some(kernel) = children.last().filter(|k| k != &callee_ref) else {
            return;
        };
        // Its instantiations are not visited: a kernel object there travels as bytes, so
        // special captures are refused here.
        let special = kernel_object::special_types(kernel.ty());
        let (callable, takes_kernel_handler) = match lambda_in(*kernel) {
            Some(lambda) => (
                Callable::Lambda,
                lambda
                    .children()
                    .iter()
                    .any(|p| p.kind() == lc::CXCursor_ParmDecl && is_kernel_handler(p.ty())),
            ),
            None => match kernel.ty().canonical().declaration() {
                Some(record) => (
                    Callable::Type(record.ty().canonical().spelling()),
                    call_operator_takes_kernel_handler(record),
                ),
                None => (Callable::Type(kernel.ty().spelling()), false),
            },
        };
        // A launch in a template pattern: its instantiations are checked where they happen.
        self.kernels.push(Kernel {
            name: written_template_argument(*callee_ref, &invoker),
            invoker,
            callable,
            takes_kernel_handler,
            location: source_location(call),
            special_captures: special,
            object: None,
        });
    }
}

/// The lambda an expression creates, through implicit conversions and temporaries.
fn lambda_in(expr: Cursor<'_>) -> Option<Cursor<'_>> {
    let mut current = expr;
    for _ in 0..8 {
        if current.kind() == lc::CXCursor_LambdaExpr {
            return Some(current);
        }
        match current.children().as_slice() {
            [only] => current = *only,
            _ => return None,
        }
    }
    None
}

/// The first template argument of `name<…>` as written in `callee`'s tokens (`K<T>`), for
/// kernel names that are still dependent.
fn written_template_argument(callee: Cursor<'_>, name: &str) -> Option<String> {
    let tokens = callee.leading_tokens(64);
    let start = tokens.iter().position(|t| t == name)? + 1;
    if tokens.get(start).map(String::as_str) != Some("<") {
        return None;
    }
    let mut depth = 0usize;
    let mut out = String::new();
    for token in &tokens[start..] {
        match token.as_str() {
            "<" => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ">" => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ">>" => {
                depth = depth.saturating_sub(2);
                if depth == 0 {
                    out.push('>');
                    break;
                }
            }
            "," if depth == 1 => break,
            _ => {}
        }
        // Spaced as clang prints types: between words, and before `*`/`&` (`T *`).
        let word = |s: &str| {
            s.chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        };
        let starts_word = token
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let declarator = matches!(token.as_str(), "*" | "&" | "&&");
        if (word(&out) || out.ends_with('>')) && (starts_word || declarator) {
            out.push(' ');
        }
        out.push_str(token);
    }
    // `single_task<class K>` declares K; the name is K.
    let name = ["class ", "struct ", "union "]
        .iter()
        .find_map(|kw| out.strip_prefix(kw))
        .map_or(out.clone(), str::to_string);
    (!name.is_empty()).then_some(name)
}

/// Does the expression (through implicit conversions and temporaries) create a lambda?
fn contains_lambda(expr: Cursor<'_>) -> bool {
    lambda_in(expr).is_some()
}

/// libclang exposes `[[clang::sycl_kernel_entry_point(…)]]` only as an unexposed attribute
/// among the function's children, so the attribute's first tokens are inspected.
fn has_entry_point_attribute(function: Cursor<'_>) -> bool {
    function.children().iter().any(|c| {
        c.is_attribute()
            && c.leading_tokens(4)
                .iter()
                .any(|t| t == "sycl_kernel_entry_point")
    })
}

impl Context {
    /// Function bodies make everything below them local, unless already dependent.
    fn max_with(self, outer: Context) -> Context {
        if outer == Context::Dependent {
            Context::Dependent
        } else {
            self
        }
    }
}

fn is_function_like(kind: lc::CXCursorKind) -> bool {
    matches!(
        kind,
        lc::CXCursor_FunctionDecl
            | lc::CXCursor_CXXMethod
            | lc::CXCursor_Constructor
            | lc::CXCursor_Destructor
            | lc::CXCursor_ConversionFunction
            | lc::CXCursor_LambdaExpr
    )
}

/// Is `c` declared directly in `sycl`, `sycl::<inline>` or `cl::sycl`?
fn in_sycl_namespace(c: Cursor<'_>) -> bool {
    let mut path = Vec::new();
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        match p.kind() {
            lc::CXCursor_TranslationUnit => break,
            lc::CXCursor_Namespace => {
                if !p.is_inline_namespace() {
                    path.push(p.spelling());
                }
            }
            lc::CXCursor_LinkageSpec => {}
            _ => return false,
        }
        cur = p.semantic_parent();
    }
    path.reverse();
    SYCL_NAMESPACES
        .iter()
        .any(|ns| ns.len() == path.len() && ns.iter().zip(&path).all(|(a, b)| a == b))
}

/// Is `c` a member (possibly of a class) of the SYCL namespace, e.g. `sycl::handler::single_task`?
fn declared_in_sycl(c: Cursor<'_>) -> bool {
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        match p.kind() {
            lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl | lc::CXCursor_ClassTemplate => {
                return in_sycl_namespace(p);
            }
            lc::CXCursor_Namespace | lc::CXCursor_TranslationUnit => return in_sycl_namespace(c),
            _ => cur = p.semantic_parent(),
        }
    }
    false
}

/// libclang's mangling forced to the `_Z` form: `clang_Cursor_getMangling` applies
/// `shouldMangleDeclName`, so a global-namespace variable comes back bare, while the builtin
/// always mangles (`_Z` + length + name).
fn libclang_mangling(c: Cursor<'_>) -> String {
    let mangled = c.mangling();
    if mangled.is_empty() || mangled.starts_with("_Z") {
        mangled
    } else {
        format!("_Z{}{}", mangled.len(), mangled)
    }
}

/// Itanium mangling of a variable whose scopes are plain namespaces and non-template classes
/// (the common case), without asking libclang, which builds a mangler per call. `None` where
/// templates or `std` (abbreviated `St`) are involved; those go to libclang. Debug builds check
/// every result against libclang.
fn mangle_plain_variable(
    scopes: &[Scope],
    name: &str,
    template_args: &str,
    linkage: Linkage,
) -> Option<String> {
    let mut components: Vec<&str> = Vec::with_capacity(scopes.len() + 1);
    let mut in_anonymous = false;
    for scope in scopes {
        match scope {
            Scope::Namespace { name, .. } => components.push(name),
            Scope::AnonymousNamespace { .. } => {
                in_anonymous = true;
                components.push("_GLOBAL__N_1");
            }
            Scope::Record { name } if !name.contains('<') => components.push(name),
            Scope::Record { .. } => return None,
        }
    }
    if name.contains('<') || components.first() == Some(&"std") {
        return None;
    }
    // `L` marks internal-linkage names of namespace scope outside anonymous namespaces.
    let at_namespace_scope = !matches!(scopes.last(), Some(Scope::Record { .. }));
    let local = if linkage == Linkage::Internal && at_namespace_scope && !in_anonymous {
        "L"
    } else {
        ""
    };
    let mut out = String::with_capacity(64);
    out.push_str("_Z");
    if components.is_empty() {
        out.push_str(local);
        push_source_name(&mut out, name);
        out.push_str(template_args);
        return Some(out);
    }
    out.push('N');
    for c in components {
        push_source_name(&mut out, c);
    }
    out.push_str(local);
    push_source_name(&mut out, name);
    out.push_str(template_args);
    out.push('E');
    Some(out)
}

/// Appends an Itanium `<source-name>`: the length in decimal, then the name. (Formatting
/// machinery costs more than the rest of a mangled name, and every spec id has one.)
fn push_source_name(out: &mut String, name: &str) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut value = name.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
    out.push_str(name);
}

/// A record's name as clang prints it in a qualified name: with template arguments for
/// class template specializations (`S3<1>`, `WrapperTemplate<int>`).
fn record_name(record: Cursor<'_>) -> String {
    if record.num_template_arguments() > 0 {
        if let Some(name) = specialization_name(record) {
            return name;
        }
        // libclang >= 20 prints the type with clang's policy (canonical arguments, no scope);
        // older ones fall back to the display name.
        return record
            .print_type(
                record.ty(),
                &[
                    (lc::CXPrintingPolicy_SuppressScope, 1),
                    (lc::CXPrintingPolicy_SuppressTagKeyword, 1),
                ],
            )
            .filter(|printed| !printed.is_empty())
            .unwrap_or_else(|| record.display_name());
    }
    record.spelling()
}

/// The number of template arguments of specialization `record` and the parameters of its
/// `template`, when they correspond one to one (no packs).
fn template_parameters<'tu>(
    record: Cursor<'tu>,
    template: Cursor<'tu>,
) -> Option<(u32, Vec<Cursor<'tu>>)> {
    let count = u32::try_from(record.num_template_arguments()).ok()?;
    let parameters: Vec<Cursor<'tu>> = template
        .children()
        .into_iter()
        .filter(|c| {
            matches!(
                c.kind(),
                lc::CXCursor_TemplateTypeParameter
                    | lc::CXCursor_NonTypeTemplateParameter
                    | lc::CXCursor_TemplateTemplateParameter
            )
        })
        .collect();
    (parameters.len() == count as usize).then_some((count, parameters))
}

/// A class template specialization's name as DPC++'s `getNameForDiagnostic` prints it: the
/// canonical arguments against the template's parameter list, so an integral argument carries
/// a type suffix only when its parameter's type is deduced (`Lanes<4>` for `template <unsigned
/// L>`, `A<4U>` for `template <auto V>`). libclang's type printer prints an explicit
/// instantiation's arguments as written (`Lanes<4U>` from `template struct Lanes<4u>;`).
/// `None` (libclang's printing stands) for arguments this does not print: packs, templates,
/// declarations, characters, enumerations, class types with arguments of their own.
fn specialization_name(record: Cursor<'_>) -> Option<String> {
    let template = record.specialized_template()?;
    let (count, parameters) = template_parameters(record, template)?;
    let arguments: Vec<lc::TemplateArgument<'_>> =
        (0..count).map(|i| record.template_argument(i)).collect();
    let mut printed = Vec::with_capacity(arguments.len());
    for (argument, parameter) in arguments.iter().zip(&parameters) {
        printed.push(match *argument {
            lc::TemplateArgument::Type(ty) => {
                let spelled = ty.canonical().spelling();
                if spelled.contains('<') || spelled.contains("(lambda") {
                    return None;
                }
                spelled
            }
            lc::TemplateArgument::Integral { signed, unsigned } => {
                if parameter.kind() != lc::CXCursor_NonTypeTemplateParameter {
                    return None;
                }
                let declared = parameter.ty();
                if declared.spelling().contains("auto") {
                    // Deduced: libclang's printing carries the suffix clang prints too.
                    return None;
                }
                // `template <class T, T V>`: the value's type is another argument.
                let ty = parameters
                    .iter()
                    .position(|p| {
                        p.kind() == lc::CXCursor_TemplateTypeParameter
                            && p.spelling() == declared.spelling()
                    })
                    .and_then(|i| match arguments[i] {
                        lc::TemplateArgument::Type(t) => Some(t.canonical()),
                        _ => None,
                    })
                    .unwrap_or_else(|| declared.canonical());
                integral_argument(ty, signed, unsigned)?
            }
            lc::TemplateArgument::Other => return None,
        });
    }
    Some(format!("{}<{}>", record.spelling(), printed.join(", ")))
}

/// An integral template argument of type `ty` printed without a type suffix, as clang prints
/// one whose parameter's type is not deduced.
fn integral_argument(ty: Type<'_>, signed: i64, unsigned: u64) -> Option<String> {
    match ty.kind() {
        lc::CXType_Bool => Some(if unsigned != 0 { "true" } else { "false" }.to_string()),
        lc::CXType_Short
        | lc::CXType_Int
        | lc::CXType_Long
        | lc::CXType_LongLong
        | lc::CXType_Int128 => Some(signed.to_string()),
        lc::CXType_UShort
        | lc::CXType_UInt
        | lc::CXType_ULong
        | lc::CXType_ULongLong
        | lc::CXType_UInt128 => Some(unsigned.to_string()),
        // Characters print as literals, enumerations by name: left to libclang.
        _ => None,
    }
}

/// The variable's name, with template arguments for variable-template specializations.
fn variable_name(
    c: Cursor<'_>,
    name: String,
    mangled: &str,
    enumerators: &FastMap<(String, i128), String>,
) -> String {
    if c.kind() == lc::CXCursor_VarDecl {
        return name;
    }
    // Variable-template specialization: libclang exposes no template arguments for it, and its
    // pretty printer omits them, so they are read back from the Itanium mangled name, printed
    // clang-style where possible, else as a general demangler prints them.
    let enumerator = |enumeration: &str, value: i128| {
        enumerators.get(&(enumeration.to_string(), value)).cloned()
    };
    crate::demangle::trailing_template_args(mangled, &enumerator)
        .or_else(|| trailing_template_args(mangled))
        .map(|args| format!("{name}{args}"))
        .unwrap_or(name)
}

/// Demangles `mangled` with a general demangler and returns its final balanced `<…>` group,
/// if the name ends in one (fallback for arguments `crate::demangle` cannot print exactly).
fn trailing_template_args(mangled: &str) -> Option<String> {
    let symbol = cpp_demangle::Symbol::new(mangled.as_bytes()).ok()?;
    let demangled = symbol.demangle().ok()?;
    if !demangled.ends_with('>') {
        return None;
    }
    // Walk back to the matching '<'; parentheses shield comparison operators in expressions.
    let (mut angles, mut parens) = (0usize, 0usize);
    for (i, ch) in demangled.char_indices().rev() {
        match ch {
            ')' | ']' => parens += 1,
            '(' | '[' => parens = parens.saturating_sub(1),
            '>' if parens == 0 => angles += 1,
            '<' if parens == 0 => {
                angles = angles.saturating_sub(1);
                if angles == 0 {
                    return Some(demangled[i..].to_string());
                }
            }
            _ => {}
        }
    }
    None
}

/// The Itanium `I…E` template arguments of a variable-template specialization, read from its
/// USR (`c:@N@ns@v>#I#VI-3` is `v<int, -3>`, mangled `IiLin3EE`) when every argument is a
/// builtin type or an integral value; `None` for anything else (libclang mangles those). Only
/// USRs with a single `>` are read: with plain scopes it opens this variable's arguments.
fn usr_template_arguments(usr: &str, name: &str) -> Option<String> {
    let (head, args) = usr.split_once('>')?;
    if args.contains('>') || !head.strip_suffix(name)?.ends_with('@') {
        return None;
    }
    let mut out = String::from("I");
    for arg in args.strip_prefix('#')?.split('#') {
        let mut chars = arg.chars();
        match chars.next()? {
            'V' => {
                let code = chars.next()?;
                let value = chars.as_str();
                let (negative, digits) = match value.strip_prefix('-') {
                    Some(d) => (true, d),
                    None => (false, value),
                };
                if !usr_code_is_integral(code)
                    || digits.is_empty()
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    return None;
                }
                out.push('L');
                out.push_str(usr_builtin_mangling(code)?);
                if negative {
                    out.push('n');
                }
                out.push_str(digits);
                out.push('E');
            }
            code if chars.as_str().is_empty() => out.push_str(usr_builtin_mangling(code)?),
            _ => return None, // qualifiers, pointers, classes, packs, …
        }
    }
    out.push('E');
    Some(out)
}

/// Itanium code of a builtin type from its USR code (clang's USR generator; the same in
/// libclang 19 and 22). `h` is left out: `_Float16` and `__fp16` share it but mangle apart.
fn usr_builtin_mangling(code: char) -> Option<&'static str> {
    Some(match code {
        'v' => "v",
        'b' => "b",
        'C' => "c",
        'r' => "a",
        'c' => "h",
        'S' => "s",
        's' => "t",
        'I' => "i",
        'i' => "j",
        'L' => "l",
        'l' => "m",
        'K' => "x",
        'k' => "y",
        'J' => "n",
        'j' => "o",
        'f' => "f",
        'd' => "d",
        'D' => "e",
        'Q' => "g",
        'W' => "w",
        'q' => "Ds",
        'w' => "Di",
        'n' => "Dn",
        _ => return None,
    })
}

/// Integral types whose values mangle as `L <type> [n] <digits> E` (128-bit values excepted:
/// clang spells large ones differently).
fn usr_code_is_integral(code: char) -> bool {
    matches!(
        code,
        'b' | 'C' | 'r' | 'c' | 'S' | 's' | 'I' | 'i' | 'L' | 'l' | 'K' | 'k' | 'W' | 'q' | 'w'
    )
}

/// `template <params>`: the extent of a template pattern, which implicit instantiations of
/// variable templates carry (explicit specializations start `template <>`, explicit
/// instantiations `template` and then a declaration).
fn starts_with_template_parameters(c: Cursor<'_>) -> bool {
    let tokens = c.leading_tokens(3);
    let t: Vec<&str> = tokens.iter().map(String::as_str).collect();
    matches!(t.as_slice(), ["template", "<", next] if *next != ">")
}

/// A variable template partial specialization (`template <class T> … vp<T *>{…};`). libclang
/// reports it as an unexposed declaration with a concrete type and without its template
/// parameters; only its USR tells (clang's USR generator marks these declarations `@VP>`).
fn is_partial_specialization_usr(usr: &str) -> bool {
    usr.contains("@VP>")
}

/// `_ZN <outer scopes> <class> I <args> E` for the class template specialization `record`
/// (whose scopes, itself last, are `scopes`), when the outer scopes are plain and the
/// arguments are builtin types or integral values.
fn specialization_prefix(
    scopes: &[Scope],
    record: Cursor<'_>,
    template: Cursor<'_>,
) -> Option<String> {
    let (Scope::Record { .. }, outer) = scopes.split_last()? else {
        return None;
    };
    let mut prefix = String::from("_ZN");
    for scope in outer {
        let component = match scope {
            Scope::Namespace { name, .. } if name != "std" => name.as_str(),
            Scope::AnonymousNamespace { .. } => "_GLOBAL__N_1",
            Scope::Record { name } if !name.contains('<') => name.as_str(),
            _ => return None,
        };
        push_source_name(&mut prefix, component);
    }
    template.with_spelling(|class| push_source_name(&mut prefix, &String::from_utf8_lossy(class)));
    prefix.push_str(&mangle_template_arguments(record, template)?);
    Some(prefix)
}

/// The mangled name of static member `name` of a class template specialization (`S3<1>::a`),
/// built like `specialization_prefix`; `None` where libclang has to mangle.
fn mangle_specialization_member(
    member: Cursor<'_>,
    scopes: &[Scope],
    name: &str,
) -> Option<String> {
    if !matches!(scopes.last(), Some(Scope::Record { name }) if name.contains('<')) {
        return None;
    }
    let record = member.semantic_parent()?;
    let template = record.specialized_template()?;
    let mut mangled = specialization_prefix(scopes, record, template)?;
    push_source_name(&mut mangled, name);
    mangled.push('E');
    Some(mangled)
}

/// `I <args> E` for a class template specialization whose arguments are all builtin types or
/// integral values of builtin type (no substitutions can occur in these).
fn mangle_template_arguments(record: Cursor<'_>, template: Cursor<'_>) -> Option<String> {
    // Parameter packs, defaulted-away forms: left to the probe.
    let (count, parameters) = template_parameters(record, template)?;
    let mut out = String::from("I");
    for (i, parameter) in (0..count).zip(&parameters) {
        match record.template_argument(i) {
            lc::TemplateArgument::Type(ty) => out.push_str(ty.canonical().itanium_builtin_code()?),
            lc::TemplateArgument::Integral { signed, unsigned } => {
                if parameter.kind() != lc::CXCursor_NonTypeTemplateParameter {
                    return None;
                }
                let ty = parameter.ty().canonical();
                let code = ty.itanium_builtin_code()?;
                out.push('L');
                out.push_str(code);
                if ty.is_unsigned_integer() {
                    out.push_str(&unsigned.to_string());
                } else if signed < 0 {
                    out.push_str(&format!("n{}", signed.unsigned_abs()));
                } else {
                    out.push_str(&signed.to_string());
                }
                out.push('E');
            }
            lc::TemplateArgument::Other => return None,
        }
    }
    out.push('E');
    Some(out)
}

/// Is `ty` (after typedefs, references, cv) `sycl::kernel_handler`?
fn is_kernel_handler(ty: Type<'_>) -> bool {
    let mut t = ty.canonical();
    if matches!(
        t.kind(),
        lc::CXType_LValueReference | lc::CXType_RValueReference
    ) {
        t = t.pointee().canonical();
    }
    if t.kind() != lc::CXType_Record {
        return false;
    }
    match t.declaration() {
        Some(d) => d.spelling() == "kernel_handler" && in_sycl_namespace(d),
        None => false,
    }
}

/// Does the record declare an `operator()` (a lambda's closure type, a functor)?
fn has_call_operator(record: Cursor<'_>) -> bool {
    record.children().iter().any(|m| {
        matches!(
            m.kind(),
            lc::CXCursor_CXXMethod | lc::CXCursor_FunctionTemplate
        ) && m.with_spelling(|n| n == b"operator()")
    })
}

/// Does the callable's `operator()` take a `kernel_handler` parameter?
fn call_operator_takes_kernel_handler(record: Cursor<'_>) -> bool {
    let mut found = false;
    for member in record.children() {
        let k = member.kind();
        let is_call_operator = member.spelling() == "operator()"
            && (k == lc::CXCursor_CXXMethod || k == lc::CXCursor_FunctionTemplate);
        if !is_call_operator {
            continue;
        }
        for param in member.children() {
            if param.kind() == lc::CXCursor_ParmDecl && is_kernel_handler(param.ty()) {
                found = true;
            }
        }
    }
    found
}

/// The kernel name: the first explicit type template argument of the invoker call, found on
/// the callee reference (through implicit conversions of the callee expression).
fn kernel_name_of(call: Cursor<'_>) -> Option<String> {
    let mut callee = *call.children().first()?;
    for _ in 0..4 {
        if matches!(
            callee.kind(),
            lc::CXCursor_MemberRefExpr | lc::CXCursor_DeclRefExpr
        ) {
            break;
        }
        callee = *callee.children().first()?;
    }
    let type_ref = callee
        .children()
        .into_iter()
        .find(|c| c.kind() == lc::CXCursor_TypeRef)?;
    let target = type_ref.referenced()?;
    let spelled = target.ty().canonical().spelling();
    if spelled.is_empty() {
        None
    } else {
        Some(spelled)
    }
}

#[cfg(test)]
mod tests {
    use super::{trailing_template_args, usr_template_arguments};

    // USRs and mangled names as libclang 19 and 22 give them for the same specializations
    // (`c-index-test`-style dump of `v<int>`, `w<'a'>`, …).
    #[test]
    fn builtin_template_arguments_come_from_the_usr() {
        let mangle = |usr: &str, name: &str| usr_template_arguments(usr, name);
        assert_eq!(mangle("c:@N@ns0@v>#I", "v").as_deref(), Some("IiE"));
        assert_eq!(mangle("c:@N@ns0@v>#I#d", "v").as_deref(), Some("IidE"));
        assert_eq!(mangle("c:@N@ns0@v>#q", "v").as_deref(), Some("IDsE"));
        assert_eq!(mangle("c:@N@ns0@w>#VC97", "w").as_deref(), Some("ILc97EE"));
        assert_eq!(mangle("c:@N@ns0@w>#VI-2", "w").as_deref(), Some("ILin2EE"));
        assert_eq!(
            mangle("c:@N@ns0@w>#Vk18446744073709551615", "w").as_deref(),
            Some("ILy18446744073709551615EE")
        );
        assert_eq!(
            mangle("c:all.cpp@N@ns0@sv>#I", "sv").as_deref(),
            Some("IiE")
        );
    }

    #[test]
    fn other_template_arguments_are_left_to_libclang() {
        let mangle = |usr: &str, name: &str| usr_template_arguments(usr, name);
        assert_eq!(mangle("c:@N@ns0@v>#1I", "v"), None); // const int
        assert_eq!(mangle("c:@N@ns0@v>#*I", "v"), None); // int *
        assert_eq!(mangle("c:@N@ns0@v>#$@S@P", "v"), None); // class type
        assert_eq!(mangle("c:@N@ns0@v>#h", "v"), None); // _Float16 or __fp16
        assert_eq!(mangle("c:@N@ns0@w>#V$@E@E1", "w"), None); // enumerator
        assert_eq!(mangle("c:@N@ns0@w>#p2IC", "w"), None); // pack
        assert_eq!(mangle("c:@N@ns0@w>#VJ5", "w"), None); // __int128 value
        assert_eq!(mangle("c:@N@ns0@w>#Vf1", "w"), None); // float value
        assert_eq!(mangle("c:@ST>1#T@X@v>#I", "v"), None); // scope with arguments
        assert_eq!(mangle("c:@N@ns0@vv>#I", "v"), None); // another name
        assert_eq!(mangle("c:@N@ns0@v", "v"), None); // the primary template
    }

    #[test]
    fn template_arguments_come_from_the_mangled_name() {
        assert_eq!(
            trailing_template_args("_Z2vtIfE").as_deref(),
            Some("<float>")
        );
        assert_eq!(
            trailing_template_args("_ZN2GW2scILi20EEE").as_deref(),
            Some("<20>")
        );
        assert_eq!(trailing_template_args("_ZN3Foo8NSSpecIDE"), None);
        assert_eq!(trailing_template_args("not mangled"), None);
    }
}
