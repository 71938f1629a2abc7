// -MD/-MMD depfiles list the user's source and real headers only (no generated copy, footer
// or integration header), at -MF or next to the output, with -MT targets.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -MD -MF %t/explicit.d -MT custom-target -c %s -o %t/app.o
// RUN: FileCheck --check-prefix=MD %s < %t/explicit.d
// MD: custom-target: \
// MD-NEXT: {{^}}  {{.*}}driver/depfile.cpp \
// MD-DAG: {{.*}}Inputs/local-value.h
// MD-DAG: {{.*}}intel-sycl/include/sycl/sycl.hpp
// MD-NOT: .sycl/
// MD-NOT: footer.h
// MD-NOT: integration-header.h
// RUN: %sycl-clangxx -fsycl -std=c++17 -MMD -MP -c %s -o %t/user.o
// RUN: FileCheck --check-prefix=MMD %s < %t/user.d
// MMD: {{.*}}user.o: \
// MMD-NEXT: {{.*}}driver/depfile.cpp \
// MMD-NEXT: {{.*}}Inputs/local-value.h
// MMD-NOT: sycl.hpp
// MMD: {{.*}}Inputs/local-value.h:
#include <sycl/sycl.hpp>
#include "Inputs/local-value.h"
int value() { return LOCAL_VALUE; }
