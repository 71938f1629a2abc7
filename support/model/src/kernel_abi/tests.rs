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

#[test]
fn accessors_expand_to_memory_in_their_space_and_three_ranges() {
    let expand = |kind| at(0, kind).descriptor().runtime_parameters();
    let ranges = |size| [RuntimeParameter::Bytes { size }; 3];
    let memory = |address_space| RuntimeParameter::Memory { address_space };
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

#[test]
fn a_stream_expands_to_three_global_accessors_and_its_flush_size() {
    let parameters = at(0, ArgumentKind::Stream { size: 144 })
        .descriptor()
        .runtime_parameters();
    for accessor in parameters[..12].chunks(4) {
        assert_eq!(
            accessor,
            [
                RuntimeParameter::Memory { address_space: 1 },
                RuntimeParameter::Bytes { size: 8 },
                RuntimeParameter::Bytes { size: 8 },
                RuntimeParameter::Bytes { size: 8 },
            ]
        );
    }
    assert_eq!(parameters[12], RuntimeParameter::Bytes { size: 8 });
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
            assert_eq!(
                last.runtime_parameters(),
                [RuntimeParameter::Memory { address_space: 1 }]
            );
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
    assert_eq!(BufferTarget::Device.address_space(), GLOBAL_SPACE);
    assert_eq!(BufferTarget::ConstantBuffer.address_space(), CONSTANT_SPACE);
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
