//! Contexts: a set of devices and the USM allocations made in it.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::cuda::{self, AllocationKind, DeviceAddress};
use crate::error::{Error, UrResult};
use crate::ffi::ur::*;
use crate::ffi::{Handle, InfoOut, address_of};
use crate::platform::Device;

pub(crate) struct Context {
    devices: Vec<&'static Handle<Device>>,
    /// USM allocations by base address: (size, kind, device).
    allocations: Mutex<BTreeMap<DeviceAddress, Allocation>>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Allocation {
    pub(crate) base: DeviceAddress,
    pub(crate) size: usize,
    pub(crate) kind: AllocationKind,
    pub(crate) device: Option<&'static Handle<Device>>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "context of {:?}", self.devices)
    }
}

pub(crate) type ContextRef = Arc<Handle<Context>>;

impl Context {
    pub(crate) fn new(devices: Vec<&'static Handle<Device>>) -> UrResult<ContextRef> {
        if devices.is_empty() {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_SIZE));
        }
        Ok(Handle::shared(Context {
            devices,
            allocations: Mutex::new(BTreeMap::new()),
        }))
    }

    pub(crate) fn has_device(&self, device: &Handle<Device>) -> bool {
        self.devices.iter().any(|d| std::ptr::eq(*d, device))
    }

    /// The device whose CUDA context holds this context's buffers and host allocations.
    pub(crate) fn first_device(&self) -> &'static Handle<Device> {
        self.devices[0]
    }

    fn allocations(&self) -> MutexGuard<'_, BTreeMap<DeviceAddress, Allocation>> {
        self.allocations
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn usm_alloc(
        &self,
        kind: AllocationKind,
        device: Option<&'static Handle<Device>>,
        size: usize,
        alignment: u32,
    ) -> UrResult<DeviceAddress> {
        if size == 0 {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_USM_SIZE));
        }
        // CUDA's allocations are aligned to at least 256 bytes; larger requests are refused.
        if alignment > 256 || (alignment != 0 && !alignment.is_power_of_two()) {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_VALUE));
        }
        let owner = device.unwrap_or_else(|| self.first_device());
        let base = cuda::allocate(owner.context(), kind, size)?;
        self.allocations().insert(
            base,
            Allocation {
                base,
                size,
                kind,
                device,
            },
        );
        Ok(base)
    }

    pub(crate) fn usm_free(&self, address: DeviceAddress) -> UrResult<()> {
        let allocation = self.allocations().remove(&address).ok_or_else(|| {
            Error::with_message(
                UR_RESULT_ERROR_INVALID_MEM_OBJECT,
                "urUSMFree: not a USM allocation of this context",
            )
        })?;
        let owner = allocation.device.unwrap_or_else(|| self.first_device());
        Ok(cuda::unless_torn_down(cuda::free(
            owner.context(),
            allocation.kind,
            address,
        ))?)
    }

    /// The allocation that holds `address`, if this context made it.
    pub(crate) fn find_allocation(&self, address: DeviceAddress) -> Option<Allocation> {
        let allocations = self.allocations();
        let (_, found) = allocations.range(..=address).next_back()?;
        (address < found.base + found.size.max(1) as u64).then_some(*found)
    }

    pub(crate) fn usm_info(
        &self,
        address: DeviceAddress,
        property: ur_usm_alloc_info_t,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        let found = self.find_allocation(address);
        match property {
            UR_USM_ALLOC_INFO_TYPE => out.u32(match found.map(|a| a.kind) {
                Some(AllocationKind::Device) => UR_USM_TYPE_DEVICE,
                Some(AllocationKind::Host) => UR_USM_TYPE_HOST,
                Some(AllocationKind::Shared) => UR_USM_TYPE_SHARED,
                None => UR_USM_TYPE_UNKNOWN,
            }),
            UR_USM_ALLOC_INFO_BASE_PTR => out.usize(
                found
                    .map(|a| a.base as usize)
                    .ok_or(Error::code(UR_RESULT_ERROR_INVALID_VALUE))?,
            ),
            UR_USM_ALLOC_INFO_SIZE => out.usize(
                found
                    .map(|a| a.size)
                    .ok_or(Error::code(UR_RESULT_ERROR_INVALID_VALUE))?,
            ),
            UR_USM_ALLOC_INFO_DEVICE => out.usize(
                found
                    .and_then(|a| a.device)
                    .map(address_of)
                    .unwrap_or_default(),
            ),
            UR_USM_ALLOC_INFO_POOL => out.usize(0),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    pub(crate) fn info(
        &self,
        property: ur_context_info_t,
        reference_count: u32,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_CONTEXT_INFO_NUM_DEVICES => out.u32(self.devices.len() as u32),
            UR_CONTEXT_INFO_DEVICES => out.usizes(
                &self
                    .devices
                    .iter()
                    .map(|d| address_of(*d))
                    .collect::<Vec<_>>(),
            ),
            UR_CONTEXT_INFO_REFERENCE_COUNT => out.u32(reference_count),
            UR_CONTEXT_INFO_USM_MEMCPY2D_SUPPORT | UR_CONTEXT_INFO_USM_FILL2D_SUPPORT => {
                out.bool(false)
            }
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // USM the program never freed goes with its context.
        let allocations = std::mem::take(
            self.allocations
                .get_mut()
                .unwrap_or_else(|p| p.into_inner()),
        );
        for allocation in allocations.values() {
            let owner = allocation.device.unwrap_or(self.devices[0]);
            let _ = cuda::free(owner.context(), allocation.kind, allocation.base);
        }
    }
}
