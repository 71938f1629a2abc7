//! SYCL 2020 kernel attributes (§5.8.1) on a kernel's `operator()`: `reqd_work_group_size`,
//! `work_group_size_hint`, `reqd_sub_group_size`, `device_has`. Stock clang does not know
//! them and leaves them out of the AST ("unknown attribute ignored"), so they are read from
//! the tokens where C++ puts them: after a lambda's parameter list, before a functor's
//! `operator()`. Arguments are integral constant expressions (aspects: `sycl::aspect` ones):
//! literals and the template parameters of the specialization the kernel is in are read here;
//! any other expression is evaluated by clang where it is written (the evaluation parse in
//! `expansion_parse`), with the template arguments written in. What is no constant, or
//! depends on a template argument that cannot be written, is refused with its location,
//! never guessed.
//!
//! Tokens are as written: where a macro stands among them (a name C++ puts no identifier at,
//! or an argument that is neither a literal nor a template parameter), the region is read
//! again from clang's own expansion of it ([`Unexpanded`], the expansion parse), as it would
//! be from the `-fsycl -E` output of the source.

use std::ops::Range;
use std::path::PathBuf;

use crate::libclang::{self as lc, Cursor, Token};
use crate::model::{AspectArgument, KernelAttributes, SourceLocation};

/// A `device_has` argument with where it is written.
pub(super) type WrittenAspect = (AspectArgument, SourceLocation);

/// A template parameter's argument in a specialization, as attribute arguments use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TemplateValue {
    Integer(u64),
    /// A type, spelt canonically.
    Type(String),
    /// Anything else (a template, a pack), or a parameter of a template pattern: an
    /// expression naming it is refused, never evaluated in the pattern.
    Unknown,
}

/// Names of template parameters with their arguments in a specialization.
pub(crate) type TemplateValues = Vec<(String, TemplateValue)>;

/// The integral value of template parameter `name`.
fn integer_value(values: &TemplateValues, name: &str) -> Option<u64> {
    values.iter().find_map(|(n, v)| match v {
        TemplateValue::Integer(v) if n == name => Some(*v),
        _ => None,
    })
}

/// `values` with the parameters of the templates around `scope` (itself included) that it
/// lacks: a specialization's arguments, a pattern's parameters as unknown.
fn with_enclosing_parameters(
    mut values: TemplateValues,
    scope: Option<Cursor<'_>>,
) -> TemplateValues {
    let mut scope = scope;
    while let Some(c) = scope.filter(|c| c.kind() != lc::CXCursor_TranslationUnit) {
        let found = if c.specialized_template().is_some() {
            template_values(c)
        } else if matches!(
            c.kind(),
            lc::CXCursor_FunctionTemplate
                | lc::CXCursor_ClassTemplate
                | lc::CXCursor_ClassTemplatePartialSpecialization
        ) {
            parameter_names(c)
                .into_iter()
                .map(|n| (n, TemplateValue::Unknown))
                .collect()
        } else {
            Vec::new()
        };
        for (name, value) in found {
            if !values.iter().any(|(n, _)| *n == name) {
                values.push((name, value));
            }
        }
        scope = c.semantic_parent();
    }
    values
}

/// The names of `template`'s parameters.
fn parameter_names(template: Cursor<'_>) -> Vec<String> {
    super::names::parameters_of(template)
        .iter()
        .map(Cursor::spelling)
        .collect()
}

/// A kernel's attributes written through macros: the tokens between a lambda's introducer and
/// its body, or before a functor's `operator`, to be read again as clang expands them.
#[derive(Clone, Debug)]
pub(crate) struct Unexpanded {
    /// The file the region is written in, as clang read it.
    pub(crate) file: PathBuf,
    /// Bytes of `file` holding the region (from its first token to past its last).
    pub(crate) region: Range<usize>,
    /// Where a declaration stringizing the region sees the macros as the region does: just
    /// inside a lambda's body (a statement), or before a functor's `operator()` declaration
    /// (a member).
    pub(crate) insert_at: usize,
    /// The template parameters' values the expansion is read with.
    pub(crate) values: TemplateValues,
    /// The region's first macro, where problems with its expansion are reported (or, without
    /// macros, its first expression to evaluate).
    pub(crate) at: Token,
    /// Whether a macro stands among the region's tokens: the region is read from clang's
    /// expansion of it, else from `written`.
    pub(crate) has_macros: bool,
    /// The region's tokens as written.
    pub(crate) written: Vec<String>,
}

/// The attributes after the parameter list of the lambda expression `lambda`; `values` are
/// the template parameters of the specialization it is instantiated in. With a macro among
/// the tokens, also what the expansion parse needs to read them as clang expands them.
pub(super) fn lambda_attributes(
    lambda: Cursor<'_>,
    values: &TemplateValues,
) -> (KernelAttributes, Option<Unexpanded>) {
    let closure = lambda.ty().canonical().declaration();
    let values =
        with_enclosing_parameters(values.clone(), closure.and_then(|c| c.semantic_parent()));
    read_lambda(&lambda.extent_tokens(), lambda, &values)
}

/// The attributes of a lambda a launch is given through its closure type (held in a
/// variable, made by another function), when `record` is a lambda's closure: libclang places
/// the closure class at the lambda's introducer and its `operator()` ends with the body, so
/// the tokens from one to the other are the lambda as written, read as a lambda expression's.
/// `None` for other classes (functors, whose `operator()` [`functor_attributes`] reads).
pub(super) fn closure_attributes(
    record: Cursor<'_>,
    values: &TemplateValues,
) -> Option<(KernelAttributes, Option<Unexpanded>)> {
    let introducer = record.leading_tokens(1);
    if !record.is_anonymous() || introducer.first().map(String::as_str) != Some("[") {
        return None;
    }
    let call_operator = record.children().into_iter().find(|m| {
        matches!(
            m.kind(),
            lc::CXCursor_CXXMethod | lc::CXCursor_FunctionTemplate
        ) && m.with_spelling(|n| n == b"operator()")
    })?;
    let tokens = record.extent_tokens_through(call_operator);
    let values = with_enclosing_parameters(values.clone(), record.semantic_parent());
    Some(read_lambda(&tokens, record, &values))
}

/// A lambda's attributes from its `tokens` as written (from the introducer to the body);
/// `place` is where it is written (system header or not, the file its macros expand in).
fn read_lambda(
    tokens: &[Token],
    place: Cursor<'_>,
    values: &TemplateValues,
) -> (KernelAttributes, Option<Unexpanded>) {
    let mut reading = Reading::new(values);
    // The introducer `[…]` comes first (then a template parameter list); the declarator's
    // attributes come before the body.
    let Some(mut i) = skip_balanced(tokens, 0, "[", "]") else {
        return (reading.attributes, None);
    };
    if let Some(end) = skip_balanced(tokens, i, "<", ">") {
        i = end;
    }
    let start = i;
    let mut depth = 0usize;
    // A name where C++ puts none: after the parameter list, before a trailing return type or
    // a requires-clause, only keywords and attributes stand.
    let mut names_allowed = false;
    let mut body = None;
    while i < tokens.len() {
        match tokens[i].spelling.as_str() {
            "(" => depth += 1,
            ")" => depth = depth.saturating_sub(1),
            "->" | "requires" if depth == 0 => names_allowed = true,
            "{" if depth == 0 => {
                body = Some(i);
                break;
            }
            "[" if depth == 0 && is_attribute_start(tokens, i) => {
                let Some(end) = skip_balanced(tokens, i, "[", "]") else {
                    break;
                };
                read_specifier(&tokens[i + 2..end - 2], &mut reading);
                i = end;
                continue;
            }
            _ if depth == 0 && !names_allowed && tokens[i].identifier => {
                reading.note_macro(&tokens[i]);
            }
            _ => {}
        }
        i += 1;
    }
    // Intel's headers are read as written (what their macros expand to is theirs).
    if place.is_in_system_header() {
        return (reading.attributes, None);
    }
    let has_macros = reading.macro_at.is_some();
    let at = reading
        .macro_at
        .take()
        .or_else(|| reading.pending.first().map(|(_, t)| t.clone()));
    let unexpanded = match (at, body, place.written_file()) {
        (None, ..) => None,
        (Some(at), Some(body), Some(file)) if body > start => Some(Unexpanded {
            file,
            region: tokens[start].offset..end_of(&tokens[body - 1]),
            insert_at: end_of(&tokens[body]),
            values: values.clone(),
            at,
            has_macros,
            written: spellings(&tokens[start..body]),
        }),
        // Written inside a macro itself: no place to expand the region at.
        (Some(at), ..) => {
            return (unexpandable(&at), None);
        }
    };
    (reading.attributes, unexpanded)
}

/// The attributes before the `operator()` of the class `record` (a functor). With a macro
/// among the tokens, also what the expansion parse needs to read them as clang expands them.
pub(super) fn functor_attributes(record: Cursor<'_>) -> (KernelAttributes, Option<Unexpanded>) {
    let values = with_enclosing_parameters(template_values(record), record.semantic_parent());
    let mut reading = Reading::new(&values);
    let mut unexpanded = None;
    // libclang shows no members of an implicit instantiation: its pattern's are the ones
    // written, attributes included.
    let mut members = record.children();
    if members.is_empty() {
        if let Some(pattern) = record.specialized_template() {
            members = pattern.children();
        }
    }
    for member in members {
        let is_call_operator = matches!(
            member.kind(),
            lc::CXCursor_CXXMethod | lc::CXCursor_FunctionTemplate
        ) && member.with_spelling(|n| n == b"operator()");
        if !is_call_operator {
            continue;
        }
        // Clang's extent of the declaration starts at its attributes, even dropped ones (read
        // from a macro's use when one stands first); a template's after `template <…>`.
        let tokens = member.written_extent_tokens();
        let mut i = 0;
        if member.kind() == lc::CXCursor_FunctionTemplate {
            i = tokens
                .iter()
                .position(|t| t.spelling == "<")
                .and_then(|open| skip_balanced(&tokens, open, "<", ">"))
                .unwrap_or(tokens.len());
        }
        let start = i;
        let mut leading = true;
        let mut depth = 0usize;
        while i < tokens.len() && tokens[i].spelling != "operator" {
            if depth == 0 && is_attribute_start(&tokens, i) {
                let Some(end) = skip_balanced(&tokens, i, "[", "]") else {
                    break;
                };
                // Attributes after the first specifier appertain to a type, not the function.
                if leading {
                    read_specifier(&tokens[i + 2..end - 2], &mut reading);
                }
                i = end;
                continue;
            }
            leading = false;
            match tokens[i].spelling.as_str() {
                "(" => depth += 1,
                ")" => depth = depth.saturating_sub(1),
                // A kernel's `operator()` returns void: a name among its specifiers is a
                // macro (or a typedef of void, which the expansion leaves as it is).
                _ if depth == 0 && tokens[i].identifier => reading.note_macro(&tokens[i]),
                _ => {}
            }
            i += 1;
        }
        let has_macros = reading.macro_at.is_some();
        let Some(at) = reading
            .macro_at
            .take()
            .or_else(|| reading.pending.first().map(|(_, t)| t.clone()))
        else {
            continue;
        };
        if member.is_in_system_header() {
            continue;
        }
        match (tokens.first(), member.written_file()) {
            (Some(first), Some(file)) if i < tokens.len() && i > start => {
                unexpanded = Some(Unexpanded {
                    file,
                    region: tokens[start].offset..end_of(&tokens[i - 1]),
                    insert_at: first.offset,
                    values: values.clone(),
                    at,
                    has_macros,
                    written: spellings(&tokens[start..i]),
                });
            }
            // Declared inside a macro itself: no place to expand the region at.
            _ => return (unexpandable(&at), None),
        }
    }
    (reading.attributes, unexpanded)
}

/// The `device_has` aspects written on a function's declaration, with the problems reading
/// them met; `None` without the attribute. `file_tokens` are the tokens of the file it is
/// written in, `start` and `name` the byte offsets of its first token and of its name: the
/// attributes are those among its own tokens before the name, and the `[[…]]` right before
/// its first token (clang starts the declaration at a known attribute, e.g. the one
/// `SYCL_EXTERNAL` expands to, after an unknown one). Written through a macro, the attribute
/// is not seen (no expansion parse for functions: see docs/departures.md).
pub(super) fn function_device_has(
    file_tokens: &[Token],
    start: usize,
    name: usize,
) -> Option<(Vec<WrittenAspect>, Vec<String>)> {
    let first = file_tokens.partition_point(|t| t.offset < start);
    let end = file_tokens.partition_point(|t| t.offset < name);
    let mut begin = first;
    // Whole `[[…]]` groups immediately before the declaration's first token.
    while begin >= 2
        && file_tokens[begin - 1].spelling == "]"
        && file_tokens[begin - 2].spelling == "]"
    {
        let mut depth = 0usize;
        let mut open = None;
        for i in (0..begin).rev() {
            match file_tokens[i].spelling.as_str() {
                "]" => depth += 1,
                "[" => {
                    depth -= 1;
                    if depth == 0 {
                        open = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        match open {
            Some(i) if is_attribute_start(file_tokens, i) => begin = i,
            _ => break,
        }
    }
    let tokens = &file_tokens[begin..end.max(begin)];
    if !tokens.iter().any(|t| t.spelling == "device_has") {
        return None;
    }
    let values = TemplateValues::new();
    let mut reading = Reading::new(&values);
    read_specifiers_outside_parentheses(tokens, &mut reading);
    let attributes = reading.attributes;
    attributes
        .device_has
        .map(|aspects| (aspects, attributes.problems))
}

/// The attributes of `unexpanded`'s region read again from `tokens` (clang's expansion of
/// it, or the tokens as written), with `evaluated` the values clang computed for expressions
/// among them: every `[[…]]` outside parentheses, read with its template values; problems are
/// reported at the macro. Also the expressions still to evaluate (their attributes are left
/// out, with a problem, until they are).
pub(crate) fn reread(
    tokens: &[String],
    unexpanded: &Unexpanded,
    evaluated: &Evaluated,
) -> (KernelAttributes, Vec<String>) {
    let at = &unexpanded.at;
    let tokens: Vec<Token> = tokens
        .iter()
        .map(|spelling| Token {
            spelling: spelling.clone(),
            // Any name in it has been through the preprocessor already (or is no macro).
            identifier: false,
            ..at.clone()
        })
        .collect();
    let mut reading = Reading::new(&unexpanded.values);
    reading.evaluated = evaluated;
    read_specifiers_outside_parentheses(&tokens, &mut reading);
    let pending = reading.pending.into_iter().map(|(text, _)| text).collect();
    (reading.attributes, pending)
}

/// Every `[[…]]` in `tokens` outside parentheses, into `reading`.
fn read_specifiers_outside_parentheses(tokens: &[Token], reading: &mut Reading<'_>) {
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].spelling.as_str() {
            "(" => depth += 1,
            ")" => depth = depth.saturating_sub(1),
            "[" if depth == 0 && is_attribute_start(tokens, i) => {
                let Some(end) = skip_balanced(tokens, i, "[", "]") else {
                    break;
                };
                read_specifier(&tokens[i + 2..end - 2], reading);
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

/// Attributes written through the macro `at` that cannot be expanded: refused there.
pub(crate) fn unexpandable(at: &Token) -> KernelAttributes {
    let mut attributes = KernelAttributes::default();
    let message = format!(
        "sycl-clang++ cannot read the SYCL kernel attributes written through the macro '{}' \
         here; write them out",
        at.spelling
    );
    problem(&mut attributes, at, &message);
    attributes
}

/// Past the last byte of `token` in the file read.
fn end_of(token: &Token) -> usize {
    token.offset + token.spelling.len()
}

/// Values clang computed for attribute arguments (expression text, value; `None`: not an
/// integer constant expression).
pub(crate) type Evaluated = [(String, Option<i128>)];

/// Attributes being read, the first name among their tokens that may be a macro, and the
/// arguments that are expressions for clang to evaluate.
struct Reading<'v> {
    values: &'v TemplateValues,
    evaluated: &'v Evaluated,
    attributes: KernelAttributes,
    macro_at: Option<Token>,
    /// Expressions without a value yet (text to evaluate, first token).
    pending: Vec<(String, Token)>,
}

impl<'v> Reading<'v> {
    fn new(values: &'v TemplateValues) -> Self {
        Reading {
            values,
            evaluated: &[],
            attributes: KernelAttributes::default(),
            macro_at: None,
            pending: Vec::new(),
        }
    }

    /// The value of the expression `arg` (template parameters replaced by their values) as
    /// clang computed it; `Err` with a problem recorded when it is none, or not computed yet
    /// (then it is pending).
    fn evaluate(&mut self, arg: &[Token], wrap: Option<&str>) -> Result<i128, ()> {
        let at = arg.first().cloned();
        let mut text = match expression_text(arg, self.values) {
            Ok(text) => text,
            Err(parameter) => {
                if let Some(at) = at {
                    let message = format!(
                        "sycl-clang++ cannot evaluate '{}': it depends on the template \
                         parameter '{parameter}', whose argument it cannot write",
                        spelled(arg)
                    );
                    problem(&mut self.attributes, &at, &message);
                }
                return Err(());
            }
        };
        // One value of a braced initializer: a macro among the tokens that expands to several
        // values (`1 + SIZES`) makes it no expression, rather than a comma operator's value.
        text = match wrap {
            Some(ty) => format!("static_cast<unsigned long long>({ty}{{{text}}})"),
            None => format!("decltype(0LL){{{text}}}"),
        };
        match self.evaluated.iter().find(|(t, _)| *t == text) {
            Some((_, Some(v))) => Ok(*v),
            Some((_, None)) => {
                if let Some(at) = at {
                    let message =
                        format!("'{}' is not an integral constant expression", spelled(arg));
                    problem(&mut self.attributes, &at, &message);
                }
                Err(())
            }
            None => {
                if let Some(at) = at {
                    let message = format!("sycl-clang++ could not evaluate '{}'", spelled(arg));
                    problem(&mut self.attributes, &at, &message);
                    if !self.pending.iter().any(|(t, _)| *t == text) {
                        self.pending.push((text, at));
                    }
                }
                Err(())
            }
        }
    }

    fn note_macro(&mut self, token: &Token) {
        if self.macro_at.is_none() {
            self.macro_at = Some(token.clone());
        }
    }
}

/// The non-type template parameters of `specialization` (a class or function template
/// specialization) with their integral values. Nothing when the parameters do not line up
/// with the arguments one to one (packs, partial specializations).
pub(super) fn template_values(specialization: Cursor<'_>) -> TemplateValues {
    let Some(template) = specialization.specialized_template() else {
        return Vec::new();
    };
    let Some((_, parameters)) = super::names::template_parameters(specialization, template) else {
        // Packs, partial specializations: the names are known, their values are not.
        return parameter_names(template)
            .into_iter()
            .map(|n| (n, TemplateValue::Unknown))
            .collect();
    };
    (0u32..)
        .zip(&parameters)
        .map(|(i, p)| {
            let value = match (p.kind(), specialization.template_argument(i)) {
                (
                    lc::CXCursor_NonTypeTemplateParameter,
                    lc::TemplateArgument::Integral { unsigned, .. },
                ) => TemplateValue::Integer(unsigned),
                (lc::CXCursor_TemplateTypeParameter, lc::TemplateArgument::Type(t)) => {
                    TemplateValue::Type(t.canonical().spelling())
                }
                _ => TemplateValue::Unknown,
            };
            (p.spelling(), value)
        })
        .collect()
}

/// `[[` at `i`.
fn is_attribute_start(tokens: &[Token], i: usize) -> bool {
    tokens.get(i).is_some_and(|t| t.spelling == "[")
        && tokens.get(i + 1).is_some_and(|t| t.spelling == "[")
}

/// The index past the bracket closing the one opened at `open` (which must be `opening`).
fn skip_balanced(tokens: &[Token], open: usize, opening: &str, closing: &str) -> Option<usize> {
    if tokens.get(open)?.spelling != opening {
        return None;
    }
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        if t.spelling == opening {
            depth += 1;
        } else if t.spelling == closing {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        } else if closing == ">" && t.spelling == ">>" {
            depth = depth.saturating_sub(2);
            if depth == 0 {
                return Some(i + 1);
            }
        }
    }
    None
}

/// One specifier's contents (`using ns: a, ns::b(1)`), its SYCL attributes into `reading`.
fn read_specifier(tokens: &[Token], reading: &mut Reading<'_>) {
    let mut rest = tokens;
    let mut namespace = None;
    if rest.first().is_some_and(|t| t.spelling == "using")
        && rest.get(2).is_some_and(|t| t.spelling == ":")
    {
        namespace = rest.get(1).map(|t| t.spelling.as_str());
        rest = &rest[3..];
    }
    for attribute in split_top_level(rest) {
        let (ns, name, args) = match attribute {
            [ns, colons, name, rest @ ..] if colons.spelling == "::" && namespace.is_none() => {
                (Some(ns.spelling.as_str()), name, rest)
            }
            [name, rest @ ..] => (namespace, name, rest),
            [] => continue,
        };
        if ns != Some("sycl") {
            continue;
        }
        let args = match args {
            [open, inner @ .., close] if open.spelling == "(" && close.spelling == ")" => inner,
            _ => &[][..],
        };
        read_attribute(name, &split_top_level(args), reading);
    }
}

/// Records the SYCL attribute `name` with `args`.
fn read_attribute(name: &Token, args: &[&[Token]], reading: &mut Reading<'_>) {
    match name.spelling.as_str() {
        "reqd_work_group_size" => {
            reading.attributes.reqd_work_group_size = sizes(name, args, reading);
        }
        "work_group_size_hint" => {
            reading.attributes.work_group_size_hint = sizes(name, args, reading);
        }
        "reqd_sub_group_size" => {
            reading.attributes.reqd_sub_group_size = match sizes(name, args, reading).as_deref() {
                Some([size]) => Some(*size),
                Some(_) => {
                    let message = "'sycl::reqd_sub_group_size' takes one value";
                    problem(&mut reading.attributes, name, message);
                    None
                }
                None => None,
            }
        }
        "device_has" => {
            let mut aspects = Vec::new();
            for arg in args {
                let parameter = match arg {
                    [single] => integer_value(reading.values, &single.spelling),
                    _ => None,
                };
                match (parameter, aspect_name(arg)) {
                    (Some(v), _) => {
                        aspects.push((AspectArgument::Value(v), location(&arg[0])));
                    }
                    (None, Some(t)) => {
                        aspects.push((AspectArgument::Named(t.spelling.clone()), location(t)));
                    }
                    (None, None) => match arg {
                        // A name alone may be a macro for several aspects: read from its
                        // expansion.
                        [single] if single.identifier => {
                            reading.note_macro(single);
                            problem(
                                &mut reading.attributes,
                                single,
                                "sycl-clang++ could not read this 'sycl::device_has' argument",
                            );
                        }
                        [] => {}
                        _ => {
                            // A constant expression of type `sycl::aspect`.
                            let wrap = Some("::sycl::aspect");
                            if let Ok(v) = reading.evaluate(arg, wrap) {
                                match u64::try_from(v) {
                                    Ok(v) => {
                                        aspects.push((AspectArgument::Value(v), location(&arg[0])))
                                    }
                                    Err(_) => problem(
                                        &mut reading.attributes,
                                        &arg[0],
                                        &format!("{v} is not a sycl::aspect"),
                                    ),
                                }
                            }
                        }
                    },
                }
            }
            reading.attributes.device_has = Some(aspects);
        }
        _ => {}
    }
}

/// The arguments' values: integer literals, template parameters, or any other integral
/// constant expression clang evaluates; `None` (with a problem recorded) when one is not
/// positive or not known yet (a name that may be a macro is noted, an expression is pending).
fn sizes(name: &Token, args: &[&[Token]], reading: &mut Reading<'_>) -> Option<Vec<u64>> {
    if args.is_empty() || args.len() > 3 {
        let message = format!("'sycl::{}' takes 1 to 3 values", name.spelling);
        problem(&mut reading.attributes, name, &message);
        return None;
    }
    let mut sizes = Vec::new();
    let mut complete = true;
    for arg in args {
        let known = match arg {
            [single] => integer_literal(&single.spelling)
                .or_else(|| integer_value(reading.values, &single.spelling))
                .map(i128::from),
            _ => None,
        };
        let value = match (known, arg) {
            (Some(v), _) => v,
            // A name alone may be a macro for several values: read from its expansion.
            (None, [single]) if single.identifier => {
                reading.note_macro(single);
                let message = format!(
                    "sycl-clang++ could not read the argument '{}' of 'sycl::{}'",
                    single.spelling, name.spelling
                );
                problem(&mut reading.attributes, single, &message);
                complete = false;
                continue;
            }
            (None, []) => {
                let message = format!("'sycl::{}' has an empty argument", name.spelling);
                problem(&mut reading.attributes, name, &message);
                return None;
            }
            (None, _) => match reading.evaluate(arg, None) {
                Ok(v) => v,
                Err(()) => {
                    complete = false;
                    continue;
                }
            },
        };
        match u64::try_from(value) {
            Ok(v) if v > 0 => sizes.push(v),
            _ => {
                let message = format!(
                    "the arguments of 'sycl::{}' must be positive; '{}' is {value}",
                    name.spelling,
                    spelled(arg)
                );
                problem(&mut reading.attributes, &arg[0], &message);
                complete = false;
            }
        }
    }
    complete.then_some(sizes)
}

/// The tokens as written, separated by spaces.
fn spelled(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| t.spelling.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `tokens`' spellings.
fn spellings(tokens: &[Token]) -> Vec<String> {
    tokens.iter().map(|t| t.spelling.clone()).collect()
}

/// An argument's text for clang to evaluate where it is written: its tokens, with the
/// template parameters of the specialization replaced by their arguments (in the template's
/// own code, where it is evaluated, they have none). A member named like a parameter (after
/// `::`, `.` or `->`) is left alone. `Err`: the name of a parameter it uses whose argument
/// cannot be written (evaluated in the template, it would be no value of this kernel's).
fn expression_text(arg: &[Token], values: &TemplateValues) -> Result<String, String> {
    let mut parts = Vec::with_capacity(arg.len());
    for (i, t) in arg.iter().enumerate() {
        let after_member_access =
            i > 0 && matches!(arg[i - 1].spelling.as_str(), "::" | "." | "->");
        let value = values
            .iter()
            .find(|(n, _)| *n == t.spelling)
            .filter(|_| !after_member_access);
        match value {
            Some((_, TemplateValue::Integer(v))) if *v <= i64::MAX as u64 => {
                parts.push(format!("({v})"))
            }
            Some((_, TemplateValue::Integer(v))) => parts.push(format!("({v}ULL)")),
            Some((_, TemplateValue::Type(spelling))) => parts.push(spelling.clone()),
            Some((name, TemplateValue::Unknown)) => return Err(name.clone()),
            None => parts.push(t.spelling.clone()),
        }
    }
    Ok(parts.join(" "))
}

/// `sycl::aspect::fp64`, `aspect::fp64` (any qualification ending in `aspect::`): `fp64`.
fn aspect_name(arg: &[Token]) -> Option<&Token> {
    let (last, qualifier) = arg.split_last()?;
    let is_identifier = |t: &Token| {
        t.spelling
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    };
    let qualified_by_aspect = match qualifier {
        [.., aspect, colons] => aspect.spelling == "aspect" && colons.spelling == "::",
        _ => false,
    };
    (is_identifier(last) && qualified_by_aspect).then_some(last)
}

/// A C++ integer literal's value (`16`, `0x10`, `020`, `0b1'0000`, `16u`, `16ULL`).
fn integer_literal(text: &str) -> Option<u64> {
    let digits: String = text.chars().filter(|&c| c != '\'').collect();
    let lower = digits.to_ascii_lowercase();
    let body = lower.trim_end_matches(['u', 'l', 'z']);
    let (radix, body) = if let Some(hex) = body.strip_prefix("0x") {
        (16, hex)
    } else if let Some(bin) = body.strip_prefix("0b") {
        (2, bin)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if body.is_empty() {
        return None;
    }
    u64::from_str_radix(body, radix).ok()
}

/// Splits at commas outside brackets.
fn split_top_level(tokens: &[Token]) -> Vec<&[Token]> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t.spelling.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                parts.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < tokens.len() {
        parts.push(&tokens[start..]);
    }
    parts
}

fn location(t: &Token) -> SourceLocation {
    SourceLocation {
        file: t.location.file.clone(),
        line: t.location.line,
        column: t.location.column,
    }
}

/// A clang-style located error.
fn problem(out: &mut KernelAttributes, at: &Token, message: &str) {
    let file = at
        .location
        .file
        .as_deref()
        .map_or_else(|| "<unknown>".into(), |p| p.display().to_string());
    out.problems.push(format!(
        "{file}:{}:{}: error: {message}",
        at.location.line, at.location.column
    ));
}

#[cfg(test)]
mod tests {
    use super::{TemplateValue, expression_text, integer_literal};
    use crate::libclang::{Location, Token};

    fn tokens(text: &str) -> Vec<Token> {
        text.split(' ')
            .map(|spelling| Token {
                spelling: spelling.into(),
                location: Location {
                    file: None,
                    line: 1,
                    column: 1,
                },
                offset: 0,
                identifier: spelling.chars().all(|c| c.is_alphanumeric() || c == '_'),
            })
            .collect()
    }

    #[test]
    fn template_arguments_are_written_into_expressions() {
        let values = vec![
            ("N".to_string(), TemplateValue::Integer(4)),
            ("T".to_string(), TemplateValue::Type("double".into())),
            ("Big".to_string(), TemplateValue::Integer(u64::MAX)),
            ("P".to_string(), TemplateValue::Unknown),
        ];
        let text = |t: &str| expression_text(&tokens(t), &values);
        assert_eq!(text("N * 2"), Ok("(4) * 2".into()));
        assert_eq!(
            text("sizeof ( T ) + N"),
            Ok("sizeof ( double ) + (4)".into())
        );
        assert_eq!(text("Big / 2"), Ok(format!("({}ULL) / 2", u64::MAX)));
        // A member named like a parameter is the member.
        assert_eq!(text("S :: N + s . N"), Ok("S :: N + s . N".into()));
        assert_eq!(text("kSize * 2"), Ok("kSize * 2".into()));
        assert_eq!(text("sizeof... ( P )"), Err("P".into()));
    }

    #[test]
    fn integer_literals() {
        assert_eq!(integer_literal("16"), Some(16));
        assert_eq!(integer_literal("0x10"), Some(16));
        assert_eq!(integer_literal("020"), Some(16));
        assert_eq!(integer_literal("0b1'0000"), Some(16));
        assert_eq!(integer_literal("16ULL"), Some(16));
        assert_eq!(integer_literal("0"), Some(0));
        assert_eq!(integer_literal("N"), None);
        assert_eq!(integer_literal("1.5"), None);
    }
}
