// How fast the weight bytes stream under the access pattern of a ring
// mainloop: each block owns R rows of a row-major [N, K] int8 matrix over
// one of S K slices and copies R x BK bytes a stage with cp.async (16 bytes
// a thread, 128 threads, `stages` deep), as the W8A8 ring does; against the
// same bytes read as contiguous stages and a plain streaming read. L2 is
// flushed before every timed launch.
//
//   nvcc -O3 -arch=sm_90a -o stream_pattern stream_pattern.cu && ./stream_pattern
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#include <vector>

#include "check_cuda.h"

__device__ __forceinline__ void cpAsync16(void *s, const void *g) {
  unsigned sa = (unsigned)__cvta_generic_to_shared(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sa), "l"(g));
}
__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;\n"); }
template <int N> __device__ __forceinline__ void waitGroup() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

// mode 0: rows (R rows x BK bytes of row-major [N, K]); mode 1: contiguous
// stages of R * BK bytes (a tiled layout).
template <int STAGES>
__global__ void ring(const uint8_t *w, int n, int k, int r, int bk, int s,
                     int mode, unsigned *sink) {
  extern __shared__ uint4 smem[];
  int stageBytes = r * bk;
  int chunks = stageBytes / 16;
  int kSlice = k / s;
  int trips = kSlice / bk;
  int col = blockIdx.x, slice = blockIdx.y;
  auto issue = [&](int it) {
    uint4 *dst = smem + (it % STAGES) * chunks;
    for (int c = threadIdx.x; c < chunks; c += blockDim.x) {
      const uint8_t *src;
      if (mode == 0) {
        int row = c / (bk / 16), c16 = c % (bk / 16);
        src = w + (size_t)(col * r + row) * k + slice * kSlice + it * bk +
              c16 * 16;
      } else {
        size_t tile = (size_t)col * s * trips + slice * trips + it;
        src = w + tile * stageBytes + (size_t)c * 16;
      }
      cpAsync16(dst + c, src);
    }
  };
  for (int i = 0; i < STAGES - 1; ++i) {
    if (i < trips) issue(i);
    commit();
  }
  unsigned acc = 0;
  for (int it = 0; it < trips; ++it) {
    waitGroup<STAGES - 2>();
    __syncthreads();
    uint4 v = smem[(it % STAGES) * chunks + threadIdx.x];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
    __syncthreads();
    if (it + STAGES - 1 < trips) issue(it + STAGES - 1);
    commit();
  }
  if (acc == 0x12345678u) sink[0] = acc;
}

__global__ void stream(const uint4 *w, size_t n16, unsigned *sink) {
  unsigned acc = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16;
       i += (size_t)gridDim.x * blockDim.x) {
    uint4 v = __ldcs(w + i);
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x12345678u) sink[0] = acc;
}

int main() {
  const int N = 4096, K = 4096;
  size_t bytes = (size_t)N * K;
  uint8_t *w;
  unsigned *sink;
  char *flush;
  const size_t flushBytes = 256u << 20;
  CK(cudaMalloc(&w, bytes * 2));
  CK(cudaMalloc(&sink, 4));
  CK(cudaMalloc(&flush, flushBytes));
  CK(cudaMemset(w, 1, bytes * 2));
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  auto timeIt = [&](auto launch) {
    float total = 0;
    const int reps = 10;
    for (int i = 0; i < reps + 2; ++i) {
      cudaMemsetAsync(flush, i, flushBytes);
      cudaEventRecord(a);
      launch();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float ms;
      cudaEventElapsedTime(&ms, a, b);
      if (i >= 2) total += ms;
    }
    return total / reps * 1000.0f;
  };
  // The empty kernel: what the events measure around nothing.
  float empty = timeIt([&] { stream<<<1, 32>>>((const uint4 *)w, 0, sink); });
  printf("empty kernel: %.2f us\n", empty);
  struct Case {
    const char *name;
    int r, bk, s, stages, mode;
  };
  std::vector<Case> cases = {
      {"rows 64x128 S4 st4 (W8A8 M=64)", 64, 128, 4, 4, 0},
      {"rows 128x128 S2 st4 (M=128)", 128, 128, 2, 4, 0},
      {"rows 128x128 S1 st4", 128, 128, 1, 4, 0},
      {"rows 64x128 S1 st4", 64, 128, 1, 4, 0},
      {"rows 64x128 S8 st4", 64, 128, 8, 4, 0},
      {"rows 64x256 S4 st4", 64, 256, 4, 4, 0},
      {"rows 64x512 S4 st3", 64, 512, 4, 3, 0},
      {"rows 32x512 S4 st4", 32, 512, 4, 4, 0},
      {"rows 64x128 S4 st8", 64, 128, 4, 8, 0},
      {"tiled 64x128 S4 st4", 64, 128, 4, 4, 1},
      {"tiled 128x128 S2 st4", 128, 128, 2, 4, 1},
      {"tiled 64x128 S8 st4", 64, 128, 8, 4, 1},
  };
  for (const Case &c : cases) {
    int smemBytes = c.r * c.bk * c.stages;
    dim3 grid(N / c.r, c.s);
    auto run = [&](auto kern) {
      cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           smemBytes);
      return timeIt([&] {
        kern<<<grid, 128, smemBytes>>>(w, N, K, c.r, c.bk, c.s, c.mode, sink);
      });
    };
    float us = c.stages == 3   ? run(ring<3>)
               : c.stages == 4 ? run(ring<4>)
                               : run(ring<8>);
    CK(cudaGetLastError());
    printf("%-34s blocks %5d smem %6d  %7.2f us  %6.0f GB/s  (net of empty "
           "%6.0f GB/s)\n",
           c.name, grid.x * grid.y, smemBytes, us, bytes / us / 1e3,
           bytes / (us - empty) / 1e3);
  }
  for (size_t sz : {bytes, bytes * 2}) {
    for (int blocks : {132, 264, 528, 1056}) {
      float us = timeIt([&] {
        stream<<<blocks, 512>>>((const uint4 *)w, sz / 16, sink);
      });
      printf("stream %5.1f MB %5d x 512        %7.2f us  %6.0f GB/s  (net "
             "%6.0f GB/s)\n",
             sz / 1e6, blocks, us, sz / us / 1e3, sz / (us - empty) / 1e3);
    }
  }
  return 0;
}
