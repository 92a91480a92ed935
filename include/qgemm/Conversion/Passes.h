//===- Passes.h - qgemm conversion passes -----------------------*- C++ -*-===//
//
// Declarations of the passes that lower qgemm to the upstream GPU dialects.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_CONVERSION_PASSES_H
#define QGEMM_CONVERSION_PASSES_H

#include "qgemm/IR/QGemm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::qgemm {

#define GEN_PASS_DECL
#include "qgemm/Conversion/Passes.h.inc"

/// Name of the func attribute that describes how the host launches the
/// kernels of a lowered qgemm.matmul.
inline constexpr llvm::StringLiteral kLaunchAttrName = "qgemm.launch";

/// Lowers the configured `op` inside `func` to a gpu.module placed after
/// `func`, and annotates `func` with the launch description. Emits a
/// located error and fails on what it cannot lower.
/// The variants with max_m <= `programmaticMaxM` (all when it is negative)
/// are launched as programmatic dependents of quantize on sm_90.
LogicalResult lowerMatmulToGPU(func::FuncOp func, MatmulOp op,
                               int64_t programmaticMaxM);

#define GEN_PASS_REGISTRATION
#include "qgemm/Conversion/Passes.h.inc"

} // namespace mlir::qgemm

#endif // QGEMM_CONVERSION_PASSES_H
