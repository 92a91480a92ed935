// Calls the stubs of lowered-families.mlir with arguments that each check
// must reject or pass, and prints the status and workspace sizes. Needs no
// GPU: with the driver stub library there is no context, so a call that
// passes every check returns QGEMM_ERROR_NO_CONTEXT (3).
#include "bsr_dds_1024x1024.h"
#include "w4a16_256x256.h"

#include <stdio.h>

namespace {
const CUdeviceptr x = 0x10000, rowPtr = 0x20000, colIdx = 0x30000,
                  blocks = 0x40000, y = 0x50000, ws = 0x60000;
const int64_t maxM = QGEMM_BSR_DDS_1024X1024_MAX_M,
              maxNnzb = QGEMM_BSR_DDS_1024X1024_MAX_NNZB;

void bsr(const char *what, CUdeviceptr xp, CUdeviceptr rowPtrp,
         CUdeviceptr colIdxp, CUdeviceptr blocksp, CUdeviceptr wsp, int64_t m,
         int64_t nnzb) {
  printf("bsr %s: %d\n", what,
         (int)qgemm_bsr_dds_1024x1024(xp, rowPtrp, colIdxp, blocksp, y, m, nnzb,
                                      wsp, nullptr));
}
} // namespace

int main() {
  bsr("valid", x, rowPtr, colIdx, blocks, ws, 16, 100);
  bsr("m = 0", x, rowPtr, colIdx, blocks, ws, 0, 100);
  bsr("m = 0, null pointers", 0, 0, 0, 0, 0, 0, 100);
  bsr("m = -1", x, rowPtr, colIdx, blocks, ws, -1, 100);
  bsr("m = max + 1", x, rowPtr, colIdx, blocks, ws, maxM + 1, 100);
  bsr("nnzb = -1", x, rowPtr, colIdx, blocks, ws, 16, -1);
  bsr("nnzb = max + 1", x, rowPtr, colIdx, blocks, ws, 16, maxNnzb + 1);
  bsr("m = 0, nnzb = -1", x, rowPtr, colIdx, blocks, ws, 0, -1);
  bsr("nnzb = max", x, rowPtr, colIdx, blocks, ws, 16, maxNnzb);
  bsr("grid y = 65535", x, rowPtr, colIdx, blocks, ws, 65535 * 64, 100);
  bsr("grid y = 65536", x, rowPtr, colIdx, blocks, ws, 65535 * 64 + 1, 100);
  bsr("null x", 0, rowPtr, colIdx, blocks, ws, 16, 100);
  bsr("null row_ptr", x, 0, colIdx, blocks, ws, 16, 100);
  bsr("null col_idx", x, rowPtr, 0, blocks, ws, 16, 100);
  bsr("null col_idx and blocks, nnzb = 0", x, rowPtr, 0, 0, ws, 16, 0);
  bsr("row_ptr + 4", x, rowPtr + 4, colIdx, blocks, ws, 16, 100);
  bsr("row_ptr + 2", x, rowPtr + 2, colIdx, blocks, ws, 16, 100);
  bsr("blocks + 4", x, rowPtr, colIdx, blocks + 4, ws, 16, 100);
  bsr("workspace + 8", x, rowPtr, colIdx, blocks, ws + 8, 16, 100);
  bsr("null workspace, empty workspace", x, rowPtr, colIdx, blocks, 0, 32, 0);
  bsr("null workspace, nnzb = 5", x, rowPtr, colIdx, blocks, 0, 32, 5);
  bsr("null workspace, split-K", x, rowPtr, colIdx, blocks, 0, 8, 0);
  const int64_t sizes[][2] = {{0, 0},       {1, 0},    {16, 100}, {17, 100},
                              {1000, 1024}, {1, 1025}, {-1, 0}};
  for (const auto &size : sizes)
    printf("bsr workspace m=%lld nnzb=%lld: %zu\n", (long long)size[0],
           (long long)size[1],
           qgemm_bsr_dds_1024x1024_workspace_size(size[0], size[1]));

  printf("w4a16 valid: %d\n",
         (int)qgemm_w4a16_256x256(x, blocks, rowPtr, y, 16, 0, nullptr));
  printf("w4a16 null scales: %d\n",
         (int)qgemm_w4a16_256x256(x, blocks, 0, y, 16, 0, nullptr));
  printf("w4a16 workspace m=4096: %zu\n",
         qgemm_w4a16_256x256_workspace_size(4096));
  return 0;
}
