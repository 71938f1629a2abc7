//! The walk over a parsed TU: which variables DPC++ would put in the footer, their symbolic
//! IDs and target scopes, and which kernels take a `kernel_handler`.
//!
//! One [`Walker`] visits the TU; each concern keeps its own state and rules in a module:
//! * `walker` — the traversal: per cursor, what it is and how its children are visited;
//! * `spec_ids` — which variables qualify, and the collected list;
//! * `scopes` — scope chains and the name index behind the redundant-inline-namespace rule;
//! * `mangling` — own Itanium manglings and symbolic IDs;
//! * `names` — names as clang prints them (specializations, enumerators);
//! * `members` — static members of class template specializations: built directly or probed;
//! * `instantiations` — implicit instantiations libclang lists among declarations;
//! * `kernels` — kernel launches;
//! * `restrictions` — what kernels reach that a SYCL device cannot run (located errors);
//! * `device_has` — the aspects functions' `device_has` gives the kernels that call them;
//! * `finish` — ambiguity warnings, redundant inline namespaces and the final lists;
//! * `maps` — maps keyed by cursor.

mod device_has;
mod finish;
mod instantiations;
mod kernel_attributes;
mod kernels;
mod mangling;
mod maps;
mod members;
mod names;
mod restrictions;
mod scopes;
mod spec_ids;
mod walker;

use std::collections::HashMap;

use crate::libclang::Cursor;
use crate::model::{AspectArgument, SourceLocation};

pub(crate) use kernel_attributes::{Unexpanded, reread, unexpandable};
pub(crate) use members::{PROBE_PREFIX, Probe};
pub(crate) use restrictions::SYCL_EXTERNAL_ANNOTATION;

use instantiations::Instantiations;
use kernels::KernelSearch;
use members::MemberSearch;
use rustc_hash::FxHashMap;
use scopes::ScopeIndex;
use spec_ids::{Found, SpecIdTypes};

/// What a walk is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// The TU as written: its spec ids, its kernels, and the specializations to probe.
    Analysis,
    /// The probe parse (`crate::probe_parse`): the TU with probe variables appended, whose
    /// targets are recorded too (`Walker::take_probe_targets`).
    ProbeResolution,
}

pub(crate) struct Walker<'tu> {
    prefix: String,
    /// Spec ids collected so far, and what was already looked at.
    found: Found<'tu>,
    /// Which types are `sycl::specialization_id<T>` (cached).
    spec_id_types: SpecIdTypes<'tu>,
    /// Scope chains and the per-namespace name index.
    scopes: ScopeIndex<'tu>,
    /// Static members of class template specializations: probes and what was found directly.
    members: MemberSearch<'tu>,
    /// Implicit variable-template instantiations.
    instantiations: Instantiations<'tu>,
    /// Kernel launches.
    launches: KernelSearch<'tu>,
    /// Kernel restrictions found in the code kernels reach.
    restrictions: restrictions::Restrictions<'tu>,
    purpose: Purpose,
    /// Probe variable name → canonical USR of the variable it points at
    /// (`Purpose::ProbeResolution` only).
    probe_targets: HashMap<String, String>,
    /// (enumeration as printed, value) → its first enumerator as clang prints it, for
    /// enumeration arguments of variable templates.
    enumerators: FxHashMap<(String, i128), String>,
    warnings: Vec<String>,
    /// Kernel objects, attributes and restrictions too (`Options::kernel_details`).
    kernel_details: bool,
    /// Each function's `device_has` aspects as its declarations write them (`None`: none).
    function_aspects: maps::CursorMap<'tu, Option<Vec<(AspectArgument, SourceLocation)>>>,
    /// `SYCL_EXTERNAL` functions declared with `device_has`.
    device_functions: Vec<crate::model::DeviceFunction>,
    /// Tokens of the files functions are declared in, for their `device_has` (`None`: the
    /// file never mentions it).
    file_tokens: HashMap<std::path::PathBuf, Option<std::rc::Rc<Vec<crate::libclang::Token>>>>,
}

impl Walker<'_> {
    /// Whether launches get their objects, attributes and restriction checks.
    pub(crate) fn set_kernel_details(&mut self, details: bool) {
        self.kernel_details = details;
    }

    pub(crate) fn new(prefix: String, purpose: Purpose) -> Self {
        Walker {
            prefix,
            purpose,
            found: Found::default(),
            spec_id_types: SpecIdTypes::default(),
            scopes: ScopeIndex::default(),
            members: MemberSearch::default(),
            instantiations: Instantiations::default(),
            launches: KernelSearch::default(),
            restrictions: restrictions::Restrictions::default(),
            probe_targets: HashMap::new(),
            enumerators: FxHashMap::default(),
            warnings: Vec::new(),
            kernel_details: true,
            function_aspects: maps::CursorMap::default(),
            device_functions: Vec::new(),
            file_tokens: HashMap::new(),
        }
    }
}

/// Cursor kinds of functions with a body of their own: free functions, methods, constructors,
/// destructors and conversion functions (not templates, not lambdas).
pub(super) fn is_function_kind(kind: crate::libclang::CXCursorKind) -> bool {
    use crate::libclang as lc;
    matches!(
        kind,
        lc::CXCursor_FunctionDecl
            | lc::CXCursor_CXXMethod
            | lc::CXCursor_Constructor
            | lc::CXCursor_Destructor
            | lc::CXCursor_ConversionFunction
    )
}

pub(crate) fn source_location(c: Cursor<'_>) -> SourceLocation {
    let loc = c.location();
    SourceLocation {
        file: loc.file,
        line: loc.line,
        column: loc.column,
    }
}
