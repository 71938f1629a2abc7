// With -g the object's compile unit and line table name the user's source, not the generated
// copy (which is gone after the run); no path of the generated directory reaches the object's
// debug info except through the footer and the integration header.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -g -c %s -o dbg.o
// RUN: llvm-dwarfdump-22 --debug-info dbg.o | FileCheck --check-prefix=CU %s
// RUN: llvm-dwarfdump-22 --debug-line dbg.o | FileCheck --check-prefix=LINES %s
// CU: DW_TAG_compile_unit
// CU: DW_AT_name ("{{.*}}driver{{/|\\}}debug-info.cpp")
// CU-NOT: dbg.o.sycl{{/|\\}}debug-info.cpp
// LINES: file_names[ 0]:
// LINES-NEXT: name: "{{.*}}driver{{/|\\}}debug-info.cpp"
// LINES-NOT: dbg.o.sycl{{/|\\}}debug-info.cpp
#include <sycl/sycl.hpp>
int main() { return 0; }
