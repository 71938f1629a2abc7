//! Own Itanium manglings (`clang_Cursor_getMangling` builds a mangler per call) and symbolic
//! IDs. Debug builds compare every own result that has a cursor with libclang's.

use super::Walker;
use super::names::template_parameters;
use crate::libclang::{self as lc, Cursor};
use crate::model::{Linkage, Scope};

impl<'tu> Walker<'tu> {
    /// `__builtin_sycl_unique_stable_id`: the mangled name, prefixed unless externally visible.
    pub(super) fn symbolic_id(&self, mangled: &str, linkage: Linkage) -> String {
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
}

/// The mangled name of variable `c` (`variable` in `scopes`): built here where the scopes and
/// template arguments allow, otherwise libclang's. `unexposed_usr`: the USR of a
/// variable-template specialization (UnexposedDecl), whose builtin template arguments it spells
/// (libclang exposes none).
pub(super) fn mangled_name(
    c: Cursor<'_>,
    scopes: &[Scope],
    variable: &str,
    unexposed_usr: Option<&str>,
    linkage: Linkage,
) -> String {
    let plain = match unexposed_usr {
        None => mangle_plain_variable(scopes, variable, "", linkage)
            .or_else(|| mangle_specialization_member(c, scopes, variable)),
        Some(usr) => usr_template_arguments(usr, variable)
            .and_then(|args| mangle_plain_variable(scopes, variable, &args, linkage)),
    };
    match plain {
        Some(m) => {
            debug_assert_eq!(m, libclang_mangling(c), "own mangling of {variable}");
            m
        }
        None => libclang_mangling(c),
    }
}

/// libclang's mangling forced to the `_Z` form: `clang_Cursor_getMangling` applies
/// `shouldMangleDeclName`, so a global-namespace variable comes back bare, while the builtin
/// always mangles (`_Z` + length + name).
pub(super) fn libclang_mangling(c: Cursor<'_>) -> String {
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
pub(super) fn push_source_name(out: &mut String, name: &str) {
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

/// `_ZN <outer scopes> <class> I <args> E` for the class template specialization `record`
/// (whose scopes, itself last, are `scopes`), when the outer scopes are plain and the
/// arguments are builtin types or integral values.
pub(super) fn specialization_prefix(
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

#[cfg(test)]
mod tests {
    use super::usr_template_arguments;

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
}
