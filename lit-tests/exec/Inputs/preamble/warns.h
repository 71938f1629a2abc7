#warning "a warning from the project's header"
#include <sycl/sycl.hpp>
