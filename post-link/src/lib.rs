//! sycl-post-link: lowers SYCL 2020 specialization-constant intrinsics in linked device LLVM IR
//! (DPC++ `SpecConstantsPass` behaviour) and writes DPC++ property sets. Specification:
//! `docs/reference/post-link.md`.
//!
//! * `llvm` — the `support/llvm` crate, re-exported: sound handles over the LLVM-C API, the
//!   workspace's only owner of LLVM's FFI (this crate forbids `unsafe`). `isolate` runs LLVM jobs in a forked child (`process::run_in_child`
//!   checks that forking is sound), working around a static in LLVM 22's SPIR-V backend.
//! * `model` (private) — LLVM-free layout rules (IDs, descriptors, blobs, mangling).
//! * `lower` — the pass on LLVM IR (a module per concern) and the metadata read-back.
//! * `prop` — `.prop` and `.table` text, Intel base64.
//! * `requirements` — kernel attributes as metadata, used aspects, `SYCL/device requirements`.
//! * `images` — device-code split, an image's code bytes and property sets.
//! * `call_graph` (private) — direct calls, each function's read once, for the split and
//!   the requirements.
//!
//! The device steps of `sycl-clang++` (wrapper kernels, device link, registration) build on
//! these in the `offload` crate. The `sycl-post-link` binary (`src/bin/sycl-post-link`: options,
//! in-memory outputs, atomic writes, exit codes) is no part of the library; its dependencies
//! come with the default feature `cli`.

#![forbid(unsafe_code)]

mod call_graph;
pub mod images;
pub mod isolate;
pub use ::llvm;
pub mod lower;
mod model;
pub mod prop;
pub mod requirements;
