// issue §3: -MD writes a make depfile next to -o (FILE.d) listing the source and every header the
// TU read (not the footer's own runtime includes); -MF chooses its path, -MT the target; paths
// with spaces are escaped for make. The footer itself is unchanged by these options.
// RUN: rm -rf %t && split-file %s %t
// RUN: %sycl-footer %t/main.cpp -o %t/footer.h -MD --unique-prefix P -- %mockflags -I '%t/with space'
// RUN: FileCheck %s --check-prefix=DEP --input-file=%t/footer.h.d -DOUT=%t/footer.h -DSRC=%t/main.cpp -DINPUTS=%inputs -DT=%t
// RUN: FileCheck %s --check-prefix=NOINT --input-file=%t/footer.h.d
// RUN: %sycl-footer %t/main.cpp -o %t/footer2.h -MF %t/custom.d -MT my-target --unique-prefix P -- %mockflags -I '%t/with space'
// RUN: not ls %t/footer2.h.d
// RUN: FileCheck %s --check-prefix=MT --input-file=%t/custom.d -DSRC=%t/main.cpp -DINPUTS=%inputs
// RUN: diff %t/footer.h %t/footer2.h
// RUN: %sycl-footer %t/main.cpp -MF %t/stdout.d --unique-prefix P -- %mockflags -I '%t/with space' > %t/footer3.h
// RUN: diff %t/footer.h %t/footer3.h
// RUN: FileCheck %s --check-prefix=STDOUT --input-file=%t/stdout.d -DINPUTS=%inputs
// RUN: FileCheck %s --check-prefix=CHECK --match-full-lines --strict-whitespace --input-file=%t/footer.h
// RUN: %clangxx %mockflags -I '%t/with space' -fsyntax-only -include %t/main.cpp -x c++ %t/footer.h

// DEP:[[OUT]]:{{ }}{{.*}}
// DEP-DAG:{{(.* )?}}[[SRC]]{{( .*)?}}
// DEP-DAG:{{(.* )?}}[[INPUTS]]/sycl.hpp{{( .*)?}}
// DEP-DAG:{{.*}}/with\ space/extra.hpp{{( .*)?}}
// DEP-DAG:{{.*}}type_traits{{( .*)?}}
// NOINT-NOT:spec_const_integration
// NOINT-NOT:defines_elementary
// MT:my-target:{{.*}}
// MT-DAG:{{(.* )?}}[[SRC]]{{( .*)?}}
// MT-DAG:{{(.* )?}}[[INPUTS]]/sycl.hpp{{( .*)?}}
// STDOUT:{{.*}}[[INPUTS]]/sycl.hpp
// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::extra>() {
// CHECK-NEXT:  return "_Z5extra";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}

//--- with space/extra.hpp
#pragma once
#include "sycl.hpp"
sycl::specialization_id<int> extra;
//--- main.cpp
#include "extra.hpp"
