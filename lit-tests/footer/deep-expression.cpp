// Generated code can nest expressions very deeply (here 30,000 operands: a 30,000-deep
// operator tree), which clang accepts; the walk must not run out of stack.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "print('#include \"sycl.hpp\"'); print('constexpr sycl::specialization_id<int> deep{1};'); print('int f() { return ' + '+'.join(['1'] * 30000) + '; }')" > %t/deep.cpp
// RUN: %clangxx %mockflags -fsyntax-only %t/deep.cpp
// RUN: %sycl-footer %t/deep.cpp --unique-prefix P -- %mockflags > %t/deep.h
// RUN: FileCheck %s --input-file=%t/deep.h

// CHECK: get_spec_constant_symbolic_ID_impl<::deep>() {
// CHECK-NEXT: return "P____ZL4deep";
