//===- Mainloop.h - how A and B tiles reach the tensor core -----*- C++ -*-===//
//
// The mainloop part of the kernel library, one per tensor-core path:
//   RingMainloop      a K loop over a ring of `stages` shared-memory slots
//                     filled by cp.async; mma.sync fed by ldmatrix, or (sm_90a)
//                     wgmma reading 128-byte-swizzled slots through
//                     descriptors; software-pipelined later by
//                     qgemm-software-pipeline;
//   RegisterMainloop  no ring: every thread loads its operands from global
//                     memory straight into mma.sync fragment registers, the
//                     warps of a block split K and meet in shared memory.
// The step that depends on a scheme's operands (which bytes a K tile copies,
// how fragments are formed and which mma consumes them) is a hook the scheme
// supplies: RingOperands, RegisterOperands. A mainloop ends with the
// accumulators as Pairs for an epilogue (Epilogue.h).
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_MAINLOOP_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_MAINLOOP_H

#include "KernelBuilder.h"
#include "TileScheduler.h"

namespace mlir::qgemm::kernel {

/// Geometry of one ring variant.
struct Tiling {
  int64_t bm, bn, bk, wm, wn, stages, splitK;
  /// mma = wgmma; registerA: its A from registers that the scheme forms
  /// (operands = register_a); tma: the ring is filled by TMA (copy = tma
  /// or tma_producer); producer: by a warpgroup of its own (tma_producer).
  bool wgmma, registerA, tma, producer;
  /// `threads`: those of the tiles (tid < threads), which every part of the
  /// kernel but the producer uses; `launchThreads`: the block's.
  int64_t warpsN, threads, launchThreads, rowBytes;
  int64_t mTiles, nTiles; // mma tiles per warp along M and N.
  /// tail_split: most slices of a tile of a partial last wave (1: never).
  /// The kernel builder sets `columnTiles` (ceil(N / BN)) and `waveBlocks`
  /// (the blocks the GPU holds at once) when it is above 1, or with
  /// stream_k (`streamK`: the kernel sets `tile` per segment, see
  /// scheduleStreamKBlock).
  int64_t tailSplit, columnTiles = 0, waveBlocks = 0;
  /// A tail split numbers its tiles column-major past one wave (W8A8, see
  /// scheduleTailSplitTile), or row-major always, as the two-dimensional
  /// grid does (W4A16: column-major cost its many-wave grids 3% to 9%,
  /// docs/perf-notes.md v92).
  bool tailColumnMajor = true;
  /// copy = tma_producer: the blocks a multiprocessor holds, the launch
  /// bound (getRingResidentBlocks); the kernel builder sets it.
  int64_t residentBlocks = 0;
  bool streamK;
  /// cluster_split: the split_k slices of a tile are one cluster and add
  /// their partials through distributed shared memory.
  bool clusterSplit;
  /// A TMA ring whose last row tile, when it passes M (and M >= BM), is
  /// moved up to end at M: its activation box then lies wholly inside X
  /// (a box past M by 24 to 40 rows cost up to 1.3x the time, perf notes
  /// v73); its rows above the tile before it are computed again and not
  /// stored (RingTile::firstStoredRow). Set by the schemes whose
  /// epilogues honour it (W8A8, W4A16).
  bool shiftLastRowTile = false;
  /// With shiftLastRowTile, on tiles with a half box and its edge box
  /// (getTmaHalfEdgeBoxes: BM >= 128, BN <= 64): move too a last tile whose
  /// rows below M would take two boxes (two edge boxes, or the half box and
  /// an edge box). W8A8's 128 x 64 producer tiles, K a multiple of BK: 0.95x
  /// to 0.99x the time at M = 150 / 160 / 200 / 208 on five layers (perf
  /// notes v74, e342 / e343); where K ends in a partial tile (4160 x 4160,
  /// 2056 x 4128) 1.03x to 1.09x, and on wider or 256-row tiles 0.99x to
  /// 1.02x, so not there. One box (1 to 16 rows, or 33 to 64) measured
  /// 1.00x to 1.02x moved: kept.
  bool shiftTwoBoxLastRowTile = false;
  /// A last row tile of BM = 128 on tiles with a half box and its edge box
  /// whose rows below M pass the half box (65 to 112) and that is not
  /// moved (a lone tile: M < BM) copies one box of those rows rounded up to
  /// 16 (getTmaSingleBoxRows) instead of the half and edge boxes or the
  /// whole box. Set by the schemes that pass those maps (W8A8).
  bool singleBoxes = false;

  /// `elementBytes`: bytes of an A (activation) element; a row of the A
  /// slot holds BK of them.
  explicit Tiling(ConfigAttr c, int64_t elementBytes = 1);
};

/// Blocks of a ring variant a multiprocessor holds: what its shared memory
/// and threads allow; with a producer warpgroup at most two (one warpgroup
/// of W8A8 tiles at most 128 wide, 128 registers a thread; one warpgroup of
/// W4A16's register-A tiles, which setmaxnreg gives 232, but in clusters
/// of four slices or more) or one (wider W8A8 tiles, two warpgroups, which
/// setmaxnreg gives one block's registers, or those clusters).
int64_t getRingResidentBlocks(TargetAttr target, const Tiling &t,
                              int64_t sharedBytes);

/// The launch bounds of a W8A8 or W4A16 ring kernel: with a producer
/// warpgroup, its threads and `resident` blocks (the producer moves
/// registers with setmaxnreg, which ptxas honours only under launch
/// bounds); past 256 threads without one (four warpgroups of tiles), one
/// block a multiprocessor, so that ptxas keeps 65536 / threads registers a
/// thread (unbounded it took 130 for W8A8 256 x 144 tiles on cp.async and
/// the launch was refused; a maxnreg cap alone spilled). Narrower kernels
/// stay unbounded. BSR's ring kernels bound only their producer variants
/// (their union tiles have their own register check).
void setRingLaunchBounds(gpu::GPUFuncOp func, const Tiling &t,
                         int64_t resident);

class RingMainloop;

/// copy = tma: the rows of the edge box of the activation operand (X, whose
/// rows are M's). A tile takes one box of BM rows, but one whose rows below
/// M fit this many takes a box of these rows (the kernel's last tensor map,
/// the activation's again) and leaves the rest of its slot as it was. TMA
/// fills the part of a box past the tensor at a fraction of its copy rate:
/// the last tile of M = 129 on W4A16 4096 x 4096's 128-row tiles had one
/// row below M and made the call 1.22x slower; in boxes of 16 rows it
/// was not. Many edge boxes a tile cost more than the rows they skip (15
/// boxes for a last tile of 120 rows: 1.3x to 1.9x slower, perf notes v48);
/// two, for rows below M that fit 32, save their rows' fill (perf notes
/// v49: 0.78x to 0.92x the time where the last tile holds 24 to 32 rows).
constexpr int64_t kTmaRowBoxRows = 16;
inline int64_t getTmaRowBoxRows(int64_t bm) {
  return std::min(bm, kTmaRowBoxRows);
}
/// The most edge boxes a tile of BM rows takes, one after the other, where
/// its rows below M fit them (and they are fewer than BM rows): 2 from BM =
/// 48 on.
constexpr int64_t kTmaMaxEdgeBoxes = 2;
inline int64_t getTmaEdgeBoxes(int64_t bm) {
  int64_t rows = getTmaRowBoxRows(bm);
  return std::max<int64_t>(1, std::min(kTmaMaxEdgeBoxes, bm / rows - 1));
}

/// copy = tma: the rows of the half box of the activation operand, for a
/// tile whose rows below M pass the edge boxes but fit half the tile: BM / 2
/// from BM = 128 on (the kernel's last tensor map but one, the activation's
/// again), else 0 (no half box). TMA fills a box's rows past the tensor
/// about 9 times slower than it copies rows (perf notes v48): a last tile
/// of 33 to 64 rows of 128 left 64 to 95 rows to fill.
inline int64_t getTmaHalfBoxRows(int64_t bm) { return bm >= 128 ? bm / 2 : 0; }
/// The edge boxes a tile with a half box takes after it, one after the
/// other, where its rows below M pass the half box by at most this many
/// boxes' rows: one, on tiles of BN <= 64 (W4A16's 128 x 64 register-A
/// tiles, W8A8's narrow edge tiles), whose slot is mostly the activation's
/// box. A last tile of 65 to 80 rows of 128 then copies the half box and
/// one edge box instead of filling 48 to 63 rows past M: 0.74x to 0.83x
/// the time at M = 193 on the 4096-wide W4A16 layers, 0.86x at M = 200 on
/// W8A8 2056 x 4128 (perf notes v66, e275). Three boxes (a last tile of
/// 97 to 112 rows) cost more than the fill they save (1.03x to 1.19x at
/// M = 225 / 240 / 353 / 481, e275), and so do two on the 128 x 128 and
/// 176 x 128 tiles (v56 step 10, e175: 0.94x to 1.06x): not on wider
/// tiles.
constexpr int64_t kTmaMaxHalfEdgeBoxes = 1, kTmaHalfEdgeMaxBlockN = 64;
inline int64_t getTmaHalfEdgeBoxes(int64_t bm, int64_t bn) {
  int64_t half = getTmaHalfBoxRows(bm);
  if (!half || bn > kTmaHalfEdgeMaxBlockN)
    return 0;
  return std::max<int64_t>(0, std::min(kTmaMaxHalfEdgeBoxes,
                                       (bm - half) / getTmaRowBoxRows(bm) - 1));
}

/// The rows of the single boxes of a tile (Tiling::singleBoxes), one map
/// each, ascending, before the half and edge maps: 80, 96 and 112 on
/// 128-row tiles with a half box and its edge box, else none. A lone tile
/// of 128 rows whose TMA box passed M by 32 rows (M = 96) made the call
/// 1.05x slower than the two-slice tiles it replaced where M = 112 and 128
/// were 0.94x (perf notes v73 step 10, e337); with the 96-row box, 0.92x
/// to 0.96x at M = 88 / 96 (v74, e344).
inline SmallVector<int64_t, 3> getTmaSingleBoxRows(const Tiling &t) {
  if (!t.singleBoxes || t.bm != 128 || !getTmaHalfEdgeBoxes(t.bm, t.bn))
    return {};
  return {80, 96, 112};
}

/// The scheme's operand step of a RingMainloop.
class RingOperands {
public:
  virtual ~RingOperands() = default;
  /// Issues the cp.async copies of K tile `kTile` (local to the slice) of A,
  /// then of B, into ring slot `slot`, appending their tokens.
  virtual void copyA(RingMainloop &loop, Value kTile, Value slot,
                     SmallVectorImpl<Value> &tokens) = 0;
  virtual void copyB(RingMainloop &loop, Value kTile, Value slot,
                     SmallVectorImpl<Value> &tokens) = 0;
  /// The zero accumulator of one m16n8 mma.sync tile.
  virtual Value buildZeroAccumulator(ImplicitLocOpBuilder &b) = 0;
  /// mma.sync: the warp's whole K tile in ring slot `slot`, updating `accs`
  /// (mTiles x nTiles accumulators, row-major).
  virtual void buildMmaSyncTile(RingMainloop &loop, Value slot,
                                MutableArrayRef<Value> accs) = 0;
  /// wgmma: the warpgroup's whole K tile whose A and B slots start at the
  /// swizzled descriptors `descA`, `descB`; returns the new accumulator.
  virtual Value buildWgmmaTile(RingMainloop &loop, Value acc, Value descA,
                               Value descB) = 0;
  /// The wgmma accumulator element type (i32 or f32).
  virtual Type getWgmmaAccumulatorElementType(ImplicitLocOpBuilder &b) = 0;
  /// wgmma: the shared address (1024-byte aligned, 128-byte swizzled rows)
  /// of the B tile of K tile `kTile`, whose copies are in ring slot `slot`
  /// and visible to every thread. By default the B slot itself; a scheme
  /// whose B must be transformed first (int4 weights to fp16) writes it
  /// elsewhere here, publishes it to the async proxy and returns that.
  virtual Value prepareWgmmaB(RingMainloop &loop, Value kTile, Value slot);
  /// wgmma: the loop's accumulators (its iter_args), whose elements in
  /// order are those of one wgmma m64nBN accumulator. By default that one
  /// struct of BN / 2 elements; a scheme may split BN into several
  /// accumulators of consecutive columns.
  virtual SmallVector<Value> buildWgmmaAccumulators(RingMainloop &loop);
  /// wgmma: the step on ring slot `slot` (copies visible to every thread
  /// and to the async proxy), updating `accs`. By default
  /// RingMainloop::buildWgmmaSlot (A and B read from the 128-byte-swizzled
  /// slots, A's ring first); a scheme that feeds A from registers or lays
  /// out its slots otherwise builds its own, leaving one wgmma group in
  /// flight as the default does.
  virtual void buildWgmmaStep(RingMainloop &loop, Value kTile, Value slot,
                              MutableArrayRef<Value> accs);

  /// copy = tma: the bytes the copies of one ring slot bring when the tile's
  /// rows all lie below M (whole boxes, whatever part of them lies past the
  /// tensors). By default the A box of BM rows and one B box of BN rows,
  /// of rowBytes each. A tile that takes A's edge box
  /// (RingMainloop::copyTmaActivations) expects rowBytes less for each row
  /// it leaves out (an A box row is rowBytes in every scheme).
  virtual int64_t getTmaSlotBytes(RingMainloop &loop);
  /// copy = tma: the bytes of getTmaSlotBytes that the block's B copies
  /// leave out (an i32), or null where they copy them all (the default).
  virtual Value getTmaSkippedBBytes(RingMainloop &loop) { return Value(); }
  /// copy = tma: the offset from the ring's start (`ringBase`) of its
  /// mbarriers (2 x stages, 8-byte aligned), past the slots and whatever
  /// else lives in shared memory while they do. By default right after the
  /// A and B rings.
  virtual int64_t getTmaBarrierOffset(RingMainloop &loop);
  /// copy = tma: issues the copies of K tile `kTile` (local to the slice)
  /// of A (the activations) or of B (the weights, and whatever goes with
  /// them) into ring slot `slot` with RingMainloop::copyTmaBox, which
  /// complete the slot's `full` mbarrier. By default A's rows from
  /// `loop.tmaMaps[0]`, the half map (BM >= 128) and the edge map
  /// `loop.tmaMaps.back()` (copyTmaActivations) and one box of BN rows
  /// from `loop.tmaMaps[1]`,
  /// into the A and B rings.
  virtual void copyTmaA(RingMainloop &loop, Value kTile, Value slot);
  virtual void copyTmaB(RingMainloop &loop, Value kTile, Value slot);
};

/// A K loop over a cp.async ring. Construct it at the start of the kernel
/// (it creates the ring views, the thread geometry and the block's tile),
/// then `build` the loop and read its accumulators as `getPairs`.
class RingMainloop {
public:
  /// `rows` is the A operand: its dim 0 is M. With `byteRings` the ring
  /// views aRing [stages, BM, rowBytes] and bRing [stages, BN, rowBytes]
  /// of bytes are created; a scheme whose slots differ (other element
  /// types, shapes or extra slots) passes false and builds its own views
  /// of `smem` from `ringShift` on.
  RingMainloop(ImplicitLocOpBuilder &b, const Tiling &t, Value rows, int64_t k,
               bool byteRings = true);

  /// Builds the K loop, in its plain form marked for
  /// qgemm-software-pipeline; `beforeLoop` builds what must come right
  /// before it (prefetches, griddepcontrol.wait). The loop runs `kTiles`
  /// iterations, or `tripCount` (an index known only at run time, e.g. the
  /// stored blocks of a sparse row) when given.
  void build(RingOperands &operands, function_ref<void()> beforeLoop,
             Value tripCount = nullptr);

  /// Builds the K loop of a `copy = tma` ring (wgmma): already pipelined,
  /// so not marked for qgemm-software-pipeline. One thread copies each K
  /// tile's A and B boxes with cp.async.bulk.tensor (the scheme's
  /// copyTmaA and copyTmaB; by default one box each from `rows` and the
  /// weight rows), which complete the slot's `full` mbarrier; the warpgroups
  /// wait on it, run the scheme's wgmma step, and once that group retired
  /// arrive on the slot's `empty` mbarrier, which the copying thread waits on
  /// before it refills the slot. `stages - 1` K tiles are in flight. The B
  /// copies of the prologue are issued before `beforeLoop`
  /// (griddepcontrol.wait), the A copies after it. With `t.producer` (copy =
  /// tma_producer) the copies are a warpgroup's of its own, after the tiles'
  /// (tid >= t.threads), which fills all `stages` slots, refills each once
  /// released and exits; the tiles' warpgroups only wait, compute and release.
  /// The kernel's tensor maps (its first arguments, as many as its
  /// qgemm.tensor_maps attribute counts) are `tmaMaps`, read by the
  /// scheme's copyTmaA / copyTmaB.
  /// The loop runs `tripCount` K tiles when given (as `build`).
  void buildTma(RingOperands &operands, function_ref<void()> beforeLoop,
                Value tripCount = nullptr);

  /// copy = tma: the destination pointer of a box copy to the shared
  /// address `addr` (1024-byte aligned: the 128-byte swizzle).
  Value getTmaDestination(Value addr);
  /// copy = tma: the `full` mbarrier of ring slot `slot`.
  Value getTmaFull(Value slot);
  /// copy = tma: copies the box of tensor map `map` whose first byte is at
  /// (byte column `column`, row `row`: indices, or i32 where they may be
  /// negative) of its byte matrix to `dst` (getTmaDestination), completing
  /// ring slot `slot`'s `full` mbarrier. A box wholly outside the matrix
  /// reads zeros and counts all its bytes.
  void copyTmaBox(Value map, Value dst, Value column, Value row, Value slot);

  /// copy = tma: copies the A rows of the block's tile at byte column
  /// `column` to the shared address `dst` (an index, 1024-byte aligned):
  /// one box of `tmaMaps[0]` (BM rows from `tile.blockRow`), or where the
  /// tile's rows below M fit getTmaEdgeBoxes(BM) boxes of the edge map
  /// `tmaMaps.back()` (getTmaRowBoxRows(BM) rows each) the boxes that
  /// start below M, or else where they fit getTmaHalfBoxRows(BM) rows and
  /// getTmaHalfEdgeBoxes(BM, BN) edge boxes after them one box of the half
  /// map (the map before the edge map) and those edge boxes that start
  /// below M. The slot's rows past them keep what they held (rows of tokens
  /// past M, whose sums are never stored).
  void copyTmaActivations(Value dst, Value column, Value slot);
  /// copy = tma: the bytes of the A rows copyTmaActivations leaves out, an
  /// i32: (BM - the edge boxes' rows) x rowBytes where the tile takes edge
  /// boxes, (BM - the half box's and the edge boxes' after it rows) x
  /// rowBytes where it takes the half box, else 0.
  Value getTmaSkippedRowBytes();
  /// copy = tma: copies one box of `map` (the weights' map of BN rows, or
  /// a scheme's edge map of fewer) from the block's first column at K tile
  /// `kTile` into ring slot `slot`'s B region.
  void copyTmaWeights(Value map, Value kTile, Value slot);

  /// The accumulators after the loop as (row, col) pairs.
  SmallVector<Pair> getPairs();

  /// Issues the cp.async copies of `rows` rows of K tile `kTile` of the
  /// row-major byte matrix `src` (rows from `rowBase`) into ring slot `slot`
  /// of `dst` (aRing or bRing), swizzled for wgmma. Rows past M zero-fill
  /// when `maskRows` (and read row M - 1, which exists); copies without
  /// `maskRows` read nothing a prerequisite grid writes and are marked so.
  /// Edge tiles: rows past the static row count of `src` (when `rows` does
  /// not divide it) and 16-byte chunks past its static K (when BK does not
  /// divide it) zero-fill too; for tiles that divide both, no mask is built.
  /// Without `zeroEdges` those edge rows and chunks copy the bytes of the
  /// last row and of the row's last 16 bytes instead (in bounds, no mask:
  /// the caller's other operand zeroes what they multiply, and the columns
  /// of rows past N are never stored).
  void copyRows(Value src, Value dst, int64_t rows, Value rowBase,
                bool maskRows, Value kTile, Value slot,
                SmallVectorImpl<Value> &tokens, bool zeroEdges = true);

  /// The wgmma instructions of one K tile, for a scheme's buildWgmmaTile:
  /// BK / `k` wgmma m64nBNk`k` with `in` operands and `acc`'s element type
  /// `out`, the n-th reading 32 bytes further along the swizzled rows of
  /// `descA` and `descB` (both + 2n in 16-byte units). With `bPanelBytes`
  /// B's rows hold 64 bytes of the K tile each, in panels that many bytes
  /// apart: the n-th reads panel n / 2, 32 bytes in for odd n.
  Value buildWgmmaSteps(Value acc, Value descA, Value descB, int64_t k,
                        NVVM::WGMMATypes in, NVVM::WGMMATypes out,
                        NVVM::MMAIntOverflowAttr overflow = {},
                        int64_t bPanelBytes = 0);

  ImplicitLocOpBuilder &b;
  const Tiling &t;
  /// K tiles of K (rounded up), and of one split-K slice: the loop's trip
  /// count, or its bound when split_k does not divide them (the last
  /// slices are shorter, see `build`).
  int64_t totalKTiles, kTiles;
  Value smem, ringShift, ringBase, aRing, bRing;
  int64_t aRingBytes;
  Value tid, lane, warp, warpRow, warpCol, warpGroup;
  RingTile tile;
  Value m, mLast;
  scf::ForOp loop;
  /// copy = tma: the kernel's tensor maps, and the shared address of the
  /// first `full` mbarrier (the `empty` ones follow), set by buildTma.
  SmallVector<Value> tmaMaps;
  Value tmaBarriers;

  /// The wgmma step on ring slot `slot`: descriptors, fence, the scheme's
  /// wgmma instructions, commit, and a wait that keeps one group in flight.
  Value buildWgmmaSlot(RingOperands &operands, Value kTile, Value slot,
                       Value acc);

private:
  /// The K loop's trip count: `tripCount` when given, else the tile's
  /// (a tail-split slice), else this slice's share of the K tiles (shorter
  /// or none for the last slices when split_k does not divide them, unless
  /// `zeroFilled`), else kTiles. A TMA ring is `zeroFilled`: a K tile past
  /// K reads boxes wholly out of bounds, which the copies fill with zeros,
  /// so every slice can run kTiles.
  Value getTripCount(Value tripCount, bool zeroFilled = false);
};

class RegisterMainloop;

/// Chunk j of a warp of a RegisterMainloop (its K chunk kw + j warpsK):
/// the constant `index` in the unrolled part of the loop, or `dynamicIndex`
/// (an index value; `index` unused) in its rolled part, whose chunks all lie
/// inside K.
struct RegisterChunk {
  int64_t index = 0;
  Value dynamicIndex;
  /// Whether the chunk may reach past K (a constant index only).
  bool mayPassK(const RegisterMainloop &loop) const;
  /// Whether the chunk of some warp may lie wholly past K (a constant index
  /// only): the last warp's chunk starts at K or past it.
  bool mayLieWhollyPastK(const RegisterMainloop &loop) const;
};

/// The scheme's operand step of a RegisterMainloop.
class RegisterOperands {
public:
  virtual ~RegisterOperands() = default;
  /// The weight words of K chunk `j` for every mma tile of the warp.
  virtual SmallVector<SmallVector<Value, 8>>
  loadWeights(RegisterMainloop &loop, const RegisterChunk &j) = 0;
  /// The activation words of K chunk `j` (rows g and g + 8), which the
  /// loop loads one chunk ahead (a scheme may load them in buildChunk
  /// instead and return none).
  virtual SmallVector<SmallVector<Value, 8>>
  loadActivations(RegisterMainloop &loop, const RegisterChunk &j) = 0;
  /// The mma.sync steps of chunk `j`, updating one accumulator per mma tile.
  virtual void buildChunk(RegisterMainloop &loop, const RegisterChunk &j,
                          ArrayRef<SmallVector<Value, 8>> activations,
                          ArrayRef<SmallVector<Value, 8>> weights,
                          MutableArrayRef<Value> accs) = 0;
  /// The zero accumulator of one m16n8 tile.
  virtual Value buildZeroAccumulator(ImplicitLocOpBuilder &b) = 0;
  /// The accumulators a warp carries: by default one per mma tile of its
  /// 16 rows and WN columns (WN / 8).
  virtual int64_t getNumAccumulators(const RegisterMainloop &loop) const;
};

/// A register-direct K loop of a block of BM rows (operands = registers; 16,
/// one mma row tile, but for a scheme whose operands cover 32 or 64).
/// Warp (cw, kw) owns columns [cw WN, (cw + 1) WN) of the block's BN and the
/// 128-byte K chunks kw, kw + BK / 128, ...; lane (g, q) = (lane / 4,
/// lane % 4). `stages` chunks of weights are in flight, issued by
/// `loadWeightsAhead` (before griddepcontrol.wait); the activations run one
/// chunk ahead. The warps' sums meet in shared memory. The K loop is
/// unrolled whole, or, for a scheme that asks for it past a number of
/// chunks, an scf.for of `stages` chunks a step (the weight registers
/// rotate within a step) followed by the last stages to 2 stages - 1
/// chunks unrolled, so that the kernel's code stays in the instruction
/// cache.
class RegisterMainloop {
public:
  /// `rows` is the A operand: its dim 0 is M.
  RegisterMainloop(ImplicitLocOpBuilder &b, ConfigAttr config, Value rows,
                   int64_t k);

  /// Issues the weight loads of the first `stages` chunks.
  void loadWeightsAhead(RegisterOperands &operands);
  /// The K loop; returns one accumulator per mma tile of the warp. A warp
  /// of more than `maxUnrolledChunks` chunks runs it rolled (see above).
  SmallVector<Value>
  build(RegisterOperands &operands,
        int64_t maxUnrolledChunks = std::numeric_limits<int64_t>::max());
  /// Stores the warp's accumulators into the shared sums [BK / 128, BM, BN]
  /// and passes the block's barrier; returns the sums view.
  Value storeSums(ArrayRef<Value> accs, Type elementType);
  /// The same for a scheme whose accumulators are not in the m16n8 C order
  /// of `accs` above: `pairs` give each pair's tile row (0..BM-1) and column
  /// in the block (0..BN-1).
  Value storeSums(ArrayRef<Pair> pairs, Type elementType);

  /// This thread's byte offset in chunk `j`: (j * warpsK + kw) * 128 + 32q.
  Value getChunkOffset(const RegisterChunk &j);

  ImplicitLocOpBuilder &b;
  ConfigAttr config;
  /// bm: the block's rows (16, or 32 / 64 for a scheme whose tokens are
  /// mma's N: its operands cover them).
  int64_t k, bm, bn, wn, warpsN, warpsK, nTiles, threads, chunks, ahead;
  RegisterSharedLayout layout;
  Value smem, tid, lane, warp, cw, kw, g, q;
  RegisterTile tile;
  /// The activation rows lane (g, q) loads: g and g + 8 of the block,
  /// clamped to M - 1 (rows past M feed accumulator rows never stored).
  Value warpCol, m, mLast, actRowLo, actRowHi, laneOffset;
  /// The activation row lane (g, q) loads for token tile t (8 rows, for a
  /// scheme whose tokens are mma's N): rowBase + 8 t + g, clamped to M - 1;
  /// actRowLo and actRowHi for t = 0 and 1.
  Value getTokenRow(int64_t t);
  SmallVector<SmallVector<SmallVector<Value, 8>>> weights;

private:
  /// Chunk j of the unrolled part: activations `next` (of chunk j) become
  /// the current ones, the next chunk's are loaded, chunk j's mma steps
  /// update `accs`, and the weights of chunk j + ahead are issued.
  void buildUnrolledChunk(RegisterOperands &operands, int64_t j,
                          SmallVector<SmallVector<Value, 8>> &next,
                          SmallVector<Value> &accs);
};

/// wgmma shared-memory matrix descriptor of a K-major tile at shared address
/// `addr` whose rows of `rowBytes` (32, 64 or 128) are swizzled in that
/// mode: 8-row groups 8 rowBytes apart (stride byte offset), leading byte
/// offset unused (1), the swizzle mode in bits 62-63 (1: 128-byte, 2:
/// 64-byte, 3: 32-byte). The swizzle is a function of the address bits, so
/// `addr` is aligned to 8 rows (1024, 512 or 256 bytes); a step of 32 bytes
/// along K adds 2 (16-byte units) to the descriptor.
Value buildSwizzledDescriptor(ImplicitLocOpBuilder &b, Value addr,
                              int64_t rowBytes);

/// Eight 32-bit words of the byte matrix `src`[row, offset .. offset + 32),
/// each as the vector<4xi8> an mma fragment register holds.
void loadFragmentWords(ImplicitLocOpBuilder &b, Value src, Value row,
                       Value offset, SmallVectorImpl<Value> &words);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_MAINLOOP_H
