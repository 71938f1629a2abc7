//! The kernel object of each device kernel as the device compile sees it: the type of the
//! kernel entry's object parameter, read from the module's debug information (the driver
//! compiles device code with `-g -fstandalone-debug` and strips the debug information after
//! this read unless the user asked for it). The debug information holds what libclang cannot
//! give: base-class subobjects with their offsets, and the kernels of every instantiation the
//! device compile emitted (function templates referenced only by address, member functions of
//! class templates). The object is decomposed as DPC++ does, by the rule the front end uses
//! too (`model::kernel_abi::decompose`); this module answers its questions about types from
//! the debug information (members and bases, bit-fields, forward declarations, references).

use std::marker::PhantomData;

use thiserror::Error;

use crate::llvm::{DiKind, DiNode, Function, Module};

use model::kernel_abi::decompose::{MAX_DEPTH, ObjectWalk, Part, Parts, TypeClass, decompose};
use model::kernel_abi::{
    self, ArgumentKind, KernelLayout, SPECIAL_KERNEL_ARGUMENT_CLASSES, SpecialClassFacts,
};

/// DWARF tags.
const TAG_ARRAY: u16 = 0x01;
const TAG_CLASS: u16 = 0x02;
const TAG_POINTER: u16 = 0x0f;
const TAG_REFERENCE: u16 = 0x10;
const TAG_MEMBER: u16 = 0x0d;
const TAG_STRUCTURE: u16 = 0x13;
const TAG_TYPEDEF: u16 = 0x16;
const TAG_UNION: u16 = 0x17;
const TAG_INHERITANCE: u16 = 0x1c;
const TAG_CONST: u16 = 0x26;
const TAG_VOLATILE: u16 = 0x35;
const TAG_RESTRICT: u16 = 0x37;
const TAG_RVALUE_REFERENCE: u16 = 0x42;
const TAG_ATOMIC: u16 = 0x47;

/// `DIFlag` bits.
const FLAG_FWD_DECL: u32 = 1 << 2;
const FLAG_STATIC_MEMBER: u32 = 1 << 12;
const FLAG_BIT_FIELD: u32 = 1 << 19;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ObjectLayoutError {
    #[error(
        "the device compile's debug information does not describe the kernel object (no \
         subprogram or object parameter)"
    )]
    NoObjectType,
    #[error("the device compile's debug information does not define '{0}'")]
    Incomplete(String),
    #[error("it captures '{0}', which sycl-clang++ cannot pass to the device")]
    Unsupported(String),
    #[error(
        "it holds a reference (a capture by reference), whose host object the device cannot \
         reach; capture by copy"
    )]
    Reference,
}

/// A device kernel's object layout, or why it cannot be read; with the object type's
/// location (file, line) when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceObject {
    pub layout: Result<KernelLayout, ObjectLayoutError>,
    pub location: Option<(String, u32)>,
}

/// Every kernel definition of `module` (in module order) with its object as the device
/// compile describes it.
pub(crate) fn device_objects(module: &Module<'_>) -> Vec<(String, DeviceObject)> {
    module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.is_kernel())
        .map(|kernel| (kernel.name(), device_object(kernel)))
        .collect()
}

fn device_object(kernel: Function<'_>) -> DeviceObject {
    let Some(object) = object_type(kernel) else {
        return DeviceObject {
            layout: Err(ObjectLayoutError::NoObjectType),
            location: None,
        };
    };
    DeviceObject {
        layout: layout_of(object),
        location: object.type_location(),
    }
}

/// The type of the kernel entry's object parameter: the entry's own variable whose type is a
/// reference (or pointer) to a class; the `kernel_handler` is a class by value. Optimised code
/// lists parameters in the subprogram's retained nodes; unoptimised code in debug records.
fn object_type(kernel: Function<'_>) -> Option<DiNode<'_>> {
    let subprogram = kernel.subprogram()?;
    let mut variables = subprogram.retained_nodes();
    variables.extend(kernel.debug_variables());
    variables
        .into_iter()
        .filter(|v| v.kind() == DiKind::LocalVariable && v.scope() == Some(subprogram))
        .find_map(|v| {
            let reference = unqualified(v.ty()?)?;
            if !matches!(
                reference.tag(),
                Some(TAG_REFERENCE | TAG_RVALUE_REFERENCE | TAG_POINTER)
            ) {
                return None;
            }
            unqualified(reference.ty()?).filter(|t| is_record(*t))
        })
}

/// The layout of a kernel object of (record) type `object`.
pub(crate) fn layout_of(object: DiNode<'_>) -> Result<KernelLayout, ObjectLayoutError> {
    let mut walk = DebugInfoWalk(PhantomData);
    let members = walk.record(object)?;
    Ok(KernelLayout {
        object_size: bytes(object.size_bits().unwrap_or(0)),
        arguments: decompose(&mut walk, members)?,
    })
}

/// The decomposition's questions ([`decompose`]) answered from the debug information.
struct DebugInfoWalk<'m>(PhantomData<DiNode<'m>>);

impl<'m> DebugInfoWalk<'m> {
    /// The members and bases of `record` (bit-fields as the bytes holding them).
    fn record(&self, record: DiNode<'m>) -> Result<Vec<Part<DiNode<'m>>>, ObjectLayoutError> {
        complete(record)?;
        let mut parts = Vec::new();
        for element in record.elements() {
            let offset = bytes(element.offset_bits().unwrap_or(0));
            let flags = element.flags().unwrap_or(0);
            match element.tag() {
                Some(TAG_MEMBER) if flags & FLAG_STATIC_MEMBER != 0 => {}
                Some(TAG_MEMBER) if flags & FLAG_BIT_FIELD != 0 => {
                    // The bytes holding the bits (neighbouring bit-fields share some).
                    let first = element.offset_bits().unwrap_or(0);
                    let end = first + element.size_bits().unwrap_or(0);
                    let start = first / 8;
                    let size = end.div_ceil(8) - start;
                    parts.push(Part::Bytes {
                        offset: start,
                        size,
                    });
                }
                Some(TAG_INHERITANCE | TAG_MEMBER) => {
                    if let Some(ty) = element.ty() {
                        parts.push(Part::Value { ty, offset });
                    }
                }
                _ => {}
            }
        }
        Ok(parts)
    }
}

impl<'m> ObjectWalk for DebugInfoWalk<'m> {
    type Type = DiNode<'m>;
    type Error = ObjectLayoutError;

    fn classify(&mut self, ty: DiNode<'m>) -> Result<TypeClass, ObjectLayoutError> {
        let Some(ty) = unqualified(ty) else {
            return Ok(TypeClass::Nothing);
        };
        match ty.tag() {
            Some(TAG_POINTER) => return Ok(TypeClass::Pointer),
            // A capture by reference: the device cannot reach the host object it names.
            Some(TAG_REFERENCE | TAG_RVALUE_REFERENCE) => {
                return Err(ObjectLayoutError::Reference);
            }
            _ => {}
        }
        if let Some(special) = special_class(ty) {
            return Ok(TypeClass::Special(Some(special_argument(ty, &special)?)));
        }
        Ok(TypeClass::Value {
            size: bytes(ty.size_bits().unwrap_or(0)),
        })
    }

    fn holds_special(&mut self, ty: DiNode<'m>) -> Result<bool, ObjectLayoutError> {
        holds_special(ty, 0)
    }

    fn parts(&mut self, ty: DiNode<'m>) -> Result<Parts<DiNode<'m>>, ObjectLayoutError> {
        let Some(ty) = unqualified(ty) else {
            return Ok(Parts::Record(Vec::new()));
        };
        if ty.tag() != Some(TAG_ARRAY) {
            return self.record(ty).map(Parts::Record);
        }
        let Some(element) = ty.ty().and_then(unqualified) else {
            return Ok(Parts::Record(Vec::new()));
        };
        let stride = bytes(element.size_bits().unwrap_or(0));
        if stride == 0 {
            return Err(ObjectLayoutError::Incomplete(type_name(element)));
        }
        Ok(Parts::Array {
            element,
            stride,
            count: bytes(ty.size_bits().unwrap_or(0)) / stride,
        })
    }
}

/// The argument a SYCL special class `ty` (its template's name `special`) becomes.
fn special_argument(ty: DiNode<'_>, special: &str) -> Result<ArgumentKind, ObjectLayoutError> {
    complete(ty)?;
    let facts = ClassFacts {
        class: ty,
        params: ty.template_params(),
    };
    kernel_abi::special_argument(special, &facts)
        .ok_or_else(|| ObjectLayoutError::Unsupported(qualified_name(ty)))
}

/// A special class and its template parameters as the debug information gives them.
struct ClassFacts<'a> {
    class: DiNode<'a>,
    params: Vec<DiNode<'a>>,
}

impl SpecialClassFacts for ClassFacts<'_> {
    fn element_size(&self) -> Option<u64> {
        let element = self.params.first()?.ty().and_then(unqualified)?;
        element.size_bits().map(bytes)
    }

    fn integral_argument(&self, index: usize) -> Option<u64> {
        let value = self.params.get(index)?.template_value()?;
        u64::try_from(value).ok()
    }

    fn has_no_offset(&self) -> bool {
        // The property list's type name (`accessor_property_list<…no_offset…>`).
        self.params
            .get(5)
            .and_then(|p| p.ty())
            .and_then(|t| t.name())
            .is_some_and(|n| n.contains("no_offset"))
    }

    fn size(&self) -> Option<u64> {
        self.class.size_bits().map(bytes)
    }
}

/// Does a value of type `ty` hold a SYCL special class (members, bases, array elements)?
fn holds_special(ty: DiNode<'_>, depth: u32) -> Result<bool, ObjectLayoutError> {
    let Some(ty) = unqualified(ty) else {
        return Ok(false);
    };
    if depth > MAX_DEPTH {
        return Ok(false);
    }
    if special_class(ty).is_some() {
        return Ok(true);
    }
    if ty.tag() == Some(TAG_ARRAY) {
        return match ty.ty() {
            Some(element) => holds_special(element, depth + 1),
            None => Ok(false),
        };
    }
    if !is_record(ty) {
        return Ok(false);
    }
    complete(ty)?;
    for element in ty.elements() {
        let data = match element.tag() {
            Some(TAG_INHERITANCE) => true,
            Some(TAG_MEMBER) => element.flags().unwrap_or(0) & FLAG_STATIC_MEMBER == 0,
            _ => false,
        };
        if data {
            if let Some(member) = element.ty() {
                if holds_special(member, depth + 1)? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// The template name of a SYCL special class (`accessor` for `sycl::_V1::accessor<…>`).
fn special_class(ty: DiNode<'_>) -> Option<String> {
    if !is_record(ty) || !in_sycl_namespace(ty) {
        return None;
    }
    let name = ty.name()?;
    let template = name.split('<').next().unwrap_or_default();
    SPECIAL_KERNEL_ARGUMENT_CLASSES
        .contains(&template)
        .then(|| template.to_string())
}

/// Is the outermost namespace around `ty` `sycl`?
fn in_sycl_namespace(ty: DiNode<'_>) -> bool {
    let mut outermost = None;
    let mut scope = ty.scope();
    let mut depth = 0;
    while let Some(s) = scope {
        if depth > MAX_DEPTH * 4 {
            return false;
        }
        if s.kind() == DiKind::Namespace {
            outermost = Some(s);
        }
        scope = s.scope();
        depth += 1;
    }
    outermost.and_then(|n| n.name()).as_deref() == Some("sycl")
}

fn is_record(ty: DiNode<'_>) -> bool {
    ty.kind() == DiKind::CompositeType
        && matches!(ty.tag(), Some(TAG_CLASS | TAG_STRUCTURE | TAG_UNION))
}

/// A record whose members the debug information lists (not a declaration).
fn complete(ty: DiNode<'_>) -> Result<(), ObjectLayoutError> {
    if ty.flags().unwrap_or(0) & FLAG_FWD_DECL != 0 {
        return Err(ObjectLayoutError::Incomplete(type_name(ty)));
    }
    Ok(())
}

/// `ty` without typedefs and qualifiers.
fn unqualified(ty: DiNode<'_>) -> Option<DiNode<'_>> {
    let mut ty = ty;
    for _ in 0..64 {
        match ty.tag() {
            Some(TAG_TYPEDEF | TAG_CONST | TAG_VOLATILE | TAG_RESTRICT | TAG_ATOMIC)
                if ty.kind() == DiKind::DerivedType =>
            {
                ty = ty.ty()?;
            }
            _ => return Some(ty),
        }
    }
    None
}

fn type_name(ty: DiNode<'_>) -> String {
    ty.name().unwrap_or_else(|| "<unnamed type>".to_string())
}

/// `ns::name<…>` through the enclosing namespaces and classes.
fn qualified_name(ty: DiNode<'_>) -> String {
    let mut parts = vec![type_name(ty)];
    let mut scope = ty.scope();
    while let Some(s) = scope.filter(|_| parts.len() < 32) {
        if let Some(name) = s.name().filter(|n| !n.is_empty()) {
            parts.push(name);
        }
        scope = s.scope();
    }
    parts.reverse();
    parts.join("::")
}

fn bytes(bits: u64) -> u64 {
    bits / 8
}

#[cfg(test)]
mod tests;
