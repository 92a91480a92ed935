//===- Quantize.h - per-token int8 quantization kernels ---------*- C++ -*-===//
//
// The quantization part of the kernel library: the standalone per-token
// quantize kernel (one block per row) that runs before an int8 matmul, and
// the same quantization fused into a register-direct matmul (every block
// quantizes the few rows itself). Both round x / scale exactly as the
// reference does (scale = absmax / 127, round half to even, clamp).
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_QUANTIZE_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_QUANTIZE_H

#include "KernelBuilder.h"

namespace mlir::qgemm::kernel {

/// Threads of the quantize kernel for rows of `k` values.
int64_t getQuantizeThreads(int64_t k);

/// Builds the per-token quantize kernel `quantize`:
/// (x f16 [M, K], xq i8 [M, K], sx f32 [M], counters i32 [?]), one block
/// per row. It also zeroes `counters` (the split-K tile counters of the
/// matmul that follows; empty when that matmul does not split K). With
/// `programmatic` it lets its dependents start at once
/// (griddepcontrol.launch_dependents).
void buildQuantizeKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         MemRefType xType, MemRefType xqType, MemRefType sxType,
                         MemRefType countersType, bool programmatic);

/// The quantization of a fuse_quantize variant, in every block: rows
/// r < M <= max_m of x are read in 8-value chunks (chunk tid + i * threads),
/// their absmax found per warp and then across the warps through shared
/// memory, and each row is quantized as the quantize kernel does into
/// shared memory [max_m, K + 16] i8, with its scale in [max_m] f32. Block 0
/// also stores the int8 rows and scales into xq and sx (the workspace keeps
/// what the two-kernel path leaves there). Returns the shared-memory view of
/// the rows, valid after the final barrier, and the max_m row scales (1 for
/// rows past M), which every thread holds.
std::pair<Value, SmallVector<Value>>
buildFusedQuantize(ImplicitLocOpBuilder &b, ConfigAttr config,
                   const RegisterSharedLayout &layout, Value smem, Value x,
                   Value xq, Value sx, Value m);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_QUANTIZE_H
