//! Implicit instantiations that libclang lists among the declarations.

use std::rc::Rc;

use super::Walker;
use rustc_hash::FxHashSet;

use super::maps::CursorMap;
use crate::libclang::{self as lc, Cursor};

/// Implicit variable-template instantiations, told from explicit ones.
#[derive(Default)]
pub(super) struct Instantiations<'tu> {
    /// Where primary variable templates start (implicit instantiations start there too).
    primary_var_template_starts: FxHashSet<lc::SourcePosition>,
    /// USRs of variable-template specializations (unexposed declarations), asked for twice.
    unexposed_usrs: CursorMap<'tu, Rc<str>>,
    /// Implicitly instantiated variable-template specializations met as declarations.
    pub(super) implicit_instantiations: Vec<Cursor<'tu>>,
}

impl<'tu> Walker<'tu> {
    /// Collects the implicit instantiations no use in the TU's own code revealed (e.g. used
    /// from a template), after the walk.
    pub(super) fn collect_remaining_instantiations(&mut self) {
        for c in std::mem::take(&mut self.instantiations.implicit_instantiations) {
            if let Some(found) = self.spec_id_for(c) {
                self.push(found, true);
            }
        }
    }

    /// libclang lists some implicit instantiations among the declarations:
    /// * variable-template specializations (UnexposedDecl, at the class or TU), with the extent of
    ///   their pattern: `template <params> …`, where an explicit specialization starts
    ///   `template <>` and an explicit instantiation `template constexpr …`;
    /// * static data members of class template specializations defined out of line
    ///   (`template <class T> const X Cfg<T>::id{…};`), listed where the pattern is, with the
    ///   pattern's extent minus its template header, so they start with neither form of `template`.
    pub(super) fn is_implicit_instantiation(&mut self, c: Cursor<'tu>) -> bool {
        match c.kind() {
            lc::CXCursor_UnexposedDecl if c.ty().is_valid() => {
                if is_partial_specialization_usr(&self.unexposed_usr(c)) {
                    return false;
                }
                // Implicit instantiations carry their pattern's extent, so one that starts
                // where a primary template met earlier starts is one: no tokens needed.
                if self
                    .instantiations
                    .primary_var_template_starts
                    .contains(&c.extent_start())
                {
                    debug_assert!(starts_with_template_parameters(c), "{}", c.usr());
                    return true;
                }
                starts_with_template_parameters(c)
            }
            lc::CXCursor_UnexposedDecl => {
                // A primary variable template (no type): remember where it starts.
                self.instantiations
                    .primary_var_template_starts
                    .insert(c.extent_start());
                false
            }
            lc::CXCursor_VarDecl => {
                let Some(class) = c.semantic_parent() else {
                    return false;
                };
                let out_of_line = c.lexical_parent().is_some_and(|l| l != class);
                out_of_line
                    && matches!(
                        class.kind(),
                        lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
                    )
                    && class.num_template_arguments() > 0
                    && c.leading_tokens(1).first().map(String::as_str) != Some("template")
            }
            _ => false,
        }
    }

    /// The USR of a variable-template specialization (cached: asked for twice).
    pub(super) fn unexposed_usr(&mut self, c: Cursor<'tu>) -> Rc<str> {
        self.instantiations
            .unexposed_usrs
            .get_or_insert_with(c, || Rc::from(c.usr()))
    }
}

/// `template <params>`: the extent of a template pattern, which implicit instantiations of
/// variable templates carry (explicit specializations start `template <>`, explicit
/// instantiations `template` and then a declaration).
fn starts_with_template_parameters(c: Cursor<'_>) -> bool {
    let tokens = c.leading_tokens(3);
    let t: Vec<&str> = tokens.iter().map(String::as_str).collect();
    matches!(t.as_slice(), ["template", "<", next] if *next != ">")
}

/// A variable template partial specialization (`template <class T> … vp<T *>{…};`). libclang
/// reports it as an unexposed declaration with a concrete type and without its template
/// parameters; only its USR tells (clang's USR generator marks these declarations `@VP>`).
pub(super) fn is_partial_specialization_usr(usr: &str) -> bool {
    usr.contains("@VP>")
}
