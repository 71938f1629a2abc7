//! Renders the SYCL 2020 integration footer exactly as DPC++ writes it
//! (`SYCLIntegrationFooter` in `clang/lib/Sema/SemaSYCL.cpp`), from the front end's
//! [`model::SpecId`] list. No libclang here: the footer is a pure function of the analysis.
//!
//! Where DPC++'s algorithm yields a footer that is not valid C++ (several anonymous namespaces
//! reachable from one named namespace, so `__sycl_detail` becomes ambiguous), the shims of every
//! anonymous namespace after the first in such a group go into `__sycl_detail_<n>` instead.
//! Everywhere else the output is byte-identical to DPC++.
//!
//! The `sycl-footer` binary (`src/bin/sycl-footer`: command line, batch mode over a compilation
//! database, `--json`, output files, exit codes) is no part of the library; its dependencies come
//! with the default feature `cli`, so the driver renders footers with this crate alone.

#![forbid(unsafe_code)]

use std::collections::HashMap;

use model::{Inlining, Scope, SpecId};

/// Footer layout generation, by SYCL runtime header era.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// 2021: `__SYCL_INLINE_NAMESPACE(cl)`, `get_spec_constant_symbolic_ID`, `__spec_id_shim_N`.
    V1,
    /// 2021–2022: `CL/sycl/...` includes, `_impl` function, `__shim_N`.
    V2,
    /// Current: `sycl/...` includes, `inline namespace _V1`.
    #[default]
    V3,
}

impl Style {
    fn leading_include(self) -> Option<&'static str> {
        match self {
            Style::V1 => None,
            Style::V2 => Some("#include <CL/sycl/detail/defines_elementary.hpp>\n"),
            Style::V3 => Some("#include <sycl/detail/defines_elementary.hpp>\n"),
        }
    }

    fn trailing_include(self) -> &'static str {
        match self {
            Style::V1 | Style::V2 => "#include <CL/sycl/detail/spec_const_integration.hpp>\n",
            Style::V3 => "#include <sycl/detail/spec_const_integration.hpp>\n",
        }
    }

    fn shim_name(self, k: usize) -> String {
        match self {
            Style::V1 => format!("__spec_id_shim_{k}"),
            Style::V2 | Style::V3 => format!("__shim_{k}"),
        }
    }

    fn write_spec_block(self, out: &mut String, target: &str, id: &str) {
        let (open, function, close) = match self {
            Style::V1 | Style::V2 => (
                "__SYCL_INLINE_NAMESPACE(cl) {\nnamespace sycl {\nnamespace detail {\n",
                if self == Style::V1 {
                    "get_spec_constant_symbolic_ID"
                } else {
                    "get_spec_constant_symbolic_ID_impl"
                },
                "} // namespace detail\n} // namespace sycl\n} // __SYCL_INLINE_NAMESPACE(cl)\n",
            ),
            Style::V3 => (
                "namespace sycl {\ninline namespace _V1 {\nnamespace detail {\n",
                "get_spec_constant_symbolic_ID_impl",
                "} // namespace detail\n} // namespace _V1\n} // namespace sycl\n",
            ),
        };
        // Plain appends: formatting machinery would cost more than the footer's own logic.
        push_all(
            out,
            &[
                open,
                "template<>\ninline const char *",
                function,
                "<",
                target,
                ">() {\n  return \"",
                id,
                "\";\n}\n",
                close,
            ],
        );
    }
}

/// A rendered footer and, per spec id (same order), the TARGET expression naming it.
#[derive(Clone, Debug, Default)]
pub struct Footer {
    pub text: String,
    pub targets: Vec<String>,
}

/// Renders the footer. Zero spec ids give the empty string (a 0-byte footer file).
pub fn render(spec_ids: &[SpecId], style: Style) -> String {
    render_footer(spec_ids, style).text
}

/// Renders the footer and reports the TARGET of every spec id.
pub fn render_footer(spec_ids: &[SpecId], style: Style) -> Footer {
    let mut footer = Footer::default();
    if spec_ids.is_empty() {
        return footer;
    }
    let out = &mut footer.text;
    // Each entry takes about 250 bytes (v3, short names): grow the text once or twice only.
    out.reserve(256 * spec_ids.len() + 128);
    footer.targets.reserve(spec_ids.len());
    if let Some(include) = style.leading_include() {
        out.push_str(include);
    }
    let mut shims = ShimState::default();
    for spec in spec_ids {
        let target = target_for(spec, style, &mut shims, out);
        style.write_spec_block(out, &target, &spec.symbolic_id);
        footer.targets.push(target);
    }
    out.push_str(style.trailing_include());
    footer
}

/// Shim numbering (shared by every shim of the TU) and the namespace each anonymous namespace's
/// shims live in.
#[derive(Default)]
struct ShimState {
    next: usize,
    /// Lookup region (scopes up to the nearest non-inline named namespace) → anonymous
    /// namespaces (full scope path) that hold shims, in order of first use.
    regions: HashMap<Vec<Scope>, Vec<Vec<Scope>>>,
}

impl ShimState {
    /// `__sycl_detail`, or `__sycl_detail_<n>` for the n-th further anonymous namespace whose
    /// shims would be visible from the same named namespace (DPC++'s name would be ambiguous).
    fn detail_namespace(&mut self, anon_path: &[Scope]) -> String {
        let region_end = anon_path[..anon_path.len() - 1]
            .iter()
            .rposition(|s| {
                matches!(
                    s,
                    Scope::Namespace {
                        inlining: Inlining::NotInline,
                        ..
                    }
                )
            })
            .map_or(0, |i| i + 1);
        let members = self
            .regions
            .entry(anon_path[..region_end].to_vec())
            .or_default();
        let index = match members.iter().position(|m| m == anon_path) {
            Some(i) => i,
            None => {
                members.push(anon_path.to_vec());
                members.len() - 1
            }
        };
        if index == 0 {
            "__sycl_detail".to_string()
        } else {
            format!("__sycl_detail_{index}")
        }
    }
}

/// TARGET for `spec`; writes any shims it needs to `out` first.
fn target_for(spec: &SpecId, style: Style, shims: &mut ShimState, out: &mut String) -> String {
    let in_anonymous = spec
        .scopes
        .iter()
        .any(|s| matches!(s, Scope::AnonymousNamespace { .. }));
    if !in_anonymous {
        // clang's qualified-name printer: inline namespaces dropped when redundant.
        let length: usize = spec
            .scopes
            .iter()
            .map(|scope| match scope {
                Scope::Namespace { name, .. } | Scope::Record { name } => name.len() + 2,
                Scope::AnonymousNamespace { .. } => 0,
            })
            .sum();
        let mut target = String::with_capacity(2 + length + spec.name.len());
        target.push_str("::");
        for scope in &spec.scopes {
            match scope {
                Scope::Namespace {
                    inlining: Inlining::Redundant,
                    ..
                } => {}
                Scope::Namespace { name, .. } | Scope::Record { name } => {
                    target.push_str(name);
                    target.push_str("::");
                }
                Scope::AnonymousNamespace { .. } => unreachable!("checked above"),
            }
        }
        target.push_str(&spec.name);
        return target;
    }
    // Shim walk: every named namespace is prepended, inline or not.
    let mut expr = spec.name.clone();
    for (i, scope) in spec.scopes.iter().enumerate().rev() {
        match scope {
            Scope::Namespace { name, .. } | Scope::Record { name } => {
                expr = concat(&[name, "::", &expr]);
            }
            Scope::AnonymousNamespace { .. } => {
                let k = shims.next;
                shims.next += 1;
                let path = &spec.scopes[..=i];
                let detail = shims.detail_namespace(path);
                let shim = style.shim_name(k);
                write_shim(out, path, &detail, &shim, &expr);
                expr = concat(&[&detail, "::", &shim, "()"]);
            }
        }
    }
    concat(&["::", &expr])
}

fn concat(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    push_all(&mut out, pieces);
    out
}

fn write_shim(out: &mut String, path: &[Scope], detail: &str, shim: &str, expr: &str) {
    for scope in path {
        match scope {
            Scope::Namespace { name, inlining } if inlining.is_inline() => {
                push_all(out, &["inline namespace ", name, " {\n"])
            }
            Scope::Namespace { name, .. } => push_all(out, &["namespace ", name, " {\n"]),
            Scope::AnonymousNamespace { inline: true } => out.push_str("inline namespace {\n"),
            Scope::AnonymousNamespace { inline: false } => out.push_str("namespace {\n"),
            Scope::Record { .. } => {}
        }
    }
    push_all(
        out,
        &[
            "namespace ",
            detail,
            " {\nstatic constexpr decltype(",
            expr,
            ") &",
            shim,
            "() {\n  return ",
            expr,
            ";\n}\n} // namespace ",
            detail,
            "\n",
        ],
    );
    for scope in path.iter().rev() {
        match scope {
            Scope::Namespace { name, inlining } if inlining.is_inline() => {
                push_all(out, &["} // inline namespace ", name, "\n"])
            }
            Scope::Namespace { name, .. } => push_all(out, &["} // namespace ", name, "\n"]),
            // DPC++ prints the (empty) name after "namespace ", leaving a trailing space, and
            // "inline " for every inline namespace, named or not.
            Scope::AnonymousNamespace { inline: true } => out.push_str("} // inline namespace \n"),
            Scope::AnonymousNamespace { inline: false } => out.push_str("} // namespace \n"),
            Scope::Record { .. } => {}
        }
    }
}

fn push_all(out: &mut String, pieces: &[&str]) {
    for piece in pieces {
        out.push_str(piece);
    }
}

#[cfg(test)]
mod tests;
