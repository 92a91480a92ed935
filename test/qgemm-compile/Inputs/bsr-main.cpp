// Calls the BSR host stub of examples/bsr_dds_1024x1024.mlir with bad
// arguments (its checks return before any driver call) and prints the status
// of each, plus workspace sizes; the last validate call has valid arguments
// and reaches the driver, which the stub library does not provide (no
// context).
#include "bsr_dds_1024x1024.h"

#include <cstdio>

int main() {
  CUdeviceptr p = 256, w = 4096;
  std::printf("workspace m=16 nnzb=512: %zu\n",
              qgemm_bsr_dds_1024x1024_workspace_size(16, 512));
  std::printf("workspace m=17 nnzb=512: %zu\n",
              qgemm_bsr_dds_1024x1024_workspace_size(17, 512));
  std::printf("workspace m=4096 nnzb=512: %zu\n",
              qgemm_bsr_dds_1024x1024_workspace_size(4096, 512));
  std::printf("workspace nnzb=1025: %zu\n",
              qgemm_bsr_dds_1024x1024_workspace_size(16, 1025));
  std::printf("null x: %d\n",
              int(qgemm_bsr_dds_1024x1024(0, p, p, p, p, 16, 8, w, nullptr)));
  std::printf("null col_idx: %d\n",
              int(qgemm_bsr_dds_1024x1024(p, p, 0, p, p, 16, 8, w, nullptr)));
  std::printf("null blocks: %d\n",
              int(qgemm_bsr_dds_1024x1024(p, p, p, 0, p, 16, 8, w, nullptr)));
  std::printf("null workspace: %d\n",
              int(qgemm_bsr_dds_1024x1024(p, p, p, p, p, 16, 8, 0, nullptr)));
  std::printf("misaligned blocks: %d\n", int(qgemm_bsr_dds_1024x1024(
                                            p, p, p, p + 4, p, 16, 8, w, nullptr)));
  std::printf("nnzb = -1: %d\n",
              int(qgemm_bsr_dds_1024x1024(p, p, p, p, p, 16, -1, w, nullptr)));
  std::printf("nnzb = 1025: %d\n", int(qgemm_bsr_dds_1024x1024(
                                        p, p, p, p, p, 16, 1025, w, nullptr)));
  std::printf("m = 0: %d\n",
              int(qgemm_bsr_dds_1024x1024(p, p, p, p, p, 0, 8, w, nullptr)));
  std::printf("validate null row_ptr: %d\n",
              int(qgemm_bsr_dds_1024x1024_validate(0, p, 8, w, nullptr)));
  std::printf("validate null col_idx: %d\n",
              int(qgemm_bsr_dds_1024x1024_validate(p, 0, 8, w, nullptr)));
  std::printf("validate nnzb = 1025: %d\n",
              int(qgemm_bsr_dds_1024x1024_validate(p, p, 1025, w, nullptr)));
  std::printf("validate misaligned col_idx: %d\n",
              int(qgemm_bsr_dds_1024x1024_validate(p, p + 4, 8, w, nullptr)));
  std::printf("validate null workspace: %d\n",
              int(qgemm_bsr_dds_1024x1024_validate(p, p, 8, 0, nullptr)));
  std::printf("validate no context: %d\n",
              int(qgemm_bsr_dds_1024x1024_validate(p, 0, 0, w, nullptr)));
  return 0;
}
