//! Adapter, platform and device entry points.
#![allow(non_snake_case)]

use std::ffi::{CStr, c_char, c_void};

use super::*;
use crate::ffi::{InfoOut, address_of};

pub(crate) unsafe extern "C" fn urAdapterGet(
    count: u32,
    adapters: *mut ur_adapter_handle_t,
    total: *mut u32,
) -> ur_result_t {
    guard("urAdapterGet", || {
        let adapter = platform::adapter();
        if !total.is_null() {
            // SAFETY: non-null output per UR.
            unsafe { *total = 1 };
        }
        if !adapters.is_null() && count > 0 {
            adapter.retain()?;
            // SAFETY: room for `count` >= 1 handles per UR.
            unsafe { *adapters = address_of(adapter) as ur_adapter_handle_t };
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urAdapterRetain(adapter: ur_adapter_handle_t) -> ur_result_t {
    guard("urAdapterRetain", || {
        check_adapter(adapter)?;
        platform::adapter().retain()
    })
}

pub(crate) unsafe extern "C" fn urAdapterRelease(adapter: ur_adapter_handle_t) -> ur_result_t {
    // The adapter object lives for the process; its last release lets the devices' primary
    // contexts go, with whatever memory the runtime never released in them.
    guard("urAdapterRelease", || {
        check_adapter(adapter)?;
        platform::adapter().release()
    })
}

fn check_adapter(adapter: ur_adapter_handle_t) -> UrResult<()> {
    if platform::is_adapter(adapter as usize) {
        Ok(())
    } else {
        Err(null_handle())
    }
}

pub(crate) unsafe extern "C" fn urAdapterGetInfo(
    adapter: ur_adapter_handle_t,
    property: ur_adapter_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urAdapterGetInfo", || {
        check_adapter(adapter)?;
        // SAFETY: UR's output contract.
        platform::adapter_info(property, unsafe { InfoOut::new(size, value, size_ret) }?)
    })
}

pub(crate) unsafe extern "C" fn urAdapterGetLastError(
    adapter: ur_adapter_handle_t,
    message: *mut *const c_char,
    code: *mut i32,
) -> ur_result_t {
    thread_local! {
        static LAST: std::cell::RefCell<std::ffi::CString> = std::cell::RefCell::new(std::ffi::CString::default());
    }
    guard("urAdapterGetLastError", || {
        check_adapter(adapter)?;
        if message.is_null() || code.is_null() {
            return Err(null());
        }
        let text =
            std::ffi::CString::new(error::last_error().replace('\0', " ")).unwrap_or_default();
        LAST.try_with(|last| {
            *last.borrow_mut() = text;
            // SAFETY: non-null outputs; the string lives in this thread's slot until the
            // thread's next call, as UR specifies.
            unsafe {
                *message = last.borrow().as_ptr();
                *code = 0;
            }
        })
        .map_err(|_| Error::code(UR_RESULT_ERROR_UNINITIALIZED))
    })
}

pub(crate) unsafe extern "C" fn urAdapterSetLoggerCallback(
    adapter: ur_adapter_handle_t,
    callback: ur_logger_callback_t,
    user_data: *mut c_void,
    level: ur_logger_level_t,
) -> ur_result_t {
    guard("urAdapterSetLoggerCallback", || {
        check_adapter(adapter)?;
        *LOGGER.lock().unwrap_or_else(|p| p.into_inner()) = Some(Logger {
            callback,
            user_data: user_data as usize,
            level,
        });
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urAdapterSetLoggerCallbackLevel(
    adapter: ur_adapter_handle_t,
    level: ur_logger_level_t,
) -> ur_result_t {
    guard("urAdapterSetLoggerCallbackLevel", || {
        check_adapter(adapter)?;
        if let Some(logger) = LOGGER.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
            logger.level = level;
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urPlatformGet(
    adapter: ur_adapter_handle_t,
    count: u32,
    platforms: *mut ur_platform_handle_t,
    total: *mut u32,
) -> ur_result_t {
    guard("urPlatformGet", || {
        check_adapter(adapter)?;
        let adapter = platform::adapter();
        if let Some(why) = &adapter.unavailable {
            report(
                "urPlatformGet",
                &Error::with_message(UR_RESULT_SUCCESS, format!("no CUDA platform: {why}")),
            );
        }
        let found = adapter.platforms();
        if !total.is_null() {
            // SAFETY: non-null output.
            unsafe { *total = found.len() as u32 };
        }
        if !platforms.is_null() {
            for (i, p) in found.iter().take(count as usize).enumerate() {
                // SAFETY: room for `count` handles per UR.
                unsafe { *platforms.add(i) = address_of(*p) as ur_platform_handle_t };
            }
        }
        Ok(())
    })
}

fn check_platform(platform: ur_platform_handle_t) -> UrResult<&'static Handle<platform::Platform>> {
    platform::find_platform(platform as usize).ok_or_else(null_handle)
}

pub(crate) unsafe extern "C" fn urPlatformGetInfo(
    platform: ur_platform_handle_t,
    property: ur_platform_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urPlatformGetInfo", || {
        check_platform(platform)?;
        // SAFETY: UR's output contract.
        platform::platform_info(property, unsafe { InfoOut::new(size, value, size_ret) }?)
    })
}

pub(crate) unsafe extern "C" fn urPlatformGetApiVersion(
    platform: ur_platform_handle_t,
    version: *mut ur_api_version_t,
) -> ur_result_t {
    guard("urPlatformGetApiVersion", || {
        check_platform(platform)?;
        if version.is_null() {
            return Err(null());
        }
        // SAFETY: non-null output.
        unsafe { *version = UR_API_VERSION_CURRENT };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urPlatformGetBackendOption(
    platform: ur_platform_handle_t,
    frontend_option: *const c_char,
    backend_option: *mut *const c_char,
) -> ur_result_t {
    guard("urPlatformGetBackendOption", || {
        check_platform(platform)?;
        if backend_option.is_null() {
            return Err(null());
        }
        // SAFETY: NUL-terminated per UR.
        let option = unsafe { string(frontend_option) }?;
        // The JIT has no debug or optimisation switches to map: every option maps to none.
        let mapped: &'static CStr = match option {
            "-O0" | "-O1" | "-O2" | "-O3" | "-g" | "" => c"",
            _ => return Err(Error::code(UR_RESULT_ERROR_INVALID_VALUE)),
        };
        // SAFETY: non-null output; a static string.
        unsafe { *backend_option = mapped.as_ptr() };
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urDeviceGet(
    platform: ur_platform_handle_t,
    device_type: ur_device_type_t,
    count: u32,
    devices: *mut ur_device_handle_t,
    total: *mut u32,
) -> ur_result_t {
    guard("urDeviceGet", || {
        let platform = check_platform(platform)?;
        let wanted = matches!(
            device_type,
            UR_DEVICE_TYPE_ALL | UR_DEVICE_TYPE_GPU | UR_DEVICE_TYPE_DEFAULT
        );
        let found: Vec<&Handle<Device>> = if wanted {
            platform.devices().iter().collect()
        } else {
            Vec::new()
        };
        if !total.is_null() {
            // SAFETY: non-null output.
            unsafe { *total = found.len() as u32 };
        }
        if !devices.is_null() {
            for (i, d) in found.iter().take(count as usize).enumerate() {
                // SAFETY: room for `count` handles per UR.
                unsafe { *devices.add(i) = address_of(*d) as ur_device_handle_t };
            }
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn urDeviceGetInfo(
    device_handle: ur_device_handle_t,
    property: ur_device_info_t,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ur_result_t {
    guard("urDeviceGetInfo", || {
        let device = device(device_handle)?;
        // SAFETY: UR's output contract.
        device.info(property, unsafe { InfoOut::new(size, value, size_ret) }?)
    })
}

pub(crate) unsafe extern "C" fn urDeviceRetain(device_handle: ur_device_handle_t) -> ur_result_t {
    // Root devices live for the process: retain and release only check the handle.
    guard("urDeviceRetain", || device(device_handle).map(drop))
}

pub(crate) unsafe extern "C" fn urDeviceRelease(device_handle: ur_device_handle_t) -> ur_result_t {
    guard("urDeviceRelease", || device(device_handle).map(drop))
}

pub(crate) unsafe extern "C" fn urDeviceSelectBinary(
    device_handle: ur_device_handle_t,
    binaries: *const ur_device_binary_t,
    count: u32,
    selected: *mut u32,
) -> ur_result_t {
    guard("urDeviceSelectBinary", || {
        device(device_handle)?;
        if binaries.is_null() || selected.is_null() {
            return Err(null());
        }
        // SAFETY: `count` binaries per UR.
        let binaries = unsafe { std::slice::from_raw_parts(binaries, count as usize) };
        let nvptx = CStr::from_bytes_with_nul(UR_DEVICE_BINARY_TARGET_NVPTX64)
            .map_err(|_| Error::code(UR_RESULT_ERROR_UNKNOWN))?;
        for (i, binary) in binaries.iter().enumerate() {
            // SAFETY: each target spec is a NUL-terminated string per UR.
            let target = unsafe {
                (!binary.pDeviceTargetSpec.is_null())
                    .then(|| CStr::from_ptr(binary.pDeviceTargetSpec))
            };
            if target == Some(nvptx) {
                // SAFETY: non-null output.
                unsafe { *selected = i as u32 };
                return Ok(());
            }
        }
        Err(Error::with_message(
            UR_RESULT_ERROR_INVALID_BINARY,
            "no nvptx64 image for this NVIDIA GPU (build with -fsycl-targets=nvptx64-nvidia-cuda)",
        ))
    })
}

pub(crate) unsafe extern "C" fn urDeviceGetGlobalTimestamps(
    device_handle: ur_device_handle_t,
    device_time: *mut u64,
    host_time: *mut u64,
) -> ur_result_t {
    guard("urDeviceGetGlobalTimestamps", || {
        device(device_handle)?;
        // Event times are reported on the host's clock (queue.rs), so both clocks are one.
        let now = crate::queue::host_ns();
        // SAFETY: null or one u64 each, per UR.
        unsafe {
            if let Some(t) = device_time.as_mut() {
                *t = now;
            }
            if let Some(t) = host_time.as_mut() {
                *t = now;
            }
        }
        Ok(())
    })
}
