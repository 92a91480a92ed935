//===- common.h - Shared machinery of the GPU harness -----------*- C++ -*-===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// What every scheme module of the GPU harness builds on: the checks that print
// and exit on a CUDA, cuBLAS or stub failure, counter-based random numbers
// (identical on host and device), device buffers (plain, and poisoned with a
// guard zone behind them), host threads, the bench timer (L2 flush before
// every run, one CUDA event pair per run, median of the timed runs), the
// cuBLAS fp16 and cuBLASLt int8 peers, and the calibration kernels. The
// interface a scheme module implements is in scheme.h; see
// test/gpu/README.md.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TEST_GPU_HARNESS_COMMON_H
#define QGEMM_TEST_GPU_HARNESS_COMMON_H

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace qgemm::harness {

//===----------------------------------------------------------------------===//
// Kernels and their stubs
//===----------------------------------------------------------------------===//

/// One generated function, as far as the shared code needs to know it. A
/// scheme module derives its kernel entry from this and adds its stub's calls.
struct KernelInfo {
  /// The function's name, `<scheme>_n<N>_k<K>[_tag]`.
  const char *name;
  /// Output features (rows of W) and reduction length.
  int64_t n, k;
  /// `qgemm_<name>_jit_log`.
  const char *(*jitLog)(void);
  /// For a scheme that runs one stub on several inputs, each an entry of its
  /// own (BSR: `bsr_n<N>_k<K>/<pattern>` per weight pattern), the stub's
  /// function name, which --kernels also takes (for all of its entries);
  /// nullptr when the entry is the stub.
  const char *stub = nullptr;
  /// The M of a static-M stub (its header's _STATIC_M), the only one it
  /// takes besides 0: --check and --bench run it at that M alone. 0 for a
  /// run-time M.
  int64_t staticM = 0;
};

/// The M to run `kernel` at: its static M alone, else `ms`.
inline std::vector<int64_t> kernelMs(const KernelInfo &kernel,
                                     const std::vector<int64_t> &ms) {
  if (kernel.staticM > 0)
    return {kernel.staticM};
  return ms;
}

/// A stub's `qgemm_status` in terms the shared code can print. The enum lives
/// in the generated headers, which only scheme modules include.
struct StubStatus {
  int code;
  const char *text;
};

/// The `qgemm_status` codes the shared code acts on. Each scheme module
/// static_asserts that its stub headers agree.
constexpr int kStubSuccess = 0;
constexpr int kStubInvalidValue = 1;

/// Converts a stub's `qgemm_status` (found with its string function by
/// argument-dependent lookup, so that this header needs no stub header).
template <class QGemmStatus> StubStatus stubStatus(QGemmStatus st) {
  return {int(st), qgemm_status_string(st)};
}

/// The kernel whose stub ran last; its JIT log is printed on any CUDA error.
extern const KernelInfo *gCurrentKernel;

/// Prints the JIT log of `k` (nothing when null) to stderr.
void printJitLog(const KernelInfo *k);

/// Exits with the status and the JIT log when the stub call of `k` with `m`
/// rows did not succeed; then checks for a CUDA error.
void checkStubCall(const KernelInfo &k, int64_t m, StubStatus st);

//===----------------------------------------------------------------------===//
// Error handling: every failure prints and exits non-zero
//===----------------------------------------------------------------------===//

#define CUDA_CHECK(expr)                                                       \
  do {                                                                         \
    cudaError_t err_ = (expr);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,  \
                   #expr, cudaGetErrorName(err_), cudaGetErrorString(err_));   \
      ::qgemm::harness::printJitLog(::qgemm::harness::gCurrentKernel);         \
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

[[noreturn]] void fatal(const std::string &msg);

/// Exits when a reference function (qgemm::ref) returned an error.
void checkRef(const std::string &err, const char *what);

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

/// Device fills of `n` elements from stream `seed`, never zero: fp16 uniform
/// in (-amp, amp) with |v| >= 1e-3 amp; int8 in [-127, 127]; fp32 uniform in
/// (lo, hi) (zero only if the interval holds it).
void fillHalf(void *p, size_t n, uint64_t seed, float amp);
void fillInt8(void *p, size_t n, uint64_t seed);
void fillFloat(void *p, size_t n, uint64_t seed, float lo, float hi);

//===----------------------------------------------------------------------===//
// Host helpers
//===----------------------------------------------------------------------===//

/// Host threads for the reference (all cores, at most 64).
unsigned numThreads();

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

inline int64_t alignUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

uint32_t floatBits(float f);

/// Steady-clock seconds.
double seconds();

/// The watchdog of a run: every case (check, bench, a scheme's own checks)
/// says when it starts (`noteProgress`: what runs, with which kernel and
/// M); `startWatchdog` starts a thread that ends the process with status
/// kWatchdogExit when no case started for QGEMM_WATCHDOG_SECONDS seconds
/// (default 120; 0: no watchdog), naming the last one: a kernel that never
/// finishes (an mbarrier that waits for bytes no copy brings) stops the run
/// there instead of at run.sh's limit of the whole phase.
constexpr int kWatchdogExit = 86;
void noteProgress(const char *what, const char *kernel, int64_t m);
void startWatchdog();

/// Random fp16 activations X [m, k]: normal-ish (sigma 1.2) clamped to
/// [-4, 4], never zero, with special rows (a zero row at M = 7 and 1000, a
/// row of round-half-to-even ties from M = 16, an outlier and a row of tiny
/// values from M = 33, a -30000 outlier in the last row from M = 127).
/// Returns the note for the case line (" zero_row=3 ...").
std::string makeActivations(std::vector<uint16_t> &x, int64_t m, int64_t k,
                            uint64_t seed);

//===----------------------------------------------------------------------===//
// Device buffers
//===----------------------------------------------------------------------===//

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

/// Poisoned bytes behind a checked output that a kernel must not write.
constexpr size_t kGuardBytes = 64 << 10;

/// A kernel output for --check, with a guard zone behind its `bytes`.
struct GuardedBuffer {
  DeviceBuffer buf;
  size_t bytes;
  explicit GuardedBuffer(size_t n) : buf(n + kGuardBytes), bytes(n) {}
  void *ptr() const { return buf.ptr; }
  CUdeviceptr dptr(size_t offset = 0) const { return buf.dptr(offset); }
  /// Fills the output and its guard with 0xFF bytes.
  void poison() const;
  /// Reads the guard back and counts the bytes that are no longer 0xFF.
  int64_t guardHits() const;
};

/// A workspace zero-filled once, as a stub with split-K counters asks (the
/// counters must be zero before the first call, and every call leaves them
/// zero; its other buffers, such as split-K partial tiles, are scratch),
/// with a poisoned guard zone behind it that no call may touch.
struct ZeroedWorkspace {
  size_t bytes;
  GuardedBuffer buf;
  explicit ZeroedWorkspace(size_t n) : bytes(n), buf(n) { zero(); }
  /// Zeroes the workspace and poisons the guard.
  void zero() const {
    buf.poison();
    CUDA_CHECK(cudaMemset(buf.ptr(), 0, bytes));
    // Done before a stub call on the non-blocking stream.
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  CUdeviceptr dptr() const { return buf.dptr(); }
  /// The guard bytes that are no longer 0xFF.
  int64_t guardHits() const { return buf.guardHits(); }
};

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

/// Peak bandwidth used for the memory floor (B/s); a 1 GiB device copy
/// measured 4.2 TB/s on one H200.
constexpr double kPeakBandwidth = 4.0e12;
/// Bytes read (or written) between timed runs to evict the inputs from L2
/// (50 MB).
constexpr size_t kFlushBytes = size_t(256) << 20;
/// How the bench evicts L2 before each timed run (--flush): true for a read
/// of kFlushBytes by a kernel, false for a memset.
extern bool gFlushByRead;
/// The flush policy in words, for the table and the JSON.
const char *flushPolicy();

struct Timing {
  double medianUs = 0, minUs = 0, p10Us = 0, p90Us = 0, meanUs = 0;
};

/// Times `launch` with one event pair per run; before every run (warm-up
/// included) L2 is flushed on the same stream (gFlushByRead).
class Timer {
public:
  Timer(cudaStream_t s, int warmupRuns, int timedRuns);
  ~Timer();
  Timer(const Timer &) = delete;
  Timer &operator=(const Timer &) = delete;

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
    return collect();
  }

private:
  void flushL2(int i);
  /// Waits for the timed runs and summarizes their event times.
  Timing collect();
  cudaStream_t stream;
  int warmup, reps;
  DeviceBuffer flush, sink;
  std::vector<cudaEvent_t> start, stop;
};

//===----------------------------------------------------------------------===//
// Calibration kernels (timed like the kernels under test)
//===----------------------------------------------------------------------===//

/// An empty kernel: the fixed cost of one launch between two events.
void launchEmptyKernel(cudaStream_t stream);

/// A plain grid-stride read of `words` 16-byte words at `p` (528 blocks of
/// 1024 threads, 16-byte loads); `sink` is never written in practice but keeps
/// the loads. The L2 flush is this read of a 256 MiB buffer.
void launchStreamingRead(const void *p, size_t words, unsigned *sink,
                         cudaStream_t stream);

/// Reads W [n, k] (bytes) in the access pattern of a register-direct kernel:
/// one block per `warpCols` (8 or 16) rows, `warpsK` warps along K, lane
/// (g, q) reading bytes [32q, 32q + 32) of each of its `chunks` 128-byte
/// chunks of rows g, g + 8, ...; every load issued before any is used.
/// Returns false when there is no instance for that geometry (chunks > 8).
bool launchReadTiles(int warpCols, const uint8_t *w, int64_t n, int64_t k,
                     int warpsK, int64_t chunks, unsigned *sink,
                     cudaStream_t stream);

//===----------------------------------------------------------------------===//
// Peers
//===----------------------------------------------------------------------===//

/// cuBLAS fp16: Y[M, N] = X[M, K] . W[N, K]^T with `cublasGemmEx`, fp16 in and
/// out, CUBLAS_COMPUTE_32F, in column-major terms the TN form
/// Y^T (N x M, ld N) = (W as K x N, ld K)^T . (X as K x M, ld K).
void cublasGemmF16(cublasHandle_t blas, int64_t m, int64_t n, int64_t k,
                   const void *w, const void *x, void *y);

/// A cuBLASLt int8 x int8 -> int32 GEMM in the TN form: C[N, Mp] (column
/// major, ld N) = A^T . B with A = Wq as K x N column major (ld K, transa =
/// T) and B = Xq as K x Mp column major (ld K); i.e. row-major
/// C^T[Mp, N] = Xq[Mp, K] . Wq[N, K]^T.
struct LtInt8Gemm {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo{};
  /// The M the descriptors are set up for.
  int64_t mUsed = 0;
  LtInt8Gemm() = default;
  LtInt8Gemm(const LtInt8Gemm &) = delete;
  LtInt8Gemm &operator=(const LtInt8Gemm &) = delete;
  ~LtInt8Gemm() { release(); }
  void release();
  /// Builds the descriptors for mp rows and picks the heuristic's first
  /// algorithm; false when cuBLASLt has none for this shape.
  bool setup(cublasLtHandle_t lt, int64_t n, int64_t k, int64_t mp,
             size_t wsBytes);
  /// Sets up for M as is, else M padded to a multiple of 16, else to a
  /// multiple of 16 and at least 32, running each candidate once (into
  /// `out`); exits when none runs.
  void setupPadded(cublasLtHandle_t lt, int64_t n, int64_t k, int64_t m,
                   const void *wq, const void *xq, void *out, void *ws,
                   size_t wsBytes, cudaStream_t stream);
  cublasStatus_t run(cublasLtHandle_t lt, const void *wq, const void *xq,
                     void *out, void *ws, size_t wsBytes, cudaStream_t stream);
};

} // namespace qgemm::harness

#endif // QGEMM_TEST_GPU_HARNESS_COMMON_H
