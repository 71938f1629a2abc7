//! SYCL 2020 kernel attributes from the front end onto the device kernels they belong to
//! (post-link's `requirements` says how they are recorded). Aspect names are resolved with
//! the `sycl::aspect` values of the headers the program is compiled against
//! (`sycl/info/aspects.def`, `aspects_deprecated.def`).

use std::path::Path;

use model::{AspectArgument, KernelAttributes, SourceLocation};
use offload::device_code::{self, DeviceCode};

use crate::kernels::{self, Launch};
use crate::run::{Failure, Result};

/// Attaches the attributes of each placed launch to its device kernel, and their `device_has`
/// aspects to the `SYCL_EXTERNAL` functions that declare some; prints every problem (clang
/// style, located) and fails if there is one. A `device_has` list that leaves out an aspect
/// the code under it uses is warned about, as DPC++ does.
pub(crate) fn apply(
    code: &DeviceCode<'_>,
    analysis: &model::Analysis,
    placed: &[(String, Launch<'_>)],
    sycl_include: &Path,
) -> Result<()> {
    let mut problems = unplaced(analysis, placed);
    let mut warnings = Vec::new();
    let mut aspects: Option<Vec<(String, u32)>> = None;
    for (name, launch) in placed {
        let (kernel, _) = *launch;
        let written = &kernel.attributes;
        // A kernel Intel's headers launch under the launch's name runs other code.
        if (*written == KernelAttributes::default() && kernel.callee_aspects.is_empty())
            || !kernels::runs_callable(*launch)
        {
            continue;
        }
        problems.extend(written.problems.iter().cloned());
        let table = aspects.get_or_insert_with(|| aspect_table(sycl_include));
        match device_attributes(written, &kernel.callee_aspects, table) {
            Ok(attributes) => {
                if let Err(e) = code.attach_requirements(name, &attributes) {
                    problems.push(located(&kernel.location, &e.to_string()));
                } else if let Some(listed) = &attributes.device_has {
                    let what = match &kernel.name {
                        Some(n) => format!("SYCL kernel '{n}'"),
                        None => "SYCL kernel".to_string(),
                    };
                    let used = code.code_aspects(name).unwrap_or_default();
                    warnings.extend(unlisted(&what, &kernel.location, &used, listed, table));
                }
            }
            Err(unknown) => problems.extend(unknown),
        }
    }
    for function in &analysis.device_functions {
        let table = aspects.get_or_insert_with(|| aspect_table(sycl_include));
        let mut unknown = Vec::new();
        let listed = resolve(&function.device_has, table, &mut unknown);
        if !unknown.is_empty() {
            problems.extend(unknown);
            continue;
        }
        if code.attach_declared_aspects(&function.mangled_name, &listed) {
            let what = format!("function '{}'", function.name);
            let used = code
                .code_aspects(&function.mangled_name)
                .unwrap_or_default();
            warnings.extend(unlisted(&what, &function.location, &used, &listed, table));
        }
    }
    for w in &warnings {
        eprintln!("{w}");
    }
    if problems.is_empty() {
        return Ok(());
    }
    for p in &problems {
        eprintln!("{p}");
    }
    Err(Failure::Reported(1))
}

/// A warning per aspect of `used` that `listed` (a `device_has` list) leaves out.
fn unlisted(
    what: &str,
    at: &SourceLocation,
    used: &[u32],
    listed: &[u32],
    table: &[(String, u32)],
) -> Vec<String> {
    used.iter()
        .filter(|a| !listed.contains(a))
        .map(|a| {
            let aspect = table
                .iter()
                .find(|(_, v)| v == a)
                .map_or_else(|| a.to_string(), |(n, _)| n.clone());
            diagnostic(
                at,
                "warning",
                &format!(
                    "{what} uses aspect '{aspect}' not listed in its 'sycl::device_has' attribute"
                ),
            )
        })
        .collect()
}

/// Launches with attributes that no device kernel was matched with: their attributes would be
/// lost, so they are refused (a functor launched twice is one kernel, matched once).
fn unplaced(analysis: &model::Analysis, placed: &[(String, Launch<'_>)]) -> Vec<String> {
    analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .filter(|k| k.attributes != KernelAttributes::default())
        .filter(|k| {
            k.object
                .as_ref()
                .is_some_and(|o| !placed.iter().any(|(_, (_, p))| *p == o))
        })
        .map(|k| {
            located(
                &k.location,
                "sycl-clang++ could not tell which device kernel this launch is, so its \
                 kernel attributes cannot be applied",
            )
        })
        .collect()
}

/// The attributes with aspect names resolved (`callee` the `device_has` aspects of the
/// functions the kernel calls); the unknown names as located errors.
fn device_attributes(
    written: &KernelAttributes,
    callee: &[(AspectArgument, SourceLocation)],
    aspects: &[(String, u32)],
) -> std::result::Result<device_code::KernelAttributes, Vec<String>> {
    let mut unknown = Vec::new();
    let device_has = written
        .device_has
        .as_ref()
        .map(|names| resolve(names, aspects, &mut unknown));
    let callee_aspects = resolve(callee, aspects, &mut unknown);
    let reqd_sub_group_size = match written.reqd_sub_group_size.map(u32::try_from) {
        Some(Err(_)) => {
            unknown.push(located(
                &SourceLocation::default(),
                "reqd_sub_group_size does not fit 32 bits",
            ));
            None
        }
        Some(Ok(v)) => Some(v),
        None => None,
    };
    if !unknown.is_empty() {
        return Err(unknown);
    }
    Ok(device_code::KernelAttributes {
        reqd_work_group_size: written.reqd_work_group_size.clone(),
        work_group_size_hint: written.work_group_size_hint.clone(),
        reqd_sub_group_size,
        device_has,
        callee_aspects,
    })
}

/// `device_has` arguments as `sycl::aspect` values; those that are none go to `unknown` as
/// located errors.
fn resolve(
    names: &[(AspectArgument, SourceLocation)],
    aspects: &[(String, u32)],
    unknown: &mut Vec<String>,
) -> Vec<u32> {
    names
        .iter()
        .filter_map(|(argument, at)| match argument {
            AspectArgument::Value(v) => match u32::try_from(*v) {
                Ok(v) => Some(v),
                Err(_) => {
                    unknown.push(located(at, &format!("{v} is not a sycl::aspect")));
                    None
                }
            },
            AspectArgument::Named(name) => {
                let value = aspects.iter().find(|(n, _)| n == name).map(|&(_, v)| v);
                if value.is_none() {
                    unknown.push(located(at, &format!("'{name}' is not a sycl::aspect")));
                }
                value
            }
        })
        .collect()
}

/// `sycl::aspect` enumerators and values, from the headers' `__SYCL_ASPECT(name, value)` and
/// `__SYCL_ASPECT_DEPRECATED(name, value, message)` lines. Missing files give no aspects (every
/// `device_has` argument is then reported unknown, by name).
fn aspect_table(sycl_include: &Path) -> Vec<(String, u32)> {
    let mut table = Vec::new();
    for file in ["aspects.def", "aspects_deprecated.def"] {
        let Ok(text) = std::fs::read_to_string(sycl_include.join("sycl/info").join(file)) else {
            continue;
        };
        table.extend(text.lines().filter_map(aspect_line));
    }
    table
}

/// `__SYCL_ASPECT(fp64, 6)` → `("fp64", 6)`.
fn aspect_line(line: &str) -> Option<(String, u32)> {
    let args = ["__SYCL_ASPECT(", "__SYCL_ASPECT_DEPRECATED("]
        .iter()
        .find_map(|macro_call| line.trim().strip_prefix(macro_call))?;
    let mut parts = args.split(',');
    let name = parts.next()?.trim();
    let value = parts.next()?.trim().trim_end_matches(')').trim();
    Some((name.to_string(), value.parse().ok()?))
}

fn located(at: &SourceLocation, message: &str) -> String {
    diagnostic(at, "error", message)
}

/// A clang-style diagnostic at `at` (`file:line:col: <severity>: message`).
fn diagnostic(at: &SourceLocation, severity: &str, message: &str) -> String {
    let file = at
        .file
        .as_deref()
        .map_or_else(|| "<unknown>".into(), |p| p.display().to_string());
    format!("{file}:{}:{}: {severity}: {message}", at.line, at.column)
}

#[cfg(test)]
mod tests {
    use super::aspect_line;

    #[test]
    fn aspect_lines() {
        assert_eq!(
            aspect_line("__SYCL_ASPECT(fp64, 6)"),
            Some(("fp64".into(), 6))
        );
        assert_eq!(
            aspect_line("__SYCL_ASPECT_DEPRECATED(host, 0, \"removed\")"),
            Some(("host".into(), 0))
        );
        assert_eq!(aspect_line("// __SYCL_ASPECT(x, 1)"), None);
        assert_eq!(aspect_line("#define __SYCL_ASPECT(A, B)"), None);
    }
}
