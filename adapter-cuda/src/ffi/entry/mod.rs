//! The entry points the dispatch tables name (build.rs reads this directory's `fn ur*`):
//! each checks its pointers, turns them into references, slices and handles, calls the safe
//! modules inside [`guard`], and writes its outputs.

use std::ffi::{CStr, c_char, c_void};
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};

use super::ur::*;
use super::{Handle, Object, borrow, into_raw};
use crate::context::Context;
use crate::error::{self, Error, UrResult};
use crate::memory::Mem;
use crate::platform::{self, Device};
use crate::program::{Kernel, Program};
use crate::queue::{Event, EventRef, Queue};

mod enqueue;
mod objects;
mod system;

pub(crate) use enqueue::*;
pub(crate) use objects::*;
pub(crate) use system::*;

impl Object for Context {
    type Raw = ur_context_handle_t_;
}
impl Object for Queue {
    type Raw = ur_queue_handle_t_;
}
impl Object for Event {
    type Raw = ur_event_handle_t_;
}
impl Object for Mem {
    type Raw = ur_mem_handle_t_;
}
impl Object for Program {
    type Raw = ur_program_handle_t_;
}
impl Object for Kernel {
    type Raw = ur_kernel_handle_t_;
}

/// What every entry point the adapter does not implement answers.
pub(crate) fn unsupported(name: &str) -> ur_result_t {
    report(
        name,
        &Error::unsupported(format!("{name} is not supported by the CUDA adapter")),
    );
    UR_RESULT_ERROR_UNSUPPORTED_FEATURE
}

/// Runs an entry point's body: its error becomes the UR result (and the thread's last
/// error, and a log message); a panic becomes `UR_RESULT_ERROR_UNKNOWN`, never an unwind
/// into C.
fn guard(name: &'static str, body: impl FnOnce() -> UrResult<()>) -> ur_result_t {
    match std::panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => UR_RESULT_SUCCESS,
        Ok(Err(error)) => {
            report(name, &error);
            error.result()
        }
        Err(_) => {
            report(
                name,
                &Error::with_message(
                    UR_RESULT_ERROR_UNKNOWN,
                    "internal error (panic) in the CUDA adapter",
                ),
            );
            UR_RESULT_ERROR_UNKNOWN
        }
    }
}

/// The runtime's logger callback (`urAdapterSetLoggerCallback`) and its level.
struct Logger {
    callback: ur_logger_callback_t,
    user_data: usize,
    level: ur_logger_level_t,
}

static LOGGER: Mutex<Option<Logger>> = Mutex::new(None);

fn report(name: &str, error: &Error) {
    error::remember(error);
    let Some(message) = error.message() else {
        return;
    };
    let text = format!("<CUDA>[ERROR]: {name}: {message}");
    if std::env::var_os("SYCL_SPECCONST_UR_CUDA_DEBUG").is_some() {
        eprintln!("{text}");
    }
    let logger = LOGGER.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(Logger {
        callback: Some(callback),
        user_data,
        level,
    }) = &*logger
        && *level <= UR_LOGGER_LEVEL_ERROR
        && let Ok(text) = std::ffi::CString::new(text)
    {
        // SAFETY: the runtime registered this callback with this user data for messages.
        unsafe {
            callback(
                UR_LOGGER_LEVEL_ERROR,
                text.as_ptr(),
                *user_data as *mut c_void,
            )
        };
    }
}

fn null() -> Error {
    Error::code(UR_RESULT_ERROR_INVALID_NULL_POINTER)
}

fn null_handle() -> Error {
    Error::code(UR_RESULT_ERROR_INVALID_NULL_HANDLE)
}

/// Borrows a handle argument.
///
/// # Safety
/// See [`super::borrow`].
unsafe fn object<'a, T: Object>(raw: *mut T::Raw) -> UrResult<&'a Handle<T>> {
    // SAFETY: forwarded contract.
    unsafe { borrow::<T>(raw) }.ok_or_else(null_handle)
}

/// A new reference to a handle argument's object.
///
/// # Safety
/// See [`super::share`].
unsafe fn shared<T: Object>(raw: *mut T::Raw) -> UrResult<Arc<Handle<T>>> {
    // SAFETY: forwarded contract.
    unsafe { super::share::<T>(raw) }.ok_or_else(null_handle)
}

/// A device handle argument, looked up among the adapter's devices.
fn device(raw: ur_device_handle_t) -> UrResult<&'static Handle<Device>> {
    platform::find_device(raw as usize).ok_or_else(|| Error::code(UR_RESULT_ERROR_INVALID_DEVICE))
}

/// Writes a new object to an output handle.
///
/// # Safety
/// `out` is null or valid for one write.
unsafe fn put<T: Object>(out: *mut *mut T::Raw, object: Arc<Handle<T>>) -> UrResult<()> {
    if out.is_null() {
        return Err(null());
    }
    // SAFETY: checked non-null; valid per the contract.
    unsafe { *out = into_raw(object) };
    Ok(())
}

/// The event wait list of an enqueue.
///
/// # Safety
/// `list` is null or points to `count` event handles, each as for [`object`].
unsafe fn wait_list<'a>(
    count: u32,
    list: *const ur_event_handle_t,
) -> UrResult<Vec<&'a Handle<Event>>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if list.is_null() {
        return Err(Error::code(UR_RESULT_ERROR_INVALID_EVENT_WAIT_LIST));
    }
    // SAFETY: per the contract.
    let raw = unsafe { std::slice::from_raw_parts(list, count as usize) };
    // SAFETY: each is an event handle per the contract.
    raw.iter()
        .map(|&event| unsafe { object::<Event>(event) })
        .collect()
}

/// Writes an enqueue's event, when the caller asked for one.
///
/// # Safety
/// `out` is null or valid for one write.
unsafe fn put_event(out: *mut ur_event_handle_t, event: Option<EventRef>) {
    if let (false, Some(event)) = (out.is_null(), event) {
        // SAFETY: checked non-null; valid per the contract.
        unsafe { *out = into_raw(event) };
    }
}

/// A NUL-terminated string argument.
///
/// # Safety
/// `raw` is null or a NUL-terminated string.
unsafe fn string<'a>(raw: *const c_char) -> UrResult<&'a str> {
    if raw.is_null() {
        return Ok("");
    }
    // SAFETY: per the contract.
    unsafe { CStr::from_ptr(raw) }
        .to_str()
        .map_err(|_| Error::code(UR_RESULT_ERROR_INVALID_VALUE))
}

/// `ur_rect_offset_t`/`ur_rect_region_t` as arrays.
fn offset3(offset: ur_rect_offset_t) -> [usize; 3] {
    [offset.x as usize, offset.y as usize, offset.z as usize]
}
fn region3(region: ur_rect_region_t) -> [usize; 3] {
    [
        region.width as usize,
        region.height as usize,
        region.depth as usize,
    ]
}
