//! Device modules and helpers the NVPTX link's tests share (the unit tests, and
//! `offload/tests/nvptx_images.rs`, which runs the links that fork): hand-written IR shaped as
//! the wrappers write it (a `<kernel>` and a `<kernel>_with_offset` entry around an internal
//! body). Plain `std` only, so that both crates can include it.

use std::path::{Path, PathBuf};

pub(crate) const HEADER: &str = "target datalayout = \"e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64\"\n\
                      target triple = \"nvptx64-nvidia-cuda\"\n";

/// The declarations every TU's wrappers and device library make.
pub(crate) const DECLARATIONS: &str = "@__sycl_specconst_nvptx_global_offset_value = external addrspace(3) global [3 x i32], align 4\n\
                            declare i64 @__sycl_specconst_nvptx_global_offset(i32)\n";

/// A `<kernel>` entry storing a zero offset and a `<kernel>_with_offset` entry storing the
/// given one, both calling `<kernel>.body` with `params` (LLVM parameter list) and `args`.
pub(crate) fn wrappers(kernel: &str, params: &str, args: &str) -> String {
    format!(
        "define weak_odr ptx_kernel void @{kernel}({params}) {{\n  \
           store [3 x i32] zeroinitializer, ptr addrspace(3) @__sycl_specconst_nvptx_global_offset_value, align 4\n  \
           call void @{kernel}.body({args})\n  ret void\n}}\n\
         define weak_odr ptx_kernel void @{kernel}_with_offset({params}, ptr byval([3 x i32]) align 4 %given) {{\n  \
           %offset = load [3 x i32], ptr %given, align 4\n  \
           store [3 x i32] %offset, ptr addrspace(3) @__sycl_specconst_nvptx_global_offset_value, align 4\n  \
           call void @{kernel}.body({args})\n  ret void\n}}\n"
    )
}

/// First TU: `Offsets` reads the global offset (through a helper) and calls libdevice's
/// `__nv_sinf`; `Spec` reads an emulated spec constant from the runtime's buffer.
pub(crate) fn first_tu() -> String {
    let mut text = format!("{HEADER}{DECLARATIONS}");
    text.push_str(
        "declare float @__nv_sinf(float)\n\
         @id = private unnamed_addr constant [9 x i8] c\"uid_spec\\00\", align 1\n\
         @spec_default = internal addrspace(1) constant { i32 } { i32 7 }, align 4\n\
         declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)\n\
         define internal i64 @global_id(i32 %d) {\n  \
           %o = call i64 @__sycl_specconst_nvptx_global_offset(i32 %d)\n  \
           %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  \
           %w = zext i32 %t to i64\n  \
           %id = add i64 %o, %w\n  ret i64 %id\n}\n\
         declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
         define internal void @_ZTS7Offsets.body(ptr addrspace(1) %out) {\n  \
           %id = call i64 @global_id(i32 0)\n  \
           %f = uitofp i64 %id to float\n  \
           %s = call float @__nv_sinf(float %f)\n  \
           %p = getelementptr float, ptr addrspace(1) %out, i64 %id\n  \
           store float %s, ptr addrspace(1) %p, align 4\n  ret void\n}\n\
         define internal void @_ZTS4Spec.body(ptr addrspace(1) %out, ptr addrspace(1) %buffer) {\n  \
           %generic = addrspacecast ptr addrspace(1) %buffer to ptr\n  \
           %v = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @spec_default to ptr), ptr %generic)\n  \
           store i32 %v, ptr addrspace(1) %out, align 4\n  ret void\n}\n",
    );
    text.push_str(&wrappers(
        "_ZTS7Offsets",
        "ptr addrspace(1) %out",
        "ptr addrspace(1) %out",
    ));
    text.push_str(&wrappers(
        "_ZTS4Spec",
        "ptr addrspace(1) %out, ptr addrspace(1) %spec_constants",
        "ptr addrspace(1) %out, ptr addrspace(1) %spec_constants",
    ));
    text
}

/// Second TU: `Local` writes its dynamic shared memory at the runtime's byte offset and never
/// reads the global offset.
pub(crate) fn second_tu() -> String {
    let mut text = format!("{HEADER}{DECLARATIONS}");
    text.push_str(
        "@__sycl_specconst_nvptx_dynamic_shared = external addrspace(3) global [0 x i8], align 16\n\
         define internal void @_ZTS5Local.body(ptr addrspace(1) %out, i64 %local) {\n  \
           %p = getelementptr i8, ptr addrspace(3) @__sycl_specconst_nvptx_dynamic_shared, i64 %local\n  \
           store i32 1, ptr addrspace(3) %p, align 4\n  \
           call void @llvm.nvvm.barrier0()\n  \
           %v = load i32, ptr addrspace(3) %p, align 4\n  \
           store i32 %v, ptr addrspace(1) %out, align 4\n  ret void\n}\n\
         declare void @llvm.nvvm.barrier0()\n",
    );
    text.push_str(&wrappers(
        "_ZTS5Local",
        "ptr addrspace(1) %out, i64 %local",
        "ptr addrspace(1) %out, i64 %local",
    ));
    text
}

/// A stand-in for libdevice: `__nv_sinf` through an internal helper reading `__nvvm_reflect`,
/// a table, and a function nothing calls.
pub(crate) const FAKE_LIBDEVICE: &str = "target triple = \"nvptx64-nvidia-gpulibs\"\n\
     @__nv_table = addrspace(1) constant [2 x float] [float 1.0, float 2.0]\n\
     @.ftz = private addrspace(1) constant [11 x i8] c\"__CUDA_FTZ\\00\"\n\
     declare i32 @__nvvm_reflect(ptr)\n\
     define float @__nv_sinf(float %x) {\n  \
       %r = call float @__nv_helper(float %x)\n  ret float %r\n}\n\
     define float @__nv_helper(float %x) {\n  \
       %ftz = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @.ftz to ptr))\n  \
       %t = load float, ptr addrspace(1) @__nv_table, align 4\n  \
       %y = fmul float %x, %t\n  ret float %y\n}\n\
     define float @__nv_cosf(float %x) {\n  ret float %x\n}\n";

/// A scratch directory of this test process, removed by the caller's guard.
pub(crate) struct Scratch(pub(crate) PathBuf);

impl Scratch {
    pub(crate) fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "sycl-specconst-nvptx-{name}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Scratch(dir)
    }

    pub(crate) fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("scratch file");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The workspace's CUDA tools (`scripts/setup`), if present.
pub(crate) fn cuda_file(relative: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../.cache/cuda-nvcc")
        .join(relative);
    path.exists().then_some(path)
}

/// `ptxas -arch=sm_90` accepts `ptx`; said and skipped without CUDA's ptxas.
pub(crate) fn check_with_ptxas(ptx: &str, scratch: &Scratch) {
    let Some(ptxas) = cuda_file("bin/ptxas") else {
        eprintln!("skipped: no .cache/cuda-nvcc/bin/ptxas (scripts/setup) to check the PTX with");
        return;
    };
    let file = scratch.write("image.ptx", ptx);
    let output = std::process::Command::new(ptxas)
        .arg("-arch=sm_90")
        .arg(&file)
        .arg("-o")
        .arg(scratch.0.join("image.cubin"))
        .output()
        .expect("ptxas runs");
    assert!(
        output.status.success(),
        "ptxas refused the PTX: {}\n{ptx}",
        String::from_utf8_lossy(&output.stderr)
    );
}
