// A reader that closes standard output early (`| head`) ends sycl-footer quietly: no error
// message, exit status 0. The footer of the 1,024 spec ids below (~280 KB) is far larger than
// a pipe's buffer, so the write really meets the closed pipe. (bash: lit's own shell keeps the
// pipe's read end open, so the writer would never see it closed.)
// RUN: bash -c 'set -o pipefail; %sycl-footer %s --unique-prefix P -- %mockflags 2> %t.err | head -c 64 > %t.head'
// RUN: FileCheck %s --input-file=%t.head
// RUN: count 0 < %t.err
// A regular run writes the whole footer: one entry per spec id.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags | grep -c "^template<>$" | FileCheck %s --check-prefix=COUNT

#include "sycl.hpp"

#define IDS4(p) sycl::specialization_id<int> p##0, p##1, p##2, p##3;
#define IDS16(p) IDS4(p##0) IDS4(p##1) IDS4(p##2) IDS4(p##3)
#define IDS64(p) IDS16(p##0) IDS16(p##1) IDS16(p##2) IDS16(p##3)
#define IDS256(p) IDS64(p##0) IDS64(p##1) IDS64(p##2) IDS64(p##3)
IDS256(a) IDS256(b) IDS256(c) IDS256(d)

// CHECK: #include <sycl/detail/defines_elementary.hpp>
// COUNT: {{^}}1024{{$}}
