// Calls the W8A8 host stub of Inputs/w8a8-static-m.mlir (M = 16) with each
// m and prints the status: m other than 0 and 16 is rejected before any
// driver call; m = 16 reaches the driver, which the stub library does not
// provide (no context).
#include "w8a8_m16.h"

#include <cstdio>
#include <initializer_list>

int main() {
  CUdeviceptr p = 256, w = 4096;
  std::printf("max m: %d\n", int(QGEMM_W8A8_M16_MAX_M));
  std::printf("workspace m=16: %zu\n", qgemm_w8a8_m16_workspace_size(16));
  std::printf("workspace m=17: %zu\n", qgemm_w8a8_m16_workspace_size(17));
  for (int64_t m : {int64_t(0), int64_t(1), int64_t(15), int64_t(17),
                    int64_t(16)})
    std::printf("m = %lld: %d\n", (long long)m,
                int(qgemm_w8a8_m16(p, p, p, p, m, w, nullptr)));
  return 0;
}
