//! The kernel ABI, in one place: how a kernel object (a lambda closure or functor) reaches a
//! device kernel through Intel's runtime.
//!
//! 1. **Decomposition.** A kernel object is a list of [`KernelArgument`]s: pointers, buffer and
//!    local accessors and streams apart, everything else as bytes. The front end (libclang's
//!    host layout) and the device compile (its debug information) each walk the object with
//!    one algorithm ([`decompose::decompose`]); both ask [`special_argument`] what a SYCL class
//!    becomes, so the two walks cannot classify a class differently. The driver compares their
//!    results ([`KernelLayout::disagreement`]).
//! 2. **Descriptors.** The integration header gives the runtime one
//!    `kernel_param_desc_t{kind, info, offset}` per argument ([`KernelArgument::descriptor`]),
//!    plus the emulated spec-constant buffer's last ([`DeviceKernel::descriptors`]).
//! 3. **The runtime's expansion.** The runtime turns each descriptor into kernel parameters
//!    ([`ParamDescriptor::runtime_parameters`]): an accessor into four, a stream into thirteen.
//!    The wrapper kernels take exactly these parameters, in this order, and rebuild the object
//!    from them: each argument fills [`KernelArgument::footprint`] bytes at its offset. Every
//!    parameter has a [`Role`], so the wrappers find what they read by role, not by position.
//! 4. **The device side.** Where a wrapper puts what it read: the field order of the device
//!    accessor classes ([`AccessorPart::device_offset`]), the stream's `__init` parameters
//!    ([`stream_parameters`]) and the `kernel_handler`'s spec-constant buffer pointer
//!    ([`HANDLER_BUFFER_OFFSET`]), in the address spaces of the device target ([`Target`]).

use std::fmt;

pub mod decompose;

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

/// The memory a pointer of device code points into, whatever a target numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// Device memory: buffers, USM.
    Global,
    /// Read-only device memory of `target::constant_buffer` accessors.
    Constant,
    /// Work-group local memory (CUDA's shared memory).
    Local,
    /// The generic address space: any of the above, as C++ pointers in device code see them.
    Generic,
    /// A work-item's own memory (its stack).
    Private,
}

/// The device target whose kernel ABI the wrappers follow: it numbers the address spaces and
/// says how the runtime passes local memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// SPIR-V (`spir64`, JIT or ahead of time for the CPU device).
    Spir64,
    /// PTX for CUDA devices (`nvptx64`).
    Nvptx64,
}

/// How the runtime passes the memory of a local accessor on a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalMemoryParameter {
    /// A pointer into local memory the runtime allocated (OpenCL, SPIR-V).
    Pointer,
    /// A `size_t` byte offset into the launch's dynamic shared memory (CUDA).
    DynamicSharedOffset,
}

impl Target {
    /// The LLVM address space of `memory` on this target.
    pub fn address_space(self, memory: Memory) -> u32 {
        match (self, memory) {
            (_, Memory::Global) => 1,
            (Target::Spir64, Memory::Constant) => 2,
            (_, Memory::Local) => 3,
            (Target::Spir64, Memory::Generic) => 4,
            (Target::Spir64, Memory::Private) => 0,
            (Target::Nvptx64, Memory::Constant) => 4,
            (Target::Nvptx64, Memory::Generic) => 0,
            (Target::Nvptx64, Memory::Private) => 5,
        }
    }

    /// How the runtime passes a local accessor's memory.
    pub fn local_memory_parameter(self) -> LocalMemoryParameter {
        match self {
            Target::Spir64 => LocalMemoryParameter::Pointer,
            Target::Nvptx64 => LocalMemoryParameter::DynamicSharedOffset,
        }
    }

    /// The memory a kernel parameter for `memory` points into on this target. CUDA binds no
    /// constant buffers: Intel's CUDA adapter passes device memory for every buffer, and
    /// Intel's device `accessor` keeps even a `constant_buffer` accessor's pointer in the
    /// global space (`DecoratedType<…, constant_space>` is `__OPENCL_GLOBAL_AS__`), as
    /// DPC++'s CUDA kernels take it.
    pub fn parameter_memory(self, memory: Memory) -> Memory {
        match (self, memory) {
            (Target::Nvptx64, Memory::Constant) => Memory::Global,
            _ => memory,
        }
    }

    /// The target of a device module's triple (`spir64-unknown-unknown`, upstream's
    /// `spirv64-unknown-unknown`, `nvptx64-nvidia-cuda`), by its architecture; `None` for a
    /// triple that is neither.
    pub fn from_triple(triple: &str) -> Option<Target> {
        match triple.split('-').next().unwrap_or_default() {
            "spir64" | "spirv64" => Some(Target::Spir64),
            "nvptx64" => Some(Target::Nvptx64),
            _ => None,
        }
    }

    /// The address space of the IR's `alloca`s: SPIR's private memory; on NVPTX the generic
    /// space (clang's allocas are generic pointers; the backend moves them to local memory).
    pub fn alloca_address_space(self) -> u32 {
        match self {
            Target::Spir64 => self.address_space(Memory::Private),
            Target::Nvptx64 => self.address_space(Memory::Generic),
        }
    }
}

/// Suffix of the kernel Intel's CUDA adapter launches instead of `<kernel>` when the global
/// offset is not zero (`parallel_for` with an offset): the same parameters, then the offset
/// as [`GLOBAL_OFFSET_COMPONENTS`] `uint32_t` by value, last. Not a kernel of its own to the
/// runtime: the integration header and the images list `<kernel>` only.
pub const WITH_OFFSET_SUFFIX: &str = "_with_offset";

/// The global offset the CUDA adapter passes to `<kernel>_with_offset`: three `uint32_t`.
pub const GLOBAL_OFFSET_COMPONENTS: u64 = 3;

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

    /// The memory it accesses.
    pub fn memory(self) -> Memory {
        match self {
            BufferTarget::Device => Memory::Global,
            BufferTarget::ConstantBuffer => Memory::Constant,
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

/// Bytes of a device accessor: three ranges, then the pointer ([`AccessorPart`]).
pub fn accessor_bytes(dimensions: u32) -> u64 {
    range_bytes(dimensions) * 3 + 8
}

/// The four parts of an accessor, as the runtime passes them and as the device classes
/// store them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessorPart {
    /// The memory (the device class's pointer).
    Data,
    /// `range` of the elements accessed.
    AccessRange,
    /// `range` of the whole buffer (for a local accessor: its size again).
    MemoryRange,
    /// `id` of the first element accessed.
    Offset,
}

impl AccessorPart {
    /// The order in which the runtime passes an accessor's parameters.
    pub const RUNTIME_ORDER: [AccessorPart; 4] = [
        AccessorPart::Data,
        AccessorPart::AccessRange,
        AccessorPart::MemoryRange,
        AccessorPart::Offset,
    ];

    /// Where the device class of a buffer accessor (`local` false) or local accessor stores
    /// this part, in bytes from its start: `accessor` stores offset, access range, memory
    /// range, pointer; `local_accessor` access range, memory range, offset, pointer.
    pub fn device_offset(self, local: bool, dimensions: u32) -> u64 {
        let range = range_bytes(dimensions);
        let index = match (local, self) {
            (false, AccessorPart::Offset) | (true, AccessorPart::AccessRange) => 0,
            (false, AccessorPart::AccessRange) | (true, AccessorPart::MemoryRange) => 1,
            (false, AccessorPart::MemoryRange) | (true, AccessorPart::Offset) => 2,
            (_, AccessorPart::Data) => 3,
        };
        index * range
    }
}

/// The three buffers of a `sycl::stream`, in the order the runtime passes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamBuffer {
    /// The characters written, shared by all work items.
    Output,
    /// The offset of the next free byte in the output.
    Offsets,
    /// The work item's flush buffer.
    Flush,
}

impl StreamBuffer {
    pub const RUNTIME_ORDER: [StreamBuffer; 3] = [
        StreamBuffer::Output,
        StreamBuffer::Offsets,
        StreamBuffer::Flush,
    ];
}

/// What a kernel parameter is for: the wrappers store each where its role says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The bytes of a `kind_std_layout` argument.
    Value,
    /// A USM or raw pointer.
    Pointer,
    /// One part of a buffer or local accessor.
    Accessor(AccessorPart),
    /// One part of one of a stream's three buffer accessors.
    StreamBuffer(StreamBuffer, AccessorPart),
    /// The size of a stream's flush buffer (`size_t`).
    StreamFlushSize,
    /// The emulated spec constants' buffer.
    SpecConstantsBuffer,
}

/// A `sycl::stream`'s parameters, as the runtime passes them and as the stream's `__init`
/// takes them: its three one-dimensional global accessors, then the flush buffer's size.
pub fn stream_parameters() -> Vec<RuntimeParameter> {
    let mut parameters = Vec::with_capacity(13);
    for buffer in StreamBuffer::RUNTIME_ORDER {
        parameters.extend(accessor_parameters(Memory::Global, 1, |part| {
            Role::StreamBuffer(buffer, part)
        }));
    }
    parameters.push(RuntimeParameter::Bytes {
        size: 8,
        role: Role::StreamFlushSize,
    });
    parameters
}

/// An accessor's four parameters: its memory, then its ranges, each with `role(part)`.
fn accessor_parameters(
    memory: Memory,
    dimensions: u32,
    role: impl Fn(AccessorPart) -> Role,
) -> [RuntimeParameter; 4] {
    AccessorPart::RUNTIME_ORDER.map(|part| match part {
        AccessorPart::Data => RuntimeParameter::Memory {
            memory,
            role: role(part),
        },
        _ => RuntimeParameter::Bytes {
            size: range_bytes(dimensions),
            role: role(part),
        },
    })
}

/// Where the `kernel_handler` keeps the emulated spec-constant buffer's (generic) address:
/// its first member.
pub const HANDLER_BUFFER_OFFSET: u64 = 0;

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

/// One parameter of a device kernel as the runtime passes it, and what it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuntimeParameter {
    /// The address of `memory` (a buffer, local memory the runtime allocates, a USM pointer).
    Memory { memory: Memory, role: Role },
    /// `size` bytes, by value.
    Bytes { size: u64, role: Role },
}

/// A parameter as a target's kernel declares it: what the runtime's value looks like, without
/// its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterType {
    /// A pointer in LLVM address space `address_space`.
    Pointer { address_space: u32 },
    /// `size` bytes, by value.
    Bytes { size: u64 },
    /// A `size_t` byte offset into the launch's dynamic shared memory.
    DynamicSharedOffset,
}

impl RuntimeParameter {
    pub fn role(&self) -> Role {
        match *self {
            RuntimeParameter::Memory { role, .. } | RuntimeParameter::Bytes { role, .. } => role,
        }
    }

    /// How a kernel for `target` declares it.
    pub fn ty(&self, target: Target) -> ParameterType {
        match *self {
            RuntimeParameter::Memory {
                memory: Memory::Local,
                ..
            } if target.local_memory_parameter() == LocalMemoryParameter::DynamicSharedOffset => {
                ParameterType::DynamicSharedOffset
            }
            RuntimeParameter::Memory { memory, .. } => ParameterType::Pointer {
                address_space: target.address_space(target.parameter_memory(memory)),
            },
            RuntimeParameter::Bytes { size, .. } => ParameterType::Bytes { size },
        }
    }
}

impl ParamDescriptor {
    /// The kernel parameters the runtime passes for this descriptor: an accessor's four
    /// ([`AccessorPart::RUNTIME_ORDER`]), a stream's thirteen ([`stream_parameters`]).
    pub fn runtime_parameters(&self) -> Vec<RuntimeParameter> {
        match self.kind {
            ParamKind::StdLayout => vec![RuntimeParameter::Bytes {
                size: u64::from(self.info),
                role: Role::Value,
            }],
            ParamKind::Pointer => vec![RuntimeParameter::Memory {
                memory: Memory::Global,
                role: Role::Pointer,
            }],
            ParamKind::SpecConstantsBuffer => vec![RuntimeParameter::Memory {
                memory: Memory::Global,
                role: Role::SpecConstantsBuffer,
            }],
            ParamKind::Accessor => {
                let dimensions = self.info >> DIMENSIONS_SHIFT;
                let memory = match self.info & TARGET_MASK {
                    TARGET_LOCAL => Memory::Local,
                    TARGET_CONSTANT_BUFFER => Memory::Constant,
                    _ => Memory::Global,
                };
                accessor_parameters(memory, dimensions, Role::Accessor).to_vec()
            }
            ParamKind::Stream => stream_parameters(),
        }
    }
}

#[cfg(test)]
mod tests;
