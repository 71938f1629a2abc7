// -fsyntax-only checks the host side with the footer; -E shows the source as the host and the
// device compiles see it (the footer and kernel descriptions, generated from it, come when it
// is compiled), naming no generated file, the same run to run.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsyntax-only %s
// RUN: not %sycl-clangxx -fsycl -std=c++17 -fsyntax-only -DBROKEN %s 2>&1 | FileCheck --check-prefix=SYNTAX %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -E %s > one.ii
// RUN: %sycl-clangxx -fsycl -std=c++17 -E %s > two.ii
// RUN: cmp one.ii two.ii
// RUN: FileCheck --check-prefix=PRE %s < one.ii
// RUN: not grep -e 'footer\.h' -e 'integration-header' -e 'sycl-specconst-[0-9]' one.ii
// PRE: #ifndef __SYCL_DEVICE_ONLY__
// PRE: # 1 "{{.*}}host-only-phases.cpp"
// PRE: int marker_of_the_source
// PRE: {{^}}#else{{$}}
// PRE: int marker_of_the_source
// PRE: {{^}}#endif{{$}}
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> in_footer{1};
int marker_of_the_source;
#ifdef BROKEN
// SYNTAX: host-only-phases.cpp:[[@LINE+1]]:1: error: unknown type name 'broken_type'
broken_type x;
#endif
