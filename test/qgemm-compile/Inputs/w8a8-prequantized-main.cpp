// Calls the host stub of Inputs/w8a8-prequantized.mlir: its workspace sizes
// for a few M, then bad arguments (its checks return before any driver
// call), printing the status of each.
#include "w8a8_prequantized.h"

#include <cstdio>

int main() {
  const int64_t ms[] = {0, 1, 768, 1000, 1600, 4096};
  for (int64_t m : ms)
    std::printf("m=%lld bytes=%zu\n", (long long)m,
                qgemm_w8a8_prequantized_workspace_size(m));
  CUdeviceptr p = 256;
  std::printf("null xq: %d\n",
              int(qgemm_w8a8_prequantized(0, p, p, p, p, 16, p, nullptr)));
  std::printf("null sx: %d\n",
              int(qgemm_w8a8_prequantized(p, 0, p, p, p, 16, p, nullptr)));
  std::printf("misaligned sx: %d\n",
              int(qgemm_w8a8_prequantized(p, p + 2, p, p, p, 16, p, nullptr)));
  // sx 4-byte aligned passes the checks (the stand-in driver then has no
  // context).
  std::printf("sx + 4: %d\n",
              int(qgemm_w8a8_prequantized(p, p + 4, p, p, p, 16, p, nullptr)));
  std::printf("misaligned xq: %d\n",
              int(qgemm_w8a8_prequantized(p + 4, p, p, p, p, 16, p, nullptr)));
  std::printf("null workspace: %d\n",
              int(qgemm_w8a8_prequantized(p, p, p, p, p, 16, 0, nullptr)));
  std::printf("m = -1: %d\n",
              int(qgemm_w8a8_prequantized(p, p, p, p, p, -1, p, nullptr)));
  std::printf("m = 0: %d\n",
              int(qgemm_w8a8_prequantized(p, p, p, p, p, 0, 0, nullptr)));
  return 0;
}
