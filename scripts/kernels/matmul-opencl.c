// Runs the matmul kernel through the OpenCL API on the Intel CPU device and prints the median
// kernel execution time (profiling events) over the runs: `matmul-opencl KERNEL N TILE RUNS`,
// KERNEL being OpenCL C source (`.cl`, compiled by the device's own compiler) or SPIR-V
// (`.spv`, e.g. matmul.cl compiled by clang-22: the path SYCL images take).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x)                                                                              \
  do {                                                                                        \
    cl_int err_ = (x);                                                                        \
    if (err_ != CL_SUCCESS) {                                                                 \
      fprintf(stderr, "matmul-opencl: %s failed: %d\n", #x, err_);                           \
      exit(1);                                                                                \
    }                                                                                         \
  } while (0)

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: matmul-opencl KERNEL.cl N TILE RUNS\n");
    return 2;
  }
  size_t n = strtoul(argv[2], 0, 10), tile = strtoul(argv[3], 0, 10);
  int runs = atoi(argv[4]);
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  static char source[1 << 20];
  size_t len = fread(source, 1, sizeof source - 1, f);
  fclose(f);
  source[len] = 0;

  cl_platform_id platforms[8];
  cl_uint np = 0;
  CHECK(clGetPlatformIDs(8, platforms, &np));
  cl_device_id device = 0;
  for (cl_uint i = 0; i < np && !device; ++i) {
    char name[256] = {0};
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, 0);
    if (strstr(name, "Intel") && clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_CPU, 1, &device, 0) != CL_SUCCESS)
      device = 0;
  }
  if (!device) {
    fprintf(stderr, "matmul-opencl: no Intel OpenCL CPU device\n");
    return 1;
  }
  cl_int err;
  cl_context ctx = clCreateContext(0, 1, &device, 0, 0, &err);
  CHECK(err);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, props, &err);
  CHECK(err);
  const char *src = source;
  size_t name_len = strlen(argv[1]);
  int is_spirv = name_len > 4 && strcmp(argv[1] + name_len - 4, ".spv") == 0;
  cl_program prog = is_spirv ? clCreateProgramWithIL(ctx, source, len, &err)
                             : clCreateProgramWithSource(ctx, 1, &src, 0, &err);
  CHECK(err);
  CHECK(clBuildProgram(prog, 1, &device, "", 0, 0));
  cl_kernel k = clCreateKernel(prog, "matmul", &err);
  CHECK(err);

  float *a = malloc(n * n * sizeof(float)), *b = malloc(n * n * sizeof(float)),
        *c = malloc(n * n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      a[i * n + j] = (float)((i + j) % 5);
      b[i * n + j] = (float)((i * j) % 3);
    }
  cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * n * 4, a, &err);
  CHECK(err);
  cl_mem bb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * n * 4, b, &err);
  CHECK(err);
  cl_mem bc = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * n * 4, 0, &err);
  CHECK(err);
  cl_ulong nn = n;
  float alpha = 0.5f;
  CHECK(clSetKernelArg(k, 0, sizeof ba, &ba));
  CHECK(clSetKernelArg(k, 1, sizeof bb, &bb));
  CHECK(clSetKernelArg(k, 2, sizeof bc, &bc));
  CHECK(clSetKernelArg(k, 3, sizeof nn, &nn));
  CHECK(clSetKernelArg(k, 4, sizeof alpha, &alpha));
  CHECK(clSetKernelArg(k, 5, tile * tile * sizeof(float), 0));
  CHECK(clSetKernelArg(k, 6, tile * tile * sizeof(float), 0));
  size_t global[2] = {n, n}, local[2] = {tile, tile};
  double *times = malloc(sizeof(double) * (size_t)runs);
  for (int r = 0; r < runs; ++r) {
    cl_event e;
    CHECK(clEnqueueNDRangeKernel(q, k, 2, 0, global, local, 0, 0, &e));
    CHECK(clWaitForEvents(1, &e));
    cl_ulong start, end;
    CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof start, &start, 0));
    CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof end, &end, 0));
    times[r] = (double)(end - start) * 1e-6;
    clReleaseEvent(e);
  }
  CHECK(clEnqueueReadBuffer(q, bc, CL_TRUE, 0, n * n * 4, c, 0, 0, 0));
  size_t wrong = 0;
  for (size_t i = 0; i < n && n <= 1024; ++i)
    for (size_t j = 0; j < n; ++j) {
      float s = 0;
      for (size_t kk = 0; kk < n; ++kk)
        s += a[i * n + kk] * b[kk * n + j];
      s *= alpha;
      float d = c[i * n + j] - s;
      if (d > 1e-3f * (s > 1 ? s : 1) || -d > 1e-3f * (s > 1 ? s : 1))
        ++wrong;
    }
  qsort(times, (size_t)runs, sizeof(double), by_value);
  printf("opencl (%s): median kernel %.3f ms over %d runs, %zu wrong\n", is_spirv ? "SPIR-V" : "source", times[runs / 2], runs, wrong);
  return wrong != 0;
}
