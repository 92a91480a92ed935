// The tensor-core rate of a BSR union step that skips absent blocks with a
// loop per block row instead of a branch per block (wgmma_skip.cu measured
// the branch: ptxas serializes it, 31% of the peak at d = 0.5). A warpgroup
// holds 8 accumulators of m64n32 (8 block rows, 128 f32 registers a
// thread); a step covers C block columns (K = 32 C) of X, 64 rows a
// warpgroup, in shared memory, and the blocks of the 8 rows in those
// columns. Per step and row, a loop runs over the set bits of the row's
// C-bit mask (the columns it stores) and issues two wgmma m64n32k16 (A = X,
// B = the block, both from shared memory) into that row's accumulator; one
// commit and wait a step.
//   loop   - that form (the masks drawn with density D);
//   branch - every (row, column) behind a branch on its bit (the v51 form);
//   ss128  - the union tiles' form: two m64n128k16 per k16 half over the
//            8 rows for every column, zeros included (the dense rate);
//   pair   - the transposed form (Y^T = W . X^T): A = two block rows of a
//            column (64 channels), B = X^T of 128 tokens, m64n128k16; a
//            warpgroup holds two such pairs (128 f32 registers a thread)
//            and skips a pair's two wgmma behind a branch when neither of
//            its rows stores the column;
//   pairp  - the same, the two wgmma under a guard predicate instead;
//   pairu  - the same, the branch a `bra.uni` inside the inline PTX block
//            that holds the two wgmma (ptxas serializes the wgmma of pair
//            and pairp, C7520, not those of pairu).
// Each figure is multiply-adds issued / time, the median of 7 launches,
// per multiprocessor and cycle; the dense fp16 peak is 2048.
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a -o wgmma_rowloop
//   wgmma_rowloop.cu
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#include "check_cuda.h"
#include "wgmma_asm.h"

enum Mode {
  kLoop = 0,
  kBranch = 1,
  kSs128 = 2,
  kPair = 3,
  kPairPred = 4,
  kPairUni = 5
};

/// The pair step's two wgmma m64n128k16 (k halves) under a guard
/// predicate (PRED) or skipped by a bra.uni around them (UNI), in one asm
/// block so that ptxas sees the branch as uniform.
template <bool UNI>
__device__ __forceinline__ void pairN128(float *d, unsigned take, uint64_t a0,
                                         uint64_t b0, uint64_t a1,
                                         uint64_t b1) {
  if (UNI)
    asm volatile(
        "{\n.reg .pred p, q;\nsetp.ne.b32 p, 1, 0;\nsetp.eq.u32 q, %64, 0;\n"
        "@q bra.uni SKIP%=;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
        "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, "
        "%29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, "
        "%43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, "
        "%57, %58, %59, %60, %61, %62, %63}, %65, %66, p, 1, 1, 0, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
        "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, "
        "%29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, "
        "%43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, "
        "%57, %58, %59, %60, %61, %62, %63}, %67, %68, p, 1, 1, 0, 0;\n"
        "SKIP%=:\n}\n"
        : ACC64(d)
        : "r"(take), "l"(a0), "l"(b0), "l"(a1), "l"(b1));
  else
    asm volatile(
        "{\n.reg .pred p, q;\nsetp.ne.b32 p, 1, 0;\nsetp.ne.u32 q, %64, 0;\n"
        "@q wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
        "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, "
        "%29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, "
        "%43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, "
        "%57, %58, %59, %60, %61, %62, %63}, %65, %66, p, 1, 1, 0, 0;\n"
        "@q wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
        "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, "
        "%29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, "
        "%43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, "
        "%57, %58, %59, %60, %61, %62, %63}, %67, %68, p, 1, 1, 0, 0;\n}\n"
        : ACC64(d)
        : "r"(take), "l"(a0), "l"(b0), "l"(a1), "l"(b1));
}

constexpr int kRows = 8;

/// masks[s % 256][r]: the columns (C bits) row r stores at step s.
template <int MODE, int C>
__global__ void __launch_bounds__(256, 1)
    run(int steps, const uint8_t *masks, float *out,
        unsigned long long *issued) {
  // Blocks: [row][column] of 32 x 32 fp16; X: [warpgroup][column] 64 x 32.
  __shared__ __align__(1024) uint16_t bTiles[kRows * C * 1024];
  __shared__ __align__(1024) uint16_t xTile[2 * C * 2048];
  __shared__ uint8_t sMasks[256 * kRows];
  for (int i = threadIdx.x; i < 256 * kRows; i += blockDim.x)
    sMasks[i] = masks[i];
  for (int i = threadIdx.x; i < kRows * C * 1024; i += blockDim.x)
    bTiles[i] = 0x3C00;
  for (int i = threadIdx.x; i < 2 * C * 2048; i += blockDim.x)
    xTile[i] = 0x3C00;
  __syncthreads();
  int wg = threadIdx.x / 128;
  float acc[kRows][16];
  for (int r = 0; r < kRows; ++r)
    for (int i = 0; i < 16; ++i)
      acc[r][i] = 0.f;
  // Core matrices of 8 rows x 16 bytes: LBO 128 (next K core), SBO 256
  // (next 8 rows); a k16 half starts 32 bytes further.
  uint64_t bBase = desc(bTiles, 128, 256),
           xBase = desc(xTile + wg * C * 2048, 128, 256);
  unsigned long long count = 0;
  for (int s = 0; s < steps; ++s) {
    const uint8_t *m = sMasks + (s & 255) * kRows;
    fence();
    if (MODE == kSs128) {
#pragma unroll
      for (int c = 0; c < C; ++c)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          // Rows 0..3 and 4..7 as n128 (the layout is not the union
          // tiles', the rate is).
          ssN128(&acc[0][0], xBase + (c * 2048 + h * 16) / 8,
                 bBase + (c * 1024 + h * 16) / 8);
          ssN128(&acc[4][0], xBase + (c * 2048 + h * 16) / 8,
                 bBase + ((4 * C + c) * 1024 + h * 16) / 8);
        }
      count += 4 * C * 4;
    } else if (MODE == kPair) {
#pragma unroll
      for (int c = 0; c < C; ++c)
#pragma unroll
        for (int p = 0; p < 2; ++p) {
          // Rows 2p, 2p + 1 of this warpgroup's four (the mask of row r
          // has bit c when row r stores column c).
          if ((m[4 * wg + 2 * p] | m[4 * wg + 2 * p + 1]) & (1u << c)) {
#pragma unroll
            for (int h = 0; h < 2; ++h)
              ssN128(&acc[4 * p][0], bBase + (c * 1024 + h * 16) / 8,
                     xBase + (c * 2048 + h * 16) / 8);
            count += 8;
          }
        }
    } else if (MODE == kPairPred || MODE == kPairUni) {
#pragma unroll
      for (int c = 0; c < C; ++c)
#pragma unroll
        for (int p = 0; p < 2; ++p) {
          unsigned take =
              (m[4 * wg + 2 * p] | m[4 * wg + 2 * p + 1]) & (1u << c);
          pairN128<MODE == kPairUni>(
              &acc[4 * p][0], take, bBase + (c * 1024) / 8,
              xBase + (c * 2048) / 8, bBase + (c * 1024 + 16) / 8,
              xBase + (c * 2048 + 16) / 8);
          count += take ? 8 : 0;
        }
    } else if (MODE == kLoop) {
#pragma unroll
      for (int r = 0; r < kRows; ++r) {
        unsigned bits = m[r];
        while (bits) {
          int c = __ffs(bits) - 1;
          bits &= bits - 1;
#pragma unroll
          for (int h = 0; h < 2; ++h)
            ssN32(acc[r], xBase + (c * 2048 + h * 16) / 8,
                  bBase + ((r * C + c) * 1024 + h * 16) / 8);
          count += 2;
        }
      }
    } else {
#pragma unroll
      for (int r = 0; r < kRows; ++r) {
        unsigned bits = m[r];
#pragma unroll
        for (int c = 0; c < C; ++c)
          if (bits & (1u << c)) {
#pragma unroll
            for (int h = 0; h < 2; ++h)
              ssN32(acc[r], xBase + (c * 2048 + h * 16) / 8,
                    bBase + ((r * C + c) * 1024 + h * 16) / 8);
            count += 2;
          }
      }
    }
    commit();
    waitGroup<0>();
  }
  float sum = 0.f;
  for (int r = 0; r < kRows; ++r)
    for (int i = 0; i < 16; ++i)
      sum += acc[r][i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
  if (threadIdx.x % 128 == 0)
    atomicAdd(issued, count);
}

template <int MODE, int C>
void launch(int blocks, int threads, int steps, const uint8_t *masks,
            float *out, unsigned long long *issued) {
  run<MODE, C><<<blocks, threads>>>(steps, masks, out, issued);
}

int main() {
  int sms = 0, clockKHz = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
  const int steps = 1 << 13;
  float *out;
  uint8_t *masks;
  unsigned long long *issued;
  CK(cudaMalloc(&out, sizeof(float) * sms * 2 * 256));
  CK(cudaMalloc(&masks, 256 * kRows));
  CK(cudaMalloc(&issued, sizeof(unsigned long long)));
  printf("%d multiprocessors, %d MHz; multiply-adds a cycle a multiprocessor "
         "(dense fp16 peak 2048)\n",
         sms, clockKHz / 1000);
  const char *names[] = {"loop", "branch", "ss128", "pair", "pairp", "pairu"};
  for (int C : {2, 4}) {
    for (double density : {1.0, 0.5, 0.25, 0.1}) {
      std::vector<uint8_t> h(256 * kRows);
      uint32_t x = 12345;
      for (auto &m : h) {
        m = 0;
        for (int c = 0; c < C; ++c) {
          x = x * 1664525u + 1013904223u;
          if ((x >> 8) % 1000 < density * 1000)
            m |= 1 << c;
        }
      }
      CK(cudaMemcpy(masks, h.data(), h.size(), cudaMemcpyHostToDevice));
      for (int mode = 0; mode < 6; ++mode) {
        if (mode == kSs128 && density < 1.0)
          continue;
        for (int warpgroups : {1, 2}) {
          int blocks = sms, threads = 128 * warpgroups;
          using L = void (*)(int, int, int, const uint8_t *, float *,
                             unsigned long long *);
          L f2[] = {launch<kLoop, 2>,     launch<kBranch, 2>,
                    launch<kSs128, 2>,    launch<kPair, 2>,
                    launch<kPairPred, 2>, launch<kPairUni, 2>};
          L f4[] = {launch<kLoop, 4>,     launch<kBranch, 4>,
                    launch<kSs128, 4>,    launch<kPair, 4>,
                    launch<kPairPred, 4>, launch<kPairUni, 4>};
          L f = C == 2 ? f2[mode] : f4[mode];
          double t;
          unsigned long long count = 0;
          if (timeLaunches(
                  [&] { f(blocks, threads, steps, masks, out, issued); },
                  issued, t, count))
            return 1;
          double per = 32768.0; // counted in m64n32k16 units
          double macs = (double)count * per;
          double rate = macs / t / sms / (clockKHz * 1e3);
          printf("C=%d %-6s d=%.2f warpgroups=%d: %7.1f (%.0f%%), %.3f ms\n", C,
                 names[mode], density, warpgroups, rate, 100.0 * rate / 2048,
                 t * 1e3);
        }
      }
    }
  }
  return 0;
}
