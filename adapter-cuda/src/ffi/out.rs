//! The `(propSize, pPropValue, pPropSizeRet)` triple of every UR `*GetInfo` call, as a safe
//! writer: the safe modules answer a query by calling one of its methods once.

use std::ffi::c_void;

use super::ur::*;
use crate::error::{Error, UrResult};

pub(crate) struct InfoOut<'a> {
    value: Option<&'a mut [u8]>,
    size_ret: Option<&'a mut usize>,
}

impl<'a> InfoOut<'a> {
    /// # Safety
    /// `value` is null or valid for `size` bytes of writing, `size_ret` null or valid for one
    /// `size_t`, both for `'a` (UR's contract for these parameters).
    pub(crate) unsafe fn new(
        size: usize,
        value: *mut c_void,
        size_ret: *mut usize,
    ) -> UrResult<InfoOut<'a>> {
        if value.is_null() && size_ret.is_null() {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_NULL_POINTER));
        }
        if !value.is_null() && size == 0 {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_SIZE));
        }
        let value = if value.is_null() {
            None
        } else {
            // SAFETY: per the contract.
            Some(unsafe { std::slice::from_raw_parts_mut(value.cast::<u8>(), size) })
        };
        // SAFETY: per the contract.
        let size_ret = unsafe { size_ret.as_mut() };
        Ok(InfoOut { value, size_ret })
    }

    /// Tests: an output over a buffer of this test's own.
    #[cfg(test)]
    pub(crate) fn over(
        value: Option<&'a mut [u8]>,
        size_ret: Option<&'a mut usize>,
    ) -> InfoOut<'a> {
        InfoOut { value, size_ret }
    }

    pub(crate) fn bytes(self, bytes: &[u8]) -> UrResult<()> {
        if let Some(size_ret) = self.size_ret {
            *size_ret = bytes.len();
        }
        if let Some(value) = self.value {
            if value.len() < bytes.len() {
                return Err(Error::code(UR_RESULT_ERROR_INVALID_SIZE));
            }
            value[..bytes.len()].copy_from_slice(bytes);
        }
        Ok(())
    }

    pub(crate) fn u32(self, v: u32) -> UrResult<()> {
        self.bytes(&v.to_ne_bytes())
    }
    pub(crate) fn i32(self, v: i32) -> UrResult<()> {
        self.bytes(&v.to_ne_bytes())
    }
    pub(crate) fn u64(self, v: u64) -> UrResult<()> {
        self.bytes(&v.to_ne_bytes())
    }
    pub(crate) fn usize(self, v: usize) -> UrResult<()> {
        self.bytes(&v.to_ne_bytes())
    }
    /// `ur_bool_t` (one byte).
    pub(crate) fn bool(self, v: bool) -> UrResult<()> {
        self.bytes(&[u8::from(v)])
    }
    /// A NUL-terminated string.
    pub(crate) fn string(self, s: &str) -> UrResult<()> {
        let mut bytes = Vec::with_capacity(s.len() + 1);
        bytes.extend_from_slice(s.as_bytes());
        bytes.push(0);
        self.bytes(&bytes)
    }
    pub(crate) fn usizes(self, values: &[usize]) -> UrResult<()> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        self.bytes(&bytes)
    }
    pub(crate) fn u32s(self, values: &[u32]) -> UrResult<()> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        self.bytes(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_value_and_size() {
        let mut buf = [0u8; 8];
        let mut size = 0;
        InfoOut::over(Some(&mut buf), Some(&mut size))
            .u32(0x01020304)
            .expect("a value");
        assert_eq!(size, 4);
        assert_eq!(
            u32::from_ne_bytes(buf[..4].try_into().expect("a value")),
            0x01020304
        );
    }

    #[test]
    fn refuses_a_short_buffer() {
        let mut buf = [0u8; 2];
        let err = InfoOut::over(Some(&mut buf), None)
            .string("abc")
            .expect_err("an error");
        assert_eq!(err.result(), UR_RESULT_ERROR_INVALID_SIZE);
        assert_eq!(buf, [0, 0]);
    }

    #[test]
    fn size_only_query() {
        let mut size = 0;
        InfoOut::over(None, Some(&mut size))
            .string("abc")
            .expect("a value");
        assert_eq!(size, 4);
    }
}
