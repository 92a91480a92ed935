//===- InitAll.h - register everything the qgemm tools use ------*- C++ -*-===//
//
// One registration entry shared by qgemm-opt and qgemm-compile, so both
// tools see the same dialects, passes and translations.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_INITALL_H
#define QGEMM_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace qgemm {

/// Registers the qgemm dialect, the upstream dialects qgemm lowers through
/// (func, arith, math, scf, memref, vector, gpu, nvgpu, nvvm, llvm), their
/// LLVM-lowering interfaces, the NVVM target and the LLVM IR translations.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the qgemm passes and pipelines and the upstream passes used in
/// the lowering, so every step can be replayed with qgemm-opt.
void registerAllPasses();

} // namespace qgemm

#endif // QGEMM_INITALL_H
