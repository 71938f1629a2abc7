//! UR results with messages: CUDA errors mapped to UR's codes, the message kept as the
//! thread's last error (`urAdapterGetLastError`) and sent to the runtime's logger callback.
#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::fmt;

use crate::cuda::CudaError;
use crate::ffi::ur::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Error {
    code: ur_result_t,
    message: Option<String>,
}

pub(crate) type UrResult<T> = Result<T, Error>;

impl Error {
    pub(crate) fn code(code: ur_result_t) -> Error {
        Error {
            code,
            message: None,
        }
    }

    pub(crate) fn with_message(code: ur_result_t, message: impl Into<String>) -> Error {
        Error {
            code,
            message: Some(message.into()),
        }
    }

    pub(crate) fn unsupported(what: impl Into<String>) -> Error {
        Error::with_message(UR_RESULT_ERROR_UNSUPPORTED_FEATURE, what)
    }

    pub(crate) fn result(&self) -> ur_result_t {
        self.code
    }

    pub(crate) fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.message {
            Some(message) => write!(f, "{message} (UR result {})", self.code),
            None => write!(f, "UR result {}", self.code),
        }
    }
}

impl From<CudaError> for Error {
    fn from(error: CudaError) -> Error {
        let code = if error.is_out_of_memory() {
            UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
        } else if error.is_out_of_resources() {
            UR_RESULT_ERROR_OUT_OF_RESOURCES
        } else if error.is_invalid_image() {
            UR_RESULT_ERROR_INVALID_BINARY
        } else if error.is_not_found() {
            UR_RESULT_ERROR_INVALID_KERNEL_NAME
        } else if error.is_invalid_value() {
            UR_RESULT_ERROR_INVALID_VALUE
        } else {
            UR_RESULT_ERROR_UNKNOWN
        };
        Error::with_message(code, error.to_string())
    }
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Keeps an error's message as this thread's last error. A thread being torn down (the
/// runtime calls in from its pool's threads as they exit) keeps none.
pub(crate) fn remember(error: &Error) {
    let _ = LAST_ERROR.try_with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            *last = error.to_string();
        }
    });
}

/// This thread's last error message ("" when none).
pub(crate) fn last_error() -> String {
    LAST_ERROR
        .try_with(|last| last.try_borrow().map(|l| l.clone()).unwrap_or_default())
        .unwrap_or_default()
}
