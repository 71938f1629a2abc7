//! The tree's house rules, checked by `tests/tidy.rs` (as rust-analyzer's tidy tests do): the
//! crate has no code of its own.
#![forbid(unsafe_code)]
