//===- common.cu - Shared machinery of the GPU harness --------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// The implementations behind common.h: error reports, the device fills, the
// fp16 activations of --check, guarded buffers, the bench timer and its L2
// flush, the calibration kernels and the cuBLAS / cuBLASLt peers.
//
//===----------------------------------------------------------------------===//

#include "harness/common.h"

#include "qgemm/Reference/Reference.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <cuda_fp16.h>
#include <mutex>
#include <thread>

namespace qgemm::harness {

namespace ref = qgemm::ref;

//===----------------------------------------------------------------------===//
// Errors and stub calls
//===----------------------------------------------------------------------===//

const KernelInfo *gCurrentKernel = nullptr;

void printJitLog(const KernelInfo *k) {
  if (!k)
    return;
  const char *log = k->jitLog();
  std::fprintf(stderr, "--- jit log of %s ---\n%s\n--- end of jit log ---\n",
               k->name, log && *log ? log : "(empty)");
}

void checkStubCall(const KernelInfo &k, int64_t m, StubStatus st) {
  if (st.code != kStubSuccess) {
    std::fprintf(stderr, "error: qgemm_%s(m = %lld) returned %d (%s)\n", k.name,
                 (long long)m, st.code, st.text);
    printJitLog(&k);
    std::exit(1);
  }
  CUDA_CHECK(cudaGetLastError());
}

void fatal(const std::string &msg) {
  std::fprintf(stderr, "error: %s\n", msg.c_str());
  std::exit(1);
}

void checkRef(const std::string &err, const char *what) {
  if (!err.empty())
    fatal(std::string("reference ") + what + ": " + err);
}

//===----------------------------------------------------------------------===//
// Device fills
//===----------------------------------------------------------------------===//

namespace {

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

} // namespace

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

namespace {
std::mutex gProgressMutex;
std::string gProgress = "the start";
double gProgressTime = 0;
} // namespace

void noteProgress(const char *what, const char *kernel, int64_t m) {
  std::lock_guard<std::mutex> lock(gProgressMutex);
  gProgress = std::string(what) + " " + kernel + " at M = " + std::to_string(m);
  gProgressTime = seconds();
}

void startWatchdog() {
  const char *env = std::getenv("QGEMM_WATCHDOG_SECONDS");
  double limit = env ? std::atof(env) : 120;
  if (!(limit > 0))
    return;
  {
    std::lock_guard<std::mutex> lock(gProgressMutex);
    gProgressTime = seconds();
  }
  std::thread([limit] {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      std::lock_guard<std::mutex> lock(gProgressMutex);
      if (seconds() - gProgressTime <= limit)
        continue;
      std::fflush(stdout);
      std::fprintf(stderr,
                   "\nharness: watchdog: nothing new for %.0f s since %s "
                   "started (a kernel that does not finish?); exiting\n",
                   limit, gProgress.c_str());
      std::printf("\nWATCHDOG: %s did not finish within %.0f s FAIL\n",
                  gProgress.c_str(), limit);
      std::fflush(stdout);
      std::fflush(stderr);
      std::_Exit(kWatchdogExit);
    }
  }).detach();
}

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

//===----------------------------------------------------------------------===//
// Guarded buffers
//===----------------------------------------------------------------------===//

void GuardedBuffer::poison() const {
  CUDA_CHECK(cudaMemset(buf.ptr, 0xFF, buf.bytes));
}

int64_t GuardedBuffer::guardHits() const {
  std::vector<uint8_t> guard(kGuardBytes);
  CUDA_CHECK(cudaMemcpy(guard.data(), (char *)buf.ptr + buf.bytes - kGuardBytes,
                        kGuardBytes, cudaMemcpyDeviceToHost));
  int64_t hits = 0;
  for (uint8_t g : guard)
    hits += g != 0xFF;
  return hits;
}

//===----------------------------------------------------------------------===//
// Calibration kernels and the L2 flush
//===----------------------------------------------------------------------===//

namespace {

/// Reads `words` 16-byte words (grid-stride) so that L2 holds only clean
/// lines of this buffer; the store never happens but keeps the loads.
__global__ void flushReadKernel(const uint4 *p, size_t words, unsigned *sink) {
  unsigned acc = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < words;
       i += size_t(gridDim.x) * blockDim.x) {
    uint4 v = p[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x9e3779b9u && threadIdx.x == 1023)
    *sink = acc;
}

/// The bench's calibration: an empty kernel timed like the others gives the
/// fixed cost of one launch between two events after the flush.
__global__ void emptyKernel() {}

/// Reads W [N, K] in the access pattern of the register-direct kernel: one
/// block per `WN` rows, `warpsK` warps along K, lane (g, q) reading bytes
/// [32q, 32q + 32) of each of its CH 128-byte chunks of rows g, g + 8, ...;
/// every load is issued before any is used (the chunk and tile counts are
/// template parameters, so the loads are unrolled into registers); nothing
/// else.
template <int WN, int CH>
__global__ void readTilesKernel(const uint8_t *w, int64_t k, int warpsK,
                                unsigned *sink) {
  int lane = threadIdx.x % 32, kw = threadIdx.x / 32;
  int g = lane / 4, q = lane % 4;
  uint4 v[WN / 8][CH][2];
#pragma unroll
  for (int ni = 0; ni < WN / 8; ++ni)
#pragma unroll
    for (int j = 0; j < CH; ++j) {
      const uint4 *p = reinterpret_cast<const uint4 *>(
          w + (int64_t(blockIdx.x) * WN + ni * 8 + g) * k +
          (j * warpsK + kw) * 128 + 32 * q);
      v[ni][j][0] = p[0];
      v[ni][j][1] = p[1];
    }
  unsigned acc = 0;
#pragma unroll
  for (int ni = 0; ni < WN / 8; ++ni)
#pragma unroll
    for (int j = 0; j < CH; ++j)
      for (const uint4 &a : v[ni][j])
        acc ^= a.x ^ a.y ^ a.z ^ a.w;
  if (acc == 0x9e3779b9u && threadIdx.x == 1023)
    *sink = acc;
}

/// Launches readTilesKernel for `chunks` chunks per warp (1 to 8); false
/// when there is no instance for that geometry.
template <int WN>
bool launchReadTilesOf(const uint8_t *w, int64_t n, int64_t k, int warpsK,
                       int64_t chunks, unsigned *sink, cudaStream_t stream) {
  dim3 grid(unsigned(n / WN)), block(unsigned(32 * warpsK));
  switch (chunks) {
#define QGEMM_READ_TILES_CASE(CH)                                              \
  case CH:                                                                     \
    readTilesKernel<WN, CH><<<grid, block, 0, stream>>>(w, k, warpsK, sink);   \
    return true;
    QGEMM_READ_TILES_CASE(1)
    QGEMM_READ_TILES_CASE(2)
    QGEMM_READ_TILES_CASE(3)
    QGEMM_READ_TILES_CASE(4)
    QGEMM_READ_TILES_CASE(5)
    QGEMM_READ_TILES_CASE(6)
    QGEMM_READ_TILES_CASE(7)
    QGEMM_READ_TILES_CASE(8)
#undef QGEMM_READ_TILES_CASE
  default:
    return false;
  }
}

} // namespace

void launchEmptyKernel(cudaStream_t stream) {
  emptyKernel<<<1, 32, 0, stream>>>();
  CUDA_CHECK(cudaGetLastError());
}

void launchStreamingRead(const void *p, size_t words, unsigned *sink,
                         cudaStream_t stream) {
  flushReadKernel<<<132 * 4, 1024, 0, stream>>>(static_cast<const uint4 *>(p),
                                                words, sink);
  CUDA_CHECK(cudaGetLastError());
}

bool launchReadTiles(int warpCols, const uint8_t *w, int64_t n, int64_t k,
                     int warpsK, int64_t chunks, unsigned *sink,
                     cudaStream_t stream) {
  if (warpCols == 16)
    return launchReadTilesOf<16>(w, n, k, warpsK, chunks, sink, stream);
  return launchReadTilesOf<8>(w, n, k, warpsK, chunks, sink, stream);
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

bool gFlushByRead = true;

const char *flushPolicy() {
  return gFlushByRead ? "256 MiB read by a kernel before every run"
                      : "256 MiB memset before every run";
}

Timer::Timer(cudaStream_t s, int warmupRuns, int timedRuns)
    : stream(s), warmup(warmupRuns), reps(timedRuns), flush(kFlushBytes),
      sink(sizeof(unsigned)) {
  CUDA_CHECK(cudaMemsetAsync(flush.ptr, 0x5A, kFlushBytes, stream));
  start.resize(size_t(reps));
  stop.resize(size_t(reps));
  for (int i = 0; i < reps; ++i) {
    CUDA_CHECK(cudaEventCreate(&start[size_t(i)]));
    CUDA_CHECK(cudaEventCreate(&stop[size_t(i)]));
  }
}

Timer::~Timer() {
  for (size_t i = 0; i < start.size(); ++i) {
    cudaEventDestroy(start[i]);
    cudaEventDestroy(stop[i]);
  }
}

void Timer::flushL2(int i) {
  if (gFlushByRead) {
    launchStreamingRead(flush.ptr, kFlushBytes / 16,
                        static_cast<unsigned *>(sink.ptr), stream);
    return;
  }
  CUDA_CHECK(
      cudaMemsetAsync(flush.ptr, (i * 37 + 1) & 0xFF, kFlushBytes, stream));
}

Timing Timer::collect() {
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

//===----------------------------------------------------------------------===//
// Peers
//===----------------------------------------------------------------------===//

void cublasGemmF16(cublasHandle_t blas, int64_t m, int64_t n, int64_t k,
                   const void *w, const void *x, void *y) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasGemmEx(blas, CUBLAS_OP_T, CUBLAS_OP_N, int(n), int(m),
                            int(k), &alpha, w, CUDA_R_16F, int(k), x,
                            CUDA_R_16F, int(k), &beta, y, CUDA_R_16F, int(n),
                            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

void LtInt8Gemm::release() {
  if (desc)
    cublasLtMatmulDescDestroy(desc);
  for (cublasLtMatrixLayout_t l : {a, b, c})
    if (l)
      cublasLtMatrixLayoutDestroy(l);
  desc = nullptr;
  a = b = c = nullptr;
}

bool LtInt8Gemm::setup(cublasLtHandle_t lt, int64_t n, int64_t k, int64_t mp,
                       size_t wsBytes) {
  release();
  mUsed = mp;
  CUBLAS_CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32I, CUDA_R_32I));
  cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA,
                                              &opT, sizeof(opT)));
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB,
                                              &opN, sizeof(opN)));
  CUBLAS_CHECK(
      cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, uint64_t(k), uint64_t(n), k));
  CUBLAS_CHECK(
      cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, uint64_t(k), uint64_t(mp), k));
  CUBLAS_CHECK(
      cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, uint64_t(n), uint64_t(mp), n));
  cublasLtMatmulPreference_t pref;
  CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
  uint64_t ws = wsBytes;
  CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
      pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws)));
  cublasLtMatmulHeuristicResult_t result{};
  int count = 0;
  cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(lt, desc, a, b, c, c, pref,
                                                     1, &result, &count);
  cublasLtMatmulPreferenceDestroy(pref);
  if (st != CUBLAS_STATUS_SUCCESS || count == 0)
    return false;
  algo = result.algo;
  return true;
}

void LtInt8Gemm::setupPadded(cublasLtHandle_t lt, int64_t n, int64_t k,
                             int64_t m, const void *wq, const void *xq,
                             void *out, void *ws, size_t wsBytes,
                             cudaStream_t stream) {
  bool ok = false;
  std::vector<int64_t> tried;
  for (int64_t mp :
       {m, alignUp(m, 16), std::max<int64_t>(alignUp(m, 16), 32)}) {
    if (ok || std::find(tried.begin(), tried.end(), mp) != tried.end())
      continue;
    tried.push_back(mp);
    if (!setup(lt, n, k, mp, wsBytes))
      continue;
    cublasStatus_t st = run(lt, wq, xq, out, ws, wsBytes, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    ok = st == CUBLAS_STATUS_SUCCESS;
  }
  if (!ok)
    fatal("cuBLASLt has no int8 TN algorithm for N = " + std::to_string(n) +
          ", K = " + std::to_string(k) + ", M = " + std::to_string(m) +
          " even padded to " + std::to_string(mUsed));
}

cublasStatus_t LtInt8Gemm::run(cublasLtHandle_t lt, const void *wq,
                               const void *xq, void *out, void *ws,
                               size_t wsBytes, cudaStream_t stream) {
  int32_t alpha = 1, beta = 0;
  return cublasLtMatmul(lt, desc, &alpha, wq, a, xq, b, &beta, out, c, out, c,
                        &algo, ws, wsBytes, stream);
}

} // namespace qgemm::harness
