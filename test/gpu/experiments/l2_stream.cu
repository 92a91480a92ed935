// How fast the multiprocessors can pull bytes out of L2 (a calibration for
// the BSR tiles, whose operands are re-read from L2): a buffer that fits in
// L2 is read over and over by every multiprocessor, by
//   bulk   - one thread a block issuing 1-D cp.async.bulk copies of C bytes
//            into a ring of 4 slots (mbarrier complete_tx), nothing consumes;
//   box64  - TMA boxes of 256 rows x 64 bytes of a row-major fp16 [R, 4096]
//            matrix at pseudo-random 32-column offsets (the BSR X gather),
//            64-byte swizzle;
//   box128 - the same with boxes of 256 rows x 128 bytes (64 columns),
//            128-byte swizzle;
//   ldg    - 16-byte loads by every thread (grid-stride).
// Each figure is bytes moved / time, the median of 7 launches after one
// warm-up launch (the buffer is then in L2), and per busy multiprocessor
// and cycle of its clock (cudaDevAttrClockRate). Fewer blocks
// than multiprocessors show one multiprocessor's own rate with L2 mostly
// idle.
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a -o l2_stream l2_stream.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "check_cuda.h"

constexpr int kSlots = 4;

__device__ __forceinline__ unsigned smemAddr(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void mbarInit(uint64_t *bar, unsigned count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(smemAddr(bar)),
               "r"(count));
}
__device__ __forceinline__ void mbarExpect(uint64_t *bar, unsigned bytes) {
  asm volatile(
      "mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(smemAddr(bar)),
      "r"(bytes));
}
__device__ __forceinline__ void mbarWait(uint64_t *bar, unsigned phase) {
  asm volatile("{\n.reg .pred p;\nW: mbarrier.try_wait.parity.shared.b64 p, "
               "[%0], %1;\n@!p bra W;\n}" ::"r"(smemAddr(bar)),
               "r"(phase));
}

// mode 0: 1-D bulk copies of `chunk` bytes; mode 1 / 2: 2-D boxes of the
// tensor map (box bytes = chunk).
__global__ void __launch_bounds__(32)
    pull(const uint8_t *buf, size_t bufBytes, int chunk, int iters, int mode,
         const __grid_constant__ CUtensorMap map, int rowTiles, int colTiles,
         unsigned *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ uint64_t bars[kSlots];
  if (threadIdx.x != 0)
    return;
  for (int s = 0; s < kSlots; ++s)
    mbarInit(&bars[s], 1);
  asm volatile("fence.mbarrier_init.release.cluster;");
  size_t chunks = bufBytes / chunk;
  unsigned state = blockIdx.x * 2654435761u + 12345u;
  for (int i = 0; i < iters; ++i) {
    int s = i % kSlots;
    if (i >= kSlots)
      mbarWait(&bars[s], ((i / kSlots) - 1) & 1);
    mbarExpect(&bars[s], chunk);
    unsigned dst = smemAddr(smem + (size_t)s * chunk);
    state = state * 1664525u + 1013904223u;
    if (mode == 0) {
      const uint8_t *src = buf + (size_t)(state >> 8) % chunks * chunk;
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_"
                   "tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
                   "l"(src), "r"(chunk), "r"(smemAddr(&bars[s]))
                   : "memory");
    } else {
      int col = (state >> 8) % colTiles, row = (state >> 20) % rowTiles;
      int colElems = mode == 1 ? 32 : 64;
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                   "complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst),
                   "l"(&map), "r"(col * colElems), "r"(row * 256),
                   "r"(smemAddr(&bars[s]))
                   : "memory");
    }
  }
  for (int i = iters > kSlots ? iters - kSlots : 0; i < iters; ++i)
    mbarWait(&bars[i % kSlots], (i / kSlots) & 1);
  if (smem[0] == 0xFF && smem[1] == 0xFE)
    *sink = 1;
}

__global__ void ldg(const uint4 *buf, size_t n, int passes, unsigned *sink) {
  unsigned acc = 0;
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t start = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (int p = 0; p < passes; ++p)
    for (size_t i = start; i < n; i += stride) {
      uint4 v = __ldcg(buf + (i + p * 7919 * 32) % n);
      acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
  if (acc == 0x12345678u)
    *sink = acc;
}

template <typename F> float timeIt(F launch) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  launch();
  std::vector<float> ms;
  for (int r = 0; r < 7; ++r) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[3];
}

int main() {
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int sms = prop.multiProcessorCount;
  int clockKHz = 0;
  CK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
  printf("%s: %d multiprocessors, L2 %d MB\n", prop.name, sms,
         prop.l2CacheSize >> 20);
  CK(cudaFuncSetAttribute(pull, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          200 * 1024));
  unsigned *sink;
  CK(cudaMalloc(&sink, 4));
  size_t maxBytes = 32u << 20;
  uint8_t *buf;
  CK(cudaMalloc(&buf, maxBytes));
  CK(cudaMemset(buf, 1, maxBytes));
  auto encode = [&](CUtensorMap &map, int rows, int boxCols) {
    cuuint64_t dims[2] = {4096, (cuuint64_t)rows};
    cuuint64_t strides[1] = {4096 * 2};
    cuuint32_t box[2] = {(cuuint32_t)boxCols, 256};
    cuuint32_t elem[2] = {1, 1};
    return cuTensorMapEncodeTiled(
        &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, buf, dims, strides, box,
        elem, CU_TENSOR_MAP_INTERLEAVE_NONE,
        boxCols == 32 ? CU_TENSOR_MAP_SWIZZLE_64B : CU_TENSOR_MAP_SWIZZLE_128B,
        CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  };
  printf("%-8s %8s %6s %8s %8s %9s %8s\n", "mode", "buffer", "chunk",
         "blocks", "us", "TB/s", "B/clk/SM");
  for (size_t bufMB : {8, 24}) {
    size_t bytes = bufMB << 20;
    int rows = (int)(bytes / 8192);
    for (int mode = 0; mode < 3; ++mode)
      for (int blocksPerSM : {-16, -4, -2, 1, 2}) {
        int chunk = mode == 0 ? 16384 : mode == 1 ? 16384 : 32768;
        CUtensorMap map{};
        if (mode > 0 && encode(map, rows, mode == 1 ? 32 : 64) != CUDA_SUCCESS) {
          printf("cuTensorMapEncodeTiled failed\n");
          return 1;
        }
        // blocksPerSM < 0: one block on every -blocksPerSM-th multiprocessor's
        // worth (fewer blocks than multiprocessors), to see one
        // multiprocessor's own rate with L2 mostly idle.
        int blocks = blocksPerSM > 0 ? sms * blocksPerSM : sms / -blocksPerSM;
        int iters = 2048;
        int colTiles = mode == 1 ? 128 : 64, rowTiles = rows / 256;
        size_t smemBytes = (size_t)kSlots * chunk;
        if (blocksPerSM == 2 && smemBytes > 100 * 1024)
          continue;
        float ms = timeIt([&] {
          pull<<<blocks, 32, smemBytes>>>(buf, bytes, chunk, iters, mode, map,
                                          rowTiles, colTiles, sink);
        });
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        double moved = (double)blocks * iters * chunk;
        printf("%-8s %6zuMB %6d %8d %8.1f %9.2f %8.1f\n",
               mode == 0 ? "bulk" : mode == 1 ? "box64" : "box128", bufMB,
               chunk, blocks, ms * 1e3, moved / (ms * 1e-3) / 1e12,
               moved / std::min(blocks, sms) / (ms * 1e-3) /
                   (clockKHz * 1e3));
      }
    for (int threads : {256, 1024}) {
      int blocks = sms * 2048 / threads;
      int passes = 64;
      size_t n = bytes / 16;
      float ms = timeIt([&] {
        ldg<<<blocks, threads>>>((const uint4 *)buf, n, passes, sink);
      });
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      printf("%-8s %6zuMB %6d %8d %8.1f %9.2f\n", "ldg", bufMB, 16, blocks,
             ms * 1e3, (double)bytes * passes / (ms * 1e-3) / 1e12);
    }
  }
  return 0;
}
