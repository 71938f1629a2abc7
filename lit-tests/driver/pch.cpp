// Precompiled headers for the device and host compiles (driver/src/pch.rs): the object and
// the depfiles are the same bytes as without them; -### and -v show the PCH build and use;
// -E uses none. A corrupted, truncated or stale PCH is rebuilt, an unusable cache directory
// compiles without: never a failed build or another object. Intel's headers are copied, so
// the test can make them stale. PCHs are turned on here even when the suite runs without
// them (SYCL_SPECCONST_PCH=0).
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t/out && chmod 777 %t/out && cd %t
// RUN: cp -r %intel_include inc
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=0 %sycl-clangxx -fsycl -std=c++17 -c %s -o plain.o -MD -MF plain.d -MT t
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=0 %sycl-clangxx -fsycl -fsycl-device-only -std=c++17 -c %s -o plain.bc -MMD -MF plain-dev.d -MT t
//
// Cold: both PCHs are built (host first), then used; warm: used only.
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -v -fsycl -std=c++17 -c %s -o cold.o -MD -MF cold.d -MT t 2>&1 | FileCheck --check-prefix=BUILD %s
// BUILD: "-fsycl-host-only" {{.*}}"-x" "c++" "{{.*}}cache/sycl-pch-host.hpp" "-Xclang" "-emit-pch"
// BUILD: "-fsycl-device-only" {{.*}}"-x" "c++" "{{.*}}cache/sycl-pch-device.hpp" "-Xclang" "-emit-pch"
// BUILD: "-fsycl-device-only" {{.*}}"-Xclang" "-include-pch" "-Xclang" "{{.*}}cache/sycl-pch-device-{{[0-9a-f]+}}.pch"
// RUN: cmp plain.o cold.o
// RUN: cmp plain.d cold.d
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -fsycl -std=c++17 -c %s -o warm.o -### 2>&1 | FileCheck --check-prefix=WARM --implicit-check-not=-emit-pch %s
// WARM: "-fsycl-host-only" "-Xclang" "-include-pch" "-Xclang" "{{.*}}sycl-pch-host-{{[0-9a-f]+}}.pch"
// WARM-NOT: integration-header.h
// WARM: "-fsycl-device-only" "--offload-targets=spir64" "-Xclang" "-include-pch" "-Xclang" "{{.*}}sycl-pch-device-{{[0-9a-f]+}}.pch"
// WARM-NOT: prelude.hpp
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -fsycl -fsycl-device-only -std=c++17 -c %s -o warm.bc -MMD -MF warm-dev.d -MT t
// RUN: cmp plain.bc warm.bc
// RUN: cmp plain-dev.d warm-dev.d
// RUN: FileCheck --check-prefix=DEPS %s < cold.d
// DEPS: t: \
// DEPS-NEXT: {{.*}}pch.cpp \
// DEPS-NEXT: {{.*}}inc/sycl/sycl.hpp \
// DEPS-NOT: sycl-pch
// -E (also under ccache's preprocessor mode) and -M parse the headers as before.
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -fsycl -std=c++17 -E %s -### 2>&1 | FileCheck --check-prefix=PLAIN --implicit-check-not=-include-pch %s
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -fsycl -fsycl-device-only -std=c++17 -E %s -### 2>&1 | FileCheck --check-prefix=PLAIN --implicit-check-not=-include-pch %s
// PLAIN: "-include" "{{.*}}sycl-specconst-device-prelude.hpp"
//
// Corrupted (one byte in the middle) and truncated PCHs are rebuilt; the object is the same.
// RUN: sh -c 'for f in cache/sycl-pch-*.pch; do printf X | dd of=$f bs=1 seek=9000000 conv=notrunc 2>/dev/null; done'
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -v -fsycl -std=c++17 -c %s -o corrupted.o 2>&1 | FileCheck --check-prefix=REBUILT %s
// REBUILT-COUNT-2: "-Xclang" "-emit-pch"
// RUN: cmp plain.o corrupted.o
// RUN: sh -c 'for f in cache/sycl-pch-*.pch; do truncate -s 4096 $f; done'
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -v -fsycl -std=c++17 -c %s -o truncated.o 2>&1 | FileCheck --check-prefix=REBUILT %s
// RUN: cmp plain.o truncated.o
//
// A read-only cache (nobody cannot write root's): usable PCHs are used; damaged ones cannot
// be rebuilt there, so the compile goes without.
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %as_nobody %sycl-clangxx -fsycl -std=c++17 -c %s -o out/readonly.o
// RUN: cmp plain.o out/readonly.o
// RUN: sh -c 'for f in cache/sycl-pch-*.pch; do truncate -s 4096 $f; done'
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %as_nobody %sycl-clangxx -v -fsycl -std=c++17 -c %s -o out/readonly-damaged.o 2>&1 | FileCheck --check-prefix=WITHOUT --implicit-check-not=-include-pch %s
// WITHOUT: "-include" "{{.*}}sycl-specconst-device-prelude.hpp"
// RUN: cmp plain.o out/readonly-damaged.o
//
// Stale: a header the PCHs hold changes (content, then only its time): the new one is seen.
// RUN: cp inc/sycl/sycl.hpp sycl.hpp.orig
// RUN: sh -c 'echo "#error the changed header was read" >> inc/sycl/sycl.hpp'
// RUN: not env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -fsycl -std=c++17 -c %s -o stale.o 2>&1 | FileCheck --check-prefix=STALE %s
// STALE: error: the changed header was read
// RUN: cp sycl.hpp.orig inc/sycl/sycl.hpp
// What a builder killed mid-build left (its staged PCH and depfile, and clang's own temporary
// that it renames to the staged name) goes when the cache is next written.
// RUN: touch cache/sycl-pch-host-00.pch.999999999.tmp cache/sycl-pch-host-00.pch.999999999.tmp.d cache/sycl-pch-device-00.pch.999999999-0badc0de.tmp.tmp
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -v -fsycl -std=c++17 -c %s -o restored.o 2>&1 | FileCheck --check-prefix=REBUILT %s
// RUN: cmp plain.o restored.o
// RUN: not ls cache/sycl-pch-host-00.pch.999999999.tmp
// RUN: not ls cache/sycl-pch-host-00.pch.999999999.tmp.d
// RUN: not ls cache/sycl-pch-device-00.pch.999999999-0badc0de.tmp.tmp
// RUN: touch inc/sycl/sycl.hpp
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/cache %sycl-clangxx -v -fsycl -std=c++17 -c %s -o touched.o 2>&1 | FileCheck --check-prefix=REBUILT %s
// RUN: cmp plain.o touched.o
//
// A cache directory that cannot be made (a file is in the way): compiled without PCHs.
// RUN: touch not-a-dir
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/not-a-dir/cache %sycl-clangxx -fsycl -std=c++17 -c %s -o no-cache.o
// RUN: cmp plain.o no-cache.o
// A missing cache directory is made, and the PCHs built in it.
// RUN: env SYCL_SPECCONST_SYCL_INCLUDE=%t/inc SYCL_SPECCONST_PCH=1 SYCL_SPECCONST_CACHE_DIR=%t/new/cache %sycl-clangxx -fsycl -fsycl-device-only -std=c++17 -c %s -o new.bc
// RUN: cmp plain.bc new.bc
// RUN: ls new/cache | FileCheck --check-prefix=MADE %s
// MADE: sycl-pch-device-{{[0-9a-f]+}}.pch
#include <sycl/sycl.hpp>

constexpr sycl::specialization_id<int> factor{3};
class Scale;

void scale(sycl::queue &q, int *data, size_t n) {
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Scale>(sycl::range<1>{n}, [=](sycl::id<1> i, sycl::kernel_handler kh) {
      data[i] *= kh.get_specialization_constant<factor>();
    });
  });
}
