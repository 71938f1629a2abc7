//! The NVPTX wrapper kernels against the runtime's contract for CUDA (issue 30,
//! `shared/reference/gpu.md`): `ptx_kernel` wrappers taking the runtime's parameters in NVPTX's
//! address spaces, a local accessor as an `i64` byte offset into the dynamic shared memory,
//! `<kernel>_with_offset` with the offset as a last `[3 x i32]` by value, the global offset
//! stored in shared memory before the body runs; the bodies plain C functions; no SPIR
//! calling convention anywhere.

use super::super::abi_tests::{packed, shapes};
use super::super::*;
use super::{DYNAMIC_SHARED, GLOBAL_OFFSET_VALUE};
use crate::llvm::{Opcode, PTX_KERNEL_CC, ValueKind};
use model::kernel_abi::{BufferTarget, WITH_OFFSET_SUFFIX};

/// clang-22's datalayout for `nvptx64-nvidia-cuda`.
const DATALAYOUT: &str = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64";

/// A kernel `_ZTS1K` as clang-22 emits it for nvptx64 (`--offload-targets=nvptx64-nvidia-cuda`,
/// sm_90): the object by generic pointer of `size` bytes, optionally the 8-byte
/// `kernel_handler` by value, compiled for sm_90; with the stream functions of sycl-clang++'s
/// device `<sycl/stream.hpp>` (C functions taking generic pointers).
fn module_text(size: u64, handler: bool) -> String {
    let handler = if handler {
        ", ptr noundef byval(%\"class.sycl::_V1::kernel_handler\") align 8 %1"
    } else {
        ""
    };
    let accessor = |p: &str| format!("ptr addrspace(1) %{p}, i64 %{p}a, i64 %{p}m, i64 %{p}o");
    let (output, offsets, flush) = (accessor("b"), accessor("c"), accessor("d"));
    format!(
        "target datalayout = \"{DATALAYOUT}\"\n\
         target triple = \"nvptx64-nvidia-cuda\"\n\
         %\"class.sycl::_V1::kernel_handler\" = type {{ ptr }}\n\
         define ptx_kernel void @_ZTS1K(ptr noundef align 8 dereferenceable({size}) %0{handler}) #0 {{\n  ret void\n}}\n\
         define void @{STREAM_INIT}(ptr %s, {output}, {offsets}, {flush}, i64 %n) #0 {{\n  ret void\n}}\n\
         define void @{STREAM_FINALIZE}(ptr %s) #0 {{\n  ret void\n}}\n\
         attributes #0 = {{ \"target-cpu\"=\"sm_90\" \"target-features\"=\"+ptx78,+sm_90\" }}\n"
    )
}

/// A function's parameters as LLVM declares them: `byval` bytes, pointers, and `i64` (only
/// a local accessor's dynamic shared-memory offset is a plain integer).
fn declared_parameters(function: Function<'_>, layout: &Layout<'_>) -> Vec<ParameterType> {
    (0..)
        .zip(function.params())
        .map(
            |(i, param)| match function.param_type_attribute(i, "byval") {
                Some(ty) => ParameterType::Bytes {
                    size: layout.alloc_size(ty).expect("sized"),
                },
                None => match param.pointer_address_space() {
                    Some(address_space) => ParameterType::Pointer { address_space },
                    None => {
                        assert_eq!(param.ty().int_width(), Some(64), "{function:?}");
                        ParameterType::DynamicSharedOffset
                    }
                },
            },
        )
        .collect()
}

/// The parameters an nvptx64 kernel declares for `parameters` (`model::kernel_abi`).
fn declared(parameters: &[RuntimeParameter]) -> Vec<ParameterType> {
    parameters.iter().map(|p| p.ty(Target::Nvptx64)).collect()
}

/// `_ZTS1K` of `layout`, wrapped.
fn wrapped<'c>(
    ctx: &'c Context,
    layout: &KernelLayout,
    handler: bool,
    emulated: bool,
) -> (Module<'c>, DeviceKernel) {
    let text = module_text(layout.object_size, handler);
    let mut module = ctx
        .parse_ir(text.into_bytes(), "test")
        .expect("hand-written IR parses");
    let kernels = wrap_kernels(&mut module, emulated, "k.cpp", |_| Some(layout.clone()))
        .expect("every shape wraps");
    module.verify().expect("the wrapped module verifies");
    let [kernel] = <[DeviceKernel; 1]>::try_from(kernels).expect("one kernel");
    (module, kernel)
}

/// The plain wrapper's and the `_with_offset` wrapper's parameters.
fn wrapper_parameters(module: &Module<'_>) -> (Vec<ParameterType>, Vec<ParameterType>) {
    let layout = module.layout();
    let plain = module.get_function("_ZTS1K").expect("the wrapper");
    let with_offset = module
        .get_function(&format!("_ZTS1K{WITH_OFFSET_SUFFIX}"))
        .expect("the _with_offset wrapper");
    (
        declared_parameters(plain, &layout),
        declared_parameters(with_offset, &layout),
    )
}

/// The adapter's global offset: three `uint32_t` by value.
const OFFSET: ParameterType = ParameterType::Bytes { size: 12 };

#[test]
fn every_shape_alone_takes_the_runtimes_parameters_in_ptx_kernels() {
    let ctx = Context::new();
    for shape in shapes() {
        let layout = packed(std::slice::from_ref(&shape));
        for (handler, emulated) in [(false, false), (true, false), (true, true)] {
            let (module, kernel) = wrapped(&ctx, &layout, handler, emulated);
            assert_eq!(kernel.name, "_ZTS1K");
            assert_eq!(kernel.spec_constants_buffer, emulated, "{shape:?}");
            let (plain, with_offset) = wrapper_parameters(&module);
            assert_eq!(plain, declared(&kernel.runtime_parameters()), "{shape:?}");
            assert_eq!(with_offset.split_last(), Some((&OFFSET, &plain[..])));
            for name in ["_ZTS1K", "_ZTS1K_with_offset"] {
                let wrapper = module.get_function(name).expect("a wrapper");
                assert_eq!(wrapper.calling_conv(), PTX_KERNEL_CC, "{name}");
            }
            let body = module
                .get_function(&format!("_ZTS1K{BODY_SUFFIX}"))
                .expect("the body");
            assert_eq!(body.calling_conv(), C_CC);
            assert!(!body.linkage_is_external());
            let text = module.to_text();
            assert!(!text.contains("spir_"), "{text}");
        }
    }
}

/// One kernel's parameters written out by hand from the CUDA contract (gpu.md, the design):
/// an accessor's memory as a global pointer (a `constant_buffer` too: CUDA passes device
/// memory and Intel's device accessor keeps a global pointer) and its three ranges, a USM
/// pointer, a local accessor's `size_t` offset and ranges, bytes by value, the emulated
/// spec-constant buffer last; `_with_offset` adds `[3 x i32]` by value, align 4, after it.
#[test]
fn a_mixed_kernel_takes_the_parameters_written_down_by_hand() {
    let layout = packed(&[
        ArgumentKind::Accessor {
            target: BufferTarget::ConstantBuffer,
            dimensions: 2,
            element_size: 8,
            keeps_offset: true,
        },
        ArgumentKind::Pointer,
        ArgumentKind::LocalAccessor { dimensions: 1 },
        ArgumentKind::Bytes { size: 4 },
    ]);
    let ctx = Context::new();
    let (module, _) = wrapped(&ctx, &layout, true, true);
    let (plain, with_offset) = wrapper_parameters(&module);
    let global = ParameterType::Pointer { address_space: 1 };
    let bytes = |size| ParameterType::Bytes { size };
    let offset = ParameterType::DynamicSharedOffset;
    let expected = [
        global,
        bytes(16),
        bytes(16),
        bytes(16),
        global,
        offset,
        bytes(8),
        bytes(8),
        bytes(8),
        bytes(4),
        global,
    ];
    assert_eq!(plain, expected);
    assert_eq!(with_offset[..expected.len()], expected);
    assert_eq!(with_offset[expected.len()..], [bytes(12)]);
    let wrapper = module
        .get_function("_ZTS1K_with_offset")
        .expect("the _with_offset wrapper");
    let last = u32::try_from(expected.len()).expect("few parameters");
    let offset_type = wrapper
        .param_type_attribute(last, "byval")
        .expect("the offset by value");
    assert_eq!(offset_type.print(), "[3 x i32]");
    assert_eq!(wrapper.param_int_attribute(last, "align"), Some(4));
}

/// The instructions of `function`, in order, with their index.
fn position(function: Function<'_>, instruction: Value<'_>) -> usize {
    function
        .instructions()
        .iter()
        .position(|i| i.as_value() == instruction)
        .expect("in the function")
}

/// The call of the body in `wrapper`.
fn body_call<'m>(module: &'m Module<'_>, wrapper: Function<'m>) -> Value<'m> {
    let body = module
        .get_function(&format!("_ZTS1K{BODY_SUFFIX}"))
        .expect("the body");
    body.direct_calls()
        .into_iter()
        .find(|call| call.parent_function() == Some(wrapper))
        .expect("the wrapper calls the body")
        .as_value()
}

/// The plain wrapper stores a zero global offset, `_with_offset` the offset its last
/// parameter holds, into the shared-memory variable, each before it calls the body.
#[test]
fn each_wrapper_stores_its_global_offset_in_shared_memory_before_the_body() {
    let ctx = Context::new();
    let (module, _) = wrapped(&ctx, &packed(&[ArgumentKind::Pointer]), true, true);
    let variable = module
        .globals()
        .into_iter()
        .find(|g| g.name() == GLOBAL_OFFSET_VALUE)
        .expect("the global offset's variable");
    assert_eq!(variable.pointer_address_space(), Some(3));
    assert!(
        variable.initializer().is_none(),
        "defined by the device link"
    );
    let stores = variable.users();
    assert_eq!(stores.len(), 2);
    for store in stores {
        assert_eq!(store.kind(), ValueKind::Instruction(Opcode::LLVMStore));
        assert_eq!(store.operand(1), Some(variable.as_value()));
        let wrapper = store.parent_function().expect("in a wrapper");
        let value = store.operand(0).expect("the stored value");
        assert_eq!(value.ty().print(), "[3 x i32]");
        if wrapper.name() == "_ZTS1K" {
            assert_eq!(value.kind(), ValueKind::ConstantAggregateZero);
        } else {
            assert_eq!(wrapper.name(), "_ZTS1K_with_offset");
            assert_eq!(value.kind(), ValueKind::Instruction(Opcode::LLVMLoad));
            let params = wrapper.params();
            assert_eq!(value.operand(0), params.last().copied());
        }
        let call = body_call(&module, wrapper);
        assert!(position(wrapper, store) < position(wrapper, call));
    }
}

/// A local accessor's pointer is its offset parameter applied to the dynamic shared memory,
/// `external addrspace(3) global [0 x i8], align 16`; a kernel without one declares none.
#[test]
fn a_local_accessor_points_into_dynamic_shared_memory_at_its_offset() {
    let ctx = Context::new();
    let local = packed(&[
        ArgumentKind::Bytes { size: 4 },
        ArgumentKind::LocalAccessor { dimensions: 2 },
    ]);
    let (module, _) = wrapped(&ctx, &local, false, false);
    let shared = module
        .globals()
        .into_iter()
        .find(|g| g.name() == DYNAMIC_SHARED)
        .expect("the dynamic shared memory");
    assert_eq!(shared.pointer_address_space(), Some(3));
    assert!(shared.initializer().is_none());
    let addresses = shared.users();
    assert_eq!(addresses.len(), 2, "one per wrapper");
    for address in addresses {
        assert_eq!(
            address.kind(),
            ValueKind::Instruction(Opcode::LLVMGetElementPtr)
        );
        let wrapper = address.parent_function().expect("in a wrapper");
        // The bytes' one parameter, then the local accessor's offset.
        assert_eq!(address.operand(1), Some(wrapper.params()[1]));
        let stores = address.users();
        assert_eq!(stores.len(), 1);
        assert_eq!(stores[0].kind(), ValueKind::Instruction(Opcode::LLVMStore));
        assert_eq!(stores[0].operand(0), Some(address));
    }
    let ctx = Context::new();
    let (module, _) = wrapped(&ctx, &packed(&[ArgumentKind::Pointer]), false, false);
    assert!(module.globals().iter().all(|g| g.name() != DYNAMIC_SHARED));
}

/// With emulated spec constants the handler holds the buffer parameter's generic address.
#[test]
fn the_spec_constant_buffer_reaches_the_handler_as_a_generic_pointer() {
    let ctx = Context::new();
    let (module, _) = wrapped(
        &ctx,
        &packed(&[ArgumentKind::Bytes { size: 8 }]),
        true,
        true,
    );
    for name in ["_ZTS1K", "_ZTS1K_with_offset"] {
        let wrapper = module.get_function(name).expect("a wrapper");
        let params = wrapper.params();
        let buffer = params[1];
        assert_eq!(buffer.pointer_address_space(), Some(1));
        let [cast] = <[Value<'_>; 1]>::try_from(buffer.users()).expect("one use");
        assert_eq!(
            cast.kind(),
            ValueKind::Instruction(Opcode::LLVMAddrSpaceCast)
        );
        assert_eq!(cast.pointer_address_space(), Some(0));
        let call = body_call(&module, wrapper);
        let handler = call.operand(1).expect("the handler");
        let stores = cast.users();
        assert_eq!(stores.len(), 1);
        assert_eq!(stores[0].operand(1), Some(handler));
    }
}

/// A stream is initialised and finalised through the C stream functions, in both wrappers.
#[test]
fn a_stream_is_initialised_and_finalised_in_both_wrappers() {
    let ctx = Context::new();
    let layout = packed(&[
        ArgumentKind::Bytes { size: 8 },
        ArgumentKind::Stream { size: 144 },
    ]);
    let (module, _) = wrapped(&ctx, &layout, false, false);
    for name in [STREAM_INIT, STREAM_FINALIZE] {
        let function = module.get_function(name).expect("a stream function");
        assert_eq!(function.calling_conv(), C_CC);
        let mut callers: Vec<String> = function
            .direct_calls()
            .iter()
            .filter_map(|call| call.parent_function().map(|f| f.name()))
            .collect();
        callers.sort();
        assert_eq!(callers, ["_ZTS1K", "_ZTS1K_with_offset"], "{name}");
    }
}

/// `module_text` with `body` calls of an external function in the kernel and `stream_init`
/// in the stream's `__init` wrapper: code no optimisation removes, of a size the inliner
/// weighs.
fn module_with_effects(size: u64, body: usize, stream_init: usize) -> String {
    let calls = |n: usize| "  call void @effect(ptr %0)\n".repeat(n);
    let init = format!("define void @{STREAM_INIT}(ptr %s,");
    module_text(size, false)
        .replacen("%0) #0 {\n", &format!("%0) #0 {{\n{}", calls(body)), 1)
        .replace(&init, &format!("define void @{STREAM_INIT}(ptr %0,"))
        .replacen(
            "i64 %n) #0 {\n",
            &format!("i64 %n) #0 {{\n{}", calls(stream_init)),
            1,
        )
        + "declare void @effect(ptr)\n"
}

/// `text` wrapped with `layout` and optimised as `DeviceCode::finish` does at `-O2`.
fn optimised<'c>(ctx: &'c Context, text: String, layout: &KernelLayout) -> Module<'c> {
    let mut module = ctx
        .parse_ir(text.into_bytes(), "test")
        .expect("hand-written IR parses");
    wrap_kernels(&mut module, false, "k.cpp", |_| Some(layout.clone())).expect("wraps");
    module.run_passes("default<O2>").expect("optimises");
    module.verify().expect("the optimised module verifies");
    module
}

/// Both wrappers get the body inlined, however large: the inliner alone would leave a body of
/// 300 calls called from two places (its object then stays in memory).
#[test]
fn the_body_is_inlined_into_both_wrappers_however_large() {
    let ctx = Context::new();
    let layout = packed(&[ArgumentKind::Pointer]);
    let module = optimised(&ctx, module_with_effects(8, 300, 0), &layout);
    assert!(
        module
            .get_function(&format!("_ZTS1K{BODY_SUFFIX}"))
            .is_none()
    );
    let effect = module.get_function("effect").expect("the effect");
    for name in ["_ZTS1K", "_ZTS1K_with_offset"] {
        let wrapper = module.get_function(name).expect("a wrapper");
        let calls = effect
            .direct_calls()
            .iter()
            .filter(|call| call.parent_function() == Some(wrapper))
            .count();
        assert_eq!(calls, 300, "{name}");
    }
}

/// The wrappers are compiled for the body's GPU (its `target-cpu` and `target-features`):
/// without a target machine LLVM inlines only between functions of the same attributes, so
/// a small function clang compiled for the GPU (here the stream's `__init` wrapper, which
/// the wrappers call themselves) is inlined into them.
#[test]
fn the_wrappers_are_compiled_for_the_bodys_gpu() {
    let ctx = Context::new();
    let layout = packed(&[
        ArgumentKind::Bytes { size: 8 },
        ArgumentKind::Stream { size: 144 },
    ]);
    let module = optimised(&ctx, module_with_effects(152, 0, 1), &layout);
    for name in ["_ZTS1K", "_ZTS1K_with_offset"] {
        let wrapper = module.get_function(name).expect("a wrapper");
        assert_eq!(
            wrapper.string_attribute("target-cpu").as_deref(),
            Some("sm_90")
        );
        assert_eq!(
            wrapper.string_attribute("target-features").as_deref(),
            Some("+ptx78,+sm_90")
        );
    }
    assert!(
        module.get_function(STREAM_INIT).is_none(),
        "{}",
        module.to_text()
    );
}

/// A global object pointer is upstream's spirv64 form, reinterpreted from the stack only on
/// SPIR's CPU device: refused on NVPTX.
#[test]
fn a_global_object_pointer_is_refused() {
    let text = module_text(8, false).replace(
        "ptr noundef align 8 dereferenceable(8) %0",
        "ptr addrspace(1) noundef align 8 dereferenceable(8) %0",
    );
    let ctx = Context::new();
    let mut module = ctx.parse_ir(text.into_bytes(), "test").expect("parses");
    let layout = packed(&[ArgumentKind::Pointer]);
    let error = wrap_kernels(&mut module, false, "k.cpp", |_| Some(layout.clone()))
        .expect_err("a global object pointer");
    assert!(
        matches!(error, DeviceError::UnsupportedKernel { .. }),
        "{error}"
    );
}

/// Kernels of a module for neither target are refused by triple; a module without kernels is
/// left alone.
#[test]
fn kernels_of_another_target_are_refused() {
    let text = module_text(8, false).replace("nvptx64-nvidia-cuda", "x86_64-unknown-linux-gnu");
    let ctx = Context::new();
    let mut module = ctx
        .parse_ir(text.clone().into_bytes(), "test")
        .expect("parses");
    let layout = packed(&[ArgumentKind::Pointer]);
    let error = wrap_kernels(&mut module, false, "k.cpp", |_| Some(layout.clone()))
        .expect_err("an x86_64 kernel");
    assert!(
        matches!(&error, DeviceError::UnsupportedTarget(t) if t == "x86_64-unknown-linux-gnu"),
        "{error}"
    );
    let text = text.replace("define ptx_kernel", "define");
    let mut module = ctx.parse_ir(text.into_bytes(), "test").expect("parses");
    let kernels = wrap_kernels(&mut module, false, "k.cpp", |_| None).expect("nothing to wrap");
    assert!(kernels.is_empty());
}
