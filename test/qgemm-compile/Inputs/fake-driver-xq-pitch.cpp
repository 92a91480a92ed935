// A stand-in for the CUDA driver that records what the w8a8q_padded stub
// (Inputs/w8a8q-xq-pitch.mlir: xq [M, 288] int8, rows 384 bytes apart)
// passes for its activation (no GPU): each tensor map's dims and row
// stride, and per matmul launch the strides of the xq memref descriptor.
// Then it calls the stub at M = 16 (the register-direct variant) and 64
// (the TMA ring).
#include "w8a8q_padded.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake-driver-common.h"

extern "C" {
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
                                  CUfunction function, void **params,
                                  void **) {
  const char *name = reinterpret_cast<const char *>(function);
  printf("launch %s grid %u %u %u\n", name, config->gridDimX,
         config->gridDimY, config->gridDimZ);
  // The operands after the tensor maps (4 for the TMA ring: xq, wq, wq's
  // last column tile, xq's edge boxes): xq first, allocated, aligned,
  // offset, 2 sizes, 2 strides.
  int maps = strcmp(name, "matmul_v1") == 0 ? 4 : 0;
  if (strncmp(name, "matmul_v", 8) == 0) {
    void **xq = params + maps;
    printf("  xq %#llx sizes %lld %lld strides %lld %lld\n",
           (unsigned long long)*static_cast<CUdeviceptr *>(xq[1]),
           (long long)*static_cast<int64_t *>(xq[3]),
           (long long)*static_cast<int64_t *>(xq[4]),
           (long long)*static_cast<int64_t *>(xq[5]),
           (long long)*static_cast<int64_t *>(xq[6]));
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

int main() {
  const CUdeviceptr xq = 0x100000, sx = 0x180000, wq = 0x200000,
                    sw = 0x300000, y = 0x400000, workspace = 0x600000;
  const int64_t ms[] = {16, 64};
  for (int64_t m : ms) {
    printf("m=%lld:\n", (long long)m);
    qgemm_status status =
        qgemm_w8a8q_padded(xq, sx, wq, sw, y, m, workspace, nullptr);
    if (status != QGEMM_SUCCESS)
      printf("status %d\n", (int)status);
  }
  return 0;
}
