// A stand-in for the CUDA driver that records what the bsr_dds_1024x1024
// stub (examples/) encodes and launches (no GPU): each tensor map's address,
// dims, strides, box and swizzle, each launch's kernel and grid. Then it
// calls the stub at sizes that take the one-row and the union variants.
#include "bsr_dds_1024x1024.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake-driver-common.h"

extern "C" {
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
                                  CUfunction function, void **, void **) {
  printf("launch %s grid %u %u %u threads %u\n",
         reinterpret_cast<const char *>(function), config->gridDimX,
         config->gridDimY, config->gridDimZ, config->blockDimX);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *, CUtensorMapDataType type, cuuint32_t rank, void *address,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  printf("map type %d rank %u address %#llx dims %llu %llu stride %llu box "
         "%u %u swizzle %s\n",
         (int)type, rank, (unsigned long long)(uintptr_t)address,
         (unsigned long long)dims[0], (unsigned long long)dims[1],
         (unsigned long long)strides[0], box[0], box[1],
         swizzle == CU_TENSOR_MAP_SWIZZLE_64B    ? "64B"
         : swizzle == CU_TENSOR_MAP_SWIZZLE_128B ? "128B"
                                                 : "other");
  return CUDA_SUCCESS;
}
}

int main() {
  const CUdeviceptr x = 0x100000, rowPtr = 0x200000, colIdx = 0x300000,
                    blocks = 0x400000, y = 0x500000, workspace = 0x600000;
  const int64_t calls[][2] = {{4096, 500}, {4000, 1024}, {4096, 300},
                              {300, 1024}, {300, 300},   {600, 1024},
                              {2100, 1024}};
  for (const auto &call : calls) {
    printf("m=%lld nnzb=%lld:\n", (long long)call[0], (long long)call[1]);
    qgemm_status status = qgemm_bsr_dds_1024x1024(
        x, rowPtr, colIdx, blocks, y, call[0], call[1], workspace, nullptr);
    if (status != QGEMM_SUCCESS)
      printf("status %d\n", (int)status);
  }
  return 0;
}
