//! LLVM-independent model of spec-constant types and default values, and every layout rule of
//! `docs/reference/post-link.md` that does not need LLVM: offset flattening (§3.3), numeric-ID
//! planning with the undef quirk (§3.1), descriptor triples (§3.6), emulation offsets (§4), the
//! default-value blob (§6) and `__spirv_SpecConstant*` name mangling (§3.4).
//!
//! `T` and `V` are opaque handles (LLVM types and values in the pass, `()` in unit tests), so
//! the rules are tested without LLVM.

use std::collections::BTreeMap;

use thiserror::Error;

/// The runtime reserves this SpecId for ITT annotations; it is never assigned.
pub(crate) const RESERVED_SPEC_ID: u32 = 0xFF74_7469;
/// ID of padding triples (`i32 -1` in metadata).
pub(crate) const PADDING_ID: u32 = u32::MAX;

#[derive(Debug, Error, PartialEq, Eq)]
pub(crate) enum ModelError {
    #[error("unsupported type {0} in a specialization constant")]
    UnsupportedType(String),
    #[error("default value does not match its type at byte offset {0}")]
    ShapeMismatch(u64),
    #[error("no default value for the scalar at byte offset {0}")]
    MissingDefault(u64),
    #[error(
        "default value type {found} does not match spec-constant type {expected} at byte offset {offset}"
    )]
    LeafTypeMismatch {
        offset: u64,
        expected: String,
        found: String,
    },
    #[error("spec-constant type layout differs from the first use of this symbolic ID")]
    IdCountMismatch,
    #[error("ran out of numeric spec-constant IDs")]
    OutOfIds,
    #[error("size {0} does not fit the 32-bit descriptor fields")]
    TooLarge(u64),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind<T> {
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    Struct {
        /// `None` for literal structs.
        name: Option<String>,
        fields: Vec<Ty<T>>,
        /// `StructLayout` member offsets.
        offsets: Vec<u64>,
    },
    Array {
        elem: Box<Ty<T>>,
        len: u64,
    },
    Vector {
        elem: Box<Ty<T>>,
        len: u64,
    },
}

/// A sized type with its data-layout facts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ty<T> {
    pub(crate) kind: Kind<T>,
    pub(crate) store: u64,
    pub(crate) alloc: u64,
    pub(crate) align: u64,
    pub(crate) handle: T,
}

/// Largest spec constant the tools take, in scalar elements: a default value is expanded
/// element by element (descriptors, metadata, bytes), so a type like `[100000000 x i32]` would
/// take gigabytes before anything could fail cleanly. 65,536 elements is far beyond any real
/// spec constant (a SPIR-V composite of that many constituents already strains consumers).
pub(crate) const MAX_SCALAR_ELEMENTS: u64 = 65_536;

/// Largest number of constituents of one composite (struct, array or vector level) in a
/// spec constant: a SPIR-V instruction's word count is 16 bits, and
/// `OpSpecConstantComposite` spends three words on its opcode, type and result, so one
/// composite holds at most 65,532 constituents (more needs `SPV_INTEL_long_composites`,
/// which LLVM's SPIR-V backend and Intel's CPU runtime do not take here).
pub(crate) const MAX_COMPOSITE_CONSTITUENTS: u64 = 65_532;

impl<T> Ty<T> {
    /// The number of scalar elements (saturating).
    pub(crate) fn scalar_elements(&self) -> u64 {
        match &self.kind {
            Kind::Struct { fields, .. } => fields
                .iter()
                .fold(0u64, |n, f| n.saturating_add(f.scalar_elements())),
            Kind::Array { elem, len } | Kind::Vector { elem, len } => {
                elem.scalar_elements().saturating_mul(*len)
            }
            _ => 1,
        }
    }

    /// The most constituents any one composite level of the type has (0 for a scalar).
    pub(crate) fn max_constituents(&self) -> u64 {
        match &self.kind {
            Kind::Struct { fields, .. } => fields
                .iter()
                .map(Ty::max_constituents)
                .fold(fields.len() as u64, u64::max),
            Kind::Array { elem, len } | Kind::Vector { elem, len } => {
                (*len).max(elem.max_constituents())
            }
            _ => 0,
        }
    }

    /// Same layout and leaf types, whatever the struct names (LLVM's linker may give one C++
    /// type two named structs, `%struct.Pt` and `%struct.Pt.0`).
    pub(crate) fn same_shape(&self, other: &Ty<T>) -> bool {
        if (self.store, self.alloc, self.align) != (other.store, other.alloc, other.align) {
            return false;
        }
        match (&self.kind, &other.kind) {
            (
                Kind::Struct {
                    fields: a,
                    offsets: ao,
                    ..
                },
                Kind::Struct {
                    fields: b,
                    offsets: bo,
                    ..
                },
            ) => ao == bo && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y)),
            (Kind::Array { elem: a, len: al }, Kind::Array { elem: b, len: bl })
            | (Kind::Vector { elem: a, len: al }, Kind::Vector { elem: b, len: bl }) => {
                al == bl && a.same_shape(b)
            }
            (Kind::Int(a), Kind::Int(b)) => a == b,
            (a, b) => {
                std::mem::discriminant(a) == std::mem::discriminant(b)
                    && !matches!(
                        a,
                        Kind::Struct { .. } | Kind::Array { .. } | Kind::Vector { .. }
                    )
            }
        }
    }

    pub(crate) fn is_scalar(&self) -> bool {
        !matches!(
            self.kind,
            Kind::Struct { .. } | Kind::Array { .. } | Kind::Vector { .. }
        )
    }

    /// Element types with their byte offsets inside the aggregate (empty for scalars).
    pub(crate) fn elements(&self) -> Vec<(&Ty<T>, u64)> {
        match &self.kind {
            Kind::Struct {
                fields, offsets, ..
            } => fields.iter().zip(offsets.iter().copied()).collect(),
            Kind::Array { elem, len } | Kind::Vector { elem, len } => {
                (0..*len).map(|i| (&**elem, i * elem.alloc)).collect()
            }
            _ => Vec::new(),
        }
    }

    fn same_scalar(&self, other: &Ty<impl Sized>) -> bool {
        match (&self.kind, &other.kind) {
            (Kind::Int(a), Kind::Int(b)) => a == b,
            (Kind::Half, Kind::Half)
            | (Kind::BFloat, Kind::BFloat)
            | (Kind::Float, Kind::Float)
            | (Kind::Double, Kind::Double) => true,
            _ => false,
        }
    }

    /// The mangling code of §3.4.
    pub(crate) fn code(&self) -> Result<String, ModelError> {
        Ok(match &self.kind {
            Kind::Int(1) => "b".into(),
            Kind::Int(8) => "a".into(),
            Kind::Int(16) => "s".into(),
            Kind::Int(32) => "i".into(),
            Kind::Int(64) => "x".into(),
            Kind::Half => "Dh".into(),
            Kind::Float => "f".into(),
            Kind::Double => "d".into(),
            Kind::Struct { name, .. } => name.clone().unwrap_or_default(),
            Kind::Array { elem, len } => format!("A{len}_{}", elem.code()?),
            Kind::Vector { elem, len } => format!("Dv{len}_{}", elem.code()?),
            Kind::Int(_) | Kind::BFloat => {
                return Err(ModelError::UnsupportedType(self.describe()));
            }
        })
    }

    /// A short LLVM-like spelling for messages.
    pub(crate) fn describe(&self) -> String {
        match &self.kind {
            Kind::Int(w) => format!("i{w}"),
            Kind::Half => "half".into(),
            Kind::BFloat => "bfloat".into(),
            Kind::Float => "float".into(),
            Kind::Double => "double".into(),
            Kind::Struct { name: Some(n), .. } => format!("%{n}"),
            Kind::Struct { fields, .. } => format!(
                "{{ {} }}",
                fields
                    .iter()
                    .map(Ty::describe)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Kind::Array { elem, len } => format!("[{len} x {}]", elem.describe()),
            Kind::Vector { elem, len } => format!("<{len} x {}>", elem.describe()),
        }
    }
}

/// A constant default value, shaped like its own type.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Const<V> {
    /// Integer (zero-extended) or IEEE bit pattern, with the LLVM constant.
    Scalar {
        bits: u64,
        handle: V,
    },
    Zero,
    Undef,
    Agg(Vec<Const<V>>),
}

/// A scalar found at some byte offset of a default value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Leaf<'a, T, V> {
    pub(crate) ty: &'a Ty<T>,
    /// `None`: a zero coming from `zeroinitializer`.
    pub(crate) value: Option<V>,
}

/// §3.3: byte offset → scalar constant; undef contributes nothing.
pub(crate) fn flatten<'a, T, V: Copy>(
    ty: &'a Ty<T>,
    c: &Const<V>,
) -> Result<BTreeMap<u64, Leaf<'a, T, V>>, ModelError> {
    let mut out = BTreeMap::new();
    flatten_into(ty, c, 0, &mut out)?;
    Ok(out)
}

fn flatten_into<'a, T, V: Copy>(
    ty: &'a Ty<T>,
    c: &Const<V>,
    base: u64,
    out: &mut BTreeMap<u64, Leaf<'a, T, V>>,
) -> Result<(), ModelError> {
    match c {
        Const::Undef => Ok(()),
        Const::Zero if ty.is_scalar() => {
            out.insert(base, Leaf { ty, value: None });
            Ok(())
        }
        Const::Zero => {
            for (ety, off) in ty.elements() {
                flatten_into(ety, &Const::Zero, base + off, out)?;
            }
            Ok(())
        }
        Const::Scalar { handle, .. } if ty.is_scalar() => {
            out.insert(
                base,
                Leaf {
                    ty,
                    value: Some(*handle),
                },
            );
            Ok(())
        }
        Const::Agg(elems) if !ty.is_scalar() => {
            let tys = ty.elements();
            if tys.len() != elems.len() {
                return Err(ModelError::ShapeMismatch(base));
            }
            for ((ety, off), ec) in tys.into_iter().zip(elems) {
                flatten_into(ety, ec, base + off, out)?;
            }
            Ok(())
        }
        _ => Err(ModelError::ShapeMismatch(base)),
    }
}

/// The operand tree of a native lowering (§3.2): what to emit, in emission order.
#[derive(Debug, PartialEq)]
pub(crate) enum Node<'a, T, V> {
    /// `__spirv_SpecConstant(id, value)`; `value_ty` is the default's leaf type (the call's
    /// type); `to_bool` adds `trunc … to i1` (bool spec constants with an `i8` default).
    Leaf {
        id: u32,
        ty: &'a Ty<T>,
        value_ty: &'a Ty<T>,
        value: Option<V>,
        to_bool: bool,
    },
    /// An aggregate element without a defined scalar at its start: a literal `undef` operand
    /// that still consumed a numeric ID.
    Undef { id: u32, ty: &'a Ty<T> },
    /// `__spirv_SpecConstantComposite(elements…)`.
    Composite {
        ty: &'a Ty<T>,
        elems: Vec<Node<'a, T, V>>,
    },
}

/// Where numeric IDs come from: fresh ones for the first use of a symbolic ID, the recorded
/// list for later uses.
pub(crate) enum IdSource<'s> {
    Fresh { next: &'s mut u32, taken: Vec<u32> },
    Reuse { ids: &'s [u32], pos: usize },
}

impl IdSource<'_> {
    fn take(&mut self) -> Result<u32, ModelError> {
        match self {
            IdSource::Fresh { next, taken } => {
                if **next == RESERVED_SPEC_ID {
                    **next += 1;
                }
                let id = **next;
                **next = next.checked_add(1).ok_or(ModelError::OutOfIds)?;
                taken.push(id);
                Ok(id)
            }
            IdSource::Reuse { ids, pos } => {
                let id = *ids.get(*pos).ok_or(ModelError::IdCountMismatch)?;
                *pos += 1;
                Ok(id)
            }
        }
    }

    /// Numeric IDs handed out by a fresh source (undef slots included).
    pub(crate) fn into_taken(self) -> Vec<u32> {
        match self {
            IdSource::Fresh { taken, .. } => taken,
            IdSource::Reuse { .. } => Vec::new(),
        }
    }
}

/// §3.1/§3.3: walks SCTy depth-first, matching default leaves by byte offset.
pub(crate) fn plan<'a, T, V: Copy>(
    sc_ty: &'a Ty<T>,
    leaves: &BTreeMap<u64, Leaf<'a, T, V>>,
    ids: &mut IdSource<'_>,
) -> Result<Node<'a, T, V>, ModelError> {
    plan_at(sc_ty, 0, leaves, ids)
}

fn plan_at<'a, T, V: Copy>(
    ty: &'a Ty<T>,
    off: u64,
    leaves: &BTreeMap<u64, Leaf<'a, T, V>>,
    ids: &mut IdSource<'_>,
) -> Result<Node<'a, T, V>, ModelError> {
    if ty.is_scalar() {
        let leaf = leaves.get(&off).ok_or(ModelError::MissingDefault(off))?;
        let to_bool = matches!(ty.kind, Kind::Int(1)) && matches!(leaf.ty.kind, Kind::Int(8));
        if !to_bool && !ty.same_scalar(leaf.ty) {
            return Err(ModelError::LeafTypeMismatch {
                offset: off,
                expected: ty.describe(),
                found: leaf.ty.describe(),
            });
        }
        return Ok(Node::Leaf {
            id: ids.take()?,
            ty,
            value_ty: leaf.ty,
            value: leaf.value,
            to_bool,
        });
    }
    let mut elems = Vec::new();
    for (ety, eoff) in ty.elements() {
        let at = off + eoff;
        if leaves.contains_key(&at) {
            elems.push(plan_at(ety, at, leaves, ids)?);
        } else {
            elems.push(Node::Undef {
                id: ids.take()?,
                ty: ety,
            });
        }
    }
    Ok(Node::Composite { ty, elems })
}

/// One `{ID, Offset, Size}` triple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Desc {
    pub id: u32,
    pub offset: u32,
    pub size: u32,
}

impl Desc {
    pub(crate) fn new(id: u32, offset: u64, size: u64) -> Result<Self, ModelError> {
        Ok(Desc {
            id,
            offset: u32::try_from(offset).map_err(|_| ModelError::TooLarge(offset))?,
            size: u32::try_from(size).map_err(|_| ModelError::TooLarge(size))?,
        })
    }
}

/// Little-endian `u32` triples, as stored in the `.prop` byte array.
pub(crate) fn desc_bytes(descs: &[Desc]) -> Vec<u8> {
    let mut out = Vec::with_capacity(descs.len() * 12);
    for d in descs {
        out.extend_from_slice(&d.id.to_le_bytes());
        out.extend_from_slice(&d.offset.to_le_bytes());
        out.extend_from_slice(&d.size.to_le_bytes());
    }
    out
}

/// §3.6: descriptor triples of a native constant from its planned node tree.
pub(crate) fn native_descriptors<T, V>(node: &Node<'_, T, V>) -> Result<Vec<Desc>, ModelError> {
    let mut out = Vec::new();
    let mut offset = 0;
    descs_rec(node, &mut offset, &mut out)?;
    Ok(out)
}

fn descs_rec<T, V>(
    node: &Node<'_, T, V>,
    offset: &mut u64,
    out: &mut Vec<Desc>,
) -> Result<(), ModelError> {
    match node {
        Node::Leaf { id, ty, .. } => {
            out.push(Desc::new(*id, *offset, ty.store)?);
            *offset += ty.store;
        }
        // Undef slots are skipped without advancing the offset (DPC++ behaviour).
        Node::Undef { .. } => {}
        Node::Composite { ty, elems } => match &ty.kind {
            Kind::Struct { offsets, .. } => {
                let base = *offset;
                for (e, moff) in elems.iter().zip(offsets) {
                    *offset = base + moff;
                    descs_rec(e, offset, out)?;
                }
                let end = base + ty.store;
                if end > *offset {
                    out.push(Desc::new(PADDING_ID, *offset, end - *offset)?);
                }
                *offset = end;
            }
            // Array and vector elements follow each other by content, not by alloc size.
            _ => {
                for e in elems {
                    descs_rec(e, offset, out)?;
                }
            }
        },
    }
    Ok(())
}

/// §6: the bytes of one default value.
pub(crate) fn blob<T, V>(ty: &Ty<T>, c: &Const<V>) -> Result<Vec<u8>, ModelError> {
    let mut out = Vec::new();
    blob_into(ty, c, &mut out)?;
    Ok(out)
}

fn blob_into<T, V>(ty: &Ty<T>, c: &Const<V>, out: &mut Vec<u8>) -> Result<(), ModelError> {
    let zeros = |out: &mut Vec<u8>, n: u64| out.extend(std::iter::repeat_n(0u8, n as usize));
    match c {
        Const::Zero | Const::Undef => zeros(out, ty.store),
        Const::Scalar { bits, .. } => {
            if ty.store > 8 {
                return Err(ModelError::UnsupportedType(ty.describe()));
            }
            out.extend_from_slice(&bits.to_le_bytes()[..ty.store as usize]);
        }
        Const::Agg(elems) => match &ty.kind {
            Kind::Struct {
                fields, offsets, ..
            } => {
                let start = out.len() as u64;
                if fields.len() != elems.len() {
                    return Err(ModelError::ShapeMismatch(start));
                }
                for ((fty, off), e) in fields.iter().zip(offsets).zip(elems) {
                    let at = out.len() as u64 - start;
                    if *off > at {
                        zeros(out, off - at);
                    }
                    blob_into(fty, e, out)?;
                }
                let at = out.len() as u64 - start;
                if ty.store > at {
                    zeros(out, ty.store - at);
                }
            }
            Kind::Array { elem, .. } | Kind::Vector { elem, .. } => {
                for e in elems {
                    blob_into(elem, e, out)?;
                }
            }
            _ => return Err(ModelError::ShapeMismatch(out.len() as u64)),
        },
    }
    Ok(())
}

/// §4: emulation-mode layout of the spec-constant buffer, per module.
#[derive(Debug, Default)]
pub(crate) struct EmulationLayout {
    next_offset: u64,
    next_id: u32,
}

/// Placement of a new emulated constant.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct EmulationSlot {
    pub(crate) id: u32,
    pub(crate) offset: u64,
    /// Alignment padding inserted before this constant (0 if none); its triple is appended to
    /// the previous constant as `{0xFFFFFFFF, <previous Size>, padding}`.
    pub(crate) padding: u64,
}

impl EmulationLayout {
    /// `size` = store size of SCTy, `align` = its ABI alignment.
    pub(crate) fn place(&mut self, size: u64, align: u64) -> EmulationSlot {
        let rem = if align > 1 {
            self.next_offset % align
        } else {
            0
        };
        let padding = if rem != 0 { align - rem } else { 0 };
        self.next_offset += padding;
        let slot = EmulationSlot {
            id: self.next_id,
            offset: self.next_offset,
            padding,
        };
        self.next_id += 1;
        self.next_offset += size;
        slot
    }
}

/// §3.4: `_Z20__spirv_SpecConstanti<code>`.
pub(crate) fn scalar_name<T>(value_ty: &Ty<T>) -> Result<String, ModelError> {
    Ok(format!("_Z20__spirv_SpecConstanti{}", value_ty.code()?))
}

/// §3.4: `_Z29__spirv_SpecConstantComposite<codes>_R<code>`.
pub(crate) fn composite_name<T>(ty: &Ty<T>) -> Result<String, ModelError> {
    let mut s = String::from("_Z29__spirv_SpecConstantComposite");
    for (ety, _) in ty.elements() {
        s.push_str(&ety.code()?);
    }
    s.push_str("_R");
    s.push_str(&ty.code()?);
    Ok(s)
}

#[cfg(test)]
pub(crate) mod testty {
    //! Hand-built types with the spir64 data layout (natural alignment) for unit tests.
    use super::*;

    pub(crate) fn scalar(kind: Kind<()>, size: u64) -> Ty<()> {
        Ty {
            kind,
            store: size,
            alloc: size,
            align: size,
            handle: (),
        }
    }
    pub(crate) fn i(bits: u32) -> Ty<()> {
        let size = u64::from(bits.div_ceil(8));
        scalar(Kind::Int(bits), size)
    }
    pub(crate) fn half() -> Ty<()> {
        scalar(Kind::Half, 2)
    }
    pub(crate) fn float() -> Ty<()> {
        scalar(Kind::Float, 4)
    }
    pub(crate) fn double() -> Ty<()> {
        scalar(Kind::Double, 8)
    }
    pub(crate) fn array(elem: Ty<()>, len: u64) -> Ty<()> {
        Ty {
            store: elem.alloc * len,
            alloc: elem.alloc * len,
            align: elem.align,
            kind: Kind::Array {
                elem: Box::new(elem),
                len,
            },
            handle: (),
        }
    }
    pub(crate) fn strukt(name: Option<&str>, packed: bool, fields: Vec<Ty<()>>) -> Ty<()> {
        let mut off: u64 = 0;
        let mut align: u64 = 1;
        let mut offsets = Vec::new();
        for f in &fields {
            let a = if packed { 1 } else { f.align };
            off = off.div_ceil(a) * a;
            offsets.push(off);
            off += f.alloc;
            align = align.max(a);
        }
        let size = off.div_ceil(align) * align;
        Ty {
            kind: Kind::Struct {
                name: name.map(str::to_string),
                fields,
                offsets,
            },
            store: size,
            alloc: size,
            align,
            handle: (),
        }
    }
    pub(crate) fn s(bits: u64) -> Const<()> {
        Const::Scalar { bits, handle: () }
    }
}

#[cfg(test)]
mod tests {
    use super::testty::*;
    use super::*;

    fn fresh_plan<'a>(
        sc: &'a Ty<()>,
        dflt_ty: &'a Ty<()>,
        dflt: &Const<()>,
        next: &mut u32,
    ) -> (Node<'a, (), ()>, Vec<u32>) {
        let leaves = flatten(dflt_ty, dflt).expect("flatten");
        let mut ids = IdSource::Fresh {
            next,
            taken: Vec::new(),
        };
        let node = plan(sc, &leaves, &mut ids).expect("plan");
        (node, ids.into_taken())
    }

    #[test]
    fn example_2_struct_with_tail_padding() {
        // `docs/reference/post-link.md` §11 example 2: SCTy <{float, i32, i8, [3 x i8]}>,
        // default {float, i32, i8}.
        let sc = strukt(
            Some("struct.P3"),
            true,
            vec![float(), i(32), i(8), array(i(8), 3)],
        );
        let dt = strukt(None, false, vec![float(), i(32), i(8)]);
        let d = Const::Agg(vec![s(0x4048_f5c3), s(42), s(8)]);
        let mut next = 0;
        let (node, taken) = fresh_plan(&sc, &dt, &d, &mut next);
        assert_eq!(taken, vec![0, 1, 2, 3]);
        assert_eq!(
            next, 4,
            "ID 3 is consumed by the undef, the next constant starts at 4"
        );
        let descs = native_descriptors(&node).expect("descs");
        assert_eq!(
            descs,
            vec![
                Desc {
                    id: 0,
                    offset: 0,
                    size: 4
                },
                Desc {
                    id: 1,
                    offset: 4,
                    size: 4
                },
                Desc {
                    id: 2,
                    offset: 8,
                    size: 1
                },
                Desc {
                    id: PADDING_ID,
                    offset: 9,
                    size: 3
                },
            ]
        );
        assert_eq!(
            composite_name(&sc).expect("name"),
            "_Z29__spirv_SpecConstantCompositefiaA3_a_Rstruct.P3"
        );
        let bytes = blob(&dt, &d).expect("blob");
        assert_eq!(bytes, [0xc3, 0xf5, 0x48, 0x40, 0x2a, 0, 0, 0, 8, 0, 0, 0]);
    }

    #[test]
    fn example_4_nested_struct() {
        // §11 example 4 (nested-struct.ll): {i8 120, {i8 121, i32 122, i8 97}, i8 98}.
        let inner = strukt(Some("struct.B"), false, vec![i(8), i(32), i(8)]);
        let outer = strukt(Some("struct.A"), false, vec![i(8), inner, i(8)]);
        let d = Const::Agg(vec![s(120), Const::Agg(vec![s(121), s(122), s(97)]), s(98)]);
        let mut next = 0;
        let (node, _) = fresh_plan(&outer, &outer, &d, &mut next);
        let descs = native_descriptors(&node).expect("descs");
        let t: Vec<(u32, u32, u32)> = descs.iter().map(|d| (d.id, d.offset, d.size)).collect();
        assert_eq!(
            t,
            vec![
                (0, 0, 1),
                (1, 4, 1),
                (2, 8, 4),
                (3, 12, 1),
                (PADDING_ID, 13, 3),
                (4, 16, 1),
                (PADDING_ID, 17, 3)
            ]
        );
        let bytes = blob(&outer, &d).expect("blob");
        assert_eq!(
            bytes,
            [
                0x78, 0, 0, 0, 0x79, 0, 0, 0, 0x7a, 0, 0, 0, 0x61, 0, 0, 0, 0x62, 0, 0, 0
            ]
        );
    }

    #[test]
    fn composite_padding_desc() {
        // §3.6: composite-padding-desc.ll {i32,i8} → {0,0,4},{1,4,1},{max,5,3}.
        let t = strukt(Some("struct.S"), false, vec![i(32), i(8)]);
        let d = Const::Agg(vec![s(1), s(2)]);
        let mut next = 0;
        let (node, _) = fresh_plan(&t, &t, &d, &mut next);
        let got: Vec<_> = native_descriptors(&node)
            .expect("descs")
            .iter()
            .map(|d| (d.id, d.offset, d.size))
            .collect();
        assert_eq!(got, vec![(0, 0, 4), (1, 4, 1), (PADDING_ID, 5, 3)]);
    }

    #[test]
    fn example_6_array_of_arrays_and_struct() {
        // §11 example 6: [3 x [3 x float]] zeroinitializer gets IDs 0..8 at offsets 4*i.
        let aa = array(array(float(), 3), 3);
        let mut next = 0;
        let (node, _) = fresh_plan(&aa, &aa, &Const::Zero, &mut next);
        let descs = native_descriptors(&node).expect("descs");
        assert_eq!(descs.len(), 9);
        for (k, d) in descs.iter().enumerate() {
            assert_eq!((d.id, d.offset, d.size), (k as u32, 4 * k as u32, 4));
        }
        // Then {[3 x float], i64} starting at ID 18 (after a second 9-leaf constant).
        next = 18;
        let st = strukt(Some("struct.S"), false, vec![array(float(), 3), i(64)]);
        let (node, _) = fresh_plan(&st, &st, &Const::Zero, &mut next);
        let got: Vec<_> = native_descriptors(&node)
            .expect("descs")
            .iter()
            .map(|d| (d.id, d.offset, d.size))
            .collect();
        assert_eq!(got, vec![(18, 0, 4), (19, 4, 4), (20, 8, 4), (21, 16, 8)]);
    }

    #[test]
    fn undef_member_in_the_middle() {
        // §3.1/§11 struct-with-padding-in-the-middle.ll: descriptor IDs 0, 1, 3, 4 at offsets
        // 0/4/8/12 and tail {-1,13,3}; ID 2 goes to the middle [3 x i8], ID 5 to the trailing one.
        let sc = strukt(
            Some("struct.M"),
            true,
            vec![float(), i(8), array(i(8), 3), i(32), i(8), array(i(8), 3)],
        );
        let dt = strukt(None, false, vec![float(), i(8), i(32), i(8)]);
        let d = Const::Agg(vec![s(0x4048_f5c3), s(1), s(2), s(3)]);
        let mut next = 0;
        let (node, taken) = fresh_plan(&sc, &dt, &d, &mut next);
        assert_eq!(taken, vec![0, 1, 2, 3, 4, 5]);
        let got: Vec<_> = native_descriptors(&node)
            .expect("descs")
            .iter()
            .map(|d| (d.id, d.offset))
            .collect();
        assert_eq!(got, vec![(0, 0), (1, 4), (3, 8), (4, 12), (PADDING_ID, 13)]);
        let last = native_descriptors(&node).expect("descs");
        assert_eq!(last.last().map(|d| d.size), Some(3));
    }

    #[test]
    fn bool_with_i8_default_truncates() {
        let b = i(1);
        let d8 = i(8);
        let mut next = 0;
        let (node, _) = fresh_plan(&b, &d8, &s(1), &mut next);
        match node {
            Node::Leaf {
                to_bool, value_ty, ..
            } => {
                assert!(to_bool);
                assert_eq!(
                    scalar_name(value_ty).expect("name"),
                    "_Z20__spirv_SpecConstantia"
                );
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn reserved_id_is_skipped() {
        let mut next = RESERVED_SPEC_ID;
        let t = i(32);
        let (_, taken) = fresh_plan(&t, &t, &s(1), &mut next);
        assert_eq!(taken, vec![RESERVED_SPEC_ID + 1]);
    }

    #[test]
    fn reuse_takes_recorded_ids() {
        let t = strukt(Some("struct.Pt"), false, vec![i(32), float()]);
        let leaves = flatten(&t, &Const::Agg(vec![s(1), s(2)])).expect("flatten");
        let recorded = [7, 9];
        let mut ids = IdSource::Reuse {
            ids: &recorded,
            pos: 0,
        };
        let node = plan(&t, &leaves, &mut ids).expect("plan");
        let got: Vec<u32> = native_descriptors(&node)
            .expect("d")
            .iter()
            .map(|d| d.id)
            .collect();
        assert_eq!(got, vec![7, 9]);
        let short = [7];
        let mut ids = IdSource::Reuse {
            ids: &short,
            pos: 0,
        };
        assert_eq!(
            plan(&t, &leaves, &mut ids),
            Err(ModelError::IdCountMismatch)
        );
    }

    #[test]
    fn mangling_examples() {
        // §3.4 examples.
        assert_eq!(
            scalar_name(&i(32)).expect("n"),
            "_Z20__spirv_SpecConstantii"
        );
        assert_eq!(
            scalar_name(&float()).expect("n"),
            "_Z20__spirv_SpecConstantif"
        );
        assert_eq!(
            scalar_name(&double()).expect("n"),
            "_Z20__spirv_SpecConstantid"
        );
        assert_eq!(
            scalar_name(&i(16)).expect("n"),
            "_Z20__spirv_SpecConstantis"
        );
        assert_eq!(
            scalar_name(&i(64)).expect("n"),
            "_Z20__spirv_SpecConstantix"
        );
        assert_eq!(
            scalar_name(&half()).expect("n"),
            "_Z20__spirv_SpecConstantiDh"
        );
        let my = strukt(Some("struct.myConst"), false, vec![i(32), float()]);
        assert_eq!(
            composite_name(&my).expect("n"),
            "_Z29__spirv_SpecConstantCompositeif_Rstruct.myConst"
        );
        let compos = strukt(Some("struct.ComposConst"), false, vec![i(32), double(), my]);
        assert_eq!(
            composite_name(&compos).expect("n"),
            "_Z29__spirv_SpecConstantCompositeidstruct.myConst_Rstruct.ComposConst"
        );
        assert_eq!(
            composite_name(&array(i(32), 2)).expect("n"),
            "_Z29__spirv_SpecConstantCompositeii_RA2_i"
        );
        let arr = strukt(Some("class.std::array"), false, vec![array(float(), 3)]);
        assert_eq!(
            composite_name(&arr).expect("n"),
            "_Z29__spirv_SpecConstantCompositeA3_f_Rclass.std::array"
        );
        let aa = array(array(array(i(32), 3), 2), 2);
        assert_eq!(aa.code().expect("c"), "A2_A2_A3_i");
        let v = Ty {
            kind: Kind::Vector {
                elem: Box::new(i(32)),
                len: 2,
            },
            store: 8,
            alloc: 8,
            align: 8,
            handle: (),
        };
        assert_eq!(
            composite_name(&v).expect("n"),
            "_Z29__spirv_SpecConstantCompositeii_RDv2_i"
        );
        assert!(i(128).code().is_err());
    }

    #[test]
    fn example_3_and_5_emulation_layout() {
        // §11 example 3: half at 0 (padding 2 before the int), int at 4.
        let mut l = EmulationLayout::default();
        assert_eq!(
            l.place(2, 2),
            EmulationSlot {
                id: 0,
                offset: 0,
                padding: 0
            }
        );
        assert_eq!(
            l.place(4, 4),
            EmulationSlot {
                id: 1,
                offset: 4,
                padding: 2
            }
        );
        // §11 example 5: 8-byte packed struct then a bool at 8, no padding.
        let mut l = EmulationLayout::default();
        assert_eq!(
            l.place(8, 1),
            EmulationSlot {
                id: 0,
                offset: 0,
                padding: 0
            }
        );
        assert_eq!(
            l.place(1, 1),
            EmulationSlot {
                id: 1,
                offset: 8,
                padding: 0
            }
        );
        // §4 worked layout of SYCL-2020.ll: 24-byte ComposConst (align 8) after half+int → 8.
        let mut l = EmulationLayout::default();
        l.place(2, 2);
        l.place(4, 4);
        assert_eq!(l.place(24, 8).offset, 8);
    }

    #[test]
    fn blob_of_zero_and_scalars() {
        assert_eq!(blob(&half(), &s(0x4000)).expect("b"), [0x00, 0x40]);
        assert_eq!(blob(&i(32), &s(42)).expect("b"), [42, 0, 0, 0]);
        let t = strukt(None, false, vec![i(32), double()]);
        assert_eq!(blob(&t, &Const::<()>::Zero).expect("b"), [0u8; 16]);
        assert_eq!(
            blob(&array(i(8), 2), &Const::<()>::Zero).expect("b"),
            [0, 0]
        );
    }
}
