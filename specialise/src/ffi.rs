//! The C interface the CUDA adapter calls (`model::specialisation::abi`). Nothing unwinds out
//! of it: a panic becomes a failure with its message.
#![allow(unsafe_code)]

use model::specialisation::abi::{FAILED, OK, SpecialiseOutput};

/// # Safety
/// `image`, `kernel` and `values` point to their lengths in bytes (or are null with length
/// 0); `out` points to a writable [`SpecialiseOutput`], whose bytes the caller later gives to
/// [`sycl_specconst_specialise_free_v1`] exactly once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sycl_specconst_specialise_v1(
    image: *const u8,
    image_len: usize,
    kernel: *const u8,
    kernel_len: usize,
    values: *const u8,
    values_len: usize,
    out: *mut SpecialiseOutput,
) -> i32 {
    if out.is_null() {
        return FAILED;
    }
    // SAFETY: per the contract.
    let (image, kernel, values) = unsafe {
        (
            bytes(image, image_len),
            bytes(kernel, kernel_len),
            bytes(values, values_len),
        )
    };
    let outcome = std::panic::catch_unwind(|| {
        let (Some(image), Some(kernel), Some(values)) = (image, kernel, values) else {
            return Err("a null pointer with a non-zero length".to_string());
        };
        let kernel = std::str::from_utf8(kernel).map_err(|_| "a kernel name not UTF-8")?;
        crate::specialise_image(image, kernel, values).map_err(|e| e.to_string())
    })
    .unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(format!("internal error in the specialiser: {message}"))
    });
    let micros = |d: std::time::Duration| d.as_micros().min(u64::MAX as u128) as u64;
    let (status, payload, times) = match outcome {
        Ok(done) => (
            OK,
            done.ptx,
            [micros(done.parse), micros(done.optimise), micros(done.emit)],
        ),
        Err(message) => (FAILED, message.into_bytes(), [0; 3]),
    };
    let mut payload = std::mem::ManuallyDrop::new(payload);
    let result = SpecialiseOutput {
        bytes: payload.as_mut_ptr(),
        len: payload.len(),
        capacity: payload.capacity(),
        parse_us: times[0],
        optimise_us: times[1],
        emit_us: times[2],
    };
    // SAFETY: `out` is non-null and writable per the contract.
    unsafe { out.write(result) };
    status
}

/// # Safety
/// `out` is null or was filled by [`sycl_specconst_specialise_v1`] and not freed since.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sycl_specconst_specialise_free_v1(out: *mut SpecialiseOutput) {
    if out.is_null() {
        return;
    }
    // SAFETY: per the contract, the fields are a Vec's parts this library made.
    unsafe {
        let output = &mut *out;
        if !output.bytes.is_null() {
            drop(Vec::from_raw_parts(
                output.bytes,
                output.len,
                output.capacity,
            ));
        }
        *output = SpecialiseOutput::default();
    }
}

/// # Safety
/// `pointer` points to `len` bytes, or `len` is 0.
unsafe fn bytes<'a>(pointer: *const u8, len: usize) -> Option<&'a [u8]> {
    if len == 0 {
        return Some(&[]);
    }
    // SAFETY: per the contract.
    (!pointer.is_null()).then(|| unsafe { std::slice::from_raw_parts(pointer, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_comes_back_as_a_message_and_is_freed() {
        let mut out = SpecialiseOutput::default();
        let image = b"not an image";
        let kernel = b"k";
        // SAFETY: valid slices and a writable output.
        let status = unsafe {
            sycl_specconst_specialise_v1(
                image.as_ptr(),
                image.len(),
                kernel.as_ptr(),
                kernel.len(),
                std::ptr::null(),
                0,
                &mut out,
            )
        };
        assert_eq!(status, FAILED);
        // SAFETY: `len` bytes written by the call.
        let message = unsafe { std::slice::from_raw_parts(out.bytes, out.len) };
        assert!(
            String::from_utf8_lossy(message).contains("no bitcode"),
            "{}",
            String::from_utf8_lossy(message)
        );
        // SAFETY: filled by the call, freed once.
        unsafe { sycl_specconst_specialise_free_v1(&mut out) };
        assert!(out.bytes.is_null());
    }

    #[test]
    fn null_pointers_with_lengths_are_refused() {
        let mut out = SpecialiseOutput::default();
        // SAFETY: nulls are what is tested; the output is writable.
        let status = unsafe {
            sycl_specconst_specialise_v1(
                std::ptr::null(),
                4,
                std::ptr::null(),
                0,
                std::ptr::null(),
                0,
                &mut out,
            )
        };
        assert_eq!(status, FAILED);
        // SAFETY: filled by the call, freed once.
        unsafe { sycl_specconst_specialise_free_v1(&mut out) };
        // SAFETY: a null output is allowed.
        assert_eq!(
            unsafe {
                sycl_specconst_specialise_v1(
                    std::ptr::null(),
                    0,
                    std::ptr::null(),
                    0,
                    std::ptr::null(),
                    0,
                    std::ptr::null_mut(),
                )
            },
            FAILED
        );
    }
}
