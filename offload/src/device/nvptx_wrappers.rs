//! What only the NVPTX wrapper kernels have (issue 30): Intel's CUDA adapter passes a local
//! accessor's memory as a byte offset into the launch's dynamic shared memory, and launches
//! `<kernel>_with_offset` ([`kernel_abi::WITH_OFFSET_SUFFIX`]) with the global offset as an
//! extra last parameter when it is not zero. Each kernel gets both wrappers; each stores the
//! launch's global offset (zero, or its parameter) in shared memory, where the device
//! library's `__sycl_specconst_nvptx_global_offset(dim)` reads it, then calls the one body.
//! Every thread stores the same launch-uniform value before its body runs: a benign
//! same-value store, so no barrier is needed. The variable and that function are defined
//! once per image by the device link; each TU's wrappers only declare the variable.

use std::fmt::Write as _;

use model::kernel_abi::{self, ArgumentKind, DeviceKernel, Memory, Target};

/// The launch's dynamic shared memory (PTX `.extern .shared`), into which a local accessor's
/// parameter is a byte offset.
pub(crate) const DYNAMIC_SHARED: &str = "__sycl_specconst_nvptx_dynamic_shared";

/// The launch's global offset, `[3 x i32]` in shared memory: declared by the wrappers,
/// defined by the device link.
pub(crate) const GLOBAL_OFFSET_VALUE: &str = "__sycl_specconst_nvptx_global_offset_value";

/// The name of `<kernel>_with_offset`'s last parameter.
const GLOBAL_OFFSET_PARAMETER: &str = "global_offset";

/// Alignment of the dynamic shared memory: CUDA's own `extern __shared__` arrays are aligned
/// for any vector type (16 bytes), and the adapter lays local accessors out from its start.
const DYNAMIC_SHARED_ALIGN: u32 = 16;

/// The global offset a wrapper stores before its body runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GlobalOffset {
    /// `<kernel>`: the runtime launches it only when the offset is zero.
    Zero,
    /// `<kernel>_with_offset`: the offset its last parameter holds.
    Parameter,
}

/// Shared memory's address space.
fn shared_space() -> u32 {
    Target::Nvptx64.address_space(Memory::Local)
}

/// `[3 x i32]`: the global offset as the adapter passes it (three `uint32_t`).
fn offset_type() -> String {
    format!("[{} x i32]", kernel_abi::GLOBAL_OFFSET_COMPONENTS)
}

/// `<kernel>_with_offset`'s extra last parameter: the offset by value.
pub(super) fn global_offset_parameter() -> String {
    format!(
        "ptr byval({}) align 4 %{GLOBAL_OFFSET_PARAMETER}",
        offset_type()
    )
}

/// The store of `offset` into [`GLOBAL_OFFSET_VALUE`].
pub(super) fn write_global_offset_store(offset: GlobalOffset, text: &mut String) {
    let ty = offset_type();
    let value = match offset {
        GlobalOffset::Zero => "zeroinitializer".to_string(),
        GlobalOffset::Parameter => {
            let _ = writeln!(
                text,
                "  %{GLOBAL_OFFSET_PARAMETER}.value = load {ty}, ptr %{GLOBAL_OFFSET_PARAMETER}, align 4"
            );
            format!("%{GLOBAL_OFFSET_PARAMETER}.value")
        }
    };
    let _ = writeln!(
        text,
        "  store {ty} {value}, ptr addrspace({}) @{GLOBAL_OFFSET_VALUE}, align 4",
        shared_space()
    );
}

/// The shared-memory address a local accessor's offset parameter `%<parameter>` names;
/// returns its operand text.
pub(super) fn write_dynamic_shared_address(parameter: &str, code: &mut String) -> String {
    let _ = writeln!(
        code,
        "  %{parameter}.shared = getelementptr i8, ptr addrspace({}) @{DYNAMIC_SHARED}, i64 %{parameter}",
        shared_space()
    );
    format!("%{parameter}.shared")
}

/// The globals the wrappers of `kernels` use: the global offset always, the dynamic shared
/// memory only where a kernel takes a local accessor.
pub(super) fn declarations(kernels: &[DeviceKernel]) -> String {
    let shared = shared_space();
    let mut text = format!(
        "@{GLOBAL_OFFSET_VALUE} = external addrspace({shared}) global {}, align 4\n",
        offset_type()
    );
    let local_memory = kernels.iter().any(|kernel| {
        kernel
            .layout
            .arguments
            .iter()
            .any(|a| matches!(a.kind, ArgumentKind::LocalAccessor { .. }))
    });
    if local_memory {
        let _ = writeln!(
            text,
            "@{DYNAMIC_SHARED} = external addrspace({shared}) global [0 x i8], align {DYNAMIC_SHARED_ALIGN}"
        );
    }
    text
}

#[cfg(test)]
mod tests;
