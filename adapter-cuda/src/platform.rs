//! The adapter, its one platform ("NVIDIA CUDA BACKEND") and the platform's devices, found
//! once and kept for the life of the process; device, platform and adapter queries.
#![forbid(unsafe_code)]

use std::sync::{Mutex, OnceLock, RwLock};

use crate::cuda::{self, Attribute};
use crate::error::{Error, UrResult};
use crate::ffi::ur::*;
use crate::ffi::{Handle, InfoOut, address_of};

pub(crate) struct Adapter {
    /// `None` where the machine has no CUDA driver or GPU: no platform, and every CPU
    /// program runs as without this adapter.
    platform: Option<Handle<Platform>>,
    /// Why there is no platform (for the logger).
    pub(crate) unavailable: Option<String>,
    /// `urAdapterGet`s not yet released: at zero the devices' primary contexts go (CUDA frees
    /// what the runtime never released with them); the next get retains them again.
    references: Mutex<References>,
}

#[derive(Default)]
struct References {
    count: u32,
    /// Whether the devices' primary contexts are retained (from discovery on).
    contexts_held: bool,
}

pub(crate) struct Platform {
    devices: Vec<Handle<Device>>,
}

pub(crate) struct Device {
    pub(crate) cu: cuda::Device,
    /// The primary context, retained while the adapter is (see [`Adapter::retain`]).
    context: RwLock<cuda::Context>,
    pub(crate) name: String,
    /// Compute capability (major, minor).
    pub(crate) capability: (i32, i32),
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (CUDA device {})", self.name, self.cu.ordinal())
    }
}

/// The adapter, discovered on first use.
pub(crate) fn adapter() -> &'static Handle<Adapter> {
    static ADAPTER: OnceLock<Handle<Adapter>> = OnceLock::new();
    ADAPTER.get_or_init(|| {
        let found = cuda::init().and_then(|()| discover().map_err(|e| e.to_string()));
        let (platform, unavailable) = match found {
            Ok(platform) if !platform.devices.is_empty() => (Some(Handle::new(platform)), None),
            Ok(_) => (None, Some("no CUDA device".to_string())),
            Err(why) => (None, Some(why)),
        };
        let references = Mutex::new(References {
            count: 0,
            contexts_held: true,
        });
        Handle::new(Adapter {
            platform,
            unavailable,
            references,
        })
    })
}

fn discover() -> cuda::CudaResult<Platform> {
    let devices = cuda::devices()?
        .into_iter()
        .map(|cu| {
            Ok(Handle::new(Device {
                cu,
                context: RwLock::new(cu.primary_context()?),
                name: cu.name()?,
                capability: (
                    cu.attribute(Attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
                    cu.attribute(Attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
                ),
            }))
        })
        .collect::<cuda::CudaResult<Vec<_>>>()?;
    Ok(Platform { devices })
}

impl Adapter {
    /// One more `urAdapterGet`. The first get after the last release retains the devices'
    /// primary contexts again.
    pub(crate) fn retain(&self) -> UrResult<()> {
        let mut references = self.references.lock().unwrap_or_else(|p| p.into_inner());
        if !references.contexts_held {
            for device in self.platform.iter().flat_map(|p| p.devices.iter()) {
                *device.context.write().unwrap_or_else(|p| p.into_inner()) =
                    device.cu.primary_context()?;
            }
            references.contexts_held = true;
        }
        references.count += 1;
        Ok(())
    }

    /// `urAdapterRelease`: the last one releases the primary contexts.
    pub(crate) fn release(&self) -> UrResult<()> {
        let mut references = self.references.lock().unwrap_or_else(|p| p.into_inner());
        if references.count == 0 {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_NULL_HANDLE));
        }
        references.count -= 1;
        if references.count == 0 && references.contexts_held {
            references.contexts_held = false;
            // Specialised modules live in these contexts: unloaded first.
            crate::specialise::forget_all();
            for device in self.platform.iter().flat_map(|p| p.devices.iter()) {
                // At a process's exit the driver may be torn down already (its own exit
                // handler ran first): nothing is left to release then.
                let _ = device.cu.release_primary_context();
            }
        }
        Ok(())
    }

    pub(crate) fn reference_count(&self) -> u32 {
        self.references
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .count
    }

    pub(crate) fn platforms(&self) -> Vec<&Handle<Platform>> {
        self.platform.iter().collect()
    }
}

impl Platform {
    pub(crate) fn devices(&self) -> &[Handle<Device>] {
        &self.devices
    }
}

/// The platform a device belongs to (there is one).
fn platform_of_devices() -> Option<&'static Handle<Platform>> {
    adapter().platform.as_ref()
}

/// The device a caller's handle names: handles are looked up in the adapter's own list, so
/// a wrong one is an error, not a dereference.
pub(crate) fn find_device(address: usize) -> Option<&'static Handle<Device>> {
    platform_of_devices()?
        .devices
        .iter()
        .find(|d| address_of(*d) == address)
}

pub(crate) fn find_platform(address: usize) -> Option<&'static Handle<Platform>> {
    platform_of_devices().filter(|p| address_of(*p) == address)
}

pub(crate) fn is_adapter(address: usize) -> bool {
    address_of(adapter()) == address
}

pub(crate) fn adapter_info(property: ur_adapter_info_t, out: InfoOut<'_>) -> UrResult<()> {
    match property {
        UR_ADAPTER_INFO_BACKEND => out.u32(UR_BACKEND_CUDA),
        UR_ADAPTER_INFO_REFERENCE_COUNT => out.u32(adapter().reference_count()),
        UR_ADAPTER_INFO_VERSION => out.u32(1),
        _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
    }
}

pub(crate) fn platform_info(property: ur_platform_info_t, out: InfoOut<'_>) -> UrResult<()> {
    match property {
        UR_PLATFORM_INFO_NAME => out.string("NVIDIA CUDA BACKEND"),
        UR_PLATFORM_INFO_VENDOR_NAME => out.string("NVIDIA Corporation"),
        UR_PLATFORM_INFO_PROFILE => out.string("FULL PROFILE"),
        UR_PLATFORM_INFO_VERSION => {
            let version = cuda::driver_version()?;
            out.string(&format!("CUDA {}.{}", version / 1000, version % 1000 / 10))
        }
        UR_PLATFORM_INFO_EXTENSIONS => out.string(""),
        UR_PLATFORM_INFO_BACKEND => out.u32(UR_BACKEND_CUDA),
        UR_PLATFORM_INFO_ADAPTER => out.usize(address_of(adapter())),
        _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
    }
}

const FP_FULL: u32 = UR_DEVICE_FP_CAPABILITY_FLAG_CORRECTLY_ROUNDED_DIVIDE_SQRT
    | UR_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_NEAREST
    | UR_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_ZERO
    | UR_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_INF
    | UR_DEVICE_FP_CAPABILITY_FLAG_INF_NAN
    | UR_DEVICE_FP_CAPABILITY_FLAG_DENORM
    | UR_DEVICE_FP_CAPABILITY_FLAG_FMA;

/// The largest work-group (CUDA block) and sub-group (warp) sizes.
pub(crate) const MAX_WORK_GROUP_SIZE: usize = 1024;
pub(crate) const WARP_SIZE: u32 = 32;

impl Device {
    /// The primary context the device's work runs in.
    pub(crate) fn context(&self) -> cuda::Context {
        *self.context.read().unwrap_or_else(|p| p.into_inner())
    }

    fn attr(&self, attribute: Attribute) -> UrResult<i32> {
        Ok(self.cu.attribute(attribute)?)
    }

    /// Dynamic shared memory a block may use (opted in: more than the default 48 KiB).
    pub(crate) fn local_memory_size(&self) -> UrResult<usize> {
        Ok(self
            .attr(Attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)?
            .max(0) as usize)
    }

    pub(crate) fn info(&self, property: ur_device_info_t, out: InfoOut<'_>) -> UrResult<()> {
        use Attribute::*;
        let (major, minor) = self.capability;
        let atomic_orders = UR_MEMORY_ORDER_CAPABILITY_FLAG_RELAXED
            | UR_MEMORY_ORDER_CAPABILITY_FLAG_ACQUIRE
            | UR_MEMORY_ORDER_CAPABILITY_FLAG_RELEASE
            | UR_MEMORY_ORDER_CAPABILITY_FLAG_ACQ_REL
            | UR_MEMORY_ORDER_CAPABILITY_FLAG_SEQ_CST;
        let atomic_scopes = UR_MEMORY_SCOPE_CAPABILITY_FLAG_WORK_ITEM
            | UR_MEMORY_SCOPE_CAPABILITY_FLAG_SUB_GROUP
            | UR_MEMORY_SCOPE_CAPABILITY_FLAG_WORK_GROUP
            | UR_MEMORY_SCOPE_CAPABILITY_FLAG_DEVICE
            | UR_MEMORY_SCOPE_CAPABILITY_FLAG_SYSTEM;
        let usm_all = UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ACCESS
            | UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ATOMIC_ACCESS
            | UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_CONCURRENT_ACCESS
            | UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ATOMIC_CONCURRENT_ACCESS;
        let concurrent_managed = self.attr(CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS)? != 0;
        let shared_usm = if concurrent_managed {
            usm_all
        } else {
            UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ACCESS
                | UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ATOMIC_ACCESS
        };
        let block = [
            self.attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)? as usize,
            self.attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)? as usize,
            self.attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)? as usize,
        ];
        match property {
            UR_DEVICE_INFO_TYPE => out.u32(UR_DEVICE_TYPE_GPU),
            UR_DEVICE_INFO_VENDOR_ID => out.u32(0x10de),
            UR_DEVICE_INFO_DEVICE_ID => out.u32(0),
            UR_DEVICE_INFO_MAX_COMPUTE_UNITS | UR_DEVICE_INFO_NUM_COMPUTE_UNITS => {
                out.u32(self.attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32)
            }
            UR_DEVICE_INFO_MAX_WORK_ITEM_DIMENSIONS => out.u32(3),
            UR_DEVICE_INFO_MAX_WORK_ITEM_SIZES => out.usizes(&block),
            UR_DEVICE_INFO_MAX_WORK_GROUP_SIZE => {
                out.usize(self.attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)? as usize)
            }
            UR_DEVICE_INFO_MAX_WORK_GROUPS_3D => out.usizes(&[
                self.attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)? as usize,
                self.attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y)? as usize,
                self.attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)? as usize,
            ]),
            UR_DEVICE_INFO_MAX_WORK_GROUPS => out.usize(self.attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)? as usize),
            UR_DEVICE_INFO_SINGLE_FP_CONFIG | UR_DEVICE_INFO_DOUBLE_FP_CONFIG => out.u32(FP_FULL),
            UR_DEVICE_INFO_HALF_FP_CONFIG => out.u32(if major >= 6 || (major == 5 && minor >= 3) { FP_FULL } else { 0 }),
            UR_DEVICE_INFO_QUEUE_PROPERTIES | UR_DEVICE_INFO_QUEUE_ON_HOST_PROPERTIES => {
                out.u32(UR_QUEUE_FLAG_OUT_OF_ORDER_EXEC_MODE_ENABLE | UR_QUEUE_FLAG_PROFILING_ENABLE)
            }
            UR_DEVICE_INFO_QUEUE_ON_DEVICE_PROPERTIES => out.u32(0),
            UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_CHAR
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_SHORT
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_INT
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_LONG
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_LONG_LONG
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_FLOAT
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_DOUBLE
            | UR_DEVICE_INFO_PREFERRED_VECTOR_WIDTH_HALF
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_CHAR
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_SHORT
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_INT
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_LONG
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_LONG_LONG
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_FLOAT
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_DOUBLE
            | UR_DEVICE_INFO_NATIVE_VECTOR_WIDTH_HALF => out.u32(1),
            UR_DEVICE_INFO_MAX_CLOCK_FREQUENCY => out.u32((self.attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE)? / 1000) as u32),
            UR_DEVICE_INFO_MEMORY_CLOCK_RATE => {
                out.u32((self.attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE)? / 1000) as u32)
            }
            UR_DEVICE_INFO_MEMORY_BUS_WIDTH => out.u32(self.attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)? as u32),
            UR_DEVICE_INFO_ADDRESS_BITS => out.u32(64),
            UR_DEVICE_INFO_MAX_MEM_ALLOC_SIZE | UR_DEVICE_INFO_GLOBAL_MEM_SIZE => {
                out.u64(self.cu.total_memory()? as u64)
            }
            UR_DEVICE_INFO_GLOBAL_MEM_FREE => out.u64(self.context().memory_info()?.0 as u64),
            UR_DEVICE_INFO_IMAGE_SUPPORT => out.bool(false),
            UR_DEVICE_INFO_MAX_READ_IMAGE_ARGS
            | UR_DEVICE_INFO_MAX_WRITE_IMAGE_ARGS
            | UR_DEVICE_INFO_MAX_READ_WRITE_IMAGE_ARGS
            | UR_DEVICE_INFO_MAX_SAMPLERS => out.u32(0),
            UR_DEVICE_INFO_IMAGE2D_MAX_WIDTH
            | UR_DEVICE_INFO_IMAGE2D_MAX_HEIGHT
            | UR_DEVICE_INFO_IMAGE3D_MAX_WIDTH
            | UR_DEVICE_INFO_IMAGE3D_MAX_HEIGHT
            | UR_DEVICE_INFO_IMAGE3D_MAX_DEPTH
            | UR_DEVICE_INFO_IMAGE_MAX_BUFFER_SIZE
            | UR_DEVICE_INFO_IMAGE_MAX_ARRAY_SIZE => out.usize(0),
            UR_DEVICE_INFO_MAX_PARAMETER_SIZE => out.usize(4000),
            UR_DEVICE_INFO_MEM_BASE_ADDR_ALIGN => out.u32(4096),
            UR_DEVICE_INFO_GLOBAL_MEM_CACHE_TYPE => out.u32(UR_DEVICE_MEM_CACHE_TYPE_READ_WRITE_CACHE),
            UR_DEVICE_INFO_GLOBAL_MEM_CACHELINE_SIZE => out.u32(128),
            UR_DEVICE_INFO_GLOBAL_MEM_CACHE_SIZE => out.u64(self.attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)? as u64),
            UR_DEVICE_INFO_MAX_CONSTANT_BUFFER_SIZE => {
                out.u64(self.attr(CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY)? as u64)
            }
            UR_DEVICE_INFO_MAX_CONSTANT_ARGS => out.u32(9),
            UR_DEVICE_INFO_LOCAL_MEM_TYPE => out.u32(UR_DEVICE_LOCAL_MEM_TYPE_LOCAL),
            UR_DEVICE_INFO_LOCAL_MEM_SIZE => out.u64(self.local_memory_size()? as u64),
            UR_DEVICE_INFO_ERROR_CORRECTION_SUPPORT => out.bool(self.attr(CU_DEVICE_ATTRIBUTE_ECC_ENABLED)? != 0),
            UR_DEVICE_INFO_HOST_UNIFIED_MEMORY | UR_DEVICE_INFO_IS_INTEGRATED_GPU => {
                out.bool(self.attr(CU_DEVICE_ATTRIBUTE_INTEGRATED)? != 0)
            }
            UR_DEVICE_INFO_PROFILING_TIMER_RESOLUTION => out.usize(1000),
            UR_DEVICE_INFO_ENDIAN_LITTLE
            | UR_DEVICE_INFO_AVAILABLE
            | UR_DEVICE_INFO_COMPILER_AVAILABLE
            | UR_DEVICE_INFO_LINKER_AVAILABLE
            | UR_DEVICE_INFO_PREFERRED_INTEROP_USER_SYNC
            | UR_DEVICE_INFO_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS
            | UR_DEVICE_INFO_ATOMIC_64 => out.bool(true),
            UR_DEVICE_INFO_BFLOAT16_CONVERSIONS_NATIVE => out.bool(major >= 8),
            UR_DEVICE_INFO_EXECUTION_CAPABILITIES => out.u32(UR_DEVICE_EXEC_CAPABILITY_FLAG_KERNEL),
            UR_DEVICE_INFO_BUILT_IN_KERNELS => out.string(""),
            UR_DEVICE_INFO_PLATFORM => {
                out.usize(platform_of_devices().map(address_of).unwrap_or_default())
            }
            UR_DEVICE_INFO_REFERENCE_COUNT => out.u32(1),
            UR_DEVICE_INFO_NAME => out.string(&self.name),
            UR_DEVICE_INFO_VENDOR => out.string("NVIDIA Corporation"),
            UR_DEVICE_INFO_DRIVER_VERSION => {
                let version = cuda::driver_version()?;
                out.string(&format!("{}.{}", version / 1000, version % 1000 / 10))
            }
            UR_DEVICE_INFO_PROFILE => out.string("CUDA"),
            // The runtime reads the architecture (sm_MN) from "M.N".
            UR_DEVICE_INFO_VERSION | UR_DEVICE_INFO_BACKEND_RUNTIME_VERSION => {
                out.string(&format!("{major}.{minor}"))
            }
            UR_DEVICE_INFO_EXTENSIONS => out.string(
                "cl_khr_fp64 cl_khr_fp16 cl_khr_subgroups cl_khr_int64_base_atomics cl_khr_int64_extended_atomics",
            ),
            UR_DEVICE_INFO_PRINTF_BUFFER_SIZE => out.usize(1024 * 1024),
            UR_DEVICE_INFO_PARENT_DEVICE | UR_DEVICE_INFO_COMPOSITE_DEVICE => out.usize(0),
            UR_DEVICE_INFO_SUPPORTED_PARTITIONS
            | UR_DEVICE_INFO_PARTITION_TYPE
            | UR_DEVICE_INFO_COMPONENT_DEVICES => out.bytes(&[]),
            UR_DEVICE_INFO_PARTITION_MAX_SUB_DEVICES | UR_DEVICE_INFO_PARTITION_AFFINITY_DOMAIN => out.u32(0),
            UR_DEVICE_INFO_MAX_NUM_SUB_GROUPS => out.u32(MAX_WORK_GROUP_SIZE as u32 / WARP_SIZE),
            UR_DEVICE_INFO_SUB_GROUP_SIZES_INTEL => out.u32s(&[WARP_SIZE]),
            UR_DEVICE_INFO_USM_DEVICE_SUPPORT => out.u32(usm_all),
            UR_DEVICE_INFO_USM_HOST_SUPPORT => out.u32(
                UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ACCESS
                    | UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_ATOMIC_ACCESS
                    | UR_DEVICE_USM_ACCESS_CAPABILITY_FLAG_CONCURRENT_ACCESS,
            ),
            UR_DEVICE_INFO_USM_SINGLE_SHARED_SUPPORT | UR_DEVICE_INFO_USM_CROSS_SHARED_SUPPORT => out.u32(shared_usm),
            UR_DEVICE_INFO_USM_SYSTEM_SHARED_SUPPORT => out.u32(0),
            UR_DEVICE_INFO_UUID => out.bytes(&self.cu.uuid()?),
            UR_DEVICE_INFO_PCI_ADDRESS => out.string(&self.cu.pci_bus_id()?.to_lowercase()),
            UR_DEVICE_INFO_ATOMIC_MEMORY_ORDER_CAPABILITIES | UR_DEVICE_INFO_ATOMIC_FENCE_ORDER_CAPABILITIES => {
                out.u32(atomic_orders)
            }
            UR_DEVICE_INFO_ATOMIC_MEMORY_SCOPE_CAPABILITIES | UR_DEVICE_INFO_ATOMIC_FENCE_SCOPE_CAPABILITIES => {
                out.u32(atomic_scopes)
            }
            UR_DEVICE_INFO_MAX_COMPUTE_QUEUE_INDICES => out.u32(1),
            UR_DEVICE_INFO_MAX_REGISTERS_PER_WORK_GROUP => {
                out.u32(self.attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK)? as u32)
            }
            // Spec constants on CUDA are emulated (a buffer); see docs/gpu.md.
            UR_DEVICE_INFO_KERNEL_SET_SPECIALIZATION_CONSTANTS
            | UR_DEVICE_INFO_PROGRAM_SET_SPECIALIZATION_CONSTANTS
            | UR_DEVICE_INFO_IMAGE_SRGB
            | UR_DEVICE_INFO_BUILD_ON_SUBDEVICE
            | UR_DEVICE_INFO_ASYNC_BARRIER
            | UR_DEVICE_INFO_MEM_CHANNEL_SUPPORT
            | UR_DEVICE_INFO_HOST_PIPE_READ_WRITE_SUPPORT
            | UR_DEVICE_INFO_VIRTUAL_MEMORY_SUPPORT
            | UR_DEVICE_INFO_ESIMD_SUPPORT
            | UR_DEVICE_INFO_GLOBAL_VARIABLE_SUPPORT
            | UR_DEVICE_INFO_USM_POOL_SUPPORT
            | UR_DEVICE_INFO_USE_NATIVE_ASSERT
            | UR_DEVICE_INFO_COMMAND_BUFFER_SUPPORT_EXP
            | UR_DEVICE_INFO_COMMAND_BUFFER_EVENT_SUPPORT_EXP
            | UR_DEVICE_INFO_COMMAND_BUFFER_SUBGRAPH_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_IMAGES_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_IMAGES_SHARED_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_IMAGES_1D_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_IMAGES_2D_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_MIPMAP_SUPPORT_EXP
            | UR_DEVICE_INFO_MIPMAP_ANISOTROPY_SUPPORT_EXP
            | UR_DEVICE_INFO_MIPMAP_LEVEL_REFERENCE_SUPPORT_EXP
            | UR_DEVICE_INFO_EXTERNAL_MEMORY_IMPORT_SUPPORT_EXP
            | UR_DEVICE_INFO_EXTERNAL_SEMAPHORE_IMPORT_SUPPORT_EXP
            | UR_DEVICE_INFO_CUBEMAP_SUPPORT_EXP
            | UR_DEVICE_INFO_CUBEMAP_SEAMLESS_FILTERING_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLED_IMAGE_FETCH_1D_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLED_IMAGE_FETCH_1D_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLED_IMAGE_FETCH_2D_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLED_IMAGE_FETCH_2D_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLED_IMAGE_FETCH_3D_SUPPORT_EXP
            | UR_DEVICE_INFO_TIMESTAMP_RECORDING_SUPPORT_EXP
            | UR_DEVICE_INFO_IMAGE_ARRAY_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_UNIQUE_ADDRESSING_PER_DIM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLE_1D_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_SAMPLE_2D_USM_SUPPORT_EXP
            | UR_DEVICE_INFO_BINDLESS_IMAGES_GATHER_SUPPORT_EXP
            | UR_DEVICE_INFO_ENQUEUE_NATIVE_COMMAND_SUPPORT_EXP
            | UR_DEVICE_INFO_LOW_POWER_EVENTS_SUPPORT_EXP
            | UR_DEVICE_INFO_IPC_MEMORY_SUPPORT_EXP
            | UR_DEVICE_INFO_IPC_PHYSICAL_MEMORY_SUPPORT_EXP
            | UR_DEVICE_INFO_REUSABLE_EVENTS_SUPPORT_EXP
            | UR_DEVICE_INFO_IPC_EVENT_SUPPORT_EXP
            | UR_DEVICE_INFO_ASYNC_USM_ALLOCATIONS_SUPPORT_EXP
            | UR_DEVICE_INFO_CLOCK_SUB_GROUP_SUPPORT_EXP
            | UR_DEVICE_INFO_CLOCK_WORK_GROUP_SUPPORT_EXP
            | UR_DEVICE_INFO_CLOCK_DEVICE_SUPPORT_EXP
            | UR_DEVICE_INFO_GRAPH_RECORD_AND_REPLAY_SUPPORT_EXP
            | UR_DEVICE_INFO_USM_HOST_ALLOC_REGISTER_SUPPORT_EXP
            | UR_DEVICE_INFO_USM_P2P_SUPPORT_EXP
            | UR_DEVICE_INFO_MULTI_DEVICE_COMPILE_SUPPORT_EXP
            | UR_DEVICE_INFO_DEVICE_WAIT_SUPPORT_EXP
            | UR_DEVICE_INFO_DYNAMIC_LINK_SUPPORT_EXP
            | UR_DEVICE_INFO_USM_CONTEXT_MEMCPY_SUPPORT_EXP
            | UR_DEVICE_INFO_MEMORY_EXPORT_EXPORTABLE_DEVICE_MEM_EXP
            | UR_DEVICE_INFO_ENQUEUE_HOST_TASK_SUPPORT_EXP => out.bool(false),
            UR_DEVICE_INFO_PER_EVENT_PROFILING_SUPPORT_EXP => out.bool(false),
            UR_DEVICE_INFO_COMMAND_BUFFER_UPDATE_CAPABILITIES_EXP
            | UR_DEVICE_INFO_KERNEL_LAUNCH_CAPABILITIES
            | UR_DEVICE_INFO_2D_BLOCK_ARRAY_CAPABILITIES_EXP => out.u32(0),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }
}
