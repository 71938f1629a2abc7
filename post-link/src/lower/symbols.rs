//! The `.sym` file's contents.

use crate::llvm::Module;

/// Kernel entry points (the `.sym` contents): defined `spir_kernel` functions in module order.
pub fn kernel_names(module: &Module<'_>) -> Vec<String> {
    module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.is_kernel())
        .map(|f| f.name())
        .collect()
}
