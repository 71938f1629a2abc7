# SyclSpecconst: SYCL with sycl-clang++ (sycl-specconst), installed by scripts/install.
#
#   find_package(SyclSpecconst REQUIRED)   # also found as find_package(IntelSYCL)
#   add_sycl_to_target(TARGET app [SOURCES a.cpp b.cpp ...])
#
# The project's C++ compiler must be this prefix's sycl-clang++ (-DCMAKE_CXX_COMPILER=...):
# -fsycl means nothing to another compiler. add_sycl_to_target compiles SOURCES (all of the
# target's C++ sources without SOURCES) with -fsycl and links the program that receives the
# target's device code with -fsycl: the target itself when it is linked (executables, shared
# and module libraries), its consumers when it is not (static and object libraries).
#
# Defines: SyclSpecconst_FOUND / IntelSYCL_FOUND, SYCL_COMPILER, SYCL_INCLUDE_DIR,
# SYCL_LIBRARY_DIR, SYCL_FLAGS, SYCL_LINK_FLAGS, SYCL_LANGUAGE_VERSION, the interface target
# SyclSpecconst::SYCL (alias IntelSYCL::SYCL_CXX) and the function add_sycl_to_target.

cmake_minimum_required(VERSION 3.18)

# This file is PREFIX/lib/cmake/SyclSpecconst/SyclSpecconstConfig.cmake.
get_filename_component(_sycl_specconst_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

set(SYCL_COMPILER "${_sycl_specconst_prefix}/bin/sycl-clang++")
set(SYCL_INCLUDE_DIR "${_sycl_specconst_prefix}/include/sycl-specconst/intel")
set(SYCL_LIBRARY_DIR "${_sycl_specconst_prefix}/lib")
set(SYCL_FLAGS "-fsycl")
set(SYCL_LINK_FLAGS "-fsycl")
# SYCL 2020, as Intel's headers define SYCL_LANGUAGE_VERSION.
set(SYCL_LANGUAGE_VERSION 202012)

# The compiler must be a sycl-clang++ (this one or another build of it): compare real files.
set(_sycl_specconst_compiler_ok FALSE)
if(CMAKE_CXX_COMPILER)
  get_filename_component(_sycl_specconst_cxx "${CMAKE_CXX_COMPILER}" REALPATH)
  get_filename_component(_sycl_specconst_cxx_name "${_sycl_specconst_cxx}" NAME)
  if(_sycl_specconst_cxx_name STREQUAL "sycl-clangxx")
    set(_sycl_specconst_compiler_ok TRUE)
  endif()
endif()
if(NOT _sycl_specconst_compiler_ok)
  set(${CMAKE_FIND_PACKAGE_NAME}_FOUND FALSE)
  set(${CMAKE_FIND_PACKAGE_NAME}_NOT_FOUND_MESSAGE
      "the C++ compiler '${CMAKE_CXX_COMPILER}' is not sycl-clang++; configure with -DCMAKE_CXX_COMPILER=${SYCL_COMPILER}")
  return()
endif()

if(NOT TARGET SyclSpecconst::SYCL)
  add_library(SyclSpecconst::SYCL INTERFACE IMPORTED)
  set_target_properties(SyclSpecconst::SYCL PROPERTIES
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CXX>:-fsycl>"
    INTERFACE_LINK_OPTIONS "-fsycl")
endif()
if(NOT TARGET IntelSYCL::SYCL_CXX)
  add_library(IntelSYCL::SYCL_CXX INTERFACE IMPORTED)
  set_target_properties(IntelSYCL::SYCL_CXX PROPERTIES INTERFACE_LINK_LIBRARIES SyclSpecconst::SYCL)
endif()

function(add_sycl_to_target)
  cmake_parse_arguments(PARSE_ARGV 0 _sycl "" "TARGET" "SOURCES")
  if(NOT _sycl_TARGET)
    message(FATAL_ERROR "add_sycl_to_target: TARGET is required")
  endif()
  if(NOT TARGET ${_sycl_TARGET})
    message(FATAL_ERROR "add_sycl_to_target: '${_sycl_TARGET}' is not a target")
  endif()
  if(_sycl_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "add_sycl_to_target: unexpected arguments '${_sycl_UNPARSED_ARGUMENTS}'")
  endif()
  if(_sycl_SOURCES)
    # Only these sources: the target's other sources stay plain C++ (no device compile).
    set_property(SOURCE ${_sycl_SOURCES} TARGET_DIRECTORY ${_sycl_TARGET}
                 APPEND PROPERTY COMPILE_OPTIONS -fsycl)
  else()
    target_compile_options(${_sycl_TARGET} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fsycl>)
  endif()
  get_target_property(_sycl_type ${_sycl_TARGET} TYPE)
  if(_sycl_type STREQUAL "STATIC_LIBRARY" OR _sycl_type STREQUAL "OBJECT_LIBRARY")
    # Device code is registered where a program or shared library is linked.
    target_link_options(${_sycl_TARGET} INTERFACE -fsycl)
  elseif(_sycl_type STREQUAL "INTERFACE_LIBRARY")
    target_compile_options(${_sycl_TARGET} INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-fsycl>)
    target_link_options(${_sycl_TARGET} INTERFACE -fsycl)
  else()
    target_link_options(${_sycl_TARGET} PRIVATE -fsycl)
  endif()
endfunction()

set(${CMAKE_FIND_PACKAGE_NAME}_FOUND TRUE)
