// The standalone experiments' CUDA runtime check: on an error, print the call
// and the error and return 1 from main.
#ifndef QGEMM_EXPERIMENTS_CHECK_CUDA_H
#define QGEMM_EXPERIMENTS_CHECK_CUDA_H

#include <cstdio>
#include <cuda_runtime.h>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      printf("%s: %s\n", #x, cudaGetErrorString(e));                           \
      return 1;                                                                \
    }                                                                          \
  } while (0)

#endif // QGEMM_EXPERIMENTS_CHECK_CUDA_H
