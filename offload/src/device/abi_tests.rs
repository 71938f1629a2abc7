//! The wrapper kernels against the kernel ABI (`model::kernel_abi`): for every argument shape,
//! alone and all in one object, with and without a `kernel_handler` and the emulated
//! spec-constant buffer, the wrapper LLVM builds takes exactly the parameters the runtime
//! passes for the kernel's descriptors (read back from the linked module), and the module
//! verifies.

use super::*;
use model::kernel_abi::{BufferTarget, ParamDescriptor};

/// The parameters as a spir64 kernel declares them.
fn declared(parameters: &[RuntimeParameter]) -> Vec<ParameterType> {
    parameters.iter().map(|p| p.ty(Target::Spir64)).collect()
}

/// Every argument shape the wrappers handle.
pub(super) fn shapes() -> Vec<ArgumentKind> {
    let accessor = |target, dimensions, keeps_offset| ArgumentKind::Accessor {
        target,
        dimensions,
        element_size: 4,
        keeps_offset,
    };
    let mut shapes = vec![
        ArgumentKind::Bytes { size: 1 },
        ArgumentKind::Bytes { size: 12 },
        ArgumentKind::Pointer,
        ArgumentKind::Stream { size: 144 },
    ];
    for dimensions in 0..=3 {
        for keeps_offset in [true, false] {
            shapes.push(accessor(BufferTarget::Device, dimensions, keeps_offset));
            shapes.push(accessor(
                BufferTarget::ConstantBuffer,
                dimensions,
                keeps_offset,
            ));
        }
    }
    for dimensions in 1..=3 {
        shapes.push(ArgumentKind::LocalAccessor { dimensions });
    }
    shapes
}

/// `kinds` one after another in an object.
pub(super) fn packed(kinds: &[ArgumentKind]) -> KernelLayout {
    let mut offset = 0;
    let mut arguments = Vec::new();
    for kind in kinds {
        let argument = KernelArgument {
            offset,
            kind: kind.clone(),
        };
        offset += argument.footprint();
        arguments.push(argument);
    }
    KernelLayout {
        object_size: offset,
        arguments,
    }
}

/// A kernel `_ZTS1K` taking an object of `size` bytes (and a 16-byte `kernel_handler`), with
/// the stream functions of sycl-clang++'s device `<sycl/stream.hpp>`.
fn module_text(size: u64, handler: bool) -> String {
    let handler = if handler {
        ", ptr byval([16 x i8]) align 8 %1"
    } else {
        ""
    };
    let accessor = |p: &str| format!("ptr addrspace(1) %{p}, i64 %{p}a, i64 %{p}m, i64 %{p}o");
    let (output, offsets, flush) = (accessor("b"), accessor("c"), accessor("d"));
    format!(
        "target triple = \"spir64-unknown-unknown\"\n\
         define spir_kernel void @_ZTS1K(ptr addrspace(4) align 8 dereferenceable({size}) %0{handler}) {{\n  ret void\n}}\n\
         define spir_func void @{STREAM_INIT}(ptr addrspace(4) %s, {output}, {offsets}, {flush}, i64 %n) {{\n  ret void\n}}\n\
         define spir_func void @{STREAM_FINALIZE}(ptr addrspace(4) %s) {{\n  ret void\n}}\n"
    )
}

/// Wraps `_ZTS1K` with `layout`; returns the kernel's description and the wrapper's
/// parameters as LLVM reads them.
fn wrap(
    layout: &KernelLayout,
    handler: bool,
    emulated: bool,
) -> (DeviceKernel, Vec<ParameterType>) {
    let ctx = Context::new();
    let text = module_text(layout.object_size, handler);
    let mut module = ctx
        .parse_ir(text.into_bytes(), "test")
        .expect("hand-written IR parses");
    let kernels = wrap_kernels(&mut module, emulated, "k.cpp", |_| Some(layout.clone()))
        .expect("every shape wraps");
    module.verify().expect("the wrapped module verifies");
    let wrapper = module.get_function("_ZTS1K").expect("the wrapper");
    let ir_layout = module.layout();
    let params = (0..)
        .zip(wrapper.params())
        .map(
            |(i, param)| match wrapper.param_type_attribute(i, "byval") {
                Some(ty) => ParameterType::Bytes {
                    size: ir_layout.alloc_size(ty).expect("sized"),
                },
                None => ParameterType::Pointer {
                    address_space: param.pointer_address_space().expect("a pointer"),
                },
            },
        )
        .collect();
    let [kernel] = <[DeviceKernel; 1]>::try_from(kernels).expect("one kernel");
    (kernel, params)
}

#[test]
fn every_shape_alone_takes_the_runtimes_parameters() {
    for shape in shapes() {
        let layout = packed(std::slice::from_ref(&shape));
        for (handler, emulated) in [(false, false), (true, false), (true, true)] {
            let (kernel, params) = wrap(&layout, handler, emulated);
            assert_eq!(kernel.layout, layout);
            assert_eq!(kernel.spec_constants_buffer, emulated, "{shape:?}");
            assert_eq!(params, declared(&kernel.runtime_parameters()), "{shape:?}");
        }
    }
}

#[test]
fn all_shapes_in_one_object_take_the_runtimes_parameters() {
    let layout = packed(&shapes());
    let (kernel, params) = wrap(&layout, true, true);
    let expected: Vec<RuntimeParameter> = kernel
        .descriptors()
        .iter()
        .flat_map(ParamDescriptor::runtime_parameters)
        .collect();
    assert_eq!(params, declared(&expected));
    assert_eq!(kernel.descriptors().len(), shapes().len() + 1);
}

/// One kernel's parameters written out by hand from the runtime's rules (four per accessor:
/// memory, access range, memory range, offset; the buffer last), not from `kernel_abi`.
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
    let (_, params) = wrap(&layout, true, true);
    let memory = |address_space| ParameterType::Pointer { address_space };
    let bytes = |size| ParameterType::Bytes { size };
    assert_eq!(
        params,
        [
            memory(2),
            bytes(16),
            bytes(16),
            bytes(16),
            memory(1),
            memory(3),
            bytes(8),
            bytes(8),
            bytes(8),
            bytes(4),
            memory(1),
        ]
    );
}

#[test]
fn an_argument_outside_the_object_is_refused_before_anything_is_renamed() {
    let mut layout = packed(&[ArgumentKind::Pointer]);
    layout.arguments[0].offset = 4;
    let ctx = Context::new();
    let mut module = ctx
        .parse_ir(module_text(8, false).into_bytes(), "test")
        .expect("parses");
    let error = wrap_kernels(&mut module, false, "k.cpp", |_| Some(layout.clone()))
        .expect_err("bytes 4..12 of an 8-byte object");
    assert!(error.to_string().contains("lies outside"), "{error}");
    assert!(module.get_function("_ZTS1K").is_some());
}

/// xorshift64*, seeded: the property test below is reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

/// Random objects (1 to 8 arguments of random shapes, with padding before each and after the
/// last): each wrapper verifies, takes the runtime's parameters for its descriptors, and has
/// one descriptor per argument at the argument's offset.
#[test]
fn random_objects_take_the_runtimes_parameters() {
    let shapes = shapes();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..150 {
        let mut offset = 0;
        let mut arguments = Vec::new();
        for _ in 0..=rng.below(8) {
            offset += rng.below(3) * 4;
            let index = usize::try_from(rng.below(shapes.len() as u64)).unwrap_or(0);
            let argument = KernelArgument {
                offset,
                kind: shapes[index].clone(),
            };
            offset += argument.footprint();
            arguments.push(argument);
        }
        let layout = KernelLayout {
            object_size: offset + rng.below(2) * 8,
            arguments,
        };
        let (handler, emulated) = (rng.below(2) == 1, rng.below(2) == 1);
        let (kernel, params) = wrap(&layout, handler, emulated);
        assert_eq!(params, declared(&kernel.runtime_parameters()), "{layout:?}");
        let descriptors = kernel.descriptors();
        for (argument, descriptor) in layout.arguments.iter().zip(&descriptors) {
            assert_eq!(u64::from(descriptor.offset), argument.offset);
        }
        let buffer = usize::from(handler && emulated);
        assert_eq!(descriptors.len(), layout.arguments.len() + buffer);
    }
}
