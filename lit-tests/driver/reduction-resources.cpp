// The registration object's handler::addReduction (offload::registration::reduction_resources),
// against a stand-in for the runtime: it forwards each resource to the runtime's definition and
// keeps a reference of its own, so that the runtime dropping its reference (under its
// scheduler's mutex, in the real one) destroys nothing; a later addReduction call drops, newest
// first, every reference only it still holds, before it forwards; at exit it drops those the
// runtime no longer holds, before the images are unregistered, and keeps the others (the
// runtime's shutdown would drop them under the same mutex). A resource watched by a weak_ptr
// is destroyed and the weak_ptr sees it expire; an exception from the runtime's definition
// passes through to the program.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -DKERNEL -c %s -o %t/kernel.o
// RUN: %sycl-clangxx -fsycl -fsycl-link %t/kernel.o -o %t/registration.o
// RUN: %clangxx -std=c++17 -DRUNTIME -shared -fPIC %s -o %t/libruntime.so
// RUN: %clangxx -std=c++17 %s %t/registration.o -L%t -lruntime -Wl,-rpath,%t -o %t/program
// RUN: %t/program | FileCheck %s
// CHECK: registered
// CHECK-NEXT: runtime holds memory
// CHECK-NEXT: runtime holds buffer
// CHECK-NEXT: runtime dropped 2, holds 0
// CHECK-NEXT: deleted buffer
// CHECK-NEXT: deleted memory
// CHECK-NEXT: runtime holds third
// CHECK-NEXT: memory expired: 1
// CHECK-NEXT: runtime holds fourth
// CHECK-NEXT: runtime holds fifth
// CHECK-NEXT: caught: no resource
// CHECK-NEXT: runtime dropped 2, holds 1
// CHECK-NEXT: end of main
// CHECK-NEXT: deleted fourth
// CHECK-NEXT: deleted third
// CHECK-NEXT: unregistered
// CHECK-NOT: deleted

#if defined(KERNEL)
// Any kernel: the link needs device code to register.
#include <sycl/sycl.hpp>
void kernel(sycl::queue &q, int *out) {
  q.single_task([=] { *out = 1; });
}
#else
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

namespace sycl {
inline namespace _V1 {
class handler {
public:
  void addReduction(const std::shared_ptr<const void> &);
};
} // namespace _V1
} // namespace sycl

#if defined(RUNTIME)
// The runtime: holds what it is given until told to drop it; never destroyed, so what it still
// holds at exit stays held.
static auto *held = new std::vector<std::shared_ptr<const void>>;

void sycl::_V1::handler::addReduction(const std::shared_ptr<const void> &resource) {
  if (!resource)
    throw std::invalid_argument("no resource");
  std::printf("runtime holds %s\n", *static_cast<const char *const *>(resource.get()));
  held->push_back(resource);
}

// Drops all but the newest `keep`.
extern "C" void runtime_drop(std::size_t keep) {
  std::size_t dropped = held->size() - keep;
  held->erase(held->begin(), held->begin() + dropped);
  std::printf("runtime dropped %zu, holds %zu\n", dropped, held->size());
}

extern "C" void __sycl_register_lib(void *) { std::printf("registered\n"); }
extern "C" void __sycl_unregister_lib(void *) { std::printf("unregistered\n"); }

#else
extern "C" void runtime_drop(std::size_t keep);

struct Resource {
  const char *name;
  explicit Resource(const char *name) : name(name) {}
  Resource(const Resource &) = delete;
  ~Resource() { std::printf("deleted %s\n", name); }
};

// As Intel's reduction code makes them: object and counts in one allocation.
static std::shared_ptr<const void> resource(const char *name) {
  return std::make_shared<Resource>(name);
}

int main() {
  sycl::handler h;
  // One command group's resources; the program's own references end with the group.
  auto memory = resource("memory");
  auto buffer = resource("buffer");
  h.addReduction(memory);
  h.addReduction(buffer);
  std::weak_ptr<const void> watch = memory;
  memory.reset();
  buffer.reset();
  // The command group completes: nothing is destroyed yet.
  runtime_drop(0);
  // The next group's resource: the two only kept are dropped first, newest first.
  h.addReduction(resource("third"));
  std::printf("memory expired: %d\n", int(watch.expired()));
  h.addReduction(resource("fourth"));
  h.addReduction(resource("fifth"));
  try {
    h.addReduction(nullptr);
  } catch (const std::invalid_argument &e) {
    std::printf("caught: %s\n", e.what());
  }
  // third and fourth complete; fifth is still running at exit.
  runtime_drop(1);
  std::printf("end of main\n");
}
#endif
#endif
