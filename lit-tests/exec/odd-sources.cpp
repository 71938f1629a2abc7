// Sources as clang takes them: a user header named like a generated file ("footer.h",
// "integration-header.h") is the user's; a source whose name holds a line break builds and
// knows its name; a directory, a FIFO or an unreadable file given as the source is refused
// with clang's words.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: cp %s main.cpp && cp %S/Inputs/generated-names/*.h .
// RUN: %sycl-clangxx -fsycl -std=c++17 main.cpp -o names
// RUN: ./names | FileCheck --check-prefix=NAMES %s
// NAMES: users' headers 42, kernel 42
// NAMES: file main.cpp
//
// RUN: %python -c "import shutil; shutil.copy('main.cpp', 'line\nbreak.cpp')"
// RUN: %python -c "import subprocess, sys; sys.exit(subprocess.call(['%sycl-driver', '-fsycl', '-std=c++17', 'line\nbreak.cpp', '-o', 'broken']))"
// RUN: ./broken | FileCheck --check-prefix=BROKEN %s
// BROKEN: users' headers 42, kernel 42
// BROKEN: file line\nbreak.cpp
//
// RUN: mkdir dir.cpp && mkfifo fifo.cpp && echo 'int x;' > closed.cpp && chmod 000 closed.cpp
// RUN: not %sycl-clangxx -fsycl -c dir.cpp 2>&1 | FileCheck --check-prefix=DIR %s
// DIR: sycl-clang++: error: error reading 'dir.cpp': Is a directory
// RUN: not %sycl-clangxx -fsycl -c fifo.cpp 2>&1 | FileCheck --check-prefix=FIFO %s
// FIFO: sycl-clang++: error: error reading 'fifo.cpp': not a regular file
// RUN: not %as_nobody %sycl-driver -fsycl -c %t/closed.cpp -o /tmp/closed.o 2>&1 | FileCheck --check-prefix=CLOSED %s
// CLOSED: sycl-clang++: error: error reading '{{.*}}closed.cpp': Permission denied
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstring>
#include "footer.h"
#include "integration-header.h"

int main() {
  sycl::queue q;
  int result = 0;
  {
    sycl::buffer<int> b(&result, 1);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h);
      h.single_task([=] { a[0] = 42; });
    });
  }
  std::printf("users' headers %d, kernel %d\n",
              from_users_footer() + from_users_integration_header(), result);
  // A line break prints as the two characters \n.
  std::printf("file ");
  for (const char *c = __FILE__; *c; ++c)
    std::printf(*c == '\n' ? "\\n" : "%c", *c);
  std::printf("\n");
  return result == 42 ? 0 : 1;
}
