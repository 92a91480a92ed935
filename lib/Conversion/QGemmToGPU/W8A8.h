//===- W8A8.h - the W8A8 scheme of the kernel library -----------*- C++ -*-===//
//
// W8A8: Y = fp16(quantize(X) . Wq^T * sx * sw) with int8 operands and int32
// accumulation. The scheme supplies the parts' hooks (int8 bytes as they
// are: row copies, ldmatrix, mma.sync m16n8k32 / wgmma s8; the epilogue's
// scaling acc * sx[m] * sw[n]) and composes its kernel family: the quantize
// prologue and one matmul per config.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_W8A8_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_W8A8_H

#include "KernelBuilder.h"

#include "qgemm/Conversion/LaunchDescription.h"

namespace mlir::qgemm::kernel {

/// Whether `op` is the W8A8 scheme this file lowers: int8 weights, an fp16
/// activation quantized per token in the kernel family.
bool isW8A8(MatmulOp op);

/// Builds the W8A8 kernels of `op` (configured) into `module`: `quantize`
/// and `matmul_v<i>` per config; returns how each is launched (role and
/// geometry; buildW8A8LaunchDescription names their operands).
SmallVector<LaunchKernel, 0> buildW8A8Kernels(ImplicitLocOpBuilder &b,
                                              gpu::GPUModuleOp module,
                                              MatmulOp op,
                                              int64_t programmaticMaxM);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_W8A8_H
