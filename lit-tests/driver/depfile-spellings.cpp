// Every spelling of the dependency options gives the rule clang++-22 gives: kbuild's
// -Wp,-MD,FILE and -Wp,-MMD,FILE (clang's driver reads them as -MD/-MMD -MF FILE), targets
// passed to the front end (-Wp,-MT / -Xpreprocessor -MT follow the driver's; the front end
// ignores -MQ), -MP through -Wp, several -MT/-MQ (one rule, targets as written, -MQ quoted).
// Each check runs on our depfile and on clang++-22's for the same spelling: the target line,
// then the source as named on the command line, then the local header; never a generated file.
// Run with and without the precompiled headers.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s prog.cpp && cp %S/Inputs/local-value.h .
//
// RUN: %sycl-clangxx -fsycl -c prog.cpp -o prog.o -Wp,-MD,prog.d
// RUN: FileCheck --check-prefix=KBUILD %s < prog.d
// RUN: env SYCL_SPECCONST_PCH=0 %sycl-clangxx -fsycl -c prog.cpp -o prog.o -Wp,-MD,nopch.d
// RUN: FileCheck --check-prefix=KBUILD %s < nopch.d
// RUN: %clangxx -fsycl -fsycl-host-only -I %intel_include -c prog.cpp -o prog.o -Wp,-MD,clang.d
// RUN: FileCheck --check-prefix=KBUILD %s < clang.d
// KBUILD: {{^}}prog.o: {{(\\$)?}}
// KBUILD: prog.cpp
// KBUILD: local-value.h
//
// RUN: %sycl-clangxx -fsycl -c prog.cpp -o user.o -Wp,-MMD,user.d
// RUN: FileCheck --check-prefix=USER %s < user.d
// RUN: %clangxx -fsycl -fsycl-host-only -I %intel_include -c prog.cpp -o user.o -Wp,-MMD,clang-user.d
// RUN: FileCheck --check-prefix=USER %s < clang-user.d
// USER: {{^}}user.o: {{(\\$)?}}
// USER: prog.cpp
// USER-NOT: include/c++
// USER: local-value.h
// USER-NOT: include/c++
//
// clang names the file only when it is -MD's one value: further words are dropped.
// RUN: rm -f dropped.d && %sycl-clangxx -fsycl -c prog.cpp -o dropped.o -Wp,-MD,other.d,-MT,x
// RUN: FileCheck --check-prefix=DROPPED %s < dropped.d
// RUN: not ls other.d
// RUN: rm -f dropped.d && %clangxx -fsycl -fsycl-host-only -I %intel_include -c prog.cpp -o dropped.o -Wp,-MD,other.d,-MT,x
// RUN: FileCheck --check-prefix=DROPPED %s < dropped.d
// DROPPED: {{^}}dropped.o: {{(\\$)?}}
//
// RUN: %sycl-clangxx -fsycl -c prog.cpp -o front.o -MD -MF front.d -Wp,-MT,t1 -Xpreprocessor -MT -Xpreprocessor t2 -Wp,-MQ,ignored -Wp,-MP
// RUN: FileCheck --check-prefix=FRONT %s < front.d
// RUN: %clangxx -fsycl -fsycl-host-only -I %intel_include -c prog.cpp -o front.o -MD -MF clang-front.d -Wp,-MT,t1 -Xpreprocessor -MT -Xpreprocessor t2 -Wp,-MQ,ignored -Wp,-MP
// RUN: FileCheck --check-prefix=FRONT %s < clang-front.d
// FRONT: {{^}}front.o t1 t2: {{(\\$)?}}
// FRONT: prog.cpp
// FRONT: {{^}}local-value.h:
//
// RUN: %sycl-clangxx -fsycl -c prog.cpp -o targets.o -MD -MF targets.d -MT 'a b' -MQ 'c d' -MQ 'e$f'
// RUN: FileCheck --check-prefix=TARGETS %s < targets.d
// RUN: %clangxx -fsycl -fsycl-host-only -I %intel_include -c prog.cpp -o targets.o -MD -MF clang-targets.d -MT 'a b' -MQ 'c d' -MQ 'e$f'
// RUN: FileCheck --check-prefix=TARGETS %s < clang-targets.d
// TARGETS: {{^}}a b c\ d e$$f: {{(\\$)?}}
//
// RUN: not grep -E 'host\.out|integration-header\.h|footer\.h' prog.d nopch.d user.d dropped.d front.d targets.d
#include <sycl/sycl.hpp>
#include "local-value.h"
int value() { return LOCAL_VALUE; }
