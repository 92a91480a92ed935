//===- driver.h - The GPU harness's --check and --bench drivers -*- C++ -*-===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// The scheme-independent loops of the harness: check.cu runs the --check
// cases and the argument checks, bench.cu times the --bench cases and writes
// the tables and the JSON. main.cu parses the command line and calls them.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TEST_GPU_HARNESS_DRIVER_H
#define QGEMM_TEST_GPU_HARNESS_DRIVER_H

#include "harness/scheme.h"

#include <string>
#include <vector>

namespace qgemm::harness {

/// A kernel picked for this run, with its scheme.
struct Selected {
  const Scheme *scheme;
  const KernelInfo *kernel;
};

/// The per-kernel seed of every scheme: the same N and K give the same data.
inline uint64_t kernelSeed(uint64_t seed, const KernelInfo &k) {
  return mix64(seed ^ uint64_t(k.n * 131071 + k.k));
}

/// Runs every selected kernel at each M (`ms`, or the scheme's check list when
/// empty), then each selected kernel's own checks (Scheme::kernelChecks), then
/// the argument checks of each scheme's first selected kernel. Returns the
/// exit status: 1 when a case failed.
int runCheck(const std::vector<Selected> &kernels,
             const std::vector<int64_t> &ms, uint64_t seed);

/// Times every selected kernel at each M (`ms`, or the scheme's bench list
/// when empty) against the scheme's peers; prints one table per scheme and
/// writes them to `tablePath` and everything to `jsonPath` (each unless
/// empty). Returns the exit status: 1 when a spot check failed.
int runBench(const std::vector<Selected> &kernels,
             const std::vector<int64_t> &ms, int reps, int warmup,
             const std::string &jsonPath, const std::string &tablePath,
             uint64_t seed);

} // namespace qgemm::harness

#endif // QGEMM_TEST_GPU_HARNESS_DRIVER_H
