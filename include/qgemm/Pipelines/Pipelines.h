//===- Pipelines.h - qgemm named pass pipelines -----------------*- C++ -*-===//
//
// The pipeline from qgemm ops to PTX, shared by qgemm-opt (as the named
// pipeline `qgemm-lower-to-nvvm`) and by the qgemm-compile driver.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_PIPELINES_PIPELINES_H
#define QGEMM_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::qgemm {

/// Options of the qgemm-lower-to-nvvm pipeline.
struct LowerToNVVMOptions : public PassPipelineOptions<LowerToNVVMOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("target chip: sm_80, sm_90 or sm_90a"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<int> optLevel{
      *this, "opt-level",
      llvm::cl::desc("NVPTX optimization level (0-3; 2 gives the PTX of 3 "
                     "on most families, sooner)"),
      llvm::cl::init(2)};
  PassOptions::Option<int64_t> programmaticMaxM{
      *this, "programmatic-max-m",
      llvm::cl::desc("launch the variants with max_m <= this bound (0: none, "
                     "-1: every variant) as programmatic dependents of "
                     "quantize (sm_90)"),
      llvm::cl::init(-1)};
  PassOptions::Option<bool> emitBinary{
      *this, "emit-binary",
      llvm::cl::desc("end with qgemm-module-to-ptx (PTX in a gpu.binary); "
                     "false stops at NVVM IR"),
      llvm::cl::init(true)};
};

/// Adds to `pm` (anchored on builtin.module) the passes that take qgemm ops
/// to gpu.binary ops holding PTX: configure, convert-qgemm-to-gpu, the
/// upstream lowering of the kernels to NVVM, target attachment and
/// serialization to PTX.
void buildLowerToNVVMPipeline(OpPassManager &pm,
                              const LowerToNVVMOptions &options);

/// Registers `qgemm-lower-to-nvvm`.
void registerQGemmPipelines();

} // namespace mlir::qgemm

#endif // QGEMM_PIPELINES_PIPELINES_H
