//! Says how to get LLVM 22 when it is missing: llvm-sys, which links it, only says that no
//! suitable version was found. The workspace's `.cargo/config.toml` points
//! `LLVM_SYS_221_PREFIX` at Debian's LLVM 22 (what `scripts/setup` installs); this script
//! checks that prefix and re-runs when its `llvm-config` appears, as llvm-sys's does.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    let Some(prefix) = std::env::var_os("LLVM_SYS_221_PREFIX") else {
        // llvm-sys searches PATH for llvm-config instead, and says so when it fails.
        return;
    };
    let llvm_config = Path::new(&prefix).join("bin/llvm-config");
    println!("cargo:rerun-if-changed={}", llvm_config.display());
    if !llvm_config.exists() {
        eprintln!(
            "error: LLVM 22 is not installed: '{}' is missing. Run scripts/setup (it installs \
             LLVM 22 with apt), or set LLVM_SYS_221_PREFIX to an LLVM 22 prefix; the next \
             `cargo build` then finds it.",
            llvm_config.display()
        );
        std::process::exit(1);
    }
}
