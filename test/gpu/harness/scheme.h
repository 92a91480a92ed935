//===- scheme.h - The interface of a GPU harness scheme module --*- C++ -*-===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// A scheme module (test/gpu/schemes/<prefix>.cu) tells the shared driver
// everything that depends on the quantization scheme: the kernels linked in
// (from the table run.sh generates out of the stubs), the inputs, the stub
// calls, the reference, its own exactness checks, the memory floor, the peers
// and the calibrations of the bench. The driver does the rest: the command
// line, poisoning and guard zones, running each case twice, the comparison of
// y, timing, the argument checks, the table and the JSON.
//
// A module defines `const Scheme &<prefix>Scheme()`; run.sh lists the modules
// it built in schemes.def, which main.cu turns into the registry.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TEST_GPU_HARNESS_SCHEME_H
#define QGEMM_TEST_GPU_HARNESS_SCHEME_H

#include "harness/common.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace qgemm::harness {

//===----------------------------------------------------------------------===//
// What the driver prints about a scheme
//===----------------------------------------------------------------------===//

/// A library the kernels are timed against (cuBLAS fp16, cuBLASLt int8,
/// cuSPARSE, ...).
struct PeerInfo {
  /// Short name: table columns `<column>_us` and `x_<column>`, JSON key
  /// `speedup_vs_<column>`.
  const char *column;
  /// Name in the progress lines of the bench log.
  const char *label;
  /// JSON key of its timing.
  const char *json;
  /// What it runs, for the JSON header.
  const char *description;
  /// For a peer that may run a padded M: the JSON key of the M it ran (its
  /// table cell is then marked `p`); nullptr when it always runs M as is.
  const char *paddedMJson = nullptr;
  /// The table's footnote for the `p` mark, when paddedMJson is set.
  const char *paddedNote = nullptr;
};

/// A calibration row timed exactly like the kernels (after the empty kernel,
/// which the driver times for every scheme).
struct CalibrationInfo {
  /// Table column, e.g. `readW_us`.
  const char *column;
  /// JSON key of its timing.
  const char *json;
  /// What it is, for the table's footnote.
  const char *note;
};

/// The fixed description of a scheme.
struct SchemeInfo {
  /// Name prefix of its functions and stubs (`w8a8`); also the module's file
  /// name under test/gpu/schemes.
  const char *prefix;
  /// Title of its bench table (`W8A8`).
  const char *title;
  /// The terms of its memory floor, for the table title
  /// (`x fp16 + wq int8 + y fp16 + sw`).
  const char *floorTerms;
  /// The peers of its bench, in the order of their columns.
  std::vector<PeerInfo> peers;
  /// Its calibrations beyond the empty kernel, in the order of their columns.
  std::vector<CalibrationInfo> calibrations;
  /// How the floor is taken: false for the floor bytes at kPeakBandwidth
  /// (table column `%floor` = floor / ours); true for the floor bytes at the
  /// streaming read rate the bench measures once per run, plus the case's
  /// empty kernel (columns `floor_us` and `x_floor` = ours / floor).
  bool measuredFloor = false;
};

//===----------------------------------------------------------------------===//
// --check
//===----------------------------------------------------------------------===//

/// The scheme's own checks of a case besides y (W8A8: xq and sx bit-exact).
struct OwnVerdict {
  bool pass = true;
  /// Fields printed after `K=` on the case line, each followed by a space.
  std::string fields;
  /// Lines printed after the case line (counts of mismatches).
  std::string summary;
  /// The first mismatches, printed before those of y.
  std::string detail;
};

/// The reference y of the checked rows.
struct ReferenceRows {
  /// fp16 bit patterns [rows, N]: y's bit mismatches are counted against
  /// these, and so is the relative error unless `exact` is set.
  std::vector<uint16_t> y;
  /// Optional fp64 values [rows, N]: when not empty, the relative Frobenius
  /// error and the max abs difference are taken against these.
  std::vector<double> exact;
};

/// One --check case: a kernel at one M on fresh inputs. The driver poisons
/// outputs() (0xFF bytes, guard zones included), launches, reads y (the first
/// output, fp16 [M, N]) and the guards back, calls readBack, all twice; then
/// ownChecks(), then compares y with reference() on all rows or a sample.
class CheckCase {
public:
  virtual ~CheckCase() = default;
  /// The special rows of the inputs, for the case line (" zero_row=3").
  virtual std::string note() const = 0;
  /// The poisoned outputs; the first is y.
  virtual std::vector<const GuardedBuffer *> outputs() const = 0;
  /// One stub call on `stream` (asynchronous).
  virtual void launch(cudaStream_t stream) = 0;
  /// Copies back what ownChecks() and sameRuns() look at, after run `rep`
  /// (0 or 1).
  virtual void readBack(int rep) { (void)rep; }
  /// Whether the outputs besides y are bit-identical between the two runs.
  virtual bool sameRuns() const { return true; }
  /// The scheme's own checks; called once, after both runs.
  virtual OwnVerdict ownChecks() { return {}; }
  /// The reference y of `rows` (ascending indices into [0, M)).
  virtual ReferenceRows reference(const std::vector<int64_t> &rows) = 0;
};

/// What a scheme's own checks counted (Scheme::kernelChecks).
struct CheckTally {
  int total = 0, failed = 0;
};

/// One kernel's weights for --check, shared by its cases.
class CheckKernel {
public:
  virtual ~CheckKernel() = default;
  /// The case at `m` with inputs from `seed`; nullptr after printing a FAIL
  /// line when the case cannot run at all.
  virtual std::unique_ptr<CheckCase> makeCase(int64_t m, uint64_t seed) = 0;
};

/// One argument check of a scheme's own: a stub call and the status it must
/// return.
struct ApiCheck {
  /// What the call passes, for the check line (`nnzb = -1`).
  std::string what;
  /// The `qgemm_status` it must return, and its name for the line.
  int expected;
  const char *expectedText;
  /// The stub call (on `stream`; the driver synchronizes after it).
  std::function<StubStatus(cudaStream_t stream)> call;
};

/// The argument checks of one kernel: each device pointer passed as null once,
/// and m = -1, must give QGEMM_ERROR_INVALID_VALUE; m = 0 is only reported;
/// then the scheme's own checks (moreChecks), each with its expected status.
class ApiCase {
public:
  virtual ~ApiCase() = default;
  /// The names of the stub's device-pointer arguments, in order.
  virtual std::vector<const char *> pointerNames() const = 0;
  /// Calls the stub with valid buffers (for 16 rows), pointer `nullArg` (an
  /// index into pointerNames(), or -1 for none) passed as null, and `m`.
  virtual StubStatus call(int nullArg, int64_t m, cudaStream_t stream) = 0;
  /// Checks of the scheme's other arguments (BSR: nnzb out of range,
  /// misaligned pointers), run after the null pointers and m; none by default.
  virtual std::vector<ApiCheck> moreChecks() { return {}; }
};

//===----------------------------------------------------------------------===//
// --bench
//===----------------------------------------------------------------------===//

/// What the bench shares with the schemes: its stream, the library handles
/// and the cuBLASLt workspace.
struct BenchContext {
  cudaStream_t stream;
  cublasHandle_t blas;
  cublasLtHandle_t lt;
  void *ltWorkspace;
  size_t ltWorkspaceBytes;
};

/// The launches of one --bench case (a kernel at one M), all on the bench
/// stream. The driver runs `ours` and each peer once, calls `spotCheck`, then
/// times `ours`, each peer, `ours` again, the empty kernel and each
/// calibration.
struct BenchCase {
  /// One call of the kernel under test.
  std::function<void()> ours;
  /// One run of each peer, in the order of SchemeInfo::peers; an empty
  /// function when the peer cannot run this case (not timed: its cells read
  /// `-` and its JSON timing is null).
  std::vector<std::function<void()>> peers;
  /// The M each peer ran (M, or M padded), in the same order.
  std::vector<int64_t> peerMs;
  /// One run of each calibration, in the order of SchemeInfo::calibrations;
  /// an empty function is not timed (its cell reads 0).
  std::vector<std::function<void()>> calibrations;
  /// Checks a few outputs of ours and of each peer after one run of each;
  /// returns the number of bad spots.
  std::function<int()> spotCheck;
  /// The bytes one call must move at the least (the memory floor).
  double floorBytes = 0;
  /// Operations of one call for TOP/s; negative means 2 M N K (BSR: 2 M
  /// nnzb 32 32, the stored blocks only, which is 0 without blocks).
  double ops = -1;
};

/// One kernel's bench data: random inputs for the largest M, shared by its
/// cases (each M uses the leading rows).
class BenchKernel {
public:
  virtual ~BenchKernel() = default;
  /// The launches at `m`. Peers that need a per-M setup do it here.
  virtual BenchCase makeCase(int64_t m) = 0;
};

//===----------------------------------------------------------------------===//
// The scheme
//===----------------------------------------------------------------------===//

/// A quantization scheme: one module, registered in schemes.def.
class Scheme {
public:
  virtual ~Scheme() = default;
  virtual const SchemeInfo &info() const = 0;
  /// The kernels linked into this build, in the order of the generated table.
  virtual std::vector<const KernelInfo *> kernels() const = 0;
  /// The M of --check and of --bench when --ms does not give them (the
  /// bench's include two of the middle of M, where the tile rows of 128 and
  /// the partial waves of M = 257 to 1023 hid cliffs; docs/perf-notes.md,
  /// v54).
  virtual std::vector<int64_t> checkMs() const {
    return {1, 2, 7, 16, 33, 64, 127, 256, 1000, 4096};
  }
  virtual std::vector<int64_t> benchMs() const {
    return {1, 16, 64, 256, 384, 640, 1024, 4096};
  }
  /// Pass bound on the relative Frobenius error of y.
  virtual double maxRelErr() const { return 1e-3; }
  /// Whether --check takes the reference y of every row of `kernel` at `m`;
  /// otherwise of a sample (rows 0, 2, 5, 6, M / 2, M - 1 and 64 random ones).
  /// By default every row while M N K <= 2e10 (a few seconds of the CPU
  /// reference).
  virtual bool referenceAllRows(const KernelInfo &kernel, int64_t m) const {
    return double(m) * double(kernel.n) * double(kernel.k) <= 2.0e10;
  }
  /// The weights of `kernel` for --check, from `seed`.
  virtual std::unique_ptr<CheckKernel> checkKernel(const KernelInfo &kernel,
                                                   uint64_t seed) const = 0;
  /// The argument checks of `kernel`.
  virtual std::unique_ptr<ApiCase> apiCase(const KernelInfo &kernel) const = 0;
  /// Checks of `kernel` besides its cases at each M (BSR: the structure
  /// validation, and runs on corrupt indices that must complete and leave
  /// y's guard zone alone), each printing one line that ends in PASS or FAIL.
  /// `ms` are the M of the run's cases. The driver runs them after the cases
  /// of every kernel and before the argument checks, since a kernel that
  /// faults here ends the process. None by default.
  virtual CheckTally kernelChecks(const KernelInfo &kernel,
                                  const std::vector<int64_t> &ms, uint64_t seed,
                                  cudaStream_t stream) const {
    (void)kernel, (void)ms, (void)seed, (void)stream;
    return {};
  }
  /// The bench data of `kernel` for the M in `ms`, from `seed`.
  virtual std::unique_ptr<BenchKernel>
  benchKernel(const KernelInfo &kernel, const std::vector<int64_t> &ms,
              uint64_t seed, const BenchContext &ctx) const = 0;
};

/// The schemes linked into this build, in the order of schemes.def.
const std::vector<const Scheme *> &registeredSchemes();

} // namespace qgemm::harness

#endif // QGEMM_TEST_GPU_HARNESS_SCHEME_H
