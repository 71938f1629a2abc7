// The global offset the kernel wrappers will provide (issue 30); zero for this launch.
extern "C" [[clang::sycl_external]] unsigned long __sycl_specconst_nvptx_global_offset(int) { return 0; }
