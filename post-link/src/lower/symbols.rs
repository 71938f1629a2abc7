//! The `.sym` file's contents, and which functions are kernels to the runtime.

use crate::llvm::{Function, Module};

/// Suffix of the entry point Intel's CUDA adapter launches instead of `<kernel>` when a launch
/// has a non-zero global offset (`<kernel>_with_offset`, which takes the offset as one more,
/// last parameter).
pub const GLOBAL_OFFSET_SUFFIX: &str = "_with_offset";

/// Kernel entry points (the `.sym` contents): [`runtime_kernels`]' names.
pub fn kernel_names(module: &Module<'_>) -> Vec<String> {
    runtime_kernels(module)
        .into_iter()
        .map(|f| f.name())
        .collect()
}

/// The kernels the runtime names, in module order: defined kernels, less NVPTX's global-offset
/// variants, which the adapter finds by the kernel's name ([`offset_variant_of`]): they are
/// no kernels of their own in kernel lists, splits or property sets.
pub fn runtime_kernels<'m>(module: &'m Module<'_>) -> Vec<Function<'m>> {
    module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.is_kernel())
        .filter(|f| offset_variant_of(module, *f).is_none())
        .collect()
}

/// For `<kernel>_with_offset` in an NVPTX module where `<kernel>` is a defined kernel:
/// `<kernel>`'s name.
pub fn offset_variant_of(module: &Module<'_>, f: Function<'_>) -> Option<String> {
    if !module.triple().starts_with("nvptx") {
        return None;
    }
    let name = f.name();
    let kernel = name.strip_suffix(GLOBAL_OFFSET_SUFFIX)?;
    module
        .get_function(kernel)
        .filter(|k| k.is_kernel() && !k.is_declaration())
        .map(|_| kernel.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::Context;

    fn module_text(triple: &str) -> String {
        format!(
            "target triple = \"{triple}\"\n\
             define ptx_kernel void @k() {{\n  ret void\n}}\n\
             define ptx_kernel void @k_with_offset() {{\n  ret void\n}}\n\
             define ptx_kernel void @lone_with_offset() {{\n  ret void\n}}\n"
        )
    }

    #[test]
    fn nvptx_offset_variants_are_no_kernels_of_their_own() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(module_text("nvptx64-nvidia-cuda").into_bytes(), "t")
            .expect("parses");
        assert_eq!(kernel_names(&m), ["k", "lone_with_offset"]);
        let variant = m.get_function("k_with_offset").expect("@k_with_offset");
        assert_eq!(offset_variant_of(&m, variant).as_deref(), Some("k"));
    }

    #[test]
    fn other_targets_have_no_offset_variants() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(module_text("spir64-unknown-unknown").into_bytes(), "t")
            .expect("parses");
        assert_eq!(kernel_names(&m), ["k", "k_with_offset", "lone_with_offset"]);
    }
}
