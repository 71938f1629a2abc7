// issue §3: -p BUILD_DIR batch mode over a compile_commands.json (entries with "arguments" and
// with "command", relative and absolute file names, relative -I resolved against "directory"):
// one footer per TU under --output-dir (mirroring the source's absolute path), identical to the
// single-file footer of the same TU and flags; a TU without spec ids gets a 0-byte footer.
// RUN: rm -rf %t && split-file %s %t && mkdir %t/build
// RUN: sed -e 's|@DIR@|%t|g' -e 's|@INPUTS@|%inputs|g' %t/cdb.json.in > %t/build/compile_commands.json
// RUN: %sycl-footer -p %t/build --output-dir %t/out --unique-prefix P -j 2
// RUN: FileCheck %s --check-prefix=A --match-full-lines --strict-whitespace --input-file=%t/out%t/a.cpp.footer.h
// RUN: FileCheck %s --check-prefix=B --match-full-lines --strict-whitespace --input-file=%t/out%t/b.cpp.footer.h
// RUN: wc -c < %t/out%t/none.cpp.footer.h | FileCheck %s --check-prefix=ZERO
// RUN: %clangxx %mockflags -I %t/inc -fsyntax-only -include %t/a.cpp -x c++ %t/out%t/a.cpp.footer.h
// RUN: %clangxx %mockflags -DVALUE=42 -fsyntax-only -include %t/b.cpp -x c++ %t/out%t/b.cpp.footer.h
// RUN: %sycl-footer %t/a.cpp --unique-prefix P -- %mockflags -I %t/inc > %t/a.single.h
// RUN: diff %t/a.single.h %t/out%t/a.cpp.footer.h

// A-NOT:{{.}}
// A:#include <sycl/detail/defines_elementary.hpp>
// A-NEXT:namespace sycl {
// A-NEXT:inline namespace _V1 {
// A-NEXT:namespace detail {
// A-NEXT:template<>
// A-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::common::shared>() {
// A-NEXT:  return "_ZN6common6sharedE";
// A-NEXT:}
// A-NEXT:} // namespace detail
// A-NEXT:} // namespace _V1
// A-NEXT:} // namespace sycl
// A-NEXT:namespace sycl {
// A-NEXT:inline namespace _V1 {
// A-NEXT:namespace detail {
// A-NEXT:template<>
// A-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::from_a>() {
// A-NEXT:  return "_Z6from_a";
// A-NEXT:}
// A-NEXT:} // namespace detail
// A-NEXT:} // namespace _V1
// A-NEXT:} // namespace sycl
// A-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// B-NOT:{{.}}
// B:#include <sycl/detail/defines_elementary.hpp>
// B-NEXT:namespace sycl {
// B-NEXT:inline namespace _V1 {
// B-NEXT:namespace detail {
// B-NEXT:template<>
// B-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::from_b>() {
// B-NEXT:  return "P____ZL6from_b";
// B-NEXT:}
// B-NEXT:} // namespace detail
// B-NEXT:} // namespace _V1
// B-NEXT:} // namespace sycl
// B-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// ZERO: {{^ *0$}}

//--- a.cpp
#include "sycl.hpp"
#include "common.hpp"
sycl::specialization_id<int> from_a;
//--- b.cpp
#include "sycl.hpp"
constexpr sycl::specialization_id from_b{VALUE};
//--- none.cpp
#include "sycl.hpp"
int nothing;
//--- inc/common.hpp
#pragma once
namespace common {
inline constexpr sycl::specialization_id<int> shared{1};
}
//--- cdb.json.in
[
  {"directory": "@DIR@", "file": "a.cpp",
   "arguments": ["clang++", "-std=c++17", "-Xclang", "-fsycl-is-host", "-I@INPUTS@", "-Iinc", "-c", "a.cpp", "-o", "a.o"]},
  {"directory": "@DIR@", "file": "@DIR@/b.cpp",
   "command": "clang++ -std=c++17 -Xclang -fsycl-is-host -I@INPUTS@ -DVALUE=42 -c @DIR@/b.cpp -o b.o"},
  {"directory": "@DIR@", "file": "none.cpp",
   "command": "clang++ -std=c++17 -Xclang -fsycl-is-host -I@INPUTS@ -c none.cpp"}
]
