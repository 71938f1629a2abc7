# find_package(IntelSYCL) as DPC++ projects call it, answered by sycl-specconst's package (same
# variables, add_sycl_to_target, IntelSYCL::SYCL_CXX); see SyclSpecconstConfig.cmake.
include("${CMAKE_CURRENT_LIST_DIR}/../SyclSpecconst/SyclSpecconstConfig.cmake")
