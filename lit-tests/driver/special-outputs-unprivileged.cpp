// As a user without root's rights (nobody): -o /dev/null writes the device in place and
// creates nothing in /dev (the old work directory next to the output, /dev/null.sycl, made
// the build fail); a syntax check works in a read-only directory. The header cache is not
// writable for nobody either: the analysis parses in full instead.
// REQUIRES: can-drop-privileges
// RUN: rm -rf %t && mkdir -p %t/readonly && chmod 555 %t/readonly && cd %t/readonly
// RUN: %as_nobody %sycl-clangxx -fsycl -std=c++17 -c %s -o /dev/null
// RUN: test -c /dev/null && test ! -e /dev/null.sycl
// RUN: %as_nobody %sycl-clangxx -fsycl -std=c++17 -fsyntax-only %s
// RUN: ls -A | count 0
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> value{1};
class Unprivileged;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.single_task<Unprivileged>([=](sycl::kernel_handler kh) { *p = kh.get_specialization_constant<value>(); });
  });
}
