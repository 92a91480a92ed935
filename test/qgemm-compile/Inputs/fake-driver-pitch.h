// The stand-in CUDA driver of the pitched-operand stub tests
// (fake-driver-pitch.cpp, fake-driver-xq-pitch.cpp): each tensor map's
// address, dims, row stride and box, and per launch the grid and, for a
// matmul kernel, one memref operand's descriptor (allocated pointer, sizes,
// strides). The test defines kPitchedOperand (its name) and
// kPitchedOperandOffset (its place among the operands after the tensor maps
// the TMA ring's kernel matmul_v1 takes first).
#ifndef QGEMM_TEST_FAKE_DRIVER_PITCH_H
#define QGEMM_TEST_FAKE_DRIVER_PITCH_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake-driver-common.h"

extern "C" {
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
                                  CUfunction function, void **params, void **) {
  const char *name = reinterpret_cast<const char *>(function);
  printf("launch %s grid %u %u %u\n", name, config->gridDimX, config->gridDimY,
         config->gridDimZ);
  // The TMA ring's kernel takes 4 tensor maps first (xq, wq, wq's last
  // column tile, xq's edge boxes); a memref operand is allocated, aligned,
  // offset, 2 sizes, 2 strides.
  int maps = strcmp(name, "matmul_v1") == 0 ? 4 : 0;
  if (strncmp(name, "matmul_v", 8) == 0) {
    void **operand = params + maps + kPitchedOperandOffset;
    printf("  %s %#llx sizes %lld %lld strides %lld %lld\n", kPitchedOperand,
           (unsigned long long)*static_cast<CUdeviceptr *>(operand[1]),
           (long long)*static_cast<int64_t *>(operand[3]),
           (long long)*static_cast<int64_t *>(operand[4]),
           (long long)*static_cast<int64_t *>(operand[5]),
           (long long)*static_cast<int64_t *>(operand[6]));
  }
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *address,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
    CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  printf("  map address %#llx dims %llu %llu stride %llu box %u %u\n",
         (unsigned long long)(uintptr_t)address, (unsigned long long)dims[0],
         (unsigned long long)dims[1], (unsigned long long)strides[0], box[0],
         box[1]);
  return CUDA_SUCCESS;
}
}

#endif // QGEMM_TEST_FAKE_DRIVER_PITCH_H
