//===- TileScheduler.cpp - which tile and K slice a block owns ------------===//
//
// Block-to-tile mapping of the ring and register-direct variants and the
// programmatic-launch decision and instructions (see TileScheduler.h).
//
//===----------------------------------------------------------------------===//

#include "TileScheduler.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

namespace {

Value select(ImplicitLocOpBuilder &b, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, c, x, y).getResult();
}

Value compare(ImplicitLocOpBuilder &b, arith::CmpIPredicate p, Value x,
              Value y) {
  return arith::CmpIOp::create(b, p, x, y).getResult();
}

/// Row tiles of M: ceil(m / bm).
Value getRowTiles(ImplicitLocOpBuilder &b, Value m, int64_t bm) {
  Emitter e{b};
  return e.div(e.add(m, bm - 1), bm);
}

/// The first local K iteration of stream-K block `c`: c I / G.
Value getStreamKBegin(ImplicitLocOpBuilder &b, Value c, Value iterations,
                      Value blocks) {
  return arith::DivUIOp::create(b, arith::MulIOp::create(b, c, iterations),
                                blocks);
}

/// The K slice of tail-split tile `t` (its rows and columns set): slice
/// j mod s of tail tile `tailTile` for a block in the tail (`inTail`),
/// else the whole K range.
RingTile finishTailSplitTile(ImplicitLocOpBuilder &b, RingTile t, Value inTail,
                             Value slices, Value j, Value tailTile,
                             int64_t totalKTiles) {
  Emitter e{b};
  t.numSlices = select(b, inTail, slices, e.idx(1));
  t.slice = select(b, inTail, arith::RemUIOp::create(b, j, slices), e.idx(0));
  Value perSlice = arith::DivUIOp::create(
      b, e.add(t.numSlices, totalKTiles - 1), t.numSlices);
  t.firstKTile = arith::MulIOp::create(b, t.slice, perSlice);
  t.tripCount = getSliceTripCount(b, t.firstKTile, perSlice, totalKTiles);
  t.firstSlot = arith::MulIOp::create(b, tailTile, t.numSlices);
  t.counter = tailTile;
  return t;
}

} // namespace

RingTile kernel::scheduleRingTile(ImplicitLocOpBuilder &b, int64_t bm,
                                  int64_t bn, int64_t splitK, int64_t kTiles) {
  Emitter e{b};
  RingTile t;
  t.blockRow = e.mul(e.blockId(gpu::Dimension::y), bm);
  t.blockCol = e.mul(e.blockId(gpu::Dimension::x), bn);
  t.slice = splitK > 1 ? e.blockId(gpu::Dimension::z) : e.idx(0);
  t.firstKTile = e.mul(t.slice, kTiles);
  return t;
}

RingTile kernel::scheduleTailSplitTile(ImplicitLocOpBuilder &b, int64_t bm,
                                       int64_t bn, int64_t columnTiles,
                                       int64_t waveBlocks, int64_t maxSlices,
                                       int64_t totalKTiles, Value m,
                                       bool columnMajorPastWave) {
  Emitter e{b};
  using P = arith::CmpIPredicate;
  Value rowTiles = getRowTiles(b, m, bm);
  Value tiles = e.mul(rowTiles, columnTiles);
  Value tail = e.rem(tiles, waveBlocks);
  // s = min(maxSlices, waveBlocks / R); R = 0 splits nothing.
  Value slices = arith::MinUIOp::create(
      b, e.idx(maxSlices),
      arith::DivUIOp::create(b, e.idx(waveBlocks),
                             arith::MaxUIOp::create(b, tail, e.idx(1))));
  Value split = arith::AndIOp::create(b, compare(b, P::ne, tail, e.idx(0)),
                                      compare(b, P::uge, slices, e.idx(2)));
  Value wholeTiles =
      select(b, split, arith::SubIOp::create(b, tiles, tail), tiles);
  Value block = e.blockId(gpu::Dimension::x);
  Value inTail = compare(b, P::uge, block, wholeTiles);
  Value j = select(b, inTail, arith::SubIOp::create(b, block, wholeTiles),
                   e.idx(0));
  Value tailTile = arith::DivUIOp::create(b, j, slices);
  Value tileIndex = select(b, inTail, e.add(wholeTiles, tailTile), block);
  RingTile t;
  // Tiles in row-major order while they fit one wave, column-major past it:
  // the blocks of a wave then cover fewer weight columns, each read by every
  // row tile while it is in L2, instead of all the columns again every
  // wave (docs/perf-notes.md, v23). Row-major always where the caller asks
  // (W4A16, whose int4 weights are the smaller operand).
  if (!columnMajorPastWave) {
    RingTile t;
    t.blockRow = e.mul(e.div(tileIndex, columnTiles), bm);
    t.blockCol = e.mul(e.rem(tileIndex, columnTiles), bn);
    return finishTailSplitTile(b, t, inTail, slices, j, tailTile, totalKTiles);
  }
  Value columnMajor = compare(b, P::ugt, tiles, e.idx(waveBlocks));
  t.blockRow = e.mul(
      select(b, columnMajor, arith::RemUIOp::create(b, tileIndex, rowTiles),
             e.div(tileIndex, columnTiles)),
      bm);
  t.blockCol = e.mul(
      select(b, columnMajor, arith::DivUIOp::create(b, tileIndex, rowTiles),
             e.rem(tileIndex, columnTiles)),
      bn);
  return finishTailSplitTile(b, t, inTail, slices, j, tailTile, totalKTiles);
}

StreamKBlock kernel::scheduleStreamKBlock(ImplicitLocOpBuilder &b, int64_t bm,
                                          int64_t columnTiles,
                                          int64_t waveBlocks,
                                          int64_t totalKTiles, Value m) {
  Emitter e{b};
  using P = arith::CmpIPredicate;
  Value tiles = e.mul(getRowTiles(b, m, bm), columnTiles);
  Value tail = e.rem(tiles, waveBlocks);
  // Stream-K when the last wave is partial and leaves more than an eighth
  // of it idle.
  Value useStreamK = arith::AndIOp::create(
      b, compare(b, P::ne, tail, e.idx(0)),
      compare(b, P::ult, tail, e.idx(waveBlocks - waveBlocks / 8)));
  Value regionTiles = select(b, compare(b, P::ult, tiles, e.idx(waveBlocks)),
                             tiles, e.add(tail, waveBlocks));
  regionTiles = select(b, useStreamK, regionTiles, e.idx(0));
  StreamKBlock sk;
  sk.firstTile = arith::SubIOp::create(b, tiles, regionTiles);
  sk.iterations = e.mul(regionTiles, totalKTiles);
  sk.blocks = arith::MinUIOp::create(b, sk.iterations, e.idx(waveBlocks));
  Value block = e.blockId(gpu::Dimension::x);
  sk.isStreamK = compare(b, P::uge, block, sk.firstTile);
  sk.index = select(b, sk.isStreamK,
                    arith::SubIOp::create(b, block, sk.firstTile), e.idx(0));
  // c I / G and (c + 1) I / G; G is at least 1 in a stream-K block.
  Value g = arith::MaxUIOp::create(b, sk.blocks, e.idx(1));
  sk.begin = getStreamKBegin(b, sk.index, sk.iterations, g);
  sk.end = getStreamKBegin(b, e.add(sk.index, 1), sk.iterations, g);
  // Tiles crossed: (end - 1) / kT - begin / kT + 1 (the range is never
  // empty: G <= I).
  Value crossed = e.add(
      arith::SubIOp::create(
          b, e.div(arith::SubIOp::create(b, sk.end, e.idx(1)), totalKTiles),
          e.div(sk.begin, totalKTiles)),
      1);
  sk.numSegments = select(b, sk.isStreamK, crossed, e.idx(1));
  return sk;
}

RingTile kernel::scheduleStreamKSegment(ImplicitLocOpBuilder &b,
                                        const StreamKBlock &sk, Value j,
                                        int64_t bm, int64_t bn,
                                        int64_t columnTiles,
                                        int64_t totalKTiles) {
  Emitter e{b};
  using P = arith::CmpIPredicate;
  // Region tile u and the part [first, last) of its iterations in range.
  Value u = e.add(e.div(sk.begin, totalKTiles), j);
  Value tileBegin = e.mul(u, totalKTiles);
  Value tileEnd = e.add(tileBegin, totalKTiles);
  Value first = arith::MaxUIOp::create(b, sk.begin, tileBegin);
  Value last = arith::MinUIOp::create(b, sk.end, tileEnd);
  Value block = e.blockId(gpu::Dimension::x);
  Value tileIndex = select(b, sk.isStreamK, e.add(sk.firstTile, u), block);
  RingTile t;
  t.blockRow = e.mul(e.div(tileIndex, columnTiles), bm);
  t.blockCol = e.mul(e.rem(tileIndex, columnTiles), bn);
  t.firstKTile = select(b, sk.isStreamK,
                        arith::SubIOp::create(b, first, tileBegin), e.idx(0));
  t.tripCount = select(b, sk.isStreamK, arith::SubIOp::create(b, last, first),
                       e.idx(totalKTiles));
  t.isWhole = compare(b, P::eq, t.tripCount, e.idx(totalKTiles));
  // The blocks of tile u: c(i) = ((i + 1) G - 1) / I is the block whose
  // range holds local iteration i.
  Value g = arith::MaxUIOp::create(b, sk.blocks, e.idx(1));
  Value iters = arith::MaxUIOp::create(b, sk.iterations, e.idx(1));
  auto blockOf = [&](Value i) {
    return arith::DivUIOp::create(
        b,
        arith::SubIOp::create(b, arith::MulIOp::create(b, e.add(i, 1), g),
                              e.idx(1)),
        iters);
  };
  Value firstBlock = blockOf(tileBegin);
  Value lastBlock = blockOf(arith::SubIOp::create(b, tileEnd, e.idx(1)));
  t.numSlices = e.add(arith::SubIOp::create(b, lastBlock, firstBlock), 1);
  t.slice = arith::SubIOp::create(b, sk.index, firstBlock);
  t.counter = u;
  t.firstSlot = e.mul(firstBlock, 2);
  // The tile is not c_first's first segment when c_first began before it.
  Value firstBlockBegin = getStreamKBegin(b, firstBlock, sk.iterations, g);
  t.firstSlotOffset = select(b, compare(b, P::ult, firstBlockBegin, tileBegin),
                             e.idx(1), e.idx(0));
  return t;
}

Value kernel::getSliceTripCount(ImplicitLocOpBuilder &b, Value firstKTile,
                                Value perSlice, int64_t totalKTiles) {
  Emitter e{b};
  Value left = arith::SubIOp::create(
      b, e.idx(totalKTiles),
      arith::MinUIOp::create(b, firstKTile, e.idx(totalKTiles)));
  return arith::MinUIOp::create(b, left, perSlice);
}

Value kernel::getRingTileIndex(ImplicitLocOpBuilder &b, int64_t n, int64_t bn) {
  Emitter e{b};
  return e.add(e.mul(e.blockId(gpu::Dimension::y), llvm::divideCeil(n, bn)),
               e.blockId(gpu::Dimension::x));
}

int64_t kernel::getSplitTileCount(MatmulOp op) {
  int64_t tiles = 0;
  for (auto config : op.getConfigsAttr().getAsRange<ConfigAttr>())
    if (config.getSplitK() > 1)
      tiles = std::max<int64_t>(
          tiles, llvm::divideCeil(op.getN(), config.getBlockN()) *
                     llvm::divideCeil(config.getMaxM(), config.getBlockM()));
  return tiles;
}

RegisterTile kernel::scheduleRegisterTile(ImplicitLocOpBuilder &b, int64_t bm,
                                          int64_t bn) {
  Emitter e{b};
  // Linear block id l = y * gridDim.x + x, column l / gridDim.y, BM-row
  // block l % gridDim.y.
  Value rowBlocks = gpu::GridDimOp::create(b, gpu::Dimension::y);
  Value linear =
      e.add(arith::MulIOp::create(b, e.blockId(gpu::Dimension::y),
                                  gpu::GridDimOp::create(b, gpu::Dimension::x)),
            e.blockId(gpu::Dimension::x));
  RegisterTile t;
  t.blockCol = e.mul(arith::DivUIOp::create(b, linear, rowBlocks), bn);
  t.rowBase = e.mul(arith::RemUIOp::create(b, linear, rowBlocks), bm);
  return t;
}

bool kernel::isProgrammaticVariant(ConfigAttr config, TargetAttr target,
                                   int64_t programmaticMaxM) {
  // Programmatic dependent launch (griddepcontrol) needs sm_90.
  if (target.getSMVersion() < 90 || config.getFuseQuantize())
    return false;
  if (programmaticMaxM < 0)
    return true;
  return config.getMaxM() != 0 && config.getMaxM() <= programmaticMaxM;
}

void kernel::buildWaitForPrerequisite(ImplicitLocOpBuilder &b) {
  NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
}

void kernel::buildLaunchDependents(ImplicitLocOpBuilder &b) {
  NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::launch_dependents);
}
