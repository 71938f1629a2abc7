//! After the walk: names that no footer can spell are warned about and left out, inline
//! namespaces are marked redundant where clang's printer leaves them out.

use super::Walker;
use super::kernel_attributes::Unexpanded;
use super::members::Probe;
use super::scopes::{PendingScopes, TU_KEY};
use crate::libclang::Cursor;
use crate::model::{Inlining, Kernel, LocalSpecId, Scope, SourceLocation, SpecId};

/// What one walk collected; spec ids come with their canonical declaration cursor.
pub(crate) struct Collected<'tu> {
    pub(crate) declared: Vec<(Cursor<'tu>, SpecId)>,
    pub(crate) used: Vec<(Cursor<'tu>, SpecId)>,
    pub(crate) instantiated_kernels: Vec<Kernel>,
    pub(crate) kernels: Vec<Kernel>,
    /// Kernels whose attributes are written through macros (`kernels`' index, or with `true`
    /// `instantiated_kernels`'), to be read from clang's expansion of them.
    pub(crate) unexpanded: Vec<(bool, usize, Unexpanded)>,
    /// clang-style warnings (`file:line:col: warning: …`).
    pub(crate) warnings: Vec<String>,
    /// Function-local `static` spec ids.
    pub(crate) local_spec_ids: Vec<LocalSpecId>,
    /// Kernel restrictions broken, as clang-style errors with notes.
    pub(crate) kernel_restrictions: Vec<String>,
    /// `SYCL_EXTERNAL` functions with `device_has`.
    pub(crate) device_functions: Vec<crate::model::DeviceFunction>,
}

impl<'tu> Walker<'tu> {
    /// Resolves inline-namespace redundancy; returns the spec ids declared (parse order) and
    /// those only reached through uses, each with its canonical USR.
    /// `probes`' positions are kept pointing at the same entries when unnameable ones go.
    pub(crate) fn finish(&mut self, probes: &mut [Probe<'tu>]) -> Collected<'tu> {
        let pending = std::mem::take(&mut self.found.pending_scopes);
        let mut unnameable: Vec<(bool, usize)> = Vec::new();
        for p in pending {
            if self.warn_if_ambiguous(&p) {
                let (index, is_used) = p.owner;
                unnameable.push((is_used, index));
            }
            self.mark_redundant_inline_namespaces(&p);
        }
        let mut declared = std::mem::take(&mut self.found.declared);
        let mut used = std::mem::take(&mut self.found.used);
        unnameable.sort_unstable();
        keep_probe_positions(probes, &unnameable);
        for (is_used, index) in unnameable.into_iter().rev() {
            if is_used {
                used.remove(index);
            } else {
                declared.remove(index);
            }
        }
        let unexpanded = [
            (false, std::mem::take(&mut self.launches.unexpanded)),
            (
                true,
                std::mem::take(&mut self.launches.instantiated_unexpanded),
            ),
        ]
        .into_iter()
        .flat_map(|(instantiated, list)| {
            list.into_iter()
                .enumerate()
                .filter_map(move |(i, u)| Some((instantiated, i, u?)))
        })
        .collect();
        Collected {
            declared,
            used,
            unexpanded,
            kernels: std::mem::take(&mut self.launches.kernels),
            instantiated_kernels: std::mem::take(&mut self.launches.instantiated_kernels),
            warnings: std::mem::take(&mut self.warnings),
            local_spec_ids: std::mem::take(&mut self.found.local_statics),
            kernel_restrictions: std::mem::take(&mut self.restrictions.errors),
            device_functions: self.take_device_functions(),
        }
    }

    /// Warns when a name the footer's qualified TARGET looks up is ambiguous (declared by more
    /// than one namespace of a lookup set): no footer can name that spec id.
    fn warn_if_ambiguous(&mut self, pending: &PendingScopes) -> bool {
        let Some((ns, name)) = pending
            .lookups
            .iter()
            .find(|(ns, name)| self.lookup_count(ns, name) > 1)
        else {
            return false;
        };
        let spec = self.pending_owner(pending);
        let scope = if &**ns == TU_KEY {
            "the global namespace"
        } else {
            "its enclosing namespace"
        };
        let warning = format!(
            "{}: warning: specialization id '{}' cannot be named from the integration footer: '{}' is ambiguous in {}; it is left out of the footer",
            location_prefix(&spec.location),
            spec.qualified_name(),
            name,
            scope
        );
        self.warnings.push(warning);
        true
    }

    /// Marks the spec id's inline namespaces that clang leaves out of a qualified name (the
    /// name looked up in the parent finds one entity: `isRedundantInlineQualifierFor`).
    fn mark_redundant_inline_namespaces(&mut self, pending: &PendingScopes) {
        let redundancies: Vec<Option<bool>> = pending
            .inline_checks
            .iter()
            .map(|c| {
                c.as_ref()
                    .map(|(parent, name)| self.lookup_count(parent, name) == 1)
            })
            .collect();
        let (index, is_used) = pending.owner;
        let spec = if is_used {
            &mut self.found.used[index].1
        } else {
            &mut self.found.declared[index].1
        };
        for (scope, red) in spec.scopes.iter_mut().zip(redundancies) {
            if let (Scope::Namespace { inlining, .. }, Some(true)) = (scope, red) {
                *inlining = Inlining::Redundant;
            }
        }
    }

    /// The spec id whose scopes `pending` describes.
    fn pending_owner(&self, pending: &PendingScopes) -> &SpecId {
        let (index, is_used) = pending.owner;
        if is_used {
            &self.found.used[index].1
        } else {
            &self.found.declared[index].1
        }
    }
}

/// An explicit instantiation's members go where it stood among the declarations, also when a
/// declaration before it is left out (`unnameable`: sorted (is used, index) pairs).
fn keep_probe_positions(probes: &mut [Probe<'_>], unnameable: &[(bool, usize)]) {
    for probe in probes.iter_mut() {
        if let Some(position) = probe.position.as_mut() {
            let removed_before = unnameable
                .iter()
                .filter(|&&(is_used, index)| !is_used && index < *position)
                .count();
            *position -= removed_before;
        }
    }
}

fn location_prefix(loc: &SourceLocation) -> String {
    match &loc.file {
        Some(f) => format!("{}:{}:{}", f.display(), loc.line, loc.column),
        None => "<unknown>".to_string(),
    }
}
