//! The template arguments of a variable-template specialization, printed the way clang's
//! qualified-name printer prints them (`vp<int *>`, `sc<20>`, `v<ns::Foo<char>>`), read back
//! from the Itanium mangled name: libclang exposes no template-argument API for variables, and a
//! general demangler formats differently (`int*`, `(char)65`).
//!
//! Only what can be printed exactly is handled: builtin types, cv-qualifiers, pointers and
//! references, class types and class templates, substitutions, integer, bool and character
//! literals, and enumeration values the caller can name (clang prints the enumerator).
//! Anything else (expressions, function or array types, …) gives `None` and the caller falls
//! back to a general demangler.

/// Names the enumerator of enumeration `.0` (printed as here, `ns::Color`) with value `.1`,
/// as clang prints it (`ns::Green`, `ns::Mode::Off`); `None` if it cannot.
pub(crate) type EnumeratorName<'a> = &'a dyn Fn(&str, i128) -> Option<String>;

/// Parses `mangled` (a variable's `_Z…` name) and returns its final template-argument list,
/// printed clang-style, if the name ends in one.
pub(crate) fn trailing_template_args(
    mangled: &str,
    enumerator: EnumeratorName<'_>,
) -> Option<String> {
    let mut p = Parser {
        input: mangled.as_bytes(),
        pos: 0,
        substitutions: Vec::new(),
        enumerator,
    };
    p.expect(b"_Z")?;
    let args = p.entity_name()?;
    (p.pos == p.input.len()).then_some(args?)
}

struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    /// Printed forms of the substitution candidates, in order (`S_`, `S0_`, …).
    substitutions: Vec<String>,
    enumerator: EnumeratorName<'a>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &[u8]) -> Option<()> {
        if self.input[self.pos..].starts_with(s) {
            self.pos += s.len();
            Some(())
        } else {
            None
        }
    }

    fn number(&mut self) -> Option<u64> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        std::str::from_utf8(&self.input[start..self.pos])
            .ok()?
            .parse()
            .ok()
    }

    fn source_name(&mut self) -> Option<String> {
        let len = usize::try_from(self.number()?).ok()?;
        let end = self.pos.checked_add(len)?;
        let name = std::str::from_utf8(self.input.get(self.pos..end)?).ok()?;
        self.pos = end;
        if name.starts_with("_GLOBAL__N") {
            return Some("(anonymous namespace)".to_string());
        }
        Some(name.to_string())
    }

    /// `S_`, `S<seq-id>_` or one of the `S<letter>` abbreviations.
    fn substitution(&mut self) -> Option<String> {
        self.expect(b"S")?;
        match self.peek()? {
            b'_' => {
                self.pos += 1;
                self.substitutions.first().cloned()
            }
            b'0'..=b'9' | b'A'..=b'Z' => {
                let start = self.pos;
                while self.peek().is_some_and(|b| b != b'_') {
                    self.pos += 1;
                }
                let digits = std::str::from_utf8(&self.input[start..self.pos]).ok()?;
                self.expect(b"_")?;
                let index = usize::try_from(u64::from_str_radix(digits, 36).ok()?).ok()? + 1;
                self.substitutions.get(index).cloned()
            }
            b't' => {
                self.pos += 1;
                Some("std".to_string())
            }
            _ => None, // Sa, Sb, Ss, …: standard-library abbreviations
        }
    }

    /// The variable's name; returns the printed final template arguments (`None` inside the
    /// `Option` when the name has none).
    fn entity_name(&mut self) -> Option<Option<String>> {
        if self.eat(b'N') {
            return self.nested_name(false).map(|(_, args)| args);
        }
        self.eat(b'L');
        let name = if self.peek() == Some(b'S') {
            let std = self.substitution()?;
            format!("{std}::{}", self.source_name()?)
        } else {
            self.source_name()?
        };
        if self.peek() == Some(b'I') {
            self.substitutions.push(name);
            return Some(Some(self.template_args()?));
        }
        Some(None)
    }

    /// `N … E` after the `N`: returns the printed qualified name and its final template
    /// arguments, registering every prefix as a substitution candidate. The complete name is a
    /// candidate too when it names a type (`complete_is_candidate`), not when it is the
    /// variable's own name.
    fn nested_name(&mut self, complete_is_candidate: bool) -> Option<(String, Option<String>)> {
        let mut qualified = String::new();
        let mut last_args = None;
        loop {
            match self.peek()? {
                b'E' => {
                    self.pos += 1;
                    if !complete_is_candidate {
                        self.substitutions.pop();
                    }
                    return Some((qualified, last_args));
                }
                b'L' => self.pos += 1,
                b'S' => {
                    qualified = self.substitution()?;
                    if qualified == "std" {
                        continue; // `St` itself is not a candidate
                    }
                }
                b'I' => {
                    let args = self.template_args()?;
                    qualified.push_str(&args);
                    self.substitutions.push(qualified.clone());
                    last_args = Some(args);
                }
                b'0'..=b'9' => {
                    let name = self.source_name()?;
                    if !qualified.is_empty() {
                        qualified.push_str("::");
                    }
                    qualified.push_str(&name);
                    self.substitutions.push(qualified.clone());
                    last_args = None;
                }
                _ => return None,
            }
        }
    }

    /// `I <template-arg>+ E`, printed `<a, b>`.
    fn template_args(&mut self) -> Option<String> {
        self.expect(b"I")?;
        let mut args = Vec::new();
        while !self.eat(b'E') {
            args.push(self.template_arg()?);
        }
        Some(format!("<{}>", args.join(", ")))
    }

    fn template_arg(&mut self) -> Option<String> {
        match self.peek()? {
            b'L' => self.literal(),
            b'J' => {
                self.pos += 1;
                let mut items = Vec::new();
                while !self.eat(b'E') {
                    items.push(self.template_arg()?);
                }
                Some(items.join(", "))
            }
            b'X' => None,
            _ => self.ty(),
        }
    }

    /// `L <type> <value> E` for integers, bool and characters, and for enumeration values
    /// (`L <class-type> <value> E`) that have an enumerator.
    fn literal(&mut self) -> Option<String> {
        self.expect(b"L")?;
        if self
            .peek()
            .is_some_and(|b| b.is_ascii_digit() || b == b'N' || b == b'S')
        {
            let enumeration = self.ty()?;
            let negative = self.eat(b'n');
            let magnitude = i128::from(self.number()?);
            self.expect(b"E")?;
            let value = if negative { -magnitude } else { magnitude };
            return (self.enumerator)(&enumeration, value);
        }
        let kind = self.peek()?;
        self.pos += 1;
        let negative = self.eat(b'n');
        let value = self.number()?;
        self.expect(b"E")?;
        match kind {
            b'b' => Some(if value != 0 { "true" } else { "false" }.to_string()),
            b'c' | b'a' | b'h' if !negative => {
                let c = u8::try_from(value).ok()?;
                (c.is_ascii_graphic() || c == b' ')
                    .then(|| match c {
                        b'\'' | b'\\' => None,
                        _ => Some(format!("'{}'", c as char)),
                    })
                    .flatten()
            }
            b'i' | b'j' | b'l' | b'm' | b'x' | b'y' | b's' | b't' | b'n' | b'o' => {
                Some(if negative {
                    format!("-{value}")
                } else {
                    value.to_string()
                })
            }
            _ => None, // enumerations print as enumerators; floating point differs
        }
    }

    fn ty(&mut self) -> Option<String> {
        let c = self.peek()?;
        if let Some(builtin) = builtin(c) {
            self.pos += 1;
            return Some(builtin.to_string());
        }
        let printed = match c {
            b'D' => return self.d_builtin(),
            b'P' | b'R' | b'O' => self.pointer_or_reference(c)?,
            b'K' | b'V' => self.cv_qualified()?,
            b'N' => {
                self.pos += 1;
                let (qualified, _) = self.nested_name(true)?;
                return Some(qualified);
            }
            b'S' => return self.substituted_type(),
            b'0'..=b'9' => {
                let name = self.source_name()?;
                self.substitutions.push(name.clone());
                return self.maybe_template_args(name);
            }
            _ => return None,
        };
        self.substitutions.push(printed.clone());
        Some(printed)
    }

    /// `D…` builtins (`Dn`, `Di`, `DF16_`, …); not substitution candidates.
    fn d_builtin(&mut self) -> Option<String> {
        if self.input[self.pos..].starts_with(b"DF16_") {
            self.pos += 5;
            return Some("_Float16".to_string());
        }
        let name = match self.input.get(self.pos + 1)? {
            b'n' => "std::nullptr_t",
            b'i' => "char32_t",
            b's' => "char16_t",
            b'u' => "char8_t",
            b'h' => "__fp16",
            _ => return None,
        };
        self.pos += 2;
        Some(name.to_string())
    }

    /// `P`, `R`, `O` + type, printed as clang does (`int *`, `int **`, `int &&`).
    fn pointer_or_reference(&mut self, c: u8) -> Option<String> {
        self.pos += 1;
        let inner = self.ty()?;
        let sigil = match c {
            b'P' => "*",
            b'R' => "&",
            _ => "&&",
        };
        Some(if inner.ends_with('*') || inner.ends_with('&') {
            format!("{inner}{sigil}")
        } else {
            format!("{inner} {sigil}")
        })
    }

    /// `K`/`V` qualifiers + type.
    fn cv_qualified(&mut self) -> Option<String> {
        let mut qualifiers = Vec::new();
        while let Some(q) = self.peek() {
            match q {
                b'V' => qualifiers.push("volatile"),
                b'K' => qualifiers.push("const"),
                _ => break,
            }
            self.pos += 1;
        }
        // Itanium orders r V K; clang prints const before volatile.
        qualifiers.reverse();
        let inner = self.ty()?;
        let quals = qualifiers.join(" ");
        Some(if inner.ends_with('*') {
            format!("{inner}{quals}")
        } else {
            format!("{quals} {inner}")
        })
    }

    /// `S…`: a substitution, or `St` + a name in `std`.
    fn substituted_type(&mut self) -> Option<String> {
        let sub = self.substitution()?;
        if sub == "std" {
            let name = format!("std::{}", self.source_name()?);
            self.substitutions.push(name.clone());
            return self.maybe_template_args(name);
        }
        // A substituted template name may still take arguments (`S_IiE`).
        self.maybe_template_args(sub)
    }

    fn maybe_template_args(&mut self, name: String) -> Option<String> {
        if self.peek() == Some(b'I') {
            let printed = format!("{name}{}", self.template_args()?);
            self.substitutions.push(printed.clone());
            return Some(printed);
        }
        Some(name)
    }
}

fn builtin(c: u8) -> Option<&'static str> {
    Some(match c {
        b'v' => "void",
        b'w' => "wchar_t",
        b'b' => "bool",
        b'c' => "char",
        b'a' => "signed char",
        b'h' => "unsigned char",
        b's' => "short",
        b't' => "unsigned short",
        b'i' => "int",
        b'j' => "unsigned int",
        b'l' => "long",
        b'm' => "unsigned long",
        b'x' => "long long",
        b'y' => "unsigned long long",
        b'n' => "__int128",
        b'o' => "unsigned __int128",
        b'f' => "float",
        b'd' => "double",
        b'e' => "long double",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::trailing_template_args;

    fn args(mangled: &str) -> Option<String> {
        trailing_template_args(mangled, &|_, _| None)
    }

    #[test]
    fn enumeration_values_print_as_the_caller_names_them() {
        // What clang prints for these enumerators (unscoped: the enumeration's scope only).
        let name = |enumeration: &str, value: i128| match (enumeration, value) {
            ("ns::Color", 1) => Some("ns::Green".to_string()),
            ("ns::Mode", -1) => Some("ns::Mode::Off".to_string()),
            ("G", 1) => Some("GB".to_string()),
            _ => None,
        };
        let with = |mangled: &str| trailing_template_args(mangled, &name);
        assert_eq!(
            with("_Z2vcILN2ns5ColorE1EE").as_deref(),
            Some("<ns::Green>")
        );
        assert_eq!(
            with("_Z2vmILN2ns4ModeEn1EE").as_deref(),
            Some("<ns::Mode::Off>")
        );
        assert_eq!(with("_Z2vgIL1G1EE").as_deref(), Some("<GB>"));
        // The enumeration as an earlier argument's substitution.
        assert_eq!(
            with("_Z1wIN2ns5ColorELS1_1EE").as_deref(),
            Some("<ns::Color, ns::Green>")
        );
        // No enumerator with that value: the caller's fallback prints it.
        assert_eq!(with("_Z2vcILN2ns5ColorE5EE"), None);
    }

    // Expected texts: clang's printing of the same arguments (TemplateArgument::print with
    // canonical types), as DPC++'s footer shows them (`docs/reference/footer.md` §4.3, §6.4).
    #[test]
    fn half_precision_types_print_with_their_keywords() {
        assert_eq!(args("_Z1vIDhE").as_deref(), Some("<__fp16>"));
        assert_eq!(args("_Z1vIDF16_E").as_deref(), Some("<_Float16>"));
    }

    #[test]
    fn builtin_and_literal_arguments() {
        assert_eq!(args("_Z2vtIfE").as_deref(), Some("<float>"));
        assert_eq!(args("_ZN2GW2scILi20EEE").as_deref(), Some("<20>"));
        assert_eq!(args("_Z1vILin3EE").as_deref(), Some("<-3>"));
        assert_eq!(args("_Z1vILb1EE").as_deref(), Some("<true>"));
        assert_eq!(args("_Z1vILc65EE").as_deref(), Some("<'A'>"));
        assert_eq!(
            args("_ZN12_GLOBAL__N_114HasVarTemplate8VarTemplIiLi2EEE").as_deref(),
            Some("<int, 2>")
        );
    }

    #[test]
    fn pointers_references_and_qualifiers_print_like_clang() {
        assert_eq!(args("_Z2vpIPiE").as_deref(), Some("<int *>"));
        assert_eq!(args("_Z2vpIPKcE").as_deref(), Some("<const char *>"));
        assert_eq!(args("_Z2vpIPPiE").as_deref(), Some("<int **>"));
        assert_eq!(args("_Z2vpIKPiE").as_deref(), Some("<int *const>"));
        assert_eq!(args("_Z2vpIRiE").as_deref(), Some("<int &>"));
    }

    #[test]
    fn class_types_and_substitutions() {
        assert_eq!(args("_Z1vIN2ns3FooEE").as_deref(), Some("<ns::Foo>"));
        // S_ = ns (the variable's own prefix), so the argument is ns::Foo.
        assert_eq!(args("_ZN2ns1vINS_3FooEEE").as_deref(), Some("<ns::Foo>"));
        assert_eq!(
            args("_Z1vIN2ns3BoxIcEES2_E").as_deref(),
            Some("<ns::Box<char>, ns::Box<char>>")
        );
        assert_eq!(
            args("_Z1vINSt3foo3BarEE").as_deref(),
            Some("<std::foo::Bar>")
        );
    }

    #[test]
    fn unsupported_forms_fall_back() {
        assert_eq!(args("_ZN3Foo8NSSpecIDE"), None);
        assert_eq!(args("_Z1vIL_Z1xEE"), None);
        assert_eq!(args("_Z1vILN2ns1EE1EE"), None);
        assert_eq!(args("garbage"), None);
    }
}
