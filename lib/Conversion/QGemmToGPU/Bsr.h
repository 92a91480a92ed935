//===- Bsr.h - the BSR scheme of the kernel library -------------*- C++ -*-===//
//
// BSR dense x sparse: Y[M, N] = X[M, K] . W^T with X and Y fp16 and W fp16
// [N, K] stored as 32 x 32 blocks in torch's `to_sparse_bsr((32, 32))`
// layout: row_ptr int32 [N/32 + 1], col_idx int32 [nnzb], blocks fp16
// [nnzb, 32, 32]; nnzb is known only at run time.
//
// matmul_v<i>: block (x, y, z) computes rows [y BM, y BM + BM) of block row
// x (32 output columns) over slice z of that row's stored blocks (slices of
// ceil(K / 32 / split_k) blocks, so that a long row is spread over several
// blocks while a short one keeps one); it gathers the 32 columns of X that
// each block multiplies through col_idx with cp.async, in a RingMainloop
// whose trip count is the slice's block count, with fp16 mma.sync m16n8k16
// and f32 accumulators. Slices of one tile meet in a reproducible split-K
// reduction. A tile of several block rows (cta tile N = 32 R) walks the
// union of their columns instead: X is gathered once per column for all R
// rows, each row's block (or zeros) is copied, and each warp skips the
// columns its row lacks; a config's min_fill makes the stub pick it only for
// dense-enough weights. With mma = wgmma (sm_90a) a tile is BM / 64
// warpgroups: the X column (A, each warpgroup's 64 rows) and the column's R
// blocks (B, zeros where a row stores none) sit in 64-byte-swizzled slots
// that one wgmma m64n(32 R)k16 per k16 half reads by descriptor: no
// ldmatrix (v21) and no branch per row (the wgmma with zeros costs less
// than the per-row branches and descriptors it replaces, v18). With one
// block row (R = 1) that is one wgmma m64n32k16 per k16 half of each
// stored block, and no zero is multiplied (v24). With copy = tma /
// tma_producer (union tiles on sm_90a, v38) the slots are filled by TMA:
// the X column as one box of BM rows, each row's block as one box of the
// blocks read as [32 nnzb, 64] bytes (where a row stores none, a box wholly
// outside that map, which reads zeros), both 64-byte swizzled; the kernel
// takes the tensor maps first (X's again for the half and edge boxes of a
// last tile). The producer's union tiles take two block columns a K tile
// where K is a multiple of 64 (cta tile K 64, v50): the list holds pairs of
// columns, X's box has 128-byte rows (128-byte swizzle) and the B slot two
// halves of one column's blocks each, four wgmma k16 a slot. Index data is
// clamped before it addresses memory: row_ptr into [0, nnzb], a row's length to
// K / 32, col_idx into [0, K / 32).
//
// With operands = registers (M <= 16) a matmul_v<i> has no ring and no
// split: block (x, y) of the grid (in scheduleRegisterTile's order) computes
// 16 rows of one block row; its cta tile K / 128 warps take the row's
// stored blocks in turn, in groups of `stages`, loading each block's rows
// and the gathered X slices as 16-byte vectors straight into mma.sync
// m16n8k16 registers (W . X^T, the K order permuted alike in both
// operands), the next group's loads in flight while a group is multiplied;
// the warps' f32 sums meet in shared memory (v28).
//
// validate: one thread per entry of row_ptr checks the structure (row_ptr
// starts at 0, ends at nnzb, never decreases; col_idx in [0, K / 32) and
// strictly ascending within a row) and flags a malformed one in `status`.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_BSR_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_BSR_H

#include "qgemm/Conversion/LaunchDescription.h"

#include "KernelBuilder.h"

namespace mlir::qgemm::kernel {

/// Whether `op` is BSR dense x sparse (fp16 activation, bsr weights).
bool isBsr(MatmulOp op);

/// Emits a located error and fails when the BSR kernels cannot be built for
/// `op` and its configs.
LogicalResult checkBsrLowerable(MatmulOp op);

/// Tile counters the split variants of `op` need at most: N / 32 block
/// rows times ceil(max_m / BM) row tiles, the largest over the variants
/// with split_k > 1 (at least 1). The workspace holds them at a fixed place.
int64_t getBsrCounterCount(MatmulOp op);

/// Builds the BSR kernel family of `op` into `module`: `validate`, then one
/// matmul_v<i> per config. Returns the kernels in launch-description order.
SmallVector<LaunchKernel, 0>
buildBsrKernels(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module, MatmulOp op);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_BSR_H
