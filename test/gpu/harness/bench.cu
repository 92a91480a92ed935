//===- bench.cu - The GPU harness's --bench driver ------------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Times each bench case of a scheme on one stream, with the L2 flushed before
// every run (warm-up included) and one CUDA event pair per run: ours, each
// peer, ours again (the noise), the empty kernel and the scheme's
// calibrations. Prints one table per scheme and writes every figure to the
// JSON, with the device, driver, runtime and library versions.
//
//===----------------------------------------------------------------------===//

#include "harness/driver.h"

#include <cstring>
#include <iterator>
#include <utility>

namespace qgemm::harness {

namespace {

/// Bytes of the streaming read whose rate the measured floors use (512 MiB:
/// the 256 MiB flush before it leaves none of it in L2).
constexpr size_t kRateReadBytes = size_t(512) << 20;

/// The figures of one kernel at one M.
struct BenchRow {
  const Scheme *scheme;
  const KernelInfo *kn;
  int64_t m;
  Timing ours, ours2;
  /// One per peer, in the order of SchemeInfo::peers; `ran` false where the
  /// case had no function for the peer.
  std::vector<Timing> peers;
  std::vector<bool> ran;
  std::vector<int64_t> peerMs;
  /// The empty kernel, then the scheme's calibrations.
  Timing empty;
  std::vector<Timing> calibrations;
  int spotBad = 0;
  double ops = 0, floorBytes = 0, floorUs = 0;

  double tops() const { return ops / (ours.medianUs * 1e-6) / 1e12; }
  double pctOfFloor() const { return 100.0 * floorUs / ours.medianUs; }
};

/// The time `bytes` take at the measured streaming read rate (`rate`, B/s)
/// plus one empty kernel: the floor of a scheme with measuredFloor.
double measuredFloorUs(double bytes, double rate, double emptyUs) {
  return bytes / rate * 1e6 + emptyUs;
}

/// Times the case of M `m` once, ours and each peer, and keeps nothing: the
/// first case timed after a kernel's inputs are made ran up to 16% away
/// from the same case timed later (an A/A run of identical kernels, perf
/// notes v53 step 5), in our kernel and in the peers alike.
void settle(BenchKernel &bk, int64_t m, Timer &timer, cudaStream_t stream) {
  BenchCase c = bk.makeCase(m);
  timer.time(c.ours);
  for (const std::function<void()> &peer : c.peers)
    if (peer)
      timer.time(peer);
  CUDA_CHECK(cudaStreamSynchronize(stream));
}

/// Runs the case once (the spot checks), then times it. `readRate` (B/s) is
/// the measured streaming read rate of a scheme with measuredFloor.
BenchRow runCase(const Scheme &scheme, BenchKernel &bk, const KernelInfo &kn,
                 int64_t m, Timer &timer, cudaStream_t stream,
                 double readRate) {
  const SchemeInfo &info = scheme.info();
  BenchRow row;
  row.scheme = &scheme;
  row.kn = &kn;
  row.m = m;
  std::printf("bench %s M=%lld ...", kn.name, (long long)m);
  std::fflush(stdout);
  noteProgress("bench", kn.name, m);
  BenchCase c = bk.makeCase(m);
  if (c.peers.size() != info.peers.size() ||
      c.peerMs.size() != info.peers.size() ||
      c.calibrations.size() != info.calibrations.size())
    fatal(std::string("the ") + info.prefix +
          " bench case does not match its peers and calibrations");

  // One run of each, then spot checks on what they wrote.
  c.ours();
  for (const std::function<void()> &peer : c.peers)
    if (peer)
      peer();
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaGetLastError());
  row.spotBad = c.spotCheck();

  row.ours = timer.time(c.ours);
  for (const std::function<void()> &peer : c.peers) {
    row.peers.push_back(peer ? timer.time(peer) : Timing());
    row.ran.push_back(bool(peer));
  }
  row.ours2 = timer.time(c.ours); // the same build again: the noise
  row.empty = timer.time([&] { launchEmptyKernel(stream); });
  for (const std::function<void()> &cal : c.calibrations)
    row.calibrations.push_back(cal ? timer.time(cal) : Timing());
  row.peerMs = c.peerMs;
  row.ops = c.ops >= 0 ? c.ops : 2.0 * m * kn.n * kn.k;
  row.floorBytes = c.floorBytes;
  row.floorUs = info.measuredFloor ? measuredFloorUs(row.floorBytes, readRate,
                                                     row.empty.medianUs)
                                   : row.floorBytes / kPeakBandwidth * 1e6;

  char buf[128];
  std::snprintf(buf, sizeof(buf), " ours %.2f us", row.ours.medianUs);
  std::string line = buf;
  for (size_t p = 0; p < info.peers.size(); ++p) {
    if (row.ran[p])
      std::snprintf(buf, sizeof(buf), ", %s %.2f us", info.peers[p].label,
                    row.peers[p].medianUs);
    else
      std::snprintf(buf, sizeof(buf), ", %s not run", info.peers[p].label);
    line += buf;
  }
  for (size_t p = 0; p < info.peers.size(); ++p)
    if (row.peerMs[p] != m)
      line += " (" + std::string(info.peers[p].label) + " M padded to " +
              std::to_string(row.peerMs[p]) + ")";
  std::printf("%s%s\n", line.c_str(), row.spotBad ? " SPOT CHECK FAILED" : "");
  std::fflush(stdout);
  return row;
}

/// Appends printf-formatted text to `out`.
template <class... Args>
void appendf(std::string &out, const char *fmt, Args... args) {
  char buf[512];
  std::snprintf(buf, sizeof(buf), fmt, args...);
  out += buf;
}

/// The table of one scheme's rows: title, header, one line per row and the
/// footnote. `readRate` (B/s) is the measured streaming read rate.
std::string schemeTable(const Scheme &scheme, const std::vector<BenchRow> &rows,
                        int reps, int warmup, double readRate) {
  const SchemeInfo &info = scheme.info();
  std::string t;
  if (info.measuredFloor)
    appendf(t,
            "%s bench: median of %d runs after %d warm-up, L2 flushed (%s); "
            "floor = (%s) / %.2f TB/s (measured: a streaming read of %zu MiB) "
            "+ empty_us\n",
            info.title, reps, warmup, flushPolicy(), info.floorTerms,
            readRate / 1e12, kRateReadBytes >> 20);
  else
    appendf(t,
            "%s bench: median of %d runs after %d warm-up, L2 flushed (%s); "
            "floor = (%s) / %.1f TB/s\n",
            info.title, reps, warmup, flushPolicy(), info.floorTerms,
            kPeakBandwidth / 1e12);
  int nameWidth = 19; // the kernel column fits the longest name
  for (const BenchRow &r : rows)
    if (r.scheme == &scheme)
      nameWidth = std::max(nameWidth, int(std::strlen(r.kn->name)));
  appendf(t, "%-*s %5s %6s %5s %9s", nameWidth, "kernel", "M", "N", "K",
          "ours_us");
  for (const PeerInfo &p : info.peers)
    appendf(t, " %9s", (std::string(p.column) + "_us").c_str());
  for (const PeerInfo &p : info.peers)
    appendf(t, " %7s", ("x_" + std::string(p.column)).c_str());
  if (info.measuredFloor)
    appendf(t, " %8s %7s", "floor_us", "x_floor");
  else
    appendf(t, " %7s", "%floor");
  appendf(t, " %7s %6s %8s", "TOP/s", "noise", "empty_us");
  for (const CalibrationInfo &cal : info.calibrations)
    appendf(t, " %8s", cal.column);
  t += "\n";
  for (const BenchRow &r : rows) {
    if (r.scheme != &scheme)
      continue;
    double noise =
        100.0 * std::fabs(r.ours2.medianUs - r.ours.medianUs) / r.ours.medianUs;
    appendf(t, "%-*s %5lld %6lld %5lld %9.2f", nameWidth, r.kn->name,
            (long long)r.m, (long long)r.kn->n, (long long)r.kn->k,
            r.ours.medianUs);
    // A peer that may pad M keeps the last character of its cell for `p`; a
    // peer that did not run reads `-`.
    for (size_t p = 0; p < info.peers.size(); ++p)
      if (!r.ran[p])
        appendf(t, " %9s", "-");
      else if (info.peers[p].paddedMJson)
        appendf(t, " %8.2f%s", r.peers[p].medianUs,
                r.peerMs[p] != r.m ? "p" : " ");
      else
        appendf(t, " %9.2f", r.peers[p].medianUs);
    for (size_t p = 0; p < info.peers.size(); ++p)
      if (r.ran[p])
        appendf(t, " %7.2f", r.peers[p].medianUs / r.ours.medianUs);
      else
        appendf(t, " %7s", "-");
    if (info.measuredFloor)
      appendf(t, " %8.2f %7.2f", r.floorUs, r.ours.medianUs / r.floorUs);
    else
      appendf(t, " %6.1f%%", r.pctOfFloor());
    appendf(t, " %7.1f %5.1f%% %8.2f", r.tops(), noise, r.empty.medianUs);
    for (const Timing &cal : r.calibrations)
      appendf(t, " %8.2f", cal.medianUs);
    t += r.spotBad ? "  SPOT CHECK FAILED\n" : "\n";
  }
  t += "(";
  for (const PeerInfo &p : info.peers)
    if (p.paddedMJson)
      t += std::string("p: ") + p.paddedNote + "; ";
  if (info.measuredFloor)
    t += "x_floor: ours / floor; ";
  t += "noise: |ours - ours timed again| / ours; empty_us: an empty kernel";
  for (const CalibrationInfo &cal : info.calibrations)
    t += std::string(", ") + cal.column + ": " + cal.note;
  t += ", all timed the same way)\n";
  return t;
}

/// The schemes of `rows` in the order of their first row.
std::vector<const Scheme *> schemesOf(const std::vector<BenchRow> &rows) {
  std::vector<const Scheme *> out;
  for (const BenchRow &r : rows)
    if (std::find(out.begin(), out.end(), r.scheme) == out.end())
      out.push_back(r.scheme);
  return out;
}

void printTimingJson(FILE *f, const char *name, const Timing &t) {
  std::fprintf(
      f,
      "\"%s\": {\"median_us\": %.3f, \"min_us\": %.3f, \"p10_us\": %.3f, "
      "\"p90_us\": %.3f, \"mean_us\": %.3f}",
      name, t.medianUs, t.minUs, t.p10Us, t.p90Us, t.meanUs);
}

/// One element of "results".
void printRowJson(FILE *f, const BenchRow &r) {
  const SchemeInfo &info = r.scheme->info();
  std::fprintf(f,
               "    {\"kernel\": \"%s\", \"m\": %lld, \"n\": %lld, \"k\": "
               "%lld, ",
               r.kn->name, (long long)r.m, (long long)r.kn->n,
               (long long)r.kn->k);
  // A peer that did not run has a null timing.
  std::vector<std::pair<const char *, const Timing *>> timings = {
      {"ours", &r.ours}, {"ours_again", &r.ours2}};
  for (size_t p = 0; p < info.peers.size(); ++p)
    timings.push_back({info.peers[p].json, r.ran[p] ? &r.peers[p] : nullptr});
  timings.push_back({"empty_kernel", &r.empty});
  for (size_t c = 0; c < info.calibrations.size(); ++c)
    timings.push_back({info.calibrations[c].json, &r.calibrations[c]});
  for (size_t t = 0; t < timings.size(); ++t) {
    if (t)
      std::fprintf(f, ", ");
    if (timings[t].second)
      printTimingJson(f, timings[t].first, *timings[t].second);
    else
      std::fprintf(f, "\"%s\": null", timings[t].first);
  }
  for (size_t p = 0; p < info.peers.size(); ++p)
    if (info.peers[p].paddedMJson)
      std::fprintf(f, ", \"%s\": %lld", info.peers[p].paddedMJson,
                   (long long)r.peerMs[p]);
  for (size_t p = 0; p < info.peers.size(); ++p)
    if (r.ran[p])
      std::fprintf(f, ", \"speedup_vs_%s\": %.4f", info.peers[p].column,
                   r.peers[p].medianUs / r.ours.medianUs);
    else
      std::fprintf(f, ", \"speedup_vs_%s\": null", info.peers[p].column);
  std::fprintf(f,
               ", \"floor_bytes\": %.0f, \"floor_us\": %.3f, "
               "\"pct_of_floor\": %.2f, \"ours_tops\": %.2f, \"spot_bad\": "
               "%d}",
               r.floorBytes, r.floorUs, r.pctOfFloor(), r.tops(), r.spotBad);
}

/// The JSON: the device and library versions, the method, what each peer
/// runs, and one element per row. `readRate` (B/s) is the measured streaming
/// read rate, 0 when no scheme of the run takes its floor from it.
void writeJson(const std::string &path, const std::vector<BenchRow> &rows,
               int reps, int warmup, cublasHandle_t blas, double readRate) {
  FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    fatal("cannot write " + path);
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
               "  \"reps\": %d, \"warmup\": %d, \"l2_policy\": \"%s\", "
               "\"peak_bandwidth_Bps\": %.3g,\n",
               reps, warmup, flushPolicy(), kPeakBandwidth);
  // The floors of the schemes with measuredFloor: floor_bytes at this rate
  // plus the row's empty kernel.
  if (readRate > 0)
    std::fprintf(f,
                 "  \"measured_read_rate_Bps\": %.4g, \"measured_read_bytes\": "
                 "%zu,\n",
                 readRate, kRateReadBytes);
  // What each peer runs, once per JSON key.
  std::vector<std::string> keys;
  std::string peers;
  for (const Scheme *s : schemesOf(rows))
    for (const PeerInfo &p : s->info().peers) {
      if (std::find(keys.begin(), keys.end(), p.json) != keys.end())
        continue;
      keys.push_back(p.json);
      peers += std::string(peers.empty() ? "" : ", ") + "\"" + p.json +
               "\": \"" + p.description + "\"";
    }
  if (!peers.empty())
    std::fprintf(f, "  %s,\n", peers.c_str());
  std::fprintf(f, "  \"results\": [\n");
  for (size_t i = 0; i < rows.size(); ++i) {
    printRowJson(f, rows[i]);
    std::fprintf(f, "%s\n", i + 1 < rows.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  if (std::fclose(f) != 0)
    fatal("cannot write " + path);
}

} // namespace

int runBench(const std::vector<Selected> &kernels,
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
  const BenchContext ctx{stream, blas, lt, ltWs.ptr, ltWsBytes};
  Timer timer(stream, warmup, reps);
  std::vector<BenchRow> rows;

  // The streaming read rate of the measured floors, once per run: a read of
  // kRateReadBytes timed like the kernels, less the empty kernel.
  double readRate = 0;
  bool measured = false;
  for (const Selected &s : kernels)
    measured |= s.scheme->info().measuredFloor;
  if (measured) {
    DeviceBuffer buf(kRateReadBytes), sink(sizeof(unsigned));
    CUDA_CHECK(cudaMemsetAsync(buf.ptr, 0x3C, kRateReadBytes, stream));
    Timing read = timer.time([&] {
      launchStreamingRead(buf.ptr, kRateReadBytes / 16, sink.as<unsigned>(),
                          stream);
    });
    Timing empty = timer.time([&] { launchEmptyKernel(stream); });
    readRate = double(kRateReadBytes) /
               (std::max(read.medianUs - empty.medianUs, 1.0) * 1e-6);
    std::printf("streaming read of %zu MiB: %.2f us, empty kernel %.2f us: "
                "%.3f TB/s\n",
                kRateReadBytes >> 20, read.medianUs, empty.medianUs,
                readRate / 1e12);
    std::fflush(stdout);
  }

  for (const Selected &s : kernels) {
    const std::vector<int64_t> caseMs =
        kernelMs(*s.kernel, ms.empty() ? s.scheme->benchMs() : ms);
    // One random set per shape; each M uses its leading rows.
    noteProgress("the bench inputs of", s.kernel->name, 0);
    std::unique_ptr<BenchKernel> bk = s.scheme->benchKernel(
        *s.kernel, caseMs, kernelSeed(seed, *s.kernel), ctx);
    if (!caseMs.empty())
      settle(*bk, caseMs.front(), timer, stream);
    for (int64_t m : caseMs)
      rows.push_back(
          runCase(*s.scheme, *bk, *s.kernel, m, timer, stream, readRate));
  }

  std::string table;
  for (const Scheme *s : schemesOf(rows))
    table += schemeTable(*s, rows, reps, warmup, readRate);
  std::printf("\n%s", table.c_str());
  if (!tablePath.empty()) {
    FILE *f = std::fopen(tablePath.c_str(), "w");
    if (!f)
      fatal("cannot write " + tablePath);
    std::fputs(table.c_str(), f);
    std::fclose(f);
  }
  if (!jsonPath.empty())
    writeJson(jsonPath, rows, reps, warmup, blas, readRate);

  CUBLAS_CHECK(cublasLtDestroy(lt));
  CUBLAS_CHECK(cublasDestroy(blas));
  CUDA_CHECK(cudaStreamDestroy(stream));
  int spotFailures = 0;
  for (const BenchRow &r : rows)
    spotFailures += r.spotBad != 0;
  if (spotFailures)
    std::printf("bench: %d cases failed their spot checks\n", spotFailures);
  return spotFailures ? 1 : 0;
}

} // namespace qgemm::harness
