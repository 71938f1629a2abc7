//! The analysis result: the data handed from the front end (`plugin`, over libclang) to the
//! footer generator, the integration header and, as JSON, to build systems. Plain data: this
//! crate depends on nothing but serde, so renderers and tests build without libclang.

#![forbid(unsafe_code)]

use std::path::PathBuf;

use serde::{Serialize, Serializer};

pub mod kernel_abi;
pub mod specialisation;

use kernel_abi::KernelLayout;

/// Paths go to JSON as (lossy) strings: file names need not be UTF-8 on Unix.
fn lossy_optional_path<S: Serializer>(path: &Option<PathBuf>, s: S) -> Result<S::Ok, S::Error> {
    match path {
        Some(p) => s.serialize_some(&p.to_string_lossy()),
        None => s.serialize_none(),
    }
}

/// Everything the footer generator and `--json` need to know about one translation unit.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The source file as given on the command line.
    pub source: PathBuf,
    /// The TU's unique prefix (`uid` + 16 hex digits unless overridden).
    pub unique_prefix: String,
    /// Spec ids in DPC++ footer order: declarations in parse order, then implicit
    /// instantiations in order of first use.
    pub spec_ids: Vec<SpecId>,
    /// Kernels invoked through `single_task` / `parallel_for` and friends.
    pub kernels: Vec<Kernel>,
    /// The same launches in instantiated function templates, with their concrete kernel
    /// objects.
    pub instantiated_kernels: Vec<Kernel>,
    /// Every file the TU read, the main file first (for `-MD` depfiles).
    pub dependencies: Vec<PathBuf>,
    /// clang-style warnings about spec ids the footer cannot name
    /// (`file:line:col: warning: …`).
    pub warnings: Vec<String>,
    /// Function-local `static` spec ids (SYCL allows spec ids at namespace and class scope
    /// only; DPC++ leaves them out of the footer), for a located error when device code reads
    /// one.
    pub local_spec_ids: Vec<LocalSpecId>,
    /// Kernel restrictions broken in code kernels reach (SYCL 2020 §5.4), as clang-style
    /// errors (`file:line:col: error: …`), each followed by its notes on separate lines.
    pub kernel_restrictions: Vec<String>,
    /// `SYCL_EXTERNAL` functions with `device_has`.
    pub device_functions: Vec<DeviceFunction>,
}

/// A function-local `static` variable of type `specialization_id<T>`.
#[derive(Clone, Debug, PartialEq)]
pub struct LocalSpecId {
    /// The name as written.
    pub name: String,
    /// Its mangled name in `_Z` form (empty in a template pattern, which has none).
    pub mangled_name: String,
    pub location: SourceLocation,
    /// Whether the TU's code names it (`set_specialization_constant<x>`, a kernel's read).
    pub referenced: bool,
}

/// One `specialization_id` variable that goes into the footer.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecId {
    /// Unqualified name, with template arguments for variable-template specializations.
    pub name: String,
    /// Enclosing scopes, outermost first (linkage specifications are left out).
    pub scopes: Vec<Scope>,
    /// The Itanium mangled name in `_Z` form.
    pub mangled_name: String,
    /// The symbolic ID (`__builtin_sycl_unique_stable_id`).
    pub symbolic_id: String,
    pub linkage: Linkage,
    /// `T` of `specialization_id<T>`, canonical spelling.
    pub value_type: String,
    pub location: SourceLocation,
}

impl SpecId {
    /// Human-readable qualified name (`Foo::(anonymous namespace)::x`), for messages and JSON.
    pub fn qualified_name(&self) -> String {
        let mut out = String::new();
        for scope in &self.scopes {
            match scope {
                Scope::Namespace { name, .. } | Scope::Record { name } => out.push_str(name),
                Scope::AnonymousNamespace { .. } => out.push_str("(anonymous namespace)"),
            }
            out.push_str("::");
        }
        out.push_str(&self.name);
        out
    }
}

/// One enclosing declaration context of a spec id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Namespace {
        name: String,
        inlining: Inlining,
    },
    AnonymousNamespace {
        inline: bool,
    },
    /// A class, struct or union; `name` carries template arguments for specializations.
    Record {
        name: String,
    },
}

/// Whether a named namespace is inline, and whether clang's printer leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Inlining {
    NotInline,
    /// Inline, and printed in qualified names.
    Inline,
    /// Inline, and left out of qualified names: looking the next name up in the enclosing
    /// namespace finds exactly one declaration.
    Redundant,
}

impl Inlining {
    pub fn is_inline(self) -> bool {
        !matches!(self, Inlining::NotInline)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Linkage {
    External,
    Internal,
    UniqueExternal,
    NoLinkage,
}

impl Linkage {
    /// DPC++ prefixes the ID of every variable that is not externally visible.
    pub fn is_externally_visible(self) -> bool {
        matches!(self, Linkage::External)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SourceLocation {
    #[serde(serialize_with = "lossy_optional_path")]
    pub file: Option<PathBuf>,
    pub line: u32,
    pub column: u32,
}

/// A kernel launch found in the TU.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Kernel {
    /// The kernel name type, when one was given as a template argument.
    pub name: Option<String>,
    /// The invoking function (`single_task`, `parallel_for`, …).
    pub invoker: String,
    pub callable: Callable,
    pub takes_kernel_handler: bool,
    pub location: SourceLocation,
    /// Types among the callable's captures (also inside captured structs and arrays) that
    /// DPC++ passes as decomposed kernel arguments (accessors, samplers, streams, …), spelled
    /// as clang prints them. Not part of `--json`.
    #[serde(skip)]
    pub special_captures: Vec<String>,
    /// The kernel object as DPC++ passes it, when the launch is not in a template pattern.
    /// In a launch with reductions (`parallel_for(range, reduction…, f)`) the callable is no
    /// kernel of its own (Intel's headers call it from kernels of theirs), so its object names
    /// no device kernel (no call operator, no launcher). Not part of `--json`.
    #[serde(skip)]
    pub object: Option<KernelObject>,
    /// A launch with one reduction into USM over an `nd_range`: the object of the kernel
    /// Intel's headers launch under the launch's own kernel name, the final copy of the
    /// result into the user's memory, as the front end lays it out
    /// (`plugin/src/reduction_kernels.rs`). Not part of `--json`.
    #[serde(skip)]
    pub reduction_result_copy: Option<KernelObject>,
    /// The SYCL 2020 kernel attributes on the callable's `operator()`. Not part of `--json`.
    #[serde(skip)]
    pub attributes: KernelAttributes,
    /// The `device_has` aspects of the functions the kernel's code calls (directly or not):
    /// the kernel needs them too, whether or not those calls are inlined. Not part of
    /// `--json`.
    #[serde(skip)]
    pub callee_aspects: Vec<(AspectArgument, SourceLocation)>,
}

/// A `SYCL_EXTERNAL` function declared with `[[sycl::device_has(…)]]`: kernels of other TUs
/// that call it need its aspects, which only the device link can tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeviceFunction {
    /// As clang mangles it (the device module's name of it).
    pub mangled_name: String,
    /// Qualified, for diagnostics.
    pub name: String,
    pub location: SourceLocation,
    /// `device_has`' aspects, each with where it is written.
    pub device_has: Vec<(AspectArgument, SourceLocation)>,
}

/// A `device_has` argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AspectArgument {
    /// An enumerator by name (`fp64` for `sycl::aspect::fp64`).
    Named(String),
    /// A template parameter's value in the specialization the kernel is in.
    Value(u64),
}

/// SYCL 2020 kernel attributes (`[[sycl::reqd_work_group_size(…)]]` and the like) as written
/// on a kernel's `operator()`, values in source order (dimension 0 first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelAttributes {
    pub reqd_work_group_size: Option<Vec<u64>>,
    pub work_group_size_hint: Option<Vec<u64>>,
    pub reqd_sub_group_size: Option<u64>,
    /// `device_has`' aspects, each with where it is written.
    pub device_has: Option<Vec<(AspectArgument, SourceLocation)>>,
    /// Attributes that could not be read, as located clang-style error messages.
    pub problems: Vec<String>,
}

/// What a kernel launch is given to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callable {
    Lambda,
    /// A `[[clang::sycl_kernel_entry_point]]` function: the kernel is the function itself.
    EntryPoint,
    /// A functor (or other callable) of this type, spelt canonically.
    Type(String),
}

impl Callable {
    /// As `--json` spells it: `lambda` or the type.
    pub fn spelling(&self) -> &str {
        match self {
            Callable::Lambda => "lambda",
            Callable::EntryPoint => "kernel entry point",
            Callable::Type(name) => name,
        }
    }
}

impl Serialize for Callable {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.spelling())
    }
}

/// A kernel object (lambda closure or functor) and the kernel arguments DPC++ makes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelObject {
    /// Itanium mangling of the callable's `operator()` (names the closure type).
    pub call_operator: Option<String>,
    /// Itanium mangling of the `handler` member that launches it (names the kernel name type).
    pub launcher: Option<String>,
    /// Where the callable (lambda or functor class) is declared.
    pub location: SourceLocation,
    /// `sizeof` the object on the host (Intel's headers give accessors the same size on both
    /// sides, so it is the device object's size too) and one argument per capture, in field
    /// order; captured structs holding accessors are replaced by their fields, recursively,
    /// arrays of them by their elements.
    pub layout: KernelLayout,
    /// False when part of the object lies in base-class subobjects, which the front end
    /// cannot place: the layout's arguments are then incomplete, and only the device
    /// compile's layout of the object counts.
    pub arguments_complete: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).expect("serialisable")
    }

    #[test]
    fn callables_are_spelt_as_before() {
        assert_eq!(json(&Callable::Lambda), r#""lambda""#);
        assert_eq!(json(&Callable::EntryPoint), r#""kernel entry point""#);
        assert_eq!(json(&Callable::Type("F<int>".into())), r#""F<int>""#);
    }
}
