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

/// Bytes of padding after each shared-memory row of an operand tile: rows of
/// 16 x odd bytes put the eight 16-byte rows one ldmatrix reads in distinct
/// banks.
inline constexpr int64_t kSharedRowPadBytes = 16;

/// Bytes of one 128-byte-swizzle atom (8 rows of 128 bytes), the alignment
/// of every shared tile a wgmma reads.
inline constexpr int64_t kSwizzleAtomBytes = 1024;

/// Bytes of one mbarrier in shared memory. A `copy = tma` ring keeps two per
/// slot after its tiles: `full` (the copies landed) and `empty` (every
/// warpgroup is done reading).
inline constexpr int64_t kMbarrierBytes = 8;

/// Attribute on an scf.for that qgemm-software-pipeline pipelines: the number
/// of iterations the copies run ahead of the compute.
inline constexpr llvm::StringLiteral kPipelineDepthAttrName =
    "qgemm.pipeline_depth";

/// Attribute on the scf.for of a `copy = tma` ring, built already pipelined
/// (qgemm-software-pipeline leaves it): its number of ring slots.
inline constexpr llvm::StringLiteral kTmaStagesAttrName = "qgemm.tma_stages";

/// Discardable attribute (an LLVM::LoopAnnotationAttr, e.g. unroll disable)
/// on a kernel's scf.for: qgemm-software-pipeline keeps it on the pipelined
/// loop, scf-to-cf leaves it on the loop's latch branch, and
/// qgemm-module-to-ptx makes it that branch's own loop annotation.
inline constexpr llvm::StringLiteral kLoopAnnotationAttrName =
    "llvm.loop_annotation";

/// Function attribute on a gpu.func whose first N arguments are tensor maps
/// (!llvm.ptr): qgemm-tensor-map-params makes them grid-constant byval
/// parameters of the lowered llvm.func.
inline constexpr llvm::StringLiteral kTensorMapsAttrName = "qgemm.tensor_maps";

/// Unit attribute on an nvgpu.device_async_copy whose source the
/// prerequisite grid of a programmatic launch does not write: in the
/// pipeline prologue it may be issued before nvvm.griddepcontrol.wait.
inline constexpr llvm::StringLiteral kGridIndependentAttrName =
    "qgemm.grid_independent";

/// Byte offsets in the dynamic shared memory of a register-direct variant:
/// the warps' int32 (f32) sums [BK / 128, BM, BN]; with fuse_quantize also the
/// quantized rows [max_m, K + 16] (the 16-byte pad spreads the rows of one
/// warp's loads over the banks) and per-warp row maxima [max_m, warps] f32.
struct RegisterSharedLayout {
  int64_t sums, rows, rowStride, maxima, total;
};
inline RegisterSharedLayout getRegisterSharedLayout(ConfigAttr config,
                                                    int64_t k) {
  RegisterSharedLayout l;
  l.sums = 0;
  l.rows = config.getWarpsK() * config.getBlockM() * config.getBlockN() * 4;
  l.rowStride = k + 16;
  int64_t rows = config.getFuseQuantize() ? config.getMaxM() : 0;
  l.maxima = l.rows + rows * l.rowStride;
  l.total = l.maxima + rows * config.getNumWarps() * 4;
  return l;
}

/// Bytes of one stage of the W4A16 cp.async ring, per slot: X [BM, BK] fp16;
/// the Wq words [BK / 8, BN + 8] (8 words of padding put the four K rows
/// that a quarter-warp reads in distinct banks); with group scales (G) the
/// scale rows [max(BK / G, 1), BN] fp16 and the zero-point words
/// [max(BK / G, 1), BN / 8]. With mma = wgmma the X slots are 128-byte
/// swizzled rows and the ring starts 1024-byte aligned (`total` counts the
/// alignment slack); after the ring, at the next 1024-byte boundary
/// (`dequant`, from the ring start), come two [BN, 64] fp16 tiles of
/// dequantized weights in the same swizzle, which wgmma reads as B. With
/// operands = register_a there are none: each warp converts its weights
/// from the ring into wgmma's register operand A.
///
/// With copy = tma or tma_producer (register_a, BK = 64) a slot is whole
/// 128-byte swizzled TMA boxes, each at a 1024-byte boundary: X [BM, 64]
/// fp16; the words as BN / 32 boxes [8, 32]; the scales as ceil(BN / 64)
/// boxes [scaleRows, 64 fp16] and the zero points as one box [scaleRows,
/// 32 words] (256 channels from the tile's first), each box in 1024 bytes.
/// After the ring, the staged epilogue's tile and a cluster_split partial
/// tile (which reuse it), at `barriers` the ring's `full` and `empty`
/// mbarriers.
struct W4A16RingLayout {
  int64_t x, w, scales, zeros, stage;
  int64_t wRowWords, scaleRows;
  int64_t dequant, barriers, total;
};
inline W4A16RingLayout getW4A16RingLayout(ConfigAttr config,
                                          int64_t groupSize, bool zeroPoints) {
  W4A16RingLayout l;
  int64_t bm = config.getBlockM(), bn = config.getBlockN(),
          bk = config.getBlockK();
  l.wRowWords = bn + 8;
  l.scaleRows = groupSize == 0 ? 0 : std::max<int64_t>(bk / groupSize, 1);
  l.x = bm * bk * 2;
  l.w = bk / 8 * l.wRowWords * 4;
  l.scales = l.scaleRows * bn * 2;
  l.zeros = zeroPoints ? l.scaleRows * bn / 2 : 0;
  l.stage = l.x + l.w + l.scales + l.zeros;
  int64_t ring = config.getStages() * l.stage;
  l.dequant = 0;
  l.barriers = 0;
  l.total = ring;
  if (config.isTma()) {
    l.wRowWords = 32;
    l.x = bm * 128;
    l.w = bn / 32 * kSwizzleAtomBytes;
    l.scales = l.scaleRows ? llvm::divideCeil(bn, 64) * kSwizzleAtomBytes : 0;
    l.zeros = zeroPoints ? kSwizzleAtomBytes : 0;
    l.stage = l.x + l.w + l.scales + l.zeros;
    ring = config.getStages() * l.stage;
    int64_t reused = std::max(ring, bm * (bn + 8) * 2);
    if (config.getClusterSplit())
      reused = std::max(reused, config.getClusterTileBytes());
    l.barriers = llvm::alignTo(reused, kMbarrierBytes);
    l.total = l.barriers + 2 * kMbarrierBytes * config.getStages() +
              kSwizzleAtomBytes;
  } else if (config.isRegisterA()) {
    // The weights go from the ring to wgmma's registers; the X slots (BM
    // rows of 128 bytes) start 1024-byte aligned.
    l.total = std::max(ring, bm * (bn + 8) * 2) + kSwizzleAtomBytes;
  } else if (config.isWgmma()) {
    l.dequant = llvm::alignTo(ring, kSwizzleAtomBytes);
    // The staged epilogue's [BM, BN + 8] fp16 tile reuses the ring.
    l.total = std::max(l.dequant + 2 * bn * 128, bm * (bn + 8) * 2) +
              kSwizzleAtomBytes;
  }
  return l;
}

/// The shared-memory layout of a BSR ring variant (bytes): per stage the X
/// slot [BM, 32] and the block slot [BN, 32] of fp16 (BN / 32 block rows),
/// rows padded to 80 bytes (conflict-free ldmatrix); after the ring, the
/// gather list (block columns) of the block's slice, int32 [sliceBlocks +
/// stages] (the pipelined loop reads up to `stages` entries past the
/// slice). A slice is ceil(K / 32 / split_k) entries. With several block
/// rows (BN > 32) the list holds the union of their columns, int32
/// [K / 32 + stages], and two tables follow it: the
/// rows that store each column (int32 bit masks [K / 32]) and the block of
/// each (row, column) (int32 [BN / 32, K / 32]).
///
/// With mma = wgmma (sm_90a) the block slots come first, at the first
/// 1024-byte-aligned address (`total` counts the slack), then the X slots,
/// both in 64-byte-swizzled unpadded rows of 32 fp16 that wgmma reads by
/// descriptor (X as A, the blocks as B). The staged epilogue's
/// [BM, BN + 8] fp16 tile reuses the ring. With copy = tma / tma_producer
/// (the union tiles) the ring's mbarriers follow everything else; TMA fills
/// the slots in the same 64-byte swizzle.
/// The shortest slice, in groups of a BSR register-direct block's loads
/// (warps x stages blocks), that its split_k = 2 schedule cuts a long row
/// into: a shorter slice saves less than the split reduction costs
/// (docs/perf-notes.md, v29). A row is split only when it is longer than
/// two slices, so a layer whose K / 32 is at most 2 x this x warps x
/// stages never is.
inline constexpr int64_t kBsrMinSliceGroups = 3;

/// The shortest slice, in blocks, that a BSR register-direct kernel's
/// split_k = 2 plan cuts a long row into once qgemm-configure split the
/// variant (kBsrMinSliceGroups decides that): one group of the block's
/// loads (`group` = warps x stages blocks) where a group is
/// kBsrRegisterWholeGroupBlocks or more, else kBsrMinSliceGroups groups.
/// Measured, same run in both orders (docs/perf-notes.md, v68, e291): the
/// skewed weight in slices of one group of 16 blocks (8 warps) 0.86x to
/// 0.87x the time at M = 9 / 16 on 4096 x 4096 and 3072 x 4096, of 32
/// (16 warps, M <= 8) 0.92x to 0.98x on 6144 x 4096, 7680 x 4096, 5120 x
/// 5120 and 4096 x 11008; uniform weights within 2%. On 4-warp kernels
/// (groups of 8) slices of 8 or 16 blocks instead of 24 cost 18944 x
/// 3584's skewed weight 1.24x to 1.33x (e289, e290): its 592 blocks run
/// past one wave, so more slices add reductions, not parallelism.
inline constexpr int64_t kBsrRegisterWholeGroupBlocks = 16;
inline int64_t getBsrRegisterMinSlice(int64_t group) {
  return group >= kBsrRegisterWholeGroupBlocks ? group
                                               : kBsrMinSliceGroups * group;
}

/// Whether a one-row BSR ring variant (BN = 32) of `blockM` rows and
/// `stages` stages whose K has `blockCols` blocks, split in `splitK`
/// slices, plans its work in the kernel (long rows cut over the grid's
/// spare blocks; see the lowering's planRingWork): when its shortest slice,
/// kBsrMinSliceGroups x stages blocks (one ring stage a block), is shorter
/// than the static slices of ceil(blockCols / splitK) blocks; otherwise the
/// static slices are used. The 128-row variants plan too since the plan's
/// values are computed by the stub and kept warp-uniform (docs/perf-notes.md,
/// v32: a skewed weight up to 1.67x faster past M = 64, uniform weights 0.98
/// to 1.16x the static slices' time, median 1.04; before, 3 to 25% slower,
/// v30, v31).
inline bool isBsrRingPlanned(int64_t blockCols, int64_t blockM, int64_t stages,
                             int64_t splitK) {
  return blockM <= 128 && splitK > 1 &&
         kBsrMinSliceGroups * stages < (blockCols + splitK - 1) / splitK;
}

struct BsrRingLayout {
  static constexpr int64_t kBlock = 32;
  static constexpr int64_t kRowHalves = kBlock + 8;
  int64_t rows, blockCols, sliceBlocks;
  /// K tiles of two block columns (a wgmma union tile of cta tile K 64):
  /// the list holds pairs of columns.
  bool pairs = false;
  /// Bytes of each part, and where the rings and the tables start.
  int64_t aRing, bRing, list, masks, blockOf, total;
  int64_t aOffset, bOffset, tablesOffset;
  /// copy = tma / tma_producer: where the ring's mbarriers (2 x stages)
  /// start, past the tables and the staged epilogue's tile; else 0.
  int64_t barriersOffset = 0;
};
inline BsrRingLayout getBsrRingLayout(ConfigAttr config, int64_t k) {
  BsrRingLayout l;
  constexpr int64_t kBlock = BsrRingLayout::kBlock;
  if (config.isRegisterDirect()) {
    // No ring: the warps' f32 sums [warps, 16, 32] (as in
    // getRegisterSharedLayout), then the gather list of the block's slice
    // of its row (its length is a run-time value with split_k > 1).
    l.rows = 1;
    l.blockCols = l.sliceBlocks = k / kBlock;
    l.aRing = l.bRing = l.masks = l.blockOf = 0;
    l.aOffset = l.bOffset = 0;
    l.tablesOffset = getRegisterSharedLayout(config, k).total;
    l.list = 4 * l.sliceBlocks;
    l.total = l.tablesOffset + l.list;
    return l;
  }
  int64_t rowBytes = 2 * BsrRingLayout::kRowHalves;
  // wgmma: unpadded swizzled rows for both operands; a K tile of two block
  // columns (the union tiles' pairs) has X rows of 128 bytes and B slots of
  // two 64-byte halves.
  if (config.isWgmma())
    rowBytes = 2 * config.getBlockK();
  l.rows = config.getBlockN() / kBlock;
  l.blockCols = k / kBlock;
  // The entries of the list a slice takes: block columns, or pairs of them.
  l.pairs = config.isWgmma() && config.getBlockK() == 2 * kBlock;
  int64_t entries = l.pairs ? l.blockCols / 2 : l.blockCols;
  l.sliceBlocks = (entries + config.getSplitK() - 1) / config.getSplitK();
  l.aRing = config.getStages() * config.getBlockM() * rowBytes;
  l.bRing = config.getStages() * config.getBlockN() * rowBytes;
  l.list =
      4 * ((l.rows > 1 ? l.blockCols : l.sliceBlocks) + config.getStages());
  l.masks = l.rows > 1 ? 4 * l.blockCols : 0;
  l.blockOf = l.rows > 1 ? 4 * l.rows * l.blockCols : 0;
  if (config.isWgmma()) {
    l.bOffset = 0;
    l.aOffset = l.bRing;
  } else {
    l.aOffset = 0;
    l.bOffset = l.aRing;
  }
  l.tablesOffset = l.aRing + l.bRing;
  l.total = l.tablesOffset + l.list + l.masks + l.blockOf;
  if (config.isWgmma())
    l.total =
        std::max(l.total, config.getBlockM() * (config.getBlockN() + 8) * 2);
  if (config.isTma()) {
    l.barriersOffset = (l.total + 7) / 8 * 8;
    l.total = l.barriersOffset + 2 * 8 * config.getStages();
  }
  if (config.isWgmma())
    l.total += kSwizzleAtomBytes;
  return l;
}

/// Shared memory, in bytes, one thread block of `config` uses for `op`.
int64_t getSharedMemoryBytes(MatmulOp op, ConfigAttr config);

/// Emits a located error on `op` and fails when `config` needs more shared
/// memory than the op's target allows.
LogicalResult checkSharedMemory(MatmulOp op, ConfigAttr config);

/// The variants `qgemm-configure` picks for `op` (see its description); `op`
/// must have a target.
SmallVector<ConfigAttr> chooseConfigs(MatmulOp op);

#define GEN_PASS_REGISTRATION
#include "qgemm/Transforms/Passes.h.inc"

} // namespace mlir::qgemm

#endif // QGEMM_TRANSFORMS_PASSES_H
