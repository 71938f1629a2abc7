//! The analysis (libclang, in process) of one source, and the refusals its findings make.

use crate::run::{Failure, Result};
use crate::spec_ids;

use super::unit::Unit;

/// The analysis (libclang, in process, while the compilers run), with its refusals made.
pub(super) fn analyse(unit: &Unit<'_>) -> Result<model::Analysis> {
    let options = unit.analysis_options();
    // A panic in the analysis is an error of this compile (as it was when the analysis ran
    // on a thread of its own), and the compilers it runs beside are still waited for.
    let analyzed =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| plugin::analyze(&options)))
            .unwrap_or_else(|_| Err(plugin::Error::Internal("the analysis panicked".into())));
    let analysis = match analyzed {
        Ok(a) => a,
        // The host compile reports the errors itself, against the user's file (see
        // `footer_after_host_compile` for when it does not).
        Err(plugin::Error::Compile { diagnostics, .. }) => {
            return Err(Failure::AnalysisErrors(diagnostics));
        }
        Err(e) => return Err(Failure::Message(e.to_string())),
    };
    for w in &analysis.warnings {
        eprintln!("{w}");
    }
    refuse_kernel_restrictions(&analysis)?;
    spec_ids::refuse_local_statics(&analysis)?;
    if !unit.cl.unnamed_lambdas {
        refuse_unnamed_lambdas(&analysis)?;
    }
    Ok(analysis)
}

/// `-fno-sycl-unnamed-lambda`: every kernel lambda needs a kernel name type (a functor's type
/// names its kernel), as in DPC++; each one without is refused where it is launched.
fn refuse_unnamed_lambdas(analysis: &model::Analysis) -> Result<()> {
    // A launch in a template can be found in its pattern and in its instantiations.
    let mut refused = std::collections::BTreeSet::new();
    for kernel in analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .filter(|k| k.callable == model::Callable::Lambda && k.name.is_none())
    {
        let at = &kernel.location;
        let file = at.file.as_deref().unwrap_or(&analysis.source);
        if !refused.insert((file, at.line, at.column)) {
            continue;
        }
        eprintln!(
            "{}:{}:{}: error: this kernel lambda has no kernel name, which -fno-sycl-unnamed-lambda requires \
             (name it: {}<class Name>(…))",
            file.display(),
            at.line,
            at.column,
            kernel.invoker
        );
    }
    if refused.is_empty() {
        Ok(())
    } else {
        Err(Failure::Reported(1))
    }
}

/// Code kernels reach that a SYCL device cannot run (`plugin`'s kernel-restriction checks),
/// refused at compile time as DPC++ refuses it.
fn refuse_kernel_restrictions(analysis: &model::Analysis) -> Result<()> {
    for error in &analysis.kernel_restrictions {
        eprintln!("{error}");
    }
    if analysis.kernel_restrictions.is_empty() {
        Ok(())
    } else {
        Err(Failure::Reported(1))
    }
}
