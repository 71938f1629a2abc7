//! The device link of `sycl-clang++`: every object's device code in one module.
//!
//! * One kernel from several TUs: a kernel whose name type and body come from a header is
//!   emitted by every TU that launches it. DPC++ makes kernels `weak_odr`, so the link keeps
//!   one; `wrap_kernels` does the same with its wrappers (their bodies are internal, so each
//!   TU's body stays private and the discarded wrapper's body is dropped as dead code). Two
//!   *different* kernels of one name would then merge silently, so each wrapper records where
//!   its callable is defined ([`KERNEL_SOURCE_ATTRIBUTE`], set by the driver from the front
//!   end's analysis): equal kernels come from one definition, and two definitions of one
//!   kernel name are refused by name and place. After the link kernels are external again,
//!   as the SPIR-V images had them before.
//! * Undefined device functions: a function the linked device code calls but no input
//!   defines would reach the runtime as a SPIR-V import, which Intel's OpenCL CPU compiler
//!   cannot resolve (it crashes). Every such call is refused here with the function and the
//!   kernels that reach it.

use rustc_hash::{FxHashMap, FxHashSet};
use thiserror::Error;

use crate::llvm::{Context, Function, Module};
use crate::lower;

/// String attribute on a wrapper kernel: where its callable (lambda or functor) is defined,
/// `<canonical file>:<line>:<column>`, so the device link tells one kernel emitted by two TUs
/// from two kernels sharing a name.
pub const KERNEL_SOURCE_ATTRIBUTE: &str = "sycl-specconst-kernel-source";

#[derive(Debug, Error)]
pub enum LinkError {
    /// Located at the second definition, as clang reports a redefinition.
    #[error(
        "{second_source}: error: kernel '{kernel}' is already defined, differently, at \
         {first_source}; a kernel name must name one kernel (give one of them another name)"
    )]
    DuplicateKernel {
        kernel: String,
        first_source: String,
        second_source: String,
    },
    #[error("{}", undefined_lines(.0))]
    Undefined(Vec<UndefinedFunction>),
    #[error("{input}: {message}")]
    Llvm { input: String, message: String },
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
    for (input, bytes) in inputs {
        // Device code from objects and archives the user passed: read in a child first.
        let module =
            crate::isolate::parse_untrusted(ctx, bytes, &input).map_err(|e| LinkError::Llvm {
                input: input.clone(),
                message: e.trim_end().to_string(),
            })?;
        check_kernels(&module, &mut kernels)?;
        match linked.as_mut() {
            None => linked = Some(module),
            Some(dst) => {
                crate::device::share_header_definitions(dst, &module);
                dst.link(module).map_err(|e| LinkError::Llvm {
                    input,
                    message: format!("cannot link: {e}"),
                })?
            }
        }
    }
    if let Some(module) = linked.as_mut() {
        keep_only_kernel_code(module)?;
    }
    Ok(linked)
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
        if f.is_spir_kernel() {
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

/// Records `module`'s kernels; a kernel already defined by another input must come from the
/// same definition (both sources known and equal), or be one the front end could not place
/// (no source recorded: kept as DPC++ keeps `weak_odr` kernels).
fn check_kernels(
    module: &Module<'_>,
    seen: &mut FxHashMap<String, Option<String>>,
) -> Result<(), LinkError> {
    for kernel in module.functions() {
        if !kernel.is_spir_kernel() || kernel.is_declaration() {
            continue;
        }
        let name = kernel.name();
        let source = kernel.string_attribute(KERNEL_SOURCE_ATTRIBUTE);
        match seen.get(&name) {
            None => {
                seen.insert(name, source);
            }
            Some(Some(first)) => {
                if let Some(second) = source.filter(|s| s != first) {
                    return Err(LinkError::DuplicateKernel {
                        kernel: demangle_kernel(&name),
                        first_source: first.clone(),
                        second_source: second,
                    });
                }
            }
            Some(None) => {}
        }
    }
    Ok(())
}

/// Refuses calls of functions no linked device code defines (see the module comment).
/// Allowed undefined: LLVM intrinsics, the SPIR-V built-ins the SPIR-V backend maps
/// (`__spirv_*`, plain or mangled), the spec-constant getters the lowering replaces, and what
/// Intel's device runtime provides itself (`__assert_fail`, `__devicelib_*`).
pub(crate) fn check_defined(module: &Module<'_>) -> Result<(), LinkError> {
    let graph = CallGraph::of(module);
    let mut undefined: Vec<Function<'_>> = Vec::new();
    for f in module.functions() {
        if f.is_declaration() && graph.is_called(f) && !provided_on_device(f) {
            undefined.push(f);
        }
    }
    if undefined.is_empty() {
        return Ok(());
    }
    let kernels: Vec<Function<'_>> = module
        .functions()
        .into_iter()
        .filter(|k| k.is_spir_kernel() && !k.is_declaration())
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

fn provided_on_device(f: Function<'_>) -> bool {
    let name = f.name();
    f.is_intrinsic()
        || name.starts_with("llvm.")
        || is_spirv_builtin(&name)
        || lower::is_spec_constant_getter(&name)
        || name == "__assert_fail"
        || name.starts_with("__devicelib_")
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
    }

    fn module(kernel_source: &str, extra: &str) -> Vec<u8> {
        format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define weak_odr spir_kernel void @_ZTS1K() #0 {{\n  call spir_func void @body()\n  ret void\n}}\n\
             define internal spir_func void @body() {{\n  ret void\n}}\n\
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
            ("b.o".to_string(), module("/b.cpp:5:6", "")),
        ];
        let error = link_inputs(&ctx, inputs).err().expect("refused");
        assert_eq!(
            error.to_string(),
            "/b.cpp:5:6: error: kernel 'K' is already defined, differently, at /a.cpp:3:4; a \
             kernel name must name one kernel (give one of them another name)"
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
