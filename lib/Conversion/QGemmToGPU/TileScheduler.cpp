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
                                       int64_t totalKTiles, Value m) {
  Emitter e{b};
  auto select = [&](Value c, Value x, Value y) {
    return arith::SelectOp::create(b, c, x, y).getResult();
  };
  auto uge = [&](Value x, Value y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::uge, x, y)
        .getResult();
  };
  Value tiles = e.mul(e.div(e.add(m, bm - 1), bm), columnTiles);
  Value tail = e.rem(tiles, waveBlocks);
  // s = min(maxSlices, waveBlocks / R); R = 0 splits nothing.
  Value slices = arith::MinUIOp::create(
      b, e.idx(maxSlices),
      arith::DivUIOp::create(b, e.idx(waveBlocks),
                             arith::MaxUIOp::create(b, tail, e.idx(1))));
  Value split = arith::AndIOp::create(
      b,
      arith::CmpIOp::create(b, arith::CmpIPredicate::ne, tail, e.idx(0)),
      uge(slices, e.idx(2)));
  Value wholeTiles = select(split, arith::SubIOp::create(b, tiles, tail), tiles);
  Value block = e.blockId(gpu::Dimension::x);
  Value inTail = uge(block, wholeTiles);
  Value j = select(inTail, arith::SubIOp::create(b, block, wholeTiles),
                   e.idx(0));
  Value tailTile = arith::DivUIOp::create(b, j, slices);
  Value tileIndex = select(inTail, e.add(wholeTiles, tailTile), block);
  RingTile t;
  t.blockRow = e.mul(e.div(tileIndex, columnTiles), bm);
  t.blockCol = e.mul(e.rem(tileIndex, columnTiles), bn);
  t.numSlices = select(inTail, slices, e.idx(1));
  t.slice = select(inTail, arith::RemUIOp::create(b, j, slices), e.idx(0));
  Value perSlice = arith::DivUIOp::create(
      b, e.add(t.numSlices, totalKTiles - 1), t.numSlices);
  t.firstKTile = arith::MulIOp::create(b, t.slice, perSlice);
  t.tripCount = getSliceTripCount(b, t.firstKTile, perSlice, totalKTiles);
  t.firstSlot = arith::MulIOp::create(b, tailTile, t.numSlices);
  t.counter = tailTile;
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

RegisterTile kernel::scheduleRegisterTile(ImplicitLocOpBuilder &b, int64_t bn) {
  Emitter e{b};
  // Linear block id l = y * gridDim.x + x, column l / gridDim.y, 16-row
  // block l % gridDim.y.
  Value rowBlocks = gpu::GridDimOp::create(b, gpu::Dimension::y);
  Value linear =
      e.add(arith::MulIOp::create(b, e.blockId(gpu::Dimension::y),
                                  gpu::GridDimOp::create(b, gpu::Dimension::x)),
            e.blockId(gpu::Dimension::x));
  RegisterTile t;
  t.blockCol = e.mul(arith::DivUIOp::create(b, linear, rowBlocks), bn);
  t.rowBase = e.mul(arith::RemUIOp::create(b, linear, rowBlocks), 16);
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
