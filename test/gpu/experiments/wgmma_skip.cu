// The tensor-core rate of a BSR tile that would skip absent blocks (a
// calibration for the design modelled in docs/perf-notes.md, v51 "Next"):
// a warpgroup holds 8 accumulators of m64n32 (8 block rows of 32 columns,
// 128 f32 registers a thread) and, per step (one 32-wide block column),
// issues two wgmma k16 for each block row the column stores:
//   rs      - m64n32k16 with A (X) from registers, B (the block) from
//             shared memory, every row stored (no branch);
//   rs_skip - the same, each row's two wgmma behind a branch on a
//             warp-uniform mask drawn per step with density D (the rows a
//             column stores);
//   ss      - m64n32k16 with A and B from shared memory, every row;
//   ss128   - the union tiles' form: two m64n128k16 per k16 half over the
//             8 rows (4 rows each), A and B from shared memory.
// Operand values are left as they are (the rate does not depend on them).
// Each figure is multiply-adds issued / time, the median of 7 launches,
// per multiprocessor and cycle (cudaDevAttrClockRate); the tensor peak of
// dense fp16 is 2048 per cycle a multiprocessor (989 TFLOP/s at
// 1.83 GHz on 132). rs_skip counts only the wgmma it issues.
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a -o wgmma_skip wgmma_skip.cu
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#include "check_cuda.h"
#include "wgmma_asm.h"

enum Mode { kRs = 0, kRsSkip = 1, kSs = 2, kSs128 = 3 };

constexpr int kRows = 8;

/// One warpgroup (or two) a block; `steps` block columns; masks[s % 256]
/// says which rows column s stores (rs_skip). out keeps the sums alive.
template <int MODE>
__global__ void __launch_bounds__(256, 1)
    run(int steps, const uint8_t *masks, float *out,
        unsigned long long *issued) {
  // 8 blocks of 32 x 32 fp16 (B), X of 64 rows x 32 fp16 per warpgroup (A
  // of ss): 16 KB + 8 KB.
  __shared__ __align__(1024) uint16_t bTiles[kRows * 32 * 32];
  __shared__ __align__(1024) uint16_t xTile[2 * 64 * 32];
  __shared__ uint8_t sMasks[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    sMasks[i] = masks[i];
  for (int i = threadIdx.x; i < kRows * 32 * 32; i += blockDim.x)
    bTiles[i] = 0x3C00;
  for (int i = threadIdx.x; i < 2 * 64 * 32; i += blockDim.x)
    xTile[i] = 0x3C00;
  __syncthreads();
  int wg = threadIdx.x / 128;
  float acc[kRows][16];
  for (int r = 0; r < kRows; ++r)
    for (int i = 0; i < 16; ++i)
      acc[r][i] = 0.f;
  uint32_t a[2][4];
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < 4; ++i)
      a[h][i] = 0x3C003C00u;
  // Core matrices of 8 rows x 16 bytes: LBO 128 (next K core), SBO 256
  // (next 8 rows); a block's k16 half starts 32 bytes further.
  uint64_t bDesc[kRows][2], aDesc[2];
  for (int r = 0; r < kRows; ++r)
    for (int h = 0; h < 2; ++h)
      bDesc[r][h] = desc(bTiles + r * 1024 + h * 16, 128, 256);
  for (int h = 0; h < 2; ++h)
    aDesc[h] = desc(xTile + wg * 2048 + h * 16, 128, 256);
  unsigned long long count = 0;
  for (int s = 0; s < steps; ++s) {
    unsigned mask = MODE == kRsSkip ? sMasks[s & 255] : 0xFF;
    fence();
    if (MODE == kSs128) {
      float *d0 = &acc[0][0], *d1 = &acc[4][0];
      for (int h = 0; h < 2; ++h) {
        ssN128(d0, aDesc[h], bDesc[0][h]);
        ssN128(d1, aDesc[h], bDesc[4][h]);
      }
      count += 4;
    } else {
#pragma unroll
      for (int r = 0; r < kRows; ++r) {
        if (mask & (1u << r)) {
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            if (MODE == kSs)
              ssN32(acc[r], aDesc[h], bDesc[r][h]);
            else
              rsN32(acc[r], a[h], bDesc[r][h]);
          }
          count += 2;
        }
      }
    }
    commit();
    waitGroup<1>();
  }
  waitGroup<0>();
  float sum = 0.f;
  for (int r = 0; r < kRows; ++r)
    for (int i = 0; i < 16; ++i)
      sum += acc[r][i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
  if (threadIdx.x % 128 == 0)
    atomicAdd(issued, count);
}

int main() {
  int sms = 0, clockKHz = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
  const int steps = 1 << 14;
  float *out;
  uint8_t *masks;
  unsigned long long *issued;
  CK(cudaMalloc(&out, sizeof(float) * sms * 4 * 256));
  CK(cudaMalloc(&masks, 256));
  CK(cudaMalloc(&issued, sizeof(unsigned long long)));
  printf("%d multiprocessors, %d MHz; multiply-adds a cycle a multiprocessor "
         "(dense fp16 peak 2048)\n",
         sms, clockKHz / 1000);
  const char *names[] = {"rs", "rs_skip", "ss", "ss128"};
  // Products per wgmma: m64n32k16 = 32768, m64n128k16 = 131072.
  for (double density : {1.0, 0.5, 0.25}) {
    std::vector<uint8_t> h(256);
    uint32_t x = 12345;
    for (auto &m : h) {
      m = 0;
      for (int r = 0; r < kRows; ++r) {
        x = x * 1664525u + 1013904223u;
        if ((x >> 8) % 1000 < density * 1000)
          m |= 1 << r;
      }
    }
    CK(cudaMemcpy(masks, h.data(), 256, cudaMemcpyHostToDevice));
    for (int mode = 0; mode < 4; ++mode) {
      if (density < 1.0 && mode != kRsSkip)
        continue;
      for (int warpgroups : {1, 2}) {
        for (int perSm : {1, 2}) {
          if (warpgroups == 2 && perSm == 2)
            continue;
          int blocks = sms * perSm, threads = 128 * warpgroups;
          double t;
          unsigned long long count = 0;
          auto launch = [&] {
            switch (mode) {
            case kRs:
              run<kRs><<<blocks, threads>>>(steps, masks, out, issued);
              break;
            case kRsSkip:
              run<kRsSkip><<<blocks, threads>>>(steps, masks, out, issued);
              break;
            case kSs:
              run<kSs><<<blocks, threads>>>(steps, masks, out, issued);
              break;
            default:
              run<kSs128><<<blocks, threads>>>(steps, masks, out, issued);
            }
          };
          if (timeLaunches(launch, issued, t, count))
            return 1;
          double per = mode == kSs128 ? 131072.0 : 32768.0;
          double macs = (double)count * per;
          double rate = macs / t / sms / (clockKHz * 1e3);
          printf("%-8s d=%.2f warpgroups=%d blocks/SM=%d: %7.1f multiply-adds "
                 "a cycle a multiprocessor (%.0f%% of 2048), %.3f ms\n",
                 names[mode], density, warpgroups, perSm, rate,
                 100.0 * rate / 2048, t * 1e3);
        }
      }
    }
  }
  return 0;
}
