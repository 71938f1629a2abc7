//! The walk over a parsed TU: which variables DPC++ would put in the footer, their symbolic
//! IDs and target scopes, and which kernels take a `kernel_handler`.

use std::collections::{HashMap, HashSet};

use crate::libclang::{self as lc, Cursor, Type};
use crate::model::{Kernel, Linkage, Scope, SourceLocation, SpecId};

/// Namespace paths (inline namespaces such as `_V1` left out) under which the SYCL classes are
/// recognised by qualified name: SYCL 2020 `sycl`, legacy `cl::sycl`.
const SYCL_NAMESPACES: &[&[&str]] = &[&["sycl"], &["cl", "sycl"]];

/// Functions whose last argument is a kernel callable.
const KERNEL_INVOKERS: &[&str] = &["single_task", "parallel_for", "parallel_for_work_group"];

pub(crate) struct Walker<'tu> {
    prefix: String,
    /// Spec ids declared in the TU, in parse order, with their canonical USR.
    declared: Vec<(String, SpecId)>,
    /// Spec ids only reached through uses (implicit instantiations), in order of first use.
    used: Vec<(String, SpecId)>,
    /// Instantiated class template specializations whose static members libclang does not
    /// show; resolved by a second parse (see `crate::probe`).
    pub(crate) probes: Vec<Probe>,
    /// Specializations (USR) already probed.
    probed: HashSet<String>,
    /// Class template USR → names of its static data members that may be spec ids.
    template_members: HashMap<String, Vec<String>>,
    /// Probe variable name → canonical USR of the variable it points at (second parse only).
    pub(crate) probe_targets: HashMap<String, String>,
    /// Canonical USRs already collected (a variable is emitted once).
    seen: HashSet<String>,
    /// Canonical USRs of declarations that were checked and rejected (cache).
    rejected: HashSet<String>,
    /// (namespace USR, name) pairs: which namespaces declare which names, for the
    /// redundant-inline-namespace rule and ambiguity checks.
    names_in_namespace: HashSet<(String, String)>,
    /// namespace USR → USRs of its inline child namespaces.
    inline_children: HashMap<String, HashSet<String>>,
    /// Pending scope chains: finalised after the walk, once every name is indexed.
    pending_scopes: Vec<PendingScopes>,
    pub(crate) kernels: Vec<Kernel>,
    warnings: Vec<String>,
    /// Implicitly instantiated variable-template specializations met as declarations.
    implicit_instantiations: Vec<Cursor<'tu>>,
    _tu: std::marker::PhantomData<Cursor<'tu>>,
}

/// What one walk collected.
pub(crate) struct Collected {
    pub(crate) declared: Vec<(String, SpecId)>,
    pub(crate) used: Vec<(String, SpecId)>,
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
#[derive(Clone, Debug)]
pub(crate) struct Probe {
    /// For explicit instantiations: index in the declared list where its members belong.
    pub(crate) position: Option<usize>,
    /// `::`-qualified spelling of the specialization, valid at the end of the TU.
    pub(crate) class: String,
    /// Static data members of the pattern that may be spec ids.
    pub(crate) members: Vec<String>,
}

/// Name prefix of the variables the second parse appends.
pub(crate) const PROBE_PREFIX: &str = "__sycl_specconst_probe_";

/// Scope data recorded during the walk; `redundant` needs the full name index.
struct PendingScopes {
    /// (index into declared/used, is_used)
    owner: (usize, bool),
    /// For each scope: (namespace USR of the scope, its parent USR, name of the next component).
    inline_checks: Vec<Option<(String, String)>>,
    /// (namespace USR, name) for every name the footer's qualified TARGET looks up in a
    /// namespace; more than one entity means no footer can name the variable.
    lookups: Vec<(String, String)>,
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

impl<'tu> Walker<'tu> {
    pub(crate) fn new(prefix: String) -> Self {
        Walker {
            prefix,
            declared: Vec::new(),
            used: Vec::new(),
            probes: Vec::new(),
            probed: HashSet::new(),
            template_members: HashMap::new(),
            probe_targets: HashMap::new(),
            seen: HashSet::new(),
            rejected: HashSet::new(),
            names_in_namespace: HashSet::new(),
            inline_children: HashMap::new(),
            pending_scopes: Vec::new(),
            kernels: Vec::new(),
            warnings: Vec::new(),
            implicit_instantiations: Vec::new(),
            _tu: std::marker::PhantomData,
        }
    }

    pub(crate) fn walk_tu(&mut self, tu: Cursor<'tu>) {
        for child in tu.children() {
            let context = if child.is_in_system_header() {
                Context::System
            } else {
                Context::Concrete
            };
            self.visit(child, context);
        }
        // Instantiations no use in the TU's own code revealed (e.g. used from a template).
        for c in std::mem::take(&mut self.implicit_instantiations) {
            if let Some(spec) = self.spec_id_for(c) {
                self.push(spec, c, true);
            }
        }
    }

    /// Resolves inline-namespace redundancy; returns the spec ids declared (parse order) and
    /// those only reached through uses, each with its canonical USR.
    pub(crate) fn finish(&mut self) -> Collected {
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
                let scope = if ns == "<tu>" {
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
                if let (Scope::Namespace { redundant, .. }, Some(r)) = (scope, red) {
                    *redundant = r;
                }
            }
        }
        let mut declared = std::mem::take(&mut self.declared);
        let mut used = std::mem::take(&mut self.used);
        unnameable.sort_unstable();
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
            warnings: std::mem::take(&mut self.warnings),
        }
    }

    /// How many namespaces of `ns`'s lookup set (`ns` and, transitively, its inline
    /// namespaces, as `DeclContext::lookup` sees them) declare `name`. Declarations of one name
    /// inside one namespace are one entity or an overload/specialization set, so more than one
    /// namespace is what makes a qualified name ambiguous.
    fn lookup_count(&self, ns: &str, name: &str) -> usize {
        let mut count = 0;
        let mut stack = vec![ns.to_string()];
        let mut visited: HashSet<String> = HashSet::new();
        while let Some(current) = stack.pop() {
            if !visited.insert(current.clone()) {
                continue;
            }
            if self
                .names_in_namespace
                .contains(&(current.clone(), name.to_string()))
            {
                count += 1;
            }
            if let Some(children) = self.inline_children.get(&current) {
                stack.extend(children.iter().cloned());
            }
        }
        count
    }

    fn walk(&mut self, cursor: Cursor<'tu>, context: Context) {
        for child in cursor.children() {
            self.visit(child, context);
        }
    }

    fn visit(&mut self, c: Cursor<'tu>, context: Context) {
        let kind = c.kind();
        if matches!(context, Context::Concrete | Context::System) {
            self.index_name(c);
        }
        if context == Context::System {
            return self.visit_system(c);
        }
        match kind {
            lc::CXCursor_Namespace => {
                if c.is_inline_namespace()
                    && let Some(parent) = c.semantic_parent()
                {
                    self.inline_children
                        .entry(scope_usr(parent))
                        .or_default()
                        .insert(c.usr());
                }
                self.walk(c, context);
            }
            lc::CXCursor_LinkageSpec
            | lc::CXCursor_StructDecl
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_UnionDecl => {
                if context == Context::Concrete {
                    self.consider_explicit_instantiation(c);
                }
                self.walk(c, context);
            }
            lc::CXCursor_ClassTemplate
            | lc::CXCursor_ClassTemplatePartialSpecialization
            | lc::CXCursor_FunctionTemplate => {
                let inner = if context == Context::Local {
                    Context::Local
                } else {
                    Context::Dependent
                };
                self.walk(c, inner);
            }
            lc::CXCursor_VarDecl | lc::CXCursor_UnexposedDecl => {
                if context == Context::Concrete {
                    self.consider_declaration(c);
                }
                if context != Context::Dependent
                    && let Some(record) = c.ty().canonical().declaration()
                {
                    self.consider_type_use(record);
                }
                // Initialisers may use other spec ids (e.g. lambdas in them).
                self.walk(c, Context::Local.max_with(context));
            }
            lc::CXCursor_DeclRefExpr | lc::CXCursor_MemberRefExpr => {
                if let Some(target) = c.referenced() {
                    self.consider_use(target);
                }
                self.walk(c, context);
            }
            lc::CXCursor_TypeRef => {
                if let Some(record) = c.referenced() {
                    self.consider_type_use(record);
                }
            }
            lc::CXCursor_FieldDecl | lc::CXCursor_ParmDecl | lc::CXCursor_CXXBaseSpecifier => {
                if let Some(record) = c.ty().canonical().declaration() {
                    self.consider_type_use(record);
                }
                self.walk(c, context);
            }
            lc::CXCursor_CallExpr => {
                self.consider_kernel_call(c);
                self.walk(c, context);
            }
            k if is_function_like(k) => {
                let inner = if context == Context::Dependent {
                    Context::Dependent
                } else {
                    Context::Local
                };
                self.walk(c, inner);
            }
            _ => self.walk(c, context),
        }
    }

    /// The cheap walk for system headers: namespaces and classes are entered, spec ids declared
    /// there are collected, everything else (bodies, templates, expressions) is skipped.
    fn visit_system(&mut self, c: Cursor<'tu>) {
        match c.kind() {
            lc::CXCursor_Namespace => {
                if c.is_inline_namespace()
                    && let Some(parent) = c.semantic_parent()
                {
                    self.inline_children
                        .entry(scope_usr(parent))
                        .or_default()
                        .insert(c.usr());
                }
                self.walk(c, Context::System);
            }
            lc::CXCursor_LinkageSpec
            | lc::CXCursor_StructDecl
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_UnionDecl => self.walk(c, Context::System),
            lc::CXCursor_VarDecl | lc::CXCursor_UnexposedDecl => self.consider_declaration(c),
            _ => {}
        }
    }

    /// Records a namespace-scope declaration's name for later inline-namespace lookups.
    fn index_name(&mut self, c: Cursor<'tu>) {
        if !c.is_declaration() {
            return;
        }
        let Some(parent) = c.semantic_parent() else {
            return;
        };
        let pk = parent.kind();
        if pk != lc::CXCursor_Namespace && pk != lc::CXCursor_TranslationUnit {
            return;
        }
        let name = c.spelling();
        if name.is_empty() {
            return;
        }
        self.names_in_namespace.insert((scope_usr(parent), name));
    }

    fn consider_declaration(&mut self, c: Cursor<'tu>) {
        if c.kind() == lc::CXCursor_VarDecl && c.spelling().starts_with(PROBE_PREFIX) {
            self.record_probe_target(c);
            return;
        }
        if c.kind() == lc::CXCursor_UnexposedDecl
            && c.ty().is_valid()
            && is_implicit_instantiation(c)
        {
            // Collected in order of first use; leftovers after the walk (see `walk_tu`).
            self.implicit_instantiations.push(c);
            return;
        }
        if let Some(spec) = self.spec_id_for(c) {
            self.push(spec, c, false);
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
            let position = Some(self.declared.len());
            self.add_probe(record, position);
        }
    }

    /// A use of a class template specialization that the TU instantiated: its static members
    /// were instantiated with it (DPC++ collects them) even if never named.
    fn consider_type_use(&mut self, record: Cursor<'tu>) {
        if !matches!(
            record.kind(),
            lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
        ) || record.num_template_arguments() <= 0
            || !record.is_definition()
        {
            return;
        }
        self.add_probe(record, None);
    }

    fn add_probe(&mut self, record: Cursor<'tu>, position: Option<usize>) {
        let usr = record.usr();
        if usr.is_empty() || self.probed.contains(&usr) {
            return;
        }
        self.probed.insert(usr);
        let Some(template) = record.specialized_template() else {
            return;
        };
        let template_usr = template.usr();
        let members = match self.template_members.get(&template_usr) {
            Some(m) => m.clone(),
            None => {
                let m = possible_spec_id_members(template);
                self.template_members.insert(template_usr, m.clone());
                m
            }
        };
        if members.is_empty() {
            return;
        }
        let spelled = record.ty().canonical().spelling();
        // Names that cannot be spelled at the end of the TU (anonymous namespaces, local
        // classes) are left to the direct walk.
        if spelled.is_empty() || spelled.contains('(') {
            return;
        }
        self.probes.push(Probe {
            position,
            class: format!("::{spelled}"),
            members,
        });
    }

    fn consider_use(&mut self, target: Cursor<'tu>) {
        let k = target.kind();
        if k != lc::CXCursor_VarDecl && k != lc::CXCursor_UnexposedDecl {
            return;
        }
        // Prefer the definition: an `extern` declaration only counts when the TU also defines
        // the variable (`spec_id_for` rejects declarations with external storage).
        let def = target.definition().unwrap_or(target);
        if let Some(spec) = self.spec_id_for(def) {
            self.push(spec, def, true);
        }
    }

    fn push(&mut self, spec: SpecId, c: Cursor<'tu>, is_used: bool) {
        let inline_checks = inline_checks_for(c);
        let lookups = namespace_lookups_for(c);
        let list = if is_used {
            &mut self.used
        } else {
            &mut self.declared
        };
        list.push((c.canonical().usr(), spec));
        self.pending_scopes.push(PendingScopes {
            owner: (list.len() - 1, is_used),
            inline_checks,
            lookups,
        });
    }

    /// The footer entry for `c`, if it is a qualifying variable not collected yet.
    fn spec_id_for(&mut self, c: Cursor<'tu>) -> Option<SpecId> {
        let ty = c.ty();
        if !ty.is_valid() {
            return None; // primary variable templates and other typeless declarations
        }
        let usr = c.canonical().usr();
        if usr.is_empty() || self.seen.contains(&usr) || self.rejected.contains(&usr) {
            return None;
        }
        let value_type = match specialization_id_value_type(ty) {
            Some(v) => v,
            None => {
                self.rejected.insert(usr);
                return None;
            }
        };
        if c.has_external_storage() || !c.has_global_storage() {
            return None; // `extern` (a later definition may still qualify) / locals
        }
        let scopes = scopes_of(c)?;
        let mut mangled = c.mangling();
        if mangled.is_empty() {
            return None;
        }
        if !mangled.starts_with("_Z") {
            // libclang applies shouldMangleDeclName: a global-namespace variable comes back
            // bare; the builtin always mangles (`_Z` + length + name).
            mangled = format!("_Z{}{}", mangled.len(), mangled);
        }
        let linkage = match c.linkage() {
            lc::CXLinkage_External => Linkage::External,
            lc::CXLinkage_UniqueExternal => Linkage::UniqueExternal,
            lc::CXLinkage_Internal => Linkage::Internal,
            _ => Linkage::NoLinkage,
        };
        let symbolic_id = if linkage.is_externally_visible() {
            mangled.clone()
        } else {
            format!("{}___{}", self.prefix, mangled)
        };
        self.seen.insert(usr);
        let loc = c.location();
        Some(SpecId {
            name: variable_name(c, &mangled),
            scopes,
            mangled_name: mangled,
            symbolic_id,
            linkage,
            value_type,
            location: SourceLocation {
                file: loc.file,
                line: loc.line,
                column: loc.column,
            },
        })
    }

    fn consider_kernel_call(&mut self, call: Cursor<'tu>) {
        let Some(callee) = call.referenced() else {
            return;
        };
        let function = callee.spelling();
        let (callable, takes_kernel_handler) =
            if KERNEL_INVOKERS.contains(&function.as_str()) && declared_in_sycl(callee) {
                // handler::single_task / parallel_for: the kernel is the last argument.
                let nargs = call.num_arguments();
                let Some(arg) = u32::try_from(nargs - 1)
                    .ok()
                    .and_then(|last| call.argument(last))
                else {
                    return;
                };
                let arg_ty = arg.ty().canonical();
                match arg_ty.declaration() {
                    Some(record) => {
                        let callable = if contains_lambda(arg) {
                            "lambda".to_string()
                        } else {
                            record.ty().canonical().spelling()
                        };
                        (callable, call_operator_takes_kernel_handler(record))
                    }
                    None => (arg_ty.spelling(), false),
                }
            } else if is_kernel_entry_point(callee) {
                // [[clang::sycl_kernel_entry_point(Name)]] function: its own parameters.
                let takes = (0..u32::try_from(callee.num_arguments()).unwrap_or(0))
                    .filter_map(|i| callee.argument(i))
                    .any(|p| is_kernel_handler(p.ty()));
                ("kernel entry point".to_string(), takes)
            } else {
                return;
            };
        let name = kernel_name_of(call);
        let loc = call.location();
        self.kernels.push(Kernel {
            name,
            invoker: function,
            callable,
            takes_kernel_handler,
            location: SourceLocation {
                file: loc.file,
                line: loc.line,
                column: loc.column,
            },
        });
    }
}

/// Does the expression (through implicit conversions and temporaries) create a lambda?
fn contains_lambda(expr: Cursor<'_>) -> bool {
    let mut current = expr;
    for _ in 0..8 {
        if current.kind() == lc::CXCursor_LambdaExpr {
            return true;
        }
        let children = current.children();
        match children.as_slice() {
            [only] => current = *only,
            _ => return false,
        }
    }
    false
}

/// Is `function` (or the template it was instantiated from) marked
/// `[[clang::sycl_kernel_entry_point(…)]]`? libclang exposes the attribute only as an
/// unexposed attribute, so its first tokens are inspected.
fn is_kernel_entry_point(function: Cursor<'_>) -> bool {
    let has_attribute = |f: Cursor<'_>| {
        f.children().iter().any(|c| {
            c.is_attribute()
                && c.leading_tokens(4)
                    .iter()
                    .any(|t| t == "sycl_kernel_entry_point")
        })
    };
    has_attribute(function) || function.specialized_template().is_some_and(has_attribute)
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

/// USR identifying a scope; the TU has none, so it gets a fixed key.
fn scope_usr(c: Cursor<'_>) -> String {
    if c.kind() == lc::CXCursor_TranslationUnit {
        "<tu>".to_string()
    } else {
        c.usr()
    }
}

/// `T` if `ty` (after typedefs, cv) is `sycl::specialization_id<T>`.
fn specialization_id_value_type(ty: Type<'_>) -> Option<String> {
    let canonical = ty.canonical();
    if canonical.kind() != lc::CXType_Record {
        return None; // references, pointers, arrays do not qualify
    }
    let decl = canonical.declaration()?;
    let template = decl.specialized_template()?;
    if template.spelling() != "specialization_id" || !in_sycl_namespace(template) {
        return None;
    }
    if canonical.num_template_arguments() != 1 {
        return None;
    }
    Some(canonical.template_argument(0).canonical().spelling())
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

/// Enclosing scopes, outermost first; `None` for function-local declarations.
fn scopes_of(c: Cursor<'_>) -> Option<Vec<Scope>> {
    let mut scopes = Vec::new();
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        match p.kind() {
            lc::CXCursor_TranslationUnit => break,
            lc::CXCursor_Namespace => {
                let inline = p.is_inline_namespace();
                if p.is_anonymous() || p.spelling().is_empty() {
                    scopes.push(Scope::AnonymousNamespace { inline });
                } else {
                    scopes.push(Scope::Namespace {
                        name: p.spelling(),
                        inline,
                        redundant: false,
                    });
                }
            }
            lc::CXCursor_LinkageSpec => {}
            lc::CXCursor_StructDecl
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_UnionDecl
            | lc::CXCursor_ClassTemplate => {
                scopes.push(Scope::Record {
                    name: record_name(p),
                });
            }
            _ => return None,
        }
        cur = p.semantic_parent();
    }
    scopes.reverse();
    Some(scopes)
}

/// For each scope of `c`, outermost first: for inline namespaces, (parent scope USR, name of
/// the next component) to look up; `None` otherwise.
fn inline_checks_for(c: Cursor<'_>) -> Vec<Option<(String, String)>> {
    let mut checks = Vec::new();
    let mut inner_name = c.spelling();
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        match p.kind() {
            lc::CXCursor_TranslationUnit => break,
            lc::CXCursor_LinkageSpec => {}
            _ => {
                let check = if p.kind() == lc::CXCursor_Namespace && p.is_inline_namespace() {
                    p.semantic_parent()
                        .map(|parent| (scope_usr(parent), inner_name.clone()))
                } else {
                    None
                };
                checks.push(check);
                inner_name = p.spelling();
            }
        }
        cur = p.semantic_parent();
    }
    checks.reverse();
    checks
}

/// (namespace or TU USR, name) for each name looked up in a named namespace or the global
/// namespace along `c`'s qualified name. Anonymous namespaces end the chain: beyond them the
/// footer goes through shims, which look names up from inside.
fn namespace_lookups_for(c: Cursor<'_>) -> Vec<(String, String)> {
    let mut lookups = Vec::new();
    let mut inner_name = c.spelling();
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        match p.kind() {
            lc::CXCursor_LinkageSpec => {}
            lc::CXCursor_TranslationUnit => {
                lookups.push((scope_usr(p), inner_name));
                break;
            }
            lc::CXCursor_Namespace => {
                if p.is_anonymous() || p.spelling().is_empty() {
                    lookups.clear();
                    break;
                }
                lookups.push((scope_usr(p), inner_name));
                inner_name = p.spelling();
            }
            _ => inner_name = p.spelling(),
        }
        cur = p.semantic_parent();
    }
    lookups
}

/// A record's name as clang prints it in a qualified name: with template arguments for
/// class template specializations (`S3<1>`, `WrapperTemplate<int>`).
fn record_name(record: Cursor<'_>) -> String {
    if record.num_template_arguments() > 0 {
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

/// The variable's name, with template arguments for variable-template specializations.
fn variable_name(c: Cursor<'_>, mangled: &str) -> String {
    let name = c.spelling();
    if c.kind() == lc::CXCursor_VarDecl {
        return name;
    }
    // Variable-template specialization: libclang exposes no template arguments for it, and its
    // pretty printer omits them, so they are read back from the Itanium mangled name.
    trailing_template_args(mangled)
        .map(|args| format!("{name}{args}"))
        .unwrap_or(name)
}

/// Demangles `mangled` and returns its final balanced `<…>` group, if the name ends in one.
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

/// libclang lists implicitly instantiated variable-template specializations among the
/// declarations (at the class or TU), with the extent of their pattern. The tokens tell them
/// apart: `template <params>` (pattern: implicit instantiation), `template <>` (explicit
/// specialization), `template constexpr …` (explicit instantiation).
fn is_implicit_instantiation(var: Cursor<'_>) -> bool {
    let tokens = var.leading_tokens(3);
    let t: Vec<&str> = tokens.iter().map(String::as_str).collect();
    matches!(t.as_slice(), ["template", "<", next] if *next != ">")
}

/// Static data members of a class template pattern whose declared type names
/// `specialization_id` (dependent or not); the probe parse checks them for real.
fn possible_spec_id_members(template: Cursor<'_>) -> Vec<String> {
    template
        .children()
        .into_iter()
        .filter(|m| m.kind() == lc::CXCursor_VarDecl)
        .filter(|m| {
            m.children().iter().any(|c| {
                c.kind() == lc::CXCursor_TemplateRef
                    && c.referenced().is_some_and(|t| {
                        t.spelling() == "specialization_id" && in_sycl_namespace(t)
                    })
            })
        })
        .map(|m| m.spelling())
        .collect()
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
    use super::trailing_template_args;

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
