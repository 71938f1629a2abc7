/* The CUDA adapter's launch-time specialisation (issue 32) through Unified Runtime, without the
   compiler or the real specialiser: a hand-written PTX kernel K(out, spec) stores spec[0] to
   out[0]; its image carries specialisation data (model::specialisation's layout) naming
   parameter 1; fake-specialiser.c folds the value in plus 1000000. Each case prints the value
   the kernel stored and what it should be: V+1000000 when the launch ran specialised, V when
   emulated. Usage: specialise [COUNT] (COUNT distinct value sets for the bound check).
   Built and run on the GPU machine against the pack's loader and our adapter, U being the
   unpacked pack (its lib/libur_adapter_cuda.so.0 replaced by the adapter under test):
     gcc -std=gnu11 -O2 -I UR_INCLUDE specialise.c -o spec $U/lib/libur_loader.so.0 \
       -Wl,-rpath,$U/lib && gcc -O2 -shared -fPIC fake-specialiser.c -o libfake.so
     LD_LIBRARY_PATH=$U/lib SYCL_SPECCONST_SPECIALISER=$PWD/libfake.so SYCL_SPECCONST_TIMING=1 \
       SYCL_SPECCONST_CACHE_DIR=/tmp/c ./spec            # every line without MISMATCH, "ok"
     ... SYCL_SPECCONST_SPECIALISER=/nonexistent ./spec   # the same, from the disk cache
     ... SYCL_SPECCONST_CACHE_DIR=off SYCL_SPECCONST_JIT_CACHE_ENTRIES=4 ./spec 1000
   (UR_INCLUDE: the directory holding unified-runtime/ur_api.h, .venv/include here.) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <unified-runtime/ur_api.h>

#define CHECK(call)                                                      \
  do {                                                                   \
    ur_result_t r_ = (call);                                             \
    if (r_ != UR_RESULT_SUCCESS) {                                       \
      fprintf(stderr, "%s: %d\n", #call, (int)r_);                       \
      exit(1);                                                           \
    }                                                                    \
  } while (0)

static const char PTX[] =
    ".version 7.8\n.target sm_90\n.address_size 64\n"
    ".visible .entry K(.param .u64 K_param_0, .param .u64 K_param_1)\n{\n"
    " .reg .b32 %r<3>;\n .reg .b64 %rd<5>;\n"
    " ld.param.u64 %rd1, [K_param_0];\n ld.param.u64 %rd2, [K_param_1];\n"
    " cvta.to.global.u64 %rd3, %rd1;\n cvta.to.global.u64 %rd4, %rd2;\n"
    " ld.global.u32 %r1, [%rd4];\n st.global.u32 [%rd3], %r1;\n ret;\n}\n";

static uint8_t image[8192];
static size_t image_len;
static void put(const void *p, size_t n) { memcpy(image + image_len, p, n); image_len += n; }
static void u32(uint32_t v) { put(&v, 4); }
static void u64(uint64_t v) { put(&v, 8); }
static void str(const char *s) { u32((uint32_t)strlen(s)); put(s, strlen(s)); }

static ur_context_handle_t context;
static ur_queue_handle_t queue;
static ur_kernel_handle_t kernel;
static ur_mem_handle_t out;
static int failed;

static ur_mem_handle_t spec_buffer(uint32_t value) {
  ur_buffer_properties_t props = {UR_STRUCTURE_TYPE_BUFFER_PROPERTIES, NULL, &value};
  ur_mem_handle_t mem;
  CHECK(urMemBufferCreate(context, UR_MEM_FLAG_READ_WRITE | UR_MEM_FLAG_ALLOC_COPY_HOST_POINTER,
                          4, &props, &mem));
  return mem;
}

static uint32_t launch(ur_mem_handle_t spec, ur_mem_flags_t flags) {
  ur_exp_kernel_arg_properties_t args[2];
  memset(args, 0, sizeof args);
  for (int i = 0; i < 2; i++) {
    args[i].stype = UR_STRUCTURE_TYPE_EXP_KERNEL_ARG_PROPERTIES;
    args[i].type = UR_EXP_KERNEL_ARG_TYPE_MEM_OBJ;
    args[i].index = (uint32_t)i;
    args[i].size = sizeof(void *);
  }
  args[0].value.memObjTuple.hMem = out;
  args[0].value.memObjTuple.flags = UR_MEM_FLAG_READ_WRITE;
  args[1].value.memObjTuple.hMem = spec;
  args[1].value.memObjTuple.flags = flags;
  size_t global = 1, local = 1;
  CHECK(urEnqueueKernelLaunchWithArgsExp(queue, kernel, 1, NULL, &global, &local, 2, args, NULL,
                                         0, NULL, NULL));
  uint32_t got = 0;
  CHECK(urEnqueueMemBufferRead(queue, out, true, 0, 4, &got, 0, NULL, NULL));
  return got;
}

static void expect(const char *what, uint32_t got, uint32_t want) {
  printf("%s: %u (want %u)%s\n", what, got, want, got == want ? "" : " MISMATCH");
  if (got != want) failed++;
}

int main(int argc, char **argv) {
  int count = argc > 1 ? atoi(argv[1]) : 0;
  put(PTX, sizeof PTX); /* with its NUL */
  const char bitcode[] = "BC-not-read-by-the-fake";
  size_t index_start;
  put(bitcode, sizeof bitcode - 1);
  index_start = image_len;
  u32(1);
  u64(4);
  str("sm_90");
  str("+ptx78");
  u32(1);
  str("K");
  u32(1);
  uint64_t index_len = image_len - index_start;
  u64(sizeof bitcode - 1);
  u64(index_len);
  put("SCSPBC01", 8);

  ur_adapter_handle_t adapter;
  ur_platform_handle_t platform;
  ur_device_handle_t device;
  uint32_t n = 0;
  CHECK(urLoaderInit(0, NULL));
  CHECK(urAdapterGet(1, &adapter, &n));
  CHECK(urPlatformGet(adapter, 1, &platform, &n));
  CHECK(urDeviceGet(platform, UR_DEVICE_TYPE_GPU, 1, &device, &n));
  CHECK(urContextCreate(1, &device, NULL, &context));
  CHECK(urQueueCreate(context, device, NULL, &queue));
  const uint8_t *binary = image;
  ur_program_handle_t program;
  CHECK(urProgramCreateWithBinary(context, 1, &device, &image_len, &binary, NULL, &program));
  CHECK(urProgramBuild(context, program, ""));
  CHECK(urKernelCreate(program, "K", &kernel));
  CHECK(urMemBufferCreate(context, UR_MEM_FLAG_READ_WRITE, 4, NULL, &out));

  ur_mem_handle_t seven = spec_buffer(7);
  expect("read-only, values 7", launch(seven, UR_MEM_FLAG_READ_ONLY), 1000007);
  expect("again (memory cache)", launch(seven, UR_MEM_FLAG_READ_ONLY), 1000007);
  expect("values 8", launch(spec_buffer(8), UR_MEM_FLAG_READ_ONLY), 1000008);
  expect("passed read-write", launch(spec_buffer(5), UR_MEM_FLAG_READ_WRITE), 5);
  ur_mem_handle_t written = spec_buffer(6);
  uint32_t nine = 9;
  CHECK(urEnqueueMemBufferWrite(queue, written, true, 0, 4, &nine, 0, NULL, NULL));
  expect("written, then read-only", launch(written, UR_MEM_FLAG_READ_ONLY), 9);
  int wrong = 0;
  for (int i = 0; i < count; i++) {
    uint32_t v = 100 + (uint32_t)i;
    ur_mem_handle_t b = spec_buffer(v);
    uint32_t got = launch(b, UR_MEM_FLAG_READ_ONLY);
    if (got != v + 1000000u) wrong++;
    urMemRelease(b);
  }
  if (count) expect("value sets specialised wrong", (uint32_t)wrong, 0);
  /* The first value set again: made again after evictions (or read from disk). */
  expect("values 7 at the end", launch(seven, UR_MEM_FLAG_READ_ONLY), 1000007);
  printf("%s\n", failed ? "FAILED" : "ok");
  return failed != 0;
}
