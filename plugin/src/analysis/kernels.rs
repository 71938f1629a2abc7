//! Kernel launches: calls to `sycl::…::single_task/parallel_for/parallel_for_work_group` and to
//! `[[clang::sycl_kernel_entry_point]]` functions, with the callable and its captures.

use super::Walker;
use super::kernel_attributes;
use super::maps::CursorMap;
use super::restrictions::KernelEntry;
use super::source_location;
use super::spec_ids::in_sycl_namespace;
use crate::kernel_object;
use crate::libclang::{self as lc, Cursor, Type};
use crate::model::{Callable, Kernel, KernelAttributes, KernelObject};
use crate::reduction_kernels;

/// Kernel launches found so far.
#[derive(Default)]
pub(super) struct KernelSearch<'tu> {
    /// Launches in the TU's code, template patterns included.
    pub(super) kernels: Vec<Kernel>,
    /// Kernel launches in instantiated function bodies (their patterns are in `kernels`).
    pub(super) instantiated_kernels: Vec<Kernel>,
    /// Beside `kernels` and `instantiated_kernels`, one each: the attributes written through
    /// macros, read again from clang's expansion of them after the walk (`expansion_parse`).
    pub(super) unexpanded: Vec<Option<kernel_attributes::Unexpanded>>,
    pub(super) instantiated_unexpanded: Vec<Option<kernel_attributes::Unexpanded>>,
    /// Function (or its template) → is it a `[[clang::sycl_kernel_entry_point]]`?
    entry_points: CursorMap<'tu, bool>,
    /// Instantiated function bodies already searched for kernel launches.
    searched_instantiations: CursorMap<'tu, ()>,
    /// The template parameters' values of the instantiation being searched (kernel
    /// attributes may name them).
    template_values: kernel_attributes::TemplateValues,
}

/// Functions whose last argument is a kernel callable.
const KERNEL_INVOKERS: &[&str] = &["single_task", "parallel_for", "parallel_for_work_group"];

impl<'tu> Walker<'tu> {
    pub(super) fn consider_kernel_call(&mut self, call: Cursor<'tu>) {
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
        let (launched, callee_aspects) = if is_invoker_name && declared_in_sycl(callee) {
            let template_values = &self.launches.template_values;
            let Some(launched) = invoker_launch(call, callee, template_values, self.kernel_details)
            else {
                return;
            };
            let mut callee_aspects = Vec::new();
            if let Some(body) = launched.body {
                // An unnamed functor kernel is named by its type.
                let functor = match &launched.callable {
                    Callable::Type(t) => Some(t.clone()),
                    _ => None,
                };
                self.restrictions.check_kernel(KernelEntry {
                    launch: call,
                    name: kernel_name_of(call).or(functor),
                    body,
                });
                callee_aspects = self.callee_aspects(body);
            }
            (launched, callee_aspects)
        } else if self.is_kernel_entry_point(callee) {
            // [[clang::sycl_kernel_entry_point(Name)]] function: its own parameters.
            let takes_kernel_handler = (0..u32::try_from(callee.num_arguments()).unwrap_or(0))
                .filter_map(|i| callee.argument(i))
                .any(|p| is_kernel_handler(p.ty()));
            (
                Launched::without_details(Callable::EntryPoint, takes_kernel_handler),
                Vec::new(),
            )
        } else {
            self.search_instantiation(callee);
            return;
        };
        let name = kernel_name_of(call);
        self.launches.kernels.push(Kernel {
            name,
            invoker: callee.spelling(),
            callable: launched.callable,
            takes_kernel_handler: launched.takes_kernel_handler,
            location: source_location(call),
            special_captures: launched.special_captures,
            object: launched.object,
            reduction_result_copy: launched.reduction_result_copy,
            attributes: launched.attributes,
            callee_aspects,
        });
        self.launches.unexpanded.push(launched.unexpanded);
    }

    /// Kernel launches in the body of `function` when it is an instantiation (of a function
    /// template, or a member of a class template specialization) outside system headers:
    /// libclang visits the instantiated body, where launches are resolved and kernel objects
    /// have their concrete types. The launches go to `instantiated_kernels`.
    fn search_instantiation(&mut self, function: Cursor<'tu>) {
        if function.specialized_template().is_none()
            || function.is_in_system_header()
            || self
                .launches
                .searched_instantiations
                .get(function)
                .is_some()
        {
            return;
        }
        self.launches.searched_instantiations.insert(function, ());
        let patterns = self.launches.kernels.len();
        // The template parameters of every enclosing specialization are in scope: a lambda's
        // `operator()` in a function template sees the function's.
        let mut values = kernel_attributes::template_values(function);
        let mut scope = function.semantic_parent();
        while let Some(outer) = scope.filter(|s| s.kind() != lc::CXCursor_TranslationUnit) {
            for value in kernel_attributes::template_values(outer) {
                if !values.iter().any(|(name, _)| *name == value.0) {
                    values.push(value);
                }
            }
            scope = outer.semantic_parent();
        }
        let outer = std::mem::replace(&mut self.launches.template_values, values);
        // The whole body, not only its calls: spec ids it names (`holder<T>::sc` with `T`
        // known) exist only in instantiations.
        self.walk_instantiated_body(function);
        self.launches.template_values = outer;
        // What `consider_kernel_call` found here are instantiated launches, not patterns.
        let found: Vec<Kernel> = self.launches.kernels.drain(patterns..).collect();
        self.launches.instantiated_kernels.extend(found);
        let unexpanded: Vec<_> = self.launches.unexpanded.drain(patterns..).collect();
        self.launches.instantiated_unexpanded.extend(unexpanded);
    }

    /// Is `function` (or the template it was instantiated from) marked
    /// `[[clang::sycl_kernel_entry_point(…)]]`? Cached: every call is asked about.
    fn is_kernel_entry_point(&mut self, function: Cursor<'tu>) -> bool {
        let key = function.specialized_template().unwrap_or(function);
        self.launches
            .entry_points
            .get_or_insert_with(key, || has_entry_point_attribute(key))
    }

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
        self.launches.kernels.push(Kernel {
            name: written_template_argument(*callee_ref, &invoker),
            invoker,
            callable,
            takes_kernel_handler,
            location: source_location(call),
            special_captures: special,
            object: None,
            reduction_result_copy: None,
            // Read where the launch is instantiated.
            attributes: KernelAttributes::default(),
            callee_aspects: Vec::new(),
        });
        self.launches.unexpanded.push(None);
    }
}

/// What a resolved kernel launch runs.
struct Launched<'tu> {
    callable: Callable,
    takes_kernel_handler: bool,
    /// The kernel object as DPC++ passes it (launches through the SYCL invokers).
    object: Option<KernelObject>,
    /// A launch with reductions: the object of the kernel Intel's headers run under its kernel
    /// name (`reduction_kernels`).
    reduction_result_copy: Option<KernelObject>,
    /// Captures of types a kernel object cannot carry.
    special_captures: Vec<String>,
    attributes: KernelAttributes,
    /// The attributes written through macros, to be read from their expansion.
    unexpanded: Option<kernel_attributes::Unexpanded>,
    /// Where the kernel's code starts (the lambda, the functor's `operator()` definition),
    /// for the kernel-restriction checks.
    body: Option<Cursor<'tu>>,
}

impl Launched<'_> {
    /// A launch known by its callable alone (no object, attributes or body to check).
    fn without_details(callable: Callable, takes_kernel_handler: bool) -> Self {
        Launched {
            callable,
            takes_kernel_handler,
            object: None,
            reduction_result_copy: None,
            special_captures: Vec::new(),
            attributes: KernelAttributes::default(),
            unexpanded: None,
            body: None,
        }
    }
}

/// `handler::single_task` / `parallel_for` (and the queue's shortcuts) called by `call`: the
/// kernel is the last argument; the queue's shortcuts take a defaulted `code_location` after
/// it, so it is the last argument that can be called. `None`: the call has no arguments.
fn invoker_launch<'tu>(
    call: Cursor<'tu>,
    callee: Cursor<'tu>,
    template_values: &kernel_attributes::TemplateValues,
    details: bool,
) -> Option<Launched<'tu>> {
    let nargs = u32::try_from(call.num_arguments()).unwrap_or(0);
    let arguments: Vec<Cursor<'tu>> = (0..nargs).filter_map(|i| call.argument(i)).collect();
    let arg = arguments
        .iter()
        .rev()
        .find(|a| {
            a.ty()
                .canonical()
                .declaration()
                .is_some_and(has_call_operator)
        })
        .or(arguments.last())
        .copied()?;
    let arg_ty = arg.ty().canonical();
    let Some(record) = arg_ty.declaration() else {
        return Some(Launched::without_details(
            Callable::Type(arg_ty.spelling()),
            false,
        ));
    };
    let lambda = lambda_in(arg);
    let callable = match lambda {
        Some(_) => Callable::Lambda,
        None => Callable::Type(record.ty().canonical().spelling()),
    };
    let launched = Launched::without_details(callable, call_operator_takes_kernel_handler(record));
    if !details {
        return Some(launched);
    }
    let ((attributes, unexpanded), body) = match lambda {
        Some(lambda) => (
            kernel_attributes::lambda_attributes(lambda, template_values),
            Some(lambda),
        ),
        None => (
            // A lambda given through its closure type is read as a lambda.
            kernel_attributes::closure_attributes(record, template_values)
                .unwrap_or_else(|| kernel_attributes::functor_attributes(record)),
            // libclang shows no members of an implicit instantiation: the restrictions then
            // check the template's own `operator()` (restrictions.rs says how).
            call_operator_definition(record).or_else(|| {
                record
                    .specialized_template()
                    .and_then(call_operator_definition)
            }),
        ),
    };
    let (mut object, special_captures) = kernel_object::describe(arg_ty, record, callee);
    let mut reduction_result_copy = None;
    let reductions = reduction_kernels::reductions(&arguments);
    if !reductions.is_empty() {
        // Intel's headers call the callable from kernels of their own: it names none.
        let location = object.as_mut().map_or_else(
            || super::source_location(record),
            |o| {
                o.call_operator = None;
                o.launcher = None;
                o.location.clone()
            },
        );
        reduction_result_copy =
            reduction_kernels::result_copy(&arguments, &reductions, callee, location);
    }
    Some(Launched {
        object,
        reduction_result_copy,
        special_captures,
        attributes,
        unexpanded,
        body,
        ..launched
    })
}

/// The definition of a functor's (non-template) `operator()`, when libclang shows it.
fn call_operator_definition(record: Cursor<'_>) -> Option<Cursor<'_>> {
    record
        .children()
        .into_iter()
        .filter(|m| m.kind() == lc::CXCursor_CXXMethod && m.with_spelling(|n| n == b"operator()"))
        .find_map(|m| m.definition())
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
