//===- Epilogue.h - from accumulators to the output tile --------*- C++ -*-===//
//
// The epilogue part of the kernel library: takes the Pairs a mainloop ends
// with and writes y. RingEpilogue stores them directly (mma.sync) or through
// a staged shared-memory tile in 16-byte row chunks (wgmma), and with split
// K first adds the slices' partial tiles (the last slice of a tile, found
// with a per-tile counter, reduces; or the slices of a cluster add their
// tiles through distributed shared memory). RegisterEpilogue adds the K warps'
// sums of a register-direct block and stores. What a scheme does to an
// accumulator pair before the store (scales, type) is a hook.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_EPILOGUE_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_EPILOGUE_H

#include "Mainloop.h"

namespace mlir::qgemm::kernel {

/// The scheme's scaling hook: the vector<2xf16> to store for accumulator
/// pair `p`, reading per-row data of row `scaleRow` (p.row, or a valid row
/// for a pair that is never stored).
using PairScaling = function_ref<Value(const Pair &p, Value scaleRow)>;

/// fp16 padding after each row of the staged output tile: a row stride of
/// 16 x odd bytes puts the eight rows one warp writes in distinct banks.
inline constexpr int64_t kStagePadHalves = 8;

/// The epilogue of a RingMainloop writing the f16 matrix `y`.
class RingEpilogue {
public:
  RingEpilogue(RingMainloop &loop, Value y, PairScaling scale)
      : loop(loop), b(loop.b), t(loop.t), y(y), scale(scale) {}

  /// Scales and stores `pairs`: staged through shared memory with wgmma,
  /// directly with mma.sync; rows past M are not stored.
  void store(ArrayRef<Pair> pairs);

  /// Split K: stores this slice's `pairs` into `partials` (i32, in fragment
  /// order), counts the slice in `counters`[tile], and in the last slice of
  /// the tile adds the others' partials and stores the sum (`store`). With
  /// `resetCounter` the last slice sets the counter back to zero (the
  /// counters then stay zero between calls); otherwise the family zeroes
  /// them before each call.
  void storeSplitK(ArrayRef<Pair> pairs, Value partials, Value counters,
                   Value tileIndex, bool resetCounter = false);

  /// Split K over float accumulators, reproducible, for a tile whose
  /// slices 0 .. `numSlices` - 1 (a run-time index, at most split_k) take
  /// part; the others store nothing and must not call this. The last of them
  /// adds every slice's partials in slice order 0, 1, ... (its own read
  /// back), so the sum does not depend on which slice finishes last, and
  /// resets the tile's counter to 0, so the counters stay zero between
  /// calls.
  void storeSplitKOrdered(ArrayRef<Pair> pairs, Value partials, Value counters,
                          Value tileIndex, Value numSlices);

  /// Split K in a cluster (cluster_split): the split_k slices of the tile
  /// are the blocks of one cluster (1, 1, split_k), slice = rank. Each
  /// writes its `pairs` into its own shared memory as a [BM, BN + pad]
  /// tile, and after a cluster barrier slice r adds rows [r R, (r + 1) R),
  /// R = ceil(BM / split_k) (the last slice what is left), of every slice's
  /// tile through distributed shared memory, in slice order 0, 1, ...
  /// (reproducible with float accumulators), scales and stores them; a
  /// second, relaxed cluster barrier keeps every block until the others
  /// read its tile. No workspace.
  void storeSplitKCluster(ArrayRef<Pair> pairs);

  /// As storeSplitKOrdered with slice s's partials in slot `slotOf`(s)
  /// (this block's: slotOf(loop.tile.slice)) and the counter `counter`.
  void storeSplitSlots(ArrayRef<Pair> pairs, Value partials, Value counters,
                       Value counter, Value numSlices,
                       function_ref<Value(Value s)> slotOf);

  /// The tile of a tail-split block (scheduleTailSplitTile): a split tail
  /// tile (RingTile::numSlices > 1, uniform per block) as
  /// storeSplitKOrdered over the tile's slots firstSlot .. firstSlot +
  /// numSlices - 1 and its counter (float or integer pairs), a whole tile
  /// as store does.
  void storeTailSplit(ArrayRef<Pair> pairs, Value partials, Value counters);

  /// A stream-K segment that is not a whole tile (scheduleStreamKSegment):
  /// as storeSplitKOrdered over the tile's blocks in order, slice s's
  /// partials in slot firstSlot + 2 s (+ firstSlotOffset for s = 0), and
  /// the tile's counter.
  void storeStreamK(ArrayRef<Pair> pairs, Value partials, Value counters);

private:
  /// storeSplitKOrdered with slice s's pair i at element
  /// `partialIndex`(s, i) of `partials` and the counter `tileIndex`.
  void storeOrdered(ArrayRef<Pair> pairs, Value partials, Value counters,
                    Value tileIndex, Value numSlices,
                    function_ref<Value(Value s, int64_t i)> partialIndex);
  void storeDirect(ArrayRef<Pair> pairs);
  void storeStaged(ArrayRef<Pair> pairs);
  /// The scaling hook on `p` with its reads inside the scales, for pairs
  /// scaled whether or not they are stored: where N is `edgeN` (columns
  /// masked, else 0) the column clamped to N - 2, and the per-row data of
  /// `scaleRow` (a row below M; p.row clamped to M - 1 when null).
  Value scaleInBounds(Pair p, int64_t edgeN, Value scaleRow = Value());
  /// Whether this block stores row `row` of y (an i1): below M, and not
  /// above the tile's first stored row (RingTile::firstStoredRow).
  Value isStoredRow(Value row);
  /// storeSplitKCluster's parts: a slice's 16-byte row chunks (`r`, `col`
  /// in the tile; `valid` null when every thread has one) and their sum
  /// over the cluster's slices.
  struct ClusterChunk {
    Value r, col, valid, sum;
  };
  /// Stages `pairs` in this block's `tile`, meets the cluster, and adds
  /// this slice's chunks of every slice's tile.
  SmallVector<ClusterChunk> addClusterTiles(ArrayRef<Pair> pairs, Value tile);
  /// Scales every chunk, then stores those inside M and N; returns the xor
  /// of the outputs' first lanes (i32).
  Value storeClusterChunks(ArrayRef<ClusterChunk> chunks);
  /// The element index in `partials` of pair `i` of this thread in slice
  /// `s` of tile `tileIndex` (fragment order, see storeSplitK).
  Value getPartialIndex(Value tileIndex, Value s, int64_t i,
                        int64_t numPairs);
  /// The same in partial slot `slot` (a slice of its own).
  Value getSlotIndex(Value slot, int64_t i, int64_t numPairs);
  /// Releases this block's partials and tells (uniform across the block)
  /// whether it was the tile's last slice (the count before it is
  /// `lastBefore`, an i32; split_k - 1 when null).
  Value buildReleaseAndCount(Value counters, Value tileIndex,
                             Value lastBefore = nullptr);

  RingMainloop &loop;
  ImplicitLocOpBuilder &b;
  const Tiling &t;
  Value y;
  PairScaling scale;
};

/// The epilogue of a RegisterMainloop: thread tid stores pairs tid,
/// tid + threads, ... of the block's [BM, BN] tile, pair p at tile row
/// p / (BN / 2), column 2 (p % (BN / 2)). Build it before the mainloop's
/// loads, so that what the scheme needs per pair (`columnData`, and
/// `rowData` set by the kernel) is loaded with the operands, not after the
/// barrier.
class RegisterEpilogue {
public:
  struct Slot {
    int64_t first;
    Value tileRow, col, columnData, rowData;
  };
  /// `loadColumnData(col)` loads what the scaling needs for columns
  /// col, col + 1 of the block (may return null).
  RegisterEpilogue(RegisterMainloop &loop,
                   function_ref<Value(Value col)> loadColumnData);

  /// Adds the K warps' sums for each slot and stores
  /// `scaleSlot(total, slot)` into y where the row is below M.
  void store(Value sums, Value y,
             function_ref<Value(Value total, const Slot &slot)> scaleSlot);

  /// Split K over several blocks, reproducible, for a tile (`tileIndex`)
  /// whose slices 0 .. `numSlices` - 1 (run-time) take part; blocks that
  /// take no part store nothing and must not call this. Slice `slice` stores
  /// its totals (the K warps' sums) into `partials` at slot `slotOf(slice)`
  /// (pair p of slot S at element (S BM BN / 2 + p) 2); the last slice to
  /// count adds every slice's totals in slice order 0, 1, ... (its own read
  /// back), stores them as `store` does and resets the tile's counter to 0.
  void storeSplitOrdered(
      Value sums, Value y, Value partials, Value counters, Value tileIndex,
      Value slice, Value numSlices, function_ref<Value(Value s)> slotOf,
      function_ref<Value(Value total, const Slot &slot)> scaleSlot);

  RegisterMainloop &loop;
  SmallVector<Slot> slots;

private:
  /// The sum of the K warps' pairs of `slot` in `sums`.
  Value addWarpSums(Value sums, const Slot &slot);
  /// Where this thread stores `slot` in `y` (row, column) and whether it
  /// does: its pair exists and its row is below M (its columns inside N).
  std::tuple<Value, Value, Value> getStore(Value y, const Slot &slot);
};

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_EPILOGUE_H
