//! Which kernel launch of the analysis a device kernel comes from, and how its object reaches
//! the device: the front end describes kernel objects (host-side layout, one argument per
//! capture), the device compile names kernels by the unique stable name of their kernel name
//! type. The two meet through Itanium manglings libclang gives for the launch: the callable's
//! `operator()` (it names the closure type) and the `handler` member that launched it (its
//! first template argument is the kernel name type).

use model::kernel_abi::{DeviceKernel, KernelLayout};
use model::{Analysis, Kernel, KernelObject};
use offload::integration_header::{KernelInfo, KernelLocation};
use offload::object_layout::DeviceObject;

/// A kernel launch of the analysis and its kernel object.
pub(crate) type Launch<'a> = (&'a Kernel, &'a KernelObject);

/// The launch in `analysis` device kernel `name` comes from, with the object the front end
/// describes for it: the callable's, or for a launch with reductions the kernel Intel's
/// headers run under the launch's name (`Kernel::reduction_result_copy`).
pub(crate) fn launch_of<'a>(analysis: &'a Analysis, name: &str) -> Option<Launch<'a>> {
    analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .flat_map(|k| {
            k.object
                .iter()
                .chain(&k.reduction_result_copy)
                .map(move |o| (k, o))
        })
        .find(|(_, o)| names_kernel(o, name))
}

/// Does the launch run its own callable as this kernel (not a kernel of Intel's headers
/// launched under its name)? Only then do the callable's kernel attributes belong to it.
pub(crate) fn runs_callable((kernel, object): Launch<'_>) -> bool {
    kernel
        .object
        .as_ref()
        .is_some_and(|own| std::ptr::eq(own, object))
}

/// A device kernel, the layout its wrapper takes the object in, and its launch if the
/// analysis found it.
pub(crate) struct Placed<'a> {
    pub name: String,
    pub layout: KernelLayout,
    pub launch: Option<Launch<'a>>,
}

/// Every device kernel's layout: the device compile's own (`objects`, read from its debug
/// information), which knows every instantiation and base class; where the front end
/// described the launch too, both must agree. Returns the kernels, or the located errors
/// (one line each) for the kernels whose layout cannot be read or is in dispute: a binary
/// whose descriptors disagree with its kernels would compute garbage.
pub(crate) fn place_kernels<'a>(
    analysis: &'a Analysis,
    objects: Vec<(String, DeviceObject)>,
) -> Result<Vec<Placed<'a>>, Vec<String>> {
    let mut placed = Vec::new();
    let mut errors = Vec::new();
    for (name, object) in objects {
        let launch = launch_of(analysis, &name);
        if launch.is_some_and(|(kernel, _)| !kernel.special_captures.is_empty()) {
            // Refused at its launch already (`refuse_special_captures`).
            continue;
        }
        let why = match object.layout {
            Ok(device) => match launch
                .filter(|(_, host)| host.arguments_complete)
                .and_then(|(_, host)| host.layout.disagreement(&device))
            {
                None => {
                    placed.push(Placed {
                        name,
                        layout: device,
                        launch,
                    });
                    continue;
                }
                Some(detail) => format!(
                    "the front end's description of its arguments disagrees with the device \
                     compile's kernel object ({detail}); refusing to build a kernel that would \
                     read wrong arguments"
                ),
            },
            Err(e) => format!("cannot pass its kernel object: {e}"),
        };
        let at = match (launch, &object.location) {
            (Some((kernel, _)), _) => {
                let file = kernel.location.file.as_deref().unwrap_or(&analysis.source);
                format!(
                    "{}:{}:{}",
                    file.display(),
                    kernel.location.line,
                    kernel.location.column
                )
            }
            (None, Some((file, line))) => format!("{file}:{line}"),
            (None, None) => "sycl-clang++".to_string(),
        };
        errors.push(format!(
            "{at}: error: kernel '{}': {why}",
            readable_name(&name)
        ));
    }
    if errors.is_empty() {
        Ok(placed)
    } else {
        Err(errors)
    }
}

/// A device kernel's name as the kernel name type it stands for (`_ZTS…` demangled).
fn readable_name(kernel: &str) -> String {
    demangle(kernel)
        .and_then(|n| n.strip_prefix("typeinfo name for ").map(str::to_string))
        .unwrap_or_else(|| kernel.to_string())
}

/// Is `kernel` (`_ZTS` + mangled kernel name type) the kernel launched with `object`?
fn names_kernel(object: &KernelObject, kernel: &str) -> bool {
    let Some(name_type) = kernel.strip_prefix("_ZTS").filter(|t| !t.is_empty()) else {
        return false;
    };
    object
        .call_operator
        .as_deref()
        .is_some_and(|op| is_call_operator_of(op, name_type))
        || object
            .launcher
            .as_deref()
            .is_some_and(|l| launches_with_name(l, name_type))
}

/// Is `operator` the mangled `operator()` of the class whose type mangles as `class`? The
/// member's name nests the class (`N[K]<class>clE…`); a class inside a function (a lambda)
/// mangles as a local name, whose function part comes first (`Z<function>E N[K] <entity>
/// clE…` for type `Z<function>E<entity>`); a class in a namespace drops the type's own
/// `N…E` (`NK2ns1FclE…` for type `N2ns1FE`). Substitutions number alike on both sides, since
/// the parts before the class are the same.
fn is_call_operator_of(operator: &str, class: &str) -> bool {
    let Some(member) = operator.strip_prefix("_Z") else {
        return false;
    };
    let nested = |prefix: &str, rest: &str| {
        ["NK", "N"].iter().any(|open| {
            rest.strip_prefix(open)
                .and_then(|r| r.strip_prefix(prefix))
                .is_some_and(|r| r.starts_with("clE"))
        })
    };
    if let Some(inner) = class.strip_prefix('N').and_then(|c| c.strip_suffix('E')) {
        if nested(inner, member) {
            return true;
        }
    }
    let common = member
        .bytes()
        .zip(class.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    (0..=common).any(|split| {
        class.is_char_boundary(split)
            && member.is_char_boundary(split)
            && nested(&class[split..], &member[split..])
    })
}

/// Does the mangled `handler::<invoker><KernelName, …>` specialisation `launcher` (or the
/// `queue::` shortcut's) have the
/// type mangled as `name_type` as its first template argument? Compared demangled: inside the
/// launcher's name the type's own mangling uses the launcher's substitutions (`NS0_…` for
/// `sycl::_V1::…`), so the manglings differ where the types do not.
fn launches_with_name(launcher: &str, name_type: &str) -> bool {
    let Some(name) = demangle(&format!("_ZTS{name_type}")) else {
        return false;
    };
    let Some(name) = name.strip_prefix("typeinfo name for ") else {
        return false;
    };
    let Some(launch) = demangle(launcher) else {
        return false;
    };
    // `handler::parallel_for<…>` or a `queue::` shortcut.
    let Some(arguments) = ["::handler::", "::queue::"]
        .iter()
        .find_map(|class| launch.find(class))
        .and_then(|at| launch[at..].find('<').map(|open| &launch[at + open + 1..]))
    else {
        return false;
    };
    let arguments = top_level_arguments(arguments);
    match arguments.first() {
        Some(first) if *first == name => true,
        // An unnamed kernel is named by its kernel type, a later argument (how a generic
        // lambda's type is known: its operator() is a template libclang does not mangle).
        Some(first) if first.ends_with("detail::auto_name") => {
            arguments.iter().skip(1).any(|a| *a == name)
        }
        _ => false,
    }
}

/// The template arguments at the start of `text` (`A, B<C, D>, E>…`): split at the commas of
/// the outermost level, up to the `>` that closes the list.
fn top_level_arguments(text: &str) -> Vec<&str> {
    let mut arguments = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' | '{' | '[' => depth += 1,
            '>' | ')' | '}' | ']' if depth > 0 => depth -= 1,
            '>' => {
                arguments.push(text[start..i].trim());
                return arguments;
            }
            ',' if depth == 0 => {
                arguments.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    Vec::new()
}

fn demangle(symbol: &str) -> Option<String> {
    cpp_demangle::Symbol::new(symbol.as_bytes())
        .ok()?
        .demangle()
        .ok()
}

/// The integration header's description of a wrapped kernel, with where its launch is.
pub(crate) fn kernel_info(kernel: DeviceKernel, launch: Option<Launch<'_>>) -> KernelInfo {
    let location = launch.map(|(kernel, object)| KernelLocation {
        file: object
            .location
            .file
            .as_deref()
            .and_then(|f| f.file_name())
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default(),
        function: kernel.name.clone().unwrap_or_default(),
        line: object.location.line,
        column: object.location.column,
    });
    KernelInfo { kernel, location }
}

#[cfg(test)]
mod tests {
    use super::{is_call_operator_of, launches_with_name, place_kernels, runs_callable};
    use model::kernel_abi::{ArgumentKind, BufferTarget, KernelArgument, KernelLayout};
    use model::{Analysis, Callable, Kernel, KernelObject, SourceLocation};
    use offload::object_layout::DeviceObject;

    /// A launch of `Z4mainEUlvE_` at app.cpp:7:5 whose front-end description is `arguments`.
    fn analysis(arguments: Vec<KernelArgument>, complete: bool) -> Analysis {
        let location = SourceLocation {
            file: Some("app.cpp".into()),
            line: 7,
            column: 5,
        };
        Analysis {
            source: "app.cpp".into(),
            unique_prefix: String::new(),
            spec_ids: Vec::new(),
            kernels: vec![Kernel {
                name: None,
                invoker: "single_task".into(),
                callable: Callable::Lambda,
                takes_kernel_handler: false,
                location: location.clone(),
                special_captures: Vec::new(),
                object: Some(KernelObject {
                    call_operator: Some("_ZZ4mainENKUlvE_clEv".into()),
                    launcher: None,
                    location,
                    layout: KernelLayout {
                        object_size: 40,
                        arguments,
                    },
                    arguments_complete: complete,
                }),
                reduction_result_copy: None,
                attributes: Default::default(),
                callee_aspects: Vec::new(),
            }],
            instantiated_kernels: Vec::new(),
            dependencies: Vec::new(),
            warnings: Vec::new(),
            local_spec_ids: Vec::new(),
            kernel_restrictions: Vec::new(),
            device_functions: Vec::new(),
        }
    }

    /// A 1-dimensional accessor, then 4 bytes.
    fn accessor_then_bytes() -> Vec<KernelArgument> {
        vec![
            KernelArgument {
                offset: 0,
                kind: ArgumentKind::Accessor {
                    target: BufferTarget::Device,
                    dimensions: 1,
                    element_size: 4,
                    keeps_offset: true,
                },
            },
            KernelArgument {
                offset: 32,
                kind: ArgumentKind::Bytes { size: 4 },
            },
        ]
    }

    /// The device compile's view: [`accessor_then_bytes`] in 40 bytes.
    fn device_object() -> Vec<(String, DeviceObject)> {
        let layout = KernelLayout {
            object_size: 40,
            arguments: accessor_then_bytes(),
        };
        vec![(
            "_ZTSZ4mainEUlvE_".to_string(),
            DeviceObject {
                layout: Ok(layout),
                location: Some(("app.cpp".into(), 6)),
            },
        )]
    }

    #[test]
    fn descriptions_that_disagree_with_the_device_are_refused_at_the_launch() {
        // The accessor described as plain bytes, as for a launch the front end misread.
        let misread = analysis(
            vec![KernelArgument {
                offset: 0,
                kind: ArgumentKind::Bytes { size: 40 },
            }],
            true,
        );
        let errors = match place_kernels(&misread, device_object()) {
            Err(errors) => errors,
            Ok(_) => panic!("a disagreement must be refused"),
        };
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].starts_with("app.cpp:7:5: error: kernel 'main::{lambda()#1}': "),
            "{}",
            errors[0]
        );
        assert!(errors[0].contains("disagrees"), "{}", errors[0]);
        // Agreeing descriptions pass, with the device's layout and the launch.
        let agreeing = analysis(accessor_then_bytes(), true);
        let placed = place_kernels(&agreeing, device_object()).expect("agrees");
        assert!(placed[0].launch.is_some());
        // A description the front end marked incomplete (base classes) is not compared.
        let partial = analysis(Vec::new(), false);
        assert!(place_kernels(&partial, device_object()).is_ok());
    }

    #[test]
    fn kernels_the_device_cannot_describe_are_refused() {
        let objects = vec![(
            "_ZTSZ4mainEUlvE_".to_string(),
            DeviceObject {
                layout: Err(offload::object_layout::ObjectLayoutError::NoObjectType),
                location: None,
            },
        )];
        let errors = match place_kernels(&analysis(Vec::new(), true), objects) {
            Err(errors) => errors,
            Ok(_) => panic!("must be refused"),
        };
        assert!(
            errors[0].starts_with("app.cpp:7:5: error: kernel "),
            "{}",
            errors[0]
        );
        // Without a launch: the object type's file and line.
        let mut no_launch = analysis(Vec::new(), true);
        no_launch.kernels.clear();
        let errors = match place_kernels(&no_launch, device_object_without_layout()) {
            Err(errors) => errors,
            Ok(_) => panic!("must be refused"),
        };
        assert!(
            errors[0].starts_with("app.cpp:6: error: kernel "),
            "{}",
            errors[0]
        );
    }

    /// A launch with a reduction: its callable names no kernel; the kernel Intel's headers
    /// launch under its name `Named` is described as `copy`.
    fn reduction_launch(copy: Vec<KernelArgument>) -> Analysis {
        let mut a = analysis(accessor_then_bytes(), true);
        let kernel = &mut a.kernels[0];
        let own = kernel.object.as_mut().expect("object");
        own.call_operator = None;
        kernel.reduction_result_copy = Some(KernelObject {
            call_operator: None,
            launcher: Some(
                "_ZN4sycl3_V17handler11single_taskI5NamedZZ4mainENKUlRS1_E_clES4_EUlvE_EEvRKT0_"
                    .into(),
            ),
            location: own.location.clone(),
            layout: KernelLayout {
                object_size: 40,
                arguments: copy,
            },
            arguments_complete: true,
        });
        a
    }

    #[test]
    fn a_reduction_launchs_name_is_the_headers_kernel_not_its_callable() {
        let named = |layout| {
            vec![(
                "_ZTS5Named".to_string(),
                DeviceObject {
                    layout: Ok(KernelLayout {
                        object_size: 40,
                        arguments: layout,
                    }),
                    location: Some(("reduction.hpp".into(), 1180)),
                },
            )]
        };
        // The headers' kernel as described: placed at the launch, not running the callable
        // (whose attributes are not its own).
        let a = reduction_launch(accessor_then_bytes());
        let placed = place_kernels(&a, named(accessor_then_bytes())).expect("agrees");
        let launch = placed[0].launch.expect("matched");
        assert!(std::ptr::eq(
            launch.1,
            a.kernels[0]
                .reduction_result_copy
                .as_ref()
                .expect("described")
        ));
        assert!(!runs_callable(launch));
        // A description that differs from the device's is refused at the launch.
        let bytes = vec![KernelArgument {
            offset: 0,
            kind: ArgumentKind::Bytes { size: 40 },
        }];
        let errors = match place_kernels(&reduction_launch(bytes), named(accessor_then_bytes())) {
            Err(errors) => errors,
            Ok(_) => panic!("a disagreement must be refused"),
        };
        assert!(
            errors[0].starts_with("app.cpp:7:5: error: kernel 'Named': "),
            "{}",
            errors[0]
        );
        // The callable's own launch runs the callable.
        let own = analysis(accessor_then_bytes(), true);
        let placed = place_kernels(&own, device_object()).expect("agrees");
        assert!(runs_callable(placed[0].launch.expect("matched")));
    }

    fn device_object_without_layout() -> Vec<(String, DeviceObject)> {
        vec![(
            "_ZTSZ4mainEUlvE_".to_string(),
            DeviceObject {
                layout: Err(offload::object_layout::ObjectLayoutError::Unsupported(
                    "sycl::_V1::stream".into(),
                )),
                location: Some(("app.cpp".into(), 6)),
            },
        )]
    }

    // Manglings as clang-22 writes them for the kernels of a SYCL program (device kernel
    // names and libclang's manglings of the same lambdas and launches).
    #[test]
    fn lambdas_match_their_call_operators() {
        assert!(is_call_operator_of(
            "_ZZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_ENKUlNS0_2idILi1EEEE_clES5_",
            "ZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlNS0_2idILi1EEEE_"
        ));
        assert!(is_call_operator_of("_ZZ4mainENKUlvE_clEv", "Z4mainEUlvE_"));
        // A mutable lambda's operator() is not const.
        assert!(is_call_operator_of("_ZZ4mainENUlvE_clEv", "Z4mainEUlvE_"));
        // The second lambda of the same signature is another type.
        assert!(!is_call_operator_of(
            "_ZZ4mainENKUlvE0_clEv",
            "Z4mainEUlvE_"
        ));
        assert!(!is_call_operator_of(
            "_ZZ4mainENKUlvE_clEv",
            "Z4mainEUlvE0_"
        ));
    }

    #[test]
    fn functors_match_their_call_operators() {
        assert!(is_call_operator_of("_ZNK7FunctorclEv", "7Functor"));
        assert!(is_call_operator_of(
            "_ZNK2ns7FunctorclEN4sycl3_V12idILi1EEE",
            "N2ns7FunctorE"
        ));
        assert!(is_call_operator_of("_ZNK1FIiEclEv", "1FIiE"));
        assert!(is_call_operator_of("_ZNKZ4mainE1FclEv", "Z4mainE1F"));
        assert!(!is_call_operator_of("_ZNK7FunctorclEv", "7Functo"));
        assert!(!is_call_operator_of("_ZNK2ns7FunctorclEv", "7Functor"));
    }

    #[test]
    fn named_kernels_match_their_launches() {
        let launcher =
            "_ZN4sycl3_V17handler11single_taskI5NamedZZ4mainENKUlRS1_E_clES4_EUlvE_EEvRKT0_";
        assert!(launches_with_name(launcher, "5Named"));
        assert!(!launches_with_name(launcher, "5Nameless"));
        assert!(!launches_with_name(launcher, "4Name"));
        let unnamed = "_ZN4sycl3_V17handler12parallel_forINS0_6detail9auto_nameEZZ4mainENKUlRS1_E_clES5_EUlNS0_2idILi1EEEE_EEvNS0_5rangeILi1EEERKT0_";
        assert!(!launches_with_name(unnamed, "Z4mainEUlvE_"));
        // The queue's shortcut launches name kernels alike.
        let shortcut = "_ZN4sycl3_V15queue12parallel_forI8ShortcutJZ4mainEUlNS0_2idILi1EEEE_EEENS0_5eventENS0_5rangeILi1EEEDpOT0_";
        assert!(launches_with_name(shortcut, "8Shortcut"));
        // A generic lambda (its operator() is a template): the kernel type is the launch's
        // second argument when the first is auto_name.
        let generic = "_ZN4sycl3_V17handler12parallel_forINS0_6detail9auto_nameEZZ4mainENKUlRS1_E_clES5_EUlT_E_EEvNS0_5rangeILi1EEERKT0_";
        assert!(launches_with_name(
            generic,
            "ZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlT_E_"
        ));
        assert!(!launches_with_name(
            generic,
            "ZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlT_E0_"
        ));
        // A kernel name type declared inside a lambda: the launcher's mangling of it uses
        // substitutions its own mangling cannot.
        let local = "_ZN4sycl3_V17handler12parallel_forIZZ7do_convRNS0_5queueERNS0_6bufferIfLi2ENS0_6detail17aligned_allocatorIfEEvEESA_ENKUlRS1_E_clESB_E11ConvolutionZZ7do_convS4_SA_SA_ENKSC_clESB_EUlNS0_4itemILi2ELb1EEENS0_14kernel_handlerEE_EEvNS0_5rangeILi2EEERKT0_";
        assert!(launches_with_name(
            local,
            "ZZ7do_convRN4sycl3_V15queueERNS0_6bufferIfLi2ENS0_6detail17aligned_allocatorIfEEvEES8_ENKUlRNS0_7handlerEE_clESA_E11Convolution"
        ));
    }
}
