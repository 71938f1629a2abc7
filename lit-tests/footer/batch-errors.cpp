// issue §3: batch mode with a TU that has C++ errors: clang's diagnostics on stderr, exit status
// 1, no footer for the bad TU, the good TU's footer still written. A missing or malformed
// compile_commands.json is exit status 1 with a message naming it.
// RUN: rm -rf %t && split-file %s %t && mkdir %t/build %t/nodb %t/baddb
// RUN: sed -e 's|@DIR@|%t|g' -e 's|@INPUTS@|%inputs|g' %t/cdb.json.in > %t/build/compile_commands.json
// RUN: sh -c '%sycl-footer -p %t/build --output-dir %t/out --unique-prefix P 2> %t/err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t/err -DBAD=%t/bad.cpp
// RUN: not ls %t/out%t/bad.cpp.footer.h
// RUN: FileCheck %s --check-prefix=GOOD --match-full-lines --strict-whitespace --input-file=%t/out%t/good.cpp.footer.h
// RUN: sh -c '%sycl-footer -p %t/nodb --output-dir %t/out2 2> %t/err2; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=NODB --input-file=%t/err2
// RUN: echo '[{"directory": ' > %t/baddb/compile_commands.json
// RUN: sh -c '%sycl-footer -p %t/baddb --output-dir %t/out3 2> %t/err3; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=NODB --input-file=%t/err3

// EXIT:exit=1
// ERR:[[BAD]]:2:14: error: expected expression
// NODB:{{.*}}error: {{.*}}compile_commands.json
// GOOD:#include <sycl/detail/defines_elementary.hpp>
// GOOD-NEXT:namespace sycl {
// GOOD-NEXT:inline namespace _V1 {
// GOOD-NEXT:namespace detail {
// GOOD-NEXT:template<>
// GOOD-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::good>() {
// GOOD-NEXT:  return "_Z4good";
// GOOD-NEXT:}
// GOOD-NEXT:} // namespace detail
// GOOD-NEXT:} // namespace _V1
// GOOD-NEXT:} // namespace sycl
// GOOD-NEXT:#include <sycl/detail/spec_const_integration.hpp>

//--- good.cpp
#include "sycl.hpp"
sycl::specialization_id<int> good;
//--- bad.cpp
#include "sycl.hpp"
int broken = ;
//--- cdb.json.in
[
  {"directory": "@DIR@", "file": "good.cpp",
   "arguments": ["clang++", "-std=c++17", "-Xclang", "-fsycl-is-host", "-I@INPUTS@", "-c", "good.cpp"]},
  {"directory": "@DIR@", "file": "@DIR@/bad.cpp",
   "arguments": ["clang++", "-std=c++17", "-Xclang", "-fsycl-is-host", "-I@INPUTS@", "-c", "@DIR@/bad.cpp"]}
]
