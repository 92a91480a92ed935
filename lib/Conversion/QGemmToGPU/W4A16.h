//===- W4A16.h - the W4A16 scheme of the kernel library ---------*- C++ -*-===//
//
// W4A16: Y[M, N] = X[M, K] . W^T with X and Y fp16, W int4 packed 8 along K
// per int32 word ([K/8, N], low nibble first), fp16 scales per channel [N]
// or per group of G along K [K/G, N], and optionally int32 zero points
// [K/G, N/8] (unsigned nibbles, w = (u - z) s). The mma.sync kernels
// compute tiles of Y^T = W . X^T: W is the mma A operand (rows = channels),
// converted from int4 to fp16 in registers (lop3 + magic-number arithmetic,
// no per-element shifts or converts), X^T the B operand; fp16 mma.sync
// m16n8k16 with f32 accumulators. The wgmma variant (sm_90a) converts each
// K tile once per block into a shared fp16 tile that wgmma reads as B, with
// X as A (Y = X . W^T). docs/w4a16-design.md is the design of this file.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_W4A16_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_W4A16_H

#include "qgemm/Conversion/LaunchDescription.h"

#include "KernelBuilder.h"

namespace mlir::qgemm::kernel {

/// Whether `op` is W4A16: int4 weights and an fp16 activation used as is.
bool isW4A16(MatmulOp op);

/// The split tile counters of a configured W4A16 `op`: the split-K
/// variants' tiles at their max_m (getSplitTileCount), or a wave's blocks
/// for a tail-split variant, whichever is more (0 when no variant counts
/// its slices in global memory).
int64_t getW4A16CounterCount(MatmulOp op);

/// Emits a located error and fails when the W4A16 kernels cannot be built
/// for `op` and its configs (shapes and tiles the lowering does not cover).
LogicalResult checkW4A16Lowerable(MatmulOp op);

/// Builds the W4A16 kernel family of `op` into `module`: one matmul_v<i> per
/// config (operands = registers: the register-direct mainloop; otherwise the
/// cp.async ring with mma.sync, or wgmma on sm_90a, split-K when the config
/// says so). Returns the kernels in launch-description order.
SmallVector<LaunchKernel, 0> buildW4A16Kernels(ImplicitLocOpBuilder &b,
                                               gpu::GPUModuleOp module,
                                               MatmulOp op);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_W4A16_H
