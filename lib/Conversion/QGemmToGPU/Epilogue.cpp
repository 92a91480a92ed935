//===- Epilogue.cpp - from accumulators to the output tile ----------------===//
//
// Direct and staged stores, the split-K reduction and the register-direct
// epilogue (see Epilogue.h). The scaling of a pair is the scheme's hook.
//
//===----------------------------------------------------------------------===//

#include "Epilogue.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

//===----------------------------------------------------------------------===//
// RingEpilogue
//===----------------------------------------------------------------------===//

void RingEpilogue::store(ArrayRef<Pair> pairs) {
  if (t.wgmma)
    storeStaged(pairs);
  else
    storeDirect(pairs);
}

/// N of the output `y` when the tiles of width `bn` do not divide it (the
/// epilogue then masks columns), else 0.
static int64_t getEdgeColumns(Value y, int64_t bn) {
  int64_t n = cast<MemRefType>(y.getType()).getDimSize(1);
  return n % bn != 0 ? n : 0;
}

Value RingEpilogue::isStoredRow(Value row) {
  Emitter e{b};
  Value valid = e.ult(row, loop.m);
  if (Value first = loop.tile.firstStoredRow)
    valid = arith::AndIOp::create(
        b, valid,
        arith::CmpIOp::create(b, arith::CmpIPredicate::uge, row, first));
  return valid;
}

void RingEpilogue::storeDirect(ArrayRef<Pair> pairs) {
  Emitter e{b};
  int64_t edgeN = getEdgeColumns(y, t.bn);
  for (const Pair &p : pairs) {
    OpBuilder::InsertionGuard guard(b);
    // A pair's two columns lie both inside N or both past it (N is even).
    Value valid = isStoredRow(p.row);
    if (edgeN)
      valid = arith::AndIOp::create(b, valid, e.ult(p.col, e.idx(edgeN)));
    buildIfThen(b, valid);
    vector::StoreOp::create(b, scale(p, p.row), y, ValueRange{p.row, p.col},
                            /*nontemporal=*/false, llvm::Align(4));
  }
}

// wgmma tiles (BM x BN up to 128 x 256) go out through shared memory: the
// scaled fp16 pairs are written into a [BM, BN + 8] tile over the (now idle)
// rings, then every thread stores whole 16-byte row chunks, so each warp
// writes full 512-byte rows of y instead of 16-byte pieces of eight rows.
void RingEpilogue::storeStaged(ArrayRef<Pair> pairs) {
  Emitter e{b};
  Value blockRow = loop.tile.blockRow, blockCol = loop.tile.blockCol;
  int64_t stride = t.bn + kStagePadHalves;
  Value stage = createSharedView(b, loop.smem, {t.bm, stride}, b.getF16Type(),
                                 loop.ringShift);
  // No copy is in flight after the K loop (the pipelined form waits for its
  // last zero-filling copies after it), and every warpgroup has finished
  // reading the rings (wgmma.wait 0) once past the barrier.
  gpu::BarrierOp::create(b);
  int64_t edgeN = getEdgeColumns(y, t.bn);
  for (const Pair &p : pairs) {
    // Rows past M read the data of row M - 1, columns past N that of
    // columns N - 2, N - 1; neither is stored.
    Value h = scaleInBounds(p, edgeN);
    vector::StoreOp::create(
        b, h, stage,
        ValueRange{arith::SubIOp::create(b, p.row, blockRow),
                   arith::SubIOp::create(b, p.col, blockCol)},
        /*nontemporal=*/false, llvm::Align(4));
  }
  gpu::BarrierOp::create(b);
  constexpr int64_t vec = 8; // 16 bytes of fp16.
  auto f16x8 = VectorType::get({vec}, b.getF16Type());
  int64_t chunksPerRow = t.bn / vec;
  int64_t chunks = t.bm * chunksPerRow;
  for (int64_t first = 0; first < chunks; first += t.threads) {
    Value c = e.add(loop.tid, first);
    Value r = e.div(c, chunksPerRow);
    Value col = e.mul(e.rem(c, chunksPerRow), vec);
    Value row = e.add(blockRow, r);
    Value yCol = e.add(blockCol, col);
    Value valid = isStoredRow(row);
    if (first + t.threads > chunks)
      valid = arith::AndIOp::create(b, valid, e.ult(c, e.idx(chunks)));
    // A 16-byte chunk lies inside N or past it (N is a multiple of 8).
    if (edgeN)
      valid = arith::AndIOp::create(b, valid, e.ult(yCol, e.idx(edgeN)));
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, valid);
    Value v = vector::LoadOp::create(b, f16x8, stage, ValueRange{r, col},
                                     /*nontemporal=*/false, llvm::Align(16));
    vector::StoreOp::create(b, v, y, ValueRange{row, yCol},
                            /*nontemporal=*/false, llvm::Align(16));
  }
}

Value RingEpilogue::scaleInBounds(Pair p, int64_t edgeN, Value scaleRow) {
  if (edgeN)
    p.col = arith::MinUIOp::create(b, p.col, Emitter{b}.idx(edgeN - 2));
  if (!scaleRow)
    scaleRow = arith::MinUIOp::create(b, p.row, loop.mLast);
  return scale(p, scaleRow);
}

/// Thread 0 of the block (`tid`) counts this slice in
/// counters[tileIndex]; returns, uniform across the block, whether this was
/// the tile's last slice (the count before it is `lastBefore`, an i32;
/// `splitK` - 1 when null).
static Value buildIsLastSlice(ImplicitLocOpBuilder &b, Value tid,
                              Value counters, Value tileIndex, Value lastBefore,
                              int64_t splitK) {
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  auto thread0 = scf::IfOp::create(b, TypeRange{b.getI32Type()}, e.eq(tid, 0),
                                   /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&thread0.getThenRegion().front());
    Value one = arith::ConstantIntOp::create(b, 1, 32);
    Value before = memref::AtomicRMWOp::create(
        b, arith::AtomicRMWKind::addi, one, counters, ValueRange{tileIndex});
    if (!lastBefore)
      lastBefore = arith::ConstantIntOp::create(b, splitK - 1, 32);
    Value last =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, before, lastBefore);
    scf::YieldOp::create(
        b, ValueRange{arith::ExtUIOp::create(b, b.getI32Type(), last)});
    b.setInsertionPointToStart(&thread0.getElseRegion().front());
    scf::YieldOp::create(b, ValueRange{arith::ConstantIntOp::create(b, 0, 32)});
  }
  Value anyLast =
      NVVM::BarrierOp::create(
          b, b.getI32Type(), /*barrierId=*/Value(),
          /*numberOfThreads=*/Value(),
          NVVM::BarrierReductionAttr::get(ctx, NVVM::BarrierReduction::OR),
          thread0.getResult(0))
          .getRes();
  return arith::CmpIOp::create(b, arith::CmpIPredicate::ne, anyLast,
                               arith::ConstantIntOp::create(b, 0, 32));
}

/// Releases this block's partials, counts the slice (buildIsLastSlice) once
/// every thread's stores are fenced, and tells the whole block whether it
/// was the tile's last slice.
static Value buildReleaseAndCount(ImplicitLocOpBuilder &b, Value tid,
                                  Value counters, Value tileIndex,
                                  Value lastBefore, int64_t splitK = 0) {
  NVVM::MembarOp::create(b, NVVM::MemScopeKind::GPU);
  gpu::BarrierOp::create(b);
  return buildIsLastSlice(b, tid, counters, tileIndex, lastBefore, splitK);
}

/// Thread 0 (`tid`) resets counters[tileIndex] to 0 once every slice has
/// counted (no slice of this call reads it again), so that the counters
/// stay zero between calls.
static void buildResetCounter(ImplicitLocOpBuilder &b, Value tid,
                              Value counters, Value tileIndex) {
  Emitter e{b};
  OpBuilder::InsertionGuard guard(b);
  buildIfThen(b, e.eq(tid, 0));
  memref::StoreOp::create(b, arith::ConstantIntOp::create(b, 0, 32), counters,
                          ValueRange{tileIndex});
}

Value RingEpilogue::getPartialIndex(Value tileIndex, Value s, int64_t i,
                                    int64_t numPairs) {
  Emitter e{b};
  return getSlotIndex(e.add(e.mul(tileIndex, t.splitK), s), i, numPairs);
}

Value RingEpilogue::getSlotIndex(Value slot, int64_t i, int64_t numPairs) {
  Emitter e{b};
  Value pair = e.add(e.mul(slot, numPairs), i);
  return e.mul(e.add(e.mul(pair, t.threads), loop.tid), 2);
}

Value RingEpilogue::buildReleaseAndCount(Value counters, Value tileIndex,
                                         Value lastBefore) {
  return ::buildReleaseAndCount(b, loop.tid, counters, tileIndex, lastBefore,
                                t.splitK);
}

// Every slice stores its accumulators in fragment order, one
// [split_k, pairs, threads] block of pair vectors per output tile: pair i of
// thread tid of slice s of tile T at ((T * S + s) * pairs + i) * threads +
// tid. A warp's store of one pair is 256 contiguous bytes, no row is masked
// (rows past M hold sums of zeros or, on TMA rings, of whatever the slot's
// rows past the edge boxes held: added slice by slice, never stored to y),
// and the last slice reads
// the others in the same coalesced order.
void RingEpilogue::storeSplitK(ArrayRef<Pair> pairs, Value partials,
                               Value counters, Value tileIndex,
                               bool resetCounter) {
  Emitter e{b};
  Value slice = loop.tile.slice;
  int64_t numPairs = pairs.size();
  for (auto [i, p] : llvm::enumerate(pairs))
    vector::StoreOp::create(b, p.value, partials,
                            ValueRange{getPartialIndex(tileIndex, slice, i,
                                                       numPairs)},
                            /*nontemporal=*/false, llvm::Align(8));
  auto isLast = scf::IfOp::create(b, buildReleaseAndCount(counters, tileIndex),
                                  /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&isLast.getThenRegion().front());
  // Acquire the other slices' partials and add them to this slice's own
  // accumulators, slices slice + 1, slice + 2, ... (mod split_k): integer
  // sums are exact, so the order does not matter.
  NVVM::MembarOp::create(b, NVVM::MemScopeKind::GPU);
  SmallVector<Value> sumInits;
  for (const Pair &p : pairs)
    sumInits.push_back(p.value);
  auto sumLoop =
      scf::ForOp::create(b, e.idx(1), e.idx(t.splitK), e.idx(1), sumInits);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(sumLoop.getBody());
    Value other = e.rem(e.add(slice, sumLoop.getInductionVar()), t.splitK);
    SmallVector<Value> sums;
    for (int64_t i = 0; i < numPairs; ++i) {
      Value part = vector::LoadOp::create(
          b, pairs[i].value.getType(), partials,
          ValueRange{getPartialIndex(tileIndex, other, i, numPairs)},
          /*nontemporal=*/false, llvm::Align(8));
      sums.push_back(
          arith::AddIOp::create(b, sumLoop.getRegionIterArgs()[i], part));
    }
    scf::YieldOp::create(b, sums);
  }
  if (resetCounter)
    buildResetCounter(b, loop.tid, counters, tileIndex);
  SmallVector<Pair> total(pairs);
  for (auto [i, p] : llvm::enumerate(total))
    p.value = sumLoop.getResult(i);
  // The condition is uniform across the block, so the staged store's
  // barriers are reached by every thread.
  store(total);
}

// The cluster's slices add their tiles through distributed shared memory.
// Every slice writes its raw accumulators (i32 or f32) into a row-major
// [BM, BN + 4] tile over its idle ring; a cluster barrier (release /
// acquire) makes them visible; then slice r reads 16-byte chunks of its
// ceil(BM / S) rows (the last slice what is left) from the S tiles (mapa,
// ld.shared::cluster), adds them in slice order, scales and stores them. It
// then arrives on a second cluster barrier (relaxed, once all its reads
// were used) and waits on it, so that no block exits while another may
// still read its shared memory.
void RingEpilogue::storeSplitKCluster(ArrayRef<Pair> pairs) {
  assert(t.clusterSplit && t.splitK > 1 && "a cluster_split ring variant");
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  Type element =
      cast<VectorType>(pairs.front().value.getType()).getElementType();
  Value tile =
      createSharedView(b, loop.smem, {t.bm, t.bn + ConfigAttr::kClusterTilePad},
                       element, loop.ringShift);
  SmallVector<ClusterChunk> mine = addClusterTiles(pairs, tile);
  Value kept = storeClusterChunks(mine);
  // Every chunk read from the cluster is used before this slice arrives:
  // the first lanes of its sums, xor-ed, go to the tile's padding (which no
  // slice reads), and that store waits for them all. A
  // relaxed arrive after it then tells the others that they may exit; a
  // release arrive (as on the first barrier) would add a GPU-scope membar
  // (MEMBAR.ALL.GPU, ERRBAR in ncu's samples: 7 to 10% of the W8A8 and
  // W4A16 split kernels' warp samples). This rests on the hardware issuing
  // a warp's instructions in order (the store cannot issue before its
  // loads return), not on the PTX memory model, which orders nothing
  // across a relaxed arrive; ptxas keeps the arrive after the store (its
  // SASS checked with cuobjdump, perf notes v52 step 4). Each thread
  // writes its own padding word, (tid / 4) % BM, BN + tid % 4, so that the
  // stores do not race (racecheck) where 4 BM >= threads.
  Value used = kept;
  for (const ClusterChunk &chunk : mine) {
    Value v = vector::ExtractOp::create(b, chunk.sum, 0);
    if (!v.getType().isInteger(32))
      v = arith::BitcastOp::create(b, b.getI32Type(), v);
    used = arith::XOrIOp::create(b, used, v);
  }
  if (!element.isInteger(32))
    used = arith::BitcastOp::create(b, element, used);
  memref::StoreOp::create(b, used, tile,
                          ValueRange{e.rem(e.div(loop.tid, 4), t.bm),
                                     e.add(e.rem(loop.tid, 4), t.bn)});
  NVVM::ClusterArriveRelaxedOp::create(b, /*aligned=*/UnitAttr::get(ctx));
  NVVM::ClusterWaitOp::create(b, /*aligned=*/UnitAttr::get(ctx));
}

SmallVector<RingEpilogue::ClusterChunk>
RingEpilogue::addClusterTiles(ArrayRef<Pair> pairs, Value tile) {
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  Type element = cast<MemRefType>(tile.getType()).getElementType();
  int64_t stride = t.bn + ConfigAttr::kClusterTilePad;
  Value blockRow = loop.tile.blockRow, blockCol = loop.tile.blockCol;
  // The rings are idle once every thread is past this barrier (no copy in
  // flight after the K loop, every wgmma group retired).
  gpu::BarrierOp::create(b);
  for (const Pair &p : pairs)
    vector::StoreOp::create(
        b, p.value, tile,
        ValueRange{arith::SubIOp::create(b, p.row, blockRow),
                   arith::SubIOp::create(b, p.col, blockCol)},
        /*nontemporal=*/false, llvm::Align(8));
  NVVM::ClusterArriveOp::create(b, /*aligned=*/UnitAttr::get(ctx));
  NVVM::ClusterWaitOp::create(b, /*aligned=*/UnitAttr::get(ctx));

  // The tile's shared address in every slice of the cluster.
  Value base =
      e.add(memref::ExtractAlignedPointerAsIndexOp::create(b, loop.smem),
            loop.ringShift);
  Value local = getSharedPointer(b, base);
  auto clusterPtr = LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/7);
  SmallVector<Value> remote;
  for (int64_t s = 0; s < t.splitK; ++s)
    remote.push_back(NVVM::MapaOp::create(
        b, clusterPtr, local, arith::ConstantIntOp::create(b, s, 32)));

  constexpr int64_t vec = 4; // 16 bytes of i32 / f32.
  auto chunkType = VectorType::get({vec}, element);
  // Slice r adds rows [r R, min((r + 1) R, BM)), R = ceil(BM / S): the
  // last slice fewer when S does not divide BM (256 rows in 3 slices: 86,
  // 86, 84).
  int64_t rowsPerSlice = llvm::divideCeil(t.bm, t.splitK);
  bool unevenRows = t.bm % t.splitK != 0;
  int64_t chunksPerRow = t.bn / vec;
  int64_t chunks = rowsPerSlice * chunksPerRow;
  Value firstRow = e.mul(loop.tile.slice, rowsPerSlice);
  SmallVector<ClusterChunk> mine;
  for (int64_t first = 0; first < chunks; first += t.threads) {
    Value c = e.add(loop.tid, first);
    ClusterChunk chunk;
    chunk.r = e.add(firstRow, e.div(c, chunksPerRow));
    chunk.col = e.mul(e.rem(c, chunksPerRow), vec);
    chunk.valid =
        first + t.threads > chunks ? e.ult(c, e.idx(chunks)) : Value();
    if (unevenRows) {
      Value inTile = e.ult(chunk.r, e.idx(t.bm));
      chunk.valid =
          chunk.valid ? arith::AndIOp::create(b, chunk.valid, inTile) : inTile;
    }
    // A thread past the last chunk (or the tile's last row) reads chunk 0
    // of the slice (in bounds) and stores nothing.
    Value r = chunk.r, col = chunk.col;
    if (chunk.valid) {
      r = arith::SelectOp::create(b, chunk.valid, r, firstRow);
      col = arith::SelectOp::create(b, chunk.valid, col, e.idx(0));
    }
    Value offset = arith::IndexCastUIOp::create(
        b, b.getI32Type(), e.mul(e.add(e.mul(r, stride), col), 4));
    for (int64_t s = 0; s < t.splitK; ++s) {
      Value address = LLVM::GEPOp::create(b, clusterPtr, b.getI8Type(),
                                          remote[s], ValueRange{offset});
      Value part =
          LLVM::LoadOp::create(b, chunkType, address, /*alignment=*/16);
      chunk.sum = chunk.sum ? addAccumulators(b, chunk.sum, part) : part;
    }
    mine.push_back(chunk);
  }
  return mine;
}

// Every chunk is scaled before the first store, outside the stores'
// branches, as in storeStaged (rows past M read the data of row M - 1,
// columns past N that of columns N - 2, N - 1): the scale loads of all
// chunks can then be in flight together. A branch a chunk with its loads
// inside made each chunk wait for its own, after the previous chunk's
// store (ncu, perf notes v53 step 9). Each output's first lane also joins
// the padding word (storeSplitKCluster): with a use past the stores'
// branches, LLVM does not sink the first half of a chunk's scaling (its
// loads included) into its store's branch. The second half's arithmetic
// may still move there; its loads stay out where they are the first
// half's (a thread's chunks share their columns when the threads are a
// multiple of BN / 4, and no load passes an earlier chunk's store to y,
// which may alias).
Value RingEpilogue::storeClusterChunks(ArrayRef<ClusterChunk> chunks) {
  Emitter e{b};
  Value blockRow = loop.tile.blockRow, blockCol = loop.tile.blockCol;
  int64_t edgeN = getEdgeColumns(y, t.bn);
  auto i32 = b.getI32Type();
  Value kept;
  struct Output {
    Value row, col, valid, value;
  };
  SmallVector<Output> outputs;
  for (const ClusterChunk &chunk : chunks) {
    Output o;
    o.row = e.add(blockRow, chunk.r);
    o.col = e.add(blockCol, chunk.col);
    o.valid = isStoredRow(o.row);
    if (chunk.valid)
      o.valid = arith::AndIOp::create(b, o.valid, chunk.valid);
    // Four columns lie inside N or past it (N is a multiple of 8).
    if (edgeN)
      o.valid = arith::AndIOp::create(b, o.valid, e.ult(o.col, e.idx(edgeN)));
    Value scaleRow = arith::MinUIOp::create(b, o.row, loop.mLast);
    SmallVector<Value> halves;
    for (int64_t h = 0; h < 2; ++h)
      halves.push_back(scaleInBounds(Pair{o.row, e.add(o.col, 2 * h),
                                          vector::ExtractStridedSliceOp::create(
                                              b, chunk.sum, {2 * h}, {2}, {1})},
                                     edgeN, scaleRow));
    o.value = vector::ShuffleOp::create(b, halves[0], halves[1],
                                        ArrayRef<int64_t>{0, 1, 2, 3});
    Value lane = arith::ExtUIOp::create(
        b, i32,
        arith::BitcastOp::create(b, b.getI16Type(),
                                 vector::ExtractOp::create(b, o.value, 0)));
    kept = kept ? arith::XOrIOp::create(b, kept, lane).getResult() : lane;
    outputs.push_back(o);
  }
  for (const Output &o : outputs) {
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, o.valid);
    vector::StoreOp::create(b, o.value, y, ValueRange{o.row, o.col},
                            /*nontemporal=*/false, llvm::Align(8));
  }
  return kept;
}

void RingEpilogue::storeSplitKOrdered(ArrayRef<Pair> pairs, Value partials,
                                      Value counters, Value tileIndex,
                                      Value numSlices) {
  Emitter e{b};
  storeSplitSlots(
      pairs, partials, counters, tileIndex, numSlices,
      [&](Value s) { return e.add(e.mul(tileIndex, t.splitK), s); });
}

void RingEpilogue::storeSplitSlots(ArrayRef<Pair> pairs, Value partials,
                                   Value counters, Value counter,
                                   Value numSlices,
                                   function_ref<Value(Value s)> slotOf) {
  int64_t numPairs = pairs.size();
  storeOrdered(
      pairs, partials, counters, counter, numSlices,
      [&](Value s, int64_t i) { return getSlotIndex(slotOf(s), i, numPairs); });
}

void RingEpilogue::storeTailSplit(ArrayRef<Pair> pairs, Value partials,
                                  Value counters) {
  assert(t.splitK == 1 && loop.tile.numSlices && "a tail-split tile");
  Emitter e{b};
  // A block of a split tail tile, or a whole tile (uniform per block).
  auto split =
      scf::IfOp::create(b,
                        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt,
                                              loop.tile.numSlices, e.idx(1)),
                        /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(split.thenBlock()->getTerminator());
  int64_t numPairs = pairs.size();
  storeOrdered(pairs, partials, counters, loop.tile.counter,
               loop.tile.numSlices, [&](Value s, int64_t i) {
                 return getPartialIndex(loop.tile.firstSlot, s, i, numPairs);
               });
  b.setInsertionPoint(split.elseBlock()->getTerminator());
  store(pairs);
}

void RingEpilogue::storeStreamK(ArrayRef<Pair> pairs, Value partials,
                                Value counters) {
  assert(t.splitK == 1 && loop.tile.firstSlotOffset && "a stream-K segment");
  Emitter e{b};
  int64_t numPairs = pairs.size();
  storeOrdered(pairs, partials, counters, loop.tile.counter,
               loop.tile.numSlices, [&](Value s, int64_t i) {
                 Value offset = arith::SelectOp::create(
                     b, e.eq(s, 0), loop.tile.firstSlotOffset, e.idx(0));
                 Value slot =
                     e.add(e.add(loop.tile.firstSlot, e.mul(s, 2)), offset);
                 return getSlotIndex(slot, i, numPairs);
               });
}

void RingEpilogue::storeOrdered(
    ArrayRef<Pair> pairs, Value partials, Value counters, Value tileIndex,
    Value numSlices, function_ref<Value(Value s, int64_t i)> partialIndex) {
  Emitter e{b};
  Value slice = loop.tile.slice;
  for (auto [i, p] : llvm::enumerate(pairs))
    vector::StoreOp::create(b, p.value, partials,
                            ValueRange{partialIndex(slice, i)},
                            /*nontemporal=*/false, llvm::Align(8));
  Value lastBefore = arith::IndexCastOp::create(
      b, b.getI32Type(), arith::SubIOp::create(b, numSlices, e.idx(1)));
  auto isLast = scf::IfOp::create(
      b, buildReleaseAndCount(counters, tileIndex, lastBefore),
      /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&isLast.getThenRegion().front());
  NVVM::MembarOp::create(b, NVVM::MemScopeKind::GPU);
  SmallVector<Value> sumInits;
  for (const Pair &p : pairs) {
    auto type = cast<VectorType>(p.value.getType());
    Attribute zero = isa<FloatType>(type.getElementType())
                         ? Attribute(b.getF32FloatAttr(0.0f))
                         : Attribute(b.getI32IntegerAttr(0));
    sumInits.push_back(
        arith::ConstantOp::create(b, DenseElementsAttr::get(type, zero)));
  }
  auto sumLoop = scf::ForOp::create(b, e.idx(0), numSlices, e.idx(1), sumInits);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(sumLoop.getBody());
    Value s = sumLoop.getInductionVar();
    SmallVector<Value> sums;
    for (int64_t i = 0, n = pairs.size(); i < n; ++i) {
      Value part = vector::LoadOp::create(
          b, pairs[i].value.getType(), partials, ValueRange{partialIndex(s, i)},
          /*nontemporal=*/false, llvm::Align(8));
      sums.push_back(addAccumulators(b, sumLoop.getRegionIterArgs()[i], part));
    }
    scf::YieldOp::create(b, sums);
  }
  buildResetCounter(b, loop.tid, counters, tileIndex);
  SmallVector<Pair> total(pairs);
  for (auto [i, p] : llvm::enumerate(total))
    p.value = sumLoop.getResult(i);
  store(total);
}

//===----------------------------------------------------------------------===//
// RegisterEpilogue
//===----------------------------------------------------------------------===//

RegisterEpilogue::RegisterEpilogue(
    RegisterMainloop &loop, function_ref<Value(Value col)> loadColumnData)
    : loop(loop) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  int64_t pairsPerRow = loop.bn / 2, pairs = loop.bm * pairsPerRow;
  for (int64_t first = 0; first < pairs; first += loop.threads) {
    Value p = e.add(loop.tid, first);
    Value col = e.mul(e.rem(p, pairsPerRow), 2);
    // Every col is below BN (threads past the last pair load a valid one).
    // Their tile row is clamped to BM - 1 too: not needed for correctness
    // (they store nothing), but without it ptxas spills 12 instead of 4
    // bytes in the 40-register 16-warp W8A8 kernel.
    Value tileRow =
        arith::MinUIOp::create(b, e.div(p, pairsPerRow), e.idx(loop.bm - 1));
    slots.push_back({first, tileRow, col, loadColumnData(col), Value()});
  }
}

Value RegisterEpilogue::addWarpSums(Value sums, const Slot &slot) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  auto pairType =
      VectorType::get({2}, cast<MemRefType>(sums.getType()).getElementType());
  Value total;
  for (int64_t i = 0; i < loop.warpsK; ++i) {
    Value part = vector::LoadOp::create(
        b, pairType, sums, ValueRange{e.idx(i), slot.tileRow, slot.col},
        /*nontemporal=*/false, llvm::Align(8));
    total = total ? addAccumulators(b, total, part) : part;
  }
  return total;
}

std::tuple<Value, Value, Value> RegisterEpilogue::getStore(Value y,
                                                           const Slot &slot) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  int64_t pairs = loop.bm * (loop.bn / 2);
  Value p = e.add(loop.tid, slot.first);
  Value row = e.add(loop.tile.rowBase, slot.tileRow);
  Value yCol = e.add(loop.tile.blockCol, slot.col);
  Value valid = e.ult(row, loop.m);
  if (slot.first + loop.threads > pairs)
    valid = arith::AndIOp::create(b, valid, e.ult(p, e.idx(pairs)));
  if (int64_t edgeN = getEdgeColumns(y, loop.bn))
    valid = arith::AndIOp::create(b, valid, e.ult(yCol, e.idx(edgeN)));
  return {row, yCol, valid};
}

void RegisterEpilogue::store(
    Value sums, Value y,
    function_ref<Value(Value total, const Slot &slot)> scaleSlot) {
  ImplicitLocOpBuilder &b = loop.b;
  for (const Slot &slot : slots) {
    auto [row, yCol, valid] = getStore(y, slot);
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, valid);
    Value total = addWarpSums(sums, slot);
    vector::StoreOp::create(b, scaleSlot(total, slot), y, ValueRange{row, yCol},
                            /*nontemporal=*/false, llvm::Align(4));
  }
}

// Every slice stores all of its tile's pairs (rows past M too, whatever
// they hold, never stored to y), so the last slice reads whole tiles; a
// warp's store of one slot
// is 256 contiguous bytes.
void RegisterEpilogue::storeSplitOrdered(
    Value sums, Value y, Value partials, Value counters, Value tileIndex,
    Value slice, Value numSlices, function_ref<Value(Value s)> slotOf,
    function_ref<Value(Value total, const Slot &slot)> scaleSlot) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  int64_t pairs = loop.bm * (loop.bn / 2);
  auto pairType =
      VectorType::get({2}, cast<MemRefType>(sums.getType()).getElementType());
  auto partialIndex = [&](Value s, const Slot &pairSlot) {
    Value p = e.add(loop.tid, pairSlot.first);
    return e.mul(e.add(e.mul(slotOf(s), pairs), p), 2);
  };
  for (const Slot &pairSlot : slots) {
    OpBuilder::InsertionGuard guard(b);
    if (pairSlot.first + loop.threads > pairs)
      buildIfThen(b, e.ult(e.add(loop.tid, pairSlot.first), e.idx(pairs)));
    vector::StoreOp::create(b, addWarpSums(sums, pairSlot), partials,
                            ValueRange{partialIndex(slice, pairSlot)},
                            /*nontemporal=*/false, llvm::Align(8));
  }
  Value lastBefore = arith::IndexCastOp::create(
      b, b.getI32Type(), arith::SubIOp::create(b, numSlices, e.idx(1)));
  auto isLast = scf::IfOp::create(
      b, buildReleaseAndCount(b, loop.tid, counters, tileIndex, lastBefore),
      /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&isLast.getThenRegion().front());
  NVVM::MembarOp::create(b, NVVM::MemScopeKind::GPU);
  for (const Slot &pairSlot : slots) {
    auto [row, yCol, valid] = getStore(y, pairSlot);
    OpBuilder::InsertionGuard inner(b);
    buildIfThen(b, valid);
    Value zero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(pairType, b.getF32FloatAttr(0.0f)));
    auto sumLoop =
        scf::ForOp::create(b, e.idx(0), numSlices, e.idx(1), ValueRange{zero});
    {
      OpBuilder::InsertionGuard body(b);
      b.setInsertionPointToStart(sumLoop.getBody());
      Value part = vector::LoadOp::create(
          b, pairType, partials,
          ValueRange{partialIndex(sumLoop.getInductionVar(), pairSlot)},
          /*nontemporal=*/false, llvm::Align(8));
      scf::YieldOp::create(
          b, addAccumulators(b, sumLoop.getRegionIterArgs()[0], part));
    }
    vector::StoreOp::create(b, scaleSlot(sumLoop.getResult(0), pairSlot), y,
                            ValueRange{row, yCol},
                            /*nontemporal=*/false, llvm::Align(4));
  }
  buildResetCounter(b, loop.tid, counters, tileIndex);
}
