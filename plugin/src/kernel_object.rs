//! The kernel object of a launch as DPC++ passes it to the device: one argument per capture
//! (a lambda's captures, a functor's fields), with captured structs and arrays that hold
//! accessors replaced by their members, recursively. The layout facts come from libclang's
//! host-side record layout, which equals the device one: Intel's headers pad host accessors to
//! the size of device accessors for exactly this reason (the driver checks the sizes agree).
//! The decomposition rule is `model::kernel_abi::decompose`, shared with the device compile's
//! walk; this module answers its questions about types from libclang.

use std::marker::PhantomData;

use crate::libclang::{self as lc, Cursor, Type};
use crate::model::KernelObject;
use crate::model::kernel_abi::decompose::{
    MAX_DEPTH, ObjectWalk, Part, Parts, TypeClass, decompose,
};
use crate::model::kernel_abi::{
    self, ArgumentKind, KernelLayout, SPECIAL_KERNEL_ARGUMENT_CLASSES, SpecialClassFacts,
};

/// The kernel object of a launch whose callable has type `object` (canonical record type),
/// launched through `launcher`. Returns the object and the special types it captures that
/// cannot be passed (spelled as clang prints them); `None` when libclang cannot lay the
/// record out. When base classes take part (libclang gives no base-class offsets), the
/// arguments are marked incomplete: the device compile's description then stands alone.
pub(crate) fn describe(
    object: Type<'_>,
    record: Cursor<'_>,
    launcher: Cursor<'_>,
) -> (Option<KernelObject>, Vec<String>) {
    let Some(size) = object.size_of() else {
        // No layout: the special types found by name are all that can be said.
        return (None, special_types(object));
    };
    let mut walk = HostWalk {
        types: PhantomData,
        unsupported: Vec::new(),
        through_bases: has_bases(object),
    };
    let Ok(arguments) = walk
        .fields(object)
        .and_then(|members| decompose(&mut walk, members))
    else {
        return (None, special_types(object));
    };
    let arguments_complete = !walk.through_bases;
    let call_operator = record
        .children()
        .into_iter()
        .find(|m| m.kind() == lc::CXCursor_CXXMethod && m.spelling() == "operator()")
        .map(|m| m.mangling())
        .filter(|m| m.starts_with("_Z"));
    let launcher = Some(launcher.mangling()).filter(|m| m.starts_with("_Z"));
    let object = KernelObject {
        call_operator,
        launcher,
        location: crate::analysis::source_location(record),
        layout: KernelLayout {
            object_size: size,
            arguments,
        },
        arguments_complete,
    };
    (Some(object), walk.unsupported)
}

/// A layout libclang cannot give (an incomplete or dependent type, a field without offset).
struct NoLayout;

/// The decomposition's questions ([`decompose`]) answered from libclang's host types.
struct HostWalk<'tu> {
    types: PhantomData<Type<'tu>>,
    /// The special classes captured that cannot be passed, spelled as clang prints them.
    unsupported: Vec<String>,
    /// Part of the object lies in base-class subobjects, which libclang cannot place.
    through_bases: bool,
}

impl<'tu> HostWalk<'tu> {
    /// The fields of `record` at their offsets.
    fn fields(&self, record: Type<'tu>) -> Result<Vec<Part<Type<'tu>>>, NoLayout> {
        record
            .fields()
            .into_iter()
            .map(|field| {
                let offset = field.field_offset().ok_or(NoLayout)?;
                Ok(Part::Value {
                    ty: field.ty(),
                    offset,
                })
            })
            .collect()
    }
}

impl<'tu> ObjectWalk for HostWalk<'tu> {
    type Type = Type<'tu>;
    type Error = NoLayout;

    fn classify(&mut self, ty: Type<'tu>) -> Result<TypeClass, NoLayout> {
        let ty = ty.canonical();
        let size = ty.size_of().ok_or(NoLayout)?;
        if size == 0 {
            return Ok(TypeClass::Nothing);
        }
        if ty.kind() == lc::CXType_Pointer {
            return Ok(TypeClass::Pointer);
        }
        Ok(match special_kind(ty) {
            Some(Some(kind)) => TypeClass::Special(Some(kind)),
            Some(None) => {
                self.unsupported.push(ty.spelling());
                TypeClass::Special(None)
            }
            None => TypeClass::Value { size },
        })
    }

    fn holds_special(&mut self, ty: Type<'tu>) -> Result<bool, NoLayout> {
        Ok(holds_special(ty))
    }

    fn parts(&mut self, ty: Type<'tu>) -> Result<Parts<Type<'tu>>, NoLayout> {
        let ty = ty.canonical();
        if let Some(element) = ty.array_element() {
            let stride = element.size_of().filter(|&s| s > 0).ok_or(NoLayout)?;
            let size = ty.size_of().ok_or(NoLayout)?;
            return Ok(Parts::Array {
                element,
                stride,
                count: size / stride,
            });
        }
        if has_bases(ty) {
            // Base-class subobjects have no field cursor: their members cannot be placed.
            self.through_bases = true;
            return Ok(Parts::Record(Vec::new()));
        }
        self.fields(ty).map(Parts::Record)
    }
}

/// For a SYCL special class: `Some(Some(kind))` when it can be passed, `Some(None)` when not;
/// `None` for every other type.
fn special_kind(ty: Type<'_>) -> Option<Option<ArgumentKind>> {
    let record = ty.declaration()?;
    let template = record.specialized_template().unwrap_or(record);
    if !in_sycl_tree(template) {
        return None;
    }
    let name = template.spelling();
    if !SPECIAL_KERNEL_ARGUMENT_CLASSES.contains(&name.as_str()) {
        return None;
    }
    Some(kernel_abi::special_argument(
        &name,
        &ClassFacts { ty, record },
    ))
}

/// A special class's template arguments as libclang gives them.
struct ClassFacts<'tu> {
    ty: Type<'tu>,
    record: Cursor<'tu>,
}

impl SpecialClassFacts for ClassFacts<'_> {
    fn element_size(&self) -> Option<u64> {
        match self.record.template_argument(0) {
            lc::TemplateArgument::Type(t) => t.size_of(),
            _ => None,
        }
    }

    fn integral_argument(&self, index: usize) -> Option<u64> {
        match self.record.template_argument(u32::try_from(index).ok()?) {
            lc::TemplateArgument::Integral { unsigned, .. } => Some(unsigned),
            _ => None,
        }
    }

    fn has_no_offset(&self) -> bool {
        match self.record.template_argument(5) {
            lc::TemplateArgument::Type(t) => t.spelling().contains("no_offset"),
            _ => false,
        }
    }

    fn size(&self) -> Option<u64> {
        self.ty.size_of()
    }
}

/// Does the record type have base classes? libclang lists no base specifiers among the
/// children of an implicitly instantiated class template specialization, so its template
/// (pattern) is asked too.
fn has_bases(ty: Type<'_>) -> bool {
    let lists_bases = |d: Cursor<'_>| {
        d.children()
            .iter()
            .any(|c| c.kind() == lc::CXCursor_CXXBaseSpecifier)
    };
    ty.declaration()
        .is_some_and(|d| lists_bases(d) || d.specialized_template().is_some_and(lists_bases))
}

/// Does a value of type `ty` hold a SYCL special class (in fields, array elements or bases)?
fn holds_special(ty: Type<'_>) -> bool {
    let mut found = Vec::new();
    collect_special(ty, 0, &mut found);
    !found.is_empty()
}

/// The special types a kernel object captures (fields, recursively through user structs,
/// bases and arrays), spelled as clang prints them.
pub(crate) fn special_types(object: Type<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for field in object.canonical().fields() {
        collect_special(field.ty(), 0, &mut out);
    }
    out
}

/// The special types inside a value of type `ty`.
fn collect_special(ty: Type<'_>, depth: u32, out: &mut Vec<String>) {
    let ty = ty.canonical();
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(element) = ty.array_element() {
        return collect_special(element, depth + 1, out);
    }
    if special_kind(ty).is_some() {
        out.push(ty.spelling());
        return;
    }
    let Some(record) = ty.declaration() else {
        return;
    };
    if in_sycl_tree(record.specialized_template().unwrap_or(record)) {
        return;
    }
    // Bases first, as they are declared; then the type's fields (libclang lists no field
    // cursors among the children of an implicitly instantiated class template
    // specialization).
    for c in record.children() {
        if c.kind() == lc::CXCursor_CXXBaseSpecifier {
            collect_special(c.ty(), depth + 1, out);
        }
    }
    for field in ty.fields() {
        collect_special(field.ty(), depth + 1, out);
    }
}

/// Is the outermost namespace around `c` `sycl` (any depth: `sycl::ext::oneapi::…`)?
pub(crate) fn in_sycl_tree(c: Cursor<'_>) -> bool {
    let mut outermost = None;
    let mut cur = c.semantic_parent();
    while let Some(p) = cur {
        if p.kind() == lc::CXCursor_Namespace {
            outermost = Some(p);
        }
        cur = p.semantic_parent();
    }
    outermost.is_some_and(|ns| ns.with_spelling(|name| name == b"sycl"))
}
