//===- W8A8.h - the W8A8 scheme of the kernel library -----------*- C++ -*-===//
//
// W8A8: Y = fp16(quantize(X) . Wq^T * sx * sw) with int8 operands and int32
// accumulation. The scheme supplies the parts' hooks (int8 bytes as they
// are: row copies, ldmatrix, mma.sync m16n8k32 / wgmma s8; the epilogue's
// scaling acc * sx[m] * sw[n]) and composes its kernel family: the quantize
// prologue and one matmul per config; with an activation already quantized
// (xq and sx passed in), the matmuls alone.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_W8A8_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_W8A8_H

#include "KernelBuilder.h"

#include "qgemm/Conversion/LaunchDescription.h"

namespace mlir::qgemm::kernel {

/// Whether `op` is the W8A8 scheme this file lowers: int8 weights, and an
/// fp16 activation quantized per token in the kernel family or an int8 one
/// already quantized (isPreQuantizedW8A8).
bool isW8A8(MatmulOp op);

/// Whether `op` is W8A8 with its activation already quantized: lhs int8
/// [M, K] and lhs_scales f32 [M], read by the matmul kernels as they are (no
/// quantize kernel).
bool isPreQuantizedW8A8(MatmulOp op);

/// Bytes from one row of the quantized activation xq to the next in the
/// workspace: K rounded up to a multiple of 128, so that every row starts
/// on a 128-byte line and the TMA and cp.async copies of a K tile touch
/// whole lines. The quantize kernel writes zeros past K (the ring kernels
/// read them as the K edge's zeros).
int64_t getW8A8ActivationPitch(int64_t k);

/// The split-K tile counters the largest call of a configured W8A8 `op`
/// takes: the host stub's split tiles of each ring variant at its largest
/// M (0 without a variant that counts its slices in global memory).
int64_t getW8A8CounterCount(MatmulOp op);

/// Builds the W8A8 kernels of `op` (configured) into `module`: `quantize`
/// (unless isPreQuantizedW8A8) and `matmul_v<i>` per config; returns how each
/// is launched (role and geometry; buildW8A8LaunchDescription names their
/// operands).
SmallVector<LaunchKernel, 0> buildW8A8Kernels(ImplicitLocOpBuilder &b,
                                              gpu::GPUModuleOp module,
                                              MatmulOp op,
                                              int64_t programmaticMaxM);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_W8A8_H
