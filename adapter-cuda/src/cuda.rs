//! The CUDA driver API, outward: the only module that calls it. `libcuda.so.1` is opened at
//! run time (cudarc's dynamic loading); every function here checks its result and returns a
//! [`CudaError`], and the owned objects (streams, events, modules, allocations) release
//! themselves on drop.
//!
//! Soundness: device addresses are plain numbers to the host (a wrong one is a CUDA error, not
//! host memory corruption). Host memory is reached only through [`HostSpan`]s, which safe code
//! can make from slices it holds for the whole (synchronous) call, or, through the unsafe
//! [`HostSpan::from_caller`], from pointers a UR caller passed under UR's contract.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_void};
use std::fmt;
use std::ptr;
use std::sync::OnceLock;

use cudarc::driver::sys;

pub(crate) use sys::CUdevice_attribute as Attribute;
pub(crate) use sys::CUfunction_attribute as FunctionAttribute;

/// A failed CUDA call: its name and CUDA's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CudaError {
    pub(crate) call: &'static str,
    pub(crate) code: sys::CUresult,
}

impl CudaError {
    pub(crate) fn is_out_of_memory(&self) -> bool {
        self.code == sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY
    }
    /// The driver is gone: a process's exit ran CUDA's own teardown first. Frees and waits
    /// then have nothing left to do.
    pub(crate) fn is_deinitialized(&self) -> bool {
        self.code == sys::CUresult::CUDA_ERROR_DEINITIALIZED
    }
    pub(crate) fn is_not_found(&self) -> bool {
        self.code == sys::CUresult::CUDA_ERROR_NOT_FOUND
    }
    pub(crate) fn is_invalid_image(&self) -> bool {
        matches!(
            self.code,
            sys::CUresult::CUDA_ERROR_INVALID_PTX
                | sys::CUresult::CUDA_ERROR_INVALID_IMAGE
                | sys::CUresult::CUDA_ERROR_NO_BINARY_FOR_GPU
                | sys::CUresult::CUDA_ERROR_UNSUPPORTED_PTX_VERSION
                | sys::CUresult::CUDA_ERROR_JIT_COMPILER_NOT_FOUND
        )
    }
    pub(crate) fn is_out_of_resources(&self) -> bool {
        self.code == sys::CUresult::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
    }
    pub(crate) fn is_invalid_value(&self) -> bool {
        self.code == sys::CUresult::CUDA_ERROR_INVALID_VALUE
    }
}

impl fmt::Display for CudaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut name: *const std::ffi::c_char = ptr::null();
        let mut text: *const std::ffi::c_char = ptr::null();
        // SAFETY: both write a pointer to a static string, or leave null for unknown codes.
        unsafe {
            sys::cuGetErrorName(self.code, &mut name);
            sys::cuGetErrorString(self.code, &mut text);
        }
        let show = |p: *const std::ffi::c_char| {
            if p.is_null() {
                String::from("?")
            } else {
                // SAFETY: CUDA's static NUL-terminated strings.
                unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
            }
        };
        write!(f, "{}: {} ({})", self.call, show(name), show(text))
    }
}

pub(crate) type CudaResult<T> = Result<T, CudaError>;

/// A free or wait during a process's exit, after CUDA's teardown: done (the driver took
/// everything with it).
pub(crate) fn unless_torn_down(result: CudaResult<()>) -> CudaResult<()> {
    match result {
        Err(error) if error.is_deinitialized() => Ok(()),
        other => other,
    }
}

fn check(call: &'static str, code: sys::CUresult) -> CudaResult<()> {
    if code == sys::CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(CudaError { call, code })
    }
}

/// Opens libcuda and initialises the driver once: `None` where there is no driver (no
/// `libcuda.so.1`, or `cuInit` fails: no NVIDIA GPU), and the adapter then has no platform.
pub(crate) fn init() -> Result<(), String> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| {
        // SAFETY: dlopen probes; loading libcuda runs its constructors, as any CUDA program.
        if !unsafe { sys::is_culib_present() } {
            return Err("no CUDA driver (libcuda.so.1 not found)".into());
        }
        // SAFETY: plain call.
        check("cuInit", unsafe { sys::cuInit(0) }).map_err(|e| e.to_string())
    })
    .clone()
}

pub(crate) fn driver_version() -> CudaResult<i32> {
    let mut version = 0;
    // SAFETY: writes one int.
    check("cuDriverGetVersion", unsafe {
        sys::cuDriverGetVersion(&mut version)
    })?;
    Ok(version)
}

/// A CUDA device ordinal's handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Device(sys::CUdevice);

pub(crate) fn devices() -> CudaResult<Vec<Device>> {
    let mut count = 0;
    // SAFETY: writes one int.
    check("cuDeviceGetCount", unsafe {
        sys::cuDeviceGetCount(&mut count)
    })?;
    (0..count)
        .map(|ordinal| {
            let mut device = 0;
            // SAFETY: writes one int; the ordinal is in range.
            check("cuDeviceGet", unsafe {
                sys::cuDeviceGet(&mut device, ordinal)
            })?;
            Ok(Device(device))
        })
        .collect()
}

impl Device {
    pub(crate) fn ordinal(self) -> i32 {
        self.0
    }

    pub(crate) fn name(self) -> CudaResult<String> {
        let mut name = [0 as std::ffi::c_char; 256];
        // SAFETY: CUDA writes at most `len` bytes, NUL-terminated.
        check("cuDeviceGetName", unsafe {
            sys::cuDeviceGetName(name.as_mut_ptr(), name.len() as i32, self.0)
        })?;
        // SAFETY: NUL-terminated within the array (CUDA truncates).
        Ok(unsafe { CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned())
    }

    pub(crate) fn attribute(self, attribute: Attribute) -> CudaResult<i32> {
        let mut value = 0;
        // SAFETY: writes one int.
        check("cuDeviceGetAttribute", unsafe {
            sys::cuDeviceGetAttribute(&mut value, attribute, self.0)
        })?;
        Ok(value)
    }

    pub(crate) fn total_memory(self) -> CudaResult<usize> {
        let mut bytes = 0;
        // SAFETY: writes one size_t.
        check("cuDeviceTotalMem", unsafe {
            sys::cuDeviceTotalMem_v2(&mut bytes, self.0)
        })?;
        Ok(bytes)
    }

    pub(crate) fn uuid(self) -> CudaResult<[u8; 16]> {
        let mut uuid = sys::CUuuid_st { bytes: [0; 16] };
        // SAFETY: writes one CUuuid.
        check("cuDeviceGetUuid", unsafe {
            sys::cuDeviceGetUuid(&mut uuid, self.0)
        })?;
        Ok(uuid.bytes.map(|b| b as u8))
    }

    pub(crate) fn pci_bus_id(self) -> CudaResult<String> {
        let mut id = [0 as std::ffi::c_char; 64];
        // SAFETY: CUDA writes at most `len` bytes, NUL-terminated.
        check("cuDeviceGetPCIBusId", unsafe {
            sys::cuDeviceGetPCIBusId(id.as_mut_ptr(), id.len() as i32, self.0)
        })?;
        // SAFETY: NUL-terminated within the array.
        Ok(unsafe { CStr::from_ptr(id.as_ptr()) }
            .to_string_lossy()
            .into_owned())
    }

    /// Drops the adapter's reference to the device's primary context: at the last one, CUDA
    /// destroys it with everything allocated in it.
    pub(crate) fn release_primary_context(self) -> CudaResult<()> {
        // SAFETY: balances one `primary_context` retain (the caller's bookkeeping).
        check("cuDevicePrimaryCtxRelease", unsafe {
            sys::cuDevicePrimaryCtxRelease_v2(self.0)
        })
    }

    /// The device's primary context, retained (until [`Device::release_primary_context`]).
    pub(crate) fn primary_context(self) -> CudaResult<Context> {
        let mut context = ptr::null_mut();
        // SAFETY: writes one context handle.
        check("cuDevicePrimaryCtxRetain", unsafe {
            sys::cuDevicePrimaryCtxRetain(&mut context, self.0)
        })?;
        Ok(Context(context))
    }
}

/// A retained primary context.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context(sys::CUcontext);

// SAFETY: a CUDA context handle may be used from any thread (made current per thread).
unsafe impl Send for Context {}
// SAFETY: as above; the handle is never written through.
unsafe impl Sync for Context {}

impl Context {
    /// Makes the context current on this thread: every other call here needs it.
    pub(crate) fn make_current(self) -> CudaResult<()> {
        // SAFETY: a retained context.
        check("cuCtxSetCurrent", unsafe { sys::cuCtxSetCurrent(self.0) })
    }

    pub(crate) fn synchronize(self) -> CudaResult<()> {
        self.make_current()?;
        // SAFETY: plain call on the current context.
        check("cuCtxSynchronize", unsafe { sys::cuCtxSynchronize() })
    }

    /// (free, total) bytes of device memory.
    pub(crate) fn memory_info(self) -> CudaResult<(usize, usize)> {
        self.make_current()?;
        let (mut free, mut total) = (0, 0);
        // SAFETY: writes two size_t.
        check("cuMemGetInfo", unsafe {
            sys::cuMemGetInfo_v2(&mut free, &mut total)
        })?;
        Ok((free, total))
    }
}

/// Host memory a CUDA copy reads or writes: an address and a length.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HostSpan {
    address: usize,
    len: usize,
}

impl HostSpan {
    /// # Safety
    /// `address..address+len` must stay valid for the copy, as UR requires of the caller's
    /// host pointers until the command completes.
    pub(crate) unsafe fn from_caller(address: *const c_void, len: usize) -> HostSpan {
        HostSpan {
            address: address as usize,
            len,
        }
    }

    pub(crate) fn len(self) -> usize {
        self.len
    }

    /// A copy of the span's bytes (a buffer's known contents, issue 32).
    pub(crate) fn to_vec(self) -> Vec<u8> {
        if self.len == 0 {
            return Vec::new();
        }
        // SAFETY: `from_caller`'s contract: the span is valid for reads while the command
        // that received it runs, and this copy is made inside that command.
        unsafe { std::slice::from_raw_parts(self.address as *const u8, self.len) }.to_vec()
    }

    /// The host address `by` bytes into the span.
    pub(crate) fn address_at(self, by: usize) -> usize {
        self.address + by
    }

    pub(crate) fn offset(self, by: usize, len: usize) -> Option<HostSpan> {
        (by.checked_add(len)? <= self.len).then_some(HostSpan {
            address: self.address + by,
            len,
        })
    }
}

/// A device (or unified) address.
pub(crate) type DeviceAddress = u64;

/// An owned CUDA stream of one context.
#[derive(Debug)]
pub(crate) struct Stream {
    raw: sys::CUstream,
    context: Context,
}

// SAFETY: CUDA streams may be used from any thread.
unsafe impl Send for Stream {}
// SAFETY: CUDA's stream calls are thread-safe.
unsafe impl Sync for Stream {}

impl Stream {
    pub(crate) fn new(context: Context) -> CudaResult<Stream> {
        context.make_current()?;
        let mut raw = ptr::null_mut();
        // SAFETY: writes one stream handle; non-blocking: no implicit sync with stream 0.
        check("cuStreamCreate", unsafe {
            sys::cuStreamCreate(&mut raw, sys::CUstream_flags::CU_STREAM_NON_BLOCKING as u32)
        })?;
        Ok(Stream { raw, context })
    }

    pub(crate) fn context(&self) -> Context {
        self.context
    }

    pub(crate) fn synchronize(&self) -> CudaResult<()> {
        self.context.make_current()?;
        // SAFETY: an owned stream.
        check("cuStreamSynchronize", unsafe {
            sys::cuStreamSynchronize(self.raw)
        })
    }

    /// Whether every command so far has finished.
    pub(crate) fn is_idle(&self) -> CudaResult<bool> {
        self.context.make_current()?;
        // SAFETY: an owned stream.
        match unsafe { sys::cuStreamQuery(self.raw) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            code => Err(CudaError {
                call: "cuStreamQuery",
                code,
            }),
        }
    }

    pub(crate) fn wait(&self, event: &Event) -> CudaResult<()> {
        self.context.make_current()?;
        // SAFETY: an owned stream and event.
        check("cuStreamWaitEvent", unsafe {
            sys::cuStreamWaitEvent(self.raw, event.raw, 0)
        })
    }

    pub(crate) fn record(&self, event: &Event) -> CudaResult<()> {
        self.context.make_current()?;
        // SAFETY: an owned stream and event.
        check("cuEventRecord", unsafe {
            sys::cuEventRecord(event.raw, self.raw)
        })
    }

    /// Copies `len` bytes between device or registered addresses.
    pub(crate) fn copy(
        &self,
        dst: DeviceAddress,
        src: DeviceAddress,
        len: usize,
    ) -> CudaResult<()> {
        if len == 0 {
            return Ok(());
        }
        self.context.make_current()?;
        // SAFETY: device addresses: a wrong one is a CUDA error.
        check("cuMemcpyAsync", unsafe {
            sys::cuMemcpyAsync(dst, src, len, self.raw)
        })
    }

    /// Copies from host memory to a device address.
    pub(crate) fn copy_from_host(&self, dst: DeviceAddress, src: HostSpan) -> CudaResult<()> {
        if src.len == 0 {
            return Ok(());
        }
        self.context.make_current()?;
        // SAFETY: `src` is valid for the copy (HostSpan's contract).
        check("cuMemcpyAsync", unsafe {
            sys::cuMemcpyAsync(dst, src.address as u64, src.len, self.raw)
        })
    }

    /// Copies from a device address to host memory.
    pub(crate) fn copy_to_host(&self, dst: HostSpan, src: DeviceAddress) -> CudaResult<()> {
        if dst.len == 0 {
            return Ok(());
        }
        self.context.make_current()?;
        // SAFETY: `dst` is valid for the copy (HostSpan's contract).
        check("cuMemcpyAsync", unsafe {
            sys::cuMemcpyAsync(dst.address as u64, src, dst.len, self.raw)
        })
    }

    /// Copies a 3-D region (rows of `region[0]` bytes, `region[1]` rows, `region[2]` slices)
    /// between two memories, each an address with its row and slice pitches.
    pub(crate) fn copy_rect(
        &self,
        dst: RectSide,
        src: RectSide,
        region: [usize; 3],
    ) -> CudaResult<()> {
        if region.contains(&0) {
            return Ok(());
        }
        self.context.make_current()?;
        let side = |s: &RectSide| match s.memory {
            Memory::Host(span) => (
                sys::CUmemorytype::CU_MEMORYTYPE_HOST,
                span.address as *mut c_void,
                0,
            ),
            Memory::Device(address) => (
                sys::CUmemorytype::CU_MEMORYTYPE_DEVICE,
                ptr::null_mut(),
                address,
            ),
        };
        let (src_type, src_host, src_device) = side(&src);
        let (dst_type, dst_host, dst_device) = side(&dst);
        let params = sys::CUDA_MEMCPY3D {
            srcXInBytes: src.origin[0],
            srcY: src.origin[1],
            srcZ: src.origin[2],
            srcLOD: 0,
            srcMemoryType: src_type,
            srcHost: src_host,
            srcDevice: src_device,
            srcArray: ptr::null_mut(),
            reserved0: ptr::null_mut(),
            srcPitch: src.row_pitch,
            srcHeight: src.slice_pitch.checked_div(src.row_pitch).unwrap_or(0),
            dstXInBytes: dst.origin[0],
            dstY: dst.origin[1],
            dstZ: dst.origin[2],
            dstLOD: 0,
            dstMemoryType: dst_type,
            dstHost: dst_host,
            dstDevice: dst_device,
            dstArray: ptr::null_mut(),
            reserved1: ptr::null_mut(),
            dstPitch: dst.row_pitch,
            dstHeight: dst.slice_pitch.checked_div(dst.row_pitch).unwrap_or(0),
            WidthInBytes: region[0],
            Height: region[1],
            Depth: region[2],
        };
        // SAFETY: the host sides are HostSpans (valid for the copy); device sides are addresses.
        check("cuMemcpy3DAsync", unsafe {
            sys::cuMemcpy3DAsync_v2(&params, self.raw)
        })
    }

    /// Fills `count` elements of 1, 2 or 4 bytes at `dst` with `pattern`.
    pub(crate) fn fill(&self, dst: DeviceAddress, pattern: &[u8], count: usize) -> CudaResult<()> {
        if count == 0 {
            return Ok(());
        }
        self.context.make_current()?;
        // SAFETY: device addresses.
        let code = unsafe {
            match *pattern {
                [b] => sys::cuMemsetD8Async(dst, b, count, self.raw),
                [a, b] => sys::cuMemsetD16Async(dst, u16::from_ne_bytes([a, b]), count, self.raw),
                [a, b, c, d] => {
                    sys::cuMemsetD32Async(dst, u32::from_ne_bytes([a, b, c, d]), count, self.raw)
                }
                _ => {
                    return Err(CudaError {
                        call: "cuMemsetAsync",
                        code: sys::CUresult::CUDA_ERROR_INVALID_VALUE,
                    });
                }
            }
        };
        check("cuMemsetAsync", code)
    }

    pub(crate) fn prefetch(
        &self,
        address: DeviceAddress,
        len: usize,
        device: Device,
    ) -> CudaResult<()> {
        self.context.make_current()?;
        // SAFETY: a managed address range; CUDA checks it.
        check("cuMemPrefetchAsync", unsafe {
            sys::cuMemPrefetchAsync(address, len, device.0, self.raw)
        })
    }

    /// Launches `function` with one byte string per kernel parameter, packed at the offsets
    /// CUDA gives for them. Each must have its parameter's size; a kernel with more
    /// parameters than given makes the driver refuse the buffer's size (and the zeroed tail
    /// keeps its reads inside the buffer even if it did not).
    pub(crate) fn launch(
        &self,
        function: &Function,
        launch: &Launch,
        params: &[Vec<u8>],
    ) -> CudaResult<Result<(), Vec<usize>>> {
        let layout = match function.layout(params.len()) {
            Ok(layout) => layout,
            Err(error) if error.is_invalid_value() => return Ok(Err(Vec::new())),
            Err(error) => return Err(error),
        };
        if params
            .iter()
            .zip(&layout)
            .any(|(bytes, &(_, size))| bytes.len() != size)
        {
            return Ok(Err(layout.iter().map(|&(_, size)| size).collect()));
        }
        /// The most parameter space a kernel has (sm_70 and later, CUDA 12.1 and later).
        const PARAMETER_SPACE: usize = 32 * 1024;
        let mut size = layout.last().map_or(0, |&(offset, size)| offset + size);
        let mut buffer = vec![0u8; size + PARAMETER_SPACE];
        for (bytes, &(offset, len)) in params.iter().zip(&layout) {
            buffer[offset..offset + len].copy_from_slice(bytes);
        }
        let mut extra: [*mut c_void; 5] = [
            sys::CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT as usize as *mut c_void,
            buffer.as_mut_ptr().cast(),
            sys::CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT as usize as *mut c_void,
            (&mut size as *mut usize).cast(),
            sys::CU_LAUNCH_PARAM_END_AS_INT as usize as *mut c_void,
        ];
        self.context.make_current()?;
        // SAFETY: the buffer holds every parameter at its offset and outlives the call (CUDA
        // copies it before returning); `extra` is END-terminated.
        check("cuLaunchKernel", unsafe {
            sys::cuLaunchKernel(
                function.raw,
                launch.grid[0],
                launch.grid[1],
                launch.grid[2],
                launch.block[0],
                launch.block[1],
                launch.block[2],
                launch.shared_bytes,
                self.raw,
                ptr::null_mut(),
                extra.as_mut_ptr(),
            )
        })
        .map(Ok)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.context.make_current().is_ok() {
            // SAFETY: owned; destroyed once. Pending work still completes (CUDA's rule).
            unsafe { sys::cuStreamDestroy_v2(self.raw) };
        }
    }
}

/// The grid, block and dynamic shared memory of a launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Launch {
    pub(crate) grid: [u32; 3],
    pub(crate) block: [u32; 3],
    pub(crate) shared_bytes: u32,
}

/// One side of a rectangular copy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RectSide {
    pub(crate) memory: Memory,
    pub(crate) origin: [usize; 3],
    pub(crate) row_pitch: usize,
    pub(crate) slice_pitch: usize,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Memory {
    Host(HostSpan),
    Device(DeviceAddress),
}

/// An owned CUDA event.
#[derive(Debug)]
pub(crate) struct Event {
    raw: sys::CUevent,
    context: Context,
}

// SAFETY: CUDA events may be used from any thread.
unsafe impl Send for Event {}
// SAFETY: CUDA's event calls are thread-safe.
unsafe impl Sync for Event {}

impl Event {
    pub(crate) fn new(context: Context, timing: bool) -> CudaResult<Event> {
        context.make_current()?;
        let flags = if timing {
            0
        } else {
            sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32
        };
        let mut raw = ptr::null_mut();
        // SAFETY: writes one event handle.
        check("cuEventCreate", unsafe {
            sys::cuEventCreate(&mut raw, flags)
        })?;
        Ok(Event { raw, context })
    }

    pub(crate) fn synchronize(&self) -> CudaResult<()> {
        self.context.make_current()?;
        // SAFETY: an owned event.
        check("cuEventSynchronize", unsafe {
            sys::cuEventSynchronize(self.raw)
        })
    }

    pub(crate) fn is_complete(&self) -> CudaResult<bool> {
        self.context.make_current()?;
        // SAFETY: an owned event.
        match unsafe { sys::cuEventQuery(self.raw) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            code => Err(CudaError {
                call: "cuEventQuery",
                code,
            }),
        }
    }

    /// Milliseconds from `start` to this event (both recorded with timing).
    pub(crate) fn elapsed_since(&self, start: &Event) -> CudaResult<f32> {
        self.context.make_current()?;
        let mut ms = 0.0f32;
        // SAFETY: owned events.
        check("cuEventElapsedTime", unsafe {
            sys::cuEventElapsedTime(&mut ms, start.raw, self.raw)
        })?;
        Ok(ms)
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        if self.context.make_current().is_ok() {
            // SAFETY: owned; destroyed once.
            unsafe { sys::cuEventDestroy_v2(self.raw) };
        }
    }
}

/// What kind of memory an allocation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AllocationKind {
    Device,
    /// Page-locked host memory mapped into the device's address space.
    Host,
    /// Managed (shared) memory.
    Shared,
}

/// Allocates `len` bytes (at least one) in `context`; the address is the unified address.
pub(crate) fn allocate(
    context: Context,
    kind: AllocationKind,
    len: usize,
) -> CudaResult<DeviceAddress> {
    context.make_current()?;
    let len = len.max(1);
    let mut address: DeviceAddress = 0;
    // SAFETY: each writes one address.
    unsafe {
        match kind {
            AllocationKind::Device => check("cuMemAlloc", sys::cuMemAlloc_v2(&mut address, len))?,
            AllocationKind::Shared => check(
                "cuMemAllocManaged",
                sys::cuMemAllocManaged(
                    &mut address,
                    len,
                    sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL as u32,
                ),
            )?,
            AllocationKind::Host => {
                let mut host: *mut c_void = ptr::null_mut();
                check(
                    "cuMemHostAlloc",
                    sys::cuMemHostAlloc(
                        &mut host,
                        len,
                        sys::CU_MEMHOSTALLOC_PORTABLE | sys::CU_MEMHOSTALLOC_DEVICEMAP,
                    ),
                )?;
                address = host as DeviceAddress;
            }
        }
    }
    Ok(address)
}

/// Frees what [`allocate`] returned.
pub(crate) fn free(
    context: Context,
    kind: AllocationKind,
    address: DeviceAddress,
) -> CudaResult<()> {
    context.make_current()?;
    // SAFETY: an address [`allocate`] returned, freed once (the caller's bookkeeping); a
    // wrong one is a CUDA error.
    unsafe {
        match kind {
            AllocationKind::Device | AllocationKind::Shared => {
                check("cuMemFree", sys::cuMemFree_v2(address))
            }
            AllocationKind::Host => {
                check("cuMemFreeHost", sys::cuMemFreeHost(address as *mut c_void))
            }
        }
    }
}

/// Advises CUDA about a managed range (`advice` is CUDA's `CUmem_advise`).
pub(crate) fn advise(
    context: Context,
    address: DeviceAddress,
    len: usize,
    advice: Advice,
    device: Device,
) -> CudaResult<()> {
    context.make_current()?;
    let advice = match advice {
        Advice::ReadMostly => sys::CUmem_advise::CU_MEM_ADVISE_SET_READ_MOSTLY,
        Advice::UnsetReadMostly => sys::CUmem_advise::CU_MEM_ADVISE_UNSET_READ_MOSTLY,
        Advice::PreferredLocation => sys::CUmem_advise::CU_MEM_ADVISE_SET_PREFERRED_LOCATION,
        Advice::UnsetPreferredLocation => sys::CUmem_advise::CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION,
        Advice::AccessedBy => sys::CUmem_advise::CU_MEM_ADVISE_SET_ACCESSED_BY,
        Advice::UnsetAccessedBy => sys::CUmem_advise::CU_MEM_ADVISE_UNSET_ACCESSED_BY,
    };
    // SAFETY: a range; CUDA checks it.
    check("cuMemAdvise", unsafe {
        sys::cuMemAdvise(address, len, advice, device.0)
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advice {
    ReadMostly,
    UnsetReadMostly,
    PreferredLocation,
    UnsetPreferredLocation,
    AccessedBy,
    UnsetAccessedBy,
}

/// A loaded module (from PTX, cubin or fatbin).
#[derive(Debug)]
pub(crate) struct Module {
    raw: sys::CUmodule,
    context: Context,
}

// SAFETY: CUDA modules may be used from any thread.
unsafe impl Send for Module {}
// SAFETY: CUDA's module calls are thread-safe.
unsafe impl Sync for Module {}

/// A module load's outcome: the module or the JIT's error log, and its info log.
pub(crate) struct Loaded {
    pub(crate) module: CudaResult<Module>,
    pub(crate) error_log: String,
    pub(crate) info_log: String,
}

impl Module {
    /// Loads `image` (NUL-terminated PTX text, or a cubin/fatbin) with the JIT's logs.
    pub(crate) fn load(
        context: Context,
        image: &[u8],
        max_registers: Option<u32>,
    ) -> CudaResult<Loaded> {
        context.make_current()?;
        // PTX must end with its NUL; a copy makes sure of it without touching the caller's.
        let mut image = image.to_vec();
        if image.last() != Some(&0) {
            image.push(0);
        }
        const LOG: usize = 16 * 1024;
        let mut error_log = vec![0u8; LOG];
        let mut info_log = vec![0u8; LOG];
        let mut options = vec![
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER,
            sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut values: Vec<*mut c_void> = vec![
            error_log.as_mut_ptr().cast(),
            LOG as *mut c_void,
            info_log.as_mut_ptr().cast(),
            LOG as *mut c_void,
        ];
        if let Some(registers) = max_registers {
            options.push(sys::CUjit_option::CU_JIT_MAX_REGISTERS);
            values.push(registers as usize as *mut c_void);
        }
        let mut raw = ptr::null_mut();
        // SAFETY: the image is NUL-terminated; the log buffers outlive the call and their
        // sizes are given; option values are by-value integers or those buffers.
        let code = unsafe {
            sys::cuModuleLoadDataEx(
                &mut raw,
                image.as_ptr().cast(),
                options.len() as u32,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        let text = |log: &[u8]| {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            String::from_utf8_lossy(&log[..end]).into_owned()
        };
        Ok(Loaded {
            module: check("cuModuleLoadDataEx", code).map(|()| Module { raw, context }),
            error_log: text(&error_log),
            info_log: text(&info_log),
        })
    }

    pub(crate) fn function(self: &std::sync::Arc<Self>, name: &str) -> CudaResult<Function> {
        self.context.make_current()?;
        let name = CString::new(name).map_err(|_| CudaError {
            call: "cuModuleGetFunction",
            code: sys::CUresult::CUDA_ERROR_NOT_FOUND,
        })?;
        let mut raw = ptr::null_mut();
        // SAFETY: a loaded module and a NUL-terminated name.
        check("cuModuleGetFunction", unsafe {
            sys::cuModuleGetFunction(&mut raw, self.raw, name.as_ptr())
        })?;
        Ok(Function {
            raw,
            module: self.clone(),
            layout: OnceLock::new(),
        })
    }

    /// The names of the module's kernels.
    pub(crate) fn function_names(&self) -> CudaResult<Vec<String>> {
        self.context.make_current()?;
        let mut count = 0u32;
        // SAFETY: writes one count.
        check("cuModuleGetFunctionCount", unsafe {
            sys::cuModuleGetFunctionCount(&mut count, self.raw)
        })?;
        let mut functions = vec![ptr::null_mut(); count as usize];
        // SAFETY: the array holds `count` handles.
        check("cuModuleEnumerateFunctions", unsafe {
            sys::cuModuleEnumerateFunctions(functions.as_mut_ptr(), count, self.raw)
        })?;
        functions
            .into_iter()
            .map(|function| {
                let mut name: *const std::ffi::c_char = ptr::null();
                // SAFETY: a function of this module; CUDA returns a string it owns.
                check("cuFuncGetName", unsafe {
                    sys::cuFuncGetName(&mut name, function)
                })?;
                // SAFETY: NUL-terminated, alive while the module is.
                Ok(unsafe { CStr::from_ptr(name) }
                    .to_string_lossy()
                    .into_owned())
            })
            .collect()
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        if self.context.make_current().is_ok() {
            // SAFETY: owned; unloaded once, after every Function (which hold an Arc) is gone.
            unsafe { sys::cuModuleUnload(self.raw) };
        }
    }
}

/// A kernel of a loaded module; keeps the module loaded.
#[derive(Debug, Clone)]
pub(crate) struct Function {
    raw: sys::CUfunction,
    module: std::sync::Arc<Module>,
    /// (offset, size) of the parameters a launch passes, found at the first launch.
    layout: OnceLock<Vec<(usize, usize)>>,
}

// SAFETY: CUDA functions may be used from any thread.
unsafe impl Send for Function {}
// SAFETY: as above.
unsafe impl Sync for Function {}

impl Function {
    pub(crate) fn attribute(&self, attribute: FunctionAttribute) -> CudaResult<i32> {
        self.module.context.make_current()?;
        let mut value = 0;
        // SAFETY: writes one int.
        check("cuFuncGetAttribute", unsafe {
            sys::cuFuncGetAttribute(&mut value, attribute, self.raw)
        })?;
        Ok(value)
    }

    /// Sets the most dynamic shared memory a launch may ask for.
    pub(crate) fn allow_dynamic_shared(&self, bytes: i32) -> CudaResult<()> {
        self.module.context.make_current()?;
        // SAFETY: plain attribute set.
        check("cuFuncSetAttribute", unsafe {
            sys::cuFuncSetAttribute(
                self.raw,
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                bytes,
            )
        })
    }

    /// The (offset, size) of the first `count` parameters. Only indices the launch passes are
    /// asked (asking past the last parameter is an API error compute-sanitizer reports).
    fn layout(&self, count: usize) -> CudaResult<Vec<(usize, usize)>> {
        if let Some(layout) = self.layout.get().filter(|l| l.len() == count) {
            return Ok(layout.clone());
        }
        self.module.context.make_current()?;
        let layout = (0..count)
            .map(|index| {
                let (mut offset, mut size) = (0usize, 0usize);
                // SAFETY: writes two size_t; an index past the last parameter is an error.
                check("cuFuncGetParamInfo", unsafe {
                    sys::cuFuncGetParamInfo(self.raw, index, &mut offset, &mut size)
                })?;
                Ok((offset, size))
            })
            .collect::<CudaResult<Vec<_>>>()?;
        let _ = self.layout.set(layout.clone());
        Ok(layout)
    }
}

/// Page-locked host memory the adapter owns (staging for maps and large fill patterns). Its
/// drop waits for the context's work first, so no pending copy outlives it.
#[derive(Debug)]
pub(crate) struct Pinned {
    context: Context,
    address: DeviceAddress,
    len: usize,
}

impl Pinned {
    pub(crate) fn new(context: Context, len: usize) -> CudaResult<Pinned> {
        let address = allocate(context, AllocationKind::Host, len)?;
        Ok(Pinned {
            context,
            address,
            len,
        })
    }

    pub(crate) fn address(&self) -> usize {
        self.address as usize
    }

    pub(crate) fn span(&self) -> HostSpan {
        HostSpan {
            address: self.address as usize,
            len: self.len,
        }
    }

    /// A buffer holding a copy of `bytes`.
    pub(crate) fn with_bytes(context: Context, bytes: &[u8]) -> CudaResult<Pinned> {
        let pinned = Pinned::new(context, bytes.len())?;
        // SAFETY: a fresh allocation of at least `bytes.len()` bytes that no copy uses yet.
        unsafe {
            ptr::copy_nonoverlapping(
                bytes.as_ptr(),
                pinned.address as usize as *mut u8,
                bytes.len(),
            )
        };
        Ok(pinned)
    }
}

impl Drop for Pinned {
    fn drop(&mut self) {
        let _ = self.context.synchronize();
        let _ = free(self.context, AllocationKind::Host, self.address);
    }
}

/// Links PTX images into one cubin with the driver's linker: the cubin, or the linker's log.
pub(crate) fn link(context: Context, images: &[&[u8]]) -> CudaResult<Result<Vec<u8>, String>> {
    context.make_current()?;
    const LOG: usize = 16 * 1024;
    let mut error_log = vec![0u8; LOG];
    let mut options = [
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    let mut values: [*mut c_void; 2] = [error_log.as_mut_ptr().cast(), LOG as *mut c_void];
    let mut state = ptr::null_mut();
    // SAFETY: the log buffer outlives the link state (destroyed below); sizes given.
    check("cuLinkCreate", unsafe {
        sys::cuLinkCreate_v2(
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
            &mut state,
        )
    })?;
    let log = |log: &[u8]| {
        let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
        String::from_utf8_lossy(&log[..end]).into_owned()
    };
    let mut result = Ok(Vec::new());
    for image in images {
        let mut ptx = image.to_vec();
        if ptx.last() != Some(&0) {
            ptx.push(0);
        }
        // SAFETY: a NUL-terminated PTX image of `len` bytes, copied by the linker; no options.
        let code = unsafe {
            sys::cuLinkAddData_v2(
                state,
                sys::CUjitInputType::CU_JIT_INPUT_PTX,
                ptx.as_mut_ptr().cast(),
                ptx.len(),
                c"program".as_ptr(),
                0,
                ptr::null_mut(),
                ptr::null_mut(),
            )
        };
        if code != sys::CUresult::CUDA_SUCCESS {
            result = Err(log(&error_log));
            break;
        }
    }
    if result.is_ok() {
        let (mut cubin, mut size): (*mut c_void, usize) = (ptr::null_mut(), 0);
        // SAFETY: the cubin belongs to the link state, copied out before it is destroyed.
        let code = unsafe { sys::cuLinkComplete(state, &mut cubin, &mut size) };
        result = if code == sys::CUresult::CUDA_SUCCESS && !cubin.is_null() {
            // SAFETY: `size` bytes at `cubin`, alive until cuLinkDestroy.
            Ok(unsafe { std::slice::from_raw_parts(cubin.cast::<u8>(), size) }.to_vec())
        } else {
            Err(log(&error_log))
        };
    }
    // SAFETY: created above, destroyed once.
    unsafe { sys::cuLinkDestroy(state) };
    Ok(result)
}
