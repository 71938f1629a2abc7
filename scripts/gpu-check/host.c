/* Launches device-library.ptx's kernel through the CUDA driver API and checks each value
   against C arithmetic; prints "N passed, M failed". Built and run on the GPU machine. */
#include <cuda.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SLOTS 12
#define N 256
#define CHECK(call)                                                                      \
  do {                                                                                   \
    CUresult r_ = (call);                                                                \
    if (r_ != CUDA_SUCCESS) {                                                            \
      const char *s_ = 0;                                                                \
      cuGetErrorString(r_, &s_);                                                         \
      fprintf(stderr, "%s: %s\n", #call, s_ ? s_ : "?");                                 \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

static int passed, failed;
static void expect(const char *what, unsigned g, unsigned long got, unsigned long want) {
  if (got == want) {
    passed++;
  } else if (failed++ < 20) {
    printf("MISMATCH %s work-item %u: got %lu, want %lu\n", what, g, got, want);
  }
}

int main(int argc, char **argv) {
  FILE *f = fopen(argc > 1 ? argv[1] : "device-library.ptx", "rb");
  if (!f) { perror("ptx"); return 1; }
  static char ptx[1 << 22];
  size_t n = fread(ptx, 1, sizeof ptx - 1, f);
  ptx[n] = 0;
  fclose(f);
  CUdevice dev; CUcontext ctx; CUmodule mod; CUfunction fn;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  char name[128];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  /* The primary context: cuCtxCreate changed its arguments in CUDA 13. */
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  struct timespec t0, t1, t2;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK(cuModuleLoadData(&mod, ptx));
  CHECK(cuModuleGetFunction(&fn, mod, "_ZTS13library_check"));
  size_t bytes = (N * SLOTS + 2) * sizeof(unsigned long);
  CUdeviceptr mem, object;
  CHECK(cuMemAlloc(&mem, bytes));
  CHECK(cuMemsetD8(mem, 0, bytes));
  CHECK(cuMemAlloc(&object, sizeof mem)); /* the kernel object: its one capture */
  CHECK(cuMemcpyHtoD(object, &mem, sizeof mem));
  void *params[] = {&object};
  clock_gettime(CLOCK_MONOTONIC, &t1);
  CHECK(cuLaunchKernel(fn, N / 64, 1, 1, 64, 1, 1, 0, 0, params, 0));
  CHECK(cuCtxSynchronize());
  clock_gettime(CLOCK_MONOTONIC, &t2);
  unsigned long *out = malloc(bytes);
  CHECK(cuMemcpyDtoH(out, mem, bytes));
  for (unsigned g = 0; g < N; g++) {
    unsigned long *o = out + g * SLOTS;
    unsigned base = g / 64 * 64, lane = g % 32, local = g % 64;
    float s;
    unsigned bits = (unsigned)o[0];
    memcpy(&s, &bits, 4);
    float want_sin = sinf(0.01f * (float)g);
    expect("sin (within 2 ulp)", g, fabsf(s - want_sin) <= 2 * fabsf(nextafterf(want_sin, 2.f) - want_sin) + 1e-30f, 1);
    expect("reduce_over_group", g, o[1], 64ul * base + 63 * 64 / 2);
    expect("inclusive_scan (sub-group)", g, o[2], lane + 1);
    expect("exclusive_scan (work-group)", g, o[3], 2 * local);
    expect("group_broadcast", g, o[4], base + 3);
    if (lane != 31) expect("shift_group_left", g, o[5], g + 1);
    expect("any_of + all_of", g, o[6], 3);
    expect("ballot count", g, o[7], 16);
    float r; bits = (unsigned)o[8]; memcpy(&r, &bits, 4);
    expect("reduce (sub-group, float)", g, (unsigned long)(r * 2), 96);
    expect("popcount + clz", g, o[9], (unsigned long)__builtin_popcountl(g) + 100ul * __builtin_clz(g + 1));
    long long sat = 2147483647LL - g + 5;
    expect("add_sat", g, o[10], (unsigned)(sat > 2147483647LL ? 2147483647LL : sat));
    unsigned long hi = (unsigned long)(((unsigned __int128)((unsigned long)g << 40) * ((unsigned long)g << 30)) >> 64);
    expect("mul_hi + max", g, o[11], hi > 7 ? hi : 7);
  }
  expect("atomic work_group fetch_add", 0, out[N * SLOTS], N);
  expect("atomic device acq_rel fetch_add", 0, out[N * SLOTS + 1], (unsigned long)N * (N - 1) / 2);
  printf("%s: %d passed, %d failed (module load %.2f ms, launch+sync %.3f ms)\n", name, passed, failed,
         (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6,
         (t2.tv_sec - t1.tv_sec) * 1e3 + (t2.tv_nsec - t1.tv_nsec) / 1e6);
  return failed != 0;
}
