//! Run-time specialisation of nvptx64 images (issue 32): the spec-constant values a launch
//! passes are folded into the image's bitcode (`model::specialisation`), LLVM optimises the
//! kernel with them as constants and generates PTX. A pure function of the image, the kernel
//! and the values: the CUDA adapter calls it through the C interface in [`ffi`] (this crate's
//! cdylib, `libsycl_specconst_specialise.so`), `offload` through [`fold_values`] for an image's
//! default-values twin, and the `sycl-specialise` tool for tests.
#![deny(unsafe_code)]

pub mod ffi;
mod fold;

pub use fold::{
    NVPTX_PIPELINE, SpecialiseError, Specialised, VALUES_GLOBAL, fold_values, folded_module_text,
    keep_only_entries, launch_entries, specialise_image,
};
