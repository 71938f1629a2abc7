//! Memory commands: buffers (device allocations, sub-buffers as windows on them, maps
//! through the caller's host memory or pinned staging) and USM copies and fills.
#![forbid(unsafe_code)]

use std::sync::{Arc, Mutex, MutexGuard};

use crate::context::ContextRef;
use crate::cuda::{self, AllocationKind, DeviceAddress, HostSpan, Memory, Pinned, RectSide};
use crate::error::{Error, UrResult};
use crate::ffi::ur::*;
use crate::ffi::{Handle, InfoOut, address_of};
use crate::queue::{Event, EventRef, Queue, QueueRef};

/// The device memory of a buffer and its sub-buffers.
struct Storage {
    context: cuda::Context,
    address: DeviceAddress,
    /// The caller's memory of a `USE_HOST_POINTER` buffer: maps go there.
    host: Option<HostSpan>,
    known: KnownContents,
}

/// The largest buffer whose contents the adapter remembers (the spec-constant buffers it is
/// for hold a few values; a copy per buffer must stay cheap).
pub(crate) const KNOWN_CONTENTS_LIMIT: usize = 64 * 1024;

/// The device bytes of a buffer as the adapter knows them without reading the device: the
/// host data it was created from, until anything may have written it (issue 32: a launch
/// passing a spec-constant buffer read-only can then be specialised to those values). Every
/// command that may write the buffer clears it first; nothing sets it again.
#[derive(Debug, Default)]
pub(crate) struct KnownContents(Mutex<Option<Arc<[u8]>>>);

impl KnownContents {
    /// The contents of a buffer created from `host` bytes (none past the size limit).
    pub(crate) fn new(host: Option<Vec<u8>>) -> KnownContents {
        KnownContents(Mutex::new(
            host.filter(|bytes| bytes.len() <= KNOWN_CONTENTS_LIMIT)
                .map(Arc::from),
        ))
    }

    fn lock(&self) -> MutexGuard<'_, Option<Arc<[u8]>>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The device bytes may change: forget them.
    pub(crate) fn forget(&self) {
        *self.lock() = None;
    }

    /// The `size` bytes at `offset`, when known (the whole contents shared, a window copied).
    pub(crate) fn window(&self, offset: usize, size: usize) -> Option<Arc<[u8]>> {
        let known = self.lock().clone()?;
        if offset == 0 && size == known.len() {
            return Some(known);
        }
        let end = offset.checked_add(size)?;
        known.get(offset..end).map(Arc::from)
    }
}

/// Whether a kernel argument with these memory flags cannot write the buffer (anything else,
/// no flags included, may).
pub(crate) fn argument_reads_only(flags: ur_mem_flags_t) -> bool {
    flags & UR_MEM_FLAG_READ_ONLY != 0
        && flags & (UR_MEM_FLAG_READ_WRITE | UR_MEM_FLAG_WRITE_ONLY) == 0
}

/// Whether a map with these flags lets the caller write the buffer (written back at unmap).
fn map_writes(flags: ur_map_flags_t) -> bool {
    flags & UR_MAP_FLAG_READ == 0
        || flags & (UR_MAP_FLAG_WRITE | UR_MAP_FLAG_WRITE_INVALIDATE_REGION) != 0
}

impl Drop for Storage {
    fn drop(&mut self) {
        let _ = cuda::free(self.context, AllocationKind::Device, self.address);
    }
}

pub(crate) struct Mem {
    context: ContextRef,
    storage: Arc<Storage>,
    offset: usize,
    size: usize,
    maps: Mutex<Vec<Mapping>>,
}

struct Mapping {
    address: usize,
    offset: usize,
    size: usize,
    write_back: bool,
    /// Where the data went when the buffer has no host memory of its caller.
    staging: Option<Pinned>,
}

impl std::fmt::Debug for Mem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "buffer of {} bytes", self.size)
    }
}

pub(crate) type MemRef = Arc<Handle<Mem>>;

fn check_range(offset: usize, size: usize, limit: usize) -> UrResult<()> {
    match offset.checked_add(size) {
        Some(end) if end <= limit => Ok(()),
        _ => Err(Error::code(UR_RESULT_ERROR_INVALID_SIZE)),
    }
}

impl Mem {
    /// A buffer; `host` is the caller's memory for `USE_HOST_POINTER` or
    /// `ALLOC_COPY_HOST_POINTER` (copied in now either way).
    pub(crate) fn new(
        context: ContextRef,
        flags: ur_mem_flags_t,
        size: usize,
        host: Option<HostSpan>,
    ) -> UrResult<MemRef> {
        if size == 0 {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_BUFFER_SIZE));
        }
        let wants_host =
            flags & (UR_MEM_FLAG_USE_HOST_POINTER | UR_MEM_FLAG_ALLOC_COPY_HOST_POINTER) != 0;
        if wants_host != host.is_some() {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_HOST_PTR));
        }
        let device = context.first_device();
        let address = cuda::allocate(device.context(), AllocationKind::Device, size)?;
        let storage = Storage {
            context: device.context(),
            address,
            host: host.filter(|_| flags & UR_MEM_FLAG_USE_HOST_POINTER != 0),
            known: KnownContents::new(
                host.filter(|span| span.len() <= KNOWN_CONTENTS_LIMIT)
                    .map(HostSpan::to_vec),
            ),
        };
        if let Some(span) = host {
            let stream = cuda::Stream::new(device.context())?;
            stream.copy_from_host(address, span)?;
            stream.synchronize()?;
        }
        Ok(Handle::shared(Mem {
            context,
            storage: Arc::new(storage),
            offset: 0,
            size,
            maps: Mutex::new(Vec::new()),
        }))
    }

    /// A sub-buffer: `size` bytes at `offset` of this buffer.
    pub(crate) fn partition(&self, offset: usize, size: usize) -> UrResult<MemRef> {
        check_range(offset, size, self.size)?;
        if size == 0 {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_BUFFER_SIZE));
        }
        Ok(Handle::shared(Mem {
            context: self.context.clone(),
            storage: self.storage.clone(),
            offset: self.offset + offset,
            size,
            maps: Mutex::new(Vec::new()),
        }))
    }

    /// The device address a kernel gets for this buffer.
    pub(crate) fn address(&self) -> DeviceAddress {
        self.storage.address + self.offset as u64
    }

    /// A command about to be enqueued may write this buffer (or, for a sub-buffer, the
    /// storage it shares): its contents are no longer known.
    pub(crate) fn contents_may_change(&self) {
        self.storage.known.forget();
    }

    /// This buffer's bytes, when known without reading the device.
    pub(crate) fn known_contents(&self) -> Option<Arc<[u8]>> {
        self.storage.known.window(self.offset, self.size)
    }

    pub(crate) fn info(
        &self,
        property: ur_mem_info_t,
        reference_count: u32,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_MEM_INFO_SIZE => out.usize(self.size),
            UR_MEM_INFO_CONTEXT => out.usize(address_of(&*self.context)),
            UR_MEM_INFO_REFERENCE_COUNT => out.u32(reference_count),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    fn maps(&self) -> MutexGuard<'_, Vec<Mapping>> {
        self.maps
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn read(
        &self,
        queue: &QueueRef,
        blocking: bool,
        offset: usize,
        dst: HostSpan,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        check_range(offset, dst.len(), self.size)?;
        let started = queue.begin(waits)?;
        queue
            .stream
            .copy_to_host(dst, self.address() + offset as u64)?;
        finish(
            queue,
            started,
            UR_COMMAND_MEM_BUFFER_READ,
            blocking,
            want_event,
        )
    }

    pub(crate) fn write(
        &self,
        queue: &QueueRef,
        blocking: bool,
        offset: usize,
        src: HostSpan,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        check_range(offset, src.len(), self.size)?;
        self.contents_may_change();
        let started = queue.begin(waits)?;
        queue
            .stream
            .copy_from_host(self.address() + offset as u64, src)?;
        finish(
            queue,
            started,
            UR_COMMAND_MEM_BUFFER_WRITE,
            blocking,
            want_event,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn copy_to(
        &self,
        queue: &QueueRef,
        dst: &Mem,
        src_offset: usize,
        dst_offset: usize,
        size: usize,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        check_range(src_offset, size, self.size)?;
        check_range(dst_offset, size, dst.size)?;
        dst.contents_may_change();
        let started = queue.begin(waits)?;
        queue.stream.copy(
            dst.address() + dst_offset as u64,
            self.address() + src_offset as u64,
            size,
        )?;
        finish(
            queue,
            started,
            UR_COMMAND_MEM_BUFFER_COPY,
            false,
            want_event,
        )
    }

    /// A rectangular copy between this buffer and host memory or another buffer.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn copy_rect(
        queue: &QueueRef,
        command: ur_command_t,
        blocking: bool,
        dst: RectSide,
        src: RectSide,
        region: [usize; 3],
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        let started = queue.begin(waits)?;
        queue.stream.copy_rect(dst, src, region)?;
        finish(queue, started, command, blocking, want_event)
    }

    /// One side of a rectangular copy in this buffer, checked against its size; `written`:
    /// the copy's destination.
    pub(crate) fn rect_side(
        &self,
        origin: [usize; 3],
        region: [usize; 3],
        row_pitch: usize,
        slice_pitch: usize,
        written: bool,
    ) -> UrResult<RectSide> {
        let (row_pitch, slice_pitch) = rect_pitches(region, row_pitch, slice_pitch);
        let last = rect_extent(origin, region, row_pitch, slice_pitch)?;
        check_range(0, last, self.size)?;
        if written {
            self.contents_may_change();
        }
        Ok(RectSide {
            memory: Memory::Device(self.address()),
            origin,
            row_pitch,
            slice_pitch,
        })
    }

    pub(crate) fn fill(
        &self,
        queue: &QueueRef,
        pattern: &[u8],
        offset: usize,
        size: usize,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        check_range(offset, size, self.size)?;
        self.contents_may_change();
        let started = queue.begin(waits)?;
        fill(queue, self.address() + offset as u64, pattern, size)?;
        finish(
            queue,
            started,
            UR_COMMAND_MEM_BUFFER_FILL,
            false,
            want_event,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn map(
        &self,
        queue: &QueueRef,
        blocking: bool,
        flags: ur_map_flags_t,
        offset: usize,
        size: usize,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<(usize, Option<EventRef>)> {
        check_range(offset, size, self.size)?;
        // Cleared at the map: the caller may write the mapped memory at any time after it.
        if map_writes(flags) {
            self.contents_may_change();
        }
        let started = queue.begin(waits)?;
        let (span, staging) = match self.storage.host {
            Some(host) => (
                host.offset(self.offset + offset, size)
                    .ok_or(Error::code(UR_RESULT_ERROR_INVALID_SIZE))?,
                None,
            ),
            None => {
                let pinned = Pinned::new(self.storage.context, size)?;
                (pinned.span(), Some(pinned))
            }
        };
        let address = match &staging {
            Some(pinned) => pinned.address(),
            None => self
                .storage
                .host
                .map(|h| h.address_at(self.offset + offset))
                .unwrap_or_default(),
        };
        if flags & UR_MAP_FLAG_WRITE_INVALIDATE_REGION == 0 {
            queue
                .stream
                .copy_to_host(span, self.address() + offset as u64)?;
        }
        let write_back = flags & (UR_MAP_FLAG_WRITE | UR_MAP_FLAG_WRITE_INVALIDATE_REGION) != 0;
        self.maps().push(Mapping {
            address,
            offset,
            size,
            write_back,
            staging,
        });
        let event = finish(
            queue,
            started,
            UR_COMMAND_MEM_BUFFER_MAP,
            blocking,
            want_event,
        )?;
        Ok((address, event))
    }

    pub(crate) fn unmap(
        &self,
        queue: &QueueRef,
        address: usize,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        let mapping = {
            let mut maps = self.maps();
            let index = maps
                .iter()
                .position(|m| m.address == address)
                .ok_or_else(|| {
                    Error::with_message(
                        UR_RESULT_ERROR_INVALID_MEM_OBJECT,
                        "urEnqueueMemUnmap: not a mapped pointer of this buffer",
                    )
                })?;
            maps.remove(index)
        };
        let started = queue.begin(waits)?;
        if mapping.write_back {
            let span = match &mapping.staging {
                Some(pinned) => pinned.span(),
                None => self
                    .storage
                    .host
                    .and_then(|h| h.offset(self.offset + mapping.offset, mapping.size))
                    .ok_or(Error::code(UR_RESULT_ERROR_INVALID_SIZE))?,
            };
            queue
                .stream
                .copy_from_host(self.address() + mapping.offset as u64, span)?;
        }
        let event = finish(queue, started, UR_COMMAND_MEM_UNMAP, false, want_event)?;
        // The staging buffer (if any) waits for the copy as it is freed.
        drop(mapping);
        Ok(event)
    }
}

/// UR's default pitches: tightly packed rows and slices.
pub(crate) fn rect_pitches(
    region: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
) -> (usize, usize) {
    let row_pitch = if row_pitch == 0 { region[0] } else { row_pitch };
    let slice_pitch = if slice_pitch == 0 {
        row_pitch * region[1]
    } else {
        slice_pitch
    };
    (row_pitch, slice_pitch)
}

/// One past the last byte a rectangle touches.
pub(crate) fn rect_extent(
    origin: [usize; 3],
    region: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
) -> UrResult<usize> {
    if region.contains(&0) {
        return Ok(0);
    }
    let overflow = || Error::code(UR_RESULT_ERROR_INVALID_SIZE);
    let z = (origin[2] + region[2] - 1)
        .checked_mul(slice_pitch)
        .ok_or_else(overflow)?;
    let y = (origin[1] + region[1] - 1)
        .checked_mul(row_pitch)
        .ok_or_else(overflow)?;
    z.checked_add(y)
        .and_then(|v| v.checked_add(origin[0] + region[0]))
        .ok_or_else(overflow)
}

/// Fills `size` bytes at `dst` with `pattern` (a power of two in size, dividing `size`).
pub(crate) fn fill(
    queue: &QueueRef,
    dst: DeviceAddress,
    pattern: &[u8],
    size: usize,
) -> UrResult<()> {
    if pattern.is_empty() || !pattern.len().is_power_of_two() || size % pattern.len() != 0 {
        return Err(Error::code(UR_RESULT_ERROR_INVALID_SIZE));
    }
    match pattern.len() {
        1 | 2 | 4 => Ok(queue.stream.fill(dst, pattern, size / pattern.len())?),
        _ => {
            // Longer patterns: the whole fill staged in pinned memory, copied once.
            let bytes: Vec<u8> = pattern.iter().copied().cycle().take(size).collect();
            let staging = Pinned::with_bytes(queue.stream.context(), &bytes)?;
            queue.stream.copy_from_host(dst, staging.span())?;
            drop(staging);
            Ok(())
        }
    }
}

/// Ends a command, waiting for it when blocking.
pub(crate) fn finish(
    queue: &QueueRef,
    started: crate::queue::Started,
    command: ur_command_t,
    blocking: bool,
    want_event: bool,
) -> UrResult<Option<EventRef>> {
    let event = Queue::end(queue, started, command, want_event)?;
    if blocking {
        queue.finish()?;
    }
    Ok(event)
}

/// `urEnqueueUSMMemcpy`: any two addresses the caller may copy between.
pub(crate) fn usm_copy(
    queue: &QueueRef,
    blocking: bool,
    dst: cuda::DeviceAddress,
    src: cuda::DeviceAddress,
    size: usize,
    waits: &[&Handle<Event>],
    want_event: bool,
) -> UrResult<Option<EventRef>> {
    let started = queue.begin(waits)?;
    queue.stream.copy(dst, src, size)?;
    finish(queue, started, UR_COMMAND_USM_MEMCPY, blocking, want_event)
}

pub(crate) fn usm_fill(
    queue: &QueueRef,
    dst: DeviceAddress,
    pattern: &[u8],
    size: usize,
    waits: &[&Handle<Event>],
    want_event: bool,
) -> UrResult<Option<EventRef>> {
    let started = queue.begin(waits)?;
    fill(queue, dst, pattern, size)?;
    finish(queue, started, UR_COMMAND_USM_FILL, false, want_event)
}

pub(crate) fn usm_prefetch(
    queue: &QueueRef,
    address: DeviceAddress,
    size: usize,
    waits: &[&Handle<Event>],
    want_event: bool,
) -> UrResult<Option<EventRef>> {
    let started = queue.begin(waits)?;
    // Only managed memory migrates; a prefetch of anything else is a no-op, as UR allows.
    if queue
        .context
        .find_allocation(address)
        .is_some_and(|a| a.kind == AllocationKind::Shared)
    {
        queue.stream.prefetch(address, size, queue.device.cu)?;
    }
    finish(queue, started, UR_COMMAND_USM_PREFETCH, false, want_event)
}

pub(crate) fn usm_advise(
    queue: &QueueRef,
    address: DeviceAddress,
    size: usize,
    advice: ur_usm_advice_flags_t,
    want_event: bool,
) -> UrResult<Option<EventRef>> {
    let started = queue.begin(&[])?;
    if queue
        .context
        .find_allocation(address)
        .is_some_and(|a| a.kind == AllocationKind::Shared)
    {
        let table = [
            (UR_USM_ADVICE_FLAG_SET_READ_MOSTLY, cuda::Advice::ReadMostly),
            (
                UR_USM_ADVICE_FLAG_CLEAR_READ_MOSTLY,
                cuda::Advice::UnsetReadMostly,
            ),
            (
                UR_USM_ADVICE_FLAG_SET_PREFERRED_LOCATION,
                cuda::Advice::PreferredLocation,
            ),
            (
                UR_USM_ADVICE_FLAG_CLEAR_PREFERRED_LOCATION,
                cuda::Advice::UnsetPreferredLocation,
            ),
            (
                UR_USM_ADVICE_FLAG_SET_ACCESSED_BY_DEVICE,
                cuda::Advice::AccessedBy,
            ),
            (
                UR_USM_ADVICE_FLAG_CLEAR_ACCESSED_BY_DEVICE,
                cuda::Advice::UnsetAccessedBy,
            ),
        ];
        for (flag, what) in table {
            if advice & flag != 0 {
                cuda::advise(queue.stream.context(), address, size, what, queue.device.cu)?;
            }
        }
    }
    finish(queue, started, UR_COMMAND_USM_ADVISE, false, want_event)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_contents_are_the_host_bytes_until_forgotten() {
        let known = KnownContents::new(Some(vec![1, 2, 3, 4, 5, 6, 7, 8]));
        let whole = known.window(0, 8).expect("known");
        assert_eq!(&whole[..], &[1, 2, 3, 4, 5, 6, 7, 8]);
        // A sub-buffer's window: its own bytes, not the whole buffer's.
        assert_eq!(known.window(2, 3).as_deref(), Some(&[3u8, 4, 5][..]));
        assert_eq!(known.window(7, 2), None, "past the end");
        assert_eq!(known.window(usize::MAX, 2), None, "overflow");
        // Forgetting through any window (parent or sub-buffer share one storage) forgets all.
        known.forget();
        assert_eq!(known.window(0, 8), None);
        assert_eq!(known.window(2, 3), None);
    }

    #[test]
    fn only_small_host_data_is_remembered() {
        assert!(
            KnownContents::new(Some(vec![0; KNOWN_CONTENTS_LIMIT]))
                .window(0, KNOWN_CONTENTS_LIMIT)
                .is_some()
        );
        assert_eq!(
            KnownContents::new(Some(vec![0; KNOWN_CONTENTS_LIMIT + 1])).window(0, 1),
            None
        );
        assert_eq!(KnownContents::new(None).window(0, 1), None);
    }

    #[test]
    fn only_read_only_arguments_keep_contents_known() {
        assert!(argument_reads_only(UR_MEM_FLAG_READ_ONLY));
        assert!(!argument_reads_only(0), "no flags: may write");
        assert!(!argument_reads_only(UR_MEM_FLAG_READ_WRITE));
        assert!(!argument_reads_only(UR_MEM_FLAG_WRITE_ONLY));
        assert!(!argument_reads_only(
            UR_MEM_FLAG_READ_ONLY | UR_MEM_FLAG_READ_WRITE
        ));
        assert!(argument_reads_only(
            UR_MEM_FLAG_READ_ONLY | UR_MEM_FLAG_ALLOC_COPY_HOST_POINTER
        ));
    }

    #[test]
    fn maps_for_writing_or_of_unknown_intent_count_as_writes() {
        assert!(!map_writes(UR_MAP_FLAG_READ));
        assert!(map_writes(UR_MAP_FLAG_WRITE));
        assert!(map_writes(UR_MAP_FLAG_READ | UR_MAP_FLAG_WRITE));
        assert!(map_writes(UR_MAP_FLAG_WRITE_INVALIDATE_REGION));
        assert!(map_writes(0));
    }

    #[test]
    fn default_pitches_pack_rows_and_slices() {
        assert_eq!(rect_pitches([16, 4, 2], 0, 0), (16, 64));
        assert_eq!(rect_pitches([16, 4, 2], 32, 0), (32, 128));
        assert_eq!(rect_pitches([16, 4, 2], 32, 256), (32, 256));
    }

    #[test]
    fn extent_is_one_past_the_last_byte() {
        // Rows 1..=2 of slice 0 at x 4..8, pitch 10: the last byte is 2*10 + 7.
        assert_eq!(
            rect_extent([4, 1, 0], [4, 2, 1], 10, 100).expect("a value"),
            28
        );
        assert_eq!(
            rect_extent([0, 0, 0], [0, 2, 1], 10, 100).expect("a value"),
            0
        );
        assert!(rect_extent([0, usize::MAX / 2, 0], [1, 2, 1], 4, 100).is_err());
    }
}
