// Embedding example for host-stub.test: links against the generated stub
// and prints what each kind of call returns. Needs no GPU: with the driver
// stub library there is no context, so a call that passes every check
// returns QGEMM_ERROR_NO_CONTEXT (3).
#include "w8a8_4096x4096.h"

#include <stdio.h>

int main() {
  const CUdeviceptr x = 0x10000, wq = 0x20000, sw = 0x30000, y = 0x40000,
                    ws = 0x50000;
  const int64_t maxM = QGEMM_W8A8_4096X4096_MAX_M;
  struct Case {
    const char *what;
    CUdeviceptr x, sw, ws;
    int64_t m;
  } cases[] = {
      {"valid", x, sw, ws, 16},      {"m = 0", 0, 0, 0, 0},
      {"m = -1", x, sw, ws, -1},     {"m = max + 1", x, sw, ws, maxM + 1},
      {"null x", 0, sw, ws, 16},     {"null workspace", x, sw, 0, 16},
      {"sw + 8", x, sw + 8, ws, 16}, {"workspace + 8", x, sw, ws + 8, 16}};
  for (const Case &c : cases)
    printf("%s: %d\n", c.what,
           (int)qgemm_w8a8_4096x4096(c.x, wq, c.sw, y, c.m, c.ws, nullptr));
  printf("workspace m=16: %zu\n", qgemm_w8a8_4096x4096_workspace_size(16));
  return 0;
}
