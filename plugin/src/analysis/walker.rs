//! The traversal: per cursor, what it is for the analysis and how its children are visited.

use std::rc::Rc;

use super::scopes::TU_KEY;
use super::{Purpose, Walker};
use crate::libclang::{self as lc, Cursor, Walk};

impl<'tu> Walker<'tu> {
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
        self.collect_remaining_instantiations();
        self.drop_probes_found_directly();
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

    /// The body of an instantiated function (`run<int>`), as concrete local code: its uses
    /// name the instantiated spec ids and types, its calls lead to further instantiations.
    pub(super) fn walk_instantiated_body(&mut self, function: Cursor<'tu>) {
        self.walk_children(function, Context::Local, None);
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
            let children = self
                .scopes
                .inline_children
                .entry(parent.clone())
                .or_default();
            if !children.contains(&key) {
                children.push(key.clone());
            }
        }
        Some((context, Some(key)))
    }

    /// `namespace`: the key of the enclosing namespace (or TU) when `c` is a direct member of
    /// one, for the name index.
    fn visit(&mut self, c: Cursor<'tu>, context: Context, namespace: Option<&Rc<str>>) -> Descend {
        if let Some(ns) = namespace
            && matches!(context, Context::Concrete | Context::System)
        {
            self.index_name(c, ns);
        }
        if context == Context::System {
            return self.visit_system(c, namespace);
        }
        match c.kind() {
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
            | lc::CXCursor_FunctionTemplate => Some((context.in_template(), None)),
            lc::CXCursor_VarDecl | lc::CXCursor_UnexposedDecl => self.visit_variable(c, context),
            lc::CXCursor_EnumDecl => {
                if context == Context::Concrete {
                    self.record_enumerators(c);
                }
                Some((context, None))
            }
            k if is_function_like(k) => {
                if context == Context::Concrete
                    && self.purpose == Purpose::Analysis
                    && self.kernel_details
                    && super::is_function_kind(k)
                {
                    self.consider_device_function(c);
                }
                Some((context.in_body(), None))
            }
            _ => self.visit_use(c, context),
        }
    }

    /// A variable (or variable template) declaration: a spec id itself, or a use of a class
    /// template specialization through its type.
    fn visit_variable(&mut self, c: Cursor<'tu>, context: Context) -> Descend {
        if context == Context::Concrete {
            self.consider_declaration(c);
        } else if self.purpose == Purpose::Analysis {
            self.consider_local_static(c, context == Context::Dependent);
        }
        // A variable of a class template specialization's type instantiated it (its static
        // members too); `specialization_id<T>` itself has none worth probing, and a spec id's
        // initializer is its default value: nothing to find there.
        if context != Context::Dependent
            && let Some(record) = c.ty().canonical().declaration()
        {
            if self.spec_id_value_type_of_record(record).is_some() {
                return None;
            }
            self.consider_type_use(record);
        }
        // Other initialisers may use spec ids (e.g. lambdas in them).
        Some((context.in_body(), None))
    }

    /// Expressions and type references: uses of variables and types, kernel launches.
    fn visit_use(&mut self, c: Cursor<'tu>, context: Context) -> Descend {
        match c.kind() {
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

impl Context {
    /// Below a template pattern: dependent, unless already local (a local class's template).
    fn in_template(self) -> Context {
        if self == Context::Local {
            Context::Local
        } else {
            Context::Dependent
        }
    }

    /// Below a function body or a variable's initialiser: local, unless already dependent.
    fn in_body(self) -> Context {
        if self == Context::Dependent {
            Context::Dependent
        } else {
            Context::Local
        }
    }
}

/// How a cursor's children are visited: their context and, for members of a namespace (or
/// the TU), the namespace's key for the name index. `None`: the children are skipped.
type Descend = Option<(Context, Option<Rc<str>>)>;

fn is_function_like(kind: lc::CXCursorKind) -> bool {
    super::is_function_kind(kind) || kind == lc::CXCursor_LambdaExpr
}
