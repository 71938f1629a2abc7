//! `libur_adapter_cuda.so.0`: a Unified Runtime adapter that lets Intel's SYCL runtime
//! (`libsycl.so.9`, UR 0.12) run programs on NVIDIA GPUs through the CUDA driver API. The UR
//! loader finds it beside itself; on a machine without a CUDA driver it reports no platform.
//!
//! Two FFI modules own every `unsafe`: [`ffi`] (UR's ABI inward: types, dispatch tables,
//! handles, entry points) and [`cuda`] (the driver API outward). The modules between them
//! are safe Rust.
#![deny(unsafe_code)]

mod context;
mod cuda;
mod disk_cache;
mod error;
pub mod ffi;
mod memory;
mod platform;
mod program;
mod queue;
mod specialise;
