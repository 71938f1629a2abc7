//! Unified Runtime's ABI, inward: the types bindgen generated from Intel's headers, the
//! dispatch tables the loader asks for, the handles the loader passes around, and the entry
//! points (`entry/`). Every `unsafe` of the UR side is here; the entry points turn the
//! caller's pointers into references, slices and [`crate::cuda::HostSpan`]s under UR's
//! contract and call the safe modules.
#![allow(unsafe_code)]

use std::sync::{Arc, OnceLock};

pub(crate) mod entry;
mod out;
pub(crate) mod specialiser;

pub(crate) use out::InfoOut;

/// Unified Runtime's types and constants, as bindgen generated them from the headers (public:
/// the ABI this library implements).
#[allow(
    non_camel_case_types,
    non_snake_case,
    non_upper_case_globals,
    clippy::all
)]
pub mod ur {
    include!(concat!(env!("OUT_DIR"), "/ur.rs"));
}

use ur::*;

#[allow(clippy::all, unreachable_pub)]
mod tables {
    use super::ur::*;
    use super::{dispatch_table, version_supported};
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
    pub(super) fn build() -> ur_dditable_t {
        let mut table = ur_dditable_t::default();
        fill_dispatch_table(&mut table);
        table
    }
}

/// The adapter's whole dispatch table, built once. The loader reads a pointer to it from the
/// first word of every handle this adapter returns.
fn dispatch_table() -> &'static ur_dditable_t {
    static TABLE: OnceLock<ur_dditable_t> = OnceLock::new();
    TABLE.get_or_init(tables::build)
}

/// The loader and this adapter must agree on the major version (UR before 1.0: minor too
/// may change layouts, so the minor must not be newer than the headers this was built with).
fn version_supported(version: ur_api_version_t) -> bool {
    let ours = UR_API_VERSION_CURRENT;
    version >> 16 == ours >> 16 && (version & 0xffff) <= (ours & 0xffff)
}

/// A UR object as the loader sees it: the dispatch table's address first (the loader's
/// handle-based dispatch reads it), then the adapter's value.
#[repr(C)]
pub(crate) struct Handle<T> {
    dispatch: DispatchTable,
    value: T,
}

/// The loader reads it through the handle's first word; [`borrow`] checks it.
#[derive(Clone, Copy)]
struct DispatchTable(&'static ur_dditable_t);

impl<T> Handle<T> {
    pub(crate) fn new(value: T) -> Handle<T> {
        Handle {
            dispatch: DispatchTable(dispatch_table()),
            value,
        }
    }

    pub(crate) fn shared(value: T) -> Arc<Handle<T>> {
        Arc::new(Handle::new(value))
    }
}

impl<T> std::ops::Deref for Handle<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

/// The address a handle has for the loader (for `*_INFO_*` queries that return handles).
pub(crate) fn address_of<T>(handle: &Handle<T>) -> usize {
    handle as *const Handle<T> as usize
}

/// Converts between a UR handle type and the adapter object behind it.
pub(crate) trait Object: Sized {
    /// The opaque struct UR's handle type points to.
    type Raw;
}

/// Gives a new reference to the caller as a raw handle.
pub(crate) fn into_raw<T: Object>(object: Arc<Handle<T>>) -> *mut T::Raw {
    Arc::into_raw(object) as *mut T::Raw
}

/// Borrows the object behind a handle the caller holds.
///
/// # Safety
/// `raw` is null or a handle of this type that this adapter returned and the caller has not
/// released (UR's contract for every handle argument).
pub(crate) unsafe fn borrow<'a, T: Object>(raw: *mut T::Raw) -> Option<&'a Handle<T>> {
    // SAFETY: per the contract, a live `Arc<Handle<T>>`'s data pointer.
    let handle = unsafe { (raw as *const Handle<T>).as_ref() }?;
    // Every handle of this adapter starts with its dispatch table (another adapter's handle
    // would not).
    std::ptr::eq(handle.dispatch.0, dispatch_table()).then_some(handle)
}

/// A new owned reference to the object behind a handle (for objects that keep it).
///
/// # Safety
/// As [`borrow`], and the handle is reference-counted (made by [`into_raw`]).
pub(crate) unsafe fn share<T: Object>(raw: *mut T::Raw) -> Option<Arc<Handle<T>>> {
    // SAFETY: forwarded contract; checks null and the dispatch word.
    unsafe { borrow::<T>(raw) }?;
    let pointer = raw as *const Handle<T>;
    // SAFETY: per the contract, `pointer` came from `Arc::into_raw` and is alive.
    unsafe {
        Arc::increment_strong_count(pointer);
        Some(Arc::from_raw(pointer))
    }
}

/// `urXRetain`.
///
/// # Safety
/// As [`share`].
pub(crate) unsafe fn retain<T: Object>(raw: *mut T::Raw) -> bool {
    // SAFETY: forwarded contract; checks null and the dispatch word.
    if unsafe { borrow::<T>(raw) }.is_none() {
        return false;
    }
    // SAFETY: per the contract.
    unsafe { Arc::increment_strong_count(raw as *const Handle<T>) };
    true
}

/// `urXRelease`: drops the caller's reference.
///
/// # Safety
/// As [`share`], and the caller gives up this reference.
pub(crate) unsafe fn release<T: Object>(raw: *mut T::Raw) -> bool {
    // SAFETY: forwarded contract; checks null and the dispatch word.
    if unsafe { borrow::<T>(raw) }.is_none() {
        return false;
    }
    // SAFETY: per the contract, one reference the caller owned.
    drop(unsafe { Arc::from_raw(raw as *const Handle<T>) });
    true
}

/// UR's reference count of a counted object: the references its callers and other objects
/// hold.
///
/// # Safety
/// As [`share`].
pub(crate) unsafe fn reference_count<T: Object>(raw: *mut T::Raw) -> Option<u32> {
    // SAFETY: per the contract; the temporary reference is dropped at once.
    let arc = unsafe { share::<T>(raw) }?;
    Some((Arc::strong_count(&arc) - 1) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::c_void;

    #[test]
    fn every_dispatch_slot_is_filled() {
        let table = dispatch_table();
        let words = std::mem::size_of::<ur_dditable_t>() / std::mem::size_of::<usize>();
        // SAFETY: the table is only function pointers (each a word, none null if filled).
        let slots = unsafe {
            std::slice::from_raw_parts((table as *const ur_dditable_t).cast::<usize>(), words)
        };
        assert!(slots.len() > 200, "{} slots", slots.len());
        let empty = slots.iter().filter(|&&slot| slot == 0).count();
        assert_eq!(
            empty,
            0,
            "{empty} of {} dispatch slots are empty",
            slots.len()
        );
    }

    #[test]
    fn getters_check_version_and_table() {
        let mut table = ur_platform_dditable_t::default();
        // SAFETY: a table of the getter's type.
        unsafe {
            assert_eq!(
                tables::urGetPlatformProcAddrTable(UR_API_VERSION_CURRENT, &mut table),
                UR_RESULT_SUCCESS
            );
            assert!(table.pfnGet.is_some() && table.pfnGetInfo.is_some());
            assert_eq!(
                tables::urGetPlatformProcAddrTable(UR_API_VERSION_CURRENT + (1 << 16), &mut table),
                UR_RESULT_ERROR_UNSUPPORTED_VERSION
            );
            assert_eq!(
                tables::urGetPlatformProcAddrTable(UR_API_VERSION_CURRENT, std::ptr::null_mut()),
                UR_RESULT_ERROR_INVALID_NULL_POINTER
            );
        }
    }

    #[test]
    fn unimplemented_entry_points_answer_unsupported() {
        let table = dispatch_table();
        let create = table.Sampler.pfnCreate.expect("filled");
        let mut sampler: ur_sampler_handle_t = std::ptr::null_mut();
        // SAFETY: the stub reads none of its arguments.
        let result = unsafe { create(std::ptr::null_mut(), std::ptr::null(), &mut sampler) };
        assert_eq!(result, UR_RESULT_ERROR_UNSUPPORTED_FEATURE);
    }

    #[test]
    fn one_adapter_and_platforms_only_with_a_cuda_driver() {
        let table = dispatch_table();
        let mut adapter: ur_adapter_handle_t = std::ptr::null_mut();
        let mut count = 0u32;
        // SAFETY: outputs of the entry points' types.
        unsafe {
            assert_eq!(
                table.Adapter.pfnGet.expect("filled")(1, &mut adapter, &mut count),
                UR_RESULT_SUCCESS
            );
            assert_eq!(count, 1);
            // The loader dispatches through the handle's first word: this table.
            assert_eq!(
                *(adapter as *const *const ur_dditable_t),
                table as *const ur_dditable_t
            );
            let mut backend = 0u32;
            let result = table.Adapter.pfnGetInfo.expect("filled")(
                adapter,
                UR_ADAPTER_INFO_BACKEND,
                std::mem::size_of::<u32>(),
                (&mut backend as *mut u32).cast::<c_void>(),
                std::ptr::null_mut(),
            );
            assert_eq!((result, backend), (UR_RESULT_SUCCESS, UR_BACKEND_CUDA));
            let mut platforms = 0u32;
            let result = table.Platform.pfnGet.expect("filled")(
                adapter,
                0,
                std::ptr::null_mut(),
                &mut platforms,
            );
            assert_eq!(result, UR_RESULT_SUCCESS);
            if crate::cuda::init().is_err() {
                assert_eq!(platforms, 0, "no CUDA driver, yet a platform");
            } else {
                assert_eq!(platforms, 1);
            }
        }
    }
}
