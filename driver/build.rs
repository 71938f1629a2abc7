//! Cargo does not allow `+` in a binary target's name, so the binary is built as
//! `sycl-clangxx` and this script puts the name users call, `sycl-clang++`, beside it as a
//! symbolic link (created once; it points at the binary whether or not that exists yet).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return;
    };
    // OUT_DIR is <target>/<profile>/build/<crate>-<hash>/out.
    let Some(profile_dir) = out_dir.ancestors().nth(3) else {
        return;
    };
    let link = profile_dir.join("sycl-clang++");
    if std::fs::symlink_metadata(&link).is_err() {
        let _ = std::os::unix::fs::symlink("sycl-clangxx", &link);
    }
}
