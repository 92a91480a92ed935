// Calls the W4A16 host stub of examples/w4a16_g128_4096x4096.mlir with bad
// arguments (its checks return before any driver call) and prints the status
// of each, plus the workspace size.
#include "w4a16_g128_4096x4096.h"

#include <cstdio>

int main() {
  CUdeviceptr p = 256;
  std::printf("workspace m=16: %zu\n",
              qgemm_w4a16_g128_4096x4096_workspace_size(16));
  std::printf("null x: %d\n",
              int(qgemm_w4a16_g128_4096x4096(0, p, p, p, 16, 0, nullptr)));
  std::printf("null scales: %d\n",
              int(qgemm_w4a16_g128_4096x4096(p, p, 0, p, 16, 0, nullptr)));
  std::printf("misaligned wq: %d\n",
              int(qgemm_w4a16_g128_4096x4096(p, p + 8, p, p, 16, 0, nullptr)));
  std::printf("m = -1: %d\n",
              int(qgemm_w4a16_g128_4096x4096(p, p, p, p, -1, 0, nullptr)));
  std::printf("m = 0: %d\n",
              int(qgemm_w4a16_g128_4096x4096(p, p, p, p, 0, 0, nullptr)));
  return 0;
}
