#!/usr/bin/env bash
# Runs sycl-post-link ($1) on a copy of $2 whose name, like the -o name, holds the byte 0xFF.
set -eu
tool=$1 module=$2
cp "$module" $'in\xff.ll'
"$tool" -spec-const=native -properties $'in\xff.ll' -o $'out\xff.table'
test -f $'out\xff_0.prop'
