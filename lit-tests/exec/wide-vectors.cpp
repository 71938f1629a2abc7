// Kernels comparing captured arrays and vectors element by element (issue 38 part 4): the
// device compile's optimisation makes vectors longer than SPIR-V's 16 elements of them (SROA
// promotes the kernel object's bytes of an int[8] that two loops compare to `<32 x i8>`, and
// of int[8] with a vec<int,8> to `<64 x i8>`; the SLP vectoriser joins the compares of a
// char[16] and a vec<char,16> into `icmp eq <32 x i8>`), which LLVM 22's SPIR-V backend
// cannot emit (before: "internal error in SPIR-V emission of the image of kernel '_ZTS4Ints':
// LLVM: unable to legalize instruction: … G_UNMERGE_VALUES %…(<32 x s8>)"). The SPIR-V copy
// of a function with such vectors is scalarised; the kernels compute what the host does.
// vec<short,16> with short[16], and loops over 64 and 32 bytes of a captured struct, are
// checked too.
// REQUIRES: sycl-runtime
// The device code has the long vectors (else this test would test nothing):
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsycl-device-only -S %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// IR-DAG: load <32 x i8>
// IR-DAG: bitcast <64 x i8>
// IR-DAG: icmp eq <32 x i8>
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD --allow-empty
// BUILD-NOT: error
// RUN: %t | FileCheck %s
// CHECK: run 0: ints 8 1 1 chars 16 1 1 shorts 16 1 1 bytes 64 1 39776
// CHECK: run 1: ints 7 0 0 chars 15 0 1 shorts 15 0 0 bytes 63 0 39407
// CHECK: 0 differences from the host
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T, int N> struct Array {
  T a[N];
};
struct Bytes {
  char tag;
  unsigned char b[64];
};

// The element-by-element tests of issue 38 part 4: a count, a loop leaving at the first
// mismatch, and a vector's lanes, all against the same expected values.
template <typename T, int N>
void compare(const Array<T, N> &arr, const sycl::vec<T, N> &v, int *out) {
  int count = 0;
  for (int k = 0; k < N; ++k)
    count += arr.a[k] == T(3 * k + 1);
  bool equal = true;
  for (int k = 0; k < N; ++k)
    if (arr.a[k] != T(3 * k + 1)) {
      equal = false;
      break;
    }
  bool lanes = true;
  for (int k = 0; k < N; ++k)
    lanes &= v[k] == T(3 * k + 1);
  out[0] = count;
  out[1] = equal;
  out[2] = lanes;
}

void scan(const Bytes &s, int *out) {
  int count = 0;
  for (int k = 0; k < 64; ++k)
    count += s.b[k] == k % 32 + 1;
  bool halves = true;
  for (int k = 0; k < 32; ++k)
    if (s.b[k] != s.b[k + 32]) {
      halves = false;
      break;
    }
  unsigned sum = 0;
  for (int k = 0; k < 64; ++k)
    sum += s.b[k] * (k + 1);
  out[0] = count;
  out[1] = halves;
  out[2] = sum;
}

template <typename T, int N> void fill(Array<T, N> &arr, sycl::vec<T, N> &v) {
  for (int k = 0; k < N; ++k)
    arr.a[k] = v[k] = T(3 * k + 1);
}

class Ints;
class Chars;
class Shorts;
class Scan;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(12, q);
  int failures = 0;
  for (int run = 0; run < 2; ++run) {
    Array<int, 8> ia;
    sycl::vec<int, 8> iv;
    Array<char, 16> ca;
    sycl::vec<char, 16> cv;
    Array<short, 16> sa;
    sycl::vec<short, 16> sv;
    Bytes by{'t', {}};
    fill(ia, iv);
    fill(ca, cv);
    fill(sa, sv);
    for (int k = 0; k < 64; ++k)
      by.b[k] = (unsigned char)(k % 32 + 1);
    if (run == 1) {
      ia.a[5] = 0;
      iv[2] = 9;
      ca.a[11] = 'z';
      sv[15] = 3;
      sa.a[0] = 2;
      by.b[40] = 0;
    }
    int host[12];
    compare(ia, iv, host);
    compare(ca, cv, host + 3);
    compare(sa, sv, host + 6);
    scan(by, host + 9);
    q.single_task<Ints>([=] { compare(ia, iv, out); });
    q.single_task<Chars>([=] { compare(ca, cv, out + 3); });
    q.single_task<Shorts>([=] { compare(sa, sv, out + 6); });
    q.single_task<Scan>([=] { scan(by, out + 9); });
    q.wait();
    for (int k = 0; k < 12; ++k)
      if (out[k] != host[k]) {
        std::printf("run %d: result %d is %d, the host's %d\n", run, k, out[k], host[k]);
        ++failures;
      }
    std::printf("run %d: ints %d %d %d chars %d %d %d shorts %d %d %d bytes %d %d %d\n", run,
                out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8], out[9],
                out[10], out[11]);
  }
  sycl::free(out, q);
  std::printf("%d differences from the host\n", failures);
}
