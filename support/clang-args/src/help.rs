//! What a SYCL driver's `--help` says about the options of the table it reads itself: ours and
//! DPC++'s (role [`Role::SyclDriver`]), and the few driver options whose meaning changes under
//! `-fsycl`. One entry per line of help, in the order `--help` lists them; the entries name
//! table options ([`Id`]), so help and parser cannot drift apart (the tests check both ways).

use crate::{Id, Role, TABLE};

/// What the driver does with a documented option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Treatment {
    /// Acted on.
    Acted,
    /// DPC++'s option, accepted (its value checked) with no effect here; the text says why.
    NoEffect,
    /// DPC++'s option, refused; the text says why.
    Refused,
}

/// One documented option (or a pair spelt together, `-f[no-]…`).
pub struct OptionHelp {
    /// The table's options this entry stands for.
    pub ids: &'static [Id],
    /// How the option is written in the help (`-fsycl-targets=T[,T]`).
    pub synopsis: &'static str,
    pub treatment: Treatment,
    /// What it does, one paragraph (the renderer wraps it).
    pub text: &'static str,
}

const fn help(
    ids: &'static [Id],
    synopsis: &'static str,
    treatment: Treatment,
    text: &'static str,
) -> OptionHelp {
    OptionHelp {
        ids,
        synopsis,
        treatment,
        text,
    }
}

use Treatment::{Acted, NoEffect, Refused};

/// Every documented option, in `--help`'s order.
pub static HELP: &[OptionHelp] = &[
    help(&[Id::Sycl], "-fsycl", Acted, "build SYCL code"),
    help(
        &[Id::SyclSpecConstants],
        "-fsycl-spec-constants=native|emulation",
        Acted,
        "how spec constants reach kernels (default native)",
    ),
    help(
        &[Id::SyclTargets],
        "-fsycl-targets=T[,T]",
        Acted,
        "the device images built: spir64 (SPIR-V, JIT; the default), spir64_x86_64 (the \
         OpenCL CPU device's binary, built at link time; spec constants emulated), \
         nvptx64-nvidia-cuda (PTX for NVIDIA GPUs, sm_50 unless an architecture is named; spec \
         constants emulated) or nvidia_gpu_sm_NN (PTX for that architecture and newer); spir64 \
         targets also spelt T-unknown-unknown; others are refused",
    ),
    help(
        &[Id::OffloadArch],
        "--offload-arch=sm_NN",
        Acted,
        "the NVIDIA GPU architecture of the nvptx64-nvidia-cuda target (the only target \
         without -fsycl-targets, as in DPC++); also -Xsycl-target-backend=nvptx64-nvidia-cuda \
         --cuda-gpu-arch=sm_NN",
    ),
    help(
        &[Id::SyclDeviceCodeSplitMode, Id::SyclDeviceCodeSplit],
        "-fsycl-device-code-split=per_kernel|per_source|auto|off",
        Acted,
        "which kernels share a device image, as in DPC++ (auto: per source, unless the code \
         calls indirectly; the bare option means auto); by default auto, and a source's kernels \
         that read spec constants grouped by the set they read",
    ),
    help(
        &[Id::SyclFooterPath],
        "-fsycl-footer-path=DIR",
        Acted,
        "put generated files (footer, integration header, device code) under DIR instead of \
         next to the output",
    ),
    help(
        &[Id::SyclDeviceOnly],
        "-fsycl-device-only",
        Acted,
        "write the device code as the pipeline finishes it (device prelude, resolved \
         spec-constant IDs, wrapper kernels): <stem>.bc, or LLVM text <stem>.ll with -S \
         (for nvptx64 alone: PTX, <stem>.s); implies -fsycl",
    ),
    help(
        &[Id::SyclLink, Id::SyclLinkMode],
        "-fsycl-link",
        Acted,
        "device link only: objects in, one object out that registers their linked device \
         images; link it later without -fsycl (clang++ objs dev.o -lsycl); -fsycl-link=image \
         is the same",
    ),
    help(
        &[Id::SyclIdQueriesFitInInt, Id::NoSyclIdQueriesFitInInt],
        "-f[no-]sycl-id-queries-fit-in-int",
        Acted,
        "define __SYCL_ID_QUERIES_FIT_IN_INT__=1 in host and device compiles (default on, as \
         in DPC++)",
    ),
    help(
        &[Id::SyclUnnamedLambda, Id::NoSyclUnnamedLambda],
        "-f[no-]sycl-unnamed-lambda",
        Acted,
        "whether a kernel lambda may go without a kernel name (default on, as in DPC++; \
         -fno-… refuses each, located)",
    ),
    help(
        &[Id::XSyclTargetFrontend],
        "-Xsycl-target-frontend[=T] ARG",
        Acted,
        "ARG for the device compile only",
    ),
    help(
        &[Id::XSyclTargetBackend, Id::XSyclTargetLinker],
        "-Xsycl-target-backend[=T] ARG, -Xsycl-target-linker[=T] ARG",
        Acted,
        "ARG for the runtime's build (link) of the device images (the image's compile/link \
         options, as DPC++ sets for JIT)",
    ),
    help(
        &[Id::SaveTemps, Id::SaveTempsMode],
        "-save-temps",
        Acted,
        "keep the generated files (<output>.sycl/)",
    ),
    help(
        &[Id::PreprocessOnly],
        "-E",
        Acted,
        "the source as the host and the device compiles see it, in one file (#ifndef \
         __SYCL_DEVICE_ONLY__) that -fsycl -c compiles back, under any name",
    ),
    help(
        &[Id::DryRun],
        "-###",
        Acted,
        "print the steps without running them",
    ),
    help(
        &[Id::Verbose],
        "-v",
        Acted,
        "print each step before running it",
    ),
    help(
        &[Id::Version],
        "--version",
        Acted,
        "clang's version banner and sycl-clang++'s version",
    ),
    help(&[Id::Help], "--help", Acted, "this text"),
    help(
        &[Id::LinkHugeDeviceCode],
        "-flink-huge-device-code",
        NoEffect,
        "the device link is in process, no linker limits",
    ),
    help(
        &[Id::SyclRdc, Id::NoSyclRdc],
        "-f[no-]sycl-rdc",
        NoEffect,
        "device code is always linked across sources; images are split as \
         -fsycl-device-code-split says",
    ),
    help(
        &[Id::SyclDeviceLib, Id::NoSyclDeviceLib],
        "-f[no-]sycl-device-lib=LIBS",
        NoEffect,
        "the OpenCL CPU runtime provides the device libraries; LIBS is checked: all, libc, \
         libm-fp32, libm-fp64, libimf-fp32, libimf-fp64, libimf-bf16, libm-bfloat16, native",
    ),
    help(
        &[Id::SyclDeadArgsOptimization, Id::NoSyclDeadArgsOptimization],
        "-f[no-]sycl-dead-args-optimization",
        NoEffect,
        "kernels keep every argument",
    ),
    help(
        &[Id::SyclMaxParallelLinkJobs],
        "-fsycl-max-parallel-link-jobs=N",
        NoEffect,
        "checked: a positive integer",
    ),
    help(
        &[Id::SyclEmbedIr],
        "-fsycl-embed-ir",
        NoEffect,
        "no kernel fusion JIT here",
    ),
    help(
        &[Id::SyclHostCompiler, Id::SyclHostCompilerOptions],
        "-fsycl-host-compiler=, -fsycl-host-compiler-options=",
        Refused,
        "the host compile must be clang-22",
    ),
    help(
        &[Id::PreviewBreakingChanges],
        "-fpreview-breaking-changes",
        Refused,
        "needs DPC++'s preview runtime",
    ),
];

/// Options of the table that a SYCL driver reads but a user never writes: the front end's and
/// the host compile's own (`-fsycl-host-only`, the integration files, the unique prefix) and
/// clang's offload spelling.
#[cfg(test)]
const UNDOCUMENTED: &[Id] = &[
    Id::NoSycl,
    Id::SyclHostOnly,
    Id::SyclUniquePrefix,
    Id::Offload,
    Id::SyclIntegrationFooter,
    Id::SyclIntegrationHeader,
];

/// The table's spellings of the options that role `role` gives, in table order, each once:
/// what `--help` lists for a family (`-fsanitize=…`) rather than naming each by hand.
pub fn spellings_with_role(role: Role) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for spec in TABLE.iter().filter(|s| s.role == role) {
        let shown = match spec.shape {
            crate::Shape::Flag => spec.spelling.to_string(),
            _ => format!("{}…", spec.spelling),
        };
        if !out.contains(&shown) {
            out.push(shown);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spellings `synopsis` names: `-f[no-]x` stands for `-fx` and `-fno-x`.
    fn named_in(synopsis: &str, spelling: &str) -> bool {
        let stem = spelling.trim_end_matches('=');
        let plain = synopsis.replace("[no-]", "");
        let negative = synopsis.replace("[no-]", "no-");
        [plain, negative].iter().any(|s| {
            s.split([' ', ',', '[', '='])
                .any(|word| word == stem || word == spelling)
        })
    }

    #[test]
    fn every_entry_names_its_options_as_the_table_spells_them() {
        for entry in HELP {
            for id in entry.ids {
                let spellings: Vec<_> = TABLE.iter().filter(|s| s.id == *id).collect();
                assert!(!spellings.is_empty(), "{id:?} is not in the table");
                assert!(
                    spellings
                        .iter()
                        .any(|s| named_in(entry.synopsis, s.spelling)),
                    "'{}' does not name {id:?}",
                    entry.synopsis
                );
            }
        }
    }

    #[test]
    fn every_sycl_driver_option_is_documented() {
        for spec in TABLE.iter().filter(|s| s.role == Role::SyclDriver) {
            let documented = HELP.iter().any(|h| h.ids.contains(&spec.id));
            assert!(
                documented || UNDOCUMENTED.contains(&spec.id),
                "{} has no help",
                spec.spelling
            );
        }
    }

    #[test]
    fn families_are_listed_once_with_an_ellipsis() {
        let host = spellings_with_role(Role::HostCompile);
        assert!(host.contains(&"-fsanitize=…".to_string()));
        assert!(host.contains(&"-pg".to_string()));
        let unique: std::collections::BTreeSet<_> = host.iter().collect();
        assert_eq!(unique.len(), host.len());
    }
}
