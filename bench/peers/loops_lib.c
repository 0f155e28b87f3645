/*===- loops_lib.c - loops.c as a library for bench/peers/run.py -----------===*
 *
 * The kernels of loops.c unchanged (this file includes it), called on
 * caller-owned buffers instead of loops.c's own random data, so that run.py
 * feeds them the same .npy inputs as every other peer and checks their
 * outputs itself. Built twice by run.py: plain (`clang-22 -O3
 * -march=native -fopenmp`) and with Polly (`-mllvm -polly` added).
 *
 *   peer_run(kind, dims, ndims, in0, in1, out0, out1)
 *                                  0, or -1 for an unknown kind or dimension
 *                                  count; out1: the second output array
 *                                  (row_argmax's columns), else unused
 *   peer_out_f(), peer_out_i()     the scalar results
 *
 * dims are bench.py's peer dimensions (kernels.h lists them per kind).
 *
 *===----------------------------------------------------------------------===*/
#define main loops_main
#include "loops.c"
#undef main

int peer_run(const char *kind, const long *dims, int ndims, void *in0,
             void *in1, void *out0, void *out1) {
  K = kind_of(kind);
  if (K == K_UNKNOWN || ndims != kind_ndims[K])
    return -1;
  for (int i = 0; i < ndims; ++i)
    D[i] = dims[i];
  if (K == K_INT_DOT) {
    xi = (int32_t *)in0, yi = (int32_t *)in1;
  } else {
    x = (float *)in0, y = (float *)in1, z = (float *)out0;
    zi = (int32_t *)out1;
  }
  kernel_runs[K]();
  return 0;
}

float peer_out_f(void) { return out_f; }
int peer_out_i(void) { return out_i; }
