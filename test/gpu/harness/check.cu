//===- check.cu - The GPU harness's --check driver ------------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Runs each check case of a scheme twice with its outputs poisoned (0xFF
// bytes, guard zones behind them), checks that every element of y is written
// and finite, that nothing past the outputs changed and that both runs agree,
// lets the scheme run its own checks, and compares y with the scheme's
// reference by relative Frobenius error (reporting the max abs difference and
// the bit mismatches too). The schemes' own checks of each kernel
// (Scheme::kernelChecks) and the argument checks of the stubs run last.
//
//===----------------------------------------------------------------------===//

#include "harness/driver.h"

#include "qgemm/Reference/Reference.h"

namespace qgemm::harness {

namespace ref = qgemm::ref;

namespace {

/// Rows with a reference y: all of them when `all`, else rows 0, 2, 5, 6,
/// M / 2, M - 1 and 64 random ones (`sampled`).
std::vector<int64_t> checkedRows(int64_t m, bool all, uint64_t seed,
                                 bool &sampled) {
  std::vector<int64_t> rows;
  sampled = !all;
  if (!sampled) {
    for (int64_t r = 0; r < m; ++r)
      rows.push_back(r);
    return rows;
  }
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
  return rows;
}

/// What the comparison of y found.
struct YStats {
  int64_t unwritten = 0, nonFinite = 0, mismatches = 0;
  double relErr = 0, maxAbs = 0;
  std::string detail;
};

/// Every element of y must be written (no 0xFFFF left) and finite (inputs
/// keep y far from fp16 overflow); the checked rows are compared with the
/// reference.
YStats compareY(const std::vector<uint16_t> &y,
                const std::vector<int64_t> &rows, int64_t n,
                const ReferenceRows &want) {
  YStats s;
  for (uint16_t h : y) {
    s.unwritten += h == 0xFFFF;
    s.nonFinite += h != 0xFFFF && (h & 0x7c00) == 0x7c00;
  }
  const bool exact = !want.exact.empty();
  double errSq = 0, refSq = 0;
  for (size_t i = 0; i < rows.size(); ++i)
    for (int64_t c = 0; c < n; ++c) {
      size_t at = i * size_t(n) + size_t(c);
      uint16_t got = y[size_t(rows[i] * n + c)], bits = want.y[at];
      if (got == bits && !exact)
        continue;
      if (got != bits && s.mismatches++ < 3) {
        char buf[160];
        std::snprintf(
            buf, sizeof(buf),
            "  y[%lld, %lld] = %.6g (0x%04x), expected %.6g (0x%04x)\n",
            (long long)rows[i], (long long)c, ref::halfToFloat(got), got,
            ref::halfToFloat(bits), bits);
        s.detail += buf;
      }
      double g = ref::halfToFloat(got);
      double w = exact ? want.exact[at] : double(ref::halfToFloat(bits));
      if (!std::isfinite(g))
        continue; // counted in nonFinite
      errSq += (g - w) * (g - w);
      s.maxAbs = std::max(s.maxAbs, std::fabs(g - w));
    }
  if (exact) {
    for (double w : want.exact)
      refSq += w * w;
  } else {
    for (uint16_t h : want.y) {
      double w = ref::halfToFloat(h);
      refSq += w * w;
    }
  }
  s.relErr =
      refSq > 0 ? std::sqrt(errSq / refSq) : (errSq > 0 ? INFINITY : 0.0);
  return s;
}

/// Runs one case of `kn` at `m`. Returns true on PASS.
bool runCase(const Scheme &scheme, CheckKernel &ck, const KernelInfo &kn,
             int64_t m, uint64_t seed, cudaStream_t stream) {
  const int64_t n = kn.n, k = kn.k;
  double t0 = seconds();
  noteProgress("check", kn.name, m);
  std::unique_ptr<CheckCase> c = ck.makeCase(m, seed);
  if (!c)
    return false;
  const std::vector<const GuardedBuffer *> outputs = c->outputs();
  const size_t yBytes = size_t(m * n) * 2;
  int64_t guardHits = 0;

  // Run twice, poisoned each time; the two results must be bit-identical.
  std::vector<uint16_t> y(size_t(m * n)), y2(size_t(m * n));
  for (int rep = 0; rep < 2; ++rep) {
    for (const GuardedBuffer *b : outputs)
      b->poison();
    CUDA_CHECK(cudaDeviceSynchronize());
    c->launch(stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy((rep ? y2 : y).data(), outputs.front()->ptr(), yBytes,
                          cudaMemcpyDeviceToHost));
    for (const GuardedBuffer *b : outputs)
      guardHits += b->guardHits();
    c->readBack(rep);
  }
  bool stable = y == y2 && c->sameRuns();

  OwnVerdict own = c->ownChecks();
  bool sampled = false;
  std::vector<int64_t> rows =
      checkedRows(m, scheme.referenceAllRows(kn, m), seed, sampled);
  YStats ys = compareY(y, rows, n, c->reference(rows));

  bool pass = own.pass && ys.unwritten == 0 && ys.nonFinite == 0 &&
              ys.relErr <= scheme.maxRelErr() && stable && guardHits == 0;
  std::printf("M=%-5lld N=%-5lld K=%-5lld %s"
              "y_relerr=%.3e y_maxabs=%.3g y_mismatches=%lld/%lld rows=%s "
              "unwritten=%lld nonfinite=%lld oob=%lld stable=%s %.1fs%s %s\n",
              (long long)m, (long long)n, (long long)k, own.fields.c_str(),
              ys.relErr, ys.maxAbs, (long long)ys.mismatches,
              (long long)(rows.size() * size_t(n)),
              sampled ? std::to_string(rows.size()).c_str() : "all",
              (long long)ys.unwritten, (long long)ys.nonFinite,
              (long long)guardHits, stable ? "yes" : "no", seconds() - t0,
              c->note().c_str(), pass ? "PASS" : "FAIL");
  std::printf("%s", own.summary.c_str());
  std::string detail = own.detail + ys.detail;
  if (!detail.empty())
    std::printf("%s", detail.c_str());
  std::fflush(stdout);
  return pass;
}

/// The argument validation documented for the stubs: each null pointer and a
/// negative m give QGEMM_ERROR_INVALID_VALUE, then the scheme's own checks
/// give their statuses. Run last: a stub that launched anyway would fault and
/// poison the context.
bool checkApi(const Scheme &scheme, const KernelInfo &kn, cudaStream_t stream) {
  std::unique_ptr<ApiCase> api = scheme.apiCase(kn);
  const std::vector<const char *> names = api->pointerNames();
  const int64_t m = 16;
  bool ok = true;
  gCurrentKernel = &kn;
  noteProgress("the argument checks of", kn.name, m);
  auto expect = [&](const std::string &what, StubStatus st, int code,
                    const char *text) {
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaGetLastError());
    bool pass = st.code == code;
    ok &= pass;
    std::printf("api %s %s: %s (%d), expected %s %s\n", kn.name, what.c_str(),
                st.text, st.code, text, pass ? "PASS" : "FAIL");
  };
  auto expectInvalid = [&](const std::string &what, int nullArg, int64_t mm) {
    expect(what, api->call(nullArg, mm, stream), kStubInvalidValue,
           "invalid value");
  };
  for (size_t i = 0; i < names.size(); ++i)
    expectInvalid(std::string("null ") + names[i], int(i), m);
  expectInvalid("m = -1", -1, -1);
  // m = 0 has no documented result: report it only.
  StubStatus st = api->call(-1, 0, stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaGetLastError());
  std::printf("api %s m = 0: %s (%d) (informational)\n", kn.name, st.text,
              st.code);
  for (const ApiCheck &check : api->moreChecks())
    expect(check.what, check.call(stream), check.expected, check.expectedText);
  return ok;
}

} // namespace

int runCheck(const std::vector<Selected> &kernels,
             const std::vector<int64_t> &ms, uint64_t seed) {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  int failed = 0, total = 0;
  double t0 = seconds();
  std::vector<Selected> firstOfScheme;
  for (const Selected &s : kernels) {
    const KernelInfo &kn = *s.kernel;
    uint64_t kseed = kernelSeed(seed, kn);
    std::unique_ptr<CheckKernel> ck = s.scheme->checkKernel(kn, kseed);
    std::printf("== %s: N = %lld, K = %lld\n", kn.name, (long long)kn.n,
                (long long)kn.k);
    for (int64_t m : kernelMs(kn, ms.empty() ? s.scheme->checkMs() : ms)) {
      ++total;
      if (!runCase(*s.scheme, *ck, kn, m, mix64(kseed + uint64_t(m)), stream))
        ++failed;
    }
    // The argument checks call with m = 16 and -1: a stub of a run-time M.
    bool seen = false;
    for (const Selected &f : firstOfScheme)
      seen |= f.scheme == s.scheme;
    if (!seen && kn.staticM == 0)
      firstOfScheme.push_back(s);
  }
  // The schemes' own checks of each kernel, after every case: one that faults
  // ends the process.
  for (const Selected &s : kernels) {
    const KernelInfo &kn = *s.kernel;
    gCurrentKernel = &kn;
    noteProgress("the own checks of", kn.name, 0);
    CheckTally t = s.scheme->kernelChecks(
        kn, kernelMs(kn, ms.empty() ? s.scheme->checkMs() : ms),
        kernelSeed(seed, kn), stream);
    total += t.total;
    failed += t.failed;
  }
  for (const Selected &s : firstOfScheme) {
    ++total;
    if (!checkApi(*s.scheme, *s.kernel, stream))
      ++failed;
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  std::printf("check: %d of %d cases passed (%.1fs)%s\n", total - failed, total,
              seconds() - t0, failed ? " FAIL" : " PASS");
  return failed ? 1 : 0;
}

} // namespace qgemm::harness
