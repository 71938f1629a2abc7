//! The device compile's bitcode finished: symbolic IDs resolved, kernel entry points placed,
//! checked against the analysis, packed for embedding (or written, device only).

use std::io::Write as _;
use std::time::Instant;

use offload::OffloadImage;
use offload::device_code::{self, DeviceCode};
use offload::integration_header::KernelInfo;

use crate::args::{DeviceTarget, Phase, SpecConstMode};
use crate::attributes;
use crate::kernels;
use crate::pipeline::write_file;
use crate::run::{Failure, Result, canonical_source, timing};
use crate::spec_ids;

use super::unit::Unit;

/// The result of the device compile (clang-22 run to completion, or not started), its
/// diagnostics as standard error.
pub(super) type DeviceCompile = std::io::Result<std::process::Output>;

/// `-fsycl-device-only`: the finished device code, bitcode or (`-S`) LLVM text, staged.
pub(super) fn write_device_output(
    unit: &Unit<'_>,
    target: DeviceTarget,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<()> {
    let (bitcode, _kernels) = checked_device_code(unit, target, output, analysis)?;
    let name = unit.source.path.to_string_lossy();
    let bytes = match (unit.cl.phase, target) {
        (Phase::Assemble, DeviceTarget::Spir64) => {
            device_code::bitcode_as_text(bitcode, &name)?.into_bytes()
        }
        (Phase::Assemble, DeviceTarget::Nvptx64(arch)) => {
            crate::pipeline::ptx_of_device_code(unit.tc, arch, &name, bitcode)?
        }
        _ => bitcode,
    };
    write_file(&unit.files.staged_output, &bytes)
}

/// Kernels capturing what cannot reach the device are refused, with the launch's location,
/// rather than built into a program that computes garbage: samplers, images and the like
/// (DPC++ passes them in ways this version does not). The device compile's own reading of
/// every kernel object (`kernels::place_kernels`) refuses them too, for launches the analysis
/// did not reach. Returns whether any kernel was refused.
fn refuse_special_captures(analysis: &model::Analysis) -> bool {
    let mut refused = false;
    for kernel in analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .filter(|k| k.object.is_some() && !k.special_captures.is_empty())
    {
        let at = &kernel.location;
        let file = at.file.as_deref().unwrap_or(&analysis.source);
        eprintln!(
            "{}:{}:{}: error: this kernel captures '{}', which sycl-clang++ cannot pass to the device \
             (samplers, images and work-group memory are not supported yet)",
            file.display(),
            at.line,
            at.column,
            kernel.special_captures.join("', '"),
        );
        refused = true;
    }
    refused
}

/// Checks the device compile, finishes its bitcode and writes the container to embed; returns
/// the kernels for the integration header.
pub(super) fn finish_device_compile(
    unit: &Unit<'_>,
    target: DeviceTarget,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<Vec<KernelInfo>> {
    let (bitcode, kernels) = checked_device_code(unit, target, output, analysis)?;
    let files = unit.files.device(target);
    if unit.cl.save_temps {
        write_file(&files.finished, &bitcode)?;
    }
    let spec_constants = unit.cl.kernel_spec_constants().spelling();
    let container = match target {
        DeviceTarget::Spir64 => {
            OffloadImage::sycl_bitcode(target.triple(), spec_constants, bitcode)
        }
        DeviceTarget::Nvptx64(arch) => {
            OffloadImage::sycl_bitcode(target.triple(), spec_constants, bitcode).for_arch(arch.name)
        }
    };
    write_file(&files.embed, &container.to_bytes())?;
    Ok(kernels)
}

/// The integration header describes each kernel once for every target: a second device
/// compile must find the same kernels taking the same arguments as the first, or the runtime
/// would pass one target's kernels the other's arguments.
pub(super) fn same_kernels(
    first: DeviceTarget,
    seen: &[KernelInfo],
    target: DeviceTarget,
    kernels: &[KernelInfo],
) -> Result<()> {
    if seen == kernels {
        return Ok(());
    }
    let differing = seen.iter().zip(kernels).find(|(a, b)| a != b).map_or_else(
        || "their number".to_string(),
        |(a, _)| format!("kernel '{}'", a.kernel.name),
    );
    Err(Failure::Message(format!(
        "internal error: the {} and {} device compiles describe the kernels differently ({differing})",
        first.name(),
        target.name()
    )))
}

/// The device compile's result checked (its diagnostics passed on when it failed), its
/// bitcode finished: the final device bitcode and the kernels' descriptions.
fn checked_device_code(
    unit: &Unit<'_>,
    target: DeviceTarget,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let files = unit.files.device(target);
    let clang = unit.tc.clang.to_string_lossy();
    let out = output.map_err(|e| format!("cannot run '{clang}': {e}"))?;
    if !out.status.success() {
        std::io::stderr().write_all(&out.stderr).ok();
        let which = match target {
            DeviceTarget::Spir64 => "",
            DeviceTarget::Nvptx64(_) => "nvptx64 ",
        };
        eprintln!(
            "sycl-clang++: error: {which}device compilation of '{}' failed (the diagnostics above come from the {which}device compile)",
            unit.source.path.display()
        );
        return Err(Failure::Reported(out.status.code().unwrap_or(1)));
    }
    let raw = std::fs::read(&files.raw)
        .map_err(|e| format!("cannot read '{}': {e}", files.raw.display()))?;
    finish_device_code(unit, target, raw, analysis)
}

/// Every spec id the device code reads gets its symbolic ID, and its declaration goes into the
/// device code for the link's errors about it; those the host parse never saw are looked up
/// (and added to the analysis, so to the footer) or refused, located.
fn resolve_spec_ids(
    code: &mut DeviceCode<'_>,
    options: &plugin::Options,
    analysis: &mut model::Analysis,
) -> Result<()> {
    let reads = code.spec_id_reads();
    spec_ids::add_device_only(options, analysis, &reads)?;
    spec_ids::refuse_unknown(analysis, &reads)?;
    let declarations = spec_ids::declarations(analysis, &reads);
    code.resolve_symbolic_ids(|global| declarations.get(global))?;
    Ok(())
}

/// Resolves symbolic IDs with the analysis and gives kernels the runtime's calling
/// convention; returns the final bitcode and the kernels' descriptions.
fn finish_device_code(
    unit: &Unit<'_>,
    target: DeviceTarget,
    raw: Vec<u8>,
    analysis: &mut model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let raw_path = unit.files.device(target).raw;
    let name = raw_path.to_string_lossy();
    let reread = || unit.device_text_without_constructor_lists(target);
    device_code::read(raw, &name, reread, |mut code| {
        resolve_spec_ids(&mut code, &unit.analysis_options(), analysis)?;
        code.lower_private_arrays()?;
        finish_kernels(unit, code, analysis)
    })
}

/// Wraps the placed kernels, attaches their attributes and sources, and optimises the
/// module; returns the final bitcode and the kernels' descriptions.
fn finish_kernels(
    unit: &Unit<'_>,
    mut code: DeviceCode<'_>,
    analysis: &model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let emulated = unit.cl.kernel_spec_constants() == SpecConstMode::Emulation;
    let source = unit.source.path.to_string_lossy();
    let placed = place_device_kernels(&mut code, analysis, unit.cl.flags.debug_info)?;
    let entries = code.wrap_kernels(emulated, &source, |name| {
        placed
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.layout.clone())
    })?;
    let launches: Vec<(String, kernels::Launch<'_>)> = placed
        .iter()
        .filter_map(|p| Some((p.name.clone(), p.launch?)))
        .collect();
    attributes::apply(&code, analysis, &launches, &unit.tc.sycl_include)?;
    record_kernel_sources(&code, &launches);
    let bitcode = code.finish(unit.cl.flags.optimization.as_deref())?;
    let kernels = entries
        .into_iter()
        .map(|entry| {
            let launch = placed
                .iter()
                .find(|p| p.name == entry.name)
                .and_then(|p| p.launch);
            kernels::kernel_info(entry, launch)
        })
        .collect();
    Ok((bitcode, kernels))
}

/// Marks each placed kernel with where its callable is defined, so the device link tells one
/// kernel launched from several TUs (one definition, in a header) from two kernels that share
/// a name. The file is canonical: TUs may reach one header by different paths.
fn record_kernel_sources(code: &DeviceCode<'_>, placed: &[(String, kernels::Launch<'_>)]) {
    for (name, (_, object)) in placed {
        let at = &object.location;
        let file = at.file.as_deref().map_or_else(String::new, |f| {
            canonical_source(f).to_string_lossy().into_owned()
        });
        code.record_kernel_source(name, &format!("{file}:{}:{}", at.line, at.column));
    }
}

/// Every device kernel with its object's layout (`kernels::place_kernels`), or the located
/// errors printed; the device module's debug information, read for the layouts, is dropped
/// unless the user wants it.
fn place_device_kernels<'a>(
    code: &mut DeviceCode<'_>,
    analysis: &'a model::Analysis,
    keep_debug_info: bool,
) -> Result<Vec<kernels::Placed<'a>>> {
    let refused = refuse_special_captures(analysis);
    let started = Instant::now();
    let objects = code.kernel_objects(keep_debug_info);
    timing("kernel objects from device debug info", started.elapsed());
    match kernels::place_kernels(analysis, objects) {
        Ok(placed) if !refused => Ok(placed),
        Ok(_) => Err(Failure::Reported(1)),
        Err(errors) => {
            for line in errors {
                eprintln!("{line}");
            }
            Err(Failure::Reported(1))
        }
    }
}
