//===- w8a8_harness.cu - GPU check and benchmark of the W8A8 stubs --------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Links the host stubs that qgemm-compile generates for test/gpu/kernels/*.mlir
// and runs them on the GPU:
//
//  --check  runs every kernel over many M (ragged ones included) on fresh
//           random inputs, with y and the workspace poisoned (0xFF bytes)
//           first, and compares with the C++ reference (qgemm::ref): the
//           quantized activations xq and their scales sx bit-exactly, y by
//           relative Frobenius error (<= 1e-3), also reporting the max abs
//           difference and the number of bit mismatches. Each case runs twice
//           and both results must be bit-identical. Exits 1 if a case fails.
//  --bench  times each kernel (one stub call: quantization + GEMM) against
//           cuBLAS fp16 (cublasGemmEx) and cuBLASLt int8 (int8 x int8 ->
//           int32) on the same M, N, K, with CUDA events, warm-up, and the L2
//           flushed by a 256 MiB memset before every run. Prints a table and
//           writes the full results as JSON (--json PATH).
//
// Build and run through test/gpu/run.sh; see test/gpu/README.md.
//
//===----------------------------------------------------------------------===//

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "w8a8_n1024_k4096.h"
#include "w8a8_n11008_k4096.h"
#include "w8a8_n4096_k1024.h"
#include "w8a8_n4096_k4096.h"

#include "qgemm/Reference/Reference.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace ref = qgemm::ref;

namespace {

//===----------------------------------------------------------------------===//
// The kernels under test
//===----------------------------------------------------------------------===//

using StubFn = qgemm_status (*)(CUdeviceptr x, CUdeviceptr wq, CUdeviceptr sw,
                                CUdeviceptr y, int64_t m, CUdeviceptr workspace,
                                CUstream stream);

/// One generated W8A8 function: Y[M, n] = X[M, k] . Wq[n, k]^T.
struct Kernel {
  const char *name;
  int64_t n;
  int64_t k;
  size_t (*workspaceSize)(int64_t m);
  StubFn run;
  const char *(*jitLog)(void);
};

#define QGEMM_W8A8_KERNEL(N, K)                                                \
  Kernel {                                                                     \
    "w8a8_n" #N "_k" #K, N, K, qgemm_w8a8_n##N##_k##K##_workspace_size,        \
        qgemm_w8a8_n##N##_k##K, qgemm_w8a8_n##N##_k##K##_jit_log               \
  }

const Kernel kKernels[] = {
    QGEMM_W8A8_KERNEL(4096, 4096),
    QGEMM_W8A8_KERNEL(1024, 4096),
    QGEMM_W8A8_KERNEL(4096, 1024),
    QGEMM_W8A8_KERNEL(11008, 4096),
};

const int64_t kCheckMs[] = {1, 2, 7, 16, 33, 64, 127, 256, 1000, 4096};
const int64_t kBenchMs[] = {1, 16, 64, 256, 1024, 4096};

/// Peak bandwidth used for the memory floor (B/s); a 1 GiB device copy
/// measured 4.2 TB/s on one H200.
constexpr double kPeakBandwidth = 4.0e12;
/// Bytes written between timed runs to evict the inputs from L2 (50 MB).
constexpr size_t kFlushBytes = size_t(256) << 20;
/// Above this many MACs, the reference y is computed on sampled rows only.
constexpr double kFullReferenceMacs = 2.0e10;
/// Poisoned bytes behind y and the workspace that a kernel must not write.
constexpr size_t kGuardBytes = 64 << 10;
/// Pass bound on the relative Frobenius error of y.
constexpr double kMaxRelErr = 1e-3;

/// The kernel whose stub ran last; its JIT log is printed on any CUDA error.
const Kernel *gCurrent = nullptr;

void printJitLog(const Kernel *k) {
  if (!k)
    return;
  const char *log = k->jitLog();
  std::fprintf(stderr, "--- jit log of %s ---\n%s\n--- end of jit log ---\n",
               k->name, log && *log ? log : "(empty)");
}

//===----------------------------------------------------------------------===//
// Error handling: every failure prints and exits non-zero
//===----------------------------------------------------------------------===//

#define CUDA_CHECK(expr)                                                       \
  do {                                                                         \
    cudaError_t err_ = (expr);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,  \
                   #expr, cudaGetErrorName(err_), cudaGetErrorString(err_));   \
      printJitLog(gCurrent);                                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define CUBLAS_CHECK(expr)                                                     \
  do {                                                                         \
    cublasStatus_t st_ = (expr);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,  \
                   #expr, cublasGetStatusName(st_),                            \
                   cublasGetStatusString(st_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

[[noreturn]] void fatal(const std::string &msg) {
  std::fprintf(stderr, "error: %s\n", msg.c_str());
  std::exit(1);
}

void checkRef(const std::string &err, const char *what) {
  if (!err.empty())
    fatal(std::string("reference ") + what + ": " + err);
}

/// Calls a stub; on failure prints the status and the JIT log and exits.
void runStub(const Kernel &k, CUdeviceptr x, CUdeviceptr wq, CUdeviceptr sw,
             CUdeviceptr y, int64_t m, CUdeviceptr ws, cudaStream_t stream) {
  gCurrent = &k;
  qgemm_status st = k.run(x, wq, sw, y, m, ws, (CUstream)stream);
  if (st != QGEMM_SUCCESS) {
    std::fprintf(stderr, "error: qgemm_%s(m = %lld) returned %d (%s)\n", k.name,
                 (long long)m, (int)st, qgemm_status_string(st));
    printJitLog(&k);
    std::exit(1);
  }
  CUDA_CHECK(cudaGetLastError());
}

//===----------------------------------------------------------------------===//
// Random numbers: counter-based, identical on host and device
//===----------------------------------------------------------------------===//

__host__ __device__ inline uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

__host__ __device__ inline uint64_t hashAt(uint64_t seed, uint64_t i) {
  return mix64((seed * 0x632be59bd9b4e019ULL) ^ mix64(i));
}

/// Uniform in the open interval (0, 1).
__host__ __device__ inline float unit01(uint64_t h) {
  return (float(h >> 40) + 0.5f) * (1.0f / 16777216.0f);
}

/// Standard normal (Box-Muller) from element i of stream `seed`.
inline float gaussAt(uint64_t seed, uint64_t i) {
  float u1 = unit01(hashAt(seed, 2 * i));
  float u2 = unit01(hashAt(seed, 2 * i + 1));
  return std::sqrt(-2.0f * std::log(u1)) * std::cos(6.2831853f * u2);
}

__global__ void fillHalfKernel(__half *p, size_t n, uint64_t seed, float amp) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    float v = (2.0f * unit01(hashAt(seed, i)) - 1.0f) * amp;
    if (fabsf(v) < 1e-3f * amp) // never zero
      v = v < 0.0f ? -1e-3f * amp : 1e-3f * amp;
    p[i] = __float2half_rn(v);
  }
}

__global__ void fillInt8Kernel(int8_t *p, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    int v = int(hashAt(seed, i) % 255) - 127; // -127..127
    p[i] = int8_t(v == 0 ? 1 : v);
  }
}

__global__ void fillFloatKernel(float *p, size_t n, uint64_t seed, float lo,
                                float hi) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    p[i] = lo + (hi - lo) * unit01(hashAt(seed, i));
}

unsigned fillBlocks(size_t n) {
  return unsigned(std::min<size_t>((n + 255) / 256, 4096));
}

void fillHalf(void *p, size_t n, uint64_t seed, float amp) {
  fillHalfKernel<<<fillBlocks(n), 256>>>((__half *)p, n, seed, amp);
  CUDA_CHECK(cudaGetLastError());
}
void fillInt8(void *p, size_t n, uint64_t seed) {
  fillInt8Kernel<<<fillBlocks(n), 256>>>((int8_t *)p, n, seed);
  CUDA_CHECK(cudaGetLastError());
}
void fillFloat(void *p, size_t n, uint64_t seed, float lo, float hi) {
  fillFloatKernel<<<fillBlocks(n), 256>>>((float *)p, n, seed, lo, hi);
  CUDA_CHECK(cudaGetLastError());
}

//===----------------------------------------------------------------------===//
// Host helpers
//===----------------------------------------------------------------------===//

unsigned numThreads() {
  unsigned t = std::thread::hardware_concurrency();
  return t == 0 ? 4 : std::min(t, 64u);
}

/// Runs fn(begin, end) over [0, n) in chunks of at least `grain` on all cores.
template <class F> void parallelFor(int64_t n, int64_t grain, F fn) {
  if (n <= 0)
    return;
  int64_t threads = numThreads();
  int64_t chunk =
      std::max<int64_t>(grain, (n + 4 * threads - 1) / (4 * threads));
  int64_t chunks = (n + chunk - 1) / chunk;
  if (chunks == 1) {
    fn(int64_t(0), n);
    return;
  }
  std::atomic<int64_t> next{0};
  auto worker = [&] {
    for (int64_t c; (c = next.fetch_add(1)) < chunks;)
      fn(c * chunk, std::min(n, (c + 1) * chunk));
  };
  std::vector<std::thread> pool;
  for (int64_t t = 1; t < std::min(threads, chunks); ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
}

int64_t alignUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

uint32_t floatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// A device buffer freed on scope exit.
struct DeviceBuffer {
  void *ptr = nullptr;
  size_t bytes = 0;
  explicit DeviceBuffer(size_t n) : bytes(n) {
    CUDA_CHECK(cudaMalloc(&ptr, std::max<size_t>(n, 256)));
  }
  ~DeviceBuffer() {
    if (ptr)
      cudaFree(ptr);
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  CUdeviceptr dptr(size_t offset = 0) const {
    return (CUdeviceptr)((char *)ptr + offset);
  }
  template <class T> T *as() const { return (T *)ptr; }
};

//===----------------------------------------------------------------------===//
// --check
//===----------------------------------------------------------------------===//

/// Random fp16 activations: normal-ish (sigma 1.2) clamped to [-4, 4], never
/// zero, plus the special rows described in the returned note.
std::string makeActivations(std::vector<uint16_t> &x, int64_t m, int64_t k,
                            uint64_t seed) {
  x.resize(size_t(m * k));
  parallelFor(m * k, 1 << 16, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      float v = std::min(4.0f, std::max(-4.0f, 1.2f * gaussAt(seed, i)));
      uint16_t h = ref::floatToHalf(v);
      if ((h & 0x7fff) == 0)
        h = ref::floatToHalf(v < 0 ? -0.25f : 0.25f);
      x[size_t(i)] = h;
    }
  });
  std::string note;
  auto row = [&](int64_t r) { return x.data() + r * k; };
  if (m == 7 || m == 1000) { // the zero-row convention: scale 0, xq 0, y +0
    int64_t r = m == 7 ? 3 : 500;
    std::fill(row(r), row(r) + k, uint16_t(0));
    note += " zero_row=" + std::to_string(r);
  }
  if (m >= 16) { // absmax 127 gives scale 1: every other x/s is a .5 tie
    uint16_t *p = row(2);
    p[0] = ref::floatToHalf(127.0f);
    for (int64_t c = 1; c < k; ++c)
      p[c] = ref::floatToHalf(float((c * 7) % 253 - 126) + 0.5f);
    note += " ties_row=2";
  }
  if (m >= 33) { // one large outlier; a row of tiny (partly subnormal) values
    row(5)[17] = ref::floatToHalf(2000.0f);
    uint16_t *p = row(6);
    for (int64_t c = 0; c < k; ++c) {
      float v = 1e-4f * ref::halfToFloat(p[c]);
      uint16_t h = ref::floatToHalf(v);
      p[c] = (h & 0x7fff) ? h : uint16_t(0x0001 | (p[c] & 0x8000));
    }
    note += " outlier_row=5 tiny_row=6";
  }
  if (m >= 127) {
    row(m - 1)[k - 1] = ref::floatToHalf(-30000.0f);
    note += " outlier_row=" + std::to_string(m - 1);
  }
  return note;
}

/// Random fp32 weights [n, k] (normal, per-row magnitudes from 0.005 to 0.035,
/// row n / 2 all zeros) quantized by the reference per-channel packer.
void makeWeights(int64_t n, int64_t k, uint64_t seed, std::vector<int8_t> &wq,
                 std::vector<float> &sw) {
  std::vector<float> w(size_t(n * k));
  parallelFor(n, 16, [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      float mag = r == n / 2
                      ? 0.0f
                      : 0.02f * (0.25f + 1.5f * unit01(hashAt(seed + 1, r)));
      for (int64_t c = 0; c < k; ++c)
        w[size_t(r * k + c)] = mag * gaussAt(seed, r * k + c);
    }
  });
  wq.resize(size_t(n * k));
  sw.resize(size_t(n));
  parallelFor(n, 16, [&](int64_t b, int64_t e) {
    checkRef(ref::quantizeWeightsInt8PerChannel(
                 w.data() + b * k, e - b, k, wq.data() + b * k, sw.data() + b),
             "quantizeWeightsInt8PerChannel");
  });
}

/// Reference y for the given rows (indices into xq / sx), into yRef
/// [rows.size(), n].
void referenceRows(const std::vector<int64_t> &rows,
                   const std::vector<int8_t> &xq, const std::vector<float> &sx,
                   const std::vector<int8_t> &wq, const std::vector<float> &sw,
                   int64_t n, int64_t k, std::vector<uint16_t> &yRef) {
  int64_t r = int64_t(rows.size());
  std::vector<int8_t> xqc(size_t(r * k));
  std::vector<float> sxc(static_cast<size_t>(r));
  for (int64_t i = 0; i < r; ++i) {
    std::memcpy(xqc.data() + i * k, xq.data() + rows[size_t(i)] * k, size_t(k));
    sxc[size_t(i)] = sx[size_t(rows[size_t(i)])];
  }
  yRef.assign(size_t(r * n), 0);
  if (r >= 4 * int64_t(numThreads())) {
    parallelFor(r, 1, [&](int64_t b, int64_t e) {
      checkRef(ref::matmulW8A8Quantized(xqc.data() + b * k, sxc.data() + b,
                                        wq.data(), sw.data(), e - b, n, k,
                                        yRef.data() + b * n),
               "matmulW8A8Quantized");
    });
    return;
  }
  parallelFor(n, 64, [&](int64_t b, int64_t e) { // few rows: split columns
    std::vector<uint16_t> tile(size_t(r * (e - b)));
    checkRef(ref::matmulW8A8Quantized(xqc.data(), sxc.data(), wq.data() + b * k,
                                      sw.data() + b, r, e - b, k, tile.data()),
             "matmulW8A8Quantized");
    for (int64_t i = 0; i < r; ++i)
      std::memcpy(yRef.data() + i * n + b, tile.data() + i * (e - b),
                  size_t(e - b) * 2);
  });
}

/// Runs one kernel at one M and compares with the reference. Returns true on
/// PASS.
bool checkCase(const Kernel &kn, int64_t m, const DeviceBuffer &dWq,
               const DeviceBuffer &dSw, const std::vector<int8_t> &wq,
               const std::vector<float> &sw, uint64_t seed,
               cudaStream_t stream) {
  const int64_t n = kn.n, k = kn.k;
  double t0 = seconds();
  std::vector<uint16_t> x;
  std::string note = makeActivations(x, m, k, seed);

  const int64_t sxOffset = alignUp(m * k, 256);
  const size_t wsNeeded = size_t(sxOffset + 4 * m);
  const size_t wsBytes = kn.workspaceSize(m);
  if (wsBytes < wsNeeded) {
    std::printf("M=%-5lld N=%-5lld K=%-5lld workspace_size = %zu < %zu "
                "(xq [M, K] + sx [M] at %lld) FAIL\n",
                (long long)m, (long long)n, (long long)k, wsBytes, wsNeeded,
                (long long)sxOffset);
    return false;
  }

  // y and the workspace get a poisoned guard region behind them that must
  // stay untouched (catches writes past row M - 1).
  const size_t yBytes = size_t(m * n) * 2;
  DeviceBuffer dX(size_t(m * k) * 2), dY(yBytes + kGuardBytes),
      dWs(wsBytes + kGuardBytes);
  CUDA_CHECK(cudaMemcpy(dX.ptr, x.data(), dX.bytes, cudaMemcpyHostToDevice));
  std::vector<uint8_t> guard(kGuardBytes);
  int64_t guardHits = 0;

  // Run twice, poisoned each time; the two results must be bit-identical.
  std::vector<uint16_t> y(size_t(m * n)), y2(size_t(m * n));
  std::vector<int8_t> xqGpu(size_t(m * k)), xqGpu2(size_t(m * k));
  std::vector<float> sxGpu(static_cast<size_t>(m)),
      sxGpu2(static_cast<size_t>(m));
  for (int rep = 0; rep < 2; ++rep) {
    CUDA_CHECK(cudaMemset(dY.ptr, 0xFF, dY.bytes));
    CUDA_CHECK(cudaMemset(dWs.ptr, 0xFF, dWs.bytes));
    CUDA_CHECK(cudaDeviceSynchronize());
    runStub(kn, dX.dptr(), dWq.dptr(), dSw.dptr(), dY.dptr(), m, dWs.dptr(),
            stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaGetLastError());
    std::vector<uint16_t> &yo = rep ? y2 : y;
    CUDA_CHECK(cudaMemcpy(yo.data(), dY.ptr, yBytes, cudaMemcpyDeviceToHost));
    for (const DeviceBuffer *b : {&dY, &dWs}) {
      CUDA_CHECK(cudaMemcpy(guard.data(),
                            (char *)b->ptr + b->bytes - kGuardBytes,
                            kGuardBytes, cudaMemcpyDeviceToHost));
      for (uint8_t g : guard)
        guardHits += g != 0xFF;
    }
    CUDA_CHECK(cudaMemcpy((rep ? xqGpu2 : xqGpu).data(), dWs.ptr, size_t(m * k),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy((rep ? sxGpu2 : sxGpu).data(),
                          (char *)dWs.ptr + sxOffset, size_t(m) * 4,
                          cudaMemcpyDeviceToHost));
  }
  bool stable = y == y2 && xqGpu == xqGpu2 &&
                std::memcmp(sxGpu.data(), sxGpu2.data(), size_t(m) * 4) == 0;

  // Reference quantization of every row.
  std::vector<int8_t> xq(size_t(m * k));
  std::vector<float> sx(static_cast<size_t>(m));
  parallelFor(m, 1, [&](int64_t b, int64_t e) {
    checkRef(ref::quantizePerToken(x.data() + b * k, e - b, k,
                                   xq.data() + b * k, sx.data() + b),
             "quantizePerToken");
  });
  int64_t xqMismatch = 0, sxMismatch = 0;
  std::string detail;
  for (int64_t i = 0; i < m * k; ++i)
    if (xqGpu[size_t(i)] != xq[size_t(i)] && xqMismatch++ < 3)
      detail += "  xq[" + std::to_string(i / k) + ", " + std::to_string(i % k) +
                "] = " + std::to_string(xqGpu[size_t(i)]) + ", expected " +
                std::to_string(xq[size_t(i)]) + "\n";
  for (int64_t r = 0; r < m; ++r)
    if (floatBits(sxGpu[size_t(r)]) != floatBits(sx[size_t(r)]) &&
        sxMismatch++ < 3) {
      char buf[160];
      std::snprintf(buf, sizeof(buf),
                    "  sx[%lld] = %.9g (0x%08x), expected %.9g (0x%08x)\n",
                    (long long)r, sxGpu[size_t(r)], floatBits(sxGpu[size_t(r)]),
                    sx[size_t(r)], floatBits(sx[size_t(r)]));
      detail += buf;
    }

  // Rows with a reference y: all of them, or a sample when that is too slow.
  std::vector<int64_t> rows;
  bool sampled = double(m) * double(n) * double(k) > kFullReferenceMacs;
  if (!sampled) {
    for (int64_t r = 0; r < m; ++r)
      rows.push_back(r);
  } else {
    std::vector<char> pick(size_t(m), 0);
    for (int64_t r :
         {int64_t(0), int64_t(2), int64_t(5), int64_t(6), m / 2, m - 1})
      if (r < m)
        pick[size_t(r)] = 1;
    for (int64_t i = 0, added = 0; added < 64 && i < 100000; ++i) {
      int64_t r = int64_t(hashAt(seed + 7, uint64_t(i)) % uint64_t(m));
      if (!pick[size_t(r)]) {
        pick[size_t(r)] = 1;
        ++added;
      }
    }
    for (int64_t r = 0; r < m; ++r)
      if (pick[size_t(r)])
        rows.push_back(r);
  }
  std::vector<uint16_t> yRef;
  referenceRows(rows, xq, sx, wq, sw, n, k, yRef);

  // Every element of y must be written and finite (inputs keep y far from
  // fp16 overflow); the checked rows are compared with the reference.
  int64_t unwritten = 0, nonFinite = 0;
  for (uint16_t h : y) {
    unwritten += h == 0xFFFF;
    nonFinite += h != 0xFFFF && (h & 0x7c00) == 0x7c00;
  }
  double errSq = 0, refSq = 0, maxAbs = 0;
  int64_t mismatches = 0;
  for (size_t i = 0; i < rows.size(); ++i)
    for (int64_t c = 0; c < n; ++c) {
      uint16_t got = y[size_t(rows[i] * n + c)],
               want = yRef[i * size_t(n) + size_t(c)];
      if (got == want)
        continue;
      if (mismatches++ < 3) {
        char buf[160];
        std::snprintf(
            buf, sizeof(buf),
            "  y[%lld, %lld] = %.6g (0x%04x), expected %.6g (0x%04x)\n",
            (long long)rows[i], (long long)c, ref::halfToFloat(got), got,
            ref::halfToFloat(want), want);
        detail += buf;
      }
      double g = ref::halfToFloat(got), w = ref::halfToFloat(want);
      if (!std::isfinite(g))
        continue; // counted in nonFinite
      errSq += (g - w) * (g - w);
      maxAbs = std::max(maxAbs, std::fabs(g - w));
    }
  for (size_t i = 0; i < yRef.size(); ++i) {
    double w = ref::halfToFloat(yRef[i]);
    refSq += w * w;
  }
  double relErr =
      refSq > 0 ? std::sqrt(errSq / refSq) : (errSq > 0 ? INFINITY : 0.0);

  bool pass = xqMismatch == 0 && sxMismatch == 0 && unwritten == 0 &&
              nonFinite == 0 && relErr <= kMaxRelErr && stable &&
              guardHits == 0;
  std::printf("M=%-5lld N=%-5lld K=%-5lld xq_exact=%s sx_exact=%s "
              "y_relerr=%.3e y_maxabs=%.3g y_mismatches=%lld/%lld rows=%s "
              "unwritten=%lld nonfinite=%lld oob=%lld stable=%s %.1fs%s %s\n",
              (long long)m, (long long)n, (long long)k,
              xqMismatch ? "no" : "yes", sxMismatch ? "no" : "yes", relErr,
              maxAbs, (long long)mismatches,
              (long long)(rows.size() * size_t(n)),
              sampled ? std::to_string(rows.size()).c_str() : "all",
              (long long)unwritten, (long long)nonFinite, (long long)guardHits,
              stable ? "yes" : "no", seconds() - t0, note.c_str(),
              pass ? "PASS" : "FAIL");
  if (xqMismatch || sxMismatch)
    std::printf("  xq mismatches: %lld of %lld, sx mismatches: %lld of %lld\n",
                (long long)xqMismatch, (long long)(m * k),
                (long long)sxMismatch, (long long)m);
  if (!detail.empty())
    std::printf("%s", detail.c_str());
  std::fflush(stdout);
  return pass;
}

/// Argument validation documented for the stubs: null pointers and a negative
/// m give QGEMM_ERROR_INVALID_VALUE. Run last: a stub that launched anyway
/// would fault and poison the context.
bool checkApi(const Kernel &kn, cudaStream_t stream) {
  const int64_t m = 16;
  DeviceBuffer dX(size_t(m * kn.k) * 2), dWq(size_t(kn.n * kn.k)),
      dSw(size_t(kn.n) * 4), dY(size_t(m * kn.n) * 2), dWs(kn.workspaceSize(m));
  struct Case {
    const char *what;
    CUdeviceptr x, wq, sw, y, ws;
    int64_t m;
  } cases[] = {
      {"null x", 0, dWq.dptr(), dSw.dptr(), dY.dptr(), dWs.dptr(), m},
      {"null wq", dX.dptr(), 0, dSw.dptr(), dY.dptr(), dWs.dptr(), m},
      {"null sw", dX.dptr(), dWq.dptr(), 0, dY.dptr(), dWs.dptr(), m},
      {"null y", dX.dptr(), dWq.dptr(), dSw.dptr(), 0, dWs.dptr(), m},
      {"null workspace", dX.dptr(), dWq.dptr(), dSw.dptr(), dY.dptr(), 0, m},
      {"m = -1", dX.dptr(), dWq.dptr(), dSw.dptr(), dY.dptr(), dWs.dptr(), -1},
  };
  bool ok = true;
  gCurrent = &kn;
  for (const Case &c : cases) {
    qgemm_status st = kn.run(c.x, c.wq, c.sw, c.y, c.m, c.ws, (CUstream)stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaGetLastError());
    bool pass = st == QGEMM_ERROR_INVALID_VALUE;
    ok &= pass;
    std::printf("api %s %s: %s (%d), expected invalid value %s\n", kn.name,
                c.what, qgemm_status_string(st), (int)st,
                pass ? "PASS" : "FAIL");
  }
  // m = 0 has no documented result: report it only.
  qgemm_status st = kn.run(dX.dptr(), dWq.dptr(), dSw.dptr(), dY.dptr(), 0,
                           dWs.dptr(), (CUstream)stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaGetLastError());
  std::printf("api %s m = 0: %s (%d) (informational)\n", kn.name,
              qgemm_status_string(st), (int)st);
  return ok;
}

int runCheck(const std::vector<const Kernel *> &kernels,
             const std::vector<int64_t> &ms, uint64_t seed) {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  int failed = 0, total = 0;
  double t0 = seconds();
  for (const Kernel *kn : kernels) {
    std::vector<int8_t> wq;
    std::vector<float> sw;
    uint64_t kseed = mix64(seed ^ uint64_t(kn->n * 131071 + kn->k));
    makeWeights(kn->n, kn->k, kseed, wq, sw);
    DeviceBuffer dWq(wq.size()), dSw(sw.size() * 4);
    CUDA_CHECK(
        cudaMemcpy(dWq.ptr, wq.data(), dWq.bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(
        cudaMemcpy(dSw.ptr, sw.data(), dSw.bytes, cudaMemcpyHostToDevice));
    std::printf("== %s: N = %lld, K = %lld\n", kn->name, (long long)kn->n,
                (long long)kn->k);
    for (int64_t m : ms) {
      ++total;
      if (!checkCase(*kn, m, dWq, dSw, wq, sw, mix64(kseed + uint64_t(m)),
                     stream))
        ++failed;
    }
  }
  if (!kernels.empty()) {
    ++total;
    if (!checkApi(*kernels.front(), stream))
      ++failed;
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  std::printf("check: %d of %d cases passed (%.1fs)%s\n", total - failed, total,
              seconds() - t0, failed ? " FAIL" : " PASS");
  return failed ? 1 : 0;
}

//===----------------------------------------------------------------------===//
// --bench
//===----------------------------------------------------------------------===//

struct Timing {
  double medianUs = 0, minUs = 0, p10Us = 0, p90Us = 0, meanUs = 0;
};

/// Times `launch` with one event pair per run; before every run (warm-up
/// included) a 256 MiB memset on the same stream evicts L2.
class Timer {
public:
  Timer(cudaStream_t s, int warmupRuns, int timedRuns)
      : stream(s), warmup(warmupRuns), reps(timedRuns), flush(kFlushBytes) {
    start.resize(size_t(reps));
    stop.resize(size_t(reps));
    for (int i = 0; i < reps; ++i) {
      CUDA_CHECK(cudaEventCreate(&start[size_t(i)]));
      CUDA_CHECK(cudaEventCreate(&stop[size_t(i)]));
    }
  }
  ~Timer() {
    for (size_t i = 0; i < start.size(); ++i) {
      cudaEventDestroy(start[i]);
      cudaEventDestroy(stop[i]);
    }
  }

  template <class F> Timing time(F &&launch) {
    for (int i = 0; i < warmup; ++i) {
      flushL2(i);
      launch();
    }
    for (int i = 0; i < reps; ++i) {
      flushL2(i);
      CUDA_CHECK(cudaEventRecord(start[size_t(i)], stream));
      launch();
      CUDA_CHECK(cudaEventRecord(stop[size_t(i)], stream));
    }
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaGetLastError());
    std::vector<double> us(static_cast<size_t>(reps));
    for (int i = 0; i < reps; ++i) {
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start[size_t(i)], stop[size_t(i)]));
      us[size_t(i)] = 1e3 * double(ms);
    }
    std::sort(us.begin(), us.end());
    Timing t;
    auto at = [&](double q) { return us[size_t(q * double(reps - 1) + 0.5)]; };
    t.medianUs = reps % 2
                     ? us[size_t(reps / 2)]
                     : 0.5 * (us[size_t(reps / 2 - 1)] + us[size_t(reps / 2)]);
    t.minUs = us.front();
    t.p10Us = at(0.1);
    t.p90Us = at(0.9);
    for (double v : us)
      t.meanUs += v / reps;
    return t;
  }

private:
  void flushL2(int i) {
    CUDA_CHECK(
        cudaMemsetAsync(flush.ptr, (i * 37 + 1) & 0xFF, kFlushBytes, stream));
  }
  cudaStream_t stream;
  int warmup, reps;
  DeviceBuffer flush;
  std::vector<cudaEvent_t> start, stop;
};

/// A cuBLASLt int8 x int8 -> int32 GEMM in the TN form: C[N, Mp] (column
/// major, ld N) = A^T . B with A = Wq as K x N column major (ld K, transa =
/// T) and B = Xq as K x Mp column major (ld K); i.e. row-major
/// C^T[Mp, N] = Xq[Mp, K] . Wq[N, K]^T.
struct LtInt8Gemm {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo{};
  int64_t mUsed = 0;
  ~LtInt8Gemm() { release(); }
  void release() {
    if (desc)
      cublasLtMatmulDescDestroy(desc);
    for (cublasLtMatrixLayout_t l : {a, b, c})
      if (l)
        cublasLtMatrixLayoutDestroy(l);
    desc = nullptr;
    a = b = c = nullptr;
  }
  /// Builds the descriptors for mp rows and picks the heuristic's first
  /// algorithm; false when cuBLASLt has none for this shape.
  bool setup(cublasLtHandle_t lt, int64_t n, int64_t k, int64_t mp,
             size_t wsBytes) {
    release();
    mUsed = mp;
    CUBLAS_CHECK(
        cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32I, CUDA_R_32I));
    cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
    CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
        desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT)));
    CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
        desc, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof(opN)));
    CUBLAS_CHECK(
        cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, uint64_t(k), uint64_t(n), k));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, uint64_t(k),
                                            uint64_t(mp), k));
    CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, uint64_t(n),
                                            uint64_t(mp), n));
    cublasLtMatmulPreference_t pref;
    CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
    uint64_t ws = wsBytes;
    CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
        pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws)));
    cublasLtMatmulHeuristicResult_t result{};
    int count = 0;
    cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(
        lt, desc, a, b, c, c, pref, 1, &result, &count);
    cublasLtMatmulPreferenceDestroy(pref);
    if (st != CUBLAS_STATUS_SUCCESS || count == 0)
      return false;
    algo = result.algo;
    return true;
  }
  cublasStatus_t run(cublasLtHandle_t lt, const void *wq, const void *xq,
                     void *out, void *ws, size_t wsBytes, cudaStream_t stream) {
    int32_t alpha = 1, beta = 0;
    return cublasLtMatmul(lt, desc, &alpha, wq, a, xq, b, &beta, out, c, out, c,
                          &algo, ws, wsBytes, stream);
  }
};

struct BenchRow {
  const Kernel *kn;
  int64_t m;
  Timing ours, ours2, fp16, i8;
  int64_t i8M = 0;
  int spotBad = 0;
  double floorBytes = 0, floorUs = 0;
};

/// Spot-checks a few outputs of each kernel on the benchmark data (bit-exact
/// for ours and int8, fp16 within rounding). Returns the number of bad spots.
int spotCheck(const Kernel &kn, int64_t m, const DeviceBuffer &dX,
              const DeviceBuffer &dWq, const DeviceBuffer &dSw,
              const DeviceBuffer &dY, const DeviceBuffer &dW16,
              const DeviceBuffer &dY16, const DeviceBuffer &dXq,
              const DeviceBuffer &dC, uint64_t seed) {
  const int64_t n = kn.n, k = kn.k;
  int bad = 0;
  std::vector<uint16_t> xRow(static_cast<size_t>(k)),
      wRow(static_cast<size_t>(k));
  std::vector<int8_t> wqRow(static_cast<size_t>(k)),
      xqRow(static_cast<size_t>(k)), qRow(static_cast<size_t>(k));
  for (int s = 0; s < 8; ++s) {
    int64_t r =
        s == 0 ? m - 1 : int64_t(hashAt(seed, uint64_t(2 * s)) % uint64_t(m));
    int64_t c = s == 0
                    ? n - 1
                    : int64_t(hashAt(seed, uint64_t(2 * s + 1)) % uint64_t(n));
    float sw = 0, sx = 0;
    uint16_t y = 0, y16 = 0, yWant = 0;
    int32_t acc = 0;
    CUDA_CHECK(cudaMemcpy(xRow.data(), (char *)dX.ptr + r * k * 2,
                          size_t(k) * 2, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(wqRow.data(), (char *)dWq.ptr + c * k, size_t(k),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(
        cudaMemcpy(&sw, (char *)dSw.ptr + c * 4, 4, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&y, (char *)dY.ptr + (r * n + c) * 2, 2,
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(wRow.data(), (char *)dW16.ptr + c * k * 2,
                          size_t(k) * 2, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&y16, (char *)dY16.ptr + (r * n + c) * 2, 2,
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(xqRow.data(), (char *)dXq.ptr + r * k, size_t(k),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&acc, (char *)dC.ptr + (r * n + c) * 4, 4,
                          cudaMemcpyDeviceToHost));
    checkRef(ref::quantizePerToken(xRow.data(), 1, k, qRow.data(), &sx),
             "quantizePerToken");
    checkRef(ref::matmulW8A8Quantized(qRow.data(), &sx, wqRow.data(), &sw, 1, 1,
                                      k, &yWant),
             "matmulW8A8Quantized");
    double dot = 0;
    int64_t iacc = 0;
    for (int64_t i = 0; i < k; ++i) {
      dot += double(ref::halfToFloat(xRow[size_t(i)])) *
             ref::halfToFloat(wRow[size_t(i)]);
      iacc += int64_t(xqRow[size_t(i)]) * wqRow[size_t(i)];
    }
    double got16 = ref::halfToFloat(y16);
    bool okOurs = y == yWant;
    bool ok16 = std::fabs(got16 - dot) <= 1e-2 + 5e-3 * std::fabs(dot);
    bool okI8 = int64_t(acc) == iacc;
    if (!okOurs || !ok16 || !okI8) {
      ++bad;
      std::printf("  spot y[%lld, %lld]: ours 0x%04x want 0x%04x%s; fp16 %.6g "
                  "want %.6g%s; int8 %d want %lld%s\n",
                  (long long)r, (long long)c, y, yWant, okOurs ? "" : " BAD",
                  got16, dot, ok16 ? "" : " BAD", acc, (long long)iacc,
                  okI8 ? "" : " BAD");
    }
  }
  return bad;
}

void printTimingJson(FILE *f, const char *name, const Timing &t) {
  std::fprintf(
      f,
      "\"%s\": {\"median_us\": %.3f, \"min_us\": %.3f, \"p10_us\": %.3f, "
      "\"p90_us\": %.3f, \"mean_us\": %.3f}",
      name, t.medianUs, t.minUs, t.p10Us, t.p90Us, t.meanUs);
}

int runBench(const std::vector<const Kernel *> &kernels,
             const std::vector<int64_t> &ms, int reps, int warmup,
             const std::string &jsonPath, const std::string &tablePath,
             uint64_t seed) {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cublasHandle_t blas;
  cublasLtHandle_t lt;
  CUBLAS_CHECK(cublasCreate(&blas));
  CUBLAS_CHECK(cublasSetStream(blas, stream));
  CUBLAS_CHECK(cublasLtCreate(&lt));
  const size_t ltWsBytes = size_t(32) << 20;
  DeviceBuffer ltWs(ltWsBytes);
  Timer timer(stream, warmup, reps);
  std::vector<BenchRow> rows;
  const int64_t mMax = *std::max_element(ms.begin(), ms.end());
  const int64_t mPadMax = std::max<int64_t>(alignUp(mMax, 16), 32);

  for (const Kernel *kn : kernels) {
    const int64_t n = kn->n, k = kn->k;
    size_t wsMax = 0;
    for (int64_t m : ms)
      wsMax = std::max(wsMax, kn->workspaceSize(m));
    // One random set per shape; each M uses its leading rows.
    DeviceBuffer dX(size_t(mMax * k) * 2), dWq(size_t(n * k)),
        dSw(size_t(n) * 4), dY(size_t(mMax * n) * 2), dWs(wsMax),
        dW16(size_t(n * k) * 2), dY16(size_t(mMax * n) * 2),
        dXq(size_t(mPadMax * k)), dC(size_t(mPadMax * n) * 4);
    uint64_t s = mix64(seed ^ uint64_t(n * 131071 + k));
    fillHalf(dX.ptr, size_t(mMax * k), s + 1, 4.0f);
    fillInt8(dWq.ptr, size_t(n * k), s + 2);
    fillFloat(dSw.ptr, size_t(n), s + 3, 0.5e-3f, 1.5e-3f);
    fillHalf(dW16.ptr, size_t(n * k), s + 4, 0.05f);
    fillInt8(dXq.ptr, size_t(mPadMax * k), s + 5);
    CUDA_CHECK(cudaDeviceSynchronize());

    for (int64_t m : ms) {
      BenchRow row;
      row.kn = kn;
      row.m = m;
      std::printf("bench %s M=%lld ...", kn->name, (long long)m);
      std::fflush(stdout);
      auto ours = [&] {
        runStub(*kn, dX.dptr(), dWq.dptr(), dSw.dptr(), dY.dptr(), m,
                dWs.dptr(), stream);
      };
      // Y[M, N] = X[M, K] . W[N, K]^T in column-major terms:
      // Y^T (N x M, ld N) = (W as K x N, ld K)^T . (X as K x M, ld K).
      const float alpha = 1.0f, beta = 0.0f;
      auto fp16 = [&] {
        CUBLAS_CHECK(cublasGemmEx(blas, CUBLAS_OP_T, CUBLAS_OP_N, int(n),
                                  int(m), int(k), &alpha, dW16.ptr, CUDA_R_16F,
                                  int(k), dX.ptr, CUDA_R_16F, int(k), &beta,
                                  dY16.ptr, CUDA_R_16F, int(n),
                                  CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
      };
      // cuBLASLt int8: try M as is, then padded to a multiple of 16 (and >=
      // 32).
      LtInt8Gemm gemm;
      bool ltOk = false;
      std::vector<int64_t> tried;
      for (int64_t mp :
           {m, alignUp(m, 16), std::max<int64_t>(alignUp(m, 16), 32)}) {
        if (ltOk || std::find(tried.begin(), tried.end(), mp) != tried.end())
          continue;
        tried.push_back(mp);
        if (!gemm.setup(lt, n, k, mp, ltWsBytes))
          continue;
        cublasStatus_t st =
            gemm.run(lt, dWq.ptr, dXq.ptr, dC.ptr, ltWs.ptr, ltWsBytes, stream);
        CUDA_CHECK(cudaStreamSynchronize(stream));
        ltOk = st == CUBLAS_STATUS_SUCCESS;
      }
      if (!ltOk)
        fatal("cuBLASLt has no int8 TN algorithm for N = " + std::to_string(n) +
              ", K = " + std::to_string(k) + ", M = " + std::to_string(m) +
              " even padded to " + std::to_string(gemm.mUsed));
      row.i8M = gemm.mUsed;
      auto i8 = [&] {
        CUBLAS_CHECK(gemm.run(lt, dWq.ptr, dXq.ptr, dC.ptr, ltWs.ptr, ltWsBytes,
                              stream));
      };

      // One run of each, then spot checks on what they wrote.
      ours();
      fp16();
      i8();
      CUDA_CHECK(cudaStreamSynchronize(stream));
      CUDA_CHECK(cudaGetLastError());
      row.spotBad = spotCheck(*kn, m, dX, dWq, dSw, dY, dW16, dY16, dXq, dC,
                              s + 9 + uint64_t(m));

      row.ours = timer.time(ours);
      row.fp16 = timer.time(fp16);
      row.i8 = timer.time(i8);
      row.ours2 = timer.time(ours); // the same build again: the noise
      row.floorBytes =
          double(m) * k * 2 + double(n) * k + double(m) * n * 2 + double(n) * 4;
      row.floorUs = row.floorBytes / kPeakBandwidth * 1e6;
      std::printf(
          " ours %.2f us, fp16 %.2f us, int8 %.2f us%s%s\n", row.ours.medianUs,
          row.fp16.medianUs, row.i8.medianUs,
          row.i8M != m
              ? (" (int8 M padded to " + std::to_string(row.i8M) + ")").c_str()
              : "",
          row.spotBad ? " SPOT CHECK FAILED" : "");
      std::fflush(stdout);
      rows.push_back(row);
    }
  }

  // The table.
  std::string table;
  char line[512];
  std::snprintf(
      line, sizeof(line),
      "W8A8 bench: median of %d runs after %d warm-up, L2 flushed (256 MiB "
      "memset) "
      "before each run; floor = (x fp16 + wq int8 + y fp16 + sw) / %.1f TB/s\n",
      reps, warmup, kPeakBandwidth / 1e12);
  table += line;
  std::snprintf(line, sizeof(line),
                "%-19s %5s %6s %5s %9s %9s %9s %7s %7s %7s %7s %6s\n", "kernel",
                "M", "N", "K", "ours_us", "fp16_us", "i8_us", "x_fp16", "x_i8",
                "%floor", "TOP/s", "noise");
  table += line;
  int spotFailures = 0;
  for (const BenchRow &r : rows) {
    double tops =
        2.0 * r.m * r.kn->n * r.kn->k / (r.ours.medianUs * 1e-6) / 1e12;
    double noise =
        100.0 * std::fabs(r.ours2.medianUs - r.ours.medianUs) / r.ours.medianUs;
    std::snprintf(
        line, sizeof(line),
        "%-19s %5lld %6lld %5lld %9.2f %9.2f %8.2f%s %7.2f %7.2f %6.1f%% %7.1f "
        "%5.1f%%%s\n",
        r.kn->name, (long long)r.m, (long long)r.kn->n, (long long)r.kn->k,
        r.ours.medianUs, r.fp16.medianUs, r.i8.medianUs,
        r.i8M != r.m ? "p" : " ", r.fp16.medianUs / r.ours.medianUs,
        r.i8.medianUs / r.ours.medianUs, 100.0 * r.floorUs / r.ours.medianUs,
        tops, noise, r.spotBad ? "  SPOT CHECK FAILED" : "");
    table += line;
    spotFailures += r.spotBad != 0;
  }
  table += "(p: cuBLASLt int8 had no algorithm for this M and ran on M padded "
           "up to a "
           "multiple of 16 (cublaslt_i8_m in the JSON); noise: |ours - ours "
           "timed again| / "
           "ours)\n";
  std::printf("\n%s", table.c_str());
  if (!tablePath.empty()) {
    FILE *f = std::fopen(tablePath.c_str(), "w");
    if (!f)
      fatal("cannot write " + tablePath);
    std::fputs(table.c_str(), f);
    std::fclose(f);
  }

  if (!jsonPath.empty()) {
    FILE *f = std::fopen(jsonPath.c_str(), "w");
    if (!f)
      fatal("cannot write " + jsonPath);
    cudaDeviceProp prop;
    int dev = 0, driver = 0, runtime = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    CUDA_CHECK(cudaDriverGetVersion(&driver));
    CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    int cublasVersion = 0;
    CUBLAS_CHECK(cublasGetVersion(blas, &cublasVersion));
    std::fprintf(
        f,
        "{\n  \"device\": \"%s\", \"sm_count\": %d, \"cc\": \"%d.%d\", "
        "\"driver\": %d, \"runtime\": %d, \"cublas\": %d, \"cublaslt\": %zu,\n",
        prop.name, prop.multiProcessorCount, prop.major, prop.minor, driver,
        runtime, cublasVersion, cublasLtGetVersion());
    std::fprintf(f,
                 "  \"reps\": %d, \"warmup\": %d, \"l2_policy\": \"256 MiB "
                 "memset on the "
                 "stream before every run\", \"peak_bandwidth_Bps\": %.3g,\n",
                 reps, warmup, kPeakBandwidth);
    std::fprintf(
        f,
        "  \"cublas_fp16\": \"cublasGemmEx TN, fp16 in/out, "
        "CUBLAS_COMPUTE_32F\", "
        "\"cublaslt_i8\": \"cublasLtMatmul TN, int8 in, int32 out, "
        "CUBLAS_COMPUTE_32I, first heuristic algorithm, 32 MiB workspace\",\n");
    std::fprintf(f, "  \"results\": [\n");
    for (size_t i = 0; i < rows.size(); ++i) {
      const BenchRow &r = rows[i];
      double tops =
          2.0 * r.m * r.kn->n * r.kn->k / (r.ours.medianUs * 1e-6) / 1e12;
      std::fprintf(
          f, "    {\"kernel\": \"%s\", \"m\": %lld, \"n\": %lld, \"k\": %lld, ",
          r.kn->name, (long long)r.m, (long long)r.kn->n, (long long)r.kn->k);
      printTimingJson(f, "ours", r.ours);
      std::fprintf(f, ", ");
      printTimingJson(f, "ours_again", r.ours2);
      std::fprintf(f, ", ");
      printTimingJson(f, "cublas_fp16", r.fp16);
      std::fprintf(f, ", ");
      printTimingJson(f, "cublaslt_i8", r.i8);
      std::fprintf(
          f,
          ", \"cublaslt_i8_m\": %lld, \"speedup_vs_fp16\": %.4f, "
          "\"speedup_vs_i8\": %.4f, \"floor_bytes\": %.0f, \"floor_us\": %.3f, "
          "\"pct_of_floor\": %.2f, \"ours_tops\": %.2f, \"spot_bad\": %d}%s\n",
          (long long)r.i8M, r.fp16.medianUs / r.ours.medianUs,
          r.i8.medianUs / r.ours.medianUs, r.floorBytes, r.floorUs,
          100.0 * r.floorUs / r.ours.medianUs, tops, r.spotBad,
          i + 1 < rows.size() ? "," : "");
    }
    std::fprintf(f, "  ]\n}\n");
    if (std::fclose(f) != 0)
      fatal("cannot write " + jsonPath);
  }

  CUBLAS_CHECK(cublasLtDestroy(lt));
  CUBLAS_CHECK(cublasDestroy(blas));
  CUDA_CHECK(cudaStreamDestroy(stream));
  if (spotFailures)
    std::printf("bench: %d cases failed their spot checks\n", spotFailures);
  return spotFailures ? 1 : 0;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

void usage(const char *argv0) {
  std::fprintf(
      stderr,
      "usage: %s [--check] [--bench] [--json PATH] [--table PATH]\n"
      "          [--kernels NAME,...] [--ms M,...] [--reps N] [--warmup N]\n"
      "          [--seed S]\n",
      argv0);
}

std::vector<std::string> splitComma(const std::string &s) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b <= s.size()) {
    size_t e = s.find(',', b);
    if (e == std::string::npos)
      e = s.size();
    if (e > b)
      out.push_back(s.substr(b, e - b));
    b = e + 1;
  }
  return out;
}

int64_t parseInt(const std::string &s, const char *what, int64_t lo,
                 int64_t hi) {
  char *end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end || v < lo || v > hi)
    fatal(std::string("bad ") + what + " '" + s + "' (expected " +
          std::to_string(lo) + ".." + std::to_string(hi) + ")");
  return v;
}

} // namespace

int main(int argc, char **argv) {
  bool check = false, bench = false;
  std::string jsonPath, tablePath, kernelList, mList;
  int reps = 100, warmup = 10;
  uint64_t seed = 20261120;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        usage(argv[0]);
        fatal(a + " needs a value");
      }
      return argv[++i];
    };
    if (a == "--check")
      check = true;
    else if (a == "--bench")
      bench = true;
    else if (a == "--json")
      jsonPath = value();
    else if (a == "--table")
      tablePath = value();
    else if (a == "--kernels")
      kernelList = value();
    else if (a == "--ms")
      mList = value();
    else if (a == "--reps")
      reps = int(parseInt(value(), "--reps", 1, 100000));
    else if (a == "--warmup")
      warmup = int(parseInt(value(), "--warmup", 0, 100000));
    else if (a == "--seed")
      seed = uint64_t(parseInt(value(), "--seed", 0, INT64_MAX));
    else if (a == "-h" || a == "--help") {
      usage(argv[0]);
      return 0;
    } else {
      usage(argv[0]);
      fatal("unknown argument '" + a + "'");
    }
  }
  if (!check && !bench) {
    usage(argv[0]);
    fatal("give --check and/or --bench");
  }

  std::vector<const Kernel *> kernels;
  if (kernelList.empty()) {
    for (const Kernel &k : kKernels)
      kernels.push_back(&k);
  } else {
    for (const std::string &name : splitComma(kernelList)) {
      const Kernel *found = nullptr;
      for (const Kernel &k : kKernels)
        if (name == k.name)
          found = &k;
      if (!found)
        fatal("unknown kernel '" + name + "'");
      kernels.push_back(found);
    }
  }
  std::vector<int64_t> customMs;
  for (const std::string &s : splitComma(mList))
    customMs.push_back(parseInt(s, "M", 1, 1 << 20));

  // The stubs launch through the driver API in the current context: make the
  // runtime's primary context current first.
  int devices = 0;
  CUDA_CHECK(cudaGetDeviceCount(&devices));
  if (devices == 0)
    fatal("no CUDA device");
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(0));
  CUcontext ctx = nullptr;
  if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx)
    fatal("no current CUDA context after cudaFree(0)");
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf(
      "device 0: %s, sm_%d%d, %d SMs, %.1f GiB, L2 %.0f MiB; %u host threads\n",
      prop.name, prop.major, prop.minor, prop.multiProcessorCount,
      double(prop.totalGlobalMem) / (1 << 30),
      double(prop.l2CacheSize) / (1 << 20), numThreads());
  std::fflush(stdout);

  int rc = 0;
  if (check) {
    std::vector<int64_t> ms = customMs;
    if (ms.empty())
      ms.assign(std::begin(kCheckMs), std::end(kCheckMs));
    rc |= runCheck(kernels, ms, seed);
  }
  if (bench) {
    std::vector<int64_t> ms = customMs;
    if (ms.empty())
      ms.assign(std::begin(kBenchMs), std::end(kBenchMs));
    rc |= runBench(kernels, ms, reps, warmup, jsonPath, tablePath, seed);
  }
  return rc;
}
