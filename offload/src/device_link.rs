//! The device link of `sycl-clang++`: every object's device code in one module.
//!
//! * One kernel from several TUs: a kernel whose name type and body come from a header is
//!   emitted by every TU that launches it, and two TUs may launch the same code under one
//!   name from two places (`single_task<shared_kernel>([=] {…})`). DPC++ makes kernels
//!   `weak_odr`, so the link keeps one; `wrap_kernels` does the same with its wrappers (their
//!   bodies are internal, so each TU's body stays private and the discarded wrapper's body is
//!   dropped as dead code). Two *different* kernels of one name would then merge silently, so
//!   each wrapper records where its callable is defined ([`KERNEL_SOURCE_ATTRIBUTE`], set by
//!   the driver from the front end's analysis): kernels from one definition are one kernel
//!   (whatever each TU's compile made of it); kernels from two places are one if their device
//!   code is ([`same_code`]: the same parameters, kernel attributes and code, including what
//!   it calls, compared through the LLVM API), and otherwise refused by name, place and what
//!   differs. After the link kernels are external again, as the SPIR-V images had them before.
//! * Undefined device functions: a function the linked device code calls but no input
//!   defines would reach the runtime as a SPIR-V import, which Intel's OpenCL CPU compiler
//!   cannot resolve (it crashes). Every such call is refused here with the function and the
//!   kernels that reach it.

use rustc_hash::{FxHashMap, FxHashSet};
use thiserror::Error;

use crate::llvm::{Context, Function, Module, Type, TypeKind};
use crate::lower;

mod same_code;
use same_code::{Difference, SameCode};

/// String attribute on a wrapper kernel: where its callable (lambda or functor) is defined,
/// `<canonical file>:<line>:<column>`, so the device link tells one kernel emitted by two TUs
/// from two kernels sharing a name.
pub const KERNEL_SOURCE_ATTRIBUTE: &str = "sycl-specconst-kernel-source";

#[derive(Debug, Error)]
pub enum LinkError {
    /// Located at the second definition, as clang reports a redefinition.
    #[error(
        "{second_source}: error: kernel '{kernel}' is already defined, {difference}, at \
         {first_source}{detail}; a kernel name must name one kernel (give one of them another \
         name)",
        detail = difference.detail()
    )]
    DuplicateKernel {
        kernel: String,
        first_source: String,
        second_source: String,
        difference: KernelDifference,
    },
    #[error("{}", undefined_lines(.0))]
    Undefined(Vec<UndefinedFunction>),
    #[error("{input}: {message}")]
    Llvm { input: String, message: String },
    /// An internal error, in clang's form, naming the step and the function.
    #[error("{0}")]
    Internal(String),
    /// A call made with another function type than its callee's definition (boxed: rare).
    #[error("{0}")]
    MismatchedCall(Box<MismatchedCall>),
}

/// A call made with another function type than its callee's definition: two inputs declare
/// one device function differently (an ODR violation: `extern "C"`, another return type, a
/// struct of one name laid out differently). LLVM links such modules into valid IR, and the
/// code would pass arguments the callee does not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "device function '{callee}' is called from {caller} as '{call_type}' but defined as \
     '{definition_type}'{}: sources of this link declare it with different types (declare it \
     alike everywhere, in one header)",
    defined_in.as_ref().map(|input| format!(" in {input}")).unwrap_or_default()
)]
pub struct MismatchedCall {
    pub callee: String,
    /// `kernel 'name'` or `'function'`.
    pub caller: String,
    pub call_type: String,
    pub definition_type: String,
    pub defined_in: Option<String>,
}

/// What differs between two definitions of one kernel name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelDifference {
    /// The parameters (the runtime's arguments), each definition's as LLVM types.
    Parameters { first: String, second: String },
    /// The SYCL kernel attributes (`reqd_work_group_size`, …).
    Attributes,
    /// The code, the kernel's own or that of what it calls.
    Body,
}

impl KernelDifference {
    /// Both parameter lists, after the first definition's place.
    fn detail(&self) -> String {
        match self {
            KernelDifference::Parameters { first, second } => {
                format!(": ({first}) there, ({second}) here")
            }
            _ => String::new(),
        }
    }
}

impl std::fmt::Display for KernelDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            KernelDifference::Parameters { .. } => "with different parameters",
            KernelDifference::Attributes => "with different kernel attributes",
            KernelDifference::Body => "with a different body",
        })
    }
}

/// A function device code calls that no linked device code defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndefinedFunction {
    /// Demangled (the mangled name when it does not demangle).
    pub function: String,
    /// Demangled kernel names that reach it, in module order.
    pub kernels: Vec<String>,
    /// When no kernel reaches it: the functions that call it.
    pub callers: Vec<String>,
}

impl std::fmt::Display for UndefinedFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let from = if self.kernels.is_empty() {
            format!("called from '{}'", self.callers.join("', '"))
        } else if self.kernels.len() == 1 {
            format!("called from kernel '{}'", self.kernels[0])
        } else {
            format!("called from kernels '{}'", self.kernels.join("', '"))
        };
        write!(
            f,
            "undefined device function '{}', {from}: no linked device code defines it (define it in \
             a source, object or archive of this link, marked SYCL_EXTERNAL)",
            self.function
        )
    }
}

/// One line per function; the driver prints each as an error of its own.
fn undefined_lines(functions: &[UndefinedFunction]) -> String {
    let lines: Vec<String> = functions.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

/// Parses and links `inputs` (name, bitcode) into one module: identical kernels from several
/// TUs become one, different kernels of one name are refused, kernels end up external.
pub(crate) fn link_inputs<'c>(
    ctx: &'c Context,
    inputs: Vec<(String, Vec<u8>)>,
) -> Result<Option<Module<'c>>, LinkError> {
    let mut linked: Option<Module<'c>> = None;
    // Kernel name → the source of the definition kept.
    let mut kernels: FxHashMap<String, Option<String>> = FxHashMap::default();
    // Function name → the input whose definition the link keeps (the first).
    let mut defined_in: FxHashMap<String, String> = FxHashMap::default();
    for (input, bytes) in inputs {
        // Device code from objects and archives the user passed: read in a child first.
        let module =
            crate::isolate::parse_untrusted(ctx, bytes, &input).map_err(|e| LinkError::Llvm {
                input: input.clone(),
                message: e.trim_end().to_string(),
            })?;
        // LLVM's linker and every step after it take valid IR only (they may crash on other
        // input); the device compile verified what it wrote, so this refuses damaged or
        // foreign device code, naming the function.
        module.verify_located().map_err(|e| LinkError::Llvm {
            input: input.clone(),
            message: match &e.function {
                Some(f) => format!(
                    "device code is not valid LLVM IR (in function '{f}'): {}",
                    e.message
                ),
                None => format!("device code is not valid LLVM IR: {}", e.message),
            },
        })?;
        check_kernels(linked.as_ref(), &module, &mut kernels)?;
        for f in module.functions() {
            if !f.is_declaration() {
                defined_in.entry(f.name()).or_insert_with(|| input.clone());
            }
        }
        match linked.as_mut() {
            None => linked = Some(module),
            Some(dst) => {
                crate::device::share_header_definitions(dst, &module);
                let _step = crate::llvm::FatalErrorStep::new(format!("device link of '{input}'"));
                dst.link(module).map_err(|e| LinkError::Llvm {
                    input,
                    message: format!("cannot link: {e}"),
                })?
            }
        }
    }
    if let Some(module) = linked.as_mut() {
        // Modules that disagree on a declaration (one function, two types) link into valid
        // IR (a call's type may differ from its callee's); what LLVM's linker makes of
        // anything else is checked here, before any step of ours relies on it.
        module
            .verify_located()
            .map_err(|e| LinkError::Internal(e.in_step("device link")))?;
        check_call_types(module, &defined_in)?;
        keep_only_kernel_code(module)?;
    }
    Ok(linked)
}

/// Refuses the first direct call (in module order) whose function type is not its defined
/// callee's ([`LinkError::MismatchedCall`]). Types are compared by shape: the linker may keep
/// two names for one struct type (`%S` and `%S.0`), which is no disagreement.
fn check_call_types(
    module: &Module<'_>,
    defined_in: &FxHashMap<String, String>,
) -> Result<(), LinkError> {
    for callee in module.functions() {
        if callee.is_declaration() {
            continue;
        }
        let definition_type = callee.function_type();
        for call in callee.direct_calls() {
            let call_type = call.function_type();
            if same_shape(call_type, definition_type) {
                continue;
            }
            let caller = call.parent_function().map_or_else(
                || "?".to_string(),
                |f| {
                    if f.is_kernel() {
                        format!("kernel '{}'", demangle_kernel(&f.name()))
                    } else {
                        format!("'{}'", demangle(&f.name()))
                    }
                },
            );
            let name = callee.name();
            return Err(LinkError::MismatchedCall(Box::new(MismatchedCall {
                callee: demangle(&name),
                caller,
                call_type: call_type.print(),
                definition_type: definition_type.print(),
                defined_in: defined_in.get(&name).cloned(),
            })));
        }
    }
    Ok(())
}

/// Whether two types are one but for the names of struct types.
fn same_shape(a: Type<'_>, b: Type<'_>) -> bool {
    if a == b {
        return true;
    }
    match (a.kind(), b.kind()) {
        (TypeKind::Pointer, TypeKind::Pointer) => {
            a.pointer_address_space() == b.pointer_address_space()
        }
        (TypeKind::Array, TypeKind::Array) | (TypeKind::FixedVector, TypeKind::FixedVector) => {
            a.sequence_len() == b.sequence_len()
                && matches!((a.element_type(), b.element_type()), (Some(x), Some(y)) if same_shape(x, y))
        }
        (TypeKind::Struct, TypeKind::Struct) => {
            // Two opaque structs: nothing to compare but their names (equal handles, above).
            !a.is_opaque_struct()
                && !b.is_opaque_struct()
                && a.is_packed_struct() == b.is_packed_struct()
                && same_shapes(&a.struct_elements(), &b.struct_elements())
        }
        (TypeKind::Function, TypeKind::Function) => {
            a.is_var_arg() == b.is_var_arg()
                && matches!((a.return_type(), b.return_type()), (Some(x), Some(y)) if same_shape(x, y))
                && same_shapes(&a.param_types(), &b.param_types())
        }
        // Scalars are uniqued per context: equal handles or different types.
        _ => false,
    }
}

fn same_shapes(a: &[Type<'_>], b: &[Type<'_>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_shape(*x, *y))
}

/// Lists of globals that only matter to a host program or a further link: constructors and
/// destructors of globals (a device image runs none; DPC++ never emits them for the device)
/// and the `used` lists that would keep host-only code alive.
const HOST_ONLY_LISTS: [&str; 4] = [
    "llvm.global_ctors",
    "llvm.global_dtors",
    "llvm.used",
    "llvm.compiler.used",
];

/// After the link, kernels (and functions called indirectly) are a device image's only entry
/// points, as in DPC++'s images: kernels become external again (they were `weak_odr` for the
/// link), everything else internal, and what no entry point reaches is removed — which
/// includes the host-only code clang-22 emits for the device (vtables of classes whose key
/// function is in the TU, their virtual functions, initialisers of globals), so it never
/// reaches the runtime as unresolved SPIR-V imports.
pub(crate) fn keep_only_kernel_code(module: &mut Module<'_>) -> Result<(), LinkError> {
    let mut host_only = Vec::new();
    for global in module.globals() {
        if HOST_ONLY_LISTS.contains(&global.name().as_str()) && !global.has_users() {
            host_only.push(global.id());
        } else if global.initializer().is_some() && !global.name().starts_with("llvm.") {
            global.set_internal_linkage();
        }
    }
    module.delete_unused(&host_only);
    for f in module.functions() {
        if f.is_declaration() {
            continue;
        }
        if f.is_kernel() {
            f.set_external_linkage();
        } else if f.string_attribute("referenced-indirectly").is_none() {
            f.set_internal_linkage();
        }
    }
    module
        .run_passes("globaldce")
        .map_err(|message| LinkError::Llvm {
            input: "the linked device code".into(),
            message,
        })
}

/// Records `module`'s kernels; a kernel already defined by an earlier input (kept in
/// `linked`) is one kernel with it when both come from one definition (both sources known and
/// equal), when the front end could not place one of them (no source recorded: kept as DPC++
/// keeps `weak_odr` kernels), or when both compile to the same device code; otherwise it is
/// refused, located at both definitions, saying what differs.
fn check_kernels(
    linked: Option<&Module<'_>>,
    module: &Module<'_>,
    seen: &mut FxHashMap<String, Option<String>>,
) -> Result<(), LinkError> {
    let mut comparison = None;
    for kernel in module.functions() {
        if !kernel.is_kernel() || kernel.is_declaration() {
            continue;
        }
        let name = kernel.name();
        let source = kernel.string_attribute(KERNEL_SOURCE_ATTRIBUTE);
        let Some(first_source) = seen.get(&name) else {
            seen.insert(name, source);
            continue;
        };
        let (Some(first_source), Some(second_source)) = (first_source, source) else {
            continue;
        };
        let Some(first) = linked
            .filter(|_| *first_source != second_source)
            .and_then(|linked| linked.get_function(&name))
        else {
            continue;
        };
        let comparison = comparison.get_or_insert_with(|| SameCode::new(module.context()));
        let difference = match comparison.kernels(first, kernel) {
            Ok(()) => continue,
            Err(Difference::Parameters) => KernelDifference::Parameters {
                first: parameter_list(first),
                second: parameter_list(kernel),
            },
            Err(Difference::Attributes) => KernelDifference::Attributes,
            Err(Difference::Body) => KernelDifference::Body,
        };
        return Err(LinkError::DuplicateKernel {
            kernel: demangle_kernel(&name),
            first_source: first_source.clone(),
            second_source,
            difference,
        });
    }
    Ok(())
}

/// A kernel's parameters as LLVM types, a `byval` one with its type (`ptr byval({ [4 x i8] })`).
fn parameter_list(kernel: Function<'_>) -> String {
    let types = kernel.function_type().param_types();
    let params: Vec<String> = (0u32..)
        .zip(types)
        .map(|(n, ty)| match kernel.param_type_attribute(n, "byval") {
            Some(byval) => format!("{} byval({})", ty.print(), byval.print()),
            None => ty.print(),
        })
        .collect();
    params.join(", ")
}

/// Refuses calls of functions no linked device code defines (see the module comment).
/// Allowed undefined: LLVM intrinsics, the spec-constant getters the lowering replaces, and
/// for SPIR targets the SPIR-V built-ins the SPIR-V backend maps (`__spirv_*`, plain or
/// mangled) and what Intel's device runtime provides itself (`__assert_fail`,
/// `__devicelib_*`); for NVPTX what the CUDA driver provides (`device::PROVIDED_ON_NVPTX`).
pub(crate) fn check_defined(module: &Module<'_>) -> Result<(), LinkError> {
    check_defined_but(module, |_| false)
}

/// [`check_defined`], allowing as well the functions `linked_later` names (on NVPTX,
/// libdevice's, which the link brings in per image).
pub(crate) fn check_defined_but(
    module: &Module<'_>,
    linked_later: impl Fn(&str) -> bool,
) -> Result<(), LinkError> {
    let graph = CallGraph::of(module);
    let nvptx = module.triple().starts_with("nvptx");
    let mut undefined: Vec<Function<'_>> = Vec::new();
    for f in module.functions() {
        if f.is_declaration()
            && graph.is_called(f)
            && !provided_on_device(f, nvptx)
            && !linked_later(&f.name())
        {
            undefined.push(f);
        }
    }
    if undefined.is_empty() {
        return Ok(());
    }
    let kernels: Vec<Function<'_>> = module
        .functions()
        .into_iter()
        .filter(|k| k.is_kernel() && !k.is_declaration())
        .collect();
    let reached: Vec<(Function<'_>, FxHashSet<Function<'_>>)> =
        kernels.iter().map(|&k| (k, graph.reachable(k))).collect();
    let report = undefined
        .into_iter()
        .map(|f| UndefinedFunction {
            function: demangle(&f.name()),
            kernels: reached
                .iter()
                .filter(|(_, set)| set.contains(&f))
                .map(|(k, _)| demangle_kernel(&k.name()))
                .collect(),
            callers: graph
                .callers(f)
                .iter()
                .map(|c| demangle(&c.name()))
                .collect(),
        })
        .collect();
    Err(LinkError::Undefined(report))
}

/// Direct calls between the module's functions.
struct CallGraph<'m> {
    callees: FxHashMap<Function<'m>, Vec<Function<'m>>>,
}

impl<'m> CallGraph<'m> {
    fn of(module: &'m Module<'_>) -> Self {
        let mut callees: FxHashMap<Function<'m>, Vec<Function<'m>>> = FxHashMap::default();
        for f in module.functions() {
            if f.is_declaration() {
                continue;
            }
            let mut called: Vec<Function<'m>> = f
                .instructions()
                .into_iter()
                .filter_map(|i| i.as_call()?.callee().as_function())
                .collect();
            called.dedup();
            callees.insert(f, called);
        }
        CallGraph { callees }
    }

    fn is_called(&self, f: Function<'m>) -> bool {
        self.callees.values().any(|c| c.contains(&f))
    }

    /// The defined functions calling `f` directly, in module order.
    fn callers(&self, f: Function<'m>) -> Vec<Function<'m>> {
        let mut callers: Vec<Function<'m>> = self
            .callees
            .iter()
            .filter(|(_, c)| c.contains(&f))
            .map(|(caller, _)| *caller)
            .collect();
        callers.sort_by_key(|c| c.name());
        callers
    }

    /// Every function `root` reaches through direct calls.
    fn reachable(&self, root: Function<'m>) -> FxHashSet<Function<'m>> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![root];
        while let Some(f) = stack.pop() {
            for &callee in self.callees.get(&f).map(Vec::as_slice).unwrap_or(&[]) {
                if seen.insert(callee) {
                    stack.push(callee);
                }
            }
        }
        seen
    }
}

/// On NVPTX (`nvptx`), the CUDA driver's own functions instead of SPIR-V's built-ins and
/// Intel's device runtime (a PTX import of another name fails when the module is loaded).
fn provided_on_device(f: Function<'_>, nvptx: bool) -> bool {
    let name = f.name();
    let common =
        f.is_intrinsic() || name.starts_with("llvm.") || lower::is_spec_constant_getter(&name);
    common
        || if nvptx {
            crate::device::PROVIDED_ON_NVPTX.contains(&name.as_str())
        } else {
            is_spirv_builtin(&name) || name == "__assert_fail" || name.starts_with("__devicelib_")
        }
}

/// `__spirv_…`, or an Itanium-mangled free function of that name (`_Z<length>__spirv_…`).
fn is_spirv_builtin(name: &str) -> bool {
    let unmangled = name
        .strip_prefix("_Z")
        .map(|rest| rest.trim_start_matches(|c: char| c.is_ascii_digit()))
        .unwrap_or(name);
    unmangled.starts_with("__spirv_")
}

fn demangle(name: &str) -> String {
    // Only a mangled name demangles: cpp_demangle also reads a bare type ("f" is `float`).
    if !name.starts_with("_Z") {
        return name.to_string();
    }
    cpp_demangle::Symbol::new(name.as_bytes())
        .ok()
        .and_then(|s| s.demangle().ok())
        .unwrap_or_else(|| name.to_string())
}

/// A kernel's name (`_ZTS` + its name type) as the name type, demangled.
pub fn demangle_kernel(name: &str) -> String {
    let demangled = demangle(name);
    demangled
        .strip_prefix("typeinfo name for ")
        .map_or(demangled.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spirv_builtins_plain_and_mangled() {
        assert!(is_spirv_builtin("__spirv_ControlBarrier"));
        assert!(is_spirv_builtin("_Z33__spirv_BuiltInGlobalInvocationIdi"));
        assert!(!is_spirv_builtin("_Z13missing_scalei"));
        assert!(!is_spirv_builtin("_ZN2ns8__spirv_E"));
    }

    #[test]
    fn kernel_names_demangle_to_their_name_type() {
        assert_eq!(demangle_kernel("_ZTS10NamedTwice"), "NamedTwice");
        assert_eq!(demangle("_Z13missing_scalei"), "missing_scale(int)");
        assert_eq!(demangle_kernel("not mangled"), "not mangled");
        // An extern "C" function named like a type's mangling is not that type.
        assert_eq!(demangle("f"), "f");
        assert_eq!(demangle("i"), "i");
    }

    /// Device code of one TU: kernel `@_ZTS<kernel>` calling `@f` as `call_type` (return and
    /// parameter types), with `extra` (a definition of `@f`, or its declaration).
    fn caller_of_f(kernel: &str, ret: &str, param: &str, extra: &str) -> Vec<u8> {
        let call = if ret == "void" {
            format!("  call spir_func void @f({param} zeroinitializer)\n")
        } else {
            format!(
                "  %r = call spir_func {ret} @f({param} zeroinitializer)\n  store {ret} %r, ptr addrspace(1) @out_{kernel}\n"
            )
        };
        let out = if ret == "void" { "i8" } else { ret };
        format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             %S = type {{ i32, float }}\n\
             @out_{kernel} = addrspace(1) global {out} zeroinitializer\n\
             define spir_kernel void @_ZTS{kernel}() {{\n{call}  ret void\n}}\n\
             {extra}\n"
        )
        .into_bytes()
    }

    fn link_two(a: Vec<u8>, b: Vec<u8>) -> Result<(), LinkError> {
        let ctx = Context::new();
        let inputs = vec![("a.o".to_string(), a), ("b.o".to_string(), b)];
        let linked = link_inputs(&ctx, inputs)?.expect("a module");
        linked.verify().expect("valid");
        check_defined(&linked)
    }

    #[test]
    fn a_function_declared_with_another_type_than_its_definition_is_refused() {
        // Before: linked, and `k2` passed an i64 to a function reading an i32.
        let a = caller_of_f(
            "2k1",
            "i32",
            "i32",
            "define spir_func i32 @f(i32 %x) {\n  ret i32 %x\n}",
        );
        let b = caller_of_f("2k2", "i64", "i64", "declare spir_func i64 @f(i64)");
        assert_eq!(
            link_two(a.clone(), b.clone())
                .expect_err("refused")
                .to_string(),
            "device function 'f' is called from kernel 'k2' as 'i64 (i64)' but defined as 'i32 (i32)' in \
             a.o: sources of this link declare it with different types (declare it alike \
             everywhere, in one header)"
        );
        // The other order: the definition comes second.
        assert_eq!(
            link_two(b, a).expect_err("refused").to_string(),
            "device function 'f' is called from kernel 'k2' as 'i64 (i64)' but defined as 'i32 (i32)' in \
             b.o: sources of this link declare it with different types (declare it alike \
             everywhere, in one header)"
        );
    }

    #[test]
    fn two_definitions_of_one_function_with_different_types_are_refused() {
        // Before: the second definition was taken for a header's (share_header_definitions)
        // and dropped, and its TU's kernel called the first with a struct it does not take.
        let a = caller_of_f(
            "2k1",
            "float",
            "float",
            "define spir_func float @f(float %x) {\n  ret float %x\n}",
        );
        let b = caller_of_f(
            "2k2",
            "void",
            "%S",
            "define spir_func void @f(%S %s) {\n  ret void\n}",
        );
        // The two `%S` are one type in each module but two after the link: B's is `%S.0`.
        assert_eq!(
            link_two(a, b).expect_err("refused").to_string(),
            "device function 'f' is called from kernel 'k2' as 'void (%S.0)' but defined as \
             'float (float)' in a.o: sources of this link declare it with different types \
             (declare it alike everywhere, in one header)"
        );
    }

    #[test]
    fn one_declaration_alike_everywhere_links() {
        // The same type, and a struct by value whose two modules' types LLVM may keep apart
        // (`%S`, `%S.0`): one shape, no disagreement.
        let a = caller_of_f(
            "2k1",
            "i32",
            "%S",
            "define spir_func i32 @f(%S %s) {\n  ret i32 0\n}",
        );
        let b = caller_of_f("2k2", "i32", "%S", "declare spir_func i32 @f(%S)");
        link_two(a, b).expect("links");
        let a = caller_of_f(
            "2k1",
            "i32",
            "%S",
            "define spir_func i32 @f(%S %s) {\n  ret i32 0\n}",
        );
        let b = String::from_utf8(caller_of_f(
            "2k2",
            "i32",
            "%T",
            "declare spir_func i32 @f(%T)",
        ))
        .expect("text")
        .replace("%S = type", "%T = type");
        link_two(a, b.into_bytes()).expect("links");
    }

    #[test]
    fn same_shape_ignores_struct_names_only() {
        let ctx = Context::new();
        let text = "%A = type { i32, <2 x float> }\n%B = type { i32, <2 x float> }\n\
                    %C = type { i32, <2 x double> }\n%P = type <{ i32, <2 x float> }>\n\
                    declare void @a(%A, ptr)\ndeclare void @b(%B, ptr)\n\
                    declare void @c(%C, ptr)\ndeclare void @p(%P, ptr)\n\
                    declare void @q(%A, ptr addrspace(1))\ndeclare void @v(%A, ptr, ...)\n";
        let m = ctx
            .parse_ir(text.as_bytes().to_vec(), "t.ll")
            .expect("parses");
        let ty = |name: &str| m.get_function(name).expect("declared").function_type();
        assert!(same_shape(ty("a"), ty("b")));
        for other in ["c", "p", "q", "v"] {
            assert!(!same_shape(ty("a"), ty(other)), "{other}");
        }
    }

    #[test]
    fn invalid_device_code_is_refused_naming_the_input_and_function() {
        let ctx = Context::new();
        let broken = "target triple = \"spir64-unknown-unknown\"\n\
                      define spir_func i32 @broken(i32 %x) {\nentry:\n  ret i32 %y\nnext:\n  %y = add i32 %y, 1\n  ret i32 %y\n}\n";
        let inputs = vec![
            ("a.o".to_string(), module("/a.cpp:3:4", "")),
            ("b.o".to_string(), broken.as_bytes().to_vec()),
        ];
        let error = link_inputs(&ctx, inputs).err().expect("refused");
        let message = error.to_string();
        assert!(
            message.starts_with("b.o: device code is not valid LLVM IR (in function 'broken'): "),
            "{message}"
        );
    }

    fn module(kernel_source: &str, extra: &str) -> Vec<u8> {
        module_with_body(kernel_source, "", extra)
    }

    /// A kernel calling an internal body, which runs `body` first.
    fn module_with_body(kernel_source: &str, body: &str, extra: &str) -> Vec<u8> {
        format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define weak_odr spir_kernel void @_ZTS1K() #0 {{\n  call spir_func void @body()\n  ret void\n}}\n\
             define internal spir_func void @body() {{\n{body}  ret void\n}}\n\
             {extra}\n\
             attributes #0 = {{ \"{KERNEL_SOURCE_ATTRIBUTE}\"=\"{kernel_source}\" }}\n"
        )
        .into_bytes()
    }

    #[test]
    fn one_kernel_from_two_inputs_links_once_and_ends_external() {
        let ctx = Context::new();
        let inputs = vec![
            ("a.o".to_string(), module("/h.hpp:3:4", "")),
            ("b.o".to_string(), module("/h.hpp:3:4", "")),
        ];
        let linked = link_inputs(&ctx, inputs).expect("links").expect("a module");
        let kernel = linked.get_function("_ZTS1K").expect("the kernel");
        assert!(kernel.linkage_is_external());
        assert!(check_defined(&linked).is_ok());
    }

    #[test]
    fn two_kernels_of_one_name_are_refused_where_they_are() {
        let ctx = Context::new();
        let inputs = vec![
            ("a.o".to_string(), module("/a.cpp:3:4", "")),
            (
                "b.o".to_string(),
                module_with_body("/b.cpp:5:6", "  store i32 1, ptr @g\n", "@g = global i32 0"),
            ),
        ];
        let error = link_inputs(&ctx, inputs).err().expect("refused");
        assert_eq!(
            error.to_string(),
            "/b.cpp:5:6: error: kernel 'K' is already defined, with a different body, at \
             /a.cpp:3:4; a kernel name must name one kernel (give one of them another name)"
        );
    }

    /// A TU's device code for a lambda kernel `K` launched at `file:line` (`*out =
    /// helper(n > 0 ? n * <factor> : 0)`, `helper` adding `<helper_offset>`, then a `printf`),
    /// shaped as `wrap_kernels` leaves it: a `weak_odr` wrapper taking the runtime's arguments
    /// (`params`), the original kernel as its internal body, the lambda's `operator()` (named
    /// after the function the lambda sits in: `lambda`); with debug information and the TU's
    /// own struct type and string.
    #[derive(Clone, Copy)]
    struct Tu<'s> {
        file: &'s str,
        line: u32,
        lambda: &'s str,
        lambda_linkage: &'s str,
        params: &'s str,
        factor: i32,
        helper_offset: i32,
    }

    const TU: Tu<'static> = Tu {
        file: "a.cpp",
        line: 3,
        lambda: "_ZZ4mainENKUlvE_clEv",
        lambda_linkage: "internal",
        params: "ptr addrspace(1) %a0, ptr byval({ [4 x i8] }) %a1",
        factor: 3,
        helper_offset: 5,
    };

    impl Tu<'_> {
        fn ir(&self) -> Vec<u8> {
            let Tu {
                file,
                line,
                lambda,
                lambda_linkage,
                params,
                factor,
                helper_offset,
            } = self;
            let column = 29;
            format!(
                r#"target triple = "spir64-unknown-unknown"
%class.anon = type {{ ptr addrspace(1), i32 }}
@.str.{line} = private unnamed_addr addrspace(1) constant [6 x i8] c"%d:%d\00"
define weak_odr spir_kernel void @_ZTS1K({params}) #0 {{
entry:
  %object = alloca %class.anon, align 8
  store ptr addrspace(1) %a0, ptr %object, align 8
  %field = getelementptr inbounds i8, ptr %object, i64 8
  call void @llvm.memcpy.p0.p0.i64(ptr %field, ptr %a1, i64 4, i1 false)
  %cast = addrspacecast ptr %object to ptr addrspace(4)
  call spir_func void @_ZTS1K.__sycl_specconst_body(ptr addrspace(4) %cast)
  ret void
}}
define internal spir_func void @_ZTS1K.__sycl_specconst_body(ptr addrspace(4) %this) #1 {{
  call spir_func void @{lambda}(ptr addrspace(4) %this)
  ret void
}}
define {lambda_linkage} spir_func void @{lambda}(ptr addrspace(4) %this) #1 !dbg !2 {{
entry:
  %out = load ptr addrspace(1), ptr addrspace(4) %this, align 8, !dbg !6
  %n.addr = getelementptr inbounds i8, ptr addrspace(4) %this, i64 8, !dbg !6
  %n = load i32, ptr addrspace(4) %n.addr, align 8, !dbg !6
    #dbg_value(i32 %n, !7, !DIExpression(), !6)
  %positive = icmp sgt i32 %n, 0, !dbg !6
  br i1 %positive, label %scale, label %done, !dbg !6
scale:
  %scaled = mul nsw i32 %n, {factor}, !dbg !6
  br label %done, !dbg !6
done:
  %value = phi i32 [ %scaled, %scale ], [ 0, %entry ], !dbg !6
  %result = call spir_func i32 @_ZL6helperi(i32 %value), !dbg !6
  store i32 %result, ptr addrspace(1) %out, align 4, !dbg !6
  %s = call spir_func i32 @_Z18__spirv_ocl_printfPU3AS1cz(ptr addrspace(1) @.str.{line}, i32 %n, i32 %result), !dbg !6
  ret void, !dbg !6
}}
define internal spir_func i32 @_ZL6helperi(i32 %x) #1 {{
  %r = add nsw i32 %x, {helper_offset}
  ret i32 %r
}}
declare spir_func i32 @_Z18__spirv_ocl_printfPU3AS1cz(ptr addrspace(1), ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
attributes #0 = {{ "sycl-module-id"="{file}" "{KERNEL_SOURCE_ATTRIBUTE}"="/src/{file}:{line}:{column}" }}
attributes #1 = {{ "sycl-module-id"="{file}" }}
!llvm.dbg.cu = !{{!0}}
!llvm.module.flags = !{{!5}}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "{file}", directory: "/src")
!2 = distinct !DISubprogram(name: "operator()", linkageName: "{lambda}", scope: !1, file: !1, line: {line}, type: !3, scopeLine: {line}, spFlags: DISPFlagDefinition, unit: !0)
!3 = !DISubroutineType(types: !4)
!4 = !{{}}
!5 = !{{i32 2, !"Debug Info Version", i32 3}}
!6 = !DILocation(line: {line}, column: {column}, scope: !2)
!7 = !DILocalVariable(name: "n", scope: !2, file: !1, line: {line}, type: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
"#
            )
            .into_bytes()
        }
    }

    fn link_tus(tus: &[Tu<'_>]) -> Result<(), LinkError> {
        let ctx = Context::new();
        let inputs = tus
            .iter()
            .map(|tu| (format!("{}.o", tu.file), tu.ir()))
            .collect();
        let linked = link_inputs(&ctx, inputs)?.expect("a module");
        linked.verify().expect("valid");
        // One kernel, and one definition of the code it runs: the other TU's went as dead code.
        let kernels = linked.functions().into_iter().filter(|f| f.is_kernel());
        assert_eq!(kernels.count(), 1);
        let bodies = linked
            .functions()
            .into_iter()
            .filter(|f| f.name().starts_with("_ZTS1K.__sycl_specconst_body"));
        assert_eq!(bodies.count(), 1);
        check_defined(&linked)
    }

    #[test]
    fn one_kernel_launched_from_two_places_with_the_same_code_links_once() {
        // Another file and line, another function around the lambda (so another mangling of
        // its `operator()`, linkonce_odr in an inline function), another string's name,
        // another debug location: the same kernel.
        let second = Tu {
            file: "b.cpp",
            line: 17,
            lambda: "_ZZ6launchRN4sycl5queueEENKUlvE_clEv",
            lambda_linkage: "linkonce_odr",
            ..TU
        };
        link_tus(&[TU, second]).expect("one kernel");
        // And from three TUs, the third compared with the kernel kept.
        let third = Tu {
            file: "c.cpp",
            line: 40,
            ..TU
        };
        link_tus(&[TU, second, third]).expect("one kernel");
    }

    fn refusal(tus: &[Tu<'_>]) -> String {
        let error = link_tus(tus).expect_err("refused");
        assert!(matches!(error, LinkError::DuplicateKernel { .. }));
        error.to_string()
    }

    #[test]
    fn different_code_of_one_kernel_name_is_refused_where_it_is_naming_the_body() {
        let expected = "/src/b.cpp:17:29: error: kernel 'K' is already defined, with a \
                        different body, at /src/a.cpp:3:29; a kernel name must name one kernel \
                        (give one of them another name)";
        // A constant in the lambda, and one in an internal function it calls.
        for second in [
            Tu {
                file: "b.cpp",
                line: 17,
                factor: 4,
                ..TU
            },
            Tu {
                file: "b.cpp",
                line: 17,
                helper_offset: 6,
                ..TU
            },
            // An external callee by another name.
            Tu {
                file: "b.cpp",
                line: 17,
                lambda_linkage: "external",
                lambda: "_Z5otherv",
                ..TU
            },
        ] {
            assert_eq!(refusal(&[TU, second]), expected);
        }
    }

    #[test]
    fn another_parameter_list_of_one_kernel_name_is_refused_naming_the_parameters() {
        let second = Tu {
            file: "b.cpp",
            line: 17,
            params: "ptr addrspace(1) %a0, ptr byval({ [8 x i8] }) %a1",
            ..TU
        };
        assert_eq!(
            refusal(&[TU, second]),
            "/src/b.cpp:17:29: error: kernel 'K' is already defined, with different parameters, \
             at /src/a.cpp:3:29: (ptr addrspace(1), ptr byval({ [4 x i8] })) there, (ptr \
             addrspace(1), ptr byval({ [8 x i8] })) here; a kernel name must name one kernel \
             (give one of them another name)"
        );
    }

    #[test]
    fn other_kernel_attributes_of_one_kernel_name_are_refused() {
        let ctx = Context::new();
        let [first, second] = [
            TU,
            Tu {
                file: "b.cpp",
                line: 17,
                ..TU
            },
        ]
        .map(|tu| tu.ir());
        let second = ctx.parse_ir(second, "b.o").expect("parses");
        post_link::requirements::attach(
            &second,
            "_ZTS1K",
            &post_link::requirements::KernelAttributes {
                reqd_work_group_size: Some(vec![8]),
                ..Default::default()
            },
        )
        .expect("attached");
        let inputs = vec![
            ("a.o".to_string(), first),
            ("b.o".to_string(), second.to_text().into_bytes()),
        ];
        let error = link_inputs(&ctx, inputs).err().expect("refused");
        assert!(
            error
                .to_string()
                .contains("is already defined, with different kernel attributes, at"),
            "{error}"
        );
    }

    #[test]
    fn recursive_internal_functions_compare_by_code() {
        let module = |source: &str, step: i32| {
            format!(
                "target triple = \"spir64-unknown-unknown\"\n\
                 define weak_odr spir_kernel void @_ZTS1K(ptr addrspace(1) %p) #0 {{\n  \
                 call spir_func void @even(ptr addrspace(1) %p, i32 10)\n  ret void\n}}\n\
                 define internal spir_func void @even(ptr addrspace(1) %p, i32 %n) {{\n  \
                 store i32 %n, ptr addrspace(1) %p\n  %z = icmp eq i32 %n, 0\n  br i1 %z, label %out, label %more\n\
                 more:\n  %m = sub i32 %n, 1\n  call spir_func void @odd(ptr addrspace(1) %p, i32 %m)\n  br label %out\n\
                 out:\n  ret void\n}}\n\
                 define internal spir_func void @odd(ptr addrspace(1) %p, i32 %n) {{\n  \
                 %m = sub i32 %n, {step}\n  call spir_func void @even(ptr addrspace(1) %p, i32 %m)\n  ret void\n}}\n\
                 attributes #0 = {{ \"{KERNEL_SOURCE_ATTRIBUTE}\"=\"{source}\" }}\n"
            )
            .into_bytes()
        };
        let link = |step: i32| {
            let ctx = Context::new();
            let inputs = vec![
                ("a.o".to_string(), module("/a.cpp:1:1", 1)),
                ("b.o".to_string(), module("/b.cpp:2:2", step)),
            ];
            link_inputs(&ctx, inputs)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        assert!(link(1).is_ok());
        assert!(
            link(2)
                .expect_err("refused")
                .contains("with a different body")
        );
    }

    #[test]
    fn host_only_code_goes_and_undefined_calls_are_named_with_their_kernels() {
        let ctx = Context::new();
        // A host-only constructor list and an external function no kernel calls (its callee
        // is defined nowhere, but it goes); the kernel reaches an undefined function through
        // a defined one, and a SPIR-V built-in directly.
        let extra = "@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]\n\
             define internal void @init() {\n  call void @_ZN5NoisyC1Ev()\n  ret void\n}\n\
             declare void @_ZN5NoisyC1Ev()\n\
             define spir_kernel void @_ZTS1L() {\n  call spir_func i32 @_Z6helperi(i32 1)\n  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 0)\n  ret void\n}\n\
             define spir_func i32 @_Z6helperi(i32 %x) {\n  %r = call spir_func i32 @_Z13missing_scalei(i32 %x)\n  ret i32 %r\n}\n\
             define spir_func void @_Z6unusedv() {\n  call void @_Z10host_stuffv()\n  ret void\n}\n\
             declare spir_func i32 @_Z13missing_scalei(i32)\n\
             declare void @_Z10host_stuffv()\n\
             declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32)";
        let linked = link_inputs(&ctx, vec![("a.o".to_string(), module("/a.cpp:1:1", extra))])
            .expect("links")
            .expect("a module");
        assert!(linked.get_function("_Z6unusedv").is_none());
        assert!(linked.get_function("init").is_none());
        assert!(
            !linked
                .globals()
                .iter()
                .any(|g| g.name() == "llvm.global_ctors")
        );
        let Err(LinkError::Undefined(undefined)) = check_defined(&linked) else {
            panic!("the undefined function was not found");
        };
        assert_eq!(
            undefined,
            vec![UndefinedFunction {
                function: "missing_scale(int)".into(),
                kernels: vec!["L".into()],
                callers: vec!["helper(int)".into()],
            }]
        );
    }

    #[test]
    fn undefined_functions_name_their_kernels_or_callers() {
        let one = UndefinedFunction {
            function: "f(int)".into(),
            kernels: vec!["K".into()],
            callers: vec!["g()".into()],
        };
        assert!(
            one.to_string()
                .starts_with("undefined device function 'f(int)', called from kernel 'K':")
        );
        let none = UndefinedFunction {
            kernels: vec![],
            ..one
        };
        assert!(none.to_string().contains("called from 'g()'"));
    }
}
