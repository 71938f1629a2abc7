//! Queues (one CUDA stream each: an out-of-order queue runs in order, which UR allows) and
//! events (a CUDA event recorded after the command; with profiling, one before it too).
#![forbid(unsafe_code)]

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use crate::context::ContextRef;
use crate::cuda;
use crate::error::{Error, UrResult};
use crate::ffi::ur::*;
use crate::ffi::{Handle, InfoOut, address_of};
use crate::platform::Device;

pub(crate) struct Queue {
    pub(crate) context: ContextRef,
    pub(crate) device: &'static Handle<Device>,
    pub(crate) stream: cuda::Stream,
    flags: ur_queue_flags_t,
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "queue on {:?}", self.device)
    }
}

pub(crate) type QueueRef = Arc<Handle<Queue>>;
pub(crate) type EventRef = Arc<Handle<Event>>;

/// Nanoseconds on the host's monotonic clock (UR's profiling times are all in this clock).
pub(crate) fn host_ns() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64 + 1
}

/// A device's timing base: an event recorded at a known host time, to turn CUDA's event
/// intervals into UR's absolute nanoseconds.
struct TimeBase {
    event: cuda::Event,
    host_ns: u64,
}

fn time_base(stream: &cuda::Stream) -> UrResult<&'static TimeBase> {
    static BASE: OnceLock<Result<TimeBase, Error>> = OnceLock::new();
    BASE.get_or_init(|| {
        let event = cuda::Event::new(stream.context(), true)?;
        stream.record(&event)?;
        event.synchronize()?;
        Ok(TimeBase {
            event,
            host_ns: host_ns(),
        })
    })
    .as_ref()
    .map_err(Clone::clone)
}

impl Queue {
    pub(crate) fn new(
        context: ContextRef,
        device: &'static Handle<Device>,
        flags: ur_queue_flags_t,
    ) -> UrResult<QueueRef> {
        if !context.has_device(device) {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_DEVICE));
        }
        let stream = cuda::Stream::new(device.context())?;
        if flags & UR_QUEUE_FLAG_PROFILING_ENABLE != 0 {
            time_base(&stream)?;
        }
        Ok(Handle::shared(Queue {
            context,
            device,
            stream,
            flags,
        }))
    }

    fn profiling(&self) -> bool {
        self.flags & UR_QUEUE_FLAG_PROFILING_ENABLE != 0
    }

    /// Makes this queue's stream wait for `events` (those of other streams: this stream runs
    /// in order), and starts a command: its start event when profiling.
    pub(crate) fn begin(&self, waits: &[&Handle<Event>]) -> UrResult<Started> {
        for event in waits {
            let same_stream = event
                .queue
                .as_ref()
                .is_some_and(|q| std::ptr::eq(&q.stream, &self.stream));
            if !same_stream {
                self.stream.wait(&event.done)?;
            }
        }
        let queued_ns = host_ns();
        let start = if self.profiling() {
            let start = cuda::Event::new(self.stream.context(), true)?;
            self.stream.record(&start)?;
            Some(start)
        } else {
            None
        };
        Ok(Started { start, queued_ns })
    }

    /// Ends a command: records its completion event, if the caller wants one.
    pub(crate) fn end(
        queue: &QueueRef,
        started: Started,
        command: ur_command_t,
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        if !want_event {
            return Ok(None);
        }
        let done = cuda::Event::new(queue.stream.context(), queue.profiling())?;
        queue.stream.record(&done)?;
        Ok(Some(Handle::shared(Event {
            queue: Some(queue.clone()),
            context: queue.context.clone(),
            command,
            done,
            start: started.start,
            queued_ns: started.queued_ns,
        })))
    }

    pub(crate) fn finish(&self) -> UrResult<()> {
        Ok(cuda::unless_torn_down(self.stream.synchronize())?)
    }

    pub(crate) fn info(
        &self,
        property: ur_queue_info_t,
        reference_count: u32,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_QUEUE_INFO_CONTEXT => out.usize(address_of(&*self.context)),
            UR_QUEUE_INFO_DEVICE => out.usize(address_of(self.device)),
            UR_QUEUE_INFO_REFERENCE_COUNT => out.u32(reference_count),
            UR_QUEUE_INFO_FLAGS => out.u32(self.flags),
            UR_QUEUE_INFO_EMPTY => out.bool(self.stream.is_idle()?),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }
}

/// A command under way: what [`Queue::end`] needs.
pub(crate) struct Started {
    start: Option<cuda::Event>,
    queued_ns: u64,
}

pub(crate) struct Event {
    queue: Option<QueueRef>,
    context: ContextRef,
    command: ur_command_t,
    done: cuda::Event,
    start: Option<cuda::Event>,
    queued_ns: u64,
}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "event of command {}", self.command)
    }
}

impl Event {
    pub(crate) fn wait(&self) -> UrResult<()> {
        Ok(cuda::unless_torn_down(self.done.synchronize())?)
    }

    fn status(&self) -> UrResult<ur_event_status_t> {
        Ok(if self.done.is_complete()? {
            UR_EVENT_STATUS_COMPLETE
        } else {
            UR_EVENT_STATUS_SUBMITTED
        })
    }

    pub(crate) fn info(
        &self,
        property: ur_event_info_t,
        reference_count: u32,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_EVENT_INFO_COMMAND_QUEUE => out.usize(
                self.queue
                    .as_ref()
                    .map(|q| address_of(&**q))
                    .unwrap_or_default(),
            ),
            UR_EVENT_INFO_CONTEXT => out.usize(address_of(&*self.context)),
            UR_EVENT_INFO_COMMAND_TYPE => out.u32(self.command),
            UR_EVENT_INFO_COMMAND_EXECUTION_STATUS => out.i32(self.status()? as i32),
            UR_EVENT_INFO_REFERENCE_COUNT => out.u32(reference_count),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    pub(crate) fn profiling_info(
        &self,
        property: ur_profiling_info_t,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        let Some(start) = &self.start else {
            return Err(Error::code(UR_RESULT_ERROR_PROFILING_INFO_NOT_AVAILABLE));
        };
        let Some(queue) = &self.queue else {
            return Err(Error::code(UR_RESULT_ERROR_PROFILING_INFO_NOT_AVAILABLE));
        };
        if !self.done.is_complete()? {
            return Err(Error::code(UR_RESULT_ERROR_PROFILING_INFO_NOT_AVAILABLE));
        }
        let base = time_base(&queue.stream)?;
        let at = |event: &cuda::Event| -> UrResult<u64> {
            let ms = event.elapsed_since(&base.event)?;
            Ok(base.host_ns + (f64::from(ms) * 1e6) as u64)
        };
        match property {
            UR_PROFILING_INFO_COMMAND_QUEUED | UR_PROFILING_INFO_COMMAND_SUBMIT => {
                out.u64(self.queued_ns)
            }
            UR_PROFILING_INFO_COMMAND_START => out.u64(at(start)?.max(self.queued_ns)),
            UR_PROFILING_INFO_COMMAND_END | UR_PROFILING_INFO_COMMAND_COMPLETE => {
                out.u64(at(&self.done)?.max(at(start)?.max(self.queued_ns)))
            }
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }
}
