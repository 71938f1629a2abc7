/* Launches the kernels of shapes.ptx (lit-tests/nvptx/kernel-shapes.cpp built by sycl-clang++
   for nvidia_gpu_sm_90) through the CUDA driver API with the parameters Intel's SYCL runtime
   and a CUDA Unified Runtime adapter would pass, and checks every value against what the C++
   source computes. Launched as the adapter does: a buffer accessor is its pointer, access
   range, memory range and offset (a size_t each for one dimension); a local accessor is the
   adapter's size_t byte offset into the launch's dynamic shared memory, then the runtime's
   three copies of its range; a non-zero global offset launches <kernel>_with_offset with
   three uint32_t by value last; the emulated spec constants are a device buffer, last, filled
   from the image's [SYCL/specialization constants default values] (device.prop) as the
   runtime fills it. Prints per-kernel pass/fail counts and times; exits non-zero on a failure.
   Built and run on the GPU machine: gcc -std=gnu11 shapes.c -lcuda. */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    CUresult r_ = (call);                                                                \
    if (r_ != CUDA_SUCCESS) {                                                            \
      const char *s_ = 0;                                                                \
      cuGetErrorString(r_, &s_);                                                         \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, s_ ? s_ : "?");      \
      exit(2);                                                                           \
    }                                                                                    \
  } while (0)

static CUmodule module;
static int total_failed;
static int passed, failed;
static double launch_ms;

static double ms_since(const struct timespec *t0) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (t1.tv_sec - t0->tv_sec) * 1e3 + (t1.tv_nsec - t0->tv_nsec) / 1e6;
}

static void expect(const char *what, unsigned index, long got, long want) {
  if (got == want) {
    passed++;
  } else if (failed++ < 10) {
    printf("  MISMATCH %s [%u]: got %ld, want %ld\n", what, index, got, want);
  }
}

static void begin(void) { passed = failed = 0; launch_ms = 0; }

static void report(const char *kernel) {
  printf("%-22s %3d passed, %d failed (launch+sync %.3f ms)\n", kernel, passed, failed, launch_ms);
  total_failed += failed;
}

/* One launch as the adapter makes it: `groups` work-groups of `items` work-items. */
static void launch(const char *kernel, unsigned groups, unsigned items, unsigned shared_bytes,
                   void **params) {
  CUfunction fn;
  CHECK(cuModuleGetFunction(&fn, module, kernel));
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK(cuLaunchKernel(fn, groups, 1, 1, items, 1, 1, shared_bytes, 0, params, 0));
  CHECK(cuCtxSynchronize());
  launch_ms += ms_since(&t0);
}

static CUdeviceptr device_ints(size_t count, int fill) {
  CUdeviceptr p;
  CHECK(cuMemAlloc(&p, count * sizeof(int)));
  CHECK(cuMemsetD32(p, (unsigned)fill, count));
  return p;
}

static void read_ints(int *host, CUdeviceptr p, size_t count) {
  CHECK(cuMemcpyDtoH(host, p, count * sizeof(int)));
}

/* A byte array of a property set file, as Intel's runtime reads it: "name=2|<chars>", six
   bits a character (A-Z a-z 0-9 + /), least significant first; the first 8 bytes are the
   array's size in bits. Returns its size in bytes, or -1. */
static long property_bytes(const char *props, const char *name, unsigned char *bytes, size_t cap) {
  char key[256];
  snprintf(key, sizeof key, "\n%s=2|", name);
  const char *at = strstr(props, key);
  if (!at) return -1;
  at += strlen(key);
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  unsigned char raw[4096] = {0};
  size_t bit = 0;
  for (; *at && *at != '\n' && *at != '\r'; at++) {
    const char *c = strchr(alphabet, *at);
    if (!c || bit + 6 > 8 * sizeof raw) return -1;
    unsigned v = (unsigned)(c - alphabet);
    for (int b = 0; b < 6; b++, bit++)
      if (v >> b & 1) raw[bit / 8] |= (unsigned char)(1u << bit % 8);
  }
  uint64_t size_bits;
  memcpy(&size_bits, raw, 8);
  size_t size = (size_t)(size_bits / 8);
  if (size > cap || 8 + size > sizeof raw) return -1;
  memcpy(bytes, raw + 8, size);
  return (long)size;
}

static char *read_file(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(2); }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 2);
  text[0] = '\n'; /* property_bytes looks for "\nname=" */
  if (fread(text + 1, 1, (size_t)n, f) != (size_t)n) { perror(path); exit(2); }
  text[n + 1] = 0;
  fclose(f);
  if (length) *length = (size_t)n;
  return text;
}

int main(int argc, char **argv) {
  const char *ptx_path = argc > 1 ? argv[1] : "shapes.ptx";
  const char *prop_path = argc > 2 ? argv[2] : "shapes.prop";
  char *ptx = read_file(ptx_path, 0) + 1; /* the image's code: PTX text and a NUL */
  char *props = read_file(prop_path, 0);

  CUdevice dev; CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  char name[128];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  int major, minor;
  CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  /* As the adapter loads a PTX image: cuModuleLoadDataEx with an error log. */
  char log[8192] = {0};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, (void *)(uintptr_t)sizeof log};
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CUresult loaded = cuModuleLoadDataEx(&module, ptx, 2, options, values);
  double load_ms = ms_since(&t0);
  if (loaded != CUDA_SUCCESS) {
    fprintf(stderr, "cuModuleLoadDataEx failed (%d): %s\n", (int)loaded, log);
    return 2;
  }
  printf("%s (sm_%d%d): shapes.ptx loaded by cuModuleLoadDataEx in %.2f ms\n", name, major, minor,
         load_ms);

  { /* parallel_for<Usm>(range 64, usm[i] = i*i): a USM pointer. */
    begin();
    CUdeviceptr usm = device_ints(64, -1);
    void *params[] = {&usm};
    launch("_ZTS3Usm", 1, 64, 0, params);
    int out[64];
    read_ints(out, usm, 64);
    for (unsigned i = 0; i < 64; i++) expect("usm", i, out[i], (long)i * i);
    report("_ZTS3Usm");
  }

  { /* parallel_for<Local>(nd_range(16, 8)): a local accessor of 8 ints, whose sum per group
       goes to a write_only accessor of a 2-int buffer: 0+..+7 = 28, 8+..+15 = 92. */
    for (int at = 0; at < 2; at++) {
      begin();
      /* The adapter lays local arguments out in the dynamic shared memory; the second
         launch puts this one at 16 bytes, as after another 16-byte local argument. */
      uint64_t shared_offset = at ? 16 : 0;
      uint64_t local_range = 8; /* the runtime passes the range as all three fields */
      CUdeviceptr sums = device_ints(2, -1);
      uint64_t access_range = 2, memory_range = 2, offset = 0;
      void *params[] = {&shared_offset, &local_range, &local_range, &local_range,
                        &sums, &access_range, &memory_range, &offset};
      launch("_ZTS5Local", 2, 8, (unsigned)shared_offset + 8 * 4, params);
      int out[2];
      read_ints(out, sums, 2);
      expect("local group sum", 0, out[0], 28);
      expect("local group sum", 1, out[1], 92);
      report(at ? "_ZTS5Local (shared+16)" : "_ZTS5Local");
    }
  }

  { /* parallel_for<Atomic>(nd_range(64, 32)): a device-scope and a work-group-scope
       fetch_add of 1 per work-item on counters[0] and counters[1]: 64 64. */
    begin();
    CUdeviceptr counters = device_ints(2, 0);
    void *params[] = {&counters};
    launch("_ZTS6Atomic", 2, 32, 0, params);
    int out[2];
    read_ints(out, counters, 2);
    expect("atomic device", 0, out[0], 64);
    expect("atomic work_group", 1, out[1], 64);
    report("_ZTS6Atomic");
  }

  { /* parallel_for<Shuffle>(nd_range(32, 32)): permute_group_by_xor(sg, lane, 1) - (lane^1),
       zero everywhere. */
    begin();
    CUdeviceptr swapped = device_ints(32, -1);
    void *params[] = {&swapped};
    launch("_ZTS7Shuffle", 1, 32, 0, params);
    int out[32];
    read_ints(out, swapped, 32);
    for (unsigned i = 0; i < 32; i++) expect("shuffle", i, out[i], 0);
    report("_ZTS7Shuffle");
  }

  { /* parallel_for<Offset>(range 3, offset 10): offsets[linear id] = id: 10 11 12; the same
       kernel with no offset, as the adapter launches it then (the plain entry): 0 1 2. */
    begin();
    CUdeviceptr offsets = device_ints(3, -1);
    uint32_t global_offset[3] = {10, 0, 0};
    void *params[] = {&offsets, global_offset};
    launch("_ZTS6Offset_with_offset", 1, 3, 0, params);
    int out[3];
    read_ints(out, offsets, 3);
    for (unsigned i = 0; i < 3; i++) expect("offset 10", i, out[i], 10 + (long)i);
    report("_ZTS6Offset_with_offset");

    begin();
    CHECK(cuMemsetD32(offsets, (unsigned)-1, 3));
    void *plain[] = {&offsets};
    launch("_ZTS6Offset", 1, 3, 0, plain);
    read_ints(out, offsets, 3);
    for (unsigned i = 0; i < 3; i++) expect("offset 0", i, out[i], (long)i);
    report("_ZTS6Offset");
  }

  { /* single_task<Spec>: *out = the spec constant `factor`: its default 7, then 42 set. The
       runtime's buffer holds every spec constant's value: the image's defaults, overwritten
       at the offset its descriptor names where the program set one. */
    begin();
    unsigned char defaults[256], descriptor[256];
    long size = property_bytes(props, "all", defaults, sizeof defaults);
    long described = -1;
    const char *line = strstr(props, "\n[SYCL/specialization constants]\n");
    if (line) {
      const char *entry = strchr(line + 1, '\n') + 1;
      char spec_name[256];
      size_t n = strcspn(entry, "=");
      if (n < sizeof spec_name) {
        memcpy(spec_name, entry, n);
        spec_name[n] = 0;
        described = property_bytes(props, spec_name, descriptor, sizeof descriptor);
      }
    }
    /* The descriptor: (id, offset, size) as uint32 each. */
    uint32_t id_offset_size[3] = {0, 0, 0};
    if (size < 4 || described != 12) {
      printf("  spec constant properties unreadable (all: %ld bytes, descriptor: %ld bytes)\n", size,
             described);
      failed++;
    } else {
      memcpy(id_offset_size, descriptor, 12);
      expect("spec descriptor size", 0, id_offset_size[2], 4);
      int out = -1;
      CUdeviceptr result = device_ints(1, -1), buffer;
      CHECK(cuMemAlloc(&buffer, (size_t)size));
      for (int set = 0; set < 2; set++) {
        unsigned char values[256];
        memcpy(values, defaults, (size_t)size);
        if (set) {
          int value = 42;
          memcpy(values + id_offset_size[1], &value, 4);
        }
        CHECK(cuMemcpyHtoD(buffer, values, (size_t)size));
        void *params[] = {&result, &buffer};
        launch("_ZTS4Spec", 1, 1, 0, params);
        read_ints(&out, result, 1);
        expect(set ? "spec set" : "spec default", 0, out, set ? 42 : 7);
      }
    }
    report("_ZTS4Spec");
  }

  printf("%s: shapes.ptx %s\n", name, total_failed ? "FAILED" : "all kernels passed");
  return total_failed != 0;
}
