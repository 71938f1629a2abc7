//! Device-side steps of the `sycl-clang++` pipeline that stock clang-22 does not do:
//!
//! * `resolve_symbolic_ids`: the device prelude turns `__builtin_sycl_unique_stable_id(S)`
//!   into a call of `__sycl_specconst::symbolic_id(&S)`; the call's argument is the spec id's
//!   own global, whose name is its mangled name. The front end's analysis of the same TU maps
//!   that name to the symbolic ID, so device and footer agree by construction (internal
//!   linkage and the TU's prefix included). Each call becomes the ID string constant the
//!   lowering pass reads; each spec id's declaration goes into the module for the link's
//!   errors about it (`spec_id_declarations`).
//! * [`wrap_kernels`]: upstream's `sycl_kernel_entry_point` kernels take the kernel object by
//!   reference and the `kernel_handler` by value; Intel's runtime passes the object's captures
//!   as separate arguments (bytes, USM pointers, accessors as memory plus three ranges), as the
//!   integration header describes them. Each kernel becomes an internal function called from a
//!   new kernel of the original name that takes those arguments and rebuilds the object, in
//!   the kernel ABI of the module's target (`spir64` or `nvptx64`, from its triple); on
//!   `nvptx64` also from `<kernel>_with_offset` ([`nvptx_wrappers`]).
//! * [`build_images`]: link, lower, SPIR-V and property sets in memory, for the registration
//!   object; NVPTX inputs become PTX images (`nvptx`).

use std::fmt::Write as _;

use thiserror::Error;

use crate::device_link::{self, LinkError};
use crate::images::{self, CodeFormat};
use crate::ir_text::{self, string_contents as ir_string_contents};
use crate::llvm::{
    C_CC, Context, Function, GlobalId, GlobalVariable, Layout, Module, SPIR_FUNC_CC, Value,
};
use crate::lower::{self, LowerError, Mode, SpecConstTables};
use crate::prop::PropertySets;
use crate::spec_id_declarations::{self, Declarations, SpecConstantError, SpecIdDeclaration};
use model::kernel_abi::{
    self, AccessorPart, ArgumentKind, DeviceKernel, KernelArgument, KernelLayout,
    LocalMemoryParameter, Memory, ParameterType, Role, RuntimeParameter, StreamBuffer, Target,
};

mod nvptx_wrappers;
use nvptx_wrappers::GlobalOffset;

/// The prelude's `const char *__sycl_specconst::symbolic_id(const void *)`.
pub(crate) const SYMBOLIC_ID_FUNCTION: &str = "_ZN16__sycl_specconst11symbolic_idEPKv";

/// Suffix of the function that keeps a wrapped kernel's original body.
const BODY_SUFFIX: &str = ".__sycl_specconst_body";

/// The functions through which a wrapper runs a captured `sycl::stream`'s own `__init` and
/// `__finalize`: sycl-clang++'s device `<sycl/stream.hpp>` (`driver/include/device/`) defines
/// them in every device compile that reads Intel's stream header.
pub const STREAM_INIT: &str = "__sycl_specconst_stream_init";
pub const STREAM_FINALIZE: &str = "__sycl_specconst_stream_finalize";

#[derive(Debug, Error)]
pub enum DeviceError {
    #[error(
        "device code reads a spec constant through '{0}', which is not a specialization_id the front end found"
    )]
    UnknownSpecId(String),
    #[error("device code takes a symbolic ID of something that is not a global variable (in {0})")]
    NotAGlobal(String),
    #[error(
        "kernel '{name}' has a parameter list this version cannot pass \
         (expected the kernel object by reference and optionally a kernel_handler): {detail}"
    )]
    UnsupportedKernel { name: String, detail: String },
    #[error("{}", emulated_too_large(.symbolic_id, *.size))]
    EmulatedTooLarge { symbolic_id: String, size: u32 },
    #[error(
        "kernel '{name}': its object is {device} bytes on the device but {host} bytes on the \
         host, so its arguments cannot be placed (a capture whose type differs between host and \
         device compiles)"
    )]
    ObjectSizeMismatch {
        name: String,
        host: u64,
        device: u64,
    },
    #[error("kernel '{0}' has no description of its kernel object's arguments")]
    UndescribedKernel(String),
    #[error("device code for target '{0}': kernels can be wrapped for spir64 and nvptx64 only")]
    UnsupportedTarget(String),
    #[error(
        "kernel '{0}' captures a sycl::stream, but the device compile did not define \
         sycl-clang++'s stream functions ('{STREAM_INIT}'): <sycl/stream.hpp> was not read \
         through sycl-clang++'s device headers (is Intel's include directory named with -I?)"
    )]
    NoStreamFunctions(String),
    #[error("cannot link the kernel wrappers: {0}")]
    Wrapper(String),
    #[error("device code: {0}")]
    Llvm(String),
    /// An internal error, in clang's form, naming the step and the function.
    #[error("{0}")]
    Internal(String),
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// One of the errors above about one spec constant, at its declaration
    /// ([`crate::spec_id_declarations`]); boxed, as it is rare.
    #[error("{0}")]
    SpecConstant(Box<SpecConstantError>),
    #[error(transparent)]
    Image(#[from] images::Error),
}

/// Why an emulated spec constant (`name`: its symbolic ID, or its C++ name where known) of
/// `size` bytes cannot be registered.
pub(crate) fn emulated_too_large(name: &str, size: u32) -> String {
    format!(
        "emulated spec constant '{name}' is {size} bytes; Intel's runtime also sets emulated \
         spec constants of SPIR-V images natively, which works for values of 1, 2, 4 or 8 bytes \
         only: use native spec constants (the default) for it"
    )
}

/// A spec id the device code reads: the LLVM name of its global (its mangled name) and the
/// kernels whose code reads it (empty when no kernel reaches the reading function).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecIdRead {
    pub global: String,
    pub kernels: Vec<String>,
}

/// Every spec-id global a `symbolic_id(&S)` call names, once, in module order, with the
/// kernels that reach the call (through at most a few levels of calls: clang inlines the
/// getters into the kernel at any optimisation level but `-O0`).
pub(crate) fn spec_id_reads(module: &Module<'_>) -> Vec<SpecIdRead> {
    let Some(function) = module.get_function(SYMBOLIC_ID_FUNCTION) else {
        return Vec::new();
    };
    let mut reads: Vec<SpecIdRead> = Vec::new();
    // Global name → its entry in `reads`.
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for call in function.direct_calls() {
        let Some(global) = call
            .arg(0)
            .map(lower::strip_pointer_casts)
            .and_then(Value::as_global_variable)
        else {
            continue;
        };
        let kernels = call
            .parent_function()
            .map(kernels_reaching)
            .unwrap_or_default();
        let name = global.name();
        match index.get(&name) {
            Some(&i) => {
                let read = &mut reads[i];
                for k in kernels {
                    if !read.kernels.contains(&k) {
                        read.kernels.push(k);
                    }
                }
            }
            None => {
                index.insert(name.clone(), reads.len());
                reads.push(SpecIdRead {
                    global: name,
                    kernels,
                });
            }
        }
    }
    reads
}

/// The kernels that call `function` (itself if it is one), breadth first over its callers.
pub(crate) fn kernels_reaching(function: Function<'_>) -> Vec<String> {
    const MAX_FUNCTIONS: usize = 256;
    let mut queue = vec![function];
    let mut seen = std::collections::HashSet::new();
    let mut kernels = Vec::new();
    let mut next = 0;
    while let Some(&f) = queue.get(next) {
        next += 1;
        if !seen.insert(f.as_value()) || seen.len() > MAX_FUNCTIONS {
            continue;
        }
        if f.is_kernel() {
            kernels.push(f.name());
            continue;
        }
        queue.extend(
            f.users()
                .into_iter()
                .filter_map(Value::as_call)
                .filter(|c| c.callee() == f.as_value())
                .filter_map(|c| c.parent_function()),
        );
    }
    kernels
}

/// Replaces every `symbolic_id(&S)` call with the symbolic ID of the spec id
/// `declaration_of(name of S)` describes, and records each such spec id's declaration for the
/// link's errors ([`spec_id_declarations`]). Returns the number of calls replaced.
pub(crate) fn resolve_symbolic_ids<'d>(
    module: &mut Module<'_>,
    declaration_of: impl Fn(&str) -> Option<&'d SpecIdDeclaration>,
) -> Result<usize, DeviceError> {
    let Some((replaced, function)) = replace_symbolic_id_calls(module, declaration_of)? else {
        return Ok(0);
    };
    module.delete_unused(&[function]);
    Ok(replaced)
}

/// [`resolve_symbolic_ids`] up to deleting the builtin, which needs `&mut Module`: the number
/// of calls replaced and the builtin's id (`None` without the builtin).
fn replace_symbolic_id_calls<'d>(
    module: &Module<'_>,
    declaration_of: impl Fn(&str) -> Option<&'d SpecIdDeclaration>,
) -> Result<Option<(usize, GlobalId)>, DeviceError> {
    let Some(function) = module.get_function(SYMBOLIC_ID_FUNCTION) else {
        return Ok(None);
    };
    let mut strings: Vec<(String, GlobalVariable<'_>)> = Vec::new();
    let mut replaced = 0;
    for call in function.direct_calls() {
        let caller = call.parent_function().map(|f| f.name()).unwrap_or_default();
        let target = call
            .arg(0)
            .map(lower::strip_pointer_casts)
            .and_then(Value::as_global_variable)
            .ok_or_else(|| DeviceError::NotAGlobal(caller.clone()))?;
        let name = target.name();
        let declaration = declaration_of(&name).ok_or(DeviceError::UnknownSpecId(name))?;
        let id = &declaration.symbolic_id;
        let global = match strings.iter().find(|(s, _)| s == id) {
            Some((_, g)) => *g,
            None => {
                spec_id_declarations::record(module, declaration);
                let mut bytes = id.clone().into_bytes();
                bytes.push(0);
                let g = module.add_private_bytes(
                    &format!("__sycl_specconst.id.{}", strings.len()),
                    &bytes,
                    1,
                );
                strings.push((id.clone(), g));
                g
            }
        };
        let address = global.address_cast_to(call.ty()).ok_or_else(|| {
            DeviceError::Llvm(format!(
                "in {caller}: {SYMBOLIC_ID_FUNCTION} does not return a generic pointer"
            ))
        })?;
        call.replace_all_uses_with(address)
            .map_err(DeviceError::Llvm)?;
        module.erase(*call);
        replaced += 1;
    }
    Ok(Some((replaced, function.id())))
}

/// Gives every kernel the runtime's calling convention for the module's target (see the
/// module comment) and returns the kernels in module order (`_with_offset` wrappers are not
/// kernels of their own). `layout_of` describes a kernel's object argument by argument;
/// a kernel it does not know is refused (passed as bytes, its accessors would be host
/// state). With
/// `spec_constants_buffer` (emulated spec constants), a kernel taking a `kernel_handler` also
/// takes the runtime's spec-constant buffer, which the handler then points at.
/// The wrappers carry `"sycl-module-id"=module_id` (the source), which per-source device-code
/// split goes by.
pub(crate) fn wrap_kernels(
    module: &mut Module<'_>,
    spec_constants_buffer: bool,
    module_id: &str,
    layout_of: impl Fn(&str) -> Option<KernelLayout>,
) -> Result<Vec<DeviceKernel>, DeviceError> {
    let mut text = format!(
        "target datalayout = \"{}\"\ntarget triple = \"{}\"\n\
         declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n\
         attributes #0 = {{ \"sycl-module-id\"=\"{}\" }}\n",
        module.data_layout(),
        module.triple(),
        ir_string_contents(module_id)
    );
    let mut entries = Vec::new();
    let mut bodies = Vec::new();
    let mut target = None;
    {
        let layout = module.layout();
        for kernel in module.functions() {
            if kernel.is_declaration() || !kernel.is_kernel() {
                continue;
            }
            let target = match target {
                Some(target) => target,
                None => *target.insert(
                    Target::from_triple(&module.triple())
                        .ok_or_else(|| DeviceError::UnsupportedTarget(module.triple()))?,
                ),
            };
            let (body, entry) = wrap_kernel(
                kernel,
                &layout,
                target,
                spec_constants_buffer,
                &layout_of,
                &mut text,
            )?;
            bodies.push(body);
            entries.push(entry);
        }
    }
    // No kernel, no target: there is nothing to wrap.
    let Some(target) = target else {
        internalise_stream_functions(module, false);
        return Ok(entries);
    };
    let streams = check_stream_functions(module, target, &entries)?;
    if streams {
        text.push_str(&stream_function_declarations(target));
    }
    if target == Target::Nvptx64 {
        text.push_str(&nvptx_wrappers::declarations(&entries));
    }
    let ctx = module.context();
    let wrappers = ctx
        .parse_ir(text.into_bytes(), "sycl-specconst kernel wrappers")
        .map_err(DeviceError::Wrapper)?;
    module.link(wrappers).map_err(DeviceError::Wrapper)?;
    // Only now: the linker resolves the wrappers' declarations against visible definitions.
    for (body, entry) in bodies.iter().zip(&entries) {
        if let Some(f) = module.get_function(body) {
            f.set_internal_linkage();
            compile_wrappers_as_body(module, f, &wrapper_names(target, &entry.name));
        }
    }
    internalise_stream_functions(module, streams);
    Ok(entries)
}

/// The wrapper kernels of kernel `name` on `target`: the kernel itself, and on NVPTX its
/// `_with_offset` variant ([`kernel_abi::WITH_OFFSET_SUFFIX`]).
fn wrapper_names(target: Target, name: &str) -> Vec<String> {
    match target {
        Target::Spir64 => vec![name.to_string()],
        Target::Nvptx64 => vec![
            name.to_string(),
            format!("{name}{}", kernel_abi::WITH_OFFSET_SUFFIX),
        ],
    }
}

/// Code-generation attributes a wrapper takes from its body, as code for the same GPU: LLVM
/// inlines a function only into a caller of the same CPU and features (without a target
/// machine it compares these attributes), and the wrappers call what clang compiled for the
/// GPU (the stream functions; the body's callees once the body is inlined).
const CODE_GENERATION_ATTRIBUTES: [&str; 2] = ["target-cpu", "target-features"];

/// Gives the wrappers `names` the body's [`CODE_GENERATION_ATTRIBUTES`] (clang's `nvptx64`
/// kernels have them; its `spir64` kernels do not).
fn compile_wrappers_as_body(module: &Module<'_>, body: Function<'_>, names: &[String]) {
    for key in CODE_GENERATION_ATTRIBUTES {
        let Some(value) = body.string_attribute(key) else {
            continue;
        };
        for wrapper in names.iter().filter_map(|name| module.get_function(name)) {
            wrapper.set_string_attribute(key, &value);
        }
    }
}

/// Whether a kernel captures a stream; an error when one does but the module lacks the stream
/// functions.
fn check_stream_functions(
    module: &Module<'_>,
    target: Target,
    entries: &[DeviceKernel],
) -> Result<bool, DeviceError> {
    let Some(entry) = entries.iter().find(|e| {
        e.layout
            .arguments
            .iter()
            .any(|a| matches!(a.kind, ArgumentKind::Stream { .. }))
    }) else {
        return Ok(false);
    };
    let defined = |name| {
        module
            .get_function(name)
            .is_some_and(|f| !f.is_declaration())
    };
    if !defined(STREAM_INIT) || !defined(STREAM_FINALIZE) {
        return Err(DeviceError::NoStreamFunctions(entry.name.clone()));
    }
    if let Some(init) = module.get_function(STREAM_INIT) {
        check_stream_init(init, target).map_err(DeviceError::Wrapper)?;
    }
    Ok(true)
}

/// The C++ definition of [`STREAM_INIT`] (`driver/include/device/sycl/stream.hpp`) takes the
/// stream by generic pointer, then what the runtime passes for a stream
/// ([`kernel_abi::stream_parameters`]), ranges and sizes by value; the wrappers call it so.
fn check_stream_init(init: Function<'_>, target: Target) -> Result<(), String> {
    let stream = ParameterType::Pointer {
        address_space: target.address_space(Memory::Generic),
    };
    let expected: Vec<ParameterType> = std::iter::once(stream)
        .chain(kernel_abi::stream_parameters().iter().map(|p| p.ty(target)))
        .collect();
    let params = init.params();
    let matches = params.len() == expected.len()
        && params.iter().zip(&expected).all(|(param, expected)| {
            let ty = param.ty();
            match *expected {
                ParameterType::Pointer { address_space } => {
                    ty.pointer_address_space() == Some(address_space)
                }
                ParameterType::Bytes { size } => u64::from(ty.int_width().unwrap_or(0)) == size * 8,
                ParameterType::DynamicSharedOffset => ty.int_width() == Some(64),
            }
        });
    if matches {
        Ok(())
    } else {
        Err(format!(
            "the device <sycl/stream.hpp>'s {STREAM_INIT} takes {} parameters, not the stream \
             and the {} the runtime passes for it in this version",
            params.len(),
            expected.len() - 1
        ))
    }
}

/// The stream functions of sycl-clang++'s device `<sycl/stream.hpp>` stay in this TU
/// (internal: every TU reading the header defines them) and go where no wrapper calls them.
fn internalise_stream_functions(module: &mut Module<'_>, used: bool) {
    for name in [STREAM_INIT, STREAM_FINALIZE] {
        if let Some(f) = module.get_function(name).filter(|f| !f.is_declaration()) {
            f.set_internal_linkage();
        }
    }
    if !used {
        let ids = stream_code(module);
        // Callers go first, then what only they called (unoptimised code keeps it all).
        while module.delete_unused(&ids) > 0 {}
    }
}

/// The stream functions and what they call, through functions that are not external
/// definitions (Intel's inline stream code, `linkonce_odr`; declarations): what the device
/// compile emitted for them alone once nothing else uses it.
fn stream_code(module: &Module<'_>) -> Vec<GlobalId> {
    let mut seen = std::collections::HashSet::new();
    let mut pending: Vec<Function<'_>> = [STREAM_INIT, STREAM_FINALIZE]
        .iter()
        .filter_map(|name| module.get_function(name))
        .collect();
    let mut ids = Vec::new();
    while let Some(f) = pending.pop() {
        if !seen.insert(f.id()) || (f.linkage_is_external() && !f.is_declaration()) {
            continue;
        }
        ids.push(f.id());
        let callees = f.instructions().into_iter().filter_map(|i| {
            i.as_value()
                .as_call()
                .and_then(|call| call.callee().as_function())
        });
        pending.extend(callees);
    }
    ids
}

/// Renames `kernel` to its body's name (a plain function of `target`: `spir_func`, or C on
/// NVPTX) and appends the wrapper kernels of the original name to `text`; returns the body's
/// name and the kernel's description.
fn wrap_kernel(
    kernel: Function<'_>,
    layout: &Layout<'_>,
    target: Target,
    spec_constants_buffer: bool,
    layout_of: &impl Fn(&str) -> Option<KernelLayout>,
    text: &mut String,
) -> Result<(String, DeviceKernel), DeviceError> {
    let name = kernel.name();
    let unsupported = |detail: &str| DeviceError::UnsupportedKernel {
        name: kernel.name(),
        detail: detail.to_string(),
    };
    let params = kernel_parameters(kernel, layout, target).map_err(unsupported)?;
    let object = object_layout(&name, &params, layout_of)?;
    object
        .check_bounds()
        .map_err(|detail| unsupported(&detail))?;
    let body = format!("{name}{BODY_SUFFIX}");
    let device_kernel = DeviceKernel {
        name,
        layout: object,
        spec_constants_buffer: spec_constants_buffer && params.handler_size.is_some(),
    };
    Wrapper {
        kernel: &device_kernel,
        body: &body,
        object_align: params.object_align,
        object_space: params.object_space,
        handler_size: params.handler_size,
        target,
    }
    .write(text);
    kernel.set_name(&body);
    match target {
        Target::Spir64 => kernel.set_calling_conv(SPIR_FUNC_CC),
        Target::Nvptx64 => {
            kernel.set_calling_conv(C_CC);
            // Two wrappers call the body: LLVM's inliner would keep a large body as a call
            // in one of them, its object in memory (see `DeviceCode::finish`). Each gets its
            // copy, as DPC++'s `_with_offset` kernels are copies; the device link drops the
            // `_with_offset` kernels that do not read the offset.
            kernel.remove_enum_attribute("noinline");
            kernel.remove_enum_attribute("optnone");
            kernel.add_enum_attribute("alwaysinline");
        }
    }
    Ok((body, device_kernel))
}

/// A kernel's parameters as clang emits them: the kernel object by reference, then
/// optionally a `kernel_handler` by value.
struct KernelParameters {
    object_space: u32,
    /// The object's `dereferenceable` size: its data size, without the tail padding the
    /// host's `sizeof` includes.
    object_size: u64,
    object_align: u64,
    handler_size: Option<u64>,
}

fn kernel_parameters(
    kernel: Function<'_>,
    layout: &Layout<'_>,
    target: Target,
) -> Result<KernelParameters, &'static str> {
    let params = kernel.params();
    let object = params.first().ok_or("no parameters")?;
    let space = |memory| target.address_space(memory);
    // A global object pointer (upstream's spirv64) is reinterpreted from the wrapper's stack
    // (`Wrapper::write_object_cast`), which only SPIR's CPU device allows.
    let object_space = match object.pointer_address_space() {
        Some(object_space) if object_space == space(Memory::Generic) => object_space,
        Some(object_space) if object_space == space(Memory::Global) && target == Target::Spir64 => {
            object_space
        }
        _ => return Err("the first parameter is not a generic or global pointer"),
    };
    let object_size = kernel
        .param_int_attribute(0, "dereferenceable")
        .ok_or("the kernel object's size is unknown")?;
    let object_align = kernel.param_int_attribute(0, "align").unwrap_or(8);
    let handler_size = match params.len() {
        1 => None,
        2 => Some(
            kernel
                .param_type_attribute(1, "byval")
                .and_then(|t| layout.alloc_size(t))
                .ok_or("the second parameter is not a kernel_handler")?,
        ),
        _ => return Err("more than two parameters"),
    };
    Ok(KernelParameters {
        object_space,
        object_size,
        object_align,
        handler_size,
    })
}

/// The object's size on the host and its arguments, as `layout_of` describes the kernel.
fn object_layout(
    name: &str,
    params: &KernelParameters,
    layout_of: &impl Fn(&str) -> Option<KernelLayout>,
) -> Result<KernelLayout, DeviceError> {
    let object_size = params.object_size;
    let align = params.object_align.max(1);
    let padded = object_size.div_ceil(align) * align;
    match layout_of(name) {
        Some(described)
            if described.object_size != object_size && described.object_size != padded =>
        {
            Err(DeviceError::ObjectSizeMismatch {
                name: name.to_string(),
                host: described.object_size,
                device: object_size,
            })
        }
        Some(described) => Ok(described),
        None => Err(DeviceError::UndescribedKernel(name.to_string())),
    }
}

/// The calling convention of a wrapper kernel on `target`, as IR text.
fn kernel_convention(target: Target) -> &'static str {
    match target {
        Target::Spir64 => "spir_kernel",
        Target::Nvptx64 => "ptx_kernel",
    }
}

/// The calling convention of a plain device function on `target` as IR text, with its
/// space: `spir_func `, or nothing (C) on NVPTX.
fn function_convention(target: Target) -> &'static str {
    match target {
        Target::Spir64 => "spir_func ",
        Target::Nvptx64 => "",
    }
}

/// A pointer type in `address_space`, as IR text (`ptr` for address space 0).
fn pointer_type(address_space: u32) -> String {
    if address_space == 0 {
        "ptr".to_string()
    } else {
        format!("ptr addrspace({address_space})")
    }
}

/// The wrapper kernels of one kernel: each takes the runtime's arguments, builds the kernel
/// object in private memory and calls the original body with a pointer to it in the address
/// space the body expects (`spir64`: generic, a legal cast; `nvptx64`: generic, which the
/// alloca already is), following `target`'s kernel ABI (`model::kernel_abi::Target`).
/// `spir64` has one wrapper; `nvptx64` two, which differ only in the global offset they
/// store for the device library ([`nvptx_wrappers`]).
struct Wrapper<'a> {
    kernel: &'a DeviceKernel,
    body: &'a str,
    object_align: u64,
    object_space: u32,
    handler_size: Option<u64>,
    target: Target,
}

impl Wrapper<'_> {
    /// The body's declaration and the wrapper kernels' definitions.
    fn write(&self, text: &mut String) {
        let mut code = String::new();
        for (n, argument) in self.kernel.layout.arguments.iter().enumerate() {
            write_argument(n, argument, self.target, &mut code);
        }
        let params = self.parameter_list();
        self.write_body_declaration(text);
        let name = &self.kernel.name;
        match self.target {
            Target::Spir64 => self.write_kernel(name, &params, None, &code, text),
            Target::Nvptx64 => {
                self.write_kernel(name, &params, Some(GlobalOffset::Zero), &code, text);
                let mut with_offset = params;
                with_offset.push(nvptx_wrappers::global_offset_parameter());
                self.write_kernel(
                    &format!("{name}{}", kernel_abi::WITH_OFFSET_SUFFIX),
                    &with_offset,
                    Some(GlobalOffset::Parameter),
                    &code,
                    text,
                );
            }
        }
    }

    /// One wrapper kernel `name` taking `params`: it stores `global_offset` (NVPTX), runs
    /// `code` (the arguments into the object), then the body, then each stream's finalisation.
    fn write_kernel(
        &self,
        name: &str,
        params: &[String],
        global_offset: Option<GlobalOffset>,
        code: &str,
        text: &mut String,
    ) {
        self.write_entry(name, params, text);
        if let Some(global_offset) = global_offset {
            nvptx_wrappers::write_global_offset_store(global_offset, text);
        }
        text.push_str(code);
        let handler_arg = self.write_handler(text);
        let object = self.write_object_cast(text);
        let Wrapper {
            body,
            object_space,
            target,
            ..
        } = *self;
        let function = function_convention(target);
        let _ = writeln!(
            text,
            "  call {function}void @\"{body}\"({} {object}{handler_arg})",
            pointer_type(object_space)
        );
        // Each stream flushes what its work item left in its buffer, as DPC++'s kernels do.
        let generic = pointer_type(target.address_space(Memory::Generic));
        for (n, argument) in self.kernel.layout.arguments.iter().enumerate() {
            if matches!(argument.kind, ArgumentKind::Stream { .. }) {
                let stream = stream_pointer(n, argument.offset, target);
                let _ = writeln!(
                    text,
                    "  call {function}void @{STREAM_FINALIZE}({generic} {stream})"
                );
            }
        }
        text.push_str("  ret void\n}\n");
    }

    /// The wrapper's parameters: the runtime's for each descriptor, in order (`kernel_abi`),
    /// each named for its argument and role ([`parameter_name`]), which is how the argument
    /// writers find them.
    fn parameter_list(&self) -> Vec<String> {
        let mut params = Vec::new();
        for (n, descriptor) in self.kernel.descriptors().iter().enumerate() {
            for parameter in descriptor.runtime_parameters() {
                let name = parameter_name(n, parameter.role());
                params.push(match parameter.ty(self.target) {
                    ParameterType::Pointer { address_space } => {
                        format!("{} %{name}", pointer_type(address_space))
                    }
                    ParameterType::Bytes { size } => {
                        format!("ptr byval({{ [{size} x i8] }}) %{name}")
                    }
                    ParameterType::DynamicSharedOffset => format!("i64 %{name}"),
                });
            }
        }
        params
    }

    /// The body's declaration (its definition is the renamed kernel).
    fn write_body_declaration(&self, text: &mut String) {
        let handler_param = if self.handler_size.is_some() {
            ", ptr"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "declare {}void @\"{}\"({}{handler_param})",
            function_convention(self.target),
            self.body,
            pointer_type(self.object_space)
        );
    }

    /// The kernel's signature and the zeroed object.
    fn write_entry(&self, name: &str, params: &[String], text: &mut String) {
        let Wrapper {
            kernel,
            object_align,
            target,
            ..
        } = *self;
        let object_size = kernel.layout.object_size;
        let _ = writeln!(
            text,
            "define weak_odr {} void @\"{name}\"({}) #0 {{\n\
             entry:\n  \
             %object = alloca [{object_size} x i8], align {object_align}\n  \
             store [{object_size} x i8] zeroinitializer, ptr %object, align {object_align}",
            kernel_convention(target),
            params.join(", ")
        );
    }

    /// The `kernel_handler` argument, if the body takes one: no spec-constant buffer for
    /// native spec constants; the runtime's buffer (a generic pointer at
    /// [`kernel_abi::HANDLER_BUFFER_OFFSET`]) when emulated. Returns the call's extra
    /// argument text.
    fn write_handler(&self, text: &mut String) -> &'static str {
        // The buffer's address is stored at `%handler` itself.
        const _: () = assert!(kernel_abi::HANDLER_BUFFER_OFFSET == 0);
        let Some(size) = self.handler_size else {
            return "";
        };
        let _ = writeln!(
            text,
            "  %handler = alloca [{size} x i8], align 8\n  store [{size} x i8] zeroinitializer, ptr %handler, align 8"
        );
        if self.kernel.spec_constants_buffer {
            let (global, generic) = (
                pointer_type(self.target.address_space(Memory::Global)),
                pointer_type(self.target.address_space(Memory::Generic)),
            );
            let buffer = parameter_name(0, Role::SpecConstantsBuffer);
            let _ = writeln!(
                text,
                "  %buffer = addrspacecast {global} %{buffer} to {generic}\n  \
                 store {generic} %buffer, ptr %handler, align 8"
            );
        }
        ", ptr %handler"
    }

    /// The object's address in the address space the body expects: `%cast`, or `%object`
    /// itself where allocas are already there (NVPTX's generic allocas).
    fn write_object_cast(&self, text: &mut String) -> &'static str {
        let generic = self.target.address_space(Memory::Generic);
        if self.object_space == generic {
            if self.target.alloca_address_space() == generic {
                return "%object";
            }
            let _ = writeln!(
                text,
                "  %cast = addrspacecast ptr %object to ptr addrspace({generic})"
            );
        } else {
            // Upstream's spirv64 kernels take a global pointer: on the OpenCL CPU device every
            // address space is the same memory, so the address is reinterpreted, as clang's
            // own code does between address spaces.
            let _ = writeln!(
                text,
                "  %address = ptrtoint ptr %object to i64\n  %cast = inttoptr i64 %address to ptr addrspace({})",
                self.object_space
            );
        }
        "%cast"
    }
}

/// The spec-constant buffer's parameter: how `device/nvptx.rs` finds it in the linked,
/// optimised module (the wrapper's parameter names survive the link).
pub(crate) const SPEC_CONSTANTS_PARAMETER: &str = "spec_constants";

/// The name of argument `n`'s parameter of role `role` (the spec-constant buffer's has no
/// argument): `a<n>` for its value, pointer or memory, `a<n>.access`, `.memory`, `.offset`
/// for an accessor's ranges, `a<n>.output`, `.offsets`, `.flush` (and their ranges) and
/// `a<n>.flush_size` for a stream's.
fn parameter_name(n: usize, role: Role) -> String {
    let range = |part| match part {
        AccessorPart::Data => "",
        AccessorPart::AccessRange => ".access",
        AccessorPart::MemoryRange => ".memory",
        AccessorPart::Offset => ".offset",
    };
    match role {
        Role::Value | Role::Pointer => format!("a{n}"),
        Role::Accessor(part) => format!("a{n}{}", range(part)),
        Role::StreamBuffer(buffer, part) => {
            let buffer = match buffer {
                StreamBuffer::Output => "output",
                StreamBuffer::Offsets => "offsets",
                StreamBuffer::Flush => "flush",
            };
            format!("a{n}.{buffer}{}", range(part))
        }
        Role::StreamFlushSize => format!("a{n}.flush_size"),
        Role::SpecConstantsBuffer => SPEC_CONSTANTS_PARAMETER.to_string(),
    }
}

/// The code storing argument `n`'s value into `%object`, from its parameters.
fn write_argument(n: usize, argument: &KernelArgument, target: Target, code: &mut String) {
    let offset = argument.offset;
    match argument.kind {
        ArgumentKind::Bytes { size } => {
            let to = object_field(code, n, offset);
            copy_bytes(
                code,
                &to,
                &format!("%{}", parameter_name(n, Role::Value)),
                size,
            );
        }
        ArgumentKind::Pointer => {
            let to = object_field(code, n, offset);
            let (global, generic) = (
                pointer_type(target.address_space(Memory::Global)),
                pointer_type(target.address_space(Memory::Generic)),
            );
            let pointer = parameter_name(n, Role::Pointer);
            let _ = writeln!(
                code,
                "  %{pointer}.generic = addrspacecast {global} %{pointer} to {generic}\n  \
                 store {generic} %{pointer}.generic, ptr {to}, align 1"
            );
        }
        ArgumentKind::Accessor {
            target: accessed,
            dimensions,
            element_size,
            keeps_offset,
        } => {
            let accessor = AccessorArgument {
                n,
                offset,
                dimensions,
                element_size,
                address_space: target.address_space(target.parameter_memory(accessed.memory())),
                keeps_offset,
            };
            accessor.write(code);
        }
        ArgumentKind::LocalAccessor { dimensions } => {
            write_local_accessor(n, offset, dimensions, target, code);
        }
        ArgumentKind::Stream { .. } => write_stream(n, offset, target, code),
    }
}

/// `%f<n>.<offset>`: the address of byte `offset` of the object.
fn object_field(code: &mut String, n: usize, offset: u64) -> String {
    let _ = writeln!(
        code,
        "  %f{n}.{offset} = getelementptr inbounds i8, ptr %object, i64 {offset}"
    );
    format!("%f{n}.{offset}")
}

fn copy_bytes(code: &mut String, to: &str, from: &str, size: u64) {
    let _ = writeln!(
        code,
        "  call void @llvm.memcpy.p0.p0.i64(ptr {to}, ptr {from}, i64 {size}, i1 false)"
    );
}

/// The LLVM type of a stream `__init` parameter of type `ty`.
fn stream_parameter_type(ty: ParameterType) -> String {
    match ty {
        ParameterType::Pointer { address_space } => format!("ptr addrspace({address_space})"),
        ParameterType::Bytes { size } => format!("i{}", size * 8),
        ParameterType::DynamicSharedOffset => "i64".to_string(),
    }
}

/// The wrappers' declarations of the stream functions (both take the stream by generic
/// pointer; `__init` the stream's parameters as the runtime passes them, ranges by value).
fn stream_function_declarations(target: Target) -> String {
    let generic = pointer_type(target.address_space(Memory::Generic));
    let parameters: Vec<String> = kernel_abi::stream_parameters()
        .iter()
        .map(|p| stream_parameter_type(p.ty(target)))
        .collect();
    let function = function_convention(target);
    format!(
        "declare {function}void @{STREAM_INIT}({generic}, {})\n\
         declare {function}void @{STREAM_FINALIZE}({generic})\n",
        parameters.join(", ")
    )
}

/// A `sycl::stream` argument: the runtime's thirteen arguments
/// ([`kernel_abi::stream_parameters`]) go to the stream's own `__init` through
/// [`STREAM_INIT`], with the stream inside the object ([`stream_pointer`]); the ranges and
/// the flush-buffer size by value.
fn write_stream(n: usize, offset: u64, target: Target, code: &mut String) {
    let mut call = Vec::new();
    for parameter in kernel_abi::stream_parameters() {
        let name = parameter_name(n, parameter.role());
        let ty = stream_parameter_type(parameter.ty(target));
        if let RuntimeParameter::Bytes { .. } = parameter {
            let _ = writeln!(code, "  %{name}.value = load {ty}, ptr %{name}, align 1");
            call.push(format!("{ty} %{name}.value"));
        } else {
            call.push(format!("{ty} %{name}"));
        }
    }
    let field = object_field(code, n, offset);
    let generic = target.address_space(Memory::Generic);
    let stream = stream_pointer(n, offset, target);
    if stream != field {
        let _ = writeln!(
            code,
            "  {stream} = addrspacecast ptr {field} to ptr addrspace({generic})"
        );
    }
    let _ = writeln!(
        code,
        "  call {}void @{STREAM_INIT}({} {stream}, {})",
        function_convention(target),
        pointer_type(generic),
        call.join(", ")
    );
}

/// The generic address of argument `n`, a stream at `offset` in the object: `%a<n>.stream`,
/// cast from its field ([`object_field`]), or the field itself where allocas are generic.
fn stream_pointer(n: usize, offset: u64, target: Target) -> String {
    if target.alloca_address_space() == target.address_space(Memory::Generic) {
        format!("%f{n}.{offset}")
    } else {
        format!("%a{n}.stream")
    }
}

/// A buffer accessor argument (`ArgumentKind::Accessor`).
struct AccessorArgument {
    n: usize,
    offset: u64,
    dimensions: u32,
    element_size: u64,
    address_space: u32,
    keeps_offset: bool,
}

impl AccessorArgument {
    /// The `%a<n>…` parameter of `part`.
    fn parameter(&self, part: AccessorPart) -> String {
        format!("%{}", parameter_name(self.n, Role::Accessor(part)))
    }

    /// `%f<n>.<offset>`: where the device accessor keeps `part`.
    fn field(&self, code: &mut String, part: AccessorPart) -> String {
        let at = self.offset + part.device_offset(false, self.dimensions);
        object_field(code, self.n, at)
    }

    /// The device accessor's fields ([`AccessorPart::device_offset`]); the pointer is advanced
    /// by the offset's linear index (row-major over the memory range), as the accessor's
    /// __init does.
    fn write(&self, code: &mut String) {
        let AccessorArgument {
            n,
            element_size,
            address_space,
            keeps_offset,
            ..
        } = *self;
        let bytes = kernel_abi::range_bytes(self.dimensions);
        for part in [
            AccessorPart::Offset,
            AccessorPart::AccessRange,
            AccessorPart::MemoryRange,
        ] {
            if part != AccessorPart::Offset || keeps_offset {
                let to = self.field(code, part);
                copy_bytes(code, &to, &self.parameter(part), bytes);
            }
        }
        let linear = self.write_linear_offset(code);
        let data = self.parameter(AccessorPart::Data);
        let _ = writeln!(
            code,
            "  %a{n}.bytes = mul i64 {linear}, {element_size}\n  \
             %a{n}.data = getelementptr i8, ptr addrspace({address_space}) {data}, i64 %a{n}.bytes"
        );
        let to = self.field(code, AccessorPart::Data);
        let _ = writeln!(
            code,
            "  store ptr addrspace({address_space}) %a{n}.data, ptr {to}, align 1"
        );
    }

    /// The offset's linear index (`0` without a stored offset); returns its operand text.
    fn write_linear_offset(&self, code: &mut String) -> String {
        let n = self.n;
        let mut linear = "0".to_string();
        if !self.keeps_offset {
            return linear;
        }
        let (offset, memory) = (
            self.parameter(AccessorPart::Offset),
            self.parameter(AccessorPart::MemoryRange),
        );
        for d in 0..u64::from(self.dimensions) {
            let _ = writeln!(
                code,
                "  %a{n}.o{d}.p = getelementptr inbounds i64, ptr {offset}, i64 {d}\n  \
                 %a{n}.o{d} = load i64, ptr %a{n}.o{d}.p, align 1\n  \
                 %a{n}.m{d}.p = getelementptr inbounds i64, ptr {memory}, i64 {d}\n  \
                 %a{n}.m{d} = load i64, ptr %a{n}.m{d}.p, align 1\n  \
                 %a{n}.s{d} = mul i64 {linear}, %a{n}.m{d}\n  \
                 %a{n}.l{d} = add i64 %a{n}.s{d}, %a{n}.o{d}"
            );
            linear = format!("%a{n}.l{d}");
        }
        linear
    }
}

/// A local accessor argument: its fields ([`AccessorPart::device_offset`]) as its __init
/// fills them, which keeps the size (the access range) as the memory range too and leaves the
/// offset zero.
fn write_local_accessor(n: usize, offset: u64, dimensions: u32, target: Target, code: &mut String) {
    let bytes = kernel_abi::range_bytes(dimensions);
    let at = |part: AccessorPart| offset + part.device_offset(true, dimensions);
    let access = format!(
        "%{}",
        parameter_name(n, Role::Accessor(AccessorPart::AccessRange))
    );
    for part in [AccessorPart::AccessRange, AccessorPart::MemoryRange] {
        let to = object_field(code, n, at(part));
        copy_bytes(code, &to, &access, bytes);
    }
    let to = object_field(code, n, at(AccessorPart::Data));
    let local = target.address_space(Memory::Local);
    let parameter = parameter_name(n, Role::Accessor(AccessorPart::Data));
    let memory = match target.local_memory_parameter() {
        LocalMemoryParameter::Pointer => format!("%{parameter}"),
        LocalMemoryParameter::DynamicSharedOffset => {
            nvptx_wrappers::write_dynamic_shared_address(&parameter, code)
        }
    };
    let _ = writeln!(
        code,
        "  store ptr addrspace({local}) {memory}, ptr {to}, align 1"
    );
}

/// Emulated spec constants are read from the runtime's buffer, but for a SPIR-V image Intel's
/// runtime also sets every numeric ID natively (`urProgramSetSpecializationConstants`), which
/// fails for IDs the SPIR-V does not declare (`UR_RESULT_ERROR_INVALID_SPEC_ID`); registering
/// the image as a native binary instead is refused by the CPU runtime. So an emulated image
/// declares each ID as a spec constant of its size, in a function no kernel calls: the native
/// values land there unused, the kernels read the buffer.
fn declare_emulated_ids(module: &mut Module<'_>) -> Result<(), DeviceError> {
    let tables = lower::read_spec_constants(module)?;
    let ids = emulated_ids(&tables);
    if ids.is_empty() {
        return Ok(());
    }
    let text = emulated_ids_ir(module, &ids)?;
    let declarations = ir_text::parse(module.context(), text, "sycl-specconst emulated IDs")
        .map_err(DeviceError::Wrapper)?;
    module.link(declarations).map_err(DeviceError::Wrapper)
}

/// Every numeric ID with its size and a symbolic ID it belongs to, once per (ID, size), in
/// ID order; padding has no ID.
fn emulated_ids(tables: &SpecConstTables) -> Vec<(u32, u32, &str)> {
    let mut ids: Vec<(u32, u32, &str)> = tables
        .descriptors
        .iter()
        .flat_map(|(name, descs)| descs.iter().map(move |d| (d.id, d.size, name.as_str())))
        .filter(|&(id, _, _)| id != u32::MAX)
        .collect();
    ids.sort_unstable_by_key(|&(id, size, _)| (id, size));
    ids.dedup_by_key(|&mut (id, size, _)| (id, size));
    ids
}

/// A module with `__sycl_specconst_emulated_ids`, which reads every ID in `ids` natively
/// (and sums them, so none is unused).
fn emulated_ids_ir(module: &Module<'_>, ids: &[(u32, u32, &str)]) -> Result<String, DeviceError> {
    let mut text = ir_text::module_header(Some(&module.data_layout()), &module.triple());
    text.push_str(
        "declare spir_func i8 @_Z20__spirv_SpecConstantia(i32, i8)\n\
         declare spir_func i16 @_Z20__spirv_SpecConstantis(i32, i16)\n\
         declare spir_func i32 @_Z20__spirv_SpecConstantii(i32, i32)\n\
         declare spir_func i64 @_Z20__spirv_SpecConstantil(i32, i64)\n\
         define spir_func i64 @__sycl_specconst_emulated_ids() {\nentry:\n",
    );
    let mut sum = String::from("0");
    for (n, &(id, size, name)) in ids.iter().enumerate() {
        let (ty, code) = native_scalar(size).ok_or_else(|| DeviceError::EmulatedTooLarge {
            symbolic_id: name.to_string(),
            size,
        })?;
        let _ = writeln!(
            text,
            "  %v{n} = call spir_func {ty} @_Z20__spirv_SpecConstanti{code}(i32 {id}, {ty} 0)"
        );
        if ty == "i64" {
            let _ = writeln!(text, "  %s{n} = add i64 {sum}, %v{n}");
        } else {
            let _ = writeln!(
                text,
                "  %z{n} = zext {ty} %v{n} to i64\n  %s{n} = add i64 {sum}, %z{n}"
            );
        }
        sum = format!("%s{n}");
    }
    let _ = writeln!(text, "  ret i64 {sum}\n}}");
    Ok(text)
}

/// The integer type of `size` bytes and its mangling code, for the sizes the runtime can set
/// natively.
fn native_scalar(size: u32) -> Option<(&'static str, &'static str)> {
    match size {
        1 => Some(("i8", "a")),
        2 => Some(("i16", "s")),
        4 => Some(("i32", "i")),
        8 => Some(("i64", "l")),
        _ => None,
    }
}

/// Intel's headers define some functions in every TU that includes them with plain external
/// linkage (`template <> size_t __spirv::getBuiltInGlobalInvocationId<0>() {…}`, not
/// `inline`): two TUs' device code then define one name twice, which LLVM's linker refuses
/// ("symbol multiply defined"). Such a definition in `incoming` that `linked` also defines is
/// the same header code: it becomes `linkonce_odr`, so the linker keeps one. Kernels are never
/// touched (two kernels of one name are a real error).
pub(crate) fn share_header_definitions(linked: &Module<'_>, incoming: &Module<'_>) {
    let defined = |v: Option<Function<'_>>| {
        v.is_some_and(|d| !d.is_declaration() && d.linkage_is_external() && !d.is_kernel())
    };
    for f in incoming.functions() {
        if !f.is_declaration()
            && f.linkage_is_external()
            && !f.is_kernel()
            && defined(linked.get_function(&f.name()))
        {
            f.set_linkonce_odr_linkage();
        }
    }
}

/// Which devices an image is for, as the runtime's image target string names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageTarget {
    /// `spir64`: SPIR-V the runtime compiles when a kernel first runs (JIT).
    Spir64,
    /// `spir64_x86_64`: built ahead of time for the OpenCL CPU device.
    Spir64X86_64,
    /// `nvptx64`: PTX text for the CUDA adapter, which the CUDA driver compiles for the GPU.
    Nvptx64,
}

impl ImageTarget {
    /// The target string the runtime matches images against (`spirv64-…` is refused).
    pub fn name(self) -> &'static str {
        match self {
            ImageTarget::Spir64 => "spir64",
            ImageTarget::Spir64X86_64 => "spir64_x86_64",
            ImageTarget::Nvptx64 => "nvptx64",
        }
    }
}

/// What an image's code is: the runtime's `sycl_device_binary_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// A device's own program binary (value 1); for `nvptx64`, PTX text ending in a NUL.
    Native,
    /// SPIR-V (value 2).
    SpirV,
}

/// One device image ready to be registered with the runtime.
#[derive(Clone, Debug)]
pub struct DeviceImage {
    pub target: ImageTarget,
    pub format: ImageFormat,
    pub code: Vec<u8>,
    pub property_sets: PropertySets,
    pub kernels: Vec<String>,
}

impl DeviceImage {
    /// An `nvptx64` image's PTX text: its code without the NUL ending it and without the
    /// specialisation data after that (`None` for other images).
    pub fn ptx_text(&self) -> Option<&[u8]> {
        if self.target != ImageTarget::Nvptx64 {
            return None;
        }
        let code = match model::specialisation::split_image(&self.code) {
            Ok((code, _)) => code,
            Err(_) => &self.code,
        };
        Some(code.strip_suffix(b"\0").unwrap_or(code))
    }

    /// Whether the image carries bitcode for the CUDA adapter to specialise.
    pub fn is_specialisable(&self) -> bool {
        self.target == ImageTarget::Nvptx64
            && matches!(
                model::specialisation::split_image(&self.code),
                Ok((_, Some(_)))
            )
    }
}

/// Which images a link builds from each split module: a SPIR-V image lowered in `spirv`'s
/// mode, and one for ahead-of-time compilation to the CPU device, whose spec constants are
/// always emulated (the runtime sets spec constants natively only in SPIR-V images). Its code
/// is SPIR-V until the caller compiles it (format `SpirV`, target `Spir64X86_64`). With
/// `nvptx`, the NVPTX inputs are linked into PTX images of their own (`nvptx`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Targets {
    pub spirv: Option<Mode>,
    pub cpu_ahead_of_time: bool,
    pub nvptx: Option<NvptxTarget>,
}

/// The device code a link reads, (name, bitcode) per input, by device triple: `spir64`
/// modules for the SPIR-V and CPU images, `nvptx64` modules for the PTX images.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeviceInputs {
    pub spir64: Vec<(String, Vec<u8>)>,
    pub nvptx64: Vec<(String, Vec<u8>)>,
}

/// How long each step of [`build_images`] took, in order.
pub type StepTimes = Vec<(&'static str, std::time::Duration)>;

/// Links device bitcode modules, splits them into images as `split` says, lowers spec
/// constants in each as `targets` says, and returns the images (per split module, the SPIR-V
/// image first; then the NVPTX link's, `device/nvptx.rs`) with the time each step took.
pub fn build_images(
    inputs: DeviceInputs,
    targets: Targets,
    split: images::Split,
    spirv_version: &str,
) -> Result<(Vec<DeviceImage>, StepTimes), DeviceError> {
    if inputs.spir64.is_empty() && inputs.nvptx64.is_empty() {
        return Err(DeviceError::Llvm("no device code".into()));
    }
    let mut times = StepTimes::new();
    let mut images = if inputs.spir64.is_empty() {
        Vec::new()
    } else {
        build_spir64_images(inputs.spir64, &targets, split, spirv_version, &mut times)?
    };
    if let Some(target) = &targets.nvptx {
        let mut clock = std::time::Instant::now();
        let mut lap = |step: &'static str| {
            let now = std::time::Instant::now();
            times.push((step, now - clock));
            clock = now;
        };
        images.extend(nvptx::build_images(
            inputs.nvptx64,
            target,
            Some(split),
            &mut lap,
        )?);
    }
    Ok((images, times))
}

/// One TU's NVPTX device code (`name`, bitcode) as one PTX module for `target`, as a link of
/// it alone builds it but unsplit, and with the functions other TUs define left declared
/// (`-fsycl-device-only -S`), without the NUL images end with.
pub fn ptx_of_unit(
    name: String,
    bitcode: Vec<u8>,
    target: &NvptxTarget,
) -> Result<Vec<u8>, DeviceError> {
    let images = nvptx::build_images(vec![(name, bitcode)], target, None, &mut |_| {})?;
    Ok(images
        .first()
        .and_then(DeviceImage::ptx_text)
        .map(<[u8]>::to_vec)
        .unwrap_or_default())
}

/// [`build_images`] for the `spir64` inputs.
fn build_spir64_images(
    inputs: Vec<(String, Vec<u8>)>,
    targets: &Targets,
    split: images::Split,
    spirv_version: &str,
    times: &mut StepTimes,
) -> Result<Vec<DeviceImage>, DeviceError> {
    let mut clock = std::time::Instant::now();
    let mut lap = |step: &'static str, times: &mut StepTimes| {
        let now = std::time::Instant::now();
        times.push((step, now - clock));
        clock = now;
    };
    let ctx = Context::new();
    let module = device_link::link_inputs(&ctx, inputs)?
        .ok_or_else(|| DeviceError::Llvm("no device code".into()))?;
    device_link::check_defined(&module)?;
    let declarations = Declarations::read(&module);
    lap("device link", times);
    let modules = images::split_modules(module, split)?;
    if modules.len() > 1 {
        lap("device-code split", times);
    }
    let mut lowered = Vec::with_capacity(modules.len());
    for module in modules {
        // Each image lowers a module of its own; a copy only when both are built.
        let (for_spirv, ahead_of_time) = match (targets.spirv, targets.cpu_ahead_of_time) {
            (Some(mode), true) => {
                let copy = module.clone_module();
                (Some((module, mode)), Some(copy))
            }
            (Some(mode), false) => (Some((module, mode)), None),
            (None, true) => (None, Some(module)),
            (None, false) => (None, None),
        };
        if let Some((module, mode)) = for_spirv {
            lowered.push(lower_image(
                module,
                mode,
                ImageTarget::Spir64,
                &declarations,
            )?);
        }
        if let Some(module) = ahead_of_time {
            lowered.push(lower_image(
                module,
                Mode::Emulation,
                ImageTarget::Spir64X86_64,
                &declarations,
            )?);
        }
    }
    lap("spec-constant lowering", times);
    let mut images = Vec::with_capacity(lowered.len());
    for (module, property_sets, target) in lowered {
        let code = images::code_bytes(&module, CodeFormat::SpirV, spirv_version)?.to_vec();
        images.push(DeviceImage {
            target,
            format: ImageFormat::SpirV,
            code,
            property_sets,
            kernels: lower::kernel_names(&module),
        });
    }
    lap("SPIR-V", times);
    Ok(images)
}

/// One image's module lowered in `mode`, with its property sets; errors about one spec
/// constant are located at its declaration where `declarations` has it.
fn lower_image<'c>(
    mut module: Module<'c>,
    mode: Mode,
    target: ImageTarget,
    declarations: &Declarations,
) -> Result<(Module<'c>, PropertySets, ImageTarget), DeviceError> {
    match lower_image_here(&mut module, mode, target) {
        Ok(property_sets) => Ok((module, property_sets, target)),
        Err(error) => Err(declarations.locate(&module, error)),
    }
}

fn lower_image_here(
    module: &mut Module<'_>,
    mode: Mode,
    target: ImageTarget,
) -> Result<PropertySets, DeviceError> {
    // SPIR-V images: Intel's runtime sets emulated constants natively too, so private-array
    // lengths are read natively (`lower_for_runtime`); CPU binaries get DPC++'s lowering.
    if target == ImageTarget::Spir64 {
        lower::lower_for_runtime(module, mode)?;
    } else {
        lower::lower(module, mode)?;
    }
    module
        .verify_located()
        .map_err(|e| DeviceError::Internal(e.in_step("spec-constant lowering")))?;
    let property_sets = images::property_sets(module, false)?;
    // Only SPIR-V images have their emulated IDs set natively as well.
    if mode == Mode::Emulation && target == ImageTarget::Spir64 {
        declare_emulated_ids(module)?;
    }
    Ok(property_sets)
}

mod nvptx;
pub(crate) use nvptx::PROVIDED_ON_NVPTX;
pub use nvptx::{GLOBAL_OFFSET_FUNCTION, GLOBAL_OFFSET_VARIABLE, NVPTX_TRIPLE, NvptxTarget};

#[cfg(test)]
mod abi_tests;

#[cfg(test)]
mod stream_tests {
    use super::*;

    /// A kernel whose 144-byte object holds a stream at offset 8, and (with `helpers`) the
    /// stream functions as sycl-clang++'s device `<sycl/stream.hpp>` defines them.
    fn module_text(helpers: bool) -> String {
        let mut text = String::from(
            "target triple = \"spir64-unknown-unknown\"\n\
             define spir_kernel void @_ZTS1K(ptr addrspace(4) align 8 dereferenceable(152) %0) {\n  ret void\n}\n",
        );
        if helpers {
            text.push_str(&format!(
                "define spir_func void @{STREAM_INIT}(ptr addrspace(4) %s, ptr addrspace(1) %b, i64 %ba, i64 %bm, i64 %bo, \
                 ptr addrspace(1) %o, i64 %oa, i64 %om, i64 %oo, ptr addrspace(1) %f, i64 %fa, i64 %fm, i64 %fo, i64 %n) {{\n  ret void\n}}\n\
                 define spir_func void @{STREAM_FINALIZE}(ptr addrspace(4) %s) {{\n  call spir_func void @flush(ptr addrspace(4) %s)\n  ret void\n}}\n\
                 define linkonce_odr spir_func void @flush(ptr addrspace(4) %s) {{\n  ret void\n}}\n"
            ));
        }
        text
    }

    fn stream_layout(_: &str) -> Option<KernelLayout> {
        Some(KernelLayout {
            object_size: 152,
            arguments: vec![
                KernelArgument {
                    offset: 0,
                    kind: ArgumentKind::Bytes { size: 8 },
                },
                KernelArgument {
                    offset: 8,
                    kind: ArgumentKind::Stream { size: 144 },
                },
            ],
        })
    }

    #[test]
    fn a_stream_takes_the_runtimes_thirteen_arguments_and_is_initialised_and_finalised() {
        let ctx = Context::new();
        let mut module = ctx
            .parse_ir(module_text(true).into_bytes(), "test")
            .expect("hand-written IR parses");
        let entries = wrap_kernels(&mut module, false, "k.cpp", stream_layout).expect("wraps");
        assert_eq!(entries.len(), 1);
        let wrapper = module.get_function("_ZTS1K").expect("the wrapper");
        // The bytes, three accessors of four arguments, the flush-buffer size.
        assert_eq!(wrapper.params().len(), 1 + 3 * 4 + 1);
        let init = module.get_function(STREAM_INIT).expect("init");
        let finalize = module.get_function(STREAM_FINALIZE).expect("finalize");
        assert_eq!(init.direct_calls().len(), 1);
        assert_eq!(finalize.direct_calls().len(), 1);
        assert!(!init.linkage_is_external());
        let module_text = module.to_text();
        let start = module_text
            .find("define weak_odr spir_kernel void @_ZTS1K")
            .expect("the wrapper's text");
        let text = &module_text[start..];
        let text = &text[..text.find("\n}").unwrap_or(text.len())];
        let (init_at, body_at, finalize_at) = (
            text.find(STREAM_INIT).expect("init call"),
            text.find(BODY_SUFFIX).expect("body call"),
            text.find(STREAM_FINALIZE).expect("finalize call"),
        );
        assert!(init_at < body_at && body_at < finalize_at, "{text}");
        assert!(
            text.contains("getelementptr inbounds i8, ptr %object, i64 8"),
            "{text}"
        );
    }

    #[test]
    fn a_stream_without_the_stream_functions_is_refused_by_name() {
        let ctx = Context::new();
        let mut module = ctx
            .parse_ir(module_text(false).into_bytes(), "test")
            .expect("hand-written IR parses");
        let error = wrap_kernels(&mut module, false, "k.cpp", stream_layout)
            .expect_err("a stream kernel without the stream functions");
        assert!(matches!(&error, DeviceError::NoStreamFunctions(k) if k == "_ZTS1K"));
        assert!(error.to_string().contains("<sycl/stream.hpp>"));
    }

    /// A device `<sycl/stream.hpp>` whose `__init` wrapper takes other parameters than the
    /// runtime passes (here: one accessor range short) is refused, not called wrongly.
    #[test]
    fn a_stream_init_of_another_signature_is_refused() {
        let text = module_text(true).replace(", i64 %fo, i64 %n)", ", i64 %n)");
        let ctx = Context::new();
        let mut module = ctx
            .parse_ir(text.into_bytes(), "test")
            .expect("hand-written IR parses");
        let error = wrap_kernels(&mut module, false, "k.cpp", stream_layout)
            .expect_err("an __init of 13 parameters");
        assert!(error.to_string().contains("takes 13 parameters"), "{error}");
    }

    #[test]
    fn unused_stream_functions_are_removed() {
        let ctx = Context::new();
        let mut module = ctx
            .parse_ir(module_text(true).into_bytes(), "test")
            .expect("hand-written IR parses");
        let bytes = |_: &str| {
            Some(KernelLayout {
                object_size: 152,
                arguments: vec![KernelArgument {
                    offset: 0,
                    kind: ArgumentKind::Bytes { size: 152 },
                }],
            })
        };
        wrap_kernels(&mut module, false, "k.cpp", bytes).expect("wraps");
        assert!(module.get_function(STREAM_INIT).is_none());
        assert!(module.get_function(STREAM_FINALIZE).is_none());
        assert!(module.get_function("flush").is_none());
    }
}
