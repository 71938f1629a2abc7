// -M/-MM print the dependencies of the original source only (no build, no generated files);
// precompiled headers and C++20 modules are refused with -fsycl, as DPC++ does.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -M %s > deps.txt
// RUN: FileCheck --check-prefix=M %s < deps.txt
// RUN: %sycl-clangxx -fsycl -std=c++17 -MM -MT custom %s -o mm.txt
// RUN: FileCheck --check-prefix=MM %s < mm.txt
// RUN: test ! -e a.out && test ! -e dependencies-and-pch.o
// clang puts the source on the target's line when the path is short enough, else on the next.
// M: dependencies-and-pch.o:
// M: dependencies-and-pch.cpp
// M: sycl.hpp
// M-NOT: .sycl/
// MM: custom: {{.*}}dependencies-and-pch.cpp
// MM-NOT: sycl.hpp
// RUN: not %sycl-clangxx -fsycl -x c++-header %S/Inputs/local-value.h -o header.pch 2>&1 | FileCheck --check-prefix=PCH %s
// RUN: test ! -e header.pch
// PCH: sycl-clang++: error: -fsycl cannot build a precompiled header (-x c++-header) (DPC++ refuses it too); build it without -fsycl
// RUN: not %sycl-clangxx -fsycl -std=c++20 -fmodule-file=m.pcm -c %s 2>&1 | FileCheck --check-prefix=MODULE %s
// MODULE: sycl-clang++: error: -fsycl cannot build C++20 modules (-fmodule-file=) (DPC++ refuses it too); build it without -fsycl
#include <sycl/sycl.hpp>
