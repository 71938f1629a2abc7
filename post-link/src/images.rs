//! Device images from a linked module: device-code split (`-split`, `-fsycl-device-code-split`),
//! each image's code bytes (bitcode, text, SPIR-V) and property sets. Shared by
//! `sycl-post-link` (its binary's `tool` module) and `sycl-clang++` (`device`).

use crate::call_graph::CallGraph;
use crate::llvm::{self, Function, Module, TargetMachine, ValueKind};
use crate::lower;
use crate::lower::LowerError;
use crate::prop::{self, PropValue, PropertySets};
use crate::requirements;
use rustc_hash::FxHashMap;

/// Why an image could not be made: the library's own error, which `sycl-post-link`
/// (`tool::Error`) and `sycl-clang++` (`device::DeviceError`) each wrap unchanged.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{what} is not valid LLVM IR: {msg}")]
    Invalid { what: String, msg: String },
    #[error(transparent)]
    Lower(#[from] LowerError),
    #[error("SPIR-V emission failed: {0}")]
    Emit(String),
    /// Emission failed, and LLVM fails on `function`'s code alone.
    #[error(
        "internal error in SPIR-V emission of function '{function}': LLVM's SPIR-V backend \
         fails on its code (LLVM's message is above; {detail})"
    )]
    EmitFunction { function: String, detail: String },
    /// Input LLVM's SPIR-V backend would stop the process on, found before emission.
    #[error("{0}")]
    Unemittable(lower::UnemittableBitcast),
}

/// Code-file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeFormat {
    Bitcode,
    Text,
    SpirV,
}

impl CodeFormat {
    pub fn ext(self) -> &'static str {
        match self {
            CodeFormat::Bitcode => "bc",
            CodeFormat::Text => "ll",
            CodeFormat::SpirV => "spv",
        }
    }
}

/// Device-code split (`-split=`): which kernels share an image.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Split {
    /// One image with everything.
    #[default]
    None,
    /// One image per kernel.
    PerKernel,
    /// One image per source file (kernels' `"sycl-module-id"` attribute).
    PerSource,
    /// Per source, unless the module calls indirectly or has functions marked
    /// `"referenced-indirectly"` (then no split), as DPC++ chooses.
    Auto,
    /// As `Auto`, and within a source the kernels that read spec constants grouped by the set
    /// they read (directly or through the functions they call): a new value set re-compiles
    /// only the kernels that read the constants set. `sycl-clang++`'s default.
    SpecConstants,
}

/// `module` split into images as `split` says (one image, `module` itself, when nothing
/// splits).
pub fn split_modules<'c>(module: Module<'c>, split: Split) -> Result<Vec<Module<'c>>, Error> {
    let groups = split_groups(&module, split);
    images_of(module, &groups)
}

/// The kernels of each image, in module order (empty: one image, nothing split).
pub fn split_groups(module: &Module<'_>, split: Split) -> Vec<Vec<String>> {
    // Whatever the mode, kernels with different device requirements get images of their
    // own, as DPC++ splits by optional features: an image states what it needs of a device
    // for all its kernels, and a kernel the device cannot run must not keep the others from
    // building (the CPU device refuses a whole program with an unsupported sub-group size).
    let by_source = match split {
        Split::None => false,
        Split::Auto | Split::SpecConstants if calls_indirectly(module) => false,
        Split::PerKernel | Split::PerSource | Split::Auto | Split::SpecConstants => true,
    };
    // An indirect call could reach any getter: no set can be told apart then.
    let spec_constants = (split == Split::SpecConstants && by_source)
        .then(|| SpecConstantReads::new(module))
        .flatten();
    type Key = (String, requirements::Requirements, Vec<String>);
    let mut reader = requirements::RequirementsReader::default();
    let mut groups: Vec<(Option<Key>, Vec<String>)> = Vec::new();
    // NVPTX's `<kernel>_with_offset` entries go where their kernel goes (`image_of`).
    for k in lower::runtime_kernels(module) {
        // Per kernel: no key, every kernel a group of its own.
        let key = (split != Split::PerKernel).then(|| {
            let source = if by_source {
                k.string_attribute("sycl-module-id").unwrap_or_default()
            } else {
                String::new()
            };
            let reads = spec_constants
                .as_ref()
                .map(|reads| reads.of_kernel(k, reader.call_graph()))
                .unwrap_or_default();
            (source, reader.kernel(k), reads)
        });
        match groups.iter_mut().find(|(g, _)| key.is_some() && *g == key) {
            Some((_, names)) => names.push(k.name()),
            None => groups.push((key, vec![k.name()])),
        }
    }
    if groups.len() <= 1 {
        return Vec::new();
    }
    groups.into_iter().map(|(_, names)| names).collect()
}

/// One image per group of kernels, or `module` itself when `groups` is empty.
pub fn images_of<'c>(module: Module<'c>, groups: &[Vec<String>]) -> Result<Vec<Module<'c>>, Error> {
    if groups.is_empty() {
        return Ok(vec![module]);
    }
    groups
        .iter()
        .map(|kernels| image_of(&module, kernels))
        .collect()
}

/// Which spec constants (symbolic IDs) each function reads itself; a kernel reads those of
/// every function it reaches.
struct SpecConstantReads {
    /// Function name → the symbolic IDs its own getter calls read.
    direct: FxHashMap<String, Vec<String>>,
}

impl SpecConstantReads {
    /// `None` when a getter call is malformed: the lowering reports it, and until then no
    /// call's constant can be trusted to group kernels.
    fn new(module: &Module<'_>) -> Option<Self> {
        let direct = lower::spec_constants_read_directly(module).ok()?;
        Some(Self { direct })
    }

    /// The symbolic IDs `kernel` reads (walking `calls`), sorted, without repeats.
    fn of_kernel<'m>(&self, kernel: Function<'m>, calls: &mut CallGraph<'m>) -> Vec<String> {
        if self.direct.is_empty() {
            return Vec::new();
        }
        let mut reads: Vec<String> = calls
            .reachable(kernel)
            .into_iter()
            .filter_map(|f| self.direct.get(&f.name()))
            .flatten()
            .cloned()
            .collect();
        reads.sort_unstable();
        reads.dedup();
        reads
    }
}

/// An indirect call, or a function marked `"referenced-indirectly"`.
fn calls_indirectly(module: &Module<'_>) -> bool {
    module.functions().into_iter().any(|f| {
        f.string_attribute("referenced-indirectly").is_some()
            || (!f.is_declaration()
                && f.instructions().into_iter().any(|i| {
                    i.as_call()
                        .is_some_and(|call| call.callee().kind() != ValueKind::Function)
                }))
    })
}

/// A copy of `module` with only `kernels` (and their NVPTX global-offset entries) as kernels,
/// and what they no longer need removed.
fn image_of<'c>(module: &Module<'c>, kernels: &[String]) -> Result<Module<'c>, Error> {
    let mut image = module.clone_module();
    let others: Vec<_> = image
        .functions()
        .into_iter()
        .filter(|f| {
            let kernel = lower::offset_variant_of(&image, *f).unwrap_or_else(|| f.name());
            f.is_kernel() && !f.is_declaration() && !kernels.contains(&kernel) && !f.has_users()
        })
        .map(|f| f.id())
        .collect();
    image.delete_unused(&others);
    image
        .run_passes("globaldce")
        .map_err(|msg| Error::Invalid {
            what: "a split image".into(),
            msg,
        })?;
    Ok(image)
}

/// The bytes of one output file.
#[derive(Debug)]
pub enum Content {
    Owned(Vec<u8>),
    /// Bitcode stays in LLVM's buffer: copying it out costs a module-sized allocation.
    Llvm(llvm::Buffer),
}

impl std::ops::Deref for Content {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Content::Owned(v) => v,
            Content::Llvm(b) => b,
        }
    }
}

impl From<Vec<u8>> for Content {
    fn from(v: Vec<u8>) -> Self {
        Content::Owned(v)
    }
}

/// `spir64-…` → `spirv64v<ver>-unknown-unknown`; 32-bit SPIR triples map to `spirv32`.
pub(crate) fn spirv_triple(module_triple: &str, version: &str) -> String {
    let bits = if module_triple.starts_with("spir-") || module_triple.starts_with("spirv32") {
        32
    } else {
        64
    };
    format!("spirv{bits}v{version}-unknown-unknown")
}

pub fn code_bytes(
    m: &Module<'_>,
    format: CodeFormat,
    spirv_version: &str,
) -> Result<Content, Error> {
    match format {
        CodeFormat::Bitcode => Ok(Content::Llvm(m.to_bitcode())),
        CodeFormat::Text => Ok(m.to_text().into_bytes().into()),
        CodeFormat::SpirV => {
            // LLVM's SPIR-V backend ends the process on these, with a message naming no
            // function: refused here, located.
            if let Some(bitcast) = lower::unemittable_bitcast(m) {
                return Err(Error::Unemittable(bitcast));
            }
            let triple = spirv_triple(&m.triple(), spirv_version);
            // One target machine for the datalayout, the target passes and emission.
            let machine = TargetMachine::new(&triple).map_err(Error::Emit)?;
            let dl = machine.data_layout();
            // LLVM 22's SPIR-V backend leaks state from one emission into the next
            // (crate::isolate says how): each emission runs in a child process of its own.
            let emitted = crate::isolate::run_in_child(|| {
                let _step = llvm::FatalErrorStep::new("SPIR-V preparation");
                let mut copy = prepare_for_spirv(m, &triple, &dl, &machine, None)?;
                let _step = llvm::FatalErrorStep::new(format!(
                    "SPIR-V emission of the image of {}",
                    kernel_list(&copy)
                ));
                copy.emit_object(&machine)
            });
            // LLVM's fatal errors name no function: the one it fails on alone is found
            // (in more children, only when emission failed).
            emitted.map(Content::from).map_err(|e| {
                match function_spirv_fails_on(m, &triple, &dl, &machine) {
                    Some(function) => Error::EmitFunction {
                        function,
                        detail: e,
                    },
                    None => Error::Emit(e),
                }
            })
        }
    }
}

/// `m`'s copy as SPIR-V emission takes it; with `only`, every other function's body is
/// dropped (it becomes a declaration).
fn prepare_for_spirv<'c>(
    m: &Module<'c>,
    triple: &str,
    dl: &str,
    machine: &TargetMachine,
    only: Option<&str>,
) -> Result<Module<'c>, String> {
    // Emission retargets the module; work on a copy.
    let mut copy = m.clone_module();
    copy.set_triple(triple);
    copy.set_data_layout(dl);
    if let Some(only) = only {
        for f in copy.functions() {
            if !f.is_declaration() && f.name() != only {
                f.set_available_externally_linkage();
            }
        }
        copy.run_passes("elim-avail-extern")?;
    }
    // The specialization_id objects stay in lowered IR (DPC++ keeps them for debug info) but
    // nothing uses them any more; LLVM 22's SPIR-V backend does work for every global in
    // every function, so with them emission grew with functions x spec constants (2,000
    // constants in 200 kernels: 25.9 s and 1.77 GB; without: 0.2 s).
    copy.run_passes("globaldce")?;
    // Generic pointers whose address space is known become that space's again (the kernel
    // wrappers' accessor pointers, after inlining): the device then needs no generic
    // accesses where a hand-written OpenCL kernel has none.
    copy.run_target_passes("function(infer-address-spaces)", machine)?;
    lower::legalize_for_spirv(&mut copy)?;
    lower::keep_expressible_fast_math(&copy);
    Ok(copy)
}

/// The first function (module order) whose code alone LLVM's SPIR-V backend fails on:
/// emitted with every other body dropped, each in a child of its own, quietly. `None` when
/// no function's alone fails, or when the module without any body fails already (then no
/// function is to blame).
fn function_spirv_fails_on(
    m: &Module<'_>,
    triple: &str,
    dl: &str,
    machine: &TargetMachine,
) -> Option<String> {
    let emits = |only: &str| {
        crate::isolate::run_in_child(|| {
            llvm::quiet_fatal_errors();
            prepare_for_spirv(m, triple, dl, machine, Some(only))?.emit_object(machine)
        })
        .is_ok()
    };
    // No function is named "": every body dropped.
    if !emits("") {
        return None;
    }
    m.functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .map(|f| f.name())
        .find(|name| !emits(name))
}

/// "kernel 'a'" or "kernels 'a', 'b'" (LLVM names), for messages about a whole image.
fn kernel_list(m: &Module<'_>) -> String {
    let kernels: Vec<String> = m
        .functions()
        .into_iter()
        .filter(|f| f.is_kernel() && !f.is_declaration())
        .map(|f| f.name())
        .collect();
    match kernels.as_slice() {
        [] => "no kernel".into(),
        [one] => format!("kernel '{one}'"),
        many => format!("kernels '{}'", many.join("', '")),
    }
}

/// The property sets of a lowered module (read back from its metadata, as DPC++ does).
pub fn property_sets(m: &Module<'_>, default_image: bool) -> Result<PropertySets, Error> {
    let tables = lower::read_spec_constants(m)?;
    let mut p = PropertySets::default();
    let kernels = requirements::module_kernels(m);
    requirements::add_property_set(&mut p, &requirements::common(&kernels));
    if !tables.descriptors.is_empty() {
        for (name, descs) in &tables.descriptors {
            p.add(
                prop::SET_SPEC_CONSTANTS,
                name,
                PropValue::Bytes(crate::model::desc_bytes(descs)),
            );
        }
        p.add(
            prop::SET_SPEC_DEFAULTS,
            "all",
            PropValue::Bytes(tables.default_blob.clone()),
        );
    }
    if let Some(level) = optimization_level(m) {
        p.add(prop::SET_MISC, "optLevel", PropValue::U32(level));
    }
    if default_image {
        p.add(
            prop::SET_MISC,
            "specConstsReplacedWithDefault",
            PropValue::U32(1),
        );
    }
    Ok(p)
}

/// The device compile's optimisation level, from the `sycl-optlevel` attribute DPC++'s clang
/// gives device functions, read from the image's first kernel that has it (as DPC++ reads its
/// entry points). Intel's runtime turns it into the backend's option (`-O0` is OpenCL's
/// `-cl-opt-disable`).
fn optimization_level(m: &Module<'_>) -> Option<u32> {
    m.functions()
        .into_iter()
        .filter(|f| f.is_kernel() && !f.is_declaration())
        .find_map(|f| f.string_attribute(OPTIMIZATION_LEVEL_ATTRIBUTE))
        .and_then(|level| level.parse().ok())
}

/// DPC++'s function attribute for the device compile's `-O` level.
const OPTIMIZATION_LEVEL_ATTRIBUTE: &str = "sycl-optlevel";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spirv_triples() {
        assert_eq!(
            spirv_triple("spir64-unknown-unknown", "1.2"),
            "spirv64v1.2-unknown-unknown"
        );
        assert_eq!(
            spirv_triple("spir-unknown-unknown", "1.0"),
            "spirv32v1.0-unknown-unknown"
        );
        assert_eq!(spirv_triple("", "1.4"), "spirv64v1.4-unknown-unknown");
    }

    /// A module of kernels `a`..`e` (source a.cpp) and `f` (b.cpp): `a` and `d` read nothing,
    /// `b` reads X through a recursive helper, `c` reads X directly and through the helper,
    /// `e` reads X and Y through a two-deep chain, `f` reads X.
    const SPEC_SETS_IR: &str = r#"target triple = "spir64-unknown-unknown"
@x = private unnamed_addr constant [2 x i8] c"X\00"
@y = private unnamed_addr constant [2 x i8] c"Y\00"
@dx = internal addrspace(1) constant { i32 } { i32 1 }
@dy = internal addrspace(1) constant { i32 } { i32 2 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
define internal spir_func i32 @read_x(i32 %n) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @x to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dx to ptr addrspace(4)), ptr addrspace(4) null)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %again
again:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @read_x(i32 %m)
  br label %done
done:
  ret i32 %v
}
define internal spir_func i32 @read_y() {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @y to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dy to ptr addrspace(4)), ptr addrspace(4) null)
  %w = call spir_func i32 @read_x(i32 1)
  ret i32 %v
}
define internal spir_func i32 @via_y() {
  %v = call spir_func i32 @read_y()
  ret i32 %v
}
define spir_kernel void @a() #0 {
  ret void
}
define spir_kernel void @b() #0 {
  %v = call spir_func i32 @read_x(i32 3)
  ret void
}
define spir_kernel void @c() #0 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @x to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dx to ptr addrspace(4)), ptr addrspace(4) null)
  %w = call spir_func i32 @read_x(i32 0)
  ret void
}
define spir_kernel void @d() #0 {
  ret void
}
define spir_kernel void @e() #0 {
  %v = call spir_func i32 @via_y()
  ret void
}
define spir_kernel void @f() #1 {
  %v = call spir_func i32 @read_x(i32 0)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
"#;

    fn groups(text: &str, split: Split) -> Vec<Vec<String>> {
        let ctx = llvm::Context::new();
        let module = ctx.parse_ir(text.into(), "m.ll").expect("parses");
        split_groups(&module, split)
    }

    fn names(groups: &[&[&str]]) -> Vec<Vec<String>> {
        groups
            .iter()
            .map(|g| g.iter().map(|k| k.to_string()).collect())
            .collect()
    }

    #[test]
    fn kernels_are_grouped_by_the_spec_constants_their_calls_read() {
        assert_eq!(
            groups(SPEC_SETS_IR, Split::SpecConstants),
            names(&[&["a", "d"], &["b", "c"], &["e"], &["f"]])
        );
        // DPC++'s modes do not look at spec constants.
        assert_eq!(
            groups(SPEC_SETS_IR, Split::Auto),
            names(&[&["a", "b", "c", "d", "e"], &["f"]])
        );
    }

    #[test]
    fn an_indirect_call_or_a_malformed_getter_call_leaves_the_sets_unread() {
        let indirect = SPEC_SETS_IR.replace(
            "define spir_kernel void @d() #0 {\n",
            "define spir_kernel void @d(ptr %fp) #0 {\n  call spir_func void %fp()\n",
        );
        assert_eq!(
            groups(&indirect, Split::SpecConstants),
            Vec::<Vec<String>>::new()
        );
        let malformed = SPEC_SETS_IR.replace(
            "define spir_kernel void @d() #0 {\n",
            "define spir_kernel void @d() #0 {\n  %m = call spir_func i32 \
             @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) null, \
             ptr addrspace(4) null, ptr addrspace(4) null)\n",
        );
        assert_eq!(
            groups(&malformed, Split::SpecConstants),
            names(&[&["a", "b", "c", "d", "e"], &["f"]])
        );
    }

    #[test]
    fn vectors_longer_than_spirv_has_are_emitted() {
        // A compare of 32 bytes and the test of all its lanes: LLVM 22's SPIR-V backend stops
        // on each ("unable to legalize instruction", measured with llc-22).
        let ctx = llvm::Context::new();
        let text = "target triple = \"spir64-unknown-unknown\"\n\
            define spir_kernel void @k(ptr addrspace(1) %io) {\n\
              %v = load <32 x i8>, ptr addrspace(1) %io\n\
              %c = icmp eq <32 x i8> %v, zeroinitializer\n\
              %all = call i1 @llvm.vector.reduce.and.v32i1(<32 x i1> %c)\n\
              store i1 %all, ptr addrspace(1) %io\n\
              ret void\n\
            }\n\
            declare i1 @llvm.vector.reduce.and.v32i1(<32 x i1>)\n";
        let module = ctx.parse_ir(text.into(), "t.ll").expect("parses");
        // In this process (tests run in threads, and `code_bytes` forks only without them):
        // on failure LLVM ends the test binary.
        let triple = spirv_triple(&module.triple(), "1.4");
        let machine = TargetMachine::new(&triple).expect("SPIR-V target");
        let dl = machine.data_layout();
        let spirv = prepare_for_spirv(&module, &triple, &dl, &machine, None)
            .expect("prepared")
            .emit_object(&machine)
            .expect("emitted");
        assert_eq!(spirv.get(..4), Some(&0x0723_0203u32.to_le_bytes()[..]));
    }
}
