//! Output helpers: atomic file writes and the JSON reflection.

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use plugin::Analysis;

use footer_gen::{Style, render_footer};

/// Writes several files so that they commit together (the shared `output` crate's protocol:
/// a file that cannot be written leaves every output untouched).
pub(crate) fn write_outputs_together(files: &[(&Path, &[u8])]) -> Result<(), String> {
    output::commit(files).map_err(|e| e.to_string())
}

/// Whether two paths name the same file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    output::same_file(a, b)
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so a
/// failed run leaves any existing file untouched; fails with `cannot write PATH: reason` (no
/// temporary file name).
pub(crate) fn write_output(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_outputs_together(&[(path, bytes)])
}

pub(crate) fn write_stdout(bytes: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}

#[derive(Serialize)]
struct JsonSpecId<'a> {
    name: String,
    target: &'a str,
    symbolic_id: &'a str,
    mangled_name: &'a str,
    linkage: plugin::Linkage,
    value_type: &'a str,
    location: &'a plugin::SourceLocation,
}

#[derive(Serialize)]
struct JsonAnalysis<'a> {
    source: String,
    unique_prefix: &'a str,
    spec_ids: Vec<JsonSpecId<'a>>,
    kernels: &'a [plugin::Kernel],
}

/// The `--json` reflection: per spec id its C++ name, footer TARGET, symbolic ID, linkage,
/// value type and location; per kernel its name, location and `kernel_handler` use.
pub(crate) fn json(analysis: &Analysis) -> serde_json::Result<String> {
    let footer = render_footer(&analysis.spec_ids, Style::V3);
    let spec_ids = analysis
        .spec_ids
        .iter()
        .zip(&footer.targets)
        .map(|(s, target)| JsonSpecId {
            name: s.qualified_name(),
            target,
            symbolic_id: &s.symbolic_id,
            mangled_name: &s.mangled_name,
            linkage: s.linkage,
            value_type: &s.value_type,
            location: &s.location,
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&JsonAnalysis {
        source: analysis.source.to_string_lossy().into_owned(),
        unique_prefix: &analysis.unique_prefix,
        spec_ids,
        kernels: &analysis.kernels,
    })?;
    text.push('\n');
    Ok(text)
}
