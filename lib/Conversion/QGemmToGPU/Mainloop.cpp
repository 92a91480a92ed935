//===- Mainloop.cpp - how A and B tiles reach the tensor core -------------===//
//
// The ring mainloop (cp.async ring, mma.sync or wgmma) and the
// register-direct mainloop (see Mainloop.h). Neither knows a scheme: the
// operand step comes from a RingOperands or RegisterOperands hook.
//
//===----------------------------------------------------------------------===//

#include "Mainloop.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

/// Keeps ptxas from unrolling the K loop `loop` (`.pragma "nounroll"` on its
/// header) where the wgmma tile of a warpgroup is 256 columns wide. Unrolled,
/// W8A8's 128 x 256 split kernel (a static trip count of 16) took ptxas
/// 2.4 s and ran no faster; the narrower tiles' loops stay unrollable, since
/// rolling them made the 64 x 64 and 128 x 128 split kernels 3% to 8% slower
/// (docs/perf-notes.md v58).
static void limitUnroll(scf::ForOp loop, const Tiling &t) {
  if (!t.wgmma || t.wn < 256)
    return;
  MLIRContext *ctx = loop.getContext();
  auto unroll = LLVM::LoopUnrollAttr::get(
      ctx, /*disable=*/BoolAttr::get(ctx, true), /*count=*/{},
      /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
      /*followupRemainder=*/{}, /*followupAll=*/{});
  auto annotation = LLVM::LoopAnnotationAttr::get(
      ctx, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{}, unroll,
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
      /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
  loop->setAttr(kLoopAnnotationAttrName, annotation);
}

Tiling::Tiling(ConfigAttr c, int64_t elementBytes)
    : bm(c.getBlockM()), bn(c.getBlockN()), bk(c.getBlockK()), wm(c.getWarpM()),
      wn(c.getWarpN()), stages(c.getStages()), splitK(c.getSplitK()),
      wgmma(c.isWgmma()), registerA(c.isRegisterA()), tma(c.isTma()),
      producer(c.isTmaProducer()), warpsN(c.getBlockN() / c.getWarpN()),
      threads(32 * c.getNumWarps()), launchThreads(c.getBlockThreads()),
      // wgmma tiles are swizzled, not padded.
      rowBytes(c.getBlockK() * elementBytes +
               (c.isWgmma() ? 0 : kSharedRowPadBytes)),
      mTiles(wm / 16), nTiles(wn / 8), tailSplit(c.getTailSplit()),
      streamK(c.getStreamK()), clusterSplit(c.getClusterSplit()) {}

int64_t kernel::getRingResidentBlocks(TargetAttr target, const Tiling &t,
                                      int64_t sharedBytes) {
  int64_t blocks = target.getResidentBlocks(sharedBytes, t.launchThreads);
  if (!t.producer)
    return blocks;
  // With a producer the launch bounds hold the blocks to what leaves the
  // tiles enough registers: two blocks (128 registers a thread) only for one
  // warpgroup of tiles at most 128 wide (64 accumulator registers; at three
  // blocks ptxas had 80 and failed, and 64 x 208 tiles need 130), else one.
  // W4A16's register-A warpgroup (WN / 64 accumulators of BM columns) takes
  // the producer's registers with setmaxnreg: two blocks of one warpgroup
  // of tiles whatever its accumulators (getConsumerRegisters), but in
  // clusters of four or eight slices, whose blocks two a multiprocessor
  // would crowd onto half as many multiprocessors (1024 x 4096 at M = 64
  // 12% slower than with one, docs/perf-notes.md v37).
  if (t.registerA)
    return std::min<int64_t>(
        blocks, t.threads > 128 || (t.clusterSplit && t.splitK >= 4) ? 1 : 2);
  return std::min<int64_t>(blocks, t.threads > 128 || t.bn > 128 ? 1 : 2);
}

void kernel::setRingLaunchBounds(gpu::GPUFuncOp func, const Tiling &t,
                                 int64_t resident) {
  if (t.producer)
    setLaunchBounds(func, t.launchThreads, resident);
  else if (t.launchThreads > 256)
    setLaunchBounds(func, t.launchThreads, 1);
}

//===----------------------------------------------------------------------===//
// RingMainloop
//===----------------------------------------------------------------------===//

Value kernel::buildSwizzledDescriptor(ImplicitLocOpBuilder &b, Value addr,
                                      int64_t rowBytes) {
  auto i64 = [&](uint64_t v) {
    return arith::ConstantIntOp::create(b, b.getI64Type(), int64_t(v));
  };
  assert((rowBytes == 32 || rowBytes == 64 || rowBytes == 128) &&
         "a wgmma swizzle mode");
  Value a = arith::IndexCastUIOp::create(b, b.getI64Type(), addr);
  a = arith::AndIOp::create(b, arith::ShRUIOp::create(b, a, i64(4)),
                            i64(0x3FFF));
  constexpr uint64_t leadingByteOffset = 1;
  uint64_t strideByteOffset = 8 * rowBytes / 16;
  uint64_t mode = rowBytes == 128 ? 1 : rowBytes == 64 ? 2 : 3;
  return arith::OrIOp::create(
      b, a,
      i64((leadingByteOffset << 16) | (strideByteOffset << 32) | (mode << 62)));
}

/// The rows of a tile's last boxes short of the whole one cover: the half
/// box and the edge boxes after it where there is a half box, else the
/// edge boxes.
static int64_t getTmaSmallBoxRows(const Tiling &t) {
  if (int64_t halfRows = getTmaHalfBoxRows(t.bm))
    return halfRows + getTmaHalfEdgeBoxes(t.bm, t.bn) * getTmaRowBoxRows(t.bm);
  return getTmaEdgeBoxes(t.bm) * getTmaRowBoxRows(t.bm);
}

RingMainloop::RingMainloop(ImplicitLocOpBuilder &b, const Tiling &t, Value rows,
                           int64_t k, bool byteRings)
    : b(b), t(t), totalKTiles(llvm::divideCeil(k, t.bk)),
      kTiles(llvm::divideCeil(totalKTiles, t.splitK)) {
  Emitter e{b};
  // Shared memory: A ring [stages, BM, rowBytes], B ring [stages, BN,
  // rowBytes]. With wgmma the rings start at the first 1024-byte-aligned
  // shared address (the swizzle pattern is a function of the address bits)
  // and `ringBase` is that address.
  smem = getDynamicSharedMemory(b);
  ringShift = e.idx(0);
  if (t.wgmma) {
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, smem);
    ringBase = arith::AndIOp::create(b, e.add(base, kSwizzleAtomBytes - 1),
                                     e.idx(-kSwizzleAtomBytes));
    ringShift = arith::SubIOp::create(b, ringBase, base);
  }
  aRingBytes = t.stages * t.bm * t.rowBytes;
  if (byteRings) {
    aRing = createSharedView(b, smem, {t.stages, t.bm, t.rowBytes},
                             b.getI8Type(), ringShift);
    bRing = createSharedView(b, smem, {t.stages, t.bn, t.rowBytes},
                             b.getI8Type(), e.add(ringShift, aRingBytes));
  }

  tid = e.threadId();
  lane = e.rem(tid, 32);
  warp = e.div(tid, 32);
  warpRow = e.mul(e.div(warp, t.warpsN), t.wm);
  warpCol = e.mul(e.rem(warp, t.warpsN), t.wn);
  m = memref::DimOp::create(b, rows, 0);
  // A stream-K kernel sets the tile of each of its segments itself.
  if (t.tailSplit > 1)
    tile =
        scheduleTailSplitTile(b, t.bm, t.bn, t.columnTiles, t.waveBlocks,
                              t.tailSplit, totalKTiles, m, t.tailColumnMajor);
  else if (!t.streamK)
    tile = scheduleRingTile(b, t.bm, t.bn, t.splitK, kTiles);
  if (t.shiftLastRowTile && t.tma && t.tailSplit == 1 && !t.streamK) {
    // A last tile that would take the whole box past M (its rows below M
    // pass what the edge boxes, or the half box and its edge boxes,
    // cover), or with shiftTwoBoxLastRowTile two boxes: rows [y BM, y BM +
    // BM) -> [M - BM, M) where M >= BM. A last tile that the smaller boxes
    // cover keeps them (fewer rows copied).
    Value row = tile.blockRow;
    int64_t halfRows = getTmaHalfBoxRows(t.bm);
    int64_t covered = getTmaSmallBoxRows(t);
    Value moved = e.ult(e.add(row, covered), m);
    if (t.shiftTwoBoxLastRowTile && getTmaHalfEdgeBoxes(t.bm, t.bn) > 0) {
      // Two boxes: rows below M in (one edge box, two edge boxes] or in
      // (the half box, the half box and its edge boxes]. (Each operand
      // built in its own statement: the IR's order is fixed.)
      int64_t boxRows = getTmaRowBoxRows(t.bm);
      Value below = arith::SubIOp::create(b, m, row);
      auto within = [&](int64_t lo, int64_t hi) {
        Value above = e.ult(e.idx(lo), below);
        Value upTo = e.ult(below, e.idx(hi + 1));
        return arith::AndIOp::create(b, above, upTo);
      };
      Value twoEdge = within(boxRows, getTmaEdgeBoxes(t.bm) * boxRows);
      Value halfEdge = within(halfRows, covered);
      moved = arith::OrIOp::create(b, moved,
                                   arith::OrIOp::create(b, twoEdge, halfEdge));
    }
    Value fits =
        arith::CmpIOp::create(b, arith::CmpIPredicate::uge, m, e.idx(t.bm));
    Value whole = arith::AndIOp::create(b, moved, fits);
    Value lastStart = arith::SelectOp::create(
        b, whole, arith::SubIOp::create(b, m, e.idx(t.bm)), row);
    tile.blockRow = arith::MinUIOp::create(b, row, lastStart);
    tile.firstStoredRow = row;
  }
  mLast = arith::SubIOp::create(b, m, e.idx(1));
  loop = nullptr;
}

void RingMainloop::copyRows(Value src, Value dst, int64_t rows, Value rowBase,
                            bool maskRows, Value kTile, Value slot,
                            SmallVectorImpl<Value> &tokens, bool zeroEdges) {
  Emitter e{b};
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  Value kBase = e.mul(e.add(tile.firstKTile, kTile), t.bk);
  auto srcType = cast<MemRefType>(src.getType());
  int64_t srcK = srcType.getDimSize(1);
  int64_t chunksPerRow = t.bk / kCopyBytes;
  int64_t chunks = rows * chunksPerRow;
  for (int64_t first = 0; first < chunks; first += t.threads) {
    Value c = e.add(tid, first);
    // A last, partial round: the spare threads repeat the last chunk
    // (same bytes to the same place), which keeps the copy unconditional.
    if (first + t.threads > chunks)
      c = arith::MinUIOp::create(b, c, e.idx(chunks - 1));
    Value r = e.div(c, chunksPerRow);
    Value col = e.mul(e.rem(c, chunksPerRow), kCopyBytes);
    // 128-byte swizzle: 16-byte chunk j of row r lands at chunk j ^ (r % 8).
    Value dstCol = col;
    if (t.wgmma)
      dstCol =
          e.mul(arith::XOrIOp::create(b, e.rem(c, chunksPerRow), e.rem(r, 8)),
                kCopyBytes);
    Value globalRow = e.add(rowBase, r);
    Value globalCol = e.add(kBase, col);
    // The chunk's bytes are copied when it lies inside `src`, zero-filled
    // otherwise (reading a chunk that exists): rows past M, rows past a
    // static row count the tiles do not divide, and chunks past a K the
    // K tiles do not divide.
    Value valid;
    auto andValid = [&](Value cond) {
      valid = valid ? arith::AndIOp::create(b, valid, cond) : cond;
    };
    if (maskRows) {
      andValid(e.ult(globalRow, m));
      globalRow = arith::MinUIOp::create(b, globalRow, mLast);
    } else if (int64_t srcRows = srcType.getDimSize(0);
               !srcType.isDynamicDim(0) && srcRows % rows != 0) {
      if (zeroEdges)
        andValid(e.ult(globalRow, e.idx(srcRows)));
      globalRow = arith::MinUIOp::create(b, globalRow, e.idx(srcRows - 1));
    }
    if (srcK % t.bk != 0) {
      if (zeroEdges)
        andValid(e.ult(globalCol, e.idx(srcK)));
      globalCol = arith::MinUIOp::create(b, globalCol, e.idx(srcK - kCopyBytes));
    }
    Value bytes;
    if (valid)
      bytes = arith::SelectOp::create(b, valid, e.idx(kCopyBytes), e.idx(0));
    Value tok = nvgpu::DeviceAsyncCopyOp::create(
        b, tokenType, dst, ValueRange{slot, r, dstCol}, src,
        ValueRange{globalRow, globalCol}, b.getIndexAttr(kCopyBytes), bytes,
        b.getUnitAttr());
    if (!maskRows)
      tok.getDefiningOp()->setAttr(kGridIndependentAttrName, b.getUnitAttr());
    tokens.push_back(tok);
  }
}

void RingMainloop::build(RingOperands &operands,
                         function_ref<void()> beforeLoop, Value tripCount) {
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  // The K loop in its plain form, marked for qgemm-software-pipeline: each
  // iteration copies its K tile into ring slot kt % stages, waits for it,
  // passes a barrier and computes. The pass issues the copies `depth` tiles
  // ahead: stages - 1 with mma.sync; stages - 2 with wgmma, which keeps the
  // previous tile's wgmma group in flight, so that slot cannot be refilled
  // yet. The accumulators are
  // the iter_args: one per mma.sync tile, or the wgmma accumulator struct
  // of BN / 2 values per thread. Copies marked
  // grid-independent may be issued by the pipelined prologue before
  // griddepcontrol.wait.
  int64_t depth = t.wgmma ? t.stages - 2 : t.stages - 1;
  SmallVector<Value> inits;
  if (t.wgmma) {
    inits = operands.buildWgmmaAccumulators(*this);
  } else {
    inits.append(t.mTiles * t.nTiles, operands.buildZeroAccumulator(b));
  }
  warpGroup = e.div(tid, 128);
  beforeLoop();
  loop = scf::ForOp::create(b, e.idx(0), getTripCount(tripCount), e.idx(1),
                            inits);
  loop->setAttr(kPipelineDepthAttrName, b.getI64IntegerAttr(depth));
  limitUnroll(loop, t);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value kt = loop.getInductionVar();
  SmallVector<Value> tokens;
  Value copySlot = e.rem(kt, t.stages);
  operands.copyA(*this, kt, copySlot, tokens);
  operands.copyB(*this, kt, copySlot, tokens);
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(ctx);
  Value group =
      nvgpu::DeviceAsyncCreateGroupOp::create(b, tokenType, tokens).getResult();
  nvgpu::DeviceAsyncWaitOp::create(b, group, b.getI32IntegerAttr(0));
  // wgmma reads shared memory through the async proxy: order this thread's
  // cp.async writes before it, then publish them with the barrier.
  if (t.wgmma)
    NVVM::FenceProxyOp::create(
        b, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  gpu::BarrierOp::create(b);

  Value slot = e.rem(kt, t.stages);
  SmallVector<Value> accs(loop.getRegionIterArgs());
  if (t.wgmma)
    operands.buildWgmmaStep(*this, kt, slot, accs);
  else
    operands.buildMmaSyncTile(*this, slot, accs);
  scf::YieldOp::create(b, accs);
}

Value RingMainloop::getTripCount(Value tripCount, bool zeroFilled) {
  Emitter e{b};
  if (tripCount)
    return tripCount;
  if (tile.tripCount)
    return tile.tripCount;
  // Slices of unequal length (split_k does not divide the K tiles): slice
  // z runs min(kTiles, total - z kTiles) tiles, none for a slice past the
  // end (its partial tile is zero). On a TMA ring every slice runs kTiles,
  // the tiles past K zero-filled: there the clamped count cost W4A16's
  // 128 x 128 register-A tiles 1.2x to 1.3x the time (3200 x 4800 g32 in
  // slices of 19, 19, 19 and 18 K tiles at M = 128: 27.2 us against 20.8
  // with the constant count, as 3200 x 4864 in four of 19: 20.5), W8A8's
  // TMA tiles nothing either way (docs/perf-notes.md, v63).
  if (totalKTiles % t.splitK != 0 && !zeroFilled)
    return getSliceTripCount(b, tile.firstKTile, e.idx(kTiles), totalKTiles);
  return e.idx(kTiles);
}

namespace {

/// An index as an i32 (an i32 as it is).
Value toI32(ImplicitLocOpBuilder &b, Value index) {
  if (index.getType().isInteger(32))
    return index;
  return arith::IndexCastUIOp::create(b, b.getI32Type(), index);
}

/// The mbarriers of a TMA ring (from `loop.tmaBarriers`) and its copies.
struct TmaRing {
  RingMainloop &loop;
  RingOperands &operands;

  Value getFull(Value slot) { return loop.getTmaFull(slot); }
  Value getEmpty(Value slot) {
    Emitter e{loop.b};
    return getSharedPointer(
        loop.b, e.add(e.add(loop.tmaBarriers, kMbarrierBytes * loop.t.stages),
                      e.mul(slot, kMbarrierBytes)));
  }
  /// Waits until phase `parity` (0 or 1) of `barrier` completed.
  void wait(Value barrier, Value parity) {
    ImplicitLocOpBuilder &b = loop.b;
    // A suspend-time hint as CUTLASS's barriers give (ns).
    NVVM::MBarrierTryWaitParityOp::create(b, barrier, toI32(b, parity),
                                          buildI32(b, 0x989680));
  }
  /// Whether the slot of K tile `kt` is in its odd pass.
  Value getParity(Value kt) {
    Emitter e{loop.b};
    return e.rem(e.div(kt, loop.t.stages), 2);
  }
  /// The expected bytes of a slot: every box copied, whatever part of them
  /// lies past the tensors (read as zeros, counted all the same); a tile
  /// that takes A's edge boxes or its half box does not copy the rows past
  /// them (getTmaSkippedRowBytes), nor the B rows the scheme leaves out
  /// (getTmaSkippedBBytes).
  void expectSlot(Value slot) {
    ImplicitLocOpBuilder &b = loop.b;
    Value bytes =
        arith::SubIOp::create(b, buildI32(b, operands.getTmaSlotBytes(loop)),
                              loop.getTmaSkippedRowBytes());
    if (Value skippedB = operands.getTmaSkippedBBytes(loop))
      bytes = arith::SubIOp::create(b, bytes, skippedB);
    NVVM::MBarrierArriveExpectTxOp::create(
        b, Type(), getFull(slot), bytes, NVVM::MemScopeKind::CTA,
        /*relaxed=*/false, /*predicate=*/Value());
  }
  void copyA(Value kt, Value slot) { operands.copyTmaA(loop, kt, slot); }
  void copyB(Value kt, Value slot) { operands.copyTmaB(loop, kt, slot); }
  /// Fills slots 0 .. slots - 1 with K tiles 0 .. slots - 1 (those below
  /// `tripCount`): the weight boxes, then `beforeLoop` (griddepcontrol.wait,
  /// which every thread that reaches this runs), then the activation boxes.
  /// The copies are issued where `issuer` holds (by the caller's thread
  /// when null).
  void fillFirst(int64_t slots, Value tripCount, Value issuer,
                 function_ref<void()> beforeLoop) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    auto forSlots = [&](function_ref<void(Value)> body) {
      OpBuilder::InsertionGuard guard(b);
      if (issuer)
        buildIfThen(b, issuer);
      for (int64_t i = 0; i < slots; ++i) {
        OpBuilder::InsertionGuard inner(b);
        buildIfThen(b, e.ult(e.idx(i), tripCount));
        body(e.idx(i));
      }
    };
    forSlots([&](Value i) {
      expectSlot(i);
      copyB(i, i);
    });
    beforeLoop();
    forSlots([&](Value i) { copyA(i, i); });
  }
};

/// Registers a thread of a producer warpgroup after setmaxnreg.
constexpr int64_t kProducerRegisters = 24;

/// Registers a thread of the tiles' warpgroups after setmaxnreg, which
/// takes what the producer gives up: with two warpgroups of tiles, one block
/// a multiprocessor (maxntid 384), 3 x 168 = 24 + 2 x 240; with BSR's four
/// (maxntid 640) 5 x 96 = 24 + 4 x 112 (ptxas still compiles the tiles at
/// the launch bound's 96); with W4A16's register A and one, two blocks
/// (maxntid 256), 2 x 128 = 24 + 232. None
/// (0) for one warpgroup of tiles otherwise: W8A8's keeps its launch
/// bound's share, and alone on its multiprocessor one has what it needs.
int64_t getConsumerRegisters(const Tiling &t) {
  assert(t.residentBlocks > 0 && "the launch bound's blocks");
  if (t.threads <= 128 && (!t.registerA || t.residentBlocks < 2))
    return 0;
  int64_t share = 65536 / (t.residentBlocks * t.launchThreads) / 8 * 8;
  return (share * t.launchThreads - 128 * kProducerRegisters) / t.threads / 8 *
         8;
}

/// The producer warpgroup of a `copy = tma_producer` ring (tid >= t.threads),
/// which ends there: it gives its registers to the tiles' warpgroups
/// (getConsumerRegisters), and its first thread fills every slot, the weights
/// first and the activations once the prerequisite grid is done (`beforeLoop`),
/// then refills each slot once the tiles' warpgroups released it.
void buildTmaProducer(RingMainloop &loop, TmaRing &ring, Value tripCount,
                      function_ref<void()> beforeLoop) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  const Tiling &t = loop.t;
  int64_t stages = t.stages;
  OpBuilder::InsertionGuard guard(b);
  // The branch on the warpgroup as lane 0 has it: ptxas then knows that
  // both sides are warp-uniform; on `tid` it took the tiles' side for a
  // divergent path and serialized its wgmma (C7520).
  Value warpGroup = broadcastLane0(b, e.div(loop.tid, 128));
  buildIfThen(b, arith::CmpIOp::create(b, arith::CmpIPredicate::uge, warpGroup,
                                       e.idx(t.threads / 128)));
  if (getConsumerRegisters(t))
    NVVM::SetMaxRegisterOp::create(b, kProducerRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
  {
    OpBuilder::InsertionGuard first(b);
    buildIfThen(b, e.eq(loop.tid, t.threads));
    // This thread prefetches nothing in `beforeLoop`: tid >= t.threads is
    // past the lines any of its prefetches covers.
    ring.fillFirst(stages, tripCount, /*issuer=*/Value(), beforeLoop);
    auto refill = scf::ForOp::create(b, e.idx(stages), tripCount, e.idx(1));
    b.setInsertionPointToStart(refill.getBody());
    Value kt = refill.getInductionVar();
    Value slot = e.rem(kt, stages);
    Value released = arith::SubIOp::create(b, kt, e.idx(stages));
    ring.wait(ring.getEmpty(slot), ring.getParity(released));
    ring.expectSlot(slot);
    ring.copyA(kt, slot);
    ring.copyB(kt, slot);
  }
  NVVM::Exit::create(b);
}

/// The K loop of the tiles' warpgroups of a `copy = tma_producer` ring:
/// wait for the slot, the scheme's wgmma step, release the previous slot.
void buildTmaConsumerLoop(RingMainloop &loop, RingOperands &operands,
                          TmaRing &ring, Value tripCount,
                          ArrayRef<Value> inits) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  const Tiling &t = loop.t;
  int64_t stages = t.stages;
  if (int64_t registers = getConsumerRegisters(t))
    NVVM::SetMaxRegisterOp::create(b, registers,
                                   NVVM::SetMaxRegisterAction::increase);
  loop.loop = scf::ForOp::create(b, e.idx(0), tripCount, e.idx(1), inits);
  loop.loop->setAttr(kTmaStagesAttrName, b.getI64IntegerAttr(stages));
  limitUnroll(loop.loop, t);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.loop.getBody());
  Value kt = loop.loop.getInductionVar();
  Value slot = e.rem(kt, stages);
  ring.wait(ring.getFull(slot), ring.getParity(kt));
  SmallVector<Value> accs(loop.loop.getRegionIterArgs());
  operands.buildWgmmaStep(loop, kt, slot, accs);
  // The step retired the previous K tile's group: one thread a warpgroup
  // releases its slot.
  Value previousSlot = e.rem(e.add(kt, stages - 1), stages);
  Value started =
      arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, kt, e.idx(0));
  {
    OpBuilder::InsertionGuard inner(b);
    buildIfThen(
        b, arith::AndIOp::create(b, started, e.eq(e.rem(loop.tid, 128), 0)));
    NVVM::MBarrierArriveOp::create(b, Type(), ring.getEmpty(previousSlot),
                                   Value());
  }
  scf::YieldOp::create(b, accs);
}

} // namespace

Value RingMainloop::getTmaDestination(Value addr) {
  return LLVM::AddrSpaceCastOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), /*addressSpace=*/7),
      getSharedPointer(b, addr));
}

Value RingMainloop::getTmaFull(Value slot) {
  Emitter e{b};
  return getSharedPointer(b, e.add(tmaBarriers, e.mul(slot, kMbarrierBytes)));
}

void RingMainloop::copyTmaBox(Value map, Value dst, Value column, Value row,
                              Value slot) {
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      b, dst, map, ValueRange{toI32(b, column), toI32(b, row)},
      getTmaFull(slot), ValueRange{}, /*multicastMask=*/Value(),
      /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
      /*group=*/nullptr,
      /*predicate=*/Value());
}

int64_t RingOperands::getTmaSlotBytes(RingMainloop &loop) {
  return (loop.t.bm + loop.t.bn) * loop.t.rowBytes;
}

int64_t RingOperands::getTmaBarrierOffset(RingMainloop &loop) {
  return loop.aRingBytes + loop.t.stages * loop.t.bn * loop.t.rowBytes;
}

/// Whether row `rows` of the block's tile lies below M (an i1).
static Value reachesRow(RingMainloop &loop, int64_t rows) {
  Emitter e{loop.b};
  return e.ult(e.add(loop.tile.blockRow, rows), loop.m);
}

/// Whether the block's tile has rows below M past the edge boxes' rows.
static Value passesTmaEdgeBoxes(RingMainloop &loop) {
  return reachesRow(loop,
                    getTmaEdgeBoxes(loop.t.bm) * getTmaRowBoxRows(loop.t.bm));
}

/// Whether the block's tile takes A's whole box: its rows below M do not
/// all fit the edge boxes, nor the half box and the edge boxes after it
/// where there is one (getTmaSmallBoxRows), nor the largest single box
/// where there are some.
static Value isTmaWholeTile(RingMainloop &loop) {
  SmallVector<int64_t, 3> single = getTmaSingleBoxRows(loop.t);
  return reachesRow(loop, single.empty() ? getTmaSmallBoxRows(loop.t)
                                         : single.back());
}

/// Whether the block's tile takes single box `j` (getTmaSingleBoxRows):
/// its rows below M pass the box before it (the half box for the first)
/// and fit it (!isTmaWholeTile and not a later box).
static Value takesTmaSingleBox(RingMainloop &loop, unsigned j) {
  return reachesRow(loop, j ? getTmaSingleBoxRows(loop.t)[j - 1]
                            : getTmaHalfBoxRows(loop.t.bm));
}

Value RingMainloop::getTmaSkippedRowBytes() {
  int64_t boxRows = getTmaRowBoxRows(t.bm);
  // The edge boxes past the first that start below M each copy boxRows
  // rows more.
  Value skipped = buildI32(b, (t.bm - boxRows) * t.rowBytes);
  for (int64_t j = 1; j < getTmaEdgeBoxes(t.bm); ++j)
    skipped = arith::SelectOp::create(
        b, reachesRow(*this, j * boxRows),
        buildI32(b, (t.bm - (j + 1) * boxRows) * t.rowBytes), skipped);
  if (int64_t halfRows = getTmaHalfBoxRows(t.bm)) {
    // The half box, then each edge box after it that starts below M.
    Value pastHalf = buildI32(b, (t.bm - halfRows) * t.rowBytes);
    for (int64_t j = 0; j < getTmaHalfEdgeBoxes(t.bm, t.bn); ++j)
      pastHalf = arith::SelectOp::create(
          b, reachesRow(*this, halfRows + j * boxRows),
          buildI32(b, (t.bm - halfRows - (j + 1) * boxRows) * t.rowBytes),
          pastHalf);
    skipped = arith::SelectOp::create(b, passesTmaEdgeBoxes(*this), pastHalf,
                                      skipped);
  }
  SmallVector<int64_t, 3> single = getTmaSingleBoxRows(t);
  for (auto [j, rows] : llvm::enumerate(single)) {
    Value takes = takesTmaSingleBox(*this, j);
    skipped = arith::SelectOp::create(
        b, takes, buildI32(b, (t.bm - rows) * t.rowBytes), skipped);
  }
  return arith::SelectOp::create(b, isTmaWholeTile(*this), buildI32(b, 0),
                                 skipped);
}

void RingMainloop::copyTmaActivations(Value dst, Value column, Value slot) {
  OpBuilder::InsertionGuard guard(b);
  Emitter e{b};
  auto ifWhole = scf::IfOp::create(b, isTmaWholeTile(*this), /*withElse=*/true);
  b.setInsertionPointToStart(ifWhole.thenBlock());
  copyTmaBox(tmaMaps[0], getTmaDestination(dst), column, tile.blockRow, slot);
  b.setInsertionPointToStart(ifWhole.elseBlock());
  // The single boxes, largest first, from the maps before the half map.
  SmallVector<int64_t, 3> single = getTmaSingleBoxRows(t);
  for (unsigned j = single.size(); j-- > 0;) {
    auto ifSingle =
        scf::IfOp::create(b, takesTmaSingleBox(*this, j), /*withElse=*/true);
    b.setInsertionPointToStart(ifSingle.thenBlock());
    copyTmaBox(tmaMaps[tmaMaps.size() - 2 - single.size() + j],
               getTmaDestination(dst), column, tile.blockRow, slot);
    b.setInsertionPointToStart(ifSingle.elseBlock());
  }
  int64_t boxRows = getTmaRowBoxRows(t.bm);
  if (int64_t halfRows = getTmaHalfBoxRows(t.bm)) {
    // Past the edge boxes: the half box, from the map before the edge map,
    // then the edge boxes after it that start below M (the half box ends
    // on a whole swizzle atom: BM / 2 is a multiple of 8 rows).
    auto ifHalf =
        scf::IfOp::create(b, passesTmaEdgeBoxes(*this), /*withElse=*/true);
    b.setInsertionPointToStart(ifHalf.thenBlock());
    copyTmaBox(tmaMaps[tmaMaps.size() - 2], getTmaDestination(dst), column,
               tile.blockRow, slot);
    for (int64_t j = 0; j < getTmaHalfEdgeBoxes(t.bm, t.bn); ++j) {
      OpBuilder::InsertionGuard inner(b);
      int64_t first = halfRows + j * boxRows;
      buildIfThen(b, reachesRow(*this, first));
      copyTmaBox(tmaMaps.back(),
                 getTmaDestination(e.add(dst, first * t.rowBytes)), column,
                 e.add(tile.blockRow, first), slot);
    }
    b.setInsertionPointToStart(ifHalf.elseBlock());
  }
  copyTmaBox(tmaMaps.back(), getTmaDestination(dst), column, tile.blockRow,
             slot);
  // The next edge boxes, each where it starts below M (16-row boxes land
  // on whole swizzle atoms: 2048 bytes of 128-byte rows, 1024 of 64).
  for (int64_t j = 1; j < getTmaEdgeBoxes(t.bm); ++j) {
    buildIfThen(b, reachesRow(*this, j * boxRows));
    copyTmaBox(tmaMaps.back(),
               getTmaDestination(e.add(dst, j * boxRows * t.rowBytes)), column,
               e.add(tile.blockRow, j * boxRows), slot);
  }
}

void RingMainloop::copyTmaWeights(Value map, Value kTile, Value slot) {
  Emitter e{b};
  Value ringAddr = e.add(ringBase, aRingBytes);
  Value dst =
      getTmaDestination(e.add(ringAddr, e.mul(slot, t.bn * t.rowBytes)));
  Value column = e.mul(e.add(tile.firstKTile, kTile), t.rowBytes);
  copyTmaBox(map, dst, column, tile.blockCol, slot);
}

void RingOperands::copyTmaA(RingMainloop &loop, Value kTile, Value slot) {
  Emitter e{loop.b};
  const Tiling &t = loop.t;
  Value dst = e.add(loop.ringBase, e.mul(slot, t.bm * t.rowBytes));
  Value column = e.mul(e.add(loop.tile.firstKTile, kTile), t.rowBytes);
  loop.copyTmaActivations(dst, column, slot);
}

void RingOperands::copyTmaB(RingMainloop &loop, Value kTile, Value slot) {
  loop.copyTmaWeights(loop.tmaMaps[1], kTile, slot);
}

void RingMainloop::buildTma(RingOperands &operands,
                            function_ref<void()> beforeLoop,
                            Value tripCountValue) {
  assert(t.wgmma && t.tma && "a TMA wgmma ring");
  Emitter e{b};
  int64_t stages = t.stages;
  // Every map the kernel takes (createKernel's count): the copies read A's
  // edge map as the last and, from BM = 128 on, its half map as the one
  // before it (copyTmaActivations).
  auto func =
      b.getInsertionBlock()->getParent()->getParentOfType<gpu::GPUFuncOp>();
  auto count = func->getAttrOfType<IntegerAttr>(kTensorMapsAttrName);
  assert(count && "a kernel that takes tensor maps");
  tmaMaps.assign(func.getArguments().begin(),
                 func.getArguments().begin() + count.getInt());
  tmaBarriers = e.add(ringBase, operands.getTmaBarrierOffset(*this));
  TmaRing ring{*this, operands};
  warpGroup = e.div(tid, 128);
  Value leader = e.eq(tid, 0);
  // Thread 0 initializes the mbarriers: `full` completes when its copies
  // landed (one arrival: the expect_tx), `empty` when every warpgroup
  // retired its wgmma group on the slot.
  {
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, leader);
    for (int64_t s = 0; s < stages; ++s) {
      NVVM::MBarrierInitOp::create(b, ring.getFull(e.idx(s)), buildI32(b, 1),
                                   Value());
      NVVM::MBarrierInitOp::create(b, ring.getEmpty(e.idx(s)),
                                   buildI32(b, t.threads / 128), Value());
    }
    NVVM::FenceMbarrierInitOp::create(b);
    for (Value map : tmaMaps)
      NVVM::PrefetchOp::create(b, nullptr, nullptr, map, Value(),
                               /*tensormap=*/true);
  }
  gpu::BarrierOp::create(b);

  SmallVector<Value> inits = operands.buildWgmmaAccumulators(*this);
  Value tripCount = getTripCount(tripCountValue, /*zeroFilled=*/true);

  if (t.producer) {
    buildTmaProducer(*this, ring, tripCount, beforeLoop);
    beforeLoop();
    buildTmaConsumerLoop(*this, operands, ring, tripCount, inits);
    return;
  }

  // The prologue fills slots 0 .. stages - 2: the weights first, then,
  // once the prerequisite grid is done, the activations.
  ring.fillFirst(stages - 1, tripCount, leader, beforeLoop);

  loop = scf::ForOp::create(b, e.idx(0), tripCount, e.idx(1), inits);
  loop->setAttr(kTmaStagesAttrName, b.getI64IntegerAttr(stages));
  limitUnroll(loop, t);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value kt = loop.getInductionVar();
  Value slot = e.rem(kt, stages);
  ring.wait(ring.getFull(slot), ring.getParity(kt));
  SmallVector<Value> accs(loop.getRegionIterArgs());
  operands.buildWgmmaStep(*this, kt, slot, accs);
  // The step left this K tile's group in flight and retired the previous
  // one: its slot is free once every warpgroup says so.
  Value previous = arith::SubIOp::create(b, kt, e.idx(1));
  Value previousSlot = e.rem(e.add(kt, stages - 1), stages);
  Value started = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, kt,
                                        e.idx(0));
  {
    OpBuilder::InsertionGuard inner(b);
    buildIfThen(b, arith::AndIOp::create(b, started, e.eq(e.rem(tid, 128), 0)));
    NVVM::MBarrierArriveOp::create(b, Type(), ring.getEmpty(previousSlot),
                                   Value());
  }
  // Thread 0 refills that slot with K tile kt + stages - 1.
  Value next = e.add(kt, stages - 1);
  {
    OpBuilder::InsertionGuard inner(b);
    buildIfThen(b, arith::AndIOp::create(b, leader, e.ult(next, tripCount)));
    {
      OpBuilder::InsertionGuard wait(b);
      buildIfThen(b, started);
      ring.wait(ring.getEmpty(previousSlot), ring.getParity(previous));
    }
    ring.expectSlot(previousSlot);
    ring.copyA(next, previousSlot);
    ring.copyB(next, previousSlot);
  }
  scf::YieldOp::create(b, accs);
}

Value RingOperands::prepareWgmmaB(RingMainloop &loop, Value, Value slot) {
  Emitter e{loop.b};
  const Tiling &t = loop.t;
  return e.add(e.add(loop.ringBase, loop.aRingBytes),
               e.mul(slot, t.bn * t.rowBytes));
}

SmallVector<Value> RingOperands::buildWgmmaAccumulators(RingMainloop &loop) {
  ImplicitLocOpBuilder &b = loop.b;
  auto accType = LLVM::LLVMStructType::getLiteral(
      b.getContext(),
      SmallVector<Type>(loop.t.bn / 2, getWgmmaAccumulatorElementType(b)));
  return {LLVM::ZeroOp::create(b, accType)};
}

void RingOperands::buildWgmmaStep(RingMainloop &loop, Value kTile, Value slot,
                                  MutableArrayRef<Value> accs) {
  accs.front() = loop.buildWgmmaSlot(*this, kTile, slot, accs.front());
}

Value RingMainloop::buildWgmmaSlot(RingOperands &operands, Value kTile,
                                   Value slot, Value acc) {
  Emitter e{b};
  // This warpgroup's 64 rows of the A slot and the whole B tile.
  Value aAddr = e.add(e.add(ringBase, e.mul(slot, t.bm * t.rowBytes)),
                      e.mul(warpGroup, 64 * t.rowBytes));
  Value bAddr = operands.prepareWgmmaB(*this, kTile, slot);
  Value descA = buildSwizzledDescriptor(b, aAddr, 128);
  Value descB = buildSwizzledDescriptor(b, bAddr, 128);
  NVVM::WgmmaFenceAlignedOp::create(b);
  acc = operands.buildWgmmaTile(*this, acc, descA, descB);
  NVVM::WgmmaGroupSyncAlignedOp::create(b);
  NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
  return acc;
}

Value RingMainloop::buildWgmmaSteps(Value acc, Value descA, Value descB,
                                    int64_t k, NVVM::WGMMATypes in,
                                    NVVM::WGMMATypes out,
                                    NVVM::MMAIntOverflowAttr overflow,
                                    int64_t bPanelBytes) {
  MLIRContext *ctx = b.getContext();
  for (int64_t kk = 0; kk < t.bk / k; ++kk) {
    Value step = arith::ConstantIntOp::create(b, b.getI64Type(), 2 * kk);
    Value bStep = step;
    if (bPanelBytes)
      bStep = arith::ConstantIntOp::create(
          b, b.getI64Type(), (kk / 2) * bPanelBytes / 16 + 2 * (kk % 2));
    acc = NVVM::WgmmaMmaAsyncOp::create(
        b, acc.getType(), acc, arith::AddIOp::create(b, descA, step),
        arith::AddIOp::create(b, descB, bStep),
        NVVM::MMAShapeAttr::get(ctx, 64, t.bn, k), in, in, out,
        NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
        NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row, NVVM::MMALayout::col,
        overflow);
  }
  return acc;
}

SmallVector<Pair> RingMainloop::getPairs() {
  Emitter e{b};
  // mma.sync: fragment i of mma tile (mi, ni) holds y[row, col..col+1]
  // (m16n8 C layout). wgmma m64nN: warp w of the warpgroup owns rows
  // 16w..16w+15 of its 64, and struct elements 4j..4j+3 are the m16n8 C
  // fragment of columns 8j..8j+7.
  Type elementType =
      t.wgmma ? cast<LLVM::LLVMStructType>(loop.getResult(0).getType())
                    .getBody()
                    .front()
              : cast<VectorType>(loop.getResult(0).getType()).getElementType();
  auto pairType = VectorType::get({2}, elementType);
  Value groupRow = e.div(lane, 4), pairCol = e.mul(e.rem(lane, 4), 2);
  SmallVector<Pair> pairs;
  if (t.wgmma) {
    NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
    // The accumulators' elements in order, as one m64nBN accumulator.
    SmallVector<std::pair<Value, int64_t>> elements;
    for (Value acc : loop.getResults()) {
      int64_t size = cast<LLVM::LLVMStructType>(acc.getType()).getBody().size();
      for (int64_t i = 0; i < size; ++i)
        elements.emplace_back(acc, i);
    }
    assert(int64_t(elements.size()) == t.bn / 2 && "accumulators cover BN");
    auto element = [&](int64_t i) -> Value {
      return LLVM::ExtractValueOp::create(b, elements[i].first,
                                          elements[i].second);
    };
    Value rowBase = e.add(e.add(e.add(tile.blockRow, e.mul(warpGroup, 64)),
                                e.mul(e.rem(warp, 4), 16)),
                          groupRow);
    for (int64_t j = 0; j < t.bn / 8; ++j) {
      Value col = e.add(e.add(tile.blockCol, j * 8), pairCol);
      for (int64_t half = 0; half < 2; ++half) {
        int64_t first = 4 * j + 2 * half;
        Value lo = element(first);
        Value hi = element(first + 1);
        pairs.push_back(
            {e.add(rowBase, half * 8), col,
             vector::FromElementsOp::create(b, pairType, ValueRange{lo, hi})});
      }
    }
    return pairs;
  }
  for (int64_t mi = 0; mi < t.mTiles; ++mi)
    for (int64_t ni = 0; ni < t.nTiles; ++ni) {
      Value acc = loop.getResult(mi * t.nTiles + ni);
      Value col = e.add(e.add(e.add(tile.blockCol, warpCol), ni * 8), pairCol);
      for (int64_t half = 0; half < 2; ++half) {
        Value row = e.add(
            e.add(e.add(e.add(tile.blockRow, warpRow), mi * 16), half * 8),
            groupRow);
        pairs.push_back(
            {row, col,
             vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{half})});
      }
    }
  return pairs;
}

//===----------------------------------------------------------------------===//
// RegisterMainloop
//===----------------------------------------------------------------------===//

void kernel::loadFragmentWords(ImplicitLocOpBuilder &b, Value src, Value row,
                               Value offset, SmallVectorImpl<Value> &words) {
  Emitter e{b};
  auto i8x16 = VectorType::get({16}, b.getI8Type());
  auto i32x4 = VectorType::get({4}, b.getI32Type());
  auto i8x4 = VectorType::get({4}, b.getI8Type());
  for (int64_t half = 0; half < 2; ++half) {
    Value v = vector::LoadOp::create(b, i8x16, src,
                                     ValueRange{row, e.add(offset, 16 * half)},
                                     /*nontemporal=*/false, llvm::Align(16));
    Value v32 = vector::BitCastOp::create(b, i32x4, v);
    for (int64_t i = 0; i < 4; ++i) {
      Value word = vector::ExtractStridedSliceOp::create(
          b, v32, ArrayRef<int64_t>{i}, ArrayRef<int64_t>{1},
          ArrayRef<int64_t>{1});
      words.push_back(vector::BitCastOp::create(b, i8x4, word));
    }
  }
}

RegisterMainloop::RegisterMainloop(ImplicitLocOpBuilder &b, ConfigAttr config,
                                   Value rows, int64_t k)
    : b(b), config(config), k(k), bm(config.getBlockM()),
      bn(config.getBlockN()), wn(config.getWarpN()),
      warpsN(bn / wn), warpsK(config.getWarpsK()), nTiles(wn / 8),
      threads(32 * config.getNumWarps()),
      // Chunks per warp; when warpsK does not divide the chunks of K (a
      // scheme that allows it), the last ones of some warps lie past K.
      chunks(llvm::divideCeil(
          llvm::divideCeil(k, ConfigAttr::kRegisterChunkBytes),
          config.getWarpsK())),
      ahead(std::min(config.getStages(), chunks)),
      layout(getRegisterSharedLayout(config, k)) {
  Emitter e{b};
  smem = getDynamicSharedMemory(b);
  tid = e.threadId();
  lane = e.rem(tid, 32);
  warp = e.div(tid, 32);
  cw = e.rem(warp, warpsN);
  kw = e.div(warp, warpsN);
  g = e.div(lane, 4);
  q = e.rem(lane, 4);
  tile = scheduleRegisterTile(b, bm, bn);
  warpCol = e.add(tile.blockCol, e.mul(cw, wn));
  m = memref::DimOp::create(b, rows, 0);
  mLast = arith::SubIOp::create(b, m, e.idx(1));
  actRowLo = arith::MinUIOp::create(b, e.add(tile.rowBase, g), mLast);
  actRowHi = arith::MinUIOp::create(b, e.add(e.add(tile.rowBase, g), 8), mLast);
  laneOffset = e.add(e.mul(kw, ConfigAttr::kRegisterChunkBytes), e.mul(q, 32));
}

Value RegisterMainloop::getTokenRow(int64_t t) {
  if (t < 2)
    return t == 0 ? actRowLo : actRowHi;
  Emitter e{b};
  return arith::MinUIOp::create(b, e.add(e.add(tile.rowBase, g), 8 * t),
                                mLast);
}

bool RegisterChunk::mayPassK(const RegisterMainloop &loop) const {
  return !dynamicIndex &&
         (index + 1) * loop.warpsK * ConfigAttr::kRegisterChunkBytes > loop.k;
}

bool RegisterChunk::mayLieWhollyPastK(const RegisterMainloop &loop) const {
  return !dynamicIndex &&
         ((index + 1) * loop.warpsK - 1) * ConfigAttr::kRegisterChunkBytes >=
             loop.k;
}

Value RegisterMainloop::getChunkOffset(const RegisterChunk &j) {
  Emitter e{b};
  if (j.dynamicIndex)
    return e.add(laneOffset, e.mul(j.dynamicIndex,
                                   warpsK * ConfigAttr::kRegisterChunkBytes));
  return e.add(laneOffset, j.index * warpsK * ConfigAttr::kRegisterChunkBytes);
}

void RegisterMainloop::loadWeightsAhead(RegisterOperands &operands) {
  for (int64_t j = 0; j < ahead; ++j)
    weights.push_back(operands.loadWeights(*this, RegisterChunk{j}));
}

void RegisterMainloop::buildUnrolledChunk(
    RegisterOperands &operands, int64_t j,
    SmallVector<SmallVector<Value, 8>> &next, SmallVector<Value> &accs) {
  auto act = next;
  if (j + 1 < chunks)
    next = operands.loadActivations(*this, RegisterChunk{j + 1});
  auto &wj = weights[j % ahead];
  if (!RegisterChunk{j}.mayLieWhollyPastK(*this)) {
    // Inside K for every warp, or past it only in part (the operands zero
    // what lies past K).
    operands.buildChunk(*this, RegisterChunk{j}, act, wj, accs);
  } else {
    // Chunk j of some warps lies wholly past K (their loads were clamped
    // and zeroed): those warps skip its mma steps (kw is warp-uniform).
    Emitter e{b};
    Value first = e.mul(e.add(kw, j * warpsK), ConfigAttr::kRegisterChunkBytes);
    auto inK = scf::IfOp::create(b, TypeRange(ValueRange(accs)),
                                 e.ult(first, e.idx(k)),
                                 /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&inK.getThenRegion().front());
    SmallVector<Value> updated(accs);
    operands.buildChunk(*this, RegisterChunk{j}, act, wj, updated);
    scf::YieldOp::create(b, updated);
    b.setInsertionPointToStart(&inK.getElseRegion().front());
    scf::YieldOp::create(b, accs);
    accs.assign(inK.getResults().begin(), inK.getResults().end());
  }
  if (j + ahead < chunks)
    wj = operands.loadWeights(*this, RegisterChunk{j + ahead});
}

namespace {
/// The word lists a register K loop carries from one rolled step to the
/// next (the next chunk's activations, the weights in flight), as loop
/// values: each distinct value once (a group's scales fill several words),
/// null entries (words a scheme leaves out) skipped.
class CarriedWords {
public:
  explicit CarriedWords(ArrayRef<SmallVector<Value, 8>> words) {
    for (const SmallVector<Value, 8> &w : words)
      for (Value v : w)
        if (v)
          classes.push_back(unique.try_emplace(v, unique.size()).first->second);
    values.resize(unique.size());
    for (auto [v, i] : unique)
      values[i] = v;
  }
  /// The distinct values, in class order.
  ArrayRef<Value> getValues() const { return values; }
  /// The values of `words` (the same shape and sharing as the lists this
  /// was built from), one per class.
  SmallVector<Value> collect(ArrayRef<SmallVector<Value, 8>> words) const {
    SmallVector<Value> out(values.size());
    size_t pos = 0;
    for (const SmallVector<Value, 8> &w : words)
      for (Value v : w)
        if (v) {
          Value &slot = out[classes[pos++]];
          assert((!slot || slot == v) && "words shared differently");
          slot = v;
        }
    return out;
  }
  /// Replaces the non-null entries of `words` by `flat`[class].
  void assign(MutableArrayRef<SmallVector<Value, 8>> words,
              ValueRange flat) const {
    size_t pos = 0;
    for (SmallVector<Value, 8> &w : words)
      for (Value &v : w)
        if (v)
          v = flat[classes[pos++]];
  }

private:
  llvm::MapVector<Value, unsigned> unique;
  SmallVector<Value> values;
  SmallVector<unsigned> classes;
};
} // namespace

int64_t RegisterOperands::getNumAccumulators(
    const RegisterMainloop &loop) const {
  return loop.nTiles;
}

SmallVector<Value> RegisterMainloop::build(RegisterOperands &operands,
                                           int64_t maxUnrolledChunks) {
  SmallVector<Value> accs(operands.getNumAccumulators(*this),
                          operands.buildZeroAccumulator(b));
  auto next = operands.loadActivations(*this, RegisterChunk{0});
  // Chunks 0 .. inK - 1 lie inside K for every warp. The rolled steps take
  // chunks 0 .. steps * ahead - 1 and issue loads up to chunk
  // steps * ahead - 1 + ahead, which must be one of them; the unrolled rest
  // (ahead to 2 ahead - 1 chunks) holds every chunk that may pass K.
  int64_t inK = k / (warpsK * ConfigAttr::kRegisterChunkBytes);
  int64_t steps = chunks > maxUnrolledChunks ? (inK - ahead) / ahead : 0;
  int64_t first = 0;
  if (steps >= 2) {
    Emitter e{b};
    // One list of word lists: the activations, then each chunk's weights.
    SmallVector<SmallVector<Value, 8>> words(next);
    for (auto &w : weights)
      words.append(w.begin(), w.end());
    CarriedWords carried(words);
    SmallVector<Value> init(accs);
    llvm::append_range(init, carried.getValues());
    auto loop = scf::ForOp::create(b, e.idx(0), e.idx(steps), e.idx(1), init);
    // Splits a word list of that shape back into activations and weights.
    auto split = [&](ArrayRef<SmallVector<Value, 8>> all,
                     SmallVector<SmallVector<Value, 8>> &act,
                     SmallVector<SmallVector<SmallVector<Value, 8>>> &w) {
      act.assign(all.begin(), all.begin() + next.size());
      size_t pos = next.size();
      for (auto &chunk : w) {
        chunk.assign(all.begin() + pos, all.begin() + pos + chunk.size());
        pos += chunk.size();
      }
    };
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      ValueRange args = loop.getRegionIterArgs();
      SmallVector<Value> stepAccs(args.take_front(accs.size()));
      SmallVector<SmallVector<Value, 8>> stepWords(words);
      carried.assign(stepWords, args.drop_front(accs.size()));
      SmallVector<SmallVector<Value, 8>> stepNext;
      auto stepWeights = weights;
      split(stepWords, stepNext, stepWeights);
      Value base = e.mul(loop.getInductionVar(), ahead);
      for (int64_t u = 0; u < ahead; ++u) {
        Value j = e.add(base, u);
        auto act = stepNext;
        stepNext =
            operands.loadActivations(*this, RegisterChunk{0, e.add(j, 1)});
        operands.buildChunk(*this, RegisterChunk{0, j}, act, stepWeights[u],
                            stepAccs);
        stepWeights[u] =
            operands.loadWeights(*this, RegisterChunk{0, e.add(j, ahead)});
      }
      SmallVector<SmallVector<Value, 8>> yieldedWords(stepNext);
      for (auto &w : stepWeights)
        yieldedWords.append(w.begin(), w.end());
      SmallVector<Value> yielded(stepAccs);
      llvm::append_range(yielded, carried.collect(yieldedWords));
      scf::YieldOp::create(b, yielded);
    }
    ValueRange results = loop.getResults();
    accs.assign(results.begin(), results.begin() + accs.size());
    carried.assign(words, results.drop_front(accs.size()));
    split(words, next, weights);
    first = steps * ahead;
  }
  for (int64_t j = first; j < chunks; ++j)
    buildUnrolledChunk(operands, j, next, accs);
  return accs;
}

Value RegisterMainloop::storeSums(ArrayRef<Value> accs, Type elementType) {
  Emitter e{b};
  // The warps along K meet in shared memory: sums[kw, row, col].
  Value sums = createSharedView(b, smem, {warpsK, bm, bn}, elementType,
                                e.idx(layout.sums));
  for (int64_t ni = 0; ni < nTiles; ++ni) {
    Value col = e.add(e.add(e.mul(cw, wn), ni * 8), e.mul(q, 2));
    for (int64_t half = 0; half < 2; ++half) {
      Value pair =
          vector::ExtractOp::create(b, accs[ni], ArrayRef<int64_t>{half});
      vector::StoreOp::create(b, pair, sums,
                              ValueRange{kw, e.add(g, 8 * half), col},
                              /*nontemporal=*/false, llvm::Align(8));
    }
  }
  gpu::BarrierOp::create(b);
  return sums;
}

Value RegisterMainloop::storeSums(ArrayRef<Pair> pairs, Type elementType) {
  Emitter e{b};
  Value sums = createSharedView(b, smem, {warpsK, bm, bn}, elementType,
                                e.idx(layout.sums));
  for (const Pair &p : pairs)
    vector::StoreOp::create(b, p.value, sums, ValueRange{kw, p.row, p.col},
                            /*nontemporal=*/false, llvm::Align(8));
  gpu::BarrierOp::create(b);
  return sums;
}
