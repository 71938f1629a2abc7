//! The kernel ABI, in one place: how a kernel object (a lambda closure or functor) reaches a
//! device kernel through Intel's runtime.
//!
//! 1. **Decomposition.** A kernel object is a list of [`KernelArgument`]s: pointers, buffer and
//!    local accessors and streams apart, everything else as bytes. The front end (libclang's
//!    host layout) and the device compile (its debug information) each walk the object; both
//!    ask [`special_argument`] what a SYCL class becomes, so the two walks cannot classify a
//!    class differently. The driver compares their results ([`KernelLayout::disagreement`]).
//! 2. **Descriptors.** The integration header gives the runtime one
//!    `kernel_param_desc_t{kind, info, offset}` per argument ([`KernelArgument::descriptor`]),
//!    plus the emulated spec-constant buffer's last ([`DeviceKernel::descriptors`]).
//! 3. **The runtime's expansion.** The runtime turns each descriptor into kernel parameters
//!    ([`ParamDescriptor::runtime_parameters`]): an accessor into four, a stream into thirteen.
//!    The wrapper kernels take exactly these parameters, in this order, and rebuild the object
//!    from them: each argument fills [`KernelArgument::footprint`] bytes at its offset.

use std::fmt;

/// `sycl::access::target` values the tool chain handles.
pub(crate) const TARGET_DEVICE: u32 = 2014;
pub(crate) const TARGET_CONSTANT_BUFFER: u32 = 2015;
pub(crate) const TARGET_LOCAL: u32 = 2016;

/// SYCL classes that DPC++ passes as decomposed kernel arguments rather than as bytes
/// (the buffer and local accessors and `stream` are supported; [`special_argument`]).
pub const SPECIAL_KERNEL_ARGUMENT_CLASSES: &[&str] = &[
    "accessor",
    "local_accessor",
    "host_accessor",
    "sampler",
    "stream",
    "unsampled_image_accessor",
    "sampled_image_accessor",
    "host_unsampled_image_accessor",
    "host_sampled_image_accessor",
    "image_accessor",
    "work_group_memory",
    "dynamic_work_group_memory",
    "dynamic_accessor",
    "dynamic_local_accessor",
];

/// SPIR address spaces of the memory kernel arguments point to.
pub const GLOBAL_SPACE: u32 = 1;
pub(crate) const CONSTANT_SPACE: u32 = 2;
pub const LOCAL_SPACE: u32 = 3;

/// A buffer accessor's access target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferTarget {
    /// `target::device` (global memory).
    Device,
    /// `target::constant_buffer` (constant memory).
    ConstantBuffer,
}

impl BufferTarget {
    /// The target of a `sycl::access::target` value, if it is a buffer target.
    pub(crate) fn from_value(value: u32) -> Option<BufferTarget> {
        match value {
            TARGET_DEVICE => Some(BufferTarget::Device),
            TARGET_CONSTANT_BUFFER => Some(BufferTarget::ConstantBuffer),
            _ => None,
        }
    }

    /// Its `sycl::access::target` value.
    pub fn value(self) -> u32 {
        match self {
            BufferTarget::Device => TARGET_DEVICE,
            BufferTarget::ConstantBuffer => TARGET_CONSTANT_BUFFER,
        }
    }

    /// The SPIR address space of the memory it accesses.
    pub fn address_space(self) -> u32 {
        match self {
            BufferTarget::Device => GLOBAL_SPACE,
            BufferTarget::ConstantBuffer => CONSTANT_SPACE,
        }
    }
}

/// One kernel argument, at `offset` bytes into the kernel object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArgument {
    pub offset: u64,
    pub kind: ArgumentKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgumentKind {
    /// Bytes copied as they are (`kind_std_layout`).
    Bytes { size: u64 },
    /// A USM or raw pointer to global memory (`kind_pointer`).
    Pointer,
    /// A buffer accessor (`kind_accessor`): its device form is filled as its `__init` does.
    Accessor {
        target: BufferTarget,
        dimensions: u32,
        element_size: u64,
        /// The accessor stores its offset (its property list has no `no_offset`).
        keeps_offset: bool,
    },
    /// A `local_accessor` (`kind_accessor`, target `local`): work-group local memory of the
    /// size the runtime allocates.
    LocalAccessor { dimensions: u32 },
    /// A `sycl::stream` of `size` bytes (`kind_stream`): its three buffer accessors and flush
    /// buffer size go to the stream's own `__init`.
    Stream { size: u64 },
}

/// The runtime reads an accessor descriptor's `info` as target | dimensions << 11.
const DIMENSIONS_SHIFT: u32 = 11;
const TARGET_MASK: u32 = (1 << DIMENSIONS_SHIFT) - 1;

/// Bytes of one device accessor range (`id` or `range`): a `size_t` per dimension, at least
/// one (a 0-dimensional accessor keeps one).
pub fn range_bytes(dimensions: u32) -> u64 {
    u64::from(dimensions.max(1)) * 8
}

/// Bytes of a device accessor: three ranges (offset, access range, memory range), then the
/// pointer.
pub fn accessor_bytes(dimensions: u32) -> u64 {
    range_bytes(dimensions) * 3 + 8
}

impl KernelArgument {
    /// How many bytes of the object it fills on the device.
    pub fn footprint(&self) -> u64 {
        match self.kind {
            ArgumentKind::Bytes { size } | ArgumentKind::Stream { size } => size,
            ArgumentKind::Pointer => 8,
            ArgumentKind::Accessor { dimensions, .. }
            | ArgumentKind::LocalAccessor { dimensions } => accessor_bytes(dimensions),
        }
    }

    /// Its descriptor, as DPC++ writes it in the integration header.
    pub fn descriptor(&self) -> ParamDescriptor {
        let clamp = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        let offset = clamp(self.offset);
        let (kind, info) = match self.kind {
            ArgumentKind::Bytes { size } => (ParamKind::StdLayout, clamp(size)),
            ArgumentKind::Pointer => (ParamKind::Pointer, 8),
            ArgumentKind::Accessor {
                target, dimensions, ..
            } => (
                ParamKind::Accessor,
                target.value() | dimensions << DIMENSIONS_SHIFT,
            ),
            ArgumentKind::LocalAccessor { dimensions } => (
                ParamKind::Accessor,
                TARGET_LOCAL | dimensions << DIMENSIONS_SHIFT,
            ),
            // DPC++ writes the stream's size (`sizeof(sycl::stream)`) as its info.
            ArgumentKind::Stream { size } => (ParamKind::Stream, clamp(size)),
        };
        ParamDescriptor { kind, info, offset }
    }
}

impl fmt::Display for KernelArgument {
    /// The argument in words, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let offset = self.offset;
        match self.kind {
            ArgumentKind::Bytes { size } => write!(f, "{size} bytes at offset {offset}"),
            ArgumentKind::Pointer => write!(f, "a pointer at offset {offset}"),
            ArgumentKind::Accessor {
                dimensions,
                element_size,
                keeps_offset,
                ..
            } => write!(
                f,
                "a {dimensions}-dimensional accessor of {element_size}-byte elements{} at offset {offset}",
                if keeps_offset { "" } else { " (no_offset)" }
            ),
            ArgumentKind::LocalAccessor { dimensions } => write!(
                f,
                "a {dimensions}-dimensional local accessor at offset {offset}"
            ),
            ArgumentKind::Stream { size } => {
                write!(f, "a {size}-byte sycl::stream at offset {offset}")
            }
        }
    }
}

/// What a walk over a kernel object knows of one SYCL special class (an instance of a
/// template in [`SPECIAL_KERNEL_ARGUMENT_CLASSES`]), read lazily: each walk reads template
/// arguments its own way.
pub trait SpecialClassFacts {
    /// The first template argument's size (an accessor's element type).
    fn element_size(&self) -> Option<u64>;
    /// Integral template argument `index` (an accessor's dimensions are argument 1, its
    /// target argument 3).
    fn integral_argument(&self, index: usize) -> Option<u64>;
    /// Does the property list (template argument 5) name `no_offset`?
    fn has_no_offset(&self) -> bool;
    /// `sizeof` the class.
    fn size(&self) -> Option<u64>;
}

/// What SYCL class template `template` (its unqualified name) becomes as a kernel argument:
/// `None` when it cannot be passed (samplers, images, host accessors, …, or facts missing).
pub fn special_argument(template: &str, facts: &impl SpecialClassFacts) -> Option<ArgumentKind> {
    let integral = |index| {
        facts
            .integral_argument(index)
            .and_then(|v| u32::try_from(v).ok())
    };
    match template {
        "stream" => facts.size().map(|size| ArgumentKind::Stream { size }),
        "local_accessor" => {
            integral(1).map(|dimensions| ArgumentKind::LocalAccessor { dimensions })
        }
        "accessor" => {
            let dimensions = integral(1)?;
            let target = integral(3)?;
            if target == TARGET_LOCAL {
                return Some(ArgumentKind::LocalAccessor { dimensions });
            }
            Some(ArgumentKind::Accessor {
                target: BufferTarget::from_value(target)?,
                dimensions,
                element_size: facts.element_size().filter(|&s| s > 0)?,
                keeps_offset: !facts.has_no_offset(),
            })
        }
        _ => None,
    }
}

/// How one kernel's object reaches the device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelLayout {
    /// `sizeof` the object on the host.
    pub object_size: u64,
    pub arguments: Vec<KernelArgument>,
}

impl KernelLayout {
    /// Every argument's value lies inside the object; otherwise says which does not.
    pub fn check_bounds(&self) -> Result<(), String> {
        let object_size = self.object_size;
        for argument in &self.arguments {
            let (offset, size) = (argument.offset, argument.footprint());
            if offset.checked_add(size).is_none_or(|end| end > object_size) {
                return Err(format!(
                    "an argument at bytes {offset}..{} lies outside the {object_size}-byte kernel object",
                    offset.saturating_add(size)
                ));
            }
        }
        Ok(())
    }

    /// Where this description of a kernel object (the front end's) disagrees with `device`
    /// (the device compile's): `None` when they are the same argument for argument.
    pub fn disagreement(&self, device: &KernelLayout) -> Option<String> {
        if self.object_size != device.object_size {
            return Some(format!(
                "the object is {} bytes to the front end but {} bytes to the device compile",
                self.object_size, device.object_size
            ));
        }
        let (host, device) = (&self.arguments, &device.arguments);
        let words = |a: Option<&KernelArgument>| a.map_or("nothing".to_string(), |a| a.to_string());
        (0..host.len().max(device.len())).find_map(|i| {
            let (h, d) = (host.get(i), device.get(i));
            (h != d).then(|| {
                format!(
                    "argument {}: the front end passes {}, the device kernel expects {} \
                     ({} arguments against {})",
                    i + 1,
                    words(h),
                    words(d),
                    host.len(),
                    device.len()
                )
            })
        })
    }
}

/// A device kernel as the runtime calls it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceKernel {
    /// The device kernel's name (`_ZTS…`), as the runtime looks it up.
    pub name: String,
    pub layout: KernelLayout,
    /// The kernel takes the emulated spec-constant buffer after its object's arguments.
    pub spec_constants_buffer: bool,
}

impl DeviceKernel {
    /// Its descriptors in order, as the integration header lists them.
    pub fn descriptors(&self) -> Vec<ParamDescriptor> {
        let mut descriptors: Vec<ParamDescriptor> = self
            .layout
            .arguments
            .iter()
            .map(KernelArgument::descriptor)
            .collect();
        if self.spec_constants_buffer {
            descriptors.push(ParamDescriptor {
                kind: ParamKind::SpecConstantsBuffer,
                info: 0,
                offset: 0,
            });
        }
        descriptors
    }

    /// The parameters the runtime calls the kernel with: every descriptor expanded.
    pub fn runtime_parameters(&self) -> Vec<RuntimeParameter> {
        self.descriptors()
            .iter()
            .flat_map(ParamDescriptor::runtime_parameters)
            .collect()
    }
}

/// `sycl::detail::kernel_param_kind_t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    Accessor = 0,
    StdLayout = 1,
    Pointer = 3,
    SpecConstantsBuffer = 4,
    Stream = 5,
}

impl ParamKind {
    /// The enumerator's name in `kernel_param_kind_t`.
    pub fn spelling(self) -> &'static str {
        match self {
            ParamKind::Accessor => "kind_accessor",
            ParamKind::StdLayout => "kind_std_layout",
            ParamKind::Pointer => "kind_pointer",
            ParamKind::SpecConstantsBuffer => "kind_specialization_constants_buffer",
            ParamKind::Stream => "kind_stream",
        }
    }
}

/// One descriptor as the runtime reads it (`kernel_param_desc_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamDescriptor {
    pub kind: ParamKind,
    /// Size in bytes for `kind_std_layout` and `kind_stream`; access target and dimensions for
    /// accessors.
    pub info: u32,
    /// Offset in the host-side kernel object.
    pub offset: u32,
}

/// One parameter of a device kernel as the runtime passes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuntimeParameter {
    /// The address of memory in SPIR address space `address_space` (a buffer, local memory
    /// the runtime allocates, a USM pointer).
    Memory { address_space: u32 },
    /// `size` bytes, by value.
    Bytes { size: u64 },
}

impl ParamDescriptor {
    /// The kernel parameters the runtime passes for this descriptor. An accessor's are its
    /// memory, then its access range, memory range and offset; a stream's are its three
    /// one-dimensional buffer accessors' (output, offsets, flush buffer), then the flush
    /// buffer's size.
    pub fn runtime_parameters(&self) -> Vec<RuntimeParameter> {
        let accessor = |address_space, dimensions| {
            let range = RuntimeParameter::Bytes {
                size: range_bytes(dimensions),
            };
            [
                RuntimeParameter::Memory { address_space },
                range,
                range,
                range,
            ]
        };
        match self.kind {
            ParamKind::StdLayout => vec![RuntimeParameter::Bytes {
                size: u64::from(self.info),
            }],
            ParamKind::Pointer | ParamKind::SpecConstantsBuffer => {
                vec![RuntimeParameter::Memory {
                    address_space: GLOBAL_SPACE,
                }]
            }
            ParamKind::Accessor => {
                let dimensions = self.info >> DIMENSIONS_SHIFT;
                let space = match self.info & TARGET_MASK {
                    TARGET_LOCAL => LOCAL_SPACE,
                    TARGET_CONSTANT_BUFFER => CONSTANT_SPACE,
                    _ => GLOBAL_SPACE,
                };
                accessor(space, dimensions).to_vec()
            }
            ParamKind::Stream => {
                let mut parameters = Vec::new();
                for _ in 0..3 {
                    parameters.extend(accessor(GLOBAL_SPACE, 1));
                }
                parameters.push(RuntimeParameter::Bytes { size: 8 });
                parameters
            }
        }
    }
}

#[cfg(test)]
mod tests;
