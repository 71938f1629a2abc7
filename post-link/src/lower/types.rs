//! LLVM types and constants as the model (`crate::model`) sees them.

use crate::llvm::{Layout, Type, TypeKind, Value, ValueKind};
use crate::model::{Const, Kind, ModelError, Ty};

/// The model of an LLVM type with the module's data layout.
pub(crate) fn ty_model<'c>(layout: &Layout<'_>, t: Type<'c>) -> Result<Ty<Type<'c>>, ModelError> {
    let kind = match t.kind() {
        TypeKind::Int(w) => Kind::Int(w),
        TypeKind::Half => Kind::Half,
        TypeKind::BFloat => Kind::BFloat,
        TypeKind::Float => Kind::Float,
        TypeKind::Double => Kind::Double,
        TypeKind::Struct if !t.is_opaque_struct() => {
            let elems = t.struct_elements();
            let mut fields = Vec::with_capacity(elems.len());
            let mut offsets = Vec::with_capacity(elems.len());
            for (i, e) in elems.into_iter().enumerate() {
                fields.push(ty_model(layout, e)?);
                let offset = u32::try_from(i)
                    .ok()
                    .and_then(|i| layout.element_offset(t, i))
                    .ok_or_else(|| ModelError::UnsupportedType(t.print()))?;
                offsets.push(offset);
            }
            Kind::Struct {
                name: t.struct_name(),
                fields,
                offsets,
            }
        }
        TypeKind::Array | TypeKind::FixedVector => {
            let elem = t
                .element_type()
                .ok_or_else(|| ModelError::UnsupportedType(t.print()))?;
            let elem = Box::new(ty_model(layout, elem)?);
            let len = t.sequence_len();
            if t.kind() == TypeKind::Array {
                Kind::Array { elem, len }
            } else {
                Kind::Vector { elem, len }
            }
        }
        other => {
            return Err(ModelError::UnsupportedType(
                format!("{other:?}").to_lowercase(),
            ));
        }
    };
    // Every kind above is sized once its elements are (they were modelled first).
    let unsized_type = || ModelError::UnsupportedType(t.print());
    Ok(Ty {
        kind,
        store: layout.store_size(t).ok_or_else(unsized_type)?,
        alloc: layout.alloc_size(t).ok_or_else(unsized_type)?,
        align: layout.abi_align(t).ok_or_else(unsized_type)?,
        handle: t,
    })
}

/// The model of a constant of type `ty`.
pub(crate) fn const_model<'c>(
    v: Value<'c>,
    ty: &Ty<Type<'c>>,
) -> Result<Const<Value<'c>>, ModelError> {
    match v.kind() {
        ValueKind::ConstantAggregateZero => Ok(Const::Zero),
        ValueKind::Undef => Ok(Const::Undef),
        ValueKind::ConstantInt => v
            .const_int_zext()
            .map(|bits| Const::Scalar { bits, handle: v })
            .ok_or_else(|| ModelError::UnsupportedType(ty.describe())),
        ValueKind::ConstantFp => v
            .const_fp_bits()
            .map(|bits| Const::Scalar { bits, handle: v })
            .ok_or_else(|| ModelError::UnsupportedType(ty.describe())),
        ValueKind::ConstantAggregate | ValueKind::ConstantDataSequential => {
            let mut elems = Vec::new();
            for (i, (ety, _)) in ty.elements().into_iter().enumerate() {
                let e = v
                    .aggregate_element(i as u32)
                    .ok_or(ModelError::ShapeMismatch(0))?;
                elems.push(const_model(e, ety)?);
            }
            Ok(Const::Agg(elems))
        }
        _ => Err(ModelError::UnsupportedType(format!(
            "constant of type {}",
            ty.describe()
        ))),
    }
}
