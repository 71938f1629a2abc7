// Plain C++ (compiled without -fsycl): calls into the SYCL library.
#include "kernels.h"
#include <cstdio>

int main() {
  int out[4];
  int wrong = scaled_on_device(out, 4);
  std::printf("%d %d %d %d: %s\n", out[0], out[1], out[2], out[3], wrong ? "wrong" : "match");
  return wrong != 0;
}
