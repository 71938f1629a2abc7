//! Where each spec id the device code reads is declared, from the front end to the link's
//! errors about one spec constant.
//!
//! The link lowers spec constants after the device link of every TU's device code, when no
//! analysis is left; an error about one spec constant (a type too large for SPIR-V, an
//! emulated value the runtime cannot set, two types for one ID) would name it but point
//! nowhere. So symbolic-ID resolution ([`crate::device::resolve_symbolic_ids`]) records, in
//! the TU's device module, each resolved spec id's symbolic ID, C++ name and declaration
//! ([`SpecIdDeclaration`], from the front end's `SpecId`) as named metadata
//! ([`DECLARATIONS_MD`]: `!{!"<symbolic ID>", !"<name>", !"<file>", i32 <line>, i32 <column>}`).
//! The device link appends every TU's list, so a spec id declared in a header that only
//! another TU includes is found too; `build_images` reads the list back ([`Declarations`])
//! and turns such errors into [`SpecConstantError`]s: `file:line:col: error: …` at the
//! declaration, with a note at each other place TUs declare it (an ODR violation) and one per
//! kernel that reads it, where the kernel's callable is defined
//! (`device_link::KERNEL_SOURCE_ATTRIBUTE`). The SPIR-V backend ignores the list. `sycl-post-link` on its own never sees one and keeps naming the symbolic ID.

use std::collections::HashMap;
use std::ffi::CStr;
use std::fmt;
use std::path::PathBuf;

use model::SourceLocation;

use crate::device::{self, DeviceError};
use crate::device_link::{self, KERNEL_SOURCE_ATTRIBUTE};
use crate::llvm::Module;
use crate::lower::LowerError;

/// The named metadata listing the spec ids a module's device code reads, with their
/// declarations.
pub const DECLARATIONS_MD: &str = "sycl-specconst.spec-id-declarations";
const DECLARATIONS_MD_C: &CStr = c"sycl-specconst.spec-id-declarations";

/// A spec id the device code reads, as the front end knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecIdDeclaration {
    /// The symbolic ID the device code reads it by.
    pub symbolic_id: String,
    /// The qualified C++ name (`ns::table`, `holder<Tag>::vt<4>`).
    pub name: String,
    /// Where the variable is declared; the file as the link should print it (an absolute
    /// path: the link may run in another directory than the compile).
    pub location: SourceLocation,
}

/// Records `declaration` in `module`'s list.
pub(crate) fn record(module: &Module<'_>, declaration: &SpecIdDeclaration) {
    let ctx = module.context();
    let file = declaration
        .location
        .file
        .as_deref()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let node = ctx.md_node(&[
        ctx.md_string(&declaration.symbolic_id),
        ctx.md_string(&declaration.name),
        ctx.md_string(&file),
        ctx.const_int_md(32, u64::from(declaration.location.line)),
        ctx.const_int_md(32, u64::from(declaration.location.column)),
    ]);
    module.add_named_md(DECLARATIONS_MD_C, node);
}

/// The declarations a (linked) module's list holds, by symbolic ID, each place once (a
/// header's spec id is recorded by every TU that reads it), in list order: the first is the
/// one errors point at; more than one place for one ID means TUs declared one variable
/// differently (an ODR violation), and errors note the others. Malformed entries are left
/// out.
#[derive(Clone, Debug, Default)]
pub struct Declarations {
    by_id: HashMap<String, Vec<SpecIdDeclaration>>,
}

impl Declarations {
    pub(crate) fn read(module: &Module<'_>) -> Declarations {
        let mut by_id = HashMap::new();
        for node in module.named_md_operands(DECLARATIONS_MD) {
            let ops = node.md_node_operands();
            let [id, name, file, line, column] = &ops[..] else {
                continue;
            };
            let (Some(symbolic_id), Some(name), Some(file)) =
                (id.md_string(), name.md_string(), file.md_string())
            else {
                continue;
            };
            let number =
                |v: &crate::llvm::Value<'_>| v.const_int_zext().and_then(|n| u32::try_from(n).ok());
            let (Some(line), Some(column)) = (number(line), number(column)) else {
                continue;
            };
            let location = SourceLocation {
                file: (!file.is_empty()).then(|| PathBuf::from(file)),
                line,
                column,
            };
            let places: &mut Vec<SpecIdDeclaration> = by_id.entry(symbolic_id.clone()).or_default();
            if !places.iter().any(|d| d.location == location) {
                places.push(SpecIdDeclaration {
                    symbolic_id,
                    name,
                    location,
                });
            }
        }
        Declarations { by_id }
    }

    /// The declaration errors about `symbolic_id` point at.
    pub fn get(&self, symbolic_id: &str) -> Option<&SpecIdDeclaration> {
        self.by_id.get(symbolic_id)?.first()
    }

    /// The other places `symbolic_id` is declared (see [`Declarations`]).
    fn others(&self, symbolic_id: &str) -> Vec<SourceLocation> {
        self.by_id.get(symbolic_id).map_or_else(Vec::new, |places| {
            places.iter().skip(1).map(|d| d.location.clone()).collect()
        })
    }

    /// `error`, located at the declaration of the spec constant it is about when that is
    /// known, with the kernels of `module` that reach the functions it names; any other
    /// error unchanged.
    pub(crate) fn locate(&self, module: &Module<'_>, error: DeviceError) -> DeviceError {
        let located = match &error {
            DeviceError::Lower(LowerError::Call {
                caller,
                symbolic_id: Some(id),
                reason,
                ..
            }) => self.get(id).map(|declaration| SpecConstantError {
                declaration: declaration.clone(),
                message: format!("spec constant '{}': {reason}", declaration.name),
                also_declared: self.others(id),
                kernels: kernels_reaching(module, &[caller]),
            }),
            DeviceError::Lower(LowerError::ConflictingTypes {
                symbolic_id,
                first_type,
                first_caller,
                second_type,
                second_caller,
            }) => self.get(symbolic_id).map(|declaration| SpecConstantError {
                declaration: declaration.clone(),
                message: format!(
                    "spec constant '{}' is read as '{first_type}' in function '{first_caller}' \
                     and as '{second_type}' in function '{second_caller}'",
                    declaration.name
                ),
                also_declared: self.others(symbolic_id),
                kernels: kernels_reaching(module, &[first_caller, second_caller]),
            }),
            DeviceError::EmulatedTooLarge { symbolic_id, size } => {
                self.get(symbolic_id).map(|declaration| SpecConstantError {
                    declaration: declaration.clone(),
                    message: device::emulated_too_large(&declaration.name, *size),
                    also_declared: self.others(symbolic_id),
                    // Lowered: the reads are loads from the spec-constant buffer by now.
                    kernels: Vec::new(),
                })
            }
            _ => None,
        };
        match located {
            Some(located) => DeviceError::SpecConstant(Box::new(located)),
            None => error,
        }
    }
}

/// A kernel that reads a spec constant: its name as written (demangled) and where its
/// callable is defined (`file:line:col`), when the front end recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingKernel {
    pub name: String,
    pub source: Option<String>,
}

/// An error about one spec constant, at its declaration: one `file:line:col: error: …`
/// line, then a note per other place TUs declare it, and one per kernel that reads it whose
/// source is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecConstantError {
    pub declaration: SpecIdDeclaration,
    /// The error without its location.
    pub message: String,
    /// Other declarations of the variable in other TUs (see [`Declarations`]).
    pub also_declared: Vec<SourceLocation>,
    pub kernels: Vec<ReadingKernel>,
}

impl fmt::Display for SpecConstantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: error: {}",
            located(&self.declaration.location),
            self.message
        )?;
        for other in &self.also_declared {
            write!(
                f,
                "\n{}: note: spec constant '{}' is also declared here",
                located(other),
                self.declaration.name
            )?;
        }
        for kernel in &self.kernels {
            if let Some(source) = &kernel.source {
                write!(
                    f,
                    "\n{source}: note: read in SYCL kernel '{}' defined here",
                    kernel.name
                )?;
            }
        }
        Ok(())
    }
}

/// `file:line:col`.
fn located(at: &SourceLocation) -> String {
    let file = at
        .file
        .as_deref()
        .unwrap_or(std::path::Path::new("<unknown>"));
    format!("{}:{}:{}", file.display(), at.line, at.column)
}

/// The kernels that reach any of `functions` (by LLVM name), once each, in order.
fn kernels_reaching(module: &Module<'_>, functions: &[&String]) -> Vec<ReadingKernel> {
    let mut kernels: Vec<ReadingKernel> = Vec::new();
    for function in functions.iter().filter_map(|f| module.get_function(f)) {
        for name in device::kernels_reaching(function) {
            let Some(kernel) = module.get_function(&name) else {
                continue;
            };
            let reading = ReadingKernel {
                name: device_link::demangle_kernel(&name),
                source: kernel.string_attribute(KERNEL_SOURCE_ATTRIBUTE),
            };
            if !kernels.contains(&reading) {
                kernels.push(reading);
            }
        }
    }
    kernels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::{DeviceInputs, Targets, build_images};
    use crate::images::Split;
    use crate::llvm::Context;
    use crate::lower::Mode;

    /// A kernel reaching, through `fill`, a getter of a spec constant of 100,000 scalar
    /// elements (symbolic ID `uid_huge`), with `declarations` as the module's list.
    fn too_large(declarations: &str) -> String {
        format!(
            r#"target triple = "spir64-unknown-unknown"
%huge = type {{ [100000 x i32] }}
@huge_default = internal addrspace(1) constant %huge zeroinitializer, align 4
@huge_id = private unnamed_addr constant [9 x i8] c"uid_huge\00", align 1
define weak_odr spir_kernel void @_ZTS1K(ptr %out) #0 {{
  call spir_func void @fill(ptr %out)
  ret void
}}
define spir_func void @fill(ptr %out) {{
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4HugeET_PKcPKvS5_(ptr sret(%huge) %out, ptr addrspace(4) addrspacecast (ptr @huge_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @huge_default to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}}
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4HugeET_PKcPKvS5_(ptr sret(%huge), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
attributes #0 = {{ "{KERNEL_SOURCE_ATTRIBUTE}"="/src/k.cpp:9:3" }}
{declarations}
"#
        )
    }

    const HUGE_DECLARED: &str = "!sycl-specconst.spec-id-declarations = !{!0}\n\
                                 !0 = !{!\"uid_huge\", !\"ns::huge\", !\"/src/h.hpp\", i32 4, i32 41}";

    fn link_error(inputs: Vec<String>, targets: Targets) -> DeviceError {
        let spir64 = inputs
            .into_iter()
            .enumerate()
            .map(|(i, text)| (format!("{i}.o"), text.into_bytes()))
            .collect();
        let inputs = DeviceInputs {
            spir64,
            nvptx64: Vec::new(),
        };
        build_images(inputs, targets, Split::None, "1.0").expect_err("the link fails")
    }

    const EVERY_TARGET: [Targets; 3] = [
        Targets {
            spirv: Some(Mode::Native),
            cpu_ahead_of_time: false,
            nvptx: None,
        },
        Targets {
            spirv: Some(Mode::Emulation),
            cpu_ahead_of_time: false,
            nvptx: None,
        },
        Targets {
            spirv: None,
            cpu_ahead_of_time: true,
            nvptx: None,
        },
    ];

    #[test]
    fn a_spec_constant_too_large_is_refused_at_its_declaration_with_its_kernel() {
        for targets in EVERY_TARGET {
            let error = link_error(vec![too_large(HUGE_DECLARED)], targets.clone());
            assert!(
                matches!(error, DeviceError::SpecConstant(_)),
                "{targets:?}: {error:?}"
            );
            assert_eq!(
                error.to_string(),
                "/src/h.hpp:4:41: error: spec constant 'ns::huge': the spec constant's type \
                 %huge = type { [100000 x i32] } has 100000 scalar elements (400000 bytes); the \
                 limit is 65536 elements\n\
                 /src/k.cpp:9:3: note: read in SYCL kernel 'K' defined here",
                "{targets:?}"
            );
        }
    }

    #[test]
    fn without_a_declaration_the_error_names_the_symbolic_id_as_before() {
        let error = link_error(vec![too_large("")], EVERY_TARGET[0].clone());
        let DeviceError::Lower(LowerError::Call { symbolic_id, .. }) = &error else {
            panic!("not the lowering's own error: {error:?}");
        };
        assert_eq!(symbolic_id.as_deref(), Some("uid_huge"));
    }

    #[test]
    fn a_declaration_from_another_input_reaches_the_link() {
        // The spec id is read in the first input; the second, which declares it (a header),
        // does not read it. Both lists are appended by the device link.
        let other = format!(
            "target triple = \"spir64-unknown-unknown\"\n\
             define weak_odr spir_kernel void @_ZTS1L() {{\n  ret void\n}}\n{HUGE_DECLARED}\n"
        );
        let error = link_error(vec![too_large(""), other], EVERY_TARGET[0].clone());
        assert!(
            error
                .to_string()
                .starts_with("/src/h.hpp:4:41: error: spec constant 'ns::huge': "),
            "{error}"
        );
    }

    #[test]
    fn one_variable_read_with_two_types_names_both_declarations_and_both_kernels() {
        let text = r#"target triple = "spir64-unknown-unknown"
@id = private unnamed_addr constant [2 x i8] c"A\00"
@di = internal addrspace(1) constant { i32 } { i32 1 }
@df = internal addrspace(1) constant { float } { float 1.0 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
declare spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr, ptr, ptr)
define weak_odr spir_kernel void @_ZTS1F(ptr %out) #0 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @di to ptr), ptr null)
  store i32 %v, ptr %out
  ret void
}
define weak_odr spir_kernel void @_ZTS1G(ptr %out) #1 {
  %v = call spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @df to ptr), ptr null)
  store float %v, ptr %out
  ret void
}
attributes #0 = { "sycl-specconst-kernel-source"="/src/f.cpp:5:6" }
attributes #1 = { "sycl-specconst-kernel-source"="/src/g.cpp:7:8" }
!sycl-specconst.spec-id-declarations = !{!0, !1, !0}
!0 = !{!"A", !"a", !"/src/f.cpp", i32 1, i32 2}
!1 = !{!"A", !"a", !"/src/g.cpp", i32 3, i32 4}
"#;
        let error = link_error(vec![text.to_string()], EVERY_TARGET[0].clone());
        let message = error.to_string();
        let lines: Vec<&str> = message.lines().collect();
        assert_eq!(lines.len(), 4, "{message}");
        assert!(
            lines[0].starts_with("/src/f.cpp:1:2: error: spec constant 'a' is read as '"),
            "{message}"
        );
        assert_eq!(
            lines[1],
            "/src/g.cpp:3:4: note: spec constant 'a' is also declared here"
        );
        let mut kernels = lines[2..].to_vec();
        kernels.sort_unstable();
        assert_eq!(
            kernels,
            [
                "/src/f.cpp:5:6: note: read in SYCL kernel 'F' defined here",
                "/src/g.cpp:7:8: note: read in SYCL kernel 'G' defined here"
            ]
        );
    }

    #[test]
    fn resolution_records_each_spec_id_read_once() {
        let text = r#"target triple = "spir64-unknown-unknown"
@_Z1a = addrspace(1) global i32 0
@_Z1b = addrspace(1) global i32 0
declare spir_func ptr addrspace(4) @_ZN16__sycl_specconst11symbolic_idEPKv(ptr addrspace(4))
declare spir_func void @use(ptr addrspace(4))
define spir_func void @f() {
  %1 = call spir_func ptr addrspace(4) @_ZN16__sycl_specconst11symbolic_idEPKv(ptr addrspace(4) addrspacecast (ptr addrspace(1) @_Z1a to ptr addrspace(4)))
  %2 = call spir_func ptr addrspace(4) @_ZN16__sycl_specconst11symbolic_idEPKv(ptr addrspace(4) addrspacecast (ptr addrspace(1) @_Z1a to ptr addrspace(4)))
  %3 = call spir_func ptr addrspace(4) @_ZN16__sycl_specconst11symbolic_idEPKv(ptr addrspace(4) addrspacecast (ptr addrspace(1) @_Z1b to ptr addrspace(4)))
  call spir_func void @use(ptr addrspace(4) %1)
  call spir_func void @use(ptr addrspace(4) %2)
  call spir_func void @use(ptr addrspace(4) %3)
  ret void
}
"#;
        let declaration = |id: &str, name: &str, line| SpecIdDeclaration {
            symbolic_id: id.to_string(),
            name: name.to_string(),
            location: SourceLocation {
                file: Some(PathBuf::from("/src/a b.cpp")),
                line,
                column: 7,
            },
        };
        let (a, b) = (declaration("A", "ns::a", 1), declaration("B", "b", 2));
        let ctx = Context::new();
        let mut module = ctx
            .parse_ir(text.as_bytes().to_vec(), "t.ll")
            .expect("hand-written IR parses");
        let replaced = device::resolve_symbolic_ids(&mut module, |global| match global {
            "_Z1a" => Some(&a),
            "_Z1b" => Some(&b),
            _ => None,
        })
        .expect("resolves");
        assert_eq!(replaced, 3);
        assert_eq!(DECLARATIONS_MD_C.to_str(), Ok(DECLARATIONS_MD));
        assert_eq!(module.named_md_operands(DECLARATIONS_MD).len(), 2);
        let read = Declarations::read(&module);
        assert_eq!(read.get("A"), Some(&a));
        assert_eq!(read.get("B"), Some(&b));
        assert!(read.others("A").is_empty());
        assert_eq!(read.get("C"), None);
    }
}
