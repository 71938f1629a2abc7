//! The device side of a `sycl-clang++` build, between the compiles and the host link; the
//! driver runs these steps, `sycl-post-link` none of them.
//!
//! * `device_code` — the driver's handle on one device compile's module (`DeviceCode`): read,
//!   IDs resolved, kernels wrapped and annotated, verified, optimised, written as bitcode; the
//!   driver answers what its analysis knows and names no LLVM type.
//! * `device` — symbolic-ID resolution, wrapper kernels, the device images a link registers
//!   (`build_images`: device link, split, lowering, SPIR-V, property sets; for NVPTX inputs
//!   libdevice, the global offset and PTX, `device/nvptx.rs`).
//! * `device_link` — the device link: one kernel per name, only kernel code kept, undefined
//!   device functions refused.
//! * `object_layout` — a kernel object's layout as the device compile's debug information
//!   describes it (the cross-check of the host's description).
//! * `private_arrays` — `sycl::private_array` lowered to allocas.
//! * `spec_id_declarations` — where each spec id the device code reads is declared, carried
//!   in the device code from symbolic-ID resolution to the link's errors about it.
//! * `registration` — the host object registering device images with the runtime.
//! * `container` — the offload container (`.llvm.offloading`) and the readers of objects and
//!   archives that carry it.
//! * `integration_header` — the kernel descriptions the runtime reads (`KernelInfo`).
//! * `ir_text` — LLVM IR written as text (escaping, header, parsing back), for every module
//!   this crate (and the driver's LeakSanitizer hooks) writes as text.
//!
//! Built on `post-link` (the spec-constant pass, split, property sets) and `support/llvm`.

#![forbid(unsafe_code)]

// The LLVM layer and post-link's modules, named at the root: `crate::llvm`, `crate::lower`, …
use ::llvm;
use post_link::{images, isolate, lower, prop};

mod container;
pub mod device;
pub mod device_code;
pub mod device_link;
pub mod integration_header;
pub mod ir_text;
pub mod object_layout;
mod private_arrays;
pub mod registration;
pub mod spec_id_declarations;

pub use container::{OffloadImage, SPEC_CONSTANTS_KEY, holds_registered_images, sycl_images};
// `device::build_images`' split and spec-constant choices, as post-link defines them.
pub use post_link::images::Split;
pub use post_link::lower::Mode;
