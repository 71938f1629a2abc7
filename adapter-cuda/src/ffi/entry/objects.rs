//! Entry points of the counted objects: contexts, queues, events, memory, programs and
//! kernels (create, retain, release, info), and USM allocation.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use super::*;
use crate::cuda::{AllocationKind, HostSpan};
use crate::ffi::{InfoOut, reference_count, release, retain};
use crate::memory;
use crate::program::Argument;

/// `urXRetain` / `urXRelease` for a counted object type.
macro_rules! counted {
    ($retain:ident, $release:ident, $raw:ty, $object:ty) => {
        pub(crate) unsafe extern "C" fn $retain(handle: $raw) -> ur_result_t {
            // SAFETY: a handle of this type per UR.
            guard(stringify!($retain), || {
                if unsafe { retain::<$object>(handle) } {
                    Ok(())
                } else {
                    Err(null_handle())
                }
            })
        }
        pub(crate) unsafe extern "C" fn $release(handle: $raw) -> ur_result_t {
            // SAFETY: a handle of this type whose reference the caller gives up, per UR.
            guard(stringify!($release), || {
                if unsafe { release::<$object>(handle) } {
                    Ok(())
                } else {
                    Err(null_handle())
                }
            })
        }
    };
}

counted!(
    urContextRetain,
    urContextRelease,
    ur_context_handle_t,
    Context
);
counted!(urQueueRetain, urQueueRelease, ur_queue_handle_t, Queue);
counted!(urEventRetain, urEventRelease, ur_event_handle_t, Event);
counted!(urMemRetain, urMemRelease, ur_mem_handle_t, Mem);
counted!(
    urProgramRetain,
    urProgramRelease,
    ur_program_handle_t,
    Program
);
counted!(urKernelRetain, urKernelRelease, ur_kernel_handle_t, Kernel);

pub(crate) unsafe extern "C" fn urContextCreate(
    count: u32,
    devices: *const ur_device_handle_t,
    _properties: *const ur_context_properties_t,
    out: *mut ur_context_handle_t,
) -> ur_result_t {
    guard("urContextCreate", || {
        if devices.is_null() {
            return Err(null());
        }
        // SAFETY: `count` device handles per UR.
        let raw = unsafe { std::slice::from_raw_parts(devices, count as usize) };
        let devices = raw
            .iter()
            .map(|&d| device(d))
            .collect::<UrResult<Vec<_>>>()?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Context>(out, Context::new(devices)?) }
    })
}

pub(crate) unsafe extern "C" fn urContextGetInfo(
    context: ur_context_handle_t,
    property: ur_context_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urContextGetInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            let count = reference_count::<Context>(context).ok_or_else(null_handle)?;
            object::<Context>(context)?.info(property, count, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urQueueCreate(
    context: ur_context_handle_t,
    device_handle: ur_device_handle_t,
    properties: *const ur_queue_properties_t,
    out: *mut ur_queue_handle_t,
) -> ur_result_t {
    guard("urQueueCreate", || {
        // SAFETY: handle per UR.
        let context = unsafe { shared::<Context>(context) }?;
        // SAFETY: null or a properties struct per UR.
        let flags = unsafe { properties.as_ref() }.map(|p| p.flags).unwrap_or(0);
        let queue = Queue::new(context, device(device_handle)?, flags)?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Queue>(out, queue) }
    })
}

pub(crate) unsafe extern "C" fn urQueueGetInfo(
    queue: ur_queue_handle_t,
    property: ur_queue_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urQueueGetInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            let count = reference_count::<Queue>(queue).ok_or_else(null_handle)?;
            object::<Queue>(queue)?.info(property, count, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urQueueFinish(queue: ur_queue_handle_t) -> ur_result_t {
    // SAFETY: handle per UR.
    guard("urQueueFinish", || {
        unsafe { object::<Queue>(queue) }?.finish()
    })
}

pub(crate) unsafe extern "C" fn urQueueFlush(queue: ur_queue_handle_t) -> ur_result_t {
    // CUDA submits as commands are enqueued: nothing to flush.
    // SAFETY: handle per UR.
    guard("urQueueFlush", || {
        unsafe { object::<Queue>(queue) }.map(drop)
    })
}

pub(crate) unsafe extern "C" fn urQueueIsGraphCaptureEnabledExp(
    queue: ur_queue_handle_t,
    result: *mut bool,
) -> ur_result_t {
    guard("urQueueIsGraphCaptureEnabledExp", || {
        // SAFETY: handle per UR.
        unsafe { object::<Queue>(queue) }?;
        if result.is_null() {
            return Err(null());
        }
        // SAFETY: non-null output.
        unsafe { *result = false };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEventWait(
    count: u32,
    events: *const ur_event_handle_t,
) -> ur_result_t {
    guard("urEventWait", || {
        // SAFETY: `count` event handles per UR.
        for event in unsafe { wait_list(count, events) }? {
            event.wait()?;
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEventGetInfo(
    event: ur_event_handle_t,
    property: ur_event_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urEventGetInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            let count = reference_count::<Event>(event).ok_or_else(null_handle)?;
            object::<Event>(event)?.info(property, count, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urEventGetProfilingInfo(
    event: ur_event_handle_t,
    property: ur_profiling_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urEventGetProfilingInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            object::<Event>(event)?.profiling_info(property, InfoOut::new(size, value, size_ret)?)
        }
    })
}

fn usm_alloc(
    context: ur_context_handle_t,
    device_handle: Option<ur_device_handle_t>,
    desc: *const ur_usm_desc_t,
    kind: AllocationKind,
    size: usize,
    out: *mut *mut c_void,
) -> UrResult<()> {
    // SAFETY: handle per UR.
    let context = unsafe { object::<Context>(context) }?;
    let device = device_handle.map(device).transpose()?;
    // SAFETY: null or a descriptor per UR.
    let alignment = unsafe { desc.as_ref() }.map(|d| d.align).unwrap_or(0);
    if out.is_null() {
        return Err(null());
    }
    let address = context.usm_alloc(kind, device, size, alignment)?;
    // SAFETY: non-null output.
    unsafe { *out = address as usize as *mut c_void };
    Ok(())
}

pub(crate) unsafe extern "C" fn urUSMHostAlloc(
    context: ur_context_handle_t,
    desc: *const ur_usm_desc_t,
    _pool: ur_usm_pool_handle_t,
    size: usize,
    out: *mut *mut c_void,
) -> ur_result_t {
    guard("urUSMHostAlloc", || {
        usm_alloc(context, None, desc, AllocationKind::Host, size, out)
    })
}

pub(crate) unsafe extern "C" fn urUSMDeviceAlloc(
    context: ur_context_handle_t,
    device_handle: ur_device_handle_t,
    desc: *const ur_usm_desc_t,
    _pool: ur_usm_pool_handle_t,
    size: usize,
    out: *mut *mut c_void,
) -> ur_result_t {
    guard("urUSMDeviceAlloc", || {
        usm_alloc(
            context,
            Some(device_handle),
            desc,
            AllocationKind::Device,
            size,
            out,
        )
    })
}

pub(crate) unsafe extern "C" fn urUSMSharedAlloc(
    context: ur_context_handle_t,
    device_handle: ur_device_handle_t,
    desc: *const ur_usm_desc_t,
    _pool: ur_usm_pool_handle_t,
    size: usize,
    out: *mut *mut c_void,
) -> ur_result_t {
    guard("urUSMSharedAlloc", || {
        usm_alloc(
            context,
            Some(device_handle),
            desc,
            AllocationKind::Shared,
            size,
            out,
        )
    })
}

pub(crate) unsafe extern "C" fn urUSMFree(
    context: ur_context_handle_t,
    address: *mut c_void,
) -> ur_result_t {
    // SAFETY: handle per UR.
    guard("urUSMFree", || {
        unsafe { object::<Context>(context) }?.usm_free(address as usize as u64)
    })
}

pub(crate) unsafe extern "C" fn urUSMGetMemAllocInfo(
    context: ur_context_handle_t,
    address: *const c_void,
    property: ur_usm_alloc_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urUSMGetMemAllocInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            object::<Context>(context)?.usm_info(
                address as usize as u64,
                property,
                InfoOut::new(size, value, size_ret)?,
            )
        }
    })
}

pub(crate) unsafe extern "C" fn urMemBufferCreate(
    context: ur_context_handle_t,
    flags: ur_mem_flags_t,
    size: usize,
    properties: *const ur_buffer_properties_t,
    out: *mut ur_mem_handle_t,
) -> ur_result_t {
    guard("urMemBufferCreate", || {
        // SAFETY: handle per UR.
        let context = unsafe { shared::<Context>(context) }?;
        // SAFETY: null or a properties struct per UR.
        let host = unsafe { properties.as_ref() }
            .map(|p| p.pHost)
            .filter(|p| !p.is_null());
        // SAFETY: UR: the host pointer holds `size` bytes, and for USE_HOST_POINTER stays
        // valid for the buffer's life.
        let host = host.map(|p| unsafe { HostSpan::from_caller(p, size) });
        let mem = Mem::new(context, flags, size, host)?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Mem>(out, mem) }
    })
}

pub(crate) unsafe extern "C" fn urMemBufferPartition(
    buffer: ur_mem_handle_t,
    _flags: ur_mem_flags_t,
    create_type: ur_buffer_create_type_t,
    region: *const ur_buffer_region_t,
    out: *mut ur_mem_handle_t,
) -> ur_result_t {
    guard("urMemBufferPartition", || {
        if create_type != UR_BUFFER_CREATE_TYPE_REGION {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_ENUMERATION));
        }
        // SAFETY: null or a region per UR.
        let region = unsafe { region.as_ref() }.ok_or_else(null)?;
        // SAFETY: handle per UR.
        let sub = unsafe { object::<Mem>(buffer) }?.partition(region.origin, region.size)?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Mem>(out, sub) }
    })
}

pub(crate) unsafe extern "C" fn urMemGetInfo(
    mem: ur_mem_handle_t,
    property: ur_mem_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urMemGetInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            let count = reference_count::<Mem>(mem).ok_or_else(null_handle)?;
            object::<Mem>(mem)?.info(property, count, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urProgramCreateWithBinary(
    context: ur_context_handle_t,
    count: u32,
    devices: *mut ur_device_handle_t,
    lengths: *mut usize,
    binaries: *mut *const u8,
    _properties: *const ur_program_properties_t,
    out: *mut ur_program_handle_t,
) -> ur_result_t {
    guard("urProgramCreateWithBinary", || {
        if count != 1 {
            return Err(Error::unsupported("a CUDA program is built for one device"));
        }
        if devices.is_null() || lengths.is_null() || binaries.is_null() {
            return Err(null());
        }
        // SAFETY: one device, length and binary per UR (count is 1).
        let (device_handle, length, binary) = unsafe { (*devices, *lengths, *binaries) };
        if binary.is_null() {
            return Err(null());
        }
        // SAFETY: the binary holds `length` bytes per UR.
        let image = unsafe { std::slice::from_raw_parts(binary, length) }.to_vec();
        // SAFETY: handle per UR.
        let context = unsafe { shared::<Context>(context) }?;
        let program = Program::new(context, device(device_handle)?, image)?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Program>(out, program) }
    })
}

pub(crate) unsafe extern "C" fn urProgramBuild(
    _context: ur_context_handle_t,
    program: ur_program_handle_t,
    options: *const c_char,
) -> ur_result_t {
    // SAFETY: handle and string per UR.
    guard("urProgramBuild", || unsafe {
        object::<Program>(program)?.build(string(options)?)
    })
}

pub(crate) unsafe extern "C" fn urProgramBuildExp(
    program: ur_program_handle_t,
    _count: u32,
    _devices: *mut ur_device_handle_t,
    _flags: ur_exp_program_flags_t,
    options: *const c_char,
) -> ur_result_t {
    // SAFETY: handle and string per UR.
    guard("urProgramBuildExp", || unsafe {
        object::<Program>(program)?.build(string(options)?)
    })
}

pub(crate) unsafe extern "C" fn urProgramGetInfo(
    program: ur_program_handle_t,
    property: ur_program_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urProgramGetInfo", || {
        // SAFETY: handle per UR.
        let object = unsafe { object::<Program>(program) }?;
        if property == UR_PROGRAM_INFO_BINARIES {
            // An array of caller buffers, each as large as BINARY_SIZES said.
            if !size_ret.is_null() {
                // SAFETY: non-null output.
                unsafe { *size_ret = std::mem::size_of::<*mut u8>() };
            }
            if !value.is_null() {
                if size < std::mem::size_of::<*mut u8>() {
                    return Err(Error::code(UR_RESULT_ERROR_INVALID_SIZE));
                }
                // SAFETY: UR: one pointer to a buffer of BINARY_SIZES[0] bytes.
                unsafe {
                    let buffer = *(value as *mut *mut u8);
                    if !buffer.is_null() {
                        std::ptr::copy_nonoverlapping(
                            object.image().as_ptr(),
                            buffer,
                            object.image().len(),
                        );
                    }
                }
            }
            return Ok(());
        }
        // SAFETY: handle and outputs per UR.
        unsafe {
            let count = reference_count::<Program>(program).ok_or_else(null_handle)?;
            object.info(property, count, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urProgramGetBuildInfo(
    program: ur_program_handle_t,
    _device: ur_device_handle_t,
    property: ur_program_build_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urProgramGetBuildInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            object::<Program>(program)?.build_info(property, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urKernelCreate(
    program: ur_program_handle_t,
    name: *const c_char,
    out: *mut ur_kernel_handle_t,
) -> ur_result_t {
    guard("urKernelCreate", || {
        // SAFETY: handle and string per UR.
        let (program, name) = unsafe { (shared::<Program>(program)?, string(name)?) };
        let kernel = Kernel::new(program, name)?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Kernel>(out, kernel) }
    })
}

pub(crate) unsafe extern "C" fn urKernelGetInfo(
    kernel: ur_kernel_handle_t,
    property: ur_kernel_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urKernelGetInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            let count = reference_count::<Kernel>(kernel).ok_or_else(null_handle)?;
            object::<Kernel>(kernel)?.info(property, count, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urKernelGetGroupInfo(
    kernel: ur_kernel_handle_t,
    _device: ur_device_handle_t,
    property: ur_kernel_group_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urKernelGetGroupInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            object::<Kernel>(kernel)?.group_info(property, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urKernelGetSubGroupInfo(
    kernel: ur_kernel_handle_t,
    _device: ur_device_handle_t,
    property: ur_kernel_sub_group_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urKernelGetSubGroupInfo", || {
        // SAFETY: handle and outputs per UR.
        unsafe {
            object::<Kernel>(kernel)?.sub_group_info(property, InfoOut::new(size, value, size_ret)?)
        }
    })
}

pub(crate) unsafe extern "C" fn urKernelSetExecInfo(
    kernel: ur_kernel_handle_t,
    _property: ur_kernel_exec_info_t,
    _size: usize,
    _properties: *const ur_kernel_exec_info_properties_t,
    _value: *const c_void,
) -> ur_result_t {
    // Indirect USM access and cache preferences need nothing on CUDA.
    // SAFETY: handle per UR.
    guard("urKernelSetExecInfo", || {
        unsafe { object::<Kernel>(kernel) }.map(drop)
    })
}

pub(crate) unsafe extern "C" fn urKernelGetSuggestedLocalWorkSize(
    kernel: ur_kernel_handle_t,
    queue: ur_queue_handle_t,
    work_dim: u32,
    _offset: *const usize,
    global: *const usize,
    out: *mut usize,
) -> ur_result_t {
    guard("urKernelGetSuggestedLocalWorkSize", || {
        // SAFETY: handles per UR.
        let (kernel, queue) = unsafe { (object::<Kernel>(kernel)?, object::<Queue>(queue)?) };
        // SAFETY: `work_dim` sizes per UR.
        let global = unsafe { sizes3(work_dim, global) }?.ok_or_else(null)?;
        let local = kernel.suggested_local_size(queue.device, global)?;
        if out.is_null() {
            return Err(null());
        }
        for (d, l) in local.iter().take(work_dim as usize).enumerate() {
            // SAFETY: room for `work_dim` sizes per UR.
            unsafe { *out.add(d) = *l };
        }
        Ok(())
    })
}

/// `work_dim` sizes as three (the missing ones 1), or `None` for a null pointer.
///
/// # Safety
/// `raw` is null or points to `work_dim` sizes.
pub(super) unsafe fn sizes3(work_dim: u32, raw: *const usize) -> UrResult<Option<[usize; 3]>> {
    if !(1..=3).contains(&work_dim) {
        return Err(Error::code(UR_RESULT_ERROR_INVALID_WORK_DIMENSION));
    }
    if raw.is_null() {
        return Ok(None);
    }
    let mut sizes = [1usize; 3];
    // SAFETY: per the contract.
    sizes[..work_dim as usize]
        .copy_from_slice(unsafe { std::slice::from_raw_parts(raw, work_dim as usize) });
    Ok(Some(sizes))
}

/// The launch arguments of `urEnqueueKernelLaunchWithArgsExp`.
///
/// # Safety
/// `args` points to `count` argument structs whose values are as their types say.
pub(super) unsafe fn arguments(
    count: u32,
    args: *const ur_exp_kernel_arg_properties_t,
) -> UrResult<Vec<(u32, Argument)>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if args.is_null() {
        return Err(null());
    }
    // SAFETY: per the contract.
    let args = unsafe { std::slice::from_raw_parts(args, count as usize) };
    // Buffers the kernel may write lose their known contents before any argument's are
    // read: a buffer passed twice, once writable, is not specialised on.
    for arg in args
        .iter()
        .filter(|a| a.type_ == UR_EXP_KERNEL_ARG_TYPE_MEM_OBJ)
    {
        // SAFETY: a MEM_OBJ's value is a memory handle (or null) and its flags per UR.
        let (mem, flags) = unsafe { (arg.value.memObjTuple.hMem, arg.value.memObjTuple.flags) };
        if !mem.is_null() && !memory::argument_reads_only(flags) {
            // SAFETY: a live memory handle per UR.
            unsafe { object::<Mem>(mem) }?.contents_may_change();
        }
    }
    args.iter()
        .map(|arg| {
            let argument = match arg.type_ {
                UR_EXP_KERNEL_ARG_TYPE_VALUE => {
                    // SAFETY: a VALUE's pointer holds `size` bytes.
                    let value = unsafe { arg.value.value };
                    if value.is_null() && arg.size != 0 {
                        return Err(null());
                    }
                    let bytes = if arg.size == 0 {
                        Vec::new()
                    } else {
                        // SAFETY: checked non-null; `size` bytes per UR.
                        unsafe { std::slice::from_raw_parts(value.cast::<u8>(), arg.size) }.to_vec()
                    };
                    Argument::Bytes(bytes)
                }
                UR_EXP_KERNEL_ARG_TYPE_POINTER => {
                    // SAFETY: a POINTER's value is the pointer itself.
                    let pointer = unsafe { arg.value.pointer } as usize;
                    Argument::Bytes(pointer.to_ne_bytes().to_vec())
                }
                UR_EXP_KERNEL_ARG_TYPE_MEM_OBJ => {
                    // SAFETY: a MEM_OBJ's value is a memory handle (or null) per UR.
                    let (mem, flags) =
                        unsafe { (arg.value.memObjTuple.hMem, arg.value.memObjTuple.flags) };
                    if mem.is_null() {
                        Argument::Bytes(0u64.to_ne_bytes().to_vec())
                    } else {
                        // SAFETY: a live memory handle per UR.
                        let mem = unsafe { object::<Mem>(mem) }?;
                        Argument::Buffer {
                            address: mem.address().to_ne_bytes().to_vec(),
                            contents: memory::argument_reads_only(flags)
                                .then(|| mem.known_contents())
                                .flatten(),
                        }
                    }
                }
                UR_EXP_KERNEL_ARG_TYPE_LOCAL => Argument::Local(arg.size),
                _ => {
                    return Err(Error::unsupported(
                        "kernel argument type (samplers are not supported)",
                    ));
                }
            };
            Ok((arg.index, argument))
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urKernelGetSuggestedLocalWorkSizeWithArgs(
    kernel: ur_kernel_handle_t,
    queue: ur_queue_handle_t,
    work_dim: u32,
    offset: *const usize,
    global: *const usize,
    _arg_count: u32,
    _args: *const ur_exp_kernel_arg_properties_t,
    out: *mut usize,
) -> ur_result_t {
    // The arguments change nothing here: local memory does not limit the block size chosen.
    // SAFETY: forwarded per UR.
    unsafe { urKernelGetSuggestedLocalWorkSize(kernel, queue, work_dim, offset, global, out) }
}

pub(crate) unsafe extern "C" fn urProgramCompile(
    _context: ur_context_handle_t,
    program: ur_program_handle_t,
    options: *const c_char,
) -> ur_result_t {
    // SAFETY: handle and string per UR.
    guard("urProgramCompile", || unsafe {
        object::<Program>(program)?.compile(string(options)?)
    })
}

pub(crate) unsafe extern "C" fn urProgramCompileExp(
    program: ur_program_handle_t,
    _count: u32,
    _devices: *mut ur_device_handle_t,
    _flags: ur_exp_program_flags_t,
    options: *const c_char,
) -> ur_result_t {
    // SAFETY: handle and string per UR.
    guard("urProgramCompileExp", || unsafe {
        object::<Program>(program)?.compile(string(options)?)
    })
}

/// The programs of a link.
///
/// # Safety
/// `programs` points to `count` program handles.
unsafe fn programs(
    count: u32,
    programs: *const ur_program_handle_t,
) -> UrResult<Vec<Arc<Handle<Program>>>> {
    if programs.is_null() || count == 0 {
        return Err(null());
    }
    // SAFETY: per the contract.
    let raw = unsafe { std::slice::from_raw_parts(programs, count as usize) };
    // SAFETY: program handles per the contract.
    raw.iter()
        .map(|&p| unsafe { shared::<Program>(p) })
        .collect()
}

pub(crate) unsafe extern "C" fn urProgramLink(
    context: ur_context_handle_t,
    count: u32,
    inputs: *const ur_program_handle_t,
    options: *const c_char,
    out: *mut ur_program_handle_t,
) -> ur_result_t {
    guard("urProgramLink", || {
        // SAFETY: handles and string per UR.
        let (context, inputs, options) = unsafe {
            (
                shared::<Context>(context)?,
                programs(count, inputs)?,
                string(options)?,
            )
        };
        let linked = Program::link(context, &inputs, options)?;
        // SAFETY: an output handle per UR.
        unsafe { put::<Program>(out, linked) }
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urProgramLinkExp(
    context: ur_context_handle_t,
    _device_count: u32,
    _devices: *mut ur_device_handle_t,
    _flags: ur_exp_program_flags_t,
    count: u32,
    inputs: *const ur_program_handle_t,
    options: *const c_char,
    out: *mut ur_program_handle_t,
) -> ur_result_t {
    // SAFETY: forwarded per UR.
    unsafe { urProgramLink(context, count, inputs, options, out) }
}
