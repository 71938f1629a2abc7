//! Enqueue entry points: memory commands, USM commands, waits and barriers, kernel launches.
#![allow(non_snake_case)]

use std::ffi::c_void;

use super::objects::{arguments, sizes3};
use super::*;
use crate::cuda::{HostSpan, Memory, RectSide};
use crate::memory::{self, rect_extent, rect_pitches};
use crate::queue::QueueRef;

/// The queue, the wait list and the event output of an enqueue, in one step.
///
/// # Safety
/// As [`shared`] and [`wait_list`].
unsafe fn enqueue<'a>(
    queue: ur_queue_handle_t,
    count: u32,
    waits: *const ur_event_handle_t,
) -> UrResult<(QueueRef, Vec<&'a Handle<Event>>)> {
    // SAFETY: forwarded contract.
    unsafe { Ok((shared::<Queue>(queue)?, wait_list(count, waits)?)) }
}

pub(crate) unsafe extern "C" fn urEnqueueEventsWait(
    queue: ur_queue_handle_t,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueEventsWait", || {
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        let started = queue.begin(&waits)?;
        let done = Queue::end(&queue, started, UR_COMMAND_EVENTS_WAIT, !event.is_null())?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEnqueueEventsWaitWithBarrier(
    queue: ur_queue_handle_t,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueEventsWaitWithBarrier", || {
        // The queue's one stream orders every later command after this point anyway.
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        let started = queue.begin(&waits)?;
        let done = Queue::end(
            &queue,
            started,
            UR_COMMAND_EVENTS_WAIT_WITH_BARRIER,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEnqueueEventsWaitWithBarrierExt(
    queue: ur_queue_handle_t,
    _properties: *const ur_exp_enqueue_ext_properties_t,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    // SAFETY: forwarded per UR.
    unsafe { urEnqueueEventsWaitWithBarrier(queue, count, waits, event) }
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferRead(
    queue: ur_queue_handle_t,
    buffer: ur_mem_handle_t,
    blocking: bool,
    offset: usize,
    size: usize,
    dst: *mut c_void,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferRead", || {
        // SAFETY: per UR; `dst` holds `size` bytes until the read completes.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let (buffer, dst) = unsafe { (object::<Mem>(buffer)?, host(dst, size)?) };
        let done = buffer.read(&queue, blocking, offset, dst, &waits, !event.is_null())?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferWrite(
    queue: ur_queue_handle_t,
    buffer: ur_mem_handle_t,
    blocking: bool,
    offset: usize,
    size: usize,
    src: *const c_void,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferWrite", || {
        // SAFETY: per UR; `src` holds `size` bytes until the write completes.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let (buffer, src) = unsafe { (object::<Mem>(buffer)?, host(src, size)?) };
        let done = buffer.write(&queue, blocking, offset, src, &waits, !event.is_null())?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

/// A caller's host memory of `size` bytes.
///
/// # Safety
/// `address` is valid for `size` bytes until the command that uses it completes.
unsafe fn host(address: *const c_void, size: usize) -> UrResult<HostSpan> {
    if address.is_null() && size != 0 {
        return Err(null());
    }
    // SAFETY: forwarded contract.
    Ok(unsafe { HostSpan::from_caller(address, size) })
}

/// The host side of a rectangular copy.
///
/// # Safety
/// `address` is valid for the rectangle until the command completes.
unsafe fn host_rect(
    address: *const c_void,
    origin: [usize; 3],
    region: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
) -> UrResult<RectSide> {
    let (row_pitch, slice_pitch) = rect_pitches(region, row_pitch, slice_pitch);
    let extent = rect_extent(origin, region, row_pitch, slice_pitch)?;
    // SAFETY: forwarded contract; the span covers every byte the copy touches.
    let span = unsafe { host(address, extent) }?;
    Ok(RectSide {
        memory: Memory::Host(span),
        origin,
        row_pitch,
        slice_pitch,
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferReadRect(
    queue: ur_queue_handle_t,
    buffer: ur_mem_handle_t,
    blocking: bool,
    buffer_origin: ur_rect_offset_t,
    host_origin: ur_rect_offset_t,
    region: ur_rect_region_t,
    buffer_row_pitch: usize,
    buffer_slice_pitch: usize,
    host_row_pitch: usize,
    host_slice_pitch: usize,
    dst: *mut c_void,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferReadRect", || {
        let region = region3(region);
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let buffer = unsafe { object::<Mem>(buffer)? };
        let src = buffer.rect_side(
            offset3(buffer_origin),
            region,
            buffer_row_pitch,
            buffer_slice_pitch,
            false,
        )?;
        // SAFETY: `dst` holds the host rectangle until the read completes, per UR.
        let dst = unsafe {
            host_rect(
                dst,
                offset3(host_origin),
                region,
                host_row_pitch,
                host_slice_pitch,
            )
        }?;
        let done = Mem::copy_rect(
            &queue,
            UR_COMMAND_MEM_BUFFER_READ_RECT,
            blocking,
            dst,
            src,
            region,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferWriteRect(
    queue: ur_queue_handle_t,
    buffer: ur_mem_handle_t,
    blocking: bool,
    buffer_origin: ur_rect_offset_t,
    host_origin: ur_rect_offset_t,
    region: ur_rect_region_t,
    buffer_row_pitch: usize,
    buffer_slice_pitch: usize,
    host_row_pitch: usize,
    host_slice_pitch: usize,
    src: *mut c_void,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferWriteRect", || {
        let region = region3(region);
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let buffer = unsafe { object::<Mem>(buffer)? };
        let dst = buffer.rect_side(
            offset3(buffer_origin),
            region,
            buffer_row_pitch,
            buffer_slice_pitch,
            true,
        )?;
        // SAFETY: `src` holds the host rectangle until the write completes, per UR.
        let src = unsafe {
            host_rect(
                src,
                offset3(host_origin),
                region,
                host_row_pitch,
                host_slice_pitch,
            )
        }?;
        let done = Mem::copy_rect(
            &queue,
            UR_COMMAND_MEM_BUFFER_WRITE_RECT,
            blocking,
            dst,
            src,
            region,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferCopy(
    queue: ur_queue_handle_t,
    src: ur_mem_handle_t,
    dst: ur_mem_handle_t,
    src_offset: usize,
    dst_offset: usize,
    size: usize,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferCopy", || {
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let (src, dst) = unsafe { (object::<Mem>(src)?, object::<Mem>(dst)?) };
        let done = src.copy_to(
            &queue,
            dst,
            src_offset,
            dst_offset,
            size,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferCopyRect(
    queue: ur_queue_handle_t,
    src: ur_mem_handle_t,
    dst: ur_mem_handle_t,
    src_origin: ur_rect_offset_t,
    dst_origin: ur_rect_offset_t,
    region: ur_rect_region_t,
    src_row_pitch: usize,
    src_slice_pitch: usize,
    dst_row_pitch: usize,
    dst_slice_pitch: usize,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferCopyRect", || {
        let region = region3(region);
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let (src, dst) = unsafe { (object::<Mem>(src)?, object::<Mem>(dst)?) };
        let src = src.rect_side(
            offset3(src_origin),
            region,
            src_row_pitch,
            src_slice_pitch,
            false,
        )?;
        let dst = dst.rect_side(
            offset3(dst_origin),
            region,
            dst_row_pitch,
            dst_slice_pitch,
            true,
        )?;
        let done = Mem::copy_rect(
            &queue,
            UR_COMMAND_MEM_BUFFER_COPY_RECT,
            false,
            dst,
            src,
            region,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

/// A fill pattern.
///
/// # Safety
/// `pattern` is null or holds `size` bytes.
unsafe fn pattern<'a>(pattern: *const c_void, size: usize) -> UrResult<&'a [u8]> {
    if pattern.is_null() || size == 0 {
        return Err(null());
    }
    // SAFETY: per the contract.
    Ok(unsafe { std::slice::from_raw_parts(pattern.cast::<u8>(), size) })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferFill(
    queue: ur_queue_handle_t,
    buffer: ur_mem_handle_t,
    pattern_ptr: *const c_void,
    pattern_size: usize,
    offset: usize,
    size: usize,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemBufferFill", || {
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let (buffer, pattern) =
            unsafe { (object::<Mem>(buffer)?, pattern(pattern_ptr, pattern_size)?) };
        let done = buffer.fill(&queue, pattern, offset, size, &waits, !event.is_null())?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueMemBufferMap(
    queue: ur_queue_handle_t,
    buffer: ur_mem_handle_t,
    blocking: bool,
    flags: ur_map_flags_t,
    offset: usize,
    size: usize,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
    mapped: *mut *mut c_void,
) -> ur_result_t {
    guard("urEnqueueMemBufferMap", || {
        if mapped.is_null() {
            return Err(null());
        }
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let buffer = unsafe { object::<Mem>(buffer)? };
        let (address, done) = buffer.map(
            &queue,
            blocking,
            flags,
            offset,
            size,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: non-null outputs per UR.
        unsafe {
            *mapped = address as *mut c_void;
            put_event(event, done);
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEnqueueMemUnmap(
    queue: ur_queue_handle_t,
    mem: ur_mem_handle_t,
    mapped: *mut c_void,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueMemUnmap", || {
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let mem = unsafe { object::<Mem>(mem)? };
        let done = mem.unmap(&queue, mapped as usize, &waits, !event.is_null())?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueUSMMemcpy(
    queue: ur_queue_handle_t,
    blocking: bool,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueUSMMemcpy", || {
        if size != 0 && (dst.is_null() || src.is_null()) {
            return Err(null());
        }
        // SAFETY: per UR; both ranges stay valid until the copy completes (UR's contract for
        // USM and host pointers alike).
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        let done = memory::usm_copy(
            &queue,
            blocking,
            dst as usize as u64,
            src as usize as u64,
            size,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueUSMFill(
    queue: ur_queue_handle_t,
    dst: *mut c_void,
    pattern_size: usize,
    pattern_ptr: *const c_void,
    size: usize,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueUSMFill", || {
        if dst.is_null() {
            return Err(null());
        }
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let pattern = unsafe { pattern(pattern_ptr, pattern_size)? };
        let done = memory::usm_fill(
            &queue,
            dst as usize as u64,
            pattern,
            size,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEnqueueUSMPrefetch(
    queue: ur_queue_handle_t,
    address: *const c_void,
    size: usize,
    _flags: ur_usm_migration_flags_t,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueUSMPrefetch", || {
        // SAFETY: per UR.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        let done = memory::usm_prefetch(
            &queue,
            address as usize as u64,
            size,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urEnqueueUSMAdvise(
    queue: ur_queue_handle_t,
    address: *const c_void,
    size: usize,
    advice: ur_usm_advice_flags_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueUSMAdvise", || {
        // SAFETY: per UR.
        let queue = unsafe { shared::<Queue>(queue) }?;
        let done = memory::usm_advise(
            &queue,
            address as usize as u64,
            size,
            advice,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn urEnqueueKernelLaunchWithArgsExp(
    queue: ur_queue_handle_t,
    kernel: ur_kernel_handle_t,
    work_dim: u32,
    offset: *const usize,
    global: *const usize,
    local: *const usize,
    arg_count: u32,
    args: *const ur_exp_kernel_arg_properties_t,
    _launch_properties: *const ur_kernel_launch_ext_properties_t,
    count: u32,
    waits: *const ur_event_handle_t,
    event: *mut ur_event_handle_t,
) -> ur_result_t {
    guard("urEnqueueKernelLaunchWithArgsExp", || {
        // SAFETY: per UR: handles, `work_dim` sizes each, `arg_count` arguments.
        let (queue, waits) = unsafe { enqueue(queue, count, waits) }?;
        // SAFETY: as above.
        let (kernel, offset, global, local, arguments) = unsafe {
            (
                object::<Kernel>(kernel)?,
                sizes3(work_dim, offset)?,
                sizes3(work_dim, global)?.ok_or_else(null)?,
                sizes3(work_dim, local)?,
                arguments(arg_count, args)?,
            )
        };
        // A missing offset is zero (sizes3 fills absent dimensions with 1 for sizes).
        let offset = offset.map(|o| {
            let mut zeroed = [0usize; 3];
            zeroed[..work_dim as usize].copy_from_slice(&o[..work_dim as usize]);
            zeroed
        });
        let done = kernel.launch(
            &queue,
            work_dim as usize,
            offset.unwrap_or([0; 3]),
            global,
            local,
            arguments,
            &waits,
            !event.is_null(),
        )?;
        // SAFETY: the event output per UR.
        unsafe { put_event(event, done) };
        Ok(())
    })
}
