// footer.md §3.3 / issue §2: the default prefix is `uid` + 16 lowercase hex digits, deterministic:
// the same TU (path as given) and flags give the same footer on every run and in another
// checkout; a different file or different TU-relevant flags (-D) give a different prefix;
// output options (-o) do not matter.
// RUN: rm -rf %t && mkdir -p %t/a %t/b
// RUN: cp %s %t/a/src.cpp && cp %s %t/b/src.cpp && cp %s %t/a/other.cpp
// RUN: cd %t/a && %sycl-footer src.cpp -- %mockflags > %t/1.h
// RUN: cd %t/a && %sycl-footer src.cpp -- %mockflags > %t/2.h
// RUN: diff %t/1.h %t/2.h
// RUN: cd %t/b && %sycl-footer src.cpp -- %mockflags > %t/3.h
// RUN: diff %t/1.h %t/3.h
// RUN: cd %t/a && %sycl-footer src.cpp -o %t/4.h -- %mockflags
// RUN: diff %t/1.h %t/4.h
// RUN: cd %t/a && %sycl-footer other.cpp -- %mockflags > %t/5.h
// RUN: not diff %t/1.h %t/5.h
// RUN: cd %t/a && %sycl-footer src.cpp -- %mockflags -DVARIANT=2 > %t/6.h
// RUN: not diff %t/1.h %t/6.h
// RUN: FileCheck %s --match-full-lines --input-file=%t/1.h
// RUN: FileCheck %s --match-full-lines --input-file=%t/5.h
// RUN: cd %t/a && %sycl-footer src.cpp --json -- %mockflags > %t/1.json
// RUN: python3 %S/Inputs/flatjson.py %t/1.json | FileCheck %s --check-prefix=JSON --match-full-lines
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t/1.h

#include "sycl.hpp"

constexpr sycl::specialization_id b{2};
sycl::specialization_id<int> ext;

// CHECK:  return "[[P:uid[0-9a-f]{16}]]____ZL1b";
// CHECK:  return "_Z3ext";
// JSON:spec_ids.0.symbolic_id="[[P:uid[0-9a-f]{16}]]____ZL1b"
// JSON:unique_prefix="[[P]]"
