//! sycl-post-link: lowers SYCL 2020 specialization-constant intrinsics in linked device LLVM IR
//! (DPC++ `SpecConstantsPass` behaviour) and writes DPC++ property sets. Specification:
//! `docs/reference/post-link.md`.
//!
//! * `llvm` — sound handles over the LLVM-C API; with `isolate` (fork a child to emit SPIR-V in,
//!   working around a static in LLVM 22's SPIR-V backend), the only `unsafe` code; elsewhere
//!   only calls of `llvm`'s `unsafe fn`s that free IR, each with a `SAFETY` comment.
//! * `model` — LLVM-free layout rules (IDs, descriptors, blobs, mangling).
//! * `lower` — the pass on LLVM IR (a module per concern) and the metadata read-back.
//! * `prop` — `.prop` and `.table` text, Intel base64.
//! * `requirements` — kernel attributes as metadata, used aspects, `SYCL/device requirements`.
//! * `images` — device-code split, an image's code bytes and property sets.
//! * `tool` — `sycl-post-link`'s policy: options → in-memory outputs → atomic writes.
//! * `device`, `device_link`, `registration` — the device steps, device link and registration
//!   object of `sycl-clang++`.

pub mod device;
pub mod device_link;
pub mod images;
pub mod isolate;
pub mod llvm;
pub mod lower;
pub mod model;
pub mod object_layout;
pub mod private_arrays;
pub mod prop;
pub mod registration;
pub mod requirements;
pub mod tool;
