// Tiled matrix multiply C = alpha * A * B (n x n, row-major), the same algorithm as
// matmul-sycl.cpp, written directly in OpenCL C: the reference for what the SYCL kernel's
// device code costs when a program speaks OpenCL itself.
// SYCL's group_barrier also orders global memory (SPIR-V semantics 0x390 against OpenCL's
// 0x110 for a local fence); -DSYCL_BARRIER builds the reference with that fence too.
#ifdef SYCL_BARRIER
#define FENCE (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#else
#define FENCE CLK_LOCAL_MEM_FENCE
#endif
__kernel void matmul(__global const float *a, __global const float *b, __global float *c,
                     ulong n, float alpha, __local float *tile_a, __local float *tile_b) {
  // SYCL's dimension 0 is OpenCL's slowest-varying one: rows on dimension 1, columns on 0,
  // as the SYCL version's nd_item<2> maps them.
  const size_t row = get_global_id(1), col = get_global_id(0);
  const size_t lr = get_local_id(1), lc = get_local_id(0);
  const size_t bs = get_local_size(0);
  float sum = 0.0f;
  for (size_t t = 0; t < n; t += bs) {
    tile_a[lr * bs + lc] = a[row * n + t + lc];
    tile_b[lr * bs + lc] = b[(t + lr) * n + col];
    barrier(FENCE);
    for (size_t i = 0; i < bs; ++i)
      sum += tile_a[lr * bs + i] * tile_b[i * bs + lc];
    barrier(FENCE);
  }
  c[row * n + col] = alpha * sum;
}
