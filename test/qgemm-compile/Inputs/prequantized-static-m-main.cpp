// Calls the host stub of Inputs/w8a8-prequantized-static-m.mlir (M = 48)
// with each m and prints the status: m other than 0 and 48 is rejected
// before any driver call; m = 48 reaches the driver, which the stub library
// does not provide (no context).
#include "w8a8q_m48.h"

#include <cstdio>
#include <initializer_list>

int main() {
  CUdeviceptr p = 256, w = 4096;
  std::printf("max m: %d\n", int(QGEMM_W8A8Q_M48_MAX_M));
  for (int64_t m : {int64_t(0), int64_t(1), int64_t(47), int64_t(49),
                    int64_t(48)})
    std::printf("m = %lld: %d\n", (long long)m,
                int(qgemm_w8a8q_m48(p, p, p, p, p, m, w, nullptr)));
  return 0;
}
