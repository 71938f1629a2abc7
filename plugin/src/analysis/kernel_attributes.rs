//! SYCL 2020 kernel attributes (§5.8.1) on a kernel's `operator()`: `reqd_work_group_size`,
//! `work_group_size_hint`, `reqd_sub_group_size`, `device_has`. Stock clang does not know
//! them and leaves them out of the AST ("unknown attribute ignored"), so they are read from
//! the tokens where C++ puts them: after a lambda's parameter list, before a functor's
//! `operator()`. Arguments must be integer literals or non-type template parameters of the
//! specialization the kernel is in (aspects: `sycl::aspect` enumerators); anything else is
//! refused with its location, never guessed.
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

/// Names of template parameters with their values in a specialization.
pub(super) type TemplateValues = Vec<(String, u64)>;

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
    /// The region's first macro, where problems with its expansion are reported.
    pub(crate) at: Token,
}

/// The attributes after the parameter list of the lambda expression `lambda`; `values` are
/// the template parameters of the specialization it is instantiated in. With a macro among
/// the tokens, also what the expansion parse needs to read them as clang expands them.
pub(super) fn lambda_attributes(
    lambda: Cursor<'_>,
    values: &TemplateValues,
) -> (KernelAttributes, Option<Unexpanded>) {
    read_lambda(&lambda.extent_tokens(), lambda, values)
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
    Some(read_lambda(&tokens, record, values))
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
    let unexpanded = match (reading.macro_at.take(), body, place.written_file()) {
        (None, ..) => None,
        (Some(at), Some(body), Some(file)) if body > start => Some(Unexpanded {
            file,
            region: tokens[start].offset..end_of(&tokens[body - 1]),
            insert_at: end_of(&tokens[body]),
            values: values.clone(),
            at,
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
    let values = template_values(record);
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
        let Some(at) = reading.macro_at.take() else {
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
                read_specifier(&tokens[i + 2..end - 2], &mut reading);
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    let attributes = reading.attributes;
    attributes
        .device_has
        .map(|aspects| (aspects, attributes.problems))
}

/// The attributes in `tokens`, clang's expansion of `unexpanded`'s region: every `[[…]]`
/// outside parentheses, read with its template values; problems are reported at the macro.
pub(crate) fn expanded_attributes(tokens: &[String], unexpanded: &Unexpanded) -> KernelAttributes {
    let at = &unexpanded.at;
    let tokens: Vec<Token> = tokens
        .iter()
        .map(|spelling| Token {
            spelling: spelling.clone(),
            // Any name in it has been through the preprocessor already.
            identifier: false,
            ..at.clone()
        })
        .collect();
    let mut reading = Reading::new(&unexpanded.values);
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].spelling.as_str() {
            "(" => depth += 1,
            ")" => depth = depth.saturating_sub(1),
            "[" if depth == 0 && is_attribute_start(&tokens, i) => {
                let Some(end) = skip_balanced(&tokens, i, "[", "]") else {
                    break;
                };
                read_specifier(&tokens[i + 2..end - 2], &mut reading);
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    reading.attributes
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

/// Attributes being read, and the first name among their tokens that may be a macro.
struct Reading<'v> {
    values: &'v TemplateValues,
    attributes: KernelAttributes,
    macro_at: Option<Token>,
}

impl<'v> Reading<'v> {
    fn new(values: &'v TemplateValues) -> Self {
        Reading {
            values,
            attributes: KernelAttributes::default(),
            macro_at: None,
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
    let Some((_, parameters)) = specialization
        .specialized_template()
        .and_then(|template| super::names::template_parameters(specialization, template))
    else {
        return Vec::new();
    };
    (0u32..)
        .zip(&parameters)
        .filter(|(_, p)| p.kind() == lc::CXCursor_NonTypeTemplateParameter)
        .filter_map(|(i, p)| match specialization.template_argument(i) {
            lc::TemplateArgument::Integral { unsigned, .. } => Some((p.spelling(), unsigned)),
            _ => None,
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
                    [single] => reading.values.iter().find(|(n, _)| *n == single.spelling),
                    _ => None,
                };
                match (parameter, aspect_name(arg)) {
                    (Some(&(_, v)), _) => {
                        aspects.push((AspectArgument::Value(v), location(&arg[0])));
                    }
                    (None, Some(t)) => {
                        aspects.push((AspectArgument::Named(t.spelling.clone()), location(t)));
                    }
                    (None, None) => {
                        if let [single] = arg {
                            if single.identifier {
                                reading.note_macro(single);
                            }
                        }
                        problem(
                            &mut reading.attributes,
                            arg.first().unwrap_or(name),
                            "sycl-clang++ reads 'sycl::device_has' arguments written as \
                             'sycl::aspect::<name>' or template parameters only",
                        );
                    }
                }
            }
            reading.attributes.device_has = Some(aspects);
        }
        _ => {}
    }
}

/// Integer-literal (or template parameter) arguments; `None` (with a problem recorded) when
/// one is neither (a name that may be a macro is noted).
fn sizes(name: &Token, args: &[&[Token]], reading: &mut Reading<'_>) -> Option<Vec<u64>> {
    if args.is_empty() || args.len() > 3 {
        let message = format!("'sycl::{}' takes 1 to 3 values", name.spelling);
        problem(&mut reading.attributes, name, &message);
        return None;
    }
    let mut sizes = Vec::new();
    for arg in args {
        let value = match arg {
            [single] => integer_literal(&single.spelling).or_else(|| {
                reading
                    .values
                    .iter()
                    .find(|(n, _)| *n == single.spelling)
                    .map(|&(_, v)| v)
            }),
            _ => None,
        };
        match value {
            Some(v) if v > 0 => sizes.push(v),
            _ => {
                if let [single] = arg {
                    if single.identifier {
                        reading.note_macro(single);
                    }
                }
                let at = arg.first().unwrap_or(name);
                let message = format!(
                    "sycl-clang++ reads the arguments of 'sycl::{}' as positive integer \
                     literals or template parameters only; '{}' is neither",
                    name.spelling,
                    arg.iter()
                        .map(|t| t.spelling.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                problem(&mut reading.attributes, at, &message);
                return None;
            }
        }
    }
    Some(sizes)
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
    use super::integer_literal;

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
