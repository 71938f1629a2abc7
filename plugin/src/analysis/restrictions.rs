//! Kernel restrictions (SYCL 2020 §5.4, "Language restrictions for device functions"): what
//! a SYCL device cannot run, found in the code a kernel reaches and reported as DPC++'s device
//! compile reports it (`err_sycl_restrict`'s wording, so users find the same answers), at the
//! construct, with notes for the calls that reach it and the kernel's launch.
//!
//! The walk starts at a kernel's body (a lambda's, a functor's `operator()`) and follows calls
//! into the definitions they resolve to (instantiations included: libclang visits them with
//! concrete types). Code in system headers (Intel's, the C++ library's) is not entered: it is
//! written for the device, as DPC++ accepts it. Each construct is reported once, for the first
//! kernel that reaches it.

use std::collections::HashSet;

use super::maps::CursorMap;
use crate::libclang::{self as lc, Cursor, Walk};
use crate::model::SourceLocation;

/// The annotation the analysis gives `SYCL_EXTERNAL` (`host_parse_args` defines the macro as
/// `__attribute__((annotate(…)))`; Intel's headers keep a predefined `SYCL_EXTERNAL`).
pub(crate) const SYCL_EXTERNAL_ANNOTATION: &str = "sycl-specconst-sycl-external";

#[derive(Default)]
pub(super) struct Restrictions<'tu> {
    /// Function definitions already walked: each is checked once.
    walked: CursorMap<'tu, ()>,
    /// Const variables with static storage already judged: constant-initialised or not.
    constant_initialized: CursorMap<'tu, bool>,
    /// Errors already reported (`file:line:col: message`).
    reported: HashSet<String>,
    /// clang-style errors, each with its notes on the following lines.
    pub(super) errors: Vec<String>,
    /// The functions each walked body (a kernel's, a definition's) calls, as the calls name
    /// them (a declaration may carry attributes its definition lacks), without repeats.
    calls: CursorMap<'tu, Vec<Cursor<'tu>>>,
}

/// A kernel being checked: where it is launched and how the notes name it.
pub(super) struct KernelEntry<'tu> {
    pub(super) launch: Cursor<'tu>,
    pub(super) name: Option<String>,
    /// The lambda expression or the functor's `operator()`.
    pub(super) body: Cursor<'tu>,
}

/// One walk from one kernel: the functions entered, each with the call that entered it.
struct KernelWalk<'a, 'tu> {
    state: &'a mut Restrictions<'tu>,
    kernel_note: String,
    /// (definition, call that entered it); the kernel body has no call.
    path: Vec<(Cursor<'tu>, Option<Cursor<'tu>>)>,
}

impl<'tu> Restrictions<'tu> {
    pub(super) fn check_kernel(&mut self, kernel: KernelEntry<'tu>) {
        let location = site(kernel.launch);
        let kernel_note = match &kernel.name {
            Some(name) => format!("{location}: note: in SYCL kernel '{name}' launched here"),
            None => format!("{location}: note: in the SYCL kernel launched here"),
        };
        // A lambda's capture initialisers run on the host: only its body is device code.
        let code = if kernel.body.kind() == lc::CXCursor_LambdaExpr {
            kernel
                .body
                .children()
                .into_iter()
                .rfind(|c| c.kind() == lc::CXCursor_CompoundStmt)
        } else {
            Some(kernel.body)
        };
        let Some(code) = code else {
            return;
        };
        let mut walk = KernelWalk {
            state: self,
            kernel_note,
            path: vec![(kernel.body, None)],
        };
        walk.statements(code);
    }

    /// Every function the code of the kernel whose body is `body` calls, directly or through
    /// other functions, as the calls name them (after [`Self::check_kernel`] for it: what it
    /// reaches has been walked then, for it or for an earlier kernel).
    pub(super) fn reached_functions(&self, body: Cursor<'tu>) -> Vec<Cursor<'tu>> {
        let mut reached: Vec<Cursor<'tu>> = Vec::new();
        let mut entered: Vec<Cursor<'tu>> = vec![body];
        let mut pending = vec![body];
        while let Some(caller) = pending.pop() {
            for callee in self.calls.get(caller).unwrap_or_default() {
                if !reached.contains(&callee) {
                    reached.push(callee);
                }
                if let Some(definition) = callee.definition()
                    && !entered.contains(&definition)
                {
                    entered.push(definition);
                    pending.push(definition);
                }
            }
        }
        reached
    }
}

impl<'tu> KernelWalk<'_, 'tu> {
    /// Checks every statement and expression under `c` (not nested function or class
    /// declarations: only what runs is checked).
    fn statements(&mut self, c: Cursor<'tu>) {
        if let Some(taken) = taken_branch_of_if_constexpr(c) {
            // Only the branch a constant condition selects is code: what the other one names
            // is not odr-used ([basic.def.odr]), as the condition is a constant expression.
            if let Some(branch) = taken {
                self.check(branch);
                self.statements(branch);
            }
            return;
        }
        c.visit(|child| {
            if self.is_discarded_in_instantiations(child) || !is_evaluated_part_of(c, child) {
                return Walk::Continue;
            }
            if !is_nested_declaration(child) {
                self.check(child);
                self.statements(child);
            }
            Walk::Continue
        });
    }

    /// In a template's own code (the `operator()` of a functor class template, whose
    /// instantiation libclang does not show), an `if constexpr` may discard either branch for
    /// the instantiation the kernel uses: neither is checked, so nothing is refused that the
    /// kernel does not run.
    fn is_discarded_in_instantiations(&self, c: Cursor<'tu>) -> bool {
        c.kind() == lc::CXCursor_IfStmt
            && self
                .path
                .last()
                .is_some_and(|(f, _)| is_template_pattern(*f))
            && c.leading_tokens(2).get(1).is_some_and(|t| t == "constexpr")
    }

    fn check(&mut self, c: Cursor<'tu>) {
        match c.kind() {
            lc::CXCursor_CXXNewExpr if !is_placement_new(c) => {
                self.report(c, "SYCL kernel cannot allocate storage", "'new' expression")
            }
            lc::CXCursor_CXXDeleteExpr => {
                self.report(c, "SYCL kernel cannot free storage", "'delete' expression")
            }
            lc::CXCursor_CXXThrowExpr => {
                self.report(c, "SYCL kernel cannot use exceptions", "'throw' expression")
            }
            lc::CXCursor_CXXTryStmt => {
                self.report(c, "SYCL kernel cannot use exceptions", "'try' block")
            }
            lc::CXCursor_CXXTypeidExpr => self.report(c, "SYCL kernel cannot use rtti", "'typeid'"),
            lc::CXCursor_CXXDynamicCastExpr => {
                self.report(c, "SYCL kernel cannot use rtti", "'dynamic_cast'")
            }
            lc::CXCursor_CallExpr => self.check_call(c),
            lc::CXCursor_AsmStmt | lc::CXCursor_MSAsmStmt => self.report(
                c,
                "SYCL kernel cannot use inline assembly",
                "'asm' statement",
            ),
            lc::CXCursor_DeclRefExpr | lc::CXCursor_MemberRefExpr => {
                if let Some(variable) = c.referenced().filter(|v| v.kind() == lc::CXCursor_VarDecl)
                {
                    self.check_variable(c, variable);
                }
            }
            lc::CXCursor_VarDecl => self.check_variable(c, c),
            _ => {}
        }
    }

    fn check_call(&mut self, call: Cursor<'tu>) {
        let callee = match Callee::of(call) {
            Callee::Function(f) => f,
            Callee::Pointer(through) => {
                // As DPC++ without `-fsycl-allow-func-ptr`: SPIR-V has no indirect calls.
                let through = through.map_or_else(
                    || "indirect call".to_string(),
                    |v| format!("'{}'", qualified_name(v)),
                );
                let message = "SYCL kernel cannot call through a function pointer";
                return self.report(call, message, &through);
            }
            Callee::Other => return,
        };
        // As DPC++: any call of a virtual function, however it is dispatched.
        if callee.is_virtual_method() {
            let name = format!("'{}'", qualified_name(callee));
            return self.report(call, "SYCL kernel cannot call a virtual function", &name);
        }
        // Intel's headers and the C++ library are written for the device (as DPC++ accepts
        // them), and clang's builtins are the compiler's.
        if callee.is_in_system_header() || is_builtin(callee) {
            return;
        }
        if let Some(&(caller, _)) = self.path.last() {
            let calls = self.state.calls.get_or_insert_mut(caller, Vec::new);
            if !calls.contains(&callee) {
                calls.push(callee);
            }
        }
        let name = format!("'{}'", qualified_name(callee));
        if callee.ty().is_variadic_function() {
            self.report(call, "SYCL kernel cannot call a variadic function", &name);
        }
        let Some(definition) = callee.definition() else {
            if !is_sycl_external(callee) {
                let declared = site(callee);
                self.report_with(
                    call,
                    "SYCL kernel cannot call an undefined function without SYCL_EXTERNAL attribute",
                    &name,
                    vec![format!("{declared}: note: {name} declared here")],
                );
            }
            return;
        };
        if self.path.iter().any(|(f, _)| *f == definition) {
            let declared = site(definition);
            return self.report_with(
                call,
                "SYCL kernel cannot call a recursive function",
                &name,
                vec![format!(
                    "{declared}: note: function implemented using recursion declared here"
                )],
            );
        }
        if self.state.walked.get(definition).is_some() {
            return;
        }
        self.state.walked.insert(definition, ());
        self.path.push((definition, Some(call)));
        self.statements(definition);
        self.path.pop();
    }

    /// Uses of variables the device cannot share with the host: `thread_local` ones, and
    /// non-const ones with static storage (namespace scope, static members, static locals)
    /// outside system headers; `device_global`s are the SYCL way to keep state on the device.
    fn check_variable(&mut self, at: Cursor<'tu>, variable: Cursor<'tu>) {
        if !variable.has_global_storage() || variable.is_in_system_header() {
            return;
        }
        let name = format!("'{}'", qualified_name(variable));
        if variable.is_thread_local() {
            return self.report(at, "SYCL kernel cannot use thread-local storage", &name);
        }
        let ty = variable.ty();
        if is_device_global(ty) {
            return;
        }
        // A reference bound at compile time (`static constexpr auto &sc = spec_id;`) is a
        // constant, not a variable read at run time: what counts is the object it names.
        if matches!(
            ty.kind(),
            lc::CXType_LValueReference | lc::CXType_RValueReference
        ) && let Some(definition) = variable
            .definition()
            .filter(|d| d.has_constant_initializer())
        {
            if let Some(target) = bound_variable(definition).filter(|t| *t != variable) {
                self.check_variable(at, target);
            }
            return;
        }
        if is_const(ty) {
            // The device image has its own copy, initialised as the compiler could at compile
            // time: a dynamic initialiser never runs there (the kernel would read zeros).
            let constant = self
                .state
                .constant_initialized
                .get_or_insert_with(variable, || {
                    !is_arithmetic(ty)
                        || variable
                            .definition()
                            .is_none_or(|d| d.has_constant_initializer())
                });
            if !constant {
                let message = "SYCL kernel cannot use a const static or global variable that is \
                               neither zero-initialized nor constant-initialized";
                self.report(at, message, &name);
            }
            return;
        }
        let at_namespace_scope = variable.semantic_parent().is_some_and(|p| {
            matches!(
                p.kind(),
                lc::CXCursor_Namespace | lc::CXCursor_TranslationUnit
            )
        });
        let message = if at_namespace_scope {
            "SYCL kernel cannot use a non-const global variable"
        } else {
            "SYCL kernel cannot use a non-const static data variable"
        };
        self.report(at, message, &name);
    }

    fn report(&mut self, at: Cursor<'tu>, message: &str, construct: &str) {
        self.report_with(at, message, construct, Vec::new());
    }

    /// `file:line:col: error: <message>: <construct>`, then `notes`, the calls that lead
    /// there (innermost first) and the kernel's launch.
    fn report_with(&mut self, at: Cursor<'tu>, message: &str, construct: &str, notes: Vec<String>) {
        let error = format!("{}: error: {message}: {construct}", site(at));
        if !self.state.reported.insert(error.clone()) {
            return;
        }
        let mut lines = vec![error];
        lines.extend(notes);
        for pair in self.path.windows(2).rev() {
            let (caller, _) = pair[0];
            if let (_, Some(call)) = pair[1] {
                let at = site(call);
                lines.push(format!("{at}: note: called by '{}'", function_name(caller)));
            }
        }
        lines.push(self.kernel_note.clone());
        self.state.errors.push(lines.join("\n"));
    }
}

/// Where clang would report `c`: at the macro's use when it comes from an expansion, as line
/// markers present it (the source's own lines in `-fsycl -E` output compiled back).
fn site(c: Cursor<'_>) -> String {
    let l = c.diagnostic_location();
    located(SourceLocation {
        file: l.file,
        line: l.line,
        column: l.column,
    })
}

fn located(l: SourceLocation) -> String {
    let file = l
        .file
        .as_deref()
        .map_or_else(|| "<unknown>".into(), |f| f.display().to_string());
    format!("{file}:{}:{}", l.line, l.column)
}

fn is_function(c: Cursor<'_>) -> bool {
    super::is_function_kind(c.kind())
}

/// What a call expression calls, as clang's `getReferencedDeclOfCallee` sees it (through
/// parentheses, implicit conversions, `*`, `&` and the member side of `.*`/`->*`).
enum Callee<'tu> {
    Function(Cursor<'tu>),
    /// A pointer (or reference) to a function or member function; the variable holding it
    /// when the callee names one.
    Pointer(Option<Cursor<'tu>>),
    /// Not a call of code: a pseudo-destructor, an unresolved expression.
    Other,
}

impl<'tu> Callee<'tu> {
    fn of(call: Cursor<'tu>) -> Self {
        if let Some(f) = call.referenced().filter(|f| is_function(*f)) {
            return Callee::Function(f);
        }
        let Some(callee) = call.children().into_iter().next() else {
            return Callee::Other;
        };
        let mut e = callee;
        let mut through_member_pointer = false;
        // Constructs clang looks through; libclang shows implicit conversions as unexposed
        // expressions and unary `*`/`&` with their operand as the only child.
        for _ in 0..16 {
            if let Some(f) = e.referenced().filter(|f| is_function(*f)) {
                return Callee::Function(f);
            }
            let children = e.children();
            e = match (e.kind(), children.as_slice()) {
                (lc::CXCursor_BinaryOperator, [_, member]) if e.is_pointer_to_member_operator() => {
                    through_member_pointer = true;
                    *member
                }
                (
                    lc::CXCursor_UnexposedExpr
                    | lc::CXCursor_ParenExpr
                    | lc::CXCursor_UnaryOperator,
                    [only],
                ) => *only,
                _ => break,
            };
        }
        if !through_member_pointer && !is_function_value(callee.ty()) {
            return Callee::Other;
        }
        let holder = e.referenced().filter(|v| {
            matches!(
                v.kind(),
                lc::CXCursor_VarDecl | lc::CXCursor_ParmDecl | lc::CXCursor_FieldDecl
            )
        });
        Callee::Pointer(holder)
    }
}

/// A function, a pointer or reference to one, or a member function pointer.
fn is_function_value(ty: lc::Type<'_>) -> bool {
    let ty = ty.canonical();
    match ty.kind() {
        lc::CXType_FunctionProto | lc::CXType_FunctionNoProto | lc::CXType_MemberPointer => true,
        lc::CXType_Pointer | lc::CXType_LValueReference | lc::CXType_RValueReference => matches!(
            ty.pointee().canonical().kind(),
            lc::CXType_FunctionProto | lc::CXType_FunctionNoProto
        ),
        _ => false,
    }
}

/// Code of a template itself rather than of an instantiation: a function template, or a
/// member of a class template (or partial specialization).
fn is_template_pattern(function: Cursor<'_>) -> bool {
    function.kind() == lc::CXCursor_FunctionTemplate
        || function.semantic_parent().is_some_and(|p| {
            matches!(
                p.kind(),
                lc::CXCursor_ClassTemplate | lc::CXCursor_ClassTemplatePartialSpecialization
            )
        })
}

/// clang's builtins (`__builtin_va_start`, …), which clang declares where they are first used.
fn is_builtin(function: Cursor<'_>) -> bool {
    function.with_spelling(|s| s.starts_with(b"__builtin_"))
}

/// Declarations inside a body whose code runs only if called (local classes' members,
/// nested functions): checked when a call reaches them.
/// Whether `child`, a part of `parent`'s code, is evaluated when `parent` runs, as C++'s
/// odr-use rule counts it. Not evaluated: the operands of `sizeof`, `alignof` and `noexcept`;
/// template arguments (`get_specialization_constant<holder<int>::sc>()`: a name used only as
/// a template argument is not read at run time); and the declared type of a variable
/// (`decltype(table) copy;`).
fn is_evaluated_part_of(parent: Cursor<'_>, child: Cursor<'_>) -> bool {
    // libclang's UnaryExpr: `sizeof`/`alignof` (UnaryExprOrTypeTraitExpr) and `noexcept`.
    if child.kind() == lc::CXCursor_UnaryExpr {
        return false;
    }
    match parent.kind() {
        // The template arguments follow the referenced name; a member's object precedes it.
        lc::CXCursor_DeclRefExpr | lc::CXCursor_MemberRefExpr | lc::CXCursor_OverloadedDeclRef => {
            child.offsets().start < parent.offsets().location
        }
        // What precedes the declared name is its type.
        lc::CXCursor_VarDecl => child.offsets().start > parent.offsets().location,
        _ => true,
    }
}

/// The variable a reference's initializer names (`auto &r = some_variable;`), if any.
fn bound_variable<'tu>(reference: Cursor<'tu>) -> Option<Cursor<'tu>> {
    let name = reference.offsets().location;
    let mut found = None;
    reference.visit(|child| {
        if child.offsets().start <= name {
            return Walk::Continue;
        }
        if child.kind() == lc::CXCursor_DeclRefExpr {
            found = child
                .referenced()
                .filter(|v| v.kind() == lc::CXCursor_VarDecl);
            return Walk::Break;
        }
        Walk::Recurse
    });
    found
}

/// For an `if constexpr` whose condition clang evaluates: `Some(the branch taken)` (`None`
/// inside when the condition is false and there is no `else`); `None` for any other cursor
/// or a condition that depends on a template parameter.
fn taken_branch_of_if_constexpr(c: Cursor<'_>) -> Option<Option<Cursor<'_>>> {
    if c.kind() != lc::CXCursor_IfStmt {
        return None;
    }
    let tokens = c.extent_tokens();
    if tokens.get(1).is_none_or(|t| t.spelling != "constexpr") {
        return None;
    }
    // The parenthesised condition (and init-statement) ends at the `)` matching the first `(`.
    let mut depth = 0usize;
    let mut close = None;
    for t in tokens.iter().skip(2) {
        match t.spelling.as_str() {
            "(" => depth += 1,
            ")" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    close = Some(t.offset);
                    break;
                }
            }
            _ => {}
        }
    }
    let close = close?;
    let children = c.children();
    let condition = children.iter().rev().find(|ch| ch.offsets().end <= close)?;
    let value = condition.integer_value()?;
    let mut branches = children.iter().filter(|ch| ch.offsets().start > close);
    let then = branches.next().copied();
    let otherwise = branches.next().copied();
    Some(if value != 0 { then } else { otherwise })
}

fn is_nested_declaration(c: Cursor<'_>) -> bool {
    is_function(c)
        || matches!(
            c.kind(),
            lc::CXCursor_FunctionTemplate
                | lc::CXCursor_ClassDecl
                | lc::CXCursor_StructDecl
                | lc::CXCursor_UnionDecl
                | lc::CXCursor_ClassTemplate
        )
}

/// `new (place) T`: placement new allocates nothing (DPC++ accepts it). Its placement
/// arguments follow the `new` keyword in parentheses.
fn is_placement_new(c: Cursor<'_>) -> bool {
    let tokens = c.leading_tokens(3);
    let after_new = tokens.iter().position(|t| t == "new").map(|i| i + 1);
    after_new
        .and_then(|i| tokens.get(i))
        .is_some_and(|t| t == "(")
}

/// `SYCL_EXTERNAL` on any declaration libclang shows of the function (attributes are
/// inherited by later declarations): the analysis' annotation, or upstream's
/// `[[clang::sycl_external]]`, what `SYCL_EXTERNAL` is in the device compile and in the host
/// view of `-fsycl -E` output (where no macro is left for the annotation).
pub(super) fn is_sycl_external(function: Cursor<'_>) -> bool {
    [function, function.canonical()].iter().any(|f| {
        f.children().iter().any(|a| match a.kind() {
            lc::CXCursor_AnnotateAttr => {
                a.with_spelling(|s| s == SYCL_EXTERNAL_ANNOTATION.as_bytes())
            }
            lc::CXCursor_UnexposedAttr => is_clang_sycl_external(&a.leading_tokens(3)),
            _ => false,
        })
    })
}

/// Whether an attribute libclang does not expose (no kind, no spelling of its own) is clang's
/// `sycl_external`, by its first tokens: `clang::sycl_external` (`__sycl_external__`), or the
/// name alone after `using clang:`.
fn is_clang_sycl_external(tokens: &[String]) -> bool {
    let name = match tokens {
        [scope, colons, name, ..]
            if matches!(scope.as_str(), "clang" | "_Clang") && colons == "::" =>
        {
            name
        }
        [name, ..] => name,
        [] => return false,
    };
    matches!(name.as_str(), "sycl_external" | "__sycl_external__")
}

/// Whether `ty` is const, arrays by their elements: libclang shows `const T[N]` as written
/// with a const element, and canonically as a const array of `T`.
fn is_const(ty: lc::Type<'_>) -> bool {
    let mut t = ty;
    for _ in 0..32 {
        if t.is_const_qualified() || t.canonical().is_const_qualified() {
            return true;
        }
        match t.array_element() {
            Some(e) => t = e,
            None => return false,
        }
    }
    false
}

/// Arithmetic and enumeration types, const or not: those whose constant initializers libclang
/// evaluates (it evaluates no arrays or classes, so their initializers are not judged).
fn is_arithmetic(ty: lc::Type<'_>) -> bool {
    let kind = ty.canonical().kind();
    (lc::CXType_Bool..=lc::CXType_Float16).contains(&kind) || kind == lc::CXType_Enum
}

/// `sycl::…::device_global<T, …>` (SYCL's device-side global state).
fn is_device_global(ty: lc::Type<'_>) -> bool {
    ty.canonical()
        .declaration()
        .is_some_and(|d| d.spelling() == "device_global" && d.is_in_system_header())
}

/// `ns::Class::member` as written in declarations (anonymous namespaces as clang prints them).
fn qualified_name(c: Cursor<'_>) -> String {
    let mut parts = vec![function_name(c)];
    let mut scope = c.semantic_parent();
    while let Some(s) = scope {
        match s.kind() {
            lc::CXCursor_Namespace
            | lc::CXCursor_ClassDecl
            | lc::CXCursor_StructDecl
            | lc::CXCursor_UnionDecl
            | lc::CXCursor_ClassTemplate
            | lc::CXCursor_ClassTemplatePartialSpecialization => {
                let name = s.spelling();
                if name.is_empty() {
                    parts.push("(anonymous namespace)".into());
                } else if !s.is_anonymous() || s.kind() != lc::CXCursor_Namespace {
                    parts.push(name);
                }
            }
            _ => break,
        }
        scope = s.semantic_parent();
    }
    parts.reverse();
    parts.join("::")
}

/// A function's (or variable's) name; a lambda's call operator is `operator()`.
fn function_name(c: Cursor<'_>) -> String {
    if c.kind() == lc::CXCursor_LambdaExpr {
        return "operator()".into();
    }
    c.spelling()
}
