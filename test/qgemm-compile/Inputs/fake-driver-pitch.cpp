// A stand-in for the CUDA driver that records what the w8a8_padded stub
// (Inputs/w8a8-pitch.mlir: wq [136, 288] int8, rows 384 bytes apart)
// passes for its weights (no GPU): each tensor map's dims and row stride,
// and per matmul launch the strides of the wq memref descriptor. Then it
// calls the stub at M = 16 (the register-direct variant) and 64 (the TMA
// ring).
#include "w8a8_padded.h"

#include <stdint.h>
#include <stdio.h>

// The operands after the tensor maps: xq (7 descriptor fields: rank 2),
// sx (5), then wq.
static const char *const kPitchedOperand = "wq";
static const int kPitchedOperandOffset = 7 + 5;

#include "fake-driver-pitch.h"

int main() {
  const CUdeviceptr x = 0x100000, wq = 0x200000, sw = 0x300000, y = 0x400000,
                    workspace = 0x600000;
  const int64_t ms[] = {16, 64};
  for (int64_t m : ms) {
    printf("m=%lld:\n", (long long)m);
    qgemm_status status =
        qgemm_w8a8_padded(x, wq, sw, y, m, workspace, nullptr);
    if (status != QGEMM_SUCCESS)
      printf("status %d\n", (int)status);
  }
  return 0;
}
