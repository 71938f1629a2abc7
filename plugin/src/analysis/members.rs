//! Static members of class template specializations, which libclang does not show for
//! explicit instantiations and for implicit ones that never name the member: built directly
//! from the template arguments when they are builtin or integral, otherwise probed (a second
//! parse, `crate::probe_parse`).

use std::collections::HashMap;
use std::rc::Rc;

use super::Walker;
use super::mangling::{push_source_name, specialization_prefix};
use super::maps::CursorMap;
use super::scopes::{Chain, ScopeInfo};
use super::source_location;
use crate::libclang::{self as lc, Cursor};
use crate::model::{Linkage, Scope, SpecId};

/// Class template specializations whose static members are looked for.
#[derive(Default)]
pub(super) struct MemberSearch<'tu> {
    /// Instantiated class template specializations whose static members libclang does not
    /// show; resolved by a second parse (`crate::probe_parse`).
    pub(super) probes: Vec<Probe<'tu>>,
    /// Record → names of its static members collected so far (probes for records whose
    /// members were all found directly are dropped: no second parse needed).
    pub(super) collected_members: CursorMap<'tu, Vec<String>>,
    /// Specializations already considered for probing.
    probed: CursorMap<'tu, ()>,
    /// Class template → names of its static data members that may be spec ids.
    template_members: CursorMap<'tu, Rc<[String]>>,
}

/// Name prefix of the variables the second parse appends.
pub(crate) const PROBE_PREFIX: &str = "__sycl_specconst_probe_";

/// A class template specialization to look into with a second parse.
#[derive(Clone)]
pub(crate) struct Probe<'tu> {
    /// The specialization.
    record: Cursor<'tu>,
    /// For explicit instantiations: index in the declared list where its members belong.
    pub(crate) position: Option<usize>,
    /// `::`-qualified spelling of the specialization, valid at the end of the TU.
    pub(crate) class: String,
    /// Static data members of the pattern that may be spec ids.
    pub(crate) members: Vec<String>,
}

/// An explicitly instantiated class template specialization whose member classes are
/// searched for spec ids.
struct Nested {
    /// Its mangled-name prefix (`_ZN5OuterILi3EE`) when its arguments are builtin or integral.
    prefix: Option<String>,
    /// Its canonical spelling, for probes.
    class: String,
    chain: Rc<Chain>,
    /// Where its members go among the declarations.
    position: usize,
}

impl<'tu> Walker<'tu> {
    /// The specializations left for the probe parse.
    pub(crate) fn take_probes(&mut self) -> Vec<Probe<'tu>> {
        std::mem::take(&mut self.members.probes)
    }

    /// Probe variable name → canonical USR of the variable it points at, from a walk for
    /// `Purpose::ProbeResolution`.
    pub(crate) fn take_probe_targets(&mut self) -> HashMap<String, String> {
        std::mem::take(&mut self.probe_targets)
    }

    /// After the walk: implicit instantiations whose members were all met directly need no
    /// probe parse.
    pub(super) fn drop_probes_found_directly(&mut self) {
        let mut probes = std::mem::take(&mut self.members.probes);
        probes.retain(|probe| {
            probe.position.is_some()
                || !self
                    .members
                    .collected_members
                    .get(probe.record)
                    .is_some_and(|found| probe.members.iter().all(|m| found.contains(m)))
        });
        self.members.probes = probes;
    }

    /// Second parse: remembers which variable a probe's initializer `&X<…>::m` names.
    pub(super) fn record_probe_target(&mut self, probe: Cursor<'tu>) {
        let mut stack = probe.children();
        while let Some(c) = stack.pop() {
            if c.kind() == lc::CXCursor_DeclRefExpr
                && let Some(target) = c.referenced()
            {
                self.probe_targets
                    .insert(probe.spelling(), target.canonical().usr());
                return;
            }
            stack.extend(c.children());
        }
    }

    /// Explicit instantiation definitions (`template class X<int>;`) instantiate every static
    /// member, but libclang shows none of them: remember the specialization for a probe.
    pub(super) fn consider_explicit_instantiation(&mut self, record: Cursor<'tu>) {
        if record.num_template_arguments() <= 0 {
            return;
        }
        // An explicit instantiation has no member declarations of its own; checking that first
        // avoids tokenizing whole class bodies.
        if record.children().iter().any(|c| c.is_declaration()) {
            return;
        }
        let tokens = record.leading_tokens(2);
        let is_instantiation = tokens.first().map(String::as_str) == Some("template")
            && matches!(
                tokens.get(1).map(String::as_str),
                Some("class" | "struct" | "union")
            );
        if is_instantiation {
            let position = self.found.declared.len();
            self.add_probe(record, Some(position));
            // It instantiates the member classes too, recursively, and with them their static
            // members: after the class's own, in declaration order.
            if let (Some(template), Some(chain)) =
                (record.specialized_template(), self.chain(record))
            {
                let nested = Nested {
                    prefix: specialization_prefix(&chain.scopes, record, template),
                    class: record.ty().canonical().spelling(),
                    chain,
                    position,
                };
                self.add_nested_members(template, &nested, &mut Vec::new(), 0);
            }
        }
    }

    /// The spec-id static members of the member classes of `pattern` (a class template, or one
    /// of its member classes at `path`), instantiated by an explicit instantiation of the
    /// specialization `nested` describes: built directly when its arguments allow (as
    /// `direct_members`), else probed.
    fn add_nested_members(
        &mut self,
        pattern: Cursor<'tu>,
        nested: &Nested,
        path: &mut Vec<String>,
        depth: u32,
    ) {
        if depth > 16 {
            return;
        }
        for inner in pattern.children() {
            if !matches!(
                inner.kind(),
                lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
            ) || !inner.is_definition()
                || inner.spelling().is_empty()
            {
                continue;
            }
            path.push(inner.spelling());
            let possible = self.possible_spec_id_members(inner);
            if !possible.is_empty() {
                let direct = nested.prefix.as_deref().and_then(|prefix| {
                    self.nested_direct_members(inner, prefix, nested, path, &possible)
                });
                match direct {
                    Some(found) => {
                        for f in found {
                            self.push(f, false);
                        }
                    }
                    None if !nested.class.is_empty() && !nested.class.contains('(') => {
                        self.members.probes.push(Probe {
                            record: inner,
                            position: Some(nested.position),
                            class: format!("::{}::{}", nested.class, path.join("::")),
                            members: possible,
                        });
                    }
                    None => {}
                }
            }
            self.add_nested_members(inner, nested, path, depth + 1);
            path.pop();
        }
    }

    /// `direct_members` for member class `inner` (at `path` below the specialization).
    fn nested_direct_members(
        &mut self,
        inner: Cursor<'tu>,
        prefix: &str,
        nested: &Nested,
        path: &[String],
        possible: &[String],
    ) -> Option<Vec<(Cursor<'tu>, SpecId, ScopeInfo)>> {
        let mut prefix = prefix.to_string();
        for component in path {
            push_source_name(&mut prefix, component);
        }
        self.members_built_directly(inner, &prefix, &nested.chain, path, possible)
    }

    /// A use of a class template specialization that the TU instantiated: its static members
    /// were instantiated with it (DPC++ collects them) even if never named.
    pub(super) fn consider_type_use(&mut self, record: Cursor<'tu>) {
        if !matches!(
            record.kind(),
            lc::CXCursor_StructDecl | lc::CXCursor_ClassDecl
        ) || self.members.probed.get(record).is_some()
            || record.num_template_arguments() <= 0
            || !record.is_definition()
        {
            return;
        }
        self.add_probe(record, None);
    }

    fn add_probe(&mut self, record: Cursor<'tu>, position: Option<usize>) {
        if self.members.probed.get(record).is_some() {
            return;
        }
        self.members.probed.insert(record, ());
        let Some(template) = record.specialized_template() else {
            return;
        };
        let members = match self.members.template_members.get(template) {
            Some(known) => known,
            None => {
                let found: Rc<[String]> = self.possible_spec_id_members(template).into();
                self.members
                    .template_members
                    .insert(template, found.clone());
                found
            }
        };
        if members.is_empty() {
            return;
        }
        // Specializations with builtin and integral arguments are described without a second
        // parse: their members' mangled names are built from the arguments.
        if let Some(direct) = self.direct_members(record, template, &members) {
            for found in direct {
                self.push(found, position.is_none());
            }
            return;
        }
        let spelled = record.ty().canonical().spelling();
        // Names that cannot be spelled at the end of the TU (anonymous namespaces, local
        // classes) are left to the direct walk.
        if spelled.is_empty() || spelled.contains('(') {
            return;
        }
        self.members.probes.push(Probe {
            record,
            position,
            class: format!("::{spelled}"),
            members: members.to_vec(),
        });
    }

    /// The spec-id static members of class template specialization `record`, built from the
    /// pattern's members and `record`'s template arguments, when every argument is a builtin
    /// type or an integral value, the enclosing scopes are plain (no templates, not `std`),
    /// and the members' types do not depend on the parameters. `None`: probe instead.
    fn direct_members(
        &mut self,
        record: Cursor<'tu>,
        template: Cursor<'tu>,
        possible_members: &[String],
    ) -> Option<Vec<(Cursor<'tu>, SpecId, ScopeInfo)>> {
        let chain = self.chain(record)?;
        let prefix = specialization_prefix(&chain.scopes, record, template)?;
        self.members_built_directly(template, &prefix, &chain, &[], possible_members)
    }

    /// The spec-id static members of `class` (a class template, or a member class of one at
    /// `path` below the specialization), named `prefix` + member + `E`: the pattern's members
    /// stand in for the instantiated ones (libclang shows none). `None` when a member that may
    /// be a spec id has a dependent type: only a probe can tell.
    fn members_built_directly(
        &mut self,
        class: Cursor<'tu>,
        prefix: &str,
        chain: &Chain,
        path: &[String],
        possible_members: &[String],
    ) -> Option<Vec<(Cursor<'tu>, SpecId, ScopeInfo)>> {
        let mut found = Vec::new();
        for member in class.children() {
            if member.kind() != lc::CXCursor_VarDecl {
                continue;
            }
            let Some(value_type) = self.specialization_id_value_type(member.ty()) else {
                if possible_members.contains(&member.spelling()) {
                    return None;
                }
                continue;
            };
            let name = member.spelling();
            let mut mangled = prefix.to_string();
            push_source_name(&mut mangled, &name);
            mangled.push('E');
            if !self.found.seen_mangled.insert(mangled.clone()) {
                continue;
            }
            let linkage = match member.linkage() {
                lc::CXLinkage_External => Linkage::External,
                _ => Linkage::Internal,
            };
            let symbolic_id = self.symbolic_id(&mangled, linkage);
            // The member's scopes: the specialization's, then the member classes on the way.
            let mut info = chain.member_info(path.first().unwrap_or(&name));
            info.scopes
                .extend(path.iter().map(|p| Scope::Record { name: p.clone() }));
            let spec = SpecId {
                name,
                scopes: std::mem::take(&mut info.scopes),
                mangled_name: mangled,
                symbolic_id,
                linkage,
                value_type,
                location: source_location(member),
            };
            found.push((member, spec, info));
        }
        Some(found)
    }

    /// Names of `template`'s static data members whose declared type names
    /// `specialization_id` (dependent or not): the members a specialization may have as spec
    /// ids; direct description or the probe parse checks them for real.
    fn possible_spec_id_members(&mut self, template: Cursor<'tu>) -> Vec<String> {
        let mut names = Vec::new();
        for member in template.children() {
            if member.kind() != lc::CXCursor_VarDecl {
                continue;
            }
            let declared_as_spec_id = member.children().into_iter().any(|c| {
                c.kind() == lc::CXCursor_TemplateRef
                    && c.referenced()
                        .is_some_and(|t| self.is_specialization_id_template(t))
            });
            if declared_as_spec_id {
                names.push(member.spelling());
            }
        }
        names
    }
}
