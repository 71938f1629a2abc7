//! `sycl_ext_oneapi_private_alloca` from C++ with stock clang: the device prelude defines
//! `private_alloca`/`aligned_private_alloca` as a call of the declared-only
//! `__sycl_specconst::private_array(ID, &spec id, &kernel handler, element size, alignment)`
//! (DPC++'s clang has builtins for them instead). Each call becomes the `llvm.sycl.alloca` call
//! DPC++'s clang emits for its builtin, with a `[size x i8]` element (opaque pointers: only the
//! element's size matters) and the handler's spec-constant buffer (its one member, a `char *`),
//! so the spec-constant lowering (`lower`) turns it into a private array of the spec
//! constant's length as it does for DPC++'s device code, and an emulated NVPTX image reads that
//! length from the buffer the runtime passed.

use crate::device::DeviceError;
use crate::llvm::{Callee, GlobalId, Module, Value};

/// The prelude's `void *__sycl_specconst::private_array(const char *, const void *,
/// const void *, unsigned long, unsigned long)`.
pub(crate) const PRIVATE_ARRAY_FUNCTION: &str = "_ZN16__sycl_specconst13private_arrayEPKcPKvS3_mm";

/// Rewrites every `private_array` call; returns how many. Runs after the symbolic IDs are
/// resolved (the first argument is then the ID string).
pub(crate) fn lower_private_arrays(module: &mut Module<'_>) -> Result<usize, DeviceError> {
    let Some((rewritten, function)) = rewrite_calls(module)? else {
        return Ok(0);
    };
    module.delete_unused(&[function]);
    Ok(rewritten)
}

/// [`lower_private_arrays`] up to deleting the declaration, which needs `&mut Module`.
fn rewrite_calls(module: &Module<'_>) -> Result<Option<(usize, GlobalId)>, DeviceError> {
    let Some(function) = module.get_function(PRIVATE_ARRAY_FUNCTION) else {
        return Ok(None);
    };
    let ctx = module.context();
    let builder = module.builder();
    let mut rewritten = 0;
    for call in function.direct_calls() {
        let caller = call.parent_function().map(|f| f.name()).unwrap_or_default();
        let bad = |what: &str| DeviceError::Llvm(format!("in {caller}: private_alloca {what}"));
        let constant = |i: u32| call.arg(i).and_then(Value::const_int_zext);
        let (Some(id), Some(spec_id), Some(handler), Some(size), Some(align)) = (
            call.arg(0),
            call.arg(1),
            call.arg(2),
            constant(3),
            constant(4),
        ) else {
            return Err(bad("has an unexpected signature"));
        };
        let generic = id.ty();
        let element = ctx.zero_bytes(size);
        let private = ctx.pointer_type(0);
        let i64t = ctx.int_type(64);
        let fn_ty =
            crate::llvm::Type::function(private, &[generic, generic, generic, element.ty(), i64t])
                .ok_or_else(|| bad("has no function type"))?;
        let name = format!(
            "llvm.sycl.alloca.p0.p{0}.p{0}.p{0}.a{size}i8",
            generic.pointer_address_space().unwrap_or(0)
        );
        let alloca_fn = match module.get_function(&name) {
            Some(f) => f,
            None => module
                .add_function(&name, fn_ty)
                .ok_or_else(|| bad("cannot be declared"))?,
        };
        if !builder.position_before(*call) {
            return Err(bad("is no longer in the module"));
        }
        // kernel_handler { char *MSpecializationConstantsBuffer; }: its first word.
        let pointer_align = module.layout().abi_align(generic).unwrap_or(8) as u32;
        let buffer = builder
            .load(generic, handler, pointer_align, c"spec.buffer")
            .ok_or_else(|| bad("has a kernel handler that is not a pointer"))?;
        let array = builder
            .call(
                &Callee::new(alloca_fn),
                &[id, spec_id, buffer, element, ctx.const_int(64, align)],
            )
            .ok_or_else(|| bad("arguments do not match llvm.sycl.alloca"))?;
        // SPIR's generic pointers are another address space than private memory; NVPTX's
        // allocas are generic already.
        let result = if call.ty().pointer_address_space() == Some(0) {
            array
        } else {
            builder
                .address_space_cast(array, call.ty(), c"private.array")
                .ok_or_else(|| bad("does not return a generic pointer"))?
        };
        call.replace_all_uses_with(result)
            .map_err(DeviceError::Llvm)?;
        module.erase(*call);
        rewritten += 1;
    }
    Ok(Some((rewritten, function.id())))
}
