//! The spec ids device code reads, checked against the analysis before symbolic IDs are
//! resolved: those only device code instantiates (a functor template's `operator()`, a generic
//! lambda's body, which the host never instantiates) are looked up by name in a second host
//! parse; what stays unknown is refused with a location and the name as written.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use offload::device::SpecIdRead;
use offload::device_code::SpecIdDeclaration;
use plugin::model::{Analysis, LocalSpecId, SourceLocation, SpecId};

use crate::kernels;
use crate::run::{Failure, Result, canonical_source, timing};

/// The LLVM global names of a spec id: its mangled name, and for a global-namespace variable
/// (which clang names without `_Z`) the bare name too.
pub(crate) fn global_names(spec_id: &SpecId) -> impl Iterator<Item = &str> {
    let mangled = spec_id.mangled_name.as_str();
    std::iter::once(mangled).chain(offload::device_code::bare_global_name(mangled))
}

/// The LLVM global names of the analysis's spec ids.
fn known_globals(analysis: &Analysis) -> HashSet<&str> {
    analysis.spec_ids.iter().flat_map(global_names).collect()
}

/// The declarations of the spec ids device code reads (after `refuse_unknown`), by the LLVM
/// names of their globals: symbolic ID, name and place, for the link's errors about one spec
/// constant (`offload::spec_id_declarations`), the file canonical (`canonical_source`).
pub(crate) fn declarations<'a>(
    analysis: &'a Analysis,
    reads: &'a [SpecIdRead],
) -> HashMap<&'a str, SpecIdDeclaration> {
    let by_global: HashMap<&str, &SpecId> = analysis
        .spec_ids
        .iter()
        .flat_map(|s| global_names(s).map(move |name| (name, s)))
        .collect();
    let mut declarations = HashMap::new();
    for read in reads {
        let Some(spec) = by_global.get(read.global.as_str()) else {
            continue;
        };
        let file = spec.location.file.as_deref().unwrap_or(&analysis.source);
        declarations.insert(
            read.global.as_str(),
            SpecIdDeclaration {
                symbolic_id: spec.symbolic_id.clone(),
                name: spec.qualified_name(),
                location: SourceLocation {
                    file: Some(canonical_source(file)),
                    line: spec.location.line,
                    column: spec.location.column,
                },
            },
        );
    }
    declarations
}

/// Adds to the analysis the spec ids device code reads that the host parse did not see,
/// found by their demangled names; only those whose mangled name is the device global's.
pub(crate) fn add_device_only(
    options: &plugin::Options,
    analysis: &mut Analysis,
    reads: &[SpecIdRead],
) -> Result<()> {
    let known = known_globals(analysis);
    let missing: Vec<(&str, String)> = reads
        .iter()
        .filter(|r| !known.contains(r.global.as_str()))
        .filter(|r| local_static(analysis, &r.global).is_none())
        .filter_map(|r| Some((r.global.as_str(), target_spelling(&r.global)?)))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let started = Instant::now();
    let names: Vec<String> = missing.iter().map(|(_, name)| name.clone()).collect();
    let found = plugin::spec_ids_named(options, &names).map_err(|e| match e {
        plugin::Error::Compile { .. } => Failure::Reported(1),
        e => Failure::Message(e.to_string()),
    })?;
    timing("device-only spec ids", started.elapsed());
    for ((global, _), spec) in missing.iter().zip(found) {
        if let Some(spec) = spec.filter(|s| s.mangled_name == *global) {
            analysis.spec_ids.push(spec);
        }
    }
    Ok(())
}

/// Refuses device code that reads a spec id the analysis does not have, one located error
/// per spec id: at a function-local `static` spec id's declaration, else at the launch of a
/// kernel that reads it.
pub(crate) fn refuse_unknown(analysis: &Analysis, reads: &[SpecIdRead]) -> Result<()> {
    let known = known_globals(analysis);
    let mut refused = false;
    for read in reads.iter().filter(|r| !known.contains(r.global.as_str())) {
        refused = true;
        if let Some(local) = local_static(analysis, &read.global) {
            report_local_static(analysis, local);
            continue;
        }
        let name = demangled(&read.global).unwrap_or_else(|| read.global.clone());
        let launch = read
            .kernels
            .iter()
            .find_map(|k| kernels::launch_of(analysis, k).map(|(kernel, _)| kernel));
        let why = "which sycl-clang++ did not find in the host code (it cannot be named from \
                   the end of the translation unit)";
        match launch {
            Some(kernel) => eprintln!(
                "{}: error: the kernel launched here reads spec constant '{name}', {why}",
                located(analysis, &kernel.location)
            ),
            None => {
                let kernel = read
                    .kernels
                    .first()
                    .map(|k| demangled(k).unwrap_or_else(|| k.clone()));
                let in_kernel = kernel.map_or(String::new(), |k| format!(" (in kernel '{k}')"));
                eprintln!(
                    "{}: error: device code{in_kernel} reads spec constant '{name}', {why}",
                    analysis.source.display()
                );
            }
        }
    }
    if refused {
        Err(Failure::Reported(1))
    } else {
        Ok(())
    }
}

/// Refuses the function-local `static` spec ids the TU's code names (host or kernel code):
/// no footer can name them, so the host would fail to link
/// (`get_spec_constant_symbolic_ID<…>` undefined) and the device could not resolve them.
pub(crate) fn refuse_local_statics(analysis: &Analysis) -> Result<()> {
    let mut refused = false;
    for local in analysis.local_spec_ids.iter().filter(|l| l.referenced) {
        report_local_static(analysis, local);
        refused = true;
    }
    if refused {
        Err(Failure::Reported(1))
    } else {
        Ok(())
    }
}

fn report_local_static(analysis: &Analysis, local: &LocalSpecId) {
    eprintln!(
        "{}: error: '{}' is a function-local static specialization_id, which SYCL does not \
         allow (declare spec ids at namespace or class scope)",
        located(analysis, &local.location),
        local.name
    );
}

/// The function-local `static` spec id `global` is: by mangled name, or (template patterns,
/// which have none) by the name the demangled global ends with.
fn local_static<'a>(analysis: &'a Analysis, global: &str) -> Option<&'a LocalSpecId> {
    if let Some(local) = analysis
        .local_spec_ids
        .iter()
        .find(|l| l.mangled_name == global)
    {
        return Some(local);
    }
    // A local entity's mangling starts `_ZZ` (`_ZZ4mainE1x`).
    if !global.starts_with("_ZZ") {
        return None;
    }
    let name = demangled(global)?;
    let last = name.rsplit("::").next()?;
    analysis
        .local_spec_ids
        .iter()
        .find(|l| l.mangled_name.is_empty() && l.name == last)
}

/// `file:line:col` of a location (the source when it has no file).
fn located(analysis: &Analysis, at: &plugin::model::SourceLocation) -> String {
    let file = at.file.as_deref().unwrap_or(&analysis.source);
    format!("{}:{}:{}", file.display(), at.line, at.column)
}

fn demangled(symbol: &str) -> Option<String> {
    cpp_demangle::Symbol::new(symbol.as_bytes())
        .ok()?
        .demangle()
        .ok()
}

/// The global's C++ name as the end of the TU can spell it: demangled, qualified from the
/// global namespace, anonymous namespaces left out (their members are visible in the
/// enclosing namespace). `None` for local entities and names without a spelling (lambdas).
fn target_spelling(global: &str) -> Option<String> {
    if global.starts_with("_ZZ") {
        return None;
    }
    let name = demangled(global)?;
    if name.contains('{') || name.contains('\'') {
        return None;
    }
    Some(format!("::{}", name.replace("(anonymous namespace)::", "")))
}

#[cfg(test)]
mod tests {
    use super::target_spelling;

    #[test]
    fn spellings_of_device_globals() {
        assert_eq!(
            target_spelling("_ZN6holderI3TagE2vtILi4EEE").as_deref(),
            Some("::holder<Tag>::vt<4>")
        );
        assert_eq!(
            target_spelling("_ZN12_GLOBAL__N_15anonhILi4EE2scE").as_deref(),
            Some("::anonh<4>::sc")
        );
        assert_eq!(target_spelling("_ZZ4mainE1x"), None);
    }
}
