//! Names as clang prints them: class template specializations in qualified names, variable
//! template specializations with their arguments, enumerators.

use super::Walker;
use rustc_hash::FxHashMap;

use crate::libclang::{self as lc, Cursor, Type};
use crate::model::{Inlining, Scope};

impl<'tu> Walker<'tu> {
    /// Remembers how clang names the enumerators of `enumeration`: the enumeration's scopes,
    /// then the enumeration itself only when it is scoped (`ns::Green`, `ns::Mode::Off`).
    /// Anonymous namespaces are left out of the name (clang's `(anonymous namespace)::A` does
    /// not compile; `A` finds the same enumerator). Enumerations in inline namespaces or
    /// template scopes, and unnamed ones, are not recorded: their values keep the general
    /// demangler's form.
    pub(super) fn record_enumerators(&mut self, enumeration: Cursor<'tu>) {
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
}

/// A record's name as clang prints it in a qualified name: with template arguments for
/// class template specializations (`S3<1>`, `WrapperTemplate<int>`).
pub(super) fn record_name(record: Cursor<'_>) -> String {
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
pub(super) fn template_parameters<'tu>(
    record: Cursor<'tu>,
    template: Cursor<'tu>,
) -> Option<(u32, Vec<Cursor<'tu>>)> {
    let count = u32::try_from(record.num_template_arguments()).ok()?;
    let parameters = parameters_of(template);
    (parameters.len() == count as usize).then_some((count, parameters))
}

/// `template`'s parameters (type, non-type and template ones), in order.
pub(super) fn parameters_of(template: Cursor<'_>) -> Vec<Cursor<'_>> {
    template
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
        .collect()
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
pub(super) fn variable_name(
    c: Cursor<'_>,
    name: String,
    mangled: &str,
    enumerators: &FxHashMap<(String, i128), String>,
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
