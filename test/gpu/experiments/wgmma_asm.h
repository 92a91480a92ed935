// The standalone wgmma experiments' helpers (wgmma_skip.cu,
// wgmma_rowloop.cu): shared-memory descriptors without swizzle, m64nNk16
// f16 -> f32 wgmma with A from registers (RS) or shared memory (SS), the
// fence / commit / wait of a warpgroup, and the host's timing loop.
#ifndef QGEMM_EXPERIMENTS_WGMMA_ASM_H
#define QGEMM_EXPERIMENTS_WGMMA_ASM_H

#include <algorithm>
#include <cstdint>
#include <vector>

#include "check_cuda.h"

__device__ __forceinline__ uint64_t desc(const void *p, unsigned lbo,
                                         unsigned sbo) {
  uint64_t a = (uint64_t)__cvta_generic_to_shared(p);
  return ((a & 0x3FFFF) >> 4) | ((uint64_t)(lbo >> 4) << 16) |
         ((uint64_t)(sbo >> 4) << 32);
}

#define ACC16(a)                                                               \
  "+f"((a)[0]), "+f"((a)[1]), "+f"((a)[2]), "+f"((a)[3]), "+f"((a)[4]),        \
      "+f"((a)[5]), "+f"((a)[6]), "+f"((a)[7]), "+f"((a)[8]), "+f"((a)[9]),    \
      "+f"((a)[10]), "+f"((a)[11]), "+f"((a)[12]), "+f"((a)[13]),              \
      "+f"((a)[14]), "+f"((a)[15])

__device__ __forceinline__ void rsN32(float *d, const uint32_t *a, uint64_t b) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 "
               "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, "
               "%14, %15}, {%16, %17, %18, %19}, %20, p, 1, 1, 0;\n}\n"
               : ACC16(d)
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
}

__device__ __forceinline__ void ssN32(float *d, uint64_t a, uint64_t b) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 "
               "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, "
               "%14, %15}, %16, %17, p, 1, 1, 0, 0;\n}\n"
               : ACC16(d)
               : "l"(a), "l"(b));
}

#define ACC64(a) ACC16((a)), ACC16((a) + 16), ACC16((a) + 32), ACC16((a) + 48)

__device__ __forceinline__ void ssN128(float *d, uint64_t a, uint64_t b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
      "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, "
      "%29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, "
      "%43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, "
      "%57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
      : ACC64(d)
      : "l"(a), "l"(b));
}

__device__ __forceinline__ void fence() {
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void commit() {
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void waitGroup() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}

/// Runs `launch()` 8 times, `issued` zeroed before each: `seconds` is the
/// median time of the last 7 (CUDA events), `count` what the last one
/// counted in `issued`. Returns 1 on a CUDA error (CK), else 0.
template <class Launch>
int timeLaunches(Launch launch, unsigned long long *issued, double &seconds,
                 unsigned long long &count) {
  std::vector<float> ms;
  for (int rep = 0; rep < 8; ++rep) {
    CK(cudaMemset(issued, 0, sizeof(unsigned long long)));
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0);
    launch();
    cudaEventRecord(e1);
    CK(cudaEventSynchronize(e1));
    CK(cudaGetLastError());
    float t;
    cudaEventElapsedTime(&t, e0, e1);
    if (rep > 0)
      ms.push_back(t);
    CK(cudaMemcpy(&count, issued, sizeof(count), cudaMemcpyDeviceToHost));
  }
  std::sort(ms.begin(), ms.end());
  seconds = ms[ms.size() / 2] * 1e-3;
  return 0;
}

#endif // QGEMM_EXPERIMENTS_WGMMA_ASM_H
