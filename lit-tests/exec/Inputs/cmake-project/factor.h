// Included by kernels.cpp only: touching it rebuilds one object.
#pragma once
constexpr int default_factor = 3;
