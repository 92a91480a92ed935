//===- TileScheduler.h - which tile and K slice a block owns ----*- C++ -*-===//
//
// The tile-scheduler part of the kernel library: the grid of a variant and
// the output tile and K slice each block computes (split-K slices along z,
// the tail split of a partial last wave, the K-iteration ranges of a
// stream-K grid, the row-block order of the register-direct variants), and
// the programmatic launch after a prologue kernel (griddepcontrol). The host
// stub launches the grid this part assumes: (N / BN, ceil(M / BM), split_k),
// or a one-dimensional one (tail split, stream-K).
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_TILESCHEDULER_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_TILESCHEDULER_H

#include "KernelBuilder.h"

namespace mlir::qgemm::kernel {

/// The output tile and K slice of a block of a ring variant: block
/// (x, y, z) computes rows [y BM, y BM + BM) and columns [x BN, x BN + BN)
/// of y over K tiles [z T, z T + T) of the slice (T = K / BK / split_k).
struct RingTile {
  Value blockRow, blockCol, slice, firstKTile;
  /// The first row the block stores (Tiling::shiftLastRowTile; null: every
  /// row of the tile below M).
  Value firstStoredRow;
  /// A tail-split tile (scheduleTailSplitTile) only: the K tiles of this
  /// block's slice, the slices of its tile (1: unsplit), the first of the
  /// tile's partial slots and its counter (valid when split).
  Value tripCount, numSlices, firstSlot, counter;
  /// A stream-K segment (scheduleStreamKSegment) only: whether it is a
  /// whole tile (an i1; otherwise `slice` is the block's place among the
  /// numSlices blocks that share the tile, `counter` the tile's counter),
  /// and the slot offset of the tile's first block (0 or 1; see there).
  Value isWhole, firstSlotOffset;
};

/// The K iterations of the current block of a stream_k ring variant, whose
/// grid is one-dimensional. With T = `columnTiles` x ceil(m / `bm`) output
/// tiles (row-major), a wave of W = `waveBlocks` blocks and R = T mod W:
/// when R is 0 or R >= W - W / 8 every block takes one whole tile (D = T,
/// G = 0); otherwise the last S tiles (S = T when T < W, else R + W) are
/// the stream-K region, whose I = S x `totalKTiles` K iterations are cut
/// into G = min(W, I) ranges [c I / G, (c + 1) I / G), one for each of the
/// blocks D .. D + G - 1 (D = T - S); blocks 0 .. D - 1 take one whole tile
/// each. The host stub launches D + G blocks (runFamily).
struct StreamKBlock {
  /// D, G (0 when the grid is whole tiles) and I; whether this block is a
  /// stream-K one (i1), its index c among them and its local iterations
  /// [begin, end) (valid when it is); the segments (tiles) it computes.
  Value firstTile, blocks, iterations, isStreamK, index, begin, end,
      numSegments;
};
StreamKBlock scheduleStreamKBlock(ImplicitLocOpBuilder &b, int64_t bm,
                                  int64_t columnTiles, int64_t waveBlocks,
                                  int64_t totalKTiles, Value m);

/// Segment `j` (below numSegments) of the block `sk`: the tile and K tiles
/// it computes. A stream-K block's segment j is the part of its range on
/// region tile u = begin / totalKTiles + j. A tile shared by several blocks
/// is counted in counter u; block c' of them keeps its int32 partials in
/// slot 2 c' when the tile is its first segment and 2 c' + 1 when it is its
/// last, so that a block's two partial segments never meet: the blocks of
/// tile u are c_first .. c_last, slice s (block c_first + s) in slot
/// firstSlot + 2 s, plus firstSlotOffset (1 when the tile is not c_first's
/// first segment) for s = 0.
RingTile scheduleStreamKSegment(ImplicitLocOpBuilder &b, const StreamKBlock &sk,
                                Value j, int64_t bm, int64_t bn,
                                int64_t columnTiles, int64_t totalKTiles);

/// Builds the RingTile of the current block for tiles `bm` x `bn`, K split
/// in `splitK` slices of `kTiles` tiles each.
RingTile scheduleRingTile(ImplicitLocOpBuilder &b, int64_t bm, int64_t bn,
                          int64_t splitK, int64_t kTiles);

/// The tile of the current block of a tail-split ring variant, whose grid
/// is one-dimensional. The T = `columnTiles` x ceil(m / `bm`) output tiles
/// (row-major when T fits one wave or `columnMajorPastWave` is false,
/// column-major otherwise) come in waves
/// of `waveBlocks`; when the last wave is partial
/// (R = T mod waveBlocks tiles) and s = min(`maxSlices`, waveBlocks / R) is
/// at least 2, blocks 0 .. T - R - 1 take the whole waves' tiles unsplit
/// and the next R x s blocks take slice j of tail tile i (block
/// T - R + i s + j), each ceil(`totalKTiles` / s) K tiles long (the last
/// ones shorter or empty). Otherwise T blocks take one tile each. The
/// host stub computes the same grid (runFamily).
RingTile scheduleTailSplitTile(ImplicitLocOpBuilder &b, int64_t bm, int64_t bn,
                               int64_t columnTiles, int64_t waveBlocks,
                               int64_t maxSlices, int64_t totalKTiles, Value m,
                               bool columnMajorPastWave = true);

/// The K tiles of a slice that starts at K tile `firstKTile` and holds at
/// most `perSlice` of the `totalKTiles`: min(perSlice, totalKTiles -
/// min(firstKTile, totalKTiles)), none for a slice past the end.
Value getSliceTripCount(ImplicitLocOpBuilder &b, Value firstKTile,
                        Value perSlice, int64_t totalKTiles);

/// The linear index of the block's output tile (row-major over the grid's
/// x and y), which numbers the split-K partials and counters.
Value getRingTileIndex(ImplicitLocOpBuilder &b, int64_t n, int64_t bn);

/// The tile counters of the variants of `op` that split K over a bounded M:
/// the most output tiles, ceil(N / BN) x ceil(max_m / BM), of any of them
/// (0 when none splits). Sized for max_m, they stay at one place of the
/// workspace for every M.
int64_t getSplitTileCount(MatmulOp op);

/// The BM-row output tile of a block of a register-direct variant: past
/// M = BM the grid has ceil(M / BM) rows of blocks, renumbered so that the
/// blocks of one column of the output (the same weights) run next to each
/// other and share those weights through L2.
struct RegisterTile {
  Value blockCol, rowBase;
};

/// Builds the RegisterTile of the current block for blocks of `bm` rows and
/// `bn` columns.
RegisterTile scheduleRegisterTile(ImplicitLocOpBuilder &b, int64_t bm,
                                  int64_t bn);

/// Whether the variant `config` of an op compiled for `target` is launched
/// as a programmatic dependent of the prologue kernel: on sm_90 and later,
/// when its max_m is at most `programmaticMaxM` (every variant when that is
/// negative); never for a variant without a prologue (fuse_quantize).
bool isProgrammaticVariant(ConfigAttr config, TargetAttr target,
                           int64_t programmaticMaxM);

/// In a programmatic dependent: waits for the prerequisite grid's writes
/// (griddepcontrol.wait). Everything built before it must not read them.
void buildWaitForPrerequisite(ImplicitLocOpBuilder &b);

/// In a prerequisite grid: lets its dependents start now
/// (griddepcontrol.launch_dependents).
void buildLaunchDependents(ImplicitLocOpBuilder &b);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_TILESCHEDULER_H
