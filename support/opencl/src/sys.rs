//! The crate's only `unsafe` code: the OpenCL C API loaded at run time (`dlopen`), and safe
//! handles over the few objects ahead-of-time compilation needs. Every handle borrows the
//! loaded library, so no call can outlive it; contexts and programs are released when their
//! handle drops. Values coming back from the library are checked before they are trusted
//! (sizes before reads, error codes before handles).

use std::ffi::{CStr, c_void};
use std::path::Path;
use std::ptr;

use libloading::Library;

/// An OpenCL error code (`cl_int`), with the function that returned it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CallError {
    pub(crate) function: &'static str,
    pub(crate) code: i32,
}

/// Why the library could not be used at all.
#[derive(Debug)]
pub(crate) enum LoadError {
    Open(String),
    MissingSymbol(&'static str),
}

type Raw = *mut c_void;
type ClResult<T> = Result<T, CallError>;

const CL_SUCCESS: i32 = 0;
const CL_DEVICE_NOT_FOUND: i32 = -1;
pub(crate) const CL_DEVICE_TYPE_CPU: u64 = 1 << 1;
pub(crate) const CL_PLATFORM_NAME: u32 = 0x0902;
pub(crate) const CL_DEVICE_NAME: u32 = 0x102B;
const CL_PROGRAM_NUM_DEVICES: u32 = 0x1162;
const CL_PROGRAM_BINARY_SIZES: u32 = 0x1165;
const CL_PROGRAM_BINARIES: u32 = 0x1166;
const CL_PROGRAM_BUILD_LOG: u32 = 0x1183;

type GetPlatformIds = unsafe extern "C" fn(u32, *mut Raw, *mut u32) -> i32;
type GetInfo = unsafe extern "C" fn(Raw, u32, usize, *mut c_void, *mut usize) -> i32;
type GetDeviceIds = unsafe extern "C" fn(Raw, u64, u32, *mut Raw, *mut u32) -> i32;
type CreateContext = unsafe extern "C" fn(
    *const isize,
    u32,
    *const Raw,
    *const c_void,
    *mut c_void,
    *mut i32,
) -> Raw;
type Release = unsafe extern "C" fn(Raw) -> i32;
type CreateProgramWithIl = unsafe extern "C" fn(Raw, *const c_void, usize, *mut i32) -> Raw;
type BuildProgram =
    unsafe extern "C" fn(Raw, u32, *const Raw, *const i8, *const c_void, *mut c_void) -> i32;
type GetBuildInfo = unsafe extern "C" fn(Raw, Raw, u32, usize, *mut c_void, *mut usize) -> i32;

/// The loaded library and the entry points used here.
pub(crate) struct Api {
    get_platform_ids: GetPlatformIds,
    get_platform_info: GetInfo,
    get_device_ids: GetDeviceIds,
    get_device_info: GetInfo,
    create_context: CreateContext,
    release_context: Release,
    create_program_with_il: CreateProgramWithIl,
    build_program: BuildProgram,
    get_program_build_info: GetBuildInfo,
    get_program_info: GetInfo,
    release_program: Release,
    // Last: the function pointers above point into it.
    _library: Library,
}

fn check(function: &'static str, code: i32) -> ClResult<()> {
    if code == CL_SUCCESS {
        Ok(())
    } else {
        Err(CallError { function, code })
    }
}

impl Api {
    pub(crate) fn load(path: &Path) -> Result<Api, LoadError> {
        // SAFETY: loading runs the library's initialisers; an OpenCL runtime's are meant to
        // run in any process that loads it (the ICD loader does exactly this).
        let library = unsafe { Library::new(path) }.map_err(|e| LoadError::Open(e.to_string()))?;
        macro_rules! entry {
            ($name:literal, $ty:ty) => {{
                // SAFETY: the type is the OpenCL 2.1 C prototype of the named function; the
                // pointer is kept beside `library`, which outlives every use (`_library`).
                let symbol = unsafe { library.get::<$ty>(concat!($name, "\0").as_bytes()) };
                *symbol.map_err(|_| LoadError::MissingSymbol($name))?
            }};
        }
        Ok(Api {
            get_platform_ids: entry!("clGetPlatformIDs", GetPlatformIds),
            get_platform_info: entry!("clGetPlatformInfo", GetInfo),
            get_device_ids: entry!("clGetDeviceIDs", GetDeviceIds),
            get_device_info: entry!("clGetDeviceInfo", GetInfo),
            create_context: entry!("clCreateContext", CreateContext),
            release_context: entry!("clReleaseContext", Release),
            create_program_with_il: entry!("clCreateProgramWithIL", CreateProgramWithIl),
            build_program: entry!("clBuildProgram", BuildProgram),
            get_program_build_info: entry!("clGetProgramBuildInfo", GetBuildInfo),
            get_program_info: entry!("clGetProgramInfo", GetInfo),
            release_program: entry!("clReleaseProgram", Release),
            _library: library,
        })
    }

    pub(crate) fn platforms(&self) -> ClResult<Vec<Platform<'_>>> {
        let mut count = 0u32;
        // SAFETY: a count query (no array) with a valid out-pointer.
        let code = unsafe { (self.get_platform_ids)(0, ptr::null_mut(), &mut count) };
        // The ICD loader's "no platforms" (CL_PLATFORM_NOT_FOUND_KHR) means none.
        if code == -1001 {
            return Ok(Vec::new());
        }
        check("clGetPlatformIDs", code)?;
        let mut raw = vec![ptr::null_mut(); count as usize];
        // SAFETY: `raw` holds `count` entries.
        let code = unsafe { (self.get_platform_ids)(count, raw.as_mut_ptr(), ptr::null_mut()) };
        check("clGetPlatformIDs", code)?;
        Ok(raw
            .into_iter()
            .map(|raw| Platform { api: self, raw })
            .collect())
    }
}

/// Reads a variable-length info value: size first, then the bytes.
fn info_bytes(
    function: &'static str,
    query: impl Fn(usize, *mut c_void, *mut usize) -> i32,
) -> ClResult<Vec<u8>> {
    let mut size = 0usize;
    check(function, query(0, ptr::null_mut(), &mut size))?;
    if size == 0 {
        return Ok(Vec::new());
    }
    let mut bytes = vec![0u8; size];
    check(
        function,
        query(size, bytes.as_mut_ptr().cast(), ptr::null_mut()),
    )?;
    Ok(bytes)
}

/// An info string without its terminating NUL.
fn info_string(bytes: Vec<u8>) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

#[derive(Clone, Copy)]
pub(crate) struct Platform<'a> {
    api: &'a Api,
    raw: Raw,
}

impl<'a> Platform<'a> {
    pub(crate) fn string(&self, param: u32) -> ClResult<String> {
        let (api, raw) = (self.api, self.raw);
        // SAFETY: `raw` came from this library's clGetPlatformIDs; sizes are the buffer's.
        info_bytes("clGetPlatformInfo", |size, value, size_ret| unsafe {
            (api.get_platform_info)(raw, param, size, value, size_ret)
        })
        .map(info_string)
    }

    /// The platform's devices of `device_type` (none is not an error).
    pub(crate) fn devices(&self, device_type: u64) -> ClResult<Vec<Device<'a>>> {
        let mut count = 0u32;
        // SAFETY: a count query on a platform of this library.
        let code = unsafe {
            (self.api.get_device_ids)(self.raw, device_type, 0, ptr::null_mut(), &mut count)
        };
        if code == CL_DEVICE_NOT_FOUND {
            return Ok(Vec::new());
        }
        check("clGetDeviceIDs", code)?;
        let mut raw = vec![ptr::null_mut(); count as usize];
        // SAFETY: `raw` holds `count` entries.
        let code = unsafe {
            (self.api.get_device_ids)(
                self.raw,
                device_type,
                count,
                raw.as_mut_ptr(),
                ptr::null_mut(),
            )
        };
        check("clGetDeviceIDs", code)?;
        let api = self.api;
        Ok(raw.into_iter().map(|raw| Device { api, raw }).collect())
    }
}

/// A root device: OpenCL does not reference-count those, so nothing is released.
#[derive(Clone, Copy)]
pub(crate) struct Device<'a> {
    api: &'a Api,
    raw: Raw,
}

impl<'a> Device<'a> {
    pub(crate) fn string(&self, param: u32) -> ClResult<String> {
        let (api, raw) = (self.api, self.raw);
        // SAFETY: `raw` came from this library's clGetDeviceIDs; sizes are the buffer's.
        info_bytes("clGetDeviceInfo", |size, value, size_ret| unsafe {
            (api.get_device_info)(raw, param, size, value, size_ret)
        })
        .map(info_string)
    }

    /// A context holding this device alone.
    pub(crate) fn context(&self) -> ClResult<Context<'a>> {
        let mut code = CL_SUCCESS;
        // SAFETY: one valid device; no properties, no callback.
        let raw = unsafe {
            (self.api.create_context)(
                ptr::null(),
                1,
                &self.raw,
                ptr::null(),
                ptr::null_mut(),
                &mut code,
            )
        };
        check("clCreateContext", code)?;
        if raw.is_null() {
            return Err(CallError {
                function: "clCreateContext",
                code,
            });
        }
        Ok(Context { device: *self, raw })
    }
}

pub(crate) struct Context<'a> {
    device: Device<'a>,
    raw: Raw,
}

impl Drop for Context<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle was created by this library and is released once, here.
        let _ = unsafe { (self.device.api.release_context)(self.raw) };
    }
}

impl<'a> Context<'a> {
    /// A program from intermediate language (SPIR-V) for the context's device.
    pub(crate) fn program_with_il(&self, il: &[u8]) -> ClResult<Program<'a>> {
        let mut code = CL_SUCCESS;
        // SAFETY: `il` is readable for its length; OpenCL copies it before returning.
        let raw = unsafe {
            (self.device.api.create_program_with_il)(
                self.raw,
                il.as_ptr().cast(),
                il.len(),
                &mut code,
            )
        };
        check("clCreateProgramWithIL", code)?;
        if raw.is_null() {
            return Err(CallError {
                function: "clCreateProgramWithIL",
                code,
            });
        }
        Ok(Program {
            device: self.device,
            raw,
        })
    }
}

/// A program for one device. OpenCL programs keep their context alive themselves.
pub(crate) struct Program<'a> {
    device: Device<'a>,
    raw: Raw,
}

impl Drop for Program<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle was created by this library and is released once, here.
        let _ = unsafe { (self.device.api.release_program)(self.raw) };
    }
}

impl Program<'_> {
    /// Builds the program for its device, synchronously (no callback).
    pub(crate) fn build(&self, options: &CStr) -> ClResult<()> {
        // SAFETY: one valid device of the program's context; `options` is NUL-terminated.
        let code = unsafe {
            (self.device.api.build_program)(
                self.raw,
                1,
                &self.device.raw,
                options.as_ptr(),
                ptr::null(),
                ptr::null_mut(),
            )
        };
        check("clBuildProgram", code)
    }

    pub(crate) fn build_log(&self) -> ClResult<String> {
        let (api, raw, device) = (self.device.api, self.raw, self.device.raw);
        // SAFETY: program and device of this library; sizes are the buffer's.
        info_bytes("clGetProgramBuildInfo", |size, value, size_ret| unsafe {
            (api.get_program_build_info)(raw, device, CL_PROGRAM_BUILD_LOG, size, value, size_ret)
        })
        .map(info_string)
    }

    /// The built program's binary for its one device (`CL_PROGRAM_BINARIES`).
    pub(crate) fn binary(&self) -> ClResult<Vec<u8>> {
        const FUNCTION: &str = "clGetProgramInfo";
        let api = self.device.api;
        let mut devices = 0u32;
        // SAFETY: a `cl_uint` value into a `u32` of its size.
        let code = unsafe {
            (api.get_program_info)(
                self.raw,
                CL_PROGRAM_NUM_DEVICES,
                size_of::<u32>(),
                (&raw mut devices).cast(),
                ptr::null_mut(),
            )
        };
        check(FUNCTION, code)?;
        // The context has one device; anything else would make the arrays below wrong.
        if devices != 1 {
            return Err(CallError {
                function: FUNCTION,
                code: -30, // CL_INVALID_VALUE
            });
        }
        let mut size = 0usize;
        // SAFETY: one `size_t` for one device.
        let code = unsafe {
            (api.get_program_info)(
                self.raw,
                CL_PROGRAM_BINARY_SIZES,
                size_of::<usize>(),
                (&raw mut size).cast(),
                ptr::null_mut(),
            )
        };
        check(FUNCTION, code)?;
        if size == 0 {
            return Ok(Vec::new());
        }
        let mut binary = vec![0u8; size];
        let mut pointers = [binary.as_mut_ptr()];
        // SAFETY: an array of one pointer to `size` writable bytes, the size just reported.
        let code = unsafe {
            (api.get_program_info)(
                self.raw,
                CL_PROGRAM_BINARIES,
                size_of_val(&pointers),
                pointers.as_mut_ptr().cast(),
                ptr::null_mut(),
            )
        };
        check(FUNCTION, code)?;
        Ok(binary)
    }
}
