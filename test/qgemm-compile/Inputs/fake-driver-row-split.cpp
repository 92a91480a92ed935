// A stand-in for the CUDA driver that records what the bsr_dds_1024x1024
// stub (examples/) launches when its 256-row union variant cuts M
// (row_split = 4096, row_rest = 2048; no GPU): each launch's kernel, grid,
// and the x and y descriptors it gets (aligned pointer and rows), each
// tensor map's address and rows. Then it calls the stub at sizes that cut
// and that do not, and prints the workspace sizes.
#include "bsr_dds_1024x1024.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake-driver-common.h"

/// The tensor maps encoded since the last launch: the launch's first
/// parameters.
static int mapsSinceLaunch = 0;

extern "C" {
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
                                  CUfunction function, void **params, void **) {
  const char *name = reinterpret_cast<const char *>(function);
  // The parameters: a TMA variant's four tensor maps (x, the blocks, x's
  // half and edge boxes), then the memref descriptors of x [m, 1024]
  // (allocated, aligned, offset, 2 sizes, 2 strides), row_ptr and col_idx
  // (5 each), blocks (9) and y [m, 1024].
  int first = mapsSinceLaunch;
  mapsSinceLaunch = 0;
  int y = first + 7 + 5 + 5 + 9;
  printf("launch %s grid %u %u %u x %#llx m %lld y %#llx m %lld%s\n", name,
         config->gridDimX, config->gridDimY, config->gridDimZ,
         *static_cast<unsigned long long *>(params[first + 1]),
         *static_cast<long long *>(params[first + 3]),
         *static_cast<unsigned long long *>(params[y + 1]),
         *static_cast<long long *>(params[y + 3]),
         config->numAttrs ? " programmatic" : "");
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *address,
    const cuuint64_t *dims, const cuuint64_t *, const cuuint32_t *,
    const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
    CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  ++mapsSinceLaunch;
  printf("map address %#llx rows %llu\n",
         (unsigned long long)(uintptr_t)address, (unsigned long long)dims[1]);
  return CUDA_SUCCESS;
}
}

int main() {
  const CUdeviceptr x = 0x100000, rowPtr = 0x200000, colIdx = 0x300000,
                    blocks = 0x400000, y = 0x500000, workspace = 0x600000;
  const int64_t calls[][2] = {{4097, 500},  {8792, 1024}, {6145, 1024},
                              {4096, 1024}, {4097, 300},  {4296, 1024}};
  for (const auto &call : calls) {
    printf("m=%lld nnzb=%lld: workspace %zu\n", (long long)call[0],
           (long long)call[1],
           qgemm_bsr_dds_1024x1024_workspace_size(call[0], call[1]));
    qgemm_status status = qgemm_bsr_dds_1024x1024(
        x, rowPtr, colIdx, blocks, y, call[0], call[1], workspace, nullptr);
    if (status != QGEMM_SUCCESS)
      printf("status %d\n", (int)status);
  }
  return 0;
}
