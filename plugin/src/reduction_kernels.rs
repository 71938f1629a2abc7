//! Launches with reductions, `parallel_for<K>(range, reduction…, f)`: Intel's headers
//! (`sycl/reduction.hpp`, 2026.2) never make `f` kernel `K`. They pick a strategy from the
//! reductions' types and operations (`docs/device-library.md`) and run `f` inside kernels of
//! their own, named after `K` (`reduction::MainKrn<K, strategy, …>`, `AuxKrn<…>`,
//! `InitMemKrn<…>`), whose objects only the device compile lays out: the header cache's AST
//! has no function bodies, so libclang never sees those closures. One strategy launches a
//! kernel under `K` itself: `group_reduce_and_multiple_kernels`, for a single reduction into
//! USM (a pointer or a span) over an `nd_range`, ends with a `single_task<K>` that copies the
//! result from the headers' partial-results buffer into the user's memory
//! (`reduSaveFinalResultToUserMem`). The headers instantiate it for `plus`, `minimum` and
//! `maximum` of `half` (which has no atomics) and of `double` and 64-bit integers (whose
//! atomics they use only on devices with `aspect::atomic64`, a run-time choice, so both ways
//! are built); other launches have no kernel under `K`, and the description below goes
//! unused.
//!
//! That closure captures, in the order its body first names them (clang's order for the
//! fields of a lambda's implicit captures): the number of elements (`size_t`), a read
//! accessor to the partial results (one dimension; elements the size of the reduction's
//! type, which the headers assert for reductions with an identity, the only ones this
//! strategy takes), whether to combine with the user's value (`bool`), the user's pointer,
//! and the operation. The front end lays those out from libclang's facts about the
//! reduction type; the driver compares the result with the device compile's object, as for
//! any launch (`driver/src/kernels.rs`), so a header version that captures otherwise is
//! refused, never described wrongly.

use crate::kernel_object::in_sycl_tree;
use crate::libclang::{self as lc, Cursor, Type};
use crate::model::kernel_abi::{self, ArgumentKind, BufferTarget, KernelArgument, KernelLayout};
use crate::model::{KernelObject, SourceLocation};

/// `reduction_impl`'s template parameters: `<T, BinaryOperation, Dims, Extent,
/// ExplicitIdentity, RedOutVar>`.
const VALUE_TYPE: u32 = 0;
const OPERATION: u32 = 1;
const OUTPUT: u32 = 5;

/// The reduction types among a launch's arguments (`sycl::detail::reduction_impl<…>`, what
/// `sycl::reduction` returns), in order.
pub(crate) fn reductions<'tu>(arguments: &[Cursor<'tu>]) -> Vec<Type<'tu>> {
    arguments
        .iter()
        .map(|a| a.ty().canonical())
        .filter(|t| is_sycl_class(*t, "reduction_impl"))
        .collect()
}

/// The object of the kernel a launch with `reductions` may run under its own kernel name
/// (the final copy above), launched through `launcher` with its callable at `location`:
/// `Some` for one reduction into USM over an `nd_range`.
pub(crate) fn result_copy(
    arguments: &[Cursor<'_>],
    reductions: &[Type<'_>],
    launcher: Cursor<'_>,
    location: SourceLocation,
) -> Option<KernelObject> {
    let [reduction] = reductions else {
        return None;
    };
    let over_nd_range = arguments
        .iter()
        .any(|a| is_sycl_class(a.ty().canonical(), "nd_range"));
    if !over_nd_range || reduction.num_template_arguments() != 6 {
        return None;
    }
    let output = reduction.template_argument(OUTPUT).canonical();
    if output.kind() != lc::CXType_Pointer {
        return None;
    }
    let element = reduction.template_argument(VALUE_TYPE).canonical();
    let operation = reduction.template_argument(OPERATION).canonical();
    let captures = [
        Capture::bytes(8, 8),
        Capture {
            size: kernel_abi::accessor_bytes(1),
            align: 8,
            kind: Some(ArgumentKind::Accessor {
                target: BufferTarget::Device,
                dimensions: 1,
                element_size: element.size_of().filter(|&s| s > 0)?,
                keeps_offset: true,
            }),
        },
        Capture::bytes(1, 1),
        Capture {
            size: output.size_of()?,
            align: output.align_of()?,
            kind: Some(ArgumentKind::Pointer),
        },
        Capture::bytes(operation.size_of()?, operation.align_of()?),
    ];
    let launcher = Some(launcher.mangling()).filter(|m| m.starts_with("_Z"))?;
    Some(KernelObject {
        call_operator: None,
        launcher: Some(launcher),
        location,
        layout: closure_layout(&captures),
        arguments_complete: true,
    })
}

/// One field of a closure: its size, alignment and the argument it becomes (`None`: an
/// empty value, no argument).
struct Capture {
    size: u64,
    align: u64,
    kind: Option<ArgumentKind>,
}

impl Capture {
    fn bytes(size: u64, align: u64) -> Capture {
        Capture {
            size,
            align,
            kind: (size > 0).then_some(ArgumentKind::Bytes { size }),
        }
    }
}

/// A closure holding `captures` in order, laid out as C++ lays out a class's fields: each at
/// the next offset its alignment allows, the size rounded up to the largest alignment.
fn closure_layout(captures: &[Capture]) -> KernelLayout {
    let mut offset: u64 = 0;
    let mut align: u64 = 1;
    let mut arguments = Vec::new();
    for capture in captures {
        let a = capture.align.max(1);
        offset = offset.next_multiple_of(a);
        align = align.max(a);
        if let Some(kind) = &capture.kind {
            arguments.push(KernelArgument {
                offset,
                kind: kind.clone(),
            });
        }
        offset += capture.size;
    }
    KernelLayout {
        object_size: offset.next_multiple_of(align).max(1),
        arguments,
    }
}

/// Is `ty` (canonical) a specialization of class template `sycl::…::name`?
fn is_sycl_class(ty: Type<'_>, name: &str) -> bool {
    if ty.kind() != lc::CXType_Record {
        return false;
    }
    ty.declaration()
        .and_then(|d| d.specialized_template())
        .is_some_and(|t| t.with_spelling(|s| s == name.as_bytes()) && in_sycl_tree(t))
}

#[cfg(test)]
mod tests {
    use super::{Capture, closure_layout};
    use crate::model::kernel_abi::{ArgumentKind, BufferTarget, KernelArgument};

    #[test]
    fn closures_are_laid_out_as_classes() {
        let accessor = ArgumentKind::Accessor {
            target: BufferTarget::Device,
            dimensions: 1,
            element_size: 2,
            keeps_offset: true,
        };
        // The final copy of a `half` sum: 8, accessor, bool, pointer, empty operation.
        let layout = closure_layout(&[
            Capture::bytes(8, 8),
            Capture {
                size: 32,
                align: 8,
                kind: Some(accessor.clone()),
            },
            Capture::bytes(1, 1),
            Capture {
                size: 8,
                align: 8,
                kind: Some(ArgumentKind::Pointer),
            },
            Capture::bytes(1, 1),
        ]);
        assert_eq!(layout.object_size, 64);
        let offsets: Vec<u64> = layout.arguments.iter().map(|a| a.offset).collect();
        assert_eq!(offsets, [0, 8, 40, 48, 56]);
        assert_eq!(
            layout.arguments[1],
            KernelArgument {
                offset: 8,
                kind: accessor
            }
        );
        // Padding before an aligned field and at the end; an empty field takes no argument.
        let layout = closure_layout(&[
            Capture::bytes(1, 1),
            Capture::bytes(4, 4),
            Capture::bytes(0, 1),
            Capture::bytes(2, 2),
        ]);
        assert_eq!(layout.object_size, 12);
        let offsets: Vec<u64> = layout.arguments.iter().map(|a| a.offset).collect();
        assert_eq!(offsets, [0, 4, 8]);
    }
}
