//! The kernel ABI against facts written down by hand: the descriptors DPC++'s integration
//! header holds for each argument shape (`kernel_param_desc_t{kind, info, offset}`), the
//! parameters Intel's runtime passes for each, and the device classes' sizes.

use super::*;

fn at(offset: u64, kind: ArgumentKind) -> KernelArgument {
    KernelArgument { offset, kind }
}

fn accessor(target: BufferTarget, dimensions: u32, keeps_offset: bool) -> ArgumentKind {
    ArgumentKind::Accessor {
        target,
        dimensions,
        element_size: 4,
        keeps_offset,
    }
}

/// Every argument shape: (argument kind, DPC++'s descriptor kind and info, the number of
/// kernel parameters the runtime passes, the bytes the device class takes).
fn shapes() -> Vec<(ArgumentKind, ParamKind, u32, usize, u64)> {
    use BufferTarget::{ConstantBuffer, Device};
    vec![
        (
            ArgumentKind::Bytes { size: 1 },
            ParamKind::StdLayout,
            1,
            1,
            1,
        ),
        (
            ArgumentKind::Bytes { size: 12 },
            ParamKind::StdLayout,
            12,
            1,
            12,
        ),
        (ArgumentKind::Pointer, ParamKind::Pointer, 8, 1, 8),
        // target::device is 2014, dimensions from bit 11 on.
        (accessor(Device, 0, true), ParamKind::Accessor, 2014, 4, 32),
        (accessor(Device, 1, true), ParamKind::Accessor, 4062, 4, 32),
        (accessor(Device, 1, false), ParamKind::Accessor, 4062, 4, 32),
        (accessor(Device, 2, true), ParamKind::Accessor, 6110, 4, 56),
        (accessor(Device, 3, true), ParamKind::Accessor, 8158, 4, 80),
        (accessor(Device, 3, false), ParamKind::Accessor, 8158, 4, 80),
        (
            accessor(ConstantBuffer, 1, true),
            ParamKind::Accessor,
            4063,
            4,
            32,
        ),
        (
            accessor(ConstantBuffer, 2, false),
            ParamKind::Accessor,
            6111,
            4,
            56,
        ),
        (
            ArgumentKind::LocalAccessor { dimensions: 1 },
            ParamKind::Accessor,
            4064,
            4,
            32,
        ),
        (
            ArgumentKind::LocalAccessor { dimensions: 2 },
            ParamKind::Accessor,
            6112,
            4,
            56,
        ),
        (
            ArgumentKind::LocalAccessor { dimensions: 3 },
            ParamKind::Accessor,
            8160,
            4,
            80,
        ),
        // sizeof(sycl::stream) in Intel's headers; three accessors and the flush size.
        (
            ArgumentKind::Stream { size: 144 },
            ParamKind::Stream,
            144,
            13,
            144,
        ),
    ]
}

#[test]
fn every_shape_has_dpcpp_descriptor_and_the_runtime_parameter_count() {
    for (kind, param_kind, info, parameters, bytes) in shapes() {
        let argument = at(24, kind.clone());
        let descriptor = argument.descriptor();
        assert_eq!(
            descriptor,
            ParamDescriptor {
                kind: param_kind,
                info,
                offset: 24
            },
            "{kind:?}"
        );
        assert_eq!(
            descriptor.runtime_parameters().len(),
            parameters,
            "{kind:?}"
        );
        assert_eq!(argument.footprint(), bytes, "{kind:?}");
    }
}

/// A parameter as a spir64 kernel declares it.
fn spir(parameter: &RuntimeParameter) -> ParameterType {
    parameter.ty(Target::Spir64)
}

#[test]
fn accessors_expand_to_memory_in_their_space_and_three_ranges() {
    let expand = |kind| {
        at(0, kind)
            .descriptor()
            .runtime_parameters()
            .iter()
            .map(spir)
            .collect::<Vec<_>>()
    };
    let ranges = |size| [ParameterType::Bytes { size }; 3];
    let memory = |address_space| ParameterType::Pointer { address_space };
    let device_2d = expand(accessor(BufferTarget::Device, 2, true));
    assert_eq!(device_2d[0], memory(1));
    assert_eq!(device_2d[1..], ranges(16));
    let constant_3d = expand(accessor(BufferTarget::ConstantBuffer, 3, false));
    assert_eq!(constant_3d[0], memory(2));
    assert_eq!(constant_3d[1..], ranges(24));
    let local_1d = expand(ArgumentKind::LocalAccessor { dimensions: 1 });
    assert_eq!(local_1d[0], memory(3));
    assert_eq!(local_1d[1..], ranges(8));
    // A 0-dimensional accessor keeps one-element ranges.
    assert_eq!(
        expand(accessor(BufferTarget::Device, 0, true))[1..],
        ranges(8)
    );
}

/// The runtime's order, written down from its `kernel_param_kind_t` handling: memory, access
/// range, memory range, offset.
#[test]
fn accessor_parameters_carry_their_roles_in_the_runtimes_order() {
    use AccessorPart::{AccessRange, Data, MemoryRange, Offset};
    for kind in [
        accessor(BufferTarget::Device, 2, true),
        ArgumentKind::LocalAccessor { dimensions: 3 },
    ] {
        let roles: Vec<Role> = at(0, kind)
            .descriptor()
            .runtime_parameters()
            .iter()
            .map(RuntimeParameter::role)
            .collect();
        assert_eq!(
            roles,
            [Data, AccessRange, MemoryRange, Offset].map(Role::Accessor)
        );
    }
    let role = |kind| at(0, kind).descriptor().runtime_parameters()[0].role();
    assert_eq!(role(ArgumentKind::Pointer), Role::Pointer);
    assert_eq!(role(ArgumentKind::Bytes { size: 4 }), Role::Value);
}

#[test]
fn a_stream_expands_to_three_global_accessors_and_its_flush_size() {
    let parameters = at(0, ArgumentKind::Stream { size: 144 })
        .descriptor()
        .runtime_parameters();
    assert_eq!(parameters, stream_parameters());
    for (accessor, buffer) in parameters[..12].chunks(4).zip([
        StreamBuffer::Output,
        StreamBuffer::Offsets,
        StreamBuffer::Flush,
    ]) {
        assert_eq!(
            accessor.iter().map(spir).collect::<Vec<_>>(),
            [
                ParameterType::Pointer { address_space: 1 },
                ParameterType::Bytes { size: 8 },
                ParameterType::Bytes { size: 8 },
                ParameterType::Bytes { size: 8 },
            ]
        );
        assert_eq!(
            accessor[0].role(),
            Role::StreamBuffer(buffer, AccessorPart::Data)
        );
        assert_eq!(
            accessor[3].role(),
            Role::StreamBuffer(buffer, AccessorPart::Offset)
        );
    }
    assert_eq!(spir(&parameters[12]), ParameterType::Bytes { size: 8 });
    assert_eq!(parameters[12].role(), Role::StreamFlushSize);
}

/// The address spaces of SPIR-V (the SPIR mapping clang uses for `spir64`) and of LLVM's
/// NVPTX back end, written down by hand.
#[test]
fn targets_number_their_address_spaces() {
    let spaces = |target: Target| {
        [
            Memory::Global,
            Memory::Constant,
            Memory::Local,
            Memory::Generic,
            Memory::Private,
        ]
        .map(|memory| target.address_space(memory))
    };
    assert_eq!(spaces(Target::Spir64), [1, 2, 3, 4, 0]);
    assert_eq!(spaces(Target::Nvptx64), [1, 4, 3, 0, 5]);
}

/// A `constant_buffer` accessor's memory is SPIR's constant space on spir64 but global memory
/// on nvptx64 (Intel's `DecoratedType<T, constant_space>` is `__OPENCL_GLOBAL_AS__ T`; the
/// CUDA adapter passes a device pointer); a `device` accessor's is global on both.
#[test]
fn a_constant_buffer_is_constant_memory_on_spir64_and_global_on_nvptx64() {
    let data = |target: BufferTarget, on: Target| {
        at(0, accessor(target, 1, true))
            .descriptor()
            .runtime_parameters()[0]
            .ty(on)
    };
    let space = |address_space| ParameterType::Pointer { address_space };
    assert_eq!(data(BufferTarget::ConstantBuffer, Target::Spir64), space(2));
    assert_eq!(
        data(BufferTarget::ConstantBuffer, Target::Nvptx64),
        space(1)
    );
    assert_eq!(data(BufferTarget::Device, Target::Spir64), space(1));
    assert_eq!(data(BufferTarget::Device, Target::Nvptx64), space(1));
}

/// Device triples as clang-22 writes them (`-fsycl-device-only` for spir64, upstream's
/// `spirv64`, `--offload-targets=nvptx64-nvidia-cuda`); a host triple is no device target.
#[test]
fn device_triples_name_their_targets() {
    assert_eq!(
        Target::from_triple("spir64-unknown-unknown"),
        Some(Target::Spir64)
    );
    assert_eq!(
        Target::from_triple("spirv64-unknown-unknown"),
        Some(Target::Spir64)
    );
    assert_eq!(Target::from_triple("spir64"), Some(Target::Spir64));
    assert_eq!(
        Target::from_triple("nvptx64-nvidia-cuda"),
        Some(Target::Nvptx64)
    );
    assert_eq!(Target::from_triple("x86_64-unknown-linux-gnu"), None);
    assert_eq!(Target::from_triple("nvptx-nvidia-cuda"), None);
    assert_eq!(Target::from_triple(""), None);
}

/// `alloca`s are in address space 0 on both targets (SPIR's private space; NVPTX's generic
/// space, in which clang emits them for `nvptx64`).
#[test]
fn allocas_are_in_address_space_zero_on_both_targets() {
    assert_eq!(Target::Spir64.alloca_address_space(), 0);
    assert_eq!(Target::Nvptx64.alloca_address_space(), 0);
}

/// CUDA passes a local accessor's memory as an offset into dynamic shared memory, SPIR-V as a
/// pointer; the other parameters are declared alike.
#[test]
fn a_local_accessor_is_a_pointer_on_spir64_and_an_offset_on_nvptx64() {
    let parameters = at(0, ArgumentKind::LocalAccessor { dimensions: 1 })
        .descriptor()
        .runtime_parameters();
    assert_eq!(
        parameters[0].ty(Target::Spir64),
        ParameterType::Pointer { address_space: 3 }
    );
    assert_eq!(
        parameters[0].ty(Target::Nvptx64),
        ParameterType::DynamicSharedOffset
    );
    assert_eq!(
        parameters[1].ty(Target::Nvptx64),
        ParameterType::Bytes { size: 8 }
    );
    let pointer = at(0, ArgumentKind::Pointer)
        .descriptor()
        .runtime_parameters()[0];
    assert_eq!(
        pointer.ty(Target::Nvptx64),
        ParameterType::Pointer { address_space: 1 }
    );
}

/// Intel's device classes (`sycl/accessor.hpp`): `accessor` holds `AccessorImplDevice{id
/// Offset; range AccessRange; range MemRange}` then its pointer; `local_accessor_base` holds
/// `LocalAccessorBaseDevice{range AccessRange; range MemRange; id Offset}` then its pointer.
#[test]
fn device_accessor_classes_store_their_parts_in_intels_order() {
    use AccessorPart::{AccessRange, Data, MemoryRange, Offset};
    let offsets = |local, dimensions| {
        [Offset, AccessRange, MemoryRange, Data].map(|p| p.device_offset(local, dimensions))
    };
    assert_eq!(offsets(false, 1), [0, 8, 16, 24]);
    assert_eq!(offsets(false, 3), [0, 24, 48, 72]);
    assert_eq!(offsets(true, 2), [32, 0, 16, 48]);
    // A 0-dimensional accessor keeps one-element ranges.
    assert_eq!(offsets(false, 0), [0, 8, 16, 24]);
    for dimensions in 0..=3 {
        assert_eq!(
            Data.device_offset(false, dimensions) + 8,
            accessor_bytes(dimensions)
        );
    }
}

/// All shapes packed into one object, one after another.
fn packed() -> KernelLayout {
    let mut offset = 0;
    let mut arguments = Vec::new();
    for (kind, ..) in shapes() {
        let argument = at(offset, kind);
        offset += argument.footprint();
        arguments.push(argument);
    }
    KernelLayout {
        object_size: offset,
        arguments,
    }
}

#[test]
fn a_kernel_lists_its_descriptors_then_the_spec_constant_buffer() {
    let layout = packed();
    let expected_parameters: usize = shapes().iter().map(|s| s.3).sum();
    for buffer in [false, true] {
        let kernel = DeviceKernel {
            name: "_ZTS1K".into(),
            layout: layout.clone(),
            spec_constants_buffer: buffer,
        };
        let descriptors = kernel.descriptors();
        assert_eq!(descriptors.len(), shapes().len() + usize::from(buffer));
        assert_eq!(
            kernel.runtime_parameters().len(),
            expected_parameters + usize::from(buffer)
        );
        if buffer {
            let last = descriptors[descriptors.len() - 1];
            assert_eq!(last.kind as u32, 4);
            let [buffer] = <[RuntimeParameter; 1]>::try_from(last.runtime_parameters())
                .expect("one parameter");
            assert_eq!(spir(&buffer), ParameterType::Pointer { address_space: 1 });
            assert_eq!(buffer.role(), Role::SpecConstantsBuffer);
        }
    }
    assert_eq!(ParamKind::Accessor as u32, 0);
    assert_eq!(ParamKind::StdLayout as u32, 1);
    assert_eq!(ParamKind::Pointer as u32, 3);
    assert_eq!(ParamKind::Stream as u32, 5);
}

#[test]
fn arguments_must_lie_inside_the_object() {
    let mut layout = packed();
    assert_eq!(layout.check_bounds(), Ok(()));
    layout.object_size -= 1;
    let error = layout
        .check_bounds()
        .expect_err("the stream's last byte is outside");
    assert!(error.contains("lies outside the"), "{error}");
    let huge = KernelLayout {
        object_size: 8,
        arguments: vec![at(u64::MAX, ArgumentKind::Pointer)],
    };
    assert!(huge.check_bounds().is_err());
}

#[test]
fn layouts_disagree_on_any_difference() {
    let layout = packed();
    assert_eq!(layout.disagreement(&layout), None);
    for i in 0..layout.arguments.len() {
        let mut other = layout.clone();
        other.arguments[i].offset += 1;
        let why = layout.disagreement(&other).expect("an offset differs");
        assert!(why.starts_with(&format!("argument {}:", i + 1)), "{why}");
    }
    let mut shorter = layout.clone();
    shorter.arguments.pop();
    let why = layout.disagreement(&shorter).expect("one argument fewer");
    assert!(why.contains("the device kernel expects nothing"), "{why}");
    let mut bigger = layout.clone();
    bigger.object_size += 8;
    assert!(
        layout
            .disagreement(&bigger)
            .is_some_and(|why| why.starts_with("the object is"))
    );
}

#[test]
fn an_accessor_described_as_bytes_is_a_disagreement() {
    let device = KernelLayout {
        object_size: 40,
        arguments: vec![
            at(0, accessor(BufferTarget::Device, 1, true)),
            at(32, ArgumentKind::Bytes { size: 4 }),
        ],
    };
    assert_eq!(device.disagreement(&device), None);
    let as_bytes = KernelLayout {
        object_size: 40,
        arguments: vec![at(0, ArgumentKind::Bytes { size: 40 })],
    };
    let why = as_bytes.disagreement(&device).expect("disagrees");
    assert!(
        why.contains("argument 1: the front end passes 40 bytes at offset 0"),
        "{why}"
    );
    assert!(why.contains("expects a 1-dimensional accessor"), "{why}");
    // A lost argument (a base class's accessor the front end did not see).
    let lost = KernelLayout {
        object_size: 40,
        arguments: vec![at(32, ArgumentKind::Bytes { size: 4 })],
    };
    assert!(lost.disagreement(&device).is_some());
    let shorter = KernelLayout {
        object_size: 40,
        arguments: device.arguments[..1].to_vec(),
    };
    let why = shorter.disagreement(&device).expect("disagrees");
    assert!(
        why.contains("argument 2: the front end passes nothing"),
        "{why}"
    );
    let smaller = KernelLayout {
        object_size: 36,
        ..device.clone()
    };
    assert!(
        smaller
            .disagreement(&device)
            .is_some_and(|w| w.contains("36 bytes"))
    );
}

/// A special class's facts as a walk would read them.
#[derive(Default)]
struct Facts {
    element_size: Option<u64>,
    integral: Vec<Option<u64>>,
    no_offset: bool,
    size: Option<u64>,
}

impl SpecialClassFacts for Facts {
    fn element_size(&self) -> Option<u64> {
        self.element_size
    }
    fn integral_argument(&self, index: usize) -> Option<u64> {
        self.integral.get(index).copied().flatten()
    }
    fn has_no_offset(&self) -> bool {
        self.no_offset
    }
    fn size(&self) -> Option<u64> {
        self.size
    }
}

/// `accessor<float, dimensions, mode, target, placeholder, properties>`'s facts.
fn accessor_facts(dimensions: u64, target: u64, no_offset: bool) -> Facts {
    Facts {
        element_size: Some(4),
        integral: vec![None, Some(dimensions), Some(1026), Some(target)],
        no_offset,
        size: Some(32),
    }
}

#[test]
fn special_classes_become_arguments_only_where_the_runtime_can_pass_them() {
    assert_eq!(
        special_argument("accessor", &accessor_facts(2, 2014, false)),
        Some(accessor(BufferTarget::Device, 2, true))
    );
    assert_eq!(
        special_argument("accessor", &accessor_facts(1, 2015, true)),
        Some(accessor(BufferTarget::ConstantBuffer, 1, false))
    );
    // The deprecated accessor with target::local is a local accessor.
    assert_eq!(
        special_argument("accessor", &accessor_facts(3, 2016, false)),
        Some(ArgumentKind::LocalAccessor { dimensions: 3 })
    );
    // target::host_buffer (2018) and image targets cannot reach a kernel.
    assert_eq!(
        special_argument("accessor", &accessor_facts(1, 2018, false)),
        None
    );
    assert_eq!(
        special_argument("accessor", &accessor_facts(1, 2017, false)),
        None
    );
    let no_element = Facts {
        element_size: None,
        ..accessor_facts(1, 2014, false)
    };
    assert_eq!(special_argument("accessor", &no_element), None);
    let local = Facts {
        integral: vec![None, Some(2)],
        ..Facts::default()
    };
    assert_eq!(
        special_argument("local_accessor", &local),
        Some(ArgumentKind::LocalAccessor { dimensions: 2 })
    );
    let stream = Facts {
        size: Some(144),
        ..Facts::default()
    };
    assert_eq!(
        special_argument("stream", &stream),
        Some(ArgumentKind::Stream { size: 144 })
    );
    for refused in [
        "sampler",
        "host_accessor",
        "unsampled_image_accessor",
        "work_group_memory",
        "dynamic_accessor",
    ] {
        assert_eq!(
            special_argument(refused, &accessor_facts(1, 2014, false)),
            None
        );
        assert!(SPECIAL_KERNEL_ARGUMENT_CLASSES.contains(&refused));
    }
}

#[test]
fn buffer_targets_round_trip_and_name_their_memory() {
    for target in [BufferTarget::Device, BufferTarget::ConstantBuffer] {
        assert_eq!(BufferTarget::from_value(target.value()), Some(target));
    }
    assert_eq!(BufferTarget::Device.memory(), Memory::Global);
    assert_eq!(BufferTarget::ConstantBuffer.memory(), Memory::Constant);
    assert_eq!(BufferTarget::from_value(TARGET_LOCAL), None);
}

#[test]
fn arguments_read_as_words() {
    assert_eq!(
        at(16, accessor(BufferTarget::Device, 2, false)).to_string(),
        "a 2-dimensional accessor of 4-byte elements (no_offset) at offset 16"
    );
    assert_eq!(
        at(0, ArgumentKind::Stream { size: 144 }).to_string(),
        "a 144-byte sycl::stream at offset 0"
    );
}
