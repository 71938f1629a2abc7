//! The probe parse: a second parse for class template specializations whose static members
//! libclang hides (explicit instantiations, implicit instantiations never naming the member).
//! The source is re-parsed with one probe variable per member appended (`&::X<int>::m`), and
//! the members the probes resolve to are merged in: explicit instantiations at their point of
//! instantiation, implicit ones after everything else. Errors the probes cause (e.g. access)
//! are ignored.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::Path;

use crate::analysis::{PROBE_PREFIX, Probe, Purpose, Walker};
use crate::libclang::{self, Cursor};
use crate::{Error, SpecId, parse_error};

/// The source as the probe parse needs it: its path (the parse's file name) and its bytes.
pub(crate) struct SourceText<'a> {
    pub(crate) path: &'a Path,
    pub(crate) bytes: Vec<u8>,
}

/// Spec ids keyed by their canonical USR, in footer order.
type Keyed = Vec<(String, SpecId)>;

/// The TU's spec ids in footer order: the first parse's `declared` and `used`, with the
/// members the probes resolve to merged in.
pub(crate) fn spec_ids_with_probes(
    index: &libclang::Index,
    source: SourceText<'_>,
    args: &[OsString],
    unique_prefix: &str,
    probes: &[Probe<'_>],
    declared: Vec<(Cursor<'_>, SpecId)>,
    used: Vec<(Cursor<'_>, SpecId)>,
) -> Result<Vec<SpecId>, Error> {
    let with_usr = |list: Vec<(Cursor<'_>, SpecId)>| -> Keyed {
        list.into_iter().map(|(c, spec)| (c.usr(), spec)).collect()
    };
    let mut declared = with_usr(declared);
    let mut used = with_usr(used);
    let resolved = resolve_probes(index, source, args, unique_prefix, probes)?;
    merge_probed(probes, resolved, &mut declared, &mut used);
    Ok(declared
        .into_iter()
        .chain(used)
        .map(|(_, spec)| spec)
        .collect())
}

/// The name of probe `member` of `probe` number `probe`.
fn probe_name(probe: usize, member: usize) -> String {
    format!("{PROBE_PREFIX}{probe}_{member}")
}

/// The source with one probe variable per member appended.
fn with_probes(text: Vec<u8>, probes: &[Probe<'_>]) -> Vec<u8> {
    let targets = probes.iter().enumerate().flat_map(|(i, probe)| {
        probe
            .members
            .iter()
            .enumerate()
            .map(move |(j, member)| (probe_name(i, j), format!("{}::{member}", probe.class)))
    });
    with_probe_lines(text, targets)
}

/// The source with `static const auto *const NAME = &TARGET;` appended per probe.
fn with_probe_lines(mut text: Vec<u8>, probes: impl Iterator<Item = (String, String)>) -> Vec<u8> {
    let mut appended = String::from("\n");
    for (name, target) in probes {
        let _ = writeln!(appended, "static const auto *const {name} = &{target};");
    }
    text.extend_from_slice(appended.as_bytes());
    text
}

/// The spec ids that qualified names (`::holder<Tag>::vt<4>`, valid at the end of the TU)
/// denote, one per name (`None`: not a spec id, or not nameable there): a parse of the source
/// with one probe per name appended. For variables only device code instantiates (members of
/// class templates used in a functor template's `operator()`), which the host parse never sees.
pub(crate) fn spec_ids_named(
    index: &libclang::Index,
    source: SourceText<'_>,
    args: &[OsString],
    unique_prefix: &str,
    names: &[String],
) -> Result<Vec<Option<SpecId>>, Error> {
    let targets = names
        .iter()
        .enumerate()
        .map(|(i, name)| (probe_name(i, 0), name.clone()));
    let Resolved {
        targets,
        mut spec_ids,
    } = parse_probed(
        index,
        source.path,
        args,
        unique_prefix,
        with_probe_lines(source.bytes, targets),
    )?;
    Ok((0..names.len())
        .map(|i| {
            let usr = targets.get(&probe_name(i, 0))?;
            spec_ids.remove(usr)
        })
        .collect())
}

/// What the probe parse found.
struct Resolved {
    /// Probe name → canonical USR of the variable it points at.
    targets: HashMap<String, String>,
    /// The parse's spec ids by canonical USR.
    spec_ids: HashMap<String, SpecId>,
}

/// Parses the source with the probes appended.
fn resolve_probes(
    index: &libclang::Index,
    source: SourceText<'_>,
    args: &[OsString],
    unique_prefix: &str,
    probes: &[Probe<'_>],
) -> Result<Resolved, Error> {
    parse_probed(
        index,
        source.path,
        args,
        unique_prefix,
        with_probes(source.bytes, probes),
    )
}

/// Parses `text` (the source with probe lines appended) and reads what each probe points at
/// and the parse's spec ids.
fn parse_probed(
    index: &libclang::Index,
    path: &Path,
    args: &[OsString],
    unique_prefix: &str,
    text: Vec<u8>,
) -> Result<Resolved, Error> {
    let tu = index
        // The probes are namespace-scope declarations: function bodies are not needed.
        .parse(path.as_os_str(), args, Some(&text), true)
        .map_err(|f| parse_error(f, path))?;
    let mut walker = Walker::new(unique_prefix.to_string(), Purpose::ProbeResolution);
    walker.walk_tu(tu.cursor());
    let targets = walker.take_probe_targets();
    let second = walker.finish(&mut []);
    let spec_ids = second
        .declared
        .into_iter()
        .chain(second.used)
        .map(|(c, spec)| (c.usr(), spec))
        .collect();
    Ok(Resolved { targets, spec_ids })
}

/// Merges the spec ids the probes found into the first parse's lists: members of explicit
/// instantiations at the instantiation's position among the declarations, others after the
/// uses. Members already listed stay where they are.
fn merge_probed(probes: &[Probe<'_>], resolved: Resolved, declared: &mut Keyed, used: &mut Keyed) {
    let Resolved {
        targets,
        spec_ids: mut found,
    } = resolved;
    let mut present: HashSet<String> = declared.iter().map(|(usr, _)| usr.clone()).collect();
    let mut inserts: Vec<(usize, String, SpecId)> = Vec::new();
    for (i, probe) in probes.iter().enumerate() {
        for j in 0..probe.members.len() {
            let Some(usr) = targets.get(&probe_name(i, j)) else {
                continue;
            };
            if present.contains(usr) {
                continue;
            }
            let Some(spec) = found.remove(usr) else {
                continue; // not a spec id after all
            };
            match probe.position {
                Some(position) => {
                    used.retain(|(u, _)| u != usr);
                    inserts.push((position, usr.clone(), spec));
                }
                None => {
                    if !used.iter().any(|(u, _)| u == usr) {
                        used.push((usr.clone(), spec));
                    }
                }
            }
            present.insert(usr.clone());
        }
    }
    insert_at_positions(declared, inserts);
}

/// Inserts each `(position, usr, spec)`, in the order given, before the declaration that stood
/// at `position` (those past the end are appended).
fn insert_at_positions(declared: &mut Keyed, inserts: Vec<(usize, String, SpecId)>) {
    if inserts.is_empty() {
        return;
    }
    let old = std::mem::take(declared);
    let mut inserts = inserts.into_iter().peekable();
    for (index, entry) in old.into_iter().enumerate() {
        while let Some((_, usr, spec)) = inserts.next_if(|(p, _, _)| *p <= index) {
            declared.push((usr, spec));
        }
        declared.push(entry);
    }
    for (_, usr, spec) in inserts {
        declared.push((usr, spec));
    }
}
