#!/usr/bin/env bash
# sycl-footer ($1) on TU $2 whose header lives in a directory named with the byte 0xFF, given
# as -I; the remaining arguments are compile flags. Prints the footer.
set -eu
tool=$1 tu=$2
shift 2
mkdir -p $'inc\xff'
printf '#include "sycl.hpp"\nconstexpr sycl::specialization_id<int> from_header{3};\n' > $'inc\xff/spec.h'
"$tool" "$tu" --unique-prefix P -- "$@" -I $'inc\xff'
