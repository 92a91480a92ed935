//===- Passes.h - qgemm transformation passes -------------------*- C++ -*-===//
//
// Declarations of the qgemm transformation passes and their helpers.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TRANSFORMS_PASSES_H
#define QGEMM_TRANSFORMS_PASSES_H

#include "qgemm/IR/QGemm.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::qgemm {

#define GEN_PASS_DECL
#include "qgemm/Transforms/Passes.h.inc"

/// Shared memory, in bytes, one thread block of `config` uses for `op`.
int64_t getSharedMemoryBytes(MatmulOp op, ConfigAttr config);

/// The variants `qgemm-configure` picks for `op` (see its description).
SmallVector<ConfigAttr> chooseConfigs(MatmulOp op);

#define GEN_PASS_REGISTRATION
#include "qgemm/Transforms/Passes.h.inc"

} // namespace mlir::qgemm

#endif // QGEMM_TRANSFORMS_PASSES_H
