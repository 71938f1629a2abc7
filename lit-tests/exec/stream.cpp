// sycl::stream in kernels: single_task (lambda), parallel_for over a range and over an nd_range
// (a functor holding the stream, taking a kernel_handler and reading a spec constant), a stream
// inside a captured struct's base class, two streams in one kernel, several kernels with
// streams in one program. Each work item's statements flush on endl and at the end of the
// kernel (what is left without endl), as in DPC++; values are computed on the device and the
// program also checks them through memory.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<int> scale{3};

struct Tagged {
  sycl::stream out;
};
struct Labelled : Tagged {
  int label;
};

class Single;
class Ranged;
class InBase;
class TwoStreams;

struct NdFunctor {
  int *results;
  sycl::stream out;
  void operator()(sycl::nd_item<1> it, sycl::kernel_handler kh) const {
    int g = static_cast<int>(it.get_global_id(0));
    int value = g * kh.get_specialization_constant<scale>();
    results[g] = value;
    out << "nd " << g << " group " << it.get_group(0) << " value " << value << sycl::endl;
  }
};

int main() {
  sycl::queue q;
  int *results = sycl::malloc_shared<int>(8, q);

  // CHECK: single: text 42 -7 2.5 0.125 x
  // CHECK-NEXT: second line 1000000
  // CHECK-NEXT: unflushed tail
  q.submit([&](sycl::handler &h) {
     sycl::stream out(1024, 256, h);
     h.single_task<Single>([=] {
       int answer = 6 * 7;
       out << "single: " << "text " << answer << ' ' << -answer / 6 << ' ' << 2.5f << ' '
           << 1.0f / 8 << " x" << sycl::endl;
       out << "second line " << 1000 * 1000 << "\n" << sycl::flush;
       out << "unflushed tail\n";
       results[0] = answer;
     });
   }).wait();
  std::printf("after single\n");
  // CHECK-NEXT: after single

  // Work items run in any order: each one's line is whole, its tail follows at its end.
  // CHECK-DAG: range 0 square 0
  // CHECK-DAG: range 1 square 1
  // CHECK-DAG: range 2 square 4
  // CHECK-DAG: range 3 square 9
  // CHECK-DAG: tail 3 of 4
  // CHECK-DAG: tail 0 of 4
  q.submit([&](sycl::handler &h) {
     sycl::stream out(4096, 128, h);
     h.parallel_for<Ranged>(sycl::range<1>(4), [=](sycl::item<1> i) {
       int id = static_cast<int>(i[0]);
       out << "range " << id << " square " << id * id << sycl::endl;
       out << "tail " << id << " of " << i.get_range(0) << "\n";
       results[1 + id] = id * id;
     });
   }).wait();
  std::printf("after range\n");
  // CHECK: after range
  bool ok = results[0] == 42 && results[1] == 0 && results[4] == 9;

  // CHECK-DAG: nd 0 group 0 value 0
  // CHECK-DAG: nd 1 group 0 value 7
  // CHECK-DAG: nd 2 group 1 value 14
  // CHECK-DAG: nd 3 group 1 value 21
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<scale>(7);
     h.parallel_for<NdFunctor>(sycl::nd_range<1>(4, 2),
                               NdFunctor{results, sycl::stream(4096, 128, h)});
   }).wait();
  std::printf("after nd_range\n");
  // CHECK: after nd_range
  for (int g = 0; g < 4; ++g)
    ok = ok && results[g] == 7 * g;

  // CHECK-NEXT: base 5 first
  // CHECK-NEXT: base 5 last
  q.submit([&](sycl::handler &h) {
     Labelled labelled{{sycl::stream(1024, 128, h)}, 5};
     h.single_task<InBase>([=] {
       labelled.out << "base " << labelled.label << " first" << sycl::endl;
       labelled.out << "base " << labelled.label << " last\n";
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     sycl::stream first(1024, 128, h);
     sycl::stream second(1024, 128, h);
     h.single_task<TwoStreams>([=] {
       first << "first stream\n";
       second << "second stream" << sycl::endl;
       results[5] = 55;
     });
   }).wait();
  // CHECK-DAG: first stream
  // CHECK-DAG: second stream
  ok = ok && results[5] == 55;
  sycl::free(results, q);
  std::printf("%s\n", ok ? "values ok" : "values wrong");
  // CHECK: values ok
  return ok ? 0 : 1;
}
