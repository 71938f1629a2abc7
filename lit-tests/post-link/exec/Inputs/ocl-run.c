// Minimal OpenCL host for the execution tests: loads a SPIR-V module, optionally sets
// specialization constants by numeric SpecId, runs a SYCL-style single_task kernel once and
// prints the words the kernel wrote.
//
//   ocl-run [-s ID:HEX]... [-S FILE] [-b BLOB] SPV KERNEL [FMT]
//
// -s ID:HEX  clSetProgramSpecializationConstant(ID, bytes) before the build; HEX is the value's
//            little-endian bytes (two hex digits each), its length the constant's size
// -S FILE    the same, one ID:HEX per line (as written by specconst.py native)
// -b BLOB    emulation: a buffer initialised from the file's bytes is passed as the kernel's
//            spec-constant buffer
// FMT        one letter per output word: i (int32) or f (float32); default "i"
//
// The kernel is `_ZTS<name>(byval { int *out; const void *scbuf })`: the SYCL lambda with its
// two captures. Both pointers are fine-grain SVM allocations, because the lambda is passed by
// value and the runtime has to be told about pointers hidden inside it.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPECS 64

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    fprintf(stderr, "ocl-run: %s failed: %d\n", what, err);
    exit(1);
  }
}

static unsigned char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(n > 0 ? (size_t)n : 1);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "ocl-run: cannot read %s\n", path);
    exit(1);
  }
  fclose(f);
  *len = (size_t)n;
  return buf;
}

struct spec {
  cl_uint id;
  size_t size;
  unsigned char bytes[64];
};

static int parse_spec(const char *arg, struct spec *s) {
  char *end;
  unsigned long id = strtoul(arg, &end, 10);
  if (end == arg || *end != ':')
    return 0;
  const char *hex = end + 1;
  size_t n = strlen(hex);
  if (n == 0 || n % 2 != 0 || n / 2 > sizeof s->bytes)
    return 0;
  for (size_t i = 0; i < n / 2; i++) {
    unsigned v;
    if (sscanf(hex + 2 * i, "%2x", &v) != 1)
      return 0;
    s->bytes[i] = (unsigned char)v;
  }
  s->id = (cl_uint)id;
  s->size = n / 2;
  return 1;
}

static void usage(void) {
  fprintf(stderr, "usage: ocl-run [-s ID:HEX]... [-S FILE] [-b BLOB] SPV KERNEL [FMT]\n");
  exit(2);
}

static void add_spec(struct spec *specs, int *n, const char *text) {
  if (*n >= MAX_SPECS || !parse_spec(text, &specs[*n])) {
    fprintf(stderr, "ocl-run: bad or too many spec values at '%s'\n", text);
    exit(2);
  }
  ++*n;
}

int main(int argc, char **argv) {
  struct spec specs[MAX_SPECS];
  int nspecs = 0;
  const char *blob_path = NULL;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "-s") && i + 1 < argc) {
      add_spec(specs, &nspecs, argv[++i]);
    } else if (!strcmp(argv[i], "-S") && i + 1 < argc) {
      size_t len;
      char *text = (char *)read_file(argv[++i], &len);
      text = realloc(text, len + 1);
      if (!text)
        check(CL_OUT_OF_HOST_MEMORY, "realloc");
      text[len] = 0;
      for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        add_spec(specs, &nspecs, line);
      free(text);
    } else if (!strcmp(argv[i], "-b") && i + 1 < argc) {
      blob_path = argv[++i];
    } else {
      usage();
    }
  }
  if (argc - i < 2 || argc - i > 3)
    usage();
  const char *spv_path = argv[i], *kernel_name = argv[i + 1];
  const char *fmt = argc - i == 3 ? argv[i + 2] : "i";
  size_t words = strlen(fmt);

  cl_platform_id platform;
  cl_uint nplat = 0;
  check(clGetPlatformIDs(1, &platform, &nplat), "clGetPlatformIDs");
  cl_device_id dev;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "clGetDeviceIDs");
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  check(err, "clCreateContext");
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
  check(err, "clCreateCommandQueueWithProperties");

  size_t il_len;
  unsigned char *il = read_file(spv_path, &il_len);
  cl_program prog = clCreateProgramWithIL(ctx, il, il_len, &err);
  check(err, "clCreateProgramWithIL");
  for (int s = 0; s < nspecs; s++)
    check(clSetProgramSpecializationConstant(prog, specs[s].id, specs[s].size, specs[s].bytes),
          "clSetProgramSpecializationConstant");
  err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
  if (err != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "%s\n", log);
    check(err, "clBuildProgram");
  }
  cl_kernel k = clCreateKernel(prog, kernel_name, &err);
  check(err, "clCreateKernel");

  const cl_svm_mem_flags flags = CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER;
  // Poisoned, so a word the kernel did not write shows up.
  int32_t *out = clSVMAlloc(ctx, flags, words * 4, 0);
  if (!out)
    check(CL_OUT_OF_RESOURCES, "clSVMAlloc");
  memset(out, 0xA5, words * 4);
  void *scbuf = NULL;
  if (blob_path) {
    size_t blob_len;
    unsigned char *blob = read_file(blob_path, &blob_len);
    scbuf = clSVMAlloc(ctx, flags, blob_len ? blob_len : 1, 0);
    if (!scbuf)
      check(CL_OUT_OF_RESOURCES, "clSVMAlloc");
    memcpy(scbuf, blob, blob_len);
    free(blob);
  }

  struct {
    int32_t *out;
    const void *scbuf;
  } lambda = {out, scbuf};
  check(clSetKernelArg(k, 0, sizeof lambda, &lambda), "clSetKernelArg");
  void *svm[2] = {out, scbuf};
  check(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, (scbuf ? 2 : 1) * sizeof(void *),
                            svm),
        "clSetKernelExecInfo");
  size_t one = 1;
  check(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  check(clFinish(q), "clFinish");

  printf("out =");
  for (size_t w = 0; w < words; w++) {
    if (fmt[w] == 'f') {
      float f;
      memcpy(&f, &out[w], sizeof f);
      printf(" %g", f);
    } else {
      printf(" %d", out[w]);
    }
  }
  printf("\n");

  clSVMFree(ctx, out);
  if (scbuf)
    clSVMFree(ctx, scbuf);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  free(il);
  return 0;
}
