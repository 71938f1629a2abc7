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
    /// Spec ids declared in the TU, in parse order.
    declared: Vec<SpecId>,
    /// Spec ids only reached through uses (implicit instantiations), in order of first use.
    used: Vec<SpecId>,
    /// Canonical USRs already collected (a variable is emitted once).
    seen: HashSet<String>,
    /// Canonical USRs of declarations that were checked and rejected (cache).
    rejected: HashSet<String>,
    /// (namespace USR, name) → distinct entities declared with that name, for the
    /// redundant-inline-namespace rule.
    names_in_namespace: HashMap<(String, String), HashSet<String>>,
    /// namespace USR → USRs of its inline child namespaces.
    inline_children: HashMap<String, HashSet<String>>,
    /// Pending scope chains: finalised after the walk, once every name is indexed.
    pending_scopes: Vec<PendingScopes>,
    pub(crate) kernels: Vec<Kernel>,
    _tu: std::marker::PhantomData<Cursor<'tu>>,
}

/// Scope data recorded during the walk; `redundant` needs the full name index.
struct PendingScopes {
    /// (index into declared/used, is_used)
    owner: (usize, bool),
    /// For each scope: (namespace USR of the scope, its parent USR, name of the next component).
    inline_checks: Vec<Option<(String, String)>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Context {
    /// Namespace or class scope of concrete code.
    Concrete,
    /// Inside a template pattern: declarations there are dependent (excluded); uses still count.
    Dependent,
    /// Inside a function body: declarations are locals (excluded).
    Local,
}

impl<'tu> Walker<'tu> {
    pub(crate) fn new(prefix: String) -> Self {
        Walker {
            prefix,
            declared: Vec::new(),
            used: Vec::new(),
            seen: HashSet::new(),
            rejected: HashSet::new(),
            names_in_namespace: HashMap::new(),
            inline_children: HashMap::new(),
            pending_scopes: Vec::new(),
            kernels: Vec::new(),
            _tu: std::marker::PhantomData,
        }
    }

    pub(crate) fn walk_tu(&mut self, tu: Cursor<'tu>) {
        self.walk(tu, Context::Concrete);
    }

    /// The spec ids in footer order, with inline-namespace redundancy resolved.
    pub(crate) fn finish(mut self) -> (Vec<SpecId>, Vec<Kernel>) {
        let pending = std::mem::take(&mut self.pending_scopes);
        for p in pending {
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
                &mut self.used[index]
            } else {
                &mut self.declared[index]
            };
            for (scope, red) in spec.scopes.iter_mut().zip(redundancies) {
                if let (Scope::Namespace { redundant, .. }, Some(r)) = (scope, red) {
                    *redundant = r;
                }
            }
        }
        let mut all = self.declared;
        all.extend(self.used);
        (all, self.kernels)
    }

    /// Distinct entities named `name` found by looking it up in namespace `ns` (its own
    /// declarations plus those of its inline namespace set), as `DeclContext::lookup` does.
    fn lookup_count(&self, ns: &str, name: &str) -> usize {
        let mut entities: HashSet<&str> = HashSet::new();
        let mut stack = vec![ns.to_string()];
        let mut visited: HashSet<String> = HashSet::new();
        while let Some(current) = stack.pop() {
            if !visited.insert(current.clone()) {
                continue;
            }
            if let Some(set) = self
                .names_in_namespace
                .get(&(current.clone(), name.to_string()))
            {
                entities.extend(set.iter().map(String::as_str));
            }
            if let Some(children) = self.inline_children.get(&current) {
                stack.extend(children.iter().cloned());
            }
        }
        entities.len()
    }

    fn walk(&mut self, cursor: Cursor<'tu>, context: Context) {
        for child in cursor.children() {
            self.visit(child, context);
        }
    }

    fn visit(&mut self, c: Cursor<'tu>, context: Context) {
        let kind = c.kind();
        if context == Context::Concrete {
            self.index_name(c);
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
                    self.consider_record_for_kernels(c);
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
                // Initialisers may use other spec ids (e.g. lambdas in them).
                self.walk(c, Context::Local.max_with(context));
            }
            lc::CXCursor_DeclRefExpr | lc::CXCursor_MemberRefExpr => {
                if let Some(target) = c.referenced() {
                    self.consider_use(target);
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
        let usr = c.usr();
        self.names_in_namespace
            .entry((scope_usr(parent), name))
            .or_default()
            .insert(usr);
    }

    fn consider_declaration(&mut self, c: Cursor<'tu>) {
        if let Some(spec) = self.spec_id_for(c) {
            self.push(spec, c, false);
        }
    }

    fn consider_use(&mut self, target: Cursor<'tu>) {
        let k = target.kind();
        if k != lc::CXCursor_VarDecl && k != lc::CXCursor_UnexposedDecl {
            return;
        }
        // An `extern` declaration only counts when the TU also defines the variable.
        let Some(def) = target.definition() else {
            return;
        };
        if let Some(spec) = self.spec_id_for(def) {
            self.push(spec, def, true);
        }
    }

    fn push(&mut self, spec: SpecId, c: Cursor<'tu>, is_used: bool) {
        let inline_checks = inline_checks_for(c);
        let list = if is_used {
            &mut self.used
        } else {
            &mut self.declared
        };
        list.push(spec);
        self.pending_scopes.push(PendingScopes {
            owner: (list.len() - 1, is_used),
            inline_checks,
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

    /// Functors: a named class with an `operator()` taking `kernel_handler` is a kernel
    /// candidate only when it is passed to an invoker, so nothing is recorded here.
    fn consider_record_for_kernels(&mut self, _c: Cursor<'tu>) {}

    fn consider_kernel_call(&mut self, call: Cursor<'tu>) {
        let Some(callee) = call.referenced() else {
            return;
        };
        let invoker = callee.spelling();
        if !KERNEL_INVOKERS.contains(&invoker.as_str()) || !declared_in_sycl(callee) {
            return;
        }
        let nargs = call.num_arguments();
        if nargs < 1 {
            return;
        }
        let Some(arg) = call.argument((nargs - 1) as u32) else {
            return;
        };
        let arg_ty = arg.ty().canonical();
        let (callable, takes_kernel_handler) = match arg_ty.declaration() {
            Some(record) => {
                let is_lambda =
                    record.spelling().is_empty() || arg_ty.spelling().contains("(lambda at ");
                let callable = if is_lambda {
                    "lambda".to_string()
                } else {
                    arg_ty.spelling()
                };
                (callable, call_operator_takes_kernel_handler(record))
            }
            None => (arg_ty.spelling(), false),
        };
        let name = kernel_name_of(call);
        let loc = call.location();
        self.kernels.push(Kernel {
            name,
            invoker,
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

/// A record's name as clang prints it in a qualified name: with template arguments for
/// class template specializations (`S3<1>`, `WrapperTemplate<int>`).
fn record_name(record: Cursor<'_>) -> String {
    if record.num_template_arguments() > 0 {
        let printed = record.print_type(
            record.ty(),
            &[
                (lc::CXPrintingPolicy_SuppressScope, 1),
                (lc::CXPrintingPolicy_SuppressTagKeyword, 1),
            ],
        );
        if !printed.is_empty() {
            return printed;
        }
        return record.display_name();
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

/// The kernel name: the first explicit type template argument of the invoker call.
fn kernel_name_of(call: Cursor<'_>) -> Option<String> {
    let callee_ref = call.children().into_iter().find(|c| {
        matches!(
            c.kind(),
            lc::CXCursor_MemberRefExpr | lc::CXCursor_DeclRefExpr
        )
    })?;
    let type_ref = callee_ref
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
