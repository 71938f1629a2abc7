// The project's header: a template that only compiles for types with a member `x`.
#pragma once
#include <sycl/sycl.hpp>

template <class T> int member_x(T t) { return t.x; }
