//===- w8a8_common.h - What the two W8A8 modules share ----------*- C++ -*-===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// The check weights, reference rows, peers and Scheme class of the W8A8
// modules: w8a8.cu (fp16 activations quantized by the stub) and w8a8q.cu
// (activations already quantized by the caller).
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TEST_GPU_SCHEMES_W8A8_COMMON_H
#define QGEMM_TEST_GPU_SCHEMES_W8A8_COMMON_H

#include "harness/scheme.h"

#include "qgemm/Reference/Reference.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

namespace qgemm::harness::w8a8 {

namespace ref = qgemm::ref;

/// Random fp32 weights [n, k] (normal, per-row magnitudes from 0.005 to 0.035,
/// row n / 2 all zeros) quantized by the reference per-channel packer.
inline void makeWeights(int64_t n, int64_t k, uint64_t seed,
                        std::vector<int8_t> &wq, std::vector<float> &sw) {
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
inline void referenceRows(const std::vector<int64_t> &rows,
                          const std::vector<int8_t> &xq,
                          const std::vector<float> &sx,
                          const std::vector<int8_t> &wq,
                          const std::vector<float> &sw, int64_t n, int64_t k,
                          std::vector<uint16_t> &yRef) {
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

/// Poison of the padding of padded weight rows: a kernel that read it as
/// weights (a row stride of K instead of the pitch) would be caught.
constexpr int kPitchPoison = 0x7f;

/// The weights of one kernel, on the host (for the reference, rows of k
/// bytes) and the device (rows `pitch` bytes apart, the padding poisoned).
struct CheckWeights {
  std::vector<int8_t> wq;
  std::vector<float> sw;
  DeviceBuffer dWq, dSw;
  CheckWeights(std::vector<int8_t> wqIn, std::vector<float> swIn, int64_t pitch)
      : wq(std::move(wqIn)), sw(std::move(swIn)),
        dWq(sw.size() * size_t(pitch)), dSw(sw.size() * 4) {
    size_t n = sw.size(), k = wq.size() / n;
    CUDA_CHECK(cudaMemset(dWq.ptr, kPitchPoison, dWq.bytes));
    CUDA_CHECK(cudaMemcpy2D(dWq.ptr, size_t(pitch), wq.data(), k, k, n,
                            cudaMemcpyHostToDevice));
    CUDA_CHECK(
        cudaMemcpy(dSw.ptr, sw.data(), dSw.bytes, cudaMemcpyHostToDevice));
  }
};

/// The peers of both W8A8 modules, in the order addPeers adds them: cuBLAS
/// fp16 and cuBLASLt int8.
inline std::vector<PeerInfo> peerInfos() {
  return {{"fp16", "fp16", "cublas_fp16",
           "cublasGemmEx TN, fp16 in/out, CUBLAS_COMPUTE_32F"},
          {"i8", "int8", "cublaslt_i8",
           "cublasLtMatmul TN, int8 in, int32 out, CUBLAS_COMPUTE_32I, first "
           "heuristic algorithm, 32 MiB workspace",
           "cublaslt_i8_m",
           "cuBLASLt int8 had no algorithm for this M and ran on M padded up "
           "to a multiple of 16 (cublaslt_i8_m in the JSON)"}};
}

/// Adds the peers of `bc` at `m` for an n x k layer: cuBLAS fp16 on x16
/// [M, k] and w16 [n, k] into y16, and cuBLASLt int8 on xq [M, k] and wq
/// [n, k] into the int32 c (M as is, else padded to a multiple of 16 and at
/// least 32, as LtInt8Gemm::setupPadded finds an algorithm). The buffers
/// must outlive the case.
inline void addPeers(BenchCase &bc, const BenchContext &c, int64_t m, int64_t n,
                     int64_t k, void *x16, void *w16, void *y16, void *xq,
                     void *wq, void *out32) {
  bc.peers.push_back([=] { cublasGemmF16(c.blas, m, n, k, w16, x16, y16); });
  auto gemm = std::make_shared<LtInt8Gemm>();
  gemm->setupPadded(c.lt, n, k, m, wq, xq, out32, c.ltWorkspace,
                    c.ltWorkspaceBytes, c.stream);
  bc.peers.push_back([=] {
    CUBLAS_CHECK(gemm->run(c.lt, wq, xq, out32, c.ltWorkspace,
                           c.ltWorkspaceBytes, c.stream));
  });
  bc.peerMs = {m, gemm->mUsed};
}

/// The Scheme of a W8A8 module: its kernel table (`Kernel`, a KernelInfo
/// with the stub's workspace size) and how it builds its check kernel
/// (`Check`: the kernel and its check weights), its argument checks (`Api`)
/// and its bench kernel (`Bench`: one workspace of the largest size any M
/// of the run takes, as a caller would allocate it, and the rows for M and
/// for cuBLASLt's padded M).
template <class Kernel, class Check, class Api, class Bench>
class FamilyScheme : public Scheme {
public:
  template <size_t N>
  FamilyScheme(SchemeInfo schemeInfo, const Kernel (&table)[N])
      : schemeInfo(std::move(schemeInfo)), first(table), count(N) {}

  const SchemeInfo &info() const override { return schemeInfo; }

  std::vector<const KernelInfo *> kernels() const override {
    std::vector<const KernelInfo *> out;
    for (size_t i = 0; i < count; ++i)
      out.push_back(first + i);
    return out;
  }

  std::unique_ptr<CheckKernel> checkKernel(const KernelInfo &kernel,
                                           uint64_t seed) const override {
    std::vector<int8_t> wq;
    std::vector<float> sw;
    makeWeights(kernel.n, kernel.k, seed, wq, sw);
    return std::make_unique<Check>(get(kernel), std::move(wq), std::move(sw));
  }

  std::unique_ptr<ApiCase> apiCase(const KernelInfo &kernel) const override {
    return std::make_unique<Api>(get(kernel));
  }

  std::unique_ptr<BenchKernel>
  benchKernel(const KernelInfo &kernel, const std::vector<int64_t> &ms,
              uint64_t seed, const BenchContext &ctx) const override {
    const Kernel &kn = get(kernel);
    const int64_t mMax = *std::max_element(ms.begin(), ms.end());
    const int64_t mPadMax = std::max<int64_t>(alignUp(mMax, 16), 32);
    size_t wsMax = 0;
    for (int64_t m : ms)
      wsMax = std::max(wsMax, kn.workspaceSize(m));
    return std::make_unique<Bench>(kn, mMax, mPadMax, wsMax, seed, ctx);
  }

private:
  static const Kernel &get(const KernelInfo &k) {
    return static_cast<const Kernel &>(k);
  }

  const SchemeInfo schemeInfo;
  const Kernel *const first;
  const size_t count;
};

} // namespace qgemm::harness::w8a8

#endif // QGEMM_TEST_GPU_SCHEMES_W8A8_COMMON_H
