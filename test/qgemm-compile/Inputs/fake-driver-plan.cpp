// A stand-in for the CUDA driver that records what the bsr_wgmma stub
// launches (no GPU): each launch prints its kernel, grid and, for
// matmul_v0 and matmul_v1 (the 64- and 128-row variants with a ring plan),
// the three i32 plan values the stub passes first, before the kernel's
// operands. Then it
// calls the stub with the weights of a few densities.
#include "bsr_wgmma.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake-driver-common.h"

extern "C" {
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
                                  CUfunction function, void **params, void **) {
  const char *name = reinterpret_cast<const char *>(function);
  printf("launch %s grid %u %u %u", name, config->gridDimX, config->gridDimY,
         config->gridDimZ);
  if (strcmp(name, "matmul_v0") == 0 || strcmp(name, "matmul_v1") == 0)
    printf(" plan S=%d W=%d C=%d", *static_cast<int32_t *>(params[0]),
           *static_cast<int32_t *>(params[1]),
           *static_cast<int32_t *>(params[2]));
  printf("\n");
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
    const cuuint64_t *, const cuuint32_t *, const cuuint32_t *,
    CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
    CUtensorMapFloatOOBfill) {
  return CUDA_SUCCESS;
}
}

int main() {
  const CUdeviceptr x = 0x100000, rowPtr = 0x200000, colIdx = 0x300000,
                    blocks = 0x400000, y = 0x500000, workspace = 0x600000;
  const int64_t calls[][2] = {{64, 0},  {64, 1638}, {33, 8000},  {17, 16384},
                              {1, 100}, {65, 1638}, {200, 8000}, {257, 8000}};
  for (const auto &call : calls) {
    printf("m=%lld nnzb=%lld: workspace %zu ", (long long)call[0],
           (long long)call[1],
           qgemm_bsr_wgmma_workspace_size(call[0], call[1]));
    qgemm_status status = qgemm_bsr_wgmma(x, rowPtr, colIdx, blocks, y, call[0],
                                          call[1], workspace, nullptr);
    if (status != QGEMM_SUCCESS)
      printf("status %d\n", (int)status);
  }
  return 0;
}
