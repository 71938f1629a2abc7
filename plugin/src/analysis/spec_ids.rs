//! Which variables qualify as spec ids, and the lists they are collected in.

use std::rc::Rc;

use super::instantiations::is_partial_specialization_usr;
use super::mangling::{libclang_mangling, mangled_name};
use rustc_hash::FxHashSet;

use super::maps::CursorMap;
use super::members::PROBE_PREFIX;
use super::names::variable_name;
use super::scopes::{PendingScopes, ScopeInfo};
use super::source_location;
use super::{Purpose, Walker};
use crate::libclang::{self as lc, Cursor, Type};
use crate::model::{Linkage, LocalSpecId, Scope, SpecId};

/// The spec ids collected so far, and what was already looked at.
#[derive(Default)]
pub(super) struct Found<'tu> {
    /// Spec ids declared in the TU, in parse order, with their canonical cursor.
    pub(super) declared: Vec<(Cursor<'tu>, SpecId)>,
    /// Spec ids only reached through uses (implicit instantiations), in order of first use.
    pub(super) used: Vec<(Cursor<'tu>, SpecId)>,
    /// Pending scope chains: finalised after the walk, once every name is indexed.
    pub(super) pending_scopes: Vec<PendingScopes>,
    /// Canonical declarations already collected (a variable is emitted once).
    seen: CursorMap<'tu, ()>,
    /// Declarations that uses have already led to.
    used_targets: CursorMap<'tu, ()>,
    /// Mangled names collected: members built without a cursor of their own
    /// (`direct_members`) are recognised by name when a use reaches them.
    pub(super) seen_mangled: FxHashSet<String>,
    /// Function-local `static` spec ids, which no footer names (for the driver's error).
    pub(super) local_statics: Vec<LocalSpecId>,
    /// Their canonical declarations (a pattern's and each instantiation's are distinct) →
    /// index in `local_statics`.
    local_seen: CursorMap<'tu, usize>,
}

/// Which types are `sycl::specialization_id<T>`, cached per cursor.
#[derive(Default)]
pub(super) struct SpecIdTypes<'tu> {
    /// Class template cursor → is it `sycl::specialization_id`?
    templates: CursorMap<'tu, bool>,
    /// Record cursor → `T` when it is `sycl::specialization_id<T>`.
    records: CursorMap<'tu, Option<Rc<str>>>,
}

/// Namespace paths (inline namespaces such as `_V1` left out) under which the SYCL classes are
/// recognised by qualified name: SYCL 2020 `sycl`, legacy `cl::sycl`.
const SYCL_NAMESPACES: &[&[&str]] = &[&["sycl"], &["cl", "sycl"]];

impl<'tu> Walker<'tu> {
    pub(super) fn consider_declaration(&mut self, c: Cursor<'tu>) {
        if self.purpose == Purpose::ProbeResolution
            && c.kind() == lc::CXCursor_VarDecl
            && c.with_spelling(|name| name.starts_with(PROBE_PREFIX.as_bytes()))
        {
            self.record_probe_target(c);
            return;
        }
        if self.is_implicit_instantiation(c) {
            // Collected in order of first use; leftovers after the walk (`collect_remaining_instantiations`).
            self.instantiations.implicit_instantiations.push(c);
            return;
        }
        if let Some(found) = self.spec_id_for(c) {
            self.push(found, false);
        }
    }

    pub(super) fn consider_use(&mut self, target: Cursor<'tu>) {
        let k = target.kind();
        if k != lc::CXCursor_VarDecl && k != lc::CXCursor_UnexposedDecl {
            return;
        }
        // A declaration referenced again needs no second look.
        if self.found.used_targets.get(target).is_some() {
            return;
        }
        self.found.used_targets.insert(target, ());
        if let Some(local) = self.found.local_seen.get(target.canonical()) {
            self.found.local_statics[local].referenced = true;
            return;
        }
        // A static member (or member variable template specialization) of a class template
        // specialization: naming it instantiated the class, which declares all its static
        // members (DPC++ collects each), in order.
        if let Some(record) = target.semantic_parent() {
            self.consider_type_use(record);
        }
        // Prefer the definition: an `extern` declaration only counts when the TU also defines
        // the variable (`spec_id_for` rejects declarations with external storage).
        let def = target.definition().unwrap_or(target);
        if let Some(found) = self.spec_id_for(def) {
            self.push(found, true);
        }
    }

    /// A variable declared in a function body: a function-local `static` spec id is
    /// remembered (SYCL forbids it; the driver refuses it, located, if device code reads it).
    pub(super) fn consider_local_static(&mut self, c: Cursor<'tu>, in_pattern: bool) {
        if c.kind() != lc::CXCursor_VarDecl || !c.has_global_storage() {
            return;
        }
        let in_function = c.semantic_parent().is_some_and(|p| {
            super::is_function_kind(p.kind())
                || matches!(
                    p.kind(),
                    lc::CXCursor_FunctionTemplate | lc::CXCursor_LambdaExpr
                )
        });
        if !in_function || self.specialization_id_value_type(c.ty()).is_none() {
            return;
        }
        let canonical = c.canonical();
        if self.found.local_seen.get(canonical).is_some() {
            return;
        }
        self.found
            .local_seen
            .insert(canonical, self.found.local_statics.len());
        // A template pattern's variable has no mangling (asking may trip clang's mangler).
        let mangled_name = if in_pattern {
            String::new()
        } else {
            libclang_mangling(c)
        };
        self.found.local_statics.push(LocalSpecId {
            name: c.spelling(),
            mangled_name,
            location: source_location(c),
            referenced: false,
        });
    }

    pub(super) fn push(
        &mut self,
        (canonical, spec, info): (Cursor<'tu>, SpecId, ScopeInfo),
        is_used: bool,
    ) {
        if matches!(spec.scopes.last(), Some(Scope::Record { .. }))
            && let Some(record) = canonical.semantic_parent()
        {
            // The spec id's name is the member's spelling unless it carries template arguments.
            let name = if spec.name.contains('<') {
                canonical.spelling()
            } else {
                spec.name.clone()
            };
            self.members
                .collected_members
                .get_or_insert_mut(record, Vec::new)
                .push(name);
        }
        let list = if is_used {
            &mut self.found.used
        } else {
            &mut self.found.declared
        };
        list.push((canonical, spec));
        self.found.pending_scopes.push(PendingScopes {
            owner: (list.len() - 1, is_used),
            inline_checks: info.inline_checks,
            lookups: info.lookups,
        });
    }

    /// The footer entry for `c` (with its canonical USR and scope data), if it is a
    /// qualifying variable not collected yet.
    pub(super) fn spec_id_for(
        &mut self,
        c: Cursor<'tu>,
    ) -> Option<(Cursor<'tu>, SpecId, ScopeInfo)> {
        let ty = c.ty();
        if !ty.is_valid() {
            return None; // primary variable templates and other typeless declarations
        }
        let value_type = self.specialization_id_value_type(ty)?;
        let unexposed_usr = (c.kind() == lc::CXCursor_UnexposedDecl).then(|| self.unexposed_usr(c));
        if unexposed_usr
            .as_deref()
            .is_some_and(is_partial_specialization_usr)
        {
            return None;
        }
        let canonical = c.canonical();
        if self.found.seen.get(canonical).is_some() {
            return None;
        }
        // `extern` declarations wait for their definition. DPC++ drops every `extern`
        // variable, even a definition such as `extern const specialization_id<int> x{1};`,
        // leaving its host uses unresolved; such definitions are kept here.
        if (c.has_external_storage() && !c.is_definition()) || !c.has_global_storage() {
            return None;
        }
        let variable = c.spelling();
        let mut info = self.describe_scopes(c, &variable)?;
        let linkage = linkage_of(c);
        let mangled = mangled_name(
            c,
            &info.scopes,
            &variable,
            unexposed_usr.as_deref(),
            linkage,
        );
        if mangled.is_empty() {
            return None;
        }
        if !self.found.seen_mangled.insert(mangled.clone()) {
            // Already described without a cursor (`direct_members`).
            self.found.seen.insert(canonical, ());
            return None;
        }
        let symbolic_id = self.symbolic_id(&mangled, linkage);
        self.found.seen.insert(canonical, ());
        let spec = SpecId {
            name: variable_name(c, variable, &mangled, &self.enumerators),
            scopes: std::mem::take(&mut info.scopes),
            mangled_name: mangled,
            symbolic_id,
            linkage,
            value_type,
            location: source_location(c),
        };
        Some((canonical, spec, info))
    }

    /// `T` if `ty` (after typedefs, cv) is `sycl::specialization_id<T>`.
    pub(super) fn specialization_id_value_type(&mut self, ty: Type<'tu>) -> Option<String> {
        let canonical = ty.canonical();
        if canonical.kind() != lc::CXType_Record {
            return None; // references, pointers, arrays do not qualify
        }
        let record = canonical.declaration()?;
        self.spec_id_value_type_of_record(record)
            .map(|v| v.to_string())
    }

    /// Is class template `template` `sycl::specialization_id` (cached per template)?
    pub(super) fn is_specialization_id_template(&mut self, template: Cursor<'tu>) -> bool {
        self.spec_id_types
            .templates
            .get_or_insert_with(template, || {
                template.spelling() == "specialization_id" && in_sycl_namespace(template)
            })
    }

    /// `T` if `record` is a `sycl::specialization_id<T>` specialization (cached per record:
    /// every spec id asks, and most share a handful of value types).
    pub(super) fn spec_id_value_type_of_record(&mut self, record: Cursor<'tu>) -> Option<Rc<str>> {
        if let Some(known) = self.spec_id_types.records.get(record) {
            return known;
        }
        let value_type = (|| {
            let template = record.specialized_template()?;
            let is_spec_id = self.is_specialization_id_template(template);
            let ty = record.ty().canonical();
            if !is_spec_id || ty.num_template_arguments() != 1 {
                return None;
            }
            Some(Rc::from(ty.template_argument(0).canonical().spelling()))
        })();
        self.spec_id_types
            .records
            .insert(record, value_type.clone());
        value_type
    }
}

/// Is `c` declared directly in `sycl`, `sycl::<inline>` or `cl::sycl`?
pub(super) fn in_sycl_namespace(c: Cursor<'_>) -> bool {
    let mut path = Vec::new();
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        match p.kind() {
            lc::CXCursor_TranslationUnit => break,
            lc::CXCursor_Namespace => {
                if !p.is_inline_namespace() {
                    path.push(p.spelling());
                }
            }
            lc::CXCursor_LinkageSpec => {}
            _ => return false,
        }
        cur = p.semantic_parent();
    }
    path.reverse();
    SYCL_NAMESPACES
        .iter()
        .any(|ns| ns.len() == path.len() && ns.iter().zip(&path).all(|(a, b)| a == b))
}

/// A variable's linkage in the model's terms.
fn linkage_of(c: Cursor<'_>) -> Linkage {
    match c.linkage() {
        lc::CXLinkage_External => Linkage::External,
        lc::CXLinkage_UniqueExternal => Linkage::UniqueExternal,
        lc::CXLinkage_Internal => Linkage::Internal,
        _ => Linkage::NoLinkage,
    }
}
