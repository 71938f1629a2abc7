//! Ahead-of-time device programs through an installed OpenCL runtime, as Intel's `opencl-aot`
//! builds them: the program is created from SPIR-V (`clCreateProgramWithIL`), built for the
//! CPU device (`clBuildProgram`), and its native binary read back (`CL_PROGRAM_BINARIES`).
//! The runtime library is loaded at run time, so nothing is needed to build this crate.
//!
//! `sys` holds the crate's only `unsafe` code; everything here is policy: which device, what
//! an error says.

#![deny(unsafe_code)]

use std::ffi::CString;
use std::path::{Path, PathBuf};

#[allow(unsafe_code)]
mod sys;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot load the OpenCL runtime '{}': {reason}", path.display())]
    Load { path: PathBuf, reason: String },
    #[error("'{}' is not an OpenCL 2.1 runtime: it has no function '{symbol}'", path.display())]
    MissingFunction { path: PathBuf, symbol: &'static str },
    #[error("{function} failed: {}", code_name(*code))]
    Call { function: &'static str, code: i32 },
    #[error("the OpenCL runtime '{}' has no CPU device ({})", path.display(), platforms_seen(platforms))]
    NoCpuDevice {
        path: PathBuf,
        platforms: Vec<String>,
    },
    #[error("the OpenCL runtime built the device program for '{device}' but returned no binary")]
    EmptyBinary { device: String },
    #[error("build options contain a NUL byte")]
    OptionsWithNul,
    #[error("building the device program for '{device}' failed ({}); build log:\n{log}", code_name(*code))]
    Build {
        device: String,
        code: i32,
        log: String,
    },
}

fn platforms_seen(platforms: &[String]) -> String {
    if platforms.is_empty() {
        "no platform".to_string()
    } else {
        format!("platforms: {}", platforms.join(", "))
    }
}

impl From<sys::CallError> for Error {
    fn from(e: sys::CallError) -> Self {
        Error::Call {
            function: e.function,
            code: e.code,
        }
    }
}

/// An OpenCL error code as the headers name it, with its number.
pub(crate) fn code_name(code: i32) -> String {
    const NAMES: &[(i32, &str)] = &[
        (-1, "CL_DEVICE_NOT_FOUND"),
        (-2, "CL_DEVICE_NOT_AVAILABLE"),
        (-3, "CL_COMPILER_NOT_AVAILABLE"),
        (-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"),
        (-5, "CL_OUT_OF_RESOURCES"),
        (-6, "CL_OUT_OF_HOST_MEMORY"),
        (-11, "CL_BUILD_PROGRAM_FAILURE"),
        (-15, "CL_COMPILE_PROGRAM_FAILURE"),
        (-16, "CL_LINKER_NOT_AVAILABLE"),
        (-17, "CL_LINK_PROGRAM_FAILURE"),
        (-30, "CL_INVALID_VALUE"),
        (-32, "CL_INVALID_PLATFORM"),
        (-33, "CL_INVALID_DEVICE"),
        (-34, "CL_INVALID_CONTEXT"),
        (-42, "CL_INVALID_BINARY"),
        (-43, "CL_INVALID_BUILD_OPTIONS"),
        (-44, "CL_INVALID_PROGRAM"),
        (-45, "CL_INVALID_PROGRAM_EXECUTABLE"),
        (-59, "CL_INVALID_OPERATION"),
        (-64, "CL_INVALID_PROPERTY"),
        (-66, "CL_INVALID_COMPILER_OPTIONS"),
        (-67, "CL_INVALID_LINKER_OPTIONS"),
        (-71, "CL_INVALID_SPEC_ID"),
        (-1001, "CL_PLATFORM_NOT_FOUND_KHR"),
    ];
    match NAMES.iter().find(|(c, _)| *c == code) {
        Some((_, name)) => format!("{name} ({code})"),
        None => format!("OpenCL error {code}"),
    }
}

/// A loaded OpenCL runtime.
pub struct Runtime {
    api: sys::Api,
    path: PathBuf,
}

impl Runtime {
    /// Loads the runtime library at `path` (an ICD loader or a vendor runtime itself).
    pub fn load(path: &Path) -> Result<Runtime, Error> {
        let api = sys::Api::load(path).map_err(|e| match e {
            sys::LoadError::Open(reason) => Error::Load {
                path: path.to_path_buf(),
                reason,
            },
            sys::LoadError::MissingSymbol(symbol) => Error::MissingFunction {
                path: path.to_path_buf(),
                symbol,
            },
        })?;
        Ok(Runtime {
            api,
            path: path.to_path_buf(),
        })
    }

    /// The first CPU device of the first platform that has one.
    pub fn cpu_device(&self) -> Result<CpuDevice<'_>, Error> {
        let mut platforms = Vec::new();
        for platform in self.api.platforms()? {
            if let Some(&device) = platform.devices(sys::CL_DEVICE_TYPE_CPU)?.first() {
                let name = device.string(sys::CL_DEVICE_NAME)?;
                return Ok(CpuDevice { device, name });
            }
            platforms.push(platform.string(sys::CL_PLATFORM_NAME)?);
        }
        Err(Error::NoCpuDevice {
            path: self.path.clone(),
            platforms,
        })
    }
}

/// A CPU device of a loaded runtime.
pub struct CpuDevice<'rt> {
    device: sys::Device<'rt>,
    name: String,
}

impl CpuDevice<'_> {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The device's native program binary for `spirv`, built with `options`; a failed build
    /// returns the runtime's build log.
    pub fn compile_spirv(&self, spirv: &[u8], options: &str) -> Result<Vec<u8>, Error> {
        let options = CString::new(options).map_err(|_| Error::OptionsWithNul)?;
        let context = self.device.context()?;
        let program = context.program_with_il(spirv)?;
        if let Err(e) = program.build(&options) {
            return Err(Error::Build {
                device: self.name.clone(),
                code: e.code,
                log: program
                    .build_log()
                    .unwrap_or_else(|log_error| Error::from(log_error).to_string())
                    .trim_end()
                    .to_string(),
            });
        }
        let binary = program.binary()?;
        if binary.is_empty() {
            return Err(Error::EmptyBinary {
                device: self.name.clone(),
            });
        }
        Ok(binary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_codes_are_named() {
        assert_eq!(code_name(-11), "CL_BUILD_PROGRAM_FAILURE (-11)");
        assert_eq!(code_name(-9999), "OpenCL error -9999");
    }

    #[test]
    fn a_library_that_is_not_there_or_not_opencl_is_an_error() {
        let missing = Runtime::load(Path::new("/nonexistent/libOpenCL.so"));
        assert!(matches!(missing, Err(Error::Load { .. })));
        // libc is a shared library with no OpenCL entry points.
        let not_opencl = Runtime::load(Path::new("libc.so.6"));
        assert!(
            matches!(
                not_opencl,
                Err(Error::MissingFunction {
                    symbol: "clGetPlatformIDs",
                    ..
                })
            ),
            "{:?}",
            not_opencl.err()
        );
    }
}
