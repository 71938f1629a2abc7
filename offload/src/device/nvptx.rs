//! NVPTX images: the device link of `nvptx64-nvidia-cuda` device code, as PTX text for Intel's
//! runtime and its CUDA adapter (image target `nvptx64`, native format, PTX + NUL).
//!
//! The link, in order: the inputs ([`device_link::link_inputs`]); the `<kernel>_with_offset`
//! entries whose kernel never reads the global offset dropped; the global-offset function and
//! its shared variable defined ([`GLOBAL_OFFSET_FUNCTION`]); undefined functions refused
//! ([`device_link::check_defined`]; libdevice's, `__nv_*`, come later); split; per image:
//! spec constants always emulated (the CUDA adapter sets no native spec constants), property
//! sets, the libdevice functions the image calls linked from CUDA's `libdevice.10.bc` (and
//! internal), LLVM's optimisation pipeline with the NVPTX target, PTX.
//!
//! PTX is generated in this process: unlike LLVM 22's SPIR-V backend (`post_link::isolate`),
//! the NVPTX backend keeps no state from one emission to the next (`llvm::tests`
//! `ptx_emission_leaves_nothing_behind_for_the_next`).

use std::path::{Path, PathBuf};

use super::{DeviceError, DeviceImage, ImageFormat, ImageTarget};
use crate::device_link;
use crate::images::{self, Split};
use crate::ir_text;
use crate::llvm::{CodeGenLevel, Context, Function, GlobalId, Module, TargetMachine, ValueKind};
use crate::lower;
use crate::prop::{self, PropValue, PropertySets};
use crate::spec_id_declarations::Declarations;
use model::specialisation::{Entry, Specialisation};

/// The device triple of NVPTX images (the triple clang-22 compiles `--offload-targets=
/// nvptx64-nvidia-cuda` device code for).
pub const NVPTX_TRIPLE: &str = "nvptx64-nvidia-cuda";

/// `unsigned long __sycl_specconst_nvptx_global_offset(int dim)`: the device library's global
/// offset (`__spirv_BuiltInGlobalOffset`), defined once per image by the link.
pub const GLOBAL_OFFSET_FUNCTION: &str = "__sycl_specconst_nvptx_global_offset";

/// The launch's global offset, `[3 x i32]` in shared memory: every wrapper stores it (zeros,
/// or its `_with_offset` parameter) before the kernel's body runs.
pub const GLOBAL_OFFSET_VARIABLE: &str = "__sycl_specconst_nvptx_global_offset_value";

/// Functions the CUDA driver provides to PTX itself: libdevice's `__nvvm_reflect` becomes a
/// constant in the NVPTX backend's own IR passes (NVVMReflect), `vprintf` and `__assertfail`
/// are the CUDA device runtime's.
pub(crate) const PROVIDED_ON_NVPTX: [&str; 3] = ["__nvvm_reflect", "vprintf", "__assertfail"];

/// What an NVPTX link builds for: the GPU architecture (`sm_90`) and PTX ISA feature
/// (`+ptx78`) code is generated for, CUDA's libdevice, and whether the user named the
/// architecture (then the image says it is for that architecture only: `compile_target`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvptxTarget {
    pub arch: String,
    pub ptx_feature: String,
    pub libdevice: PathBuf,
    pub explicit_arch: bool,
    /// Native spec constants (issue 32): each image whose kernels read spec constants also
    /// carries its bitcode for the CUDA adapter to specialise at launch
    /// (`model::specialisation`), and has a default-values twin the runtime runs when no
    /// value was set. Without it (`-fsycl-spec-constants=emulation`) the PTX reads the
    /// buffer, as DPC++'s does.
    pub specialise: bool,
}

impl NvptxTarget {
    /// The `compile_target` an image built for an explicit architecture states: the SYCL
    /// architecture's name (`nvidia_gpu_sm_90`), which Intel's runtime compares with the
    /// device's architecture, as DPC++ writes it for `-fsycl-targets=nvidia_gpu_sm_90`.
    pub fn compile_target(&self) -> String {
        format!("nvidia_gpu_{}", self.arch)
    }
}

/// Marks the end of a step, whose time [`super::build_images`] reports.
type Lap<'a> = &'a mut dyn FnMut(&'static str);

/// Links `inputs` (NVPTX device bitcode) for `target` and returns its images (none without
/// inputs); without `split`, one TU's code alone (`-fsycl-device-only -S`): one image of it
/// all, where even `Split::None` separates code by its requirements, and functions other TUs
/// define (`SYCL_EXTERNAL`) left declared (`.extern .func`) rather than refused.
pub(super) fn build_images(
    inputs: Vec<(String, Vec<u8>)>,
    target: &NvptxTarget,
    split: Option<Split>,
    lap: Lap<'_>,
) -> Result<Vec<DeviceImage>, DeviceError> {
    let ctx = Context::new();
    let Some(mut module) = device_link::link_inputs(&ctx, inputs)? else {
        return Ok(Vec::new());
    };
    drop_unused_offset_entries(&mut module);
    define_global_offset(&mut module)?;
    if split.is_some() {
        device_link::check_defined_but(&module, is_libdevice_function)?;
    }
    let declarations = Declarations::read(&module);
    lap("NVPTX device link");
    let modules = match split {
        Some(split) => images::split_modules(module, split)?,
        None => vec![module],
    };
    if modules.len() > 1 {
        lap("NVPTX device-code split");
    }
    let machine = TargetMachine::for_cpu(
        NVPTX_TRIPLE,
        &target.arch,
        &target.ptx_feature,
        CodeGenLevel::Default,
    )
    .map_err(DeviceError::Llvm)?;
    let mut lowered = Vec::with_capacity(modules.len());
    let mut private_arrays = false;
    for mut module in modules {
        private_arrays |= has_private_arrays(&module);
        match lower_image(&mut module, target) {
            Ok(sets) => lowered.push((module, sets)),
            Err(error) => return Err(declarations.locate(&module, error)),
        }
    }
    // A private array of run-time length is a PTX `alloca`: PTX 7.3 and sm_52 at least.
    let (machine, ptx_feature) = match dynamic_alloca_feature(target, private_arrays)? {
        Some(feature) => (
            TargetMachine::for_cpu(NVPTX_TRIPLE, &target.arch, &feature, CodeGenLevel::Default)
                .map_err(DeviceError::Llvm)?,
            feature,
        ),
        None => (machine, target.ptx_feature.clone()),
    };
    lap("NVPTX spec-constant lowering");
    // After the property sets, as DPC++ links libdevice after its post-link step: an image's
    // requirements are its own code's (libdevice's sinf has a double-precision slow path,
    // which would make every image using it need fp64).
    let needed: Vec<Vec<String>> = lowered.iter().map(|(m, _)| libdevice_calls(m)).collect();
    let libdevice = Libdevice::read(&target.libdevice, &ctx, needed.iter().flatten())?;
    let mut built = Vec::with_capacity(lowered.len());
    for ((mut module, property_sets), needed) in lowered.into_iter().zip(&needed) {
        if let Some(libdevice) = &libdevice {
            libdevice.link_into(&mut module, needed)?;
        }
        if split.is_some() {
            device_link::check_defined(&module)?;
        }
        // Only a link's images (not `-fsycl-device-only -S`), and optimised code (the
        // adapter's optimiser leaves `optnone` kernels as they are). The bitcode is taken
        // before this optimisation, which would unroll a loop of spec-constant length for
        // any length (then no longer unrolled fully for the one a launch sets).
        let specialisation = (target.specialise && split.is_some() && !is_unoptimised(&module))
            .then(|| specialisation_of(&module, &property_sets, &target.arch, &ptx_feature))
            .flatten();
        let twin = match (&specialisation, property_sets.spec_constant_defaults()) {
            (Some(data), Some(defaults)) => {
                let mut twin = default_values_twin(&module, data, defaults)?;
                optimise(&mut twin, &machine)?;
                Some(twin)
            }
            _ => None,
        };
        optimise(&mut module, &machine)?;
        built.push((module, property_sets, specialisation, twin));
    }
    lap("NVPTX libdevice and optimisation");
    let mut images = Vec::with_capacity(built.len());
    for (mut module, property_sets, specialisation, twin) in built {
        let kernels = lower::kernel_names(&module);
        let mut code = ptx_of(&mut module, &machine)?;
        if let Some(data) = &specialisation {
            data.append_to(&mut code);
        }
        images.push(DeviceImage {
            target: ImageTarget::Nvptx64,
            format: ImageFormat::Native,
            code,
            property_sets: property_sets.clone(),
            kernels: kernels.clone(),
        });
        if let Some(mut twin) = twin {
            images.push(DeviceImage {
                target: ImageTarget::Nvptx64,
                format: ImageFormat::Native,
                code: ptx_of(&mut twin, &machine)?,
                property_sets: property_sets.for_default_values_image(),
                kernels,
            });
        }
    }
    lap("PTX");
    Ok(images)
}

/// The module's PTX, ending in the NUL the runtime's copy needs: it hands the code to the CUDA
/// driver as a C string.
fn ptx_of(module: &mut Module<'_>, machine: &TargetMachine) -> Result<Vec<u8>, DeviceError> {
    let _step = crate::llvm::FatalErrorStep::new("PTX emission");
    let mut code = module
        .emit_assembly(machine)
        .map_err(|e| DeviceError::Llvm(format!("PTX emission failed: {e}")))?;
    code.push(0);
    Ok(code)
}

/// What the CUDA adapter needs to specialise `module`'s image: its bitcode (optimised, spec
/// constants read from the buffer), the kernel entries taking the buffer and at which
/// parameter, the buffer's size; `None` when no kernel reads spec constants (no default
/// values: the runtime passes no buffer).
fn specialisation_of(
    module: &Module<'_>,
    property_sets: &PropertySets,
    arch: &str,
    ptx_feature: &str,
) -> Option<Specialisation> {
    let defaults = property_sets.spec_constant_defaults()?;
    let entries: Vec<Entry> = module
        .functions()
        .into_iter()
        .filter(|f| f.is_kernel() && !f.is_declaration())
        .filter_map(|f| {
            let parameter = f
                .params()
                .iter()
                .position(|p| p.name() == super::SPEC_CONSTANTS_PARAMETER)?;
            Some(Entry {
                kernel: f.name(),
                parameter: parameter as u32,
            })
        })
        .collect();
    if defaults.is_empty() || entries.is_empty() {
        return None;
    }
    Some(Specialisation {
        values_len: defaults.len() as u64,
        arch: arch.to_string(),
        ptx_feature: ptx_feature.to_string(),
        entries,
        bitcode: module.to_bitcode().to_vec(),
    })
}

/// The image's default-values twin: a copy of `module` with the default values folded in
/// where the buffer is read, for the runtime to run when the program set no value (DPC++'s
/// `-fsycl-add-default-spec-consts-image` image); optimised by the caller.
fn default_values_twin<'c>(
    module: &Module<'c>,
    data: &Specialisation,
    defaults: &[u8],
) -> Result<Module<'c>, DeviceError> {
    let mut twin = module.clone_module();
    let entries: Vec<&Entry> = data.entries.iter().collect();
    specialise::fold_values(&mut twin, &entries, defaults)
        .map_err(|e| DeviceError::Llvm(format!("the default-values image: {e}")))?;
    Ok(twin)
}

/// Deletes each `<kernel>_with_offset` entry whose `<kernel>` never calls
/// [`GLOBAL_OFFSET_FUNCTION`]: its global offset changes nothing, so the adapter, finding no
/// such entry, launches `<kernel>` itself. Where the call graph cannot tell (an indirect call,
/// the function's address taken), every entry stays.
fn drop_unused_offset_entries(module: &mut Module<'_>) {
    let unused: Vec<GlobalId> = {
        let reaching = kernels_reaching_global_offset(module);
        let Some(reaching) = reaching else {
            return;
        };
        module
            .functions()
            .into_iter()
            .filter(|f| f.is_kernel() && !f.is_declaration() && !f.has_users())
            .filter(|f| {
                lower::offset_variant_of(module, *f).is_some_and(|k| !reaching.contains(&k))
            })
            .map(Function::id)
            .collect()
    };
    module.delete_unused(&unused);
}

/// The kernels whose code calls [`GLOBAL_OFFSET_FUNCTION`], through any number of direct
/// calls; `None` when that is not certain.
fn kernels_reaching_global_offset(module: &Module<'_>) -> Option<Vec<String>> {
    if calls_indirectly(module) {
        return None;
    }
    let Some(function) = module.get_function(GLOBAL_OFFSET_FUNCTION) else {
        return Some(Vec::new());
    };
    let mut pending = vec![function];
    let mut seen = rustc_hash::FxHashSet::default();
    let mut kernels = Vec::new();
    while let Some(f) = pending.pop() {
        if !seen.insert(f) {
            continue;
        }
        if f.is_kernel() {
            kernels.push(f.name());
        }
        for user in f.as_value().users() {
            let caller = user
                .as_call()
                .filter(|call| call.callee() == f.as_value())
                .and_then(|call| call.parent_function());
            // Any other use (an address stored, a constant naming it) could lead to a call.
            pending.push(caller?);
        }
    }
    Some(kernels)
}

/// An indirect call (inline assembly is none), or a function marked `"referenced-indirectly"`.
fn calls_indirectly(module: &Module<'_>) -> bool {
    module.functions().into_iter().any(|f| {
        f.string_attribute("referenced-indirectly").is_some()
            || f.instructions().into_iter().any(|i| {
                i.as_call().is_some_and(|call| {
                    !matches!(call.callee().kind(), ValueKind::Function | ValueKind::Other)
                })
            })
    })
}

/// libdevice's functions are `__nv_<name>`.
fn is_libdevice_function(name: &str) -> bool {
    name.starts_with("__nv_")
}

/// The libdevice functions `image` calls, in module order.
fn libdevice_calls(image: &Module<'_>) -> Vec<String> {
    image
        .functions()
        .into_iter()
        .filter(|f| f.is_declaration() && f.has_users())
        .map(|f| f.name())
        .filter(|name| is_libdevice_function(name))
        .collect()
}

/// CUDA's libdevice cut down to what a link's images call (and what that calls): read once
/// per link, copied into each image that calls it. Copying all of libdevice per image cost
/// more than reading it (some 575 functions: 0.2–0.3 s a copy).
struct Libdevice<'p, 'c> {
    path: &'p Path,
    module: Module<'c>,
}

impl<'p, 'c> Libdevice<'p, 'c> {
    /// libdevice at `path` with only `needed` (and what they call) external; `None` when
    /// nothing is needed, without reading the file.
    fn read<'n>(
        path: &'p Path,
        ctx: &'c Context,
        needed: impl Iterator<Item = &'n String>,
    ) -> Result<Option<Self>, DeviceError> {
        let needed: rustc_hash::FxHashSet<&str> = needed.map(String::as_str).collect();
        if needed.is_empty() {
            return Ok(None);
        }
        let failed = |message: String| libdevice_error(path, message);
        let bytes = std::fs::read(path).map_err(|e| failed(e.to_string()))?;
        let name = path.display().to_string();
        // Read in process: libdevice is the CUDA installation's (the toolchain's, like
        // clang's own files), not bitcode a user's objects carry, which `isolate::
        // parse_untrusted` reads in a child first; that second read doubled the link's time
        // (0.17–0.25 s to read libdevice, 0.38–0.65 s with the child).
        let mut module = ctx
            .parse_ir(bytes, &name)
            .map_err(|e| failed(e.trim_end().to_string()))?;
        keep_only(&mut module, |name| needed.contains(name)).map_err(failed)?;
        Ok(Some(Libdevice { path, module }))
    }

    /// Links into `image` the libdevice functions it calls (`needed`) and what they need,
    /// nothing else, and makes them internal: they are the image's own code, as
    /// `clang -mlink-builtin-bitcode` makes them for CUDA.
    fn link_into(&self, image: &mut Module<'c>, needed: &[String]) -> Result<(), DeviceError> {
        if needed.is_empty() {
            return Ok(());
        }
        let failed = |message: String| libdevice_error(self.path, message);
        let mut copy = self.module.clone_module();
        // libdevice says `nvptx64-nvidia-gpulibs`; as the image's own code it takes the
        // image's.
        copy.set_triple(&image.triple());
        copy.set_data_layout(&image.data_layout());
        keep_only(&mut copy, |name| needed.iter().any(|n| n == name)).map_err(failed)?;
        let linked: Vec<String> = copy
            .functions()
            .into_iter()
            .filter(|f| !f.is_declaration() && f.linkage_is_external())
            .map(|f| f.name())
            .collect();
        image.link(copy).map_err(failed)?;
        for name in &linked {
            if let Some(f) = image.get_function(name) {
                f.set_internal_linkage();
            }
        }
        Ok(())
    }
}

fn libdevice_error(path: &Path, message: String) -> DeviceError {
    DeviceError::Llvm(format!(
        "cannot link libdevice ({}): {message}",
        path.display()
    ))
}

/// Makes every definition of `module` but the functions `keep` names internal and removes
/// what those do not reach.
fn keep_only(module: &mut Module<'_>, keep: impl Fn(&str) -> bool) -> Result<(), String> {
    for f in module.functions() {
        if !f.is_declaration() && !keep(&f.name()) {
            f.set_internal_linkage();
        }
    }
    for global in module.globals() {
        if global.initializer().is_some() {
            global.set_internal_linkage();
        }
    }
    module.run_passes("globaldce")
}

/// Defines [`GLOBAL_OFFSET_FUNCTION`] and [`GLOBAL_OFFSET_VARIABLE`] (internal, once per image:
/// each TU's wrappers and device library only declare them). The variable has no initial
/// value (shared memory has none); the function reads element `dim`, zero-extended.
fn define_global_offset(module: &mut Module<'_>) -> Result<(), DeviceError> {
    if let Some(f) = module.get_function(GLOBAL_OFFSET_FUNCTION)
        && !f.is_declaration()
    {
        return Err(DeviceError::Llvm(format!(
            "device code defines '{GLOBAL_OFFSET_FUNCTION}', which sycl-clang++ defines at the \
             link (the global offset of an NVPTX kernel launch)"
        )));
    }
    let shared = shared_address_space();
    let mut text = ir_text::module_header(Some(&module.data_layout()), &module.triple());
    text.push_str(&format!(
        "@{GLOBAL_OFFSET_VARIABLE} = addrspace({shared}) global [3 x i32] undef, align 4\n\
         define i64 @{GLOBAL_OFFSET_FUNCTION}(i32 %dim) {{\n\
         entry:\n  \
         %element = getelementptr inbounds [3 x i32], ptr addrspace({shared}) @{GLOBAL_OFFSET_VARIABLE}, i32 0, i32 %dim\n  \
         %offset = load i32, ptr addrspace({shared}) %element, align 4\n  \
         %wide = zext i32 %offset to i64\n  \
         ret i64 %wide\n}}\n"
    ));
    let definitions = ir_text::parse(module.context(), text, "sycl-specconst global offset")
        .map_err(DeviceError::Wrapper)?;
    module.link(definitions).map_err(|e| {
        DeviceError::Llvm(format!(
            "cannot define the NVPTX global offset ('{GLOBAL_OFFSET_VARIABLE}' declared with \
             another type?): {e}"
        ))
    })?;
    if let Some(f) = module.get_function(GLOBAL_OFFSET_FUNCTION) {
        f.set_internal_linkage();
    }
    for global in module.globals() {
        if global.name() == GLOBAL_OFFSET_VARIABLE {
            global.set_internal_linkage();
        }
    }
    Ok(())
}

/// NVPTX's shared address space (`model::kernel_abi::Target::Nvptx64`'s local memory).
fn shared_address_space() -> u32 {
    model::kernel_abi::Target::Nvptx64.address_space(model::kernel_abi::Memory::Local)
}

/// Whether the image makes `sycl_ext_oneapi_private_alloca` arrays (`llvm.sycl.alloca` calls,
/// which the lowering makes run-time-length allocas).
fn has_private_arrays(module: &Module<'_>) -> bool {
    module
        .functions()
        .iter()
        .any(|f| f.name().starts_with("llvm.sycl.alloca") && !f.direct_calls().is_empty())
}

/// The PTX feature code generation needs when the images have private arrays of run-time
/// length: PTX 7.3 at least (`None`: the target's own). sm_50 has no dynamic `alloca`.
fn dynamic_alloca_feature(
    target: &NvptxTarget,
    private_arrays: bool,
) -> Result<Option<String>, DeviceError> {
    const LEAST_PTX: u32 = 73;
    if !private_arrays {
        return Ok(None);
    }
    let sm: u32 = target
        .arch
        .trim_start_matches("sm_")
        .trim_end_matches('a')
        .parse()
        .unwrap_or(0);
    if sm < 52 {
        return Err(DeviceError::Llvm(format!(
            "private_alloca on nvptx64 needs sm_52 or later (an array of run-time length is a PTX \
             alloca); this link is for {}: name a newer architecture, e.g. \
             -fsycl-targets=nvidia_gpu_sm_90",
            target.arch
        )));
    }
    let ptx: u32 = target
        .ptx_feature
        .trim_start_matches("+ptx")
        .parse()
        .unwrap_or(0);
    Ok((ptx < LEAST_PTX).then(|| format!("+ptx{LEAST_PTX}")))
}

/// Lowers one image's spec constants (emulated) and returns its property sets.
fn lower_image(module: &mut Module<'_>, target: &NvptxTarget) -> Result<PropertySets, DeviceError> {
    lower::lower_for_nvptx(module)?;
    module
        .verify_located()
        .map_err(|e| DeviceError::Internal(e.in_step("spec-constant lowering")))?;
    let mut property_sets = images::property_sets(module, false)?;
    if target.explicit_arch {
        property_sets.add(
            prop::SET_DEVICE_REQUIREMENTS,
            "compile_target",
            PropValue::Bytes(target.compile_target().into_bytes()),
        );
    }
    Ok(property_sets)
}

/// An unoptimised device compile (`optnone` kernels, `-O0`).
fn is_unoptimised(module: &Module<'_>) -> bool {
    module
        .functions()
        .into_iter()
        .any(|f| f.is_kernel() && f.has_enum_attribute("optnone"))
}

/// The link's optimisation: the device compile only inlined and cleaned up each TU's code
/// (`offload::device_code`), and the libdevice functions, the global offset and the
/// spec-constant loads come after; [`specialise::NVPTX_PIPELINE`] with the NVPTX target
/// inlines, folds and unrolls them (and runs NVVMReflect first), the same as the CUDA adapter's
/// specialisation, so a value known at compile time and one known at launch get the same
/// code. An unoptimised device compile (`optnone` kernels, `-O0`) stays unoptimised.
fn optimise(module: &mut Module<'_>, machine: &TargetMachine) -> Result<(), DeviceError> {
    if is_unoptimised(module) {
        return Ok(());
    }
    let _step = crate::llvm::FatalErrorStep::new("NVPTX optimisation");
    module
        .run_target_passes(specialise::NVPTX_PIPELINE, machine)
        .map_err(|e| DeviceError::Llvm(format!("optimising NVPTX device code: {e}")))
}

#[cfg(test)]
mod test_modules;
#[cfg(test)]
mod tests;
