// The library's interface: plain C++, so main.cpp needs no SYCL.
#pragma once
// Fills out[0..n) on the SYCL device and returns how many values differ from the host's.
int scaled_on_device(int *out, int n);
