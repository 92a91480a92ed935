//===- Bsr.cpp - the BSR scheme of the kernel library ---------------------===//
//
// The BSR hooks of the ring mainloop (the gather of X through col_idx and
// the copy of the stored blocks by cp.async or, for the union tiles, TMA;
// fp16 ldmatrix + mma.sync m16n8k16, or wgmma from swizzled slots on
// sm_90a), the
// slice of a block row each thread block owns, the reproducible split
// reduction, and the structure check (see Bsr.h).
//
//===----------------------------------------------------------------------===//

#include "Bsr.h"

#include "Epilogue.h"
#include "Mainloop.h"
#include "TileScheduler.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

namespace {

constexpr int64_t kBlock = BsrRingLayout::kBlock;
/// fp16 elements of one cp.async.
constexpr int64_t kCopyHalves = kCopyBytes / 2;
/// Threads of the validate kernel.
constexpr int64_t kValidateThreads = 128;
/// Registers of a multiprocessor.
constexpr int64_t kRegistersPerSM = 65536;

/// The types of the kernels' arguments.
struct BsrTypes {
  MemRefType x, rowPtr, colIdx, blocks, y;
};

/// row_ptr[r] clamped into [0, nnzb], as an index: whatever the data, the
/// blocks a row's bounds select exist.
Value loadRowBound(ImplicitLocOpBuilder &b, Value rowPtr, Value r,
                   Value nnzb) {
  Value v = memref::LoadOp::create(b, rowPtr, ValueRange{r});
  v = arith::MaxSIOp::create(b, v, arith::ConstantIntOp::create(b, 0, 32));
  Value i = arith::IndexCastUIOp::create(b, b.getIndexType(), v);
  return arith::MinUIOp::create(b, i, nnzb);
}

/// Block row `row`'s stored blocks as (first block, count): row_ptr[row]
/// and row_ptr[row + 1] clamped into [0, nnzb] and in order, the count to
/// `cols` = K / 32 blocks (more cannot be valid), so that a malformed
/// row_ptr selects fewer blocks, never blocks that do not exist.
std::pair<Value, Value> loadRowRange(ImplicitLocOpBuilder &b, Value rowPtr,
                                     Value row, Value nnzb, int64_t cols) {
  Emitter e{b};
  Value lo = loadRowBound(b, rowPtr, row, nnzb);
  Value hi = arith::MaxUIOp::create(
      b, loadRowBound(b, rowPtr, e.add(row, 1), nnzb), lo);
  return {lo, arith::MinUIOp::create(b, arith::SubIOp::create(b, hi, lo),
                                     e.idx(cols))};
}

/// The stored blocks one thread block multiplies: `count` blocks from
/// `first` on, slice `slice` of its block row; the row's slices that hold a
/// block are 0 .. `numSlices` - 1.
struct BsrSlice {
  Value first, count, numSlices;
  int64_t sliceBlocks;
};

/// Slice `slice` (slices of `sliceBlocks` entries) of a list of `length`
/// entries whose first is `base` (an index, or null for 0).
BsrSlice sliceOf(ImplicitLocOpBuilder &b, Value length, Value base,
                 Value slice, int64_t sliceBlocks) {
  Emitter e{b};
  BsrSlice s;
  s.sliceBlocks = sliceBlocks;
  Value begin = arith::MinUIOp::create(b, e.mul(slice, sliceBlocks), length);
  s.first = base ? e.add(base, begin) : begin;
  s.count = arith::MinUIOp::create(b, arith::SubIOp::create(b, length, begin),
                                   e.idx(sliceBlocks));
  s.numSlices = e.div(e.add(length, sliceBlocks - 1), sliceBlocks);
  return s;
}

/// The slice of block row `blockRow` owned by slice `slice`
/// (loadRowRange).
BsrSlice buildSlice(ImplicitLocOpBuilder &b, Value rowPtr, Value colIdx,
                    Value blockRow, Value slice, int64_t k,
                    int64_t sliceBlocks) {
  Value nnzb = memref::DimOp::create(b, colIdx, 0);
  auto [lo, count] = loadRowRange(b, rowPtr, blockRow, nnzb, k / kBlock);
  return sliceOf(b, count, lo, slice, sliceBlocks);
}

/// Stores the block column (col_idx clamped into [0, K / 32)) of each
/// block of `slice` into `list` and passes a barrier: the K loop's gathers
/// read them from shared memory.
void storeGatherList(ImplicitLocOpBuilder &b, Value colIdx, Value list,
                     const BsrSlice &slice, Value tid, int64_t threads,
                     int64_t k) {
  Emitter e{b};
  Value lastCol = arith::ConstantIntOp::create(b, k / kBlock - 1, 32);
  for (int64_t first = 0; first < slice.sliceBlocks; first += threads) {
    Value i = e.add(tid, first);
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, e.ult(i, slice.count));
    Value c = memref::LoadOp::create(b, colIdx, ValueRange{e.add(slice.first, i)});
    // Unsigned: a negative index is large and clamps to the last column.
    c = arith::MinUIOp::create(b, c, lastCol);
    memref::StoreOp::create(b, c, list, ValueRange{i});
  }
  gpu::BarrierOp::create(b);
}

/// The stored blocks of the `rows` block rows from `firstRow` on, as the
/// union of their columns: clears `masks`, records in `blockOf`[j, c] the
/// block of row j at column c and sets bit j of `masks`[c] (columns clamped
/// into [0, K / 32), rows' bounds as in loadRowRange), then compacts the
/// columns that any row stores into `list` in ascending order (one ballot
/// per 32 columns), or with `layout.pairs` the pairs of columns (2p, 2p + 1)
/// that any row stores as p. Returns slice `slice` of that list: `first` is its
/// position in the list.
BsrSlice buildUnionSlice(ImplicitLocOpBuilder &b, Value rowPtr, Value colIdx,
                         Value firstRow, int64_t rows, Value slice,
                         const BsrRingLayout &layout, Value masks,
                         Value blockOf, Value list, Value tid, Value lane,
                         Value warp, int64_t threads) {
  Emitter e{b};
  auto i32 = b.getI32Type();
  int64_t cols = layout.blockCols;
  auto c32 = [&](int64_t v) { return arith::ConstantIntOp::create(b, v, 32); };
  for (int64_t first = 0; first < cols; first += threads) {
    Value i = e.add(tid, first);
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, e.ult(i, e.idx(cols)));
    memref::StoreOp::create(b, c32(0), masks, ValueRange{i});
  }
  Value nnzb = memref::DimOp::create(b, colIdx, 0);
  // Where the tiles do not divide N, the last tile's rows past N read the
  // last row's bounds and take none of its blocks.
  int64_t blockRows = cast<MemRefType>(rowPtr.getType()).getDimSize(0) - 1;
  bool partial = blockRows % rows != 0;
  SmallVector<Value> lo, count;
  for (int64_t j = 0; j < rows; ++j) {
    Value row = e.add(firstRow, j);
    if (partial)
      row = arith::MinUIOp::create(b, row, e.idx(blockRows - 1));
    auto [l, c] = loadRowRange(b, rowPtr, row, nnzb, cols);
    if (partial)
      c = arith::SelectOp::create(b, e.ult(e.add(firstRow, j), e.idx(blockRows)),
                                  c, e.idx(0));
    lo.push_back(l);
    count.push_back(c);
  }
  gpu::BarrierOp::create(b);
  for (int64_t first = 0; first < rows * cols; first += threads) {
    Value idx = e.add(tid, first);
    Value j = e.div(idx, cols), entry = e.rem(idx, cols);
    Value rowLo = lo.front(), rowCount = count.front();
    for (int64_t jj = 1; jj < rows; ++jj) {
      Value isRow = e.eq(j, jj);
      rowLo = arith::SelectOp::create(b, isRow, lo[jj], rowLo);
      rowCount = arith::SelectOp::create(b, isRow, count[jj], rowCount);
    }
    Value valid = e.ult(entry, rowCount);
    if (first + threads > rows * cols)
      valid = arith::AndIOp::create(b, valid, e.ult(idx, e.idx(rows * cols)));
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, valid);
    Value block = e.add(rowLo, entry);
    Value c = memref::LoadOp::create(b, colIdx, ValueRange{block});
    c = arith::MinUIOp::create(b, c, c32(cols - 1));
    Value cIndex = arith::IndexCastUIOp::create(b, b.getIndexType(), c);
    memref::StoreOp::create(
        b, arith::IndexCastUIOp::create(b, i32, block), blockOf,
        ValueRange{j, cIndex});
    Value bit = arith::ShLIOp::create(
        b, c32(1), arith::IndexCastUIOp::create(b, i32, j));
    memref::AtomicRMWOp::create(b, arith::AtomicRMWKind::ori, bit, masks,
                                ValueRange{cIndex});
  }
  gpu::BarrierOp::create(b);
  // Every warp computes the list's length; warp 0 writes the list.
  Value lane32 = arith::IndexCastUIOp::create(b, i32, lane);
  Value below = arith::SubIOp::create(
      b, arith::ShLIOp::create(b, c32(1), lane32), c32(1));
  Value isWarp0 = e.eq(warp, 0);
  Value base = c32(0);
  int64_t span = layout.pairs ? 2 : 1, entries = cols / span;
  for (int64_t chunk = 0; chunk < entries; chunk += 32) {
    Value c = e.add(lane, chunk);
    Value inRange = e.ult(c, e.idx(entries));
    Value mask = c32(0);
    for (int64_t h = 0; h < span; ++h)
      mask = arith::OrIOp::create(
          b, mask,
          memref::LoadOp::create(
              b, masks,
              ValueRange{arith::MinUIOp::create(
                  b, e.add(e.mul(c, span), h), e.idx(cols - 1))}));
    Value flag = arith::AndIOp::create(
        b, inRange,
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, mask, c32(0)));
    Value ballot = NVVM::VoteSyncOp::create(b, i32, c32(-1), flag,
                                            NVVM::VoteSyncKind::ballot);
    Value pos = arith::AddIOp::create(
        b, base,
        LLVM::CtPopOp::create(b, arith::AndIOp::create(b, ballot, below)));
    {
      OpBuilder::InsertionGuard guard(b);
      buildIfThen(b, arith::AndIOp::create(b, isWarp0, flag));
      memref::StoreOp::create(
          b, arith::IndexCastUIOp::create(b, i32, c), list,
          ValueRange{arith::IndexCastUIOp::create(b, b.getIndexType(), pos)});
    }
    base = arith::AddIOp::create(b, base, LLVM::CtPopOp::create(b, ballot));
  }
  gpu::BarrierOp::create(b);
  return sliceOf(b, arith::IndexCastUIOp::create(b, b.getIndexType(), base),
                 Value(), slice, layout.sliceBlocks);
}

/// fp16 operands of a ring mainloop: A is X gathered 32 columns at a time
/// through the slice's offsets, B the stored blocks in order; slots of
/// [rows, 32] fp16 padded to 40 halves; ldmatrix fragments, mma.sync
/// m16n8k16 with f32 accumulators. With wgmma the slots are unpadded
/// 64-byte-swizzled rows that buildWgmmaStep passes by descriptor.
struct BsrRingOperands : RingOperands {
  Value x, blocks, aRing, bRing, list;
  /// One block row: the slice's first block (list entry kt is block
  /// first + kt). Several (union): the slice's first list entry, the rows'
  /// column masks and blocks (buildUnionSlice).
  Value first;
  int64_t rows = 1;
  Value masks, blockOf;
  /// K tiles of two block columns (union tiles, copy = tma_producer): list
  /// entry p is the columns 2p and 2p + 1, X's slot rows are 128 bytes and
  /// a B slot is two halves of BN rows of 64 bytes, one a column.
  bool pairs = false;
  /// wgmma (sm_90a, several block rows): X slots and block slots in
  /// 64-byte-swizzled rows starting at shared addresses `aRingBase` and
  /// `bRingBase` (1024-byte aligned).
  Value aRingBase, bRingBase;

  /// The block column of K tile `kTile` (an index).
  Value getColumn(ImplicitLocOpBuilder &b, Value kTile) {
    Emitter e{b};
    Value entry = rows > 1 ? e.add(first, kTile) : kTile;
    return arith::IndexCastUIOp::create(
        b, b.getIndexType(), memref::LoadOp::create(b, list, ValueRange{entry}));
  }

  void copyA(RingMainloop &loop, Value kTile, Value slot,
             SmallVectorImpl<Value> &tokens) override;
  void copyB(RingMainloop &loop, Value kTile, Value slot,
             SmallVectorImpl<Value> &tokens) override;
  Value buildZeroAccumulator(ImplicitLocOpBuilder &b) override {
    auto accType = VectorType::get({2, 2}, b.getF32Type());
    return arith::ConstantOp::create(
        b, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0f)));
  }
  Type getWgmmaAccumulatorElementType(ImplicitLocOpBuilder &b) override {
    return b.getF32Type();
  }
  void buildMmaSyncTile(RingMainloop &loop, Value slot,
                        MutableArrayRef<Value> accs) override;
  Value buildWgmmaTile(RingMainloop &, Value, Value, Value) override {
    llvm_unreachable("buildWgmmaStep builds the BSR wgmma");
  }

  void buildWgmmaStep(RingMainloop &loop, Value kTile, Value slot,
                      MutableArrayRef<Value> accs) override;

  /// copy = tma (union tiles): where the mbarriers lie
  /// (BsrRingLayout::barriersOffset). A slot is X's box of BM rows and one
  /// box a block row, 64 bytes a row: the default getTmaSlotBytes.
  int64_t barriersOffset = 0;
  int64_t getTmaBarrierOffset(RingMainloop &) override {
    return barriersOffset;
  }
  void copyTmaA(RingMainloop &loop, Value kTile, Value slot) override;
  void copyTmaB(RingMainloop &loop, Value kTile, Value slot) override;

  /// Whether bit `j` (an index) of the i32 `mask` is set.
  static Value hasRow(ImplicitLocOpBuilder &b, Value mask, Value j) {
    Value bit = arith::ShRUIOp::create(
        b, mask, arith::IndexCastUIOp::create(b, b.getI32Type(), j));
    bit = arith::AndIOp::create(b, bit, arith::ConstantIntOp::create(b, 1, 32));
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ne, bit,
                                 arith::ConstantIntOp::create(b, 0, 32));
  }
  /// The fragments and mma.sync of the warp's tile (all of K tile `slot`).
  void buildWarpMmas(RingMainloop &loop, Value slot,
                     MutableArrayRef<Value> accs);
};

/// Issues the 16-byte copies of a [rows, 32] fp16 slot: chunk c of the tile
/// is row c / 4, halves 8 (c % 4) .. + 7; `source(row, col)` gives the
/// source memref, its indices and the element count (null: all 8).
void copySlot(
    RingMainloop &loop, Value dst, Value slot, int64_t rows,
    function_ref<std::pair<SmallVector<Value>, Value>(Value row, Value col)>
        source,
    Value src, SmallVectorImpl<Value> &tokens, bool swizzle64 = false) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  constexpr int64_t chunksPerRow = kBlock / kCopyHalves;
  int64_t chunks = rows * chunksPerRow;
  for (int64_t first = 0; first < chunks; first += loop.t.threads) {
    Value c = e.add(loop.tid, first);
    // A last, partial round: the spare threads repeat the last chunk.
    if (first + loop.t.threads > chunks)
      c = arith::MinUIOp::create(b, c, e.idx(chunks - 1));
    Value r = e.div(c, chunksPerRow);
    Value col = e.mul(e.rem(c, chunksPerRow), kCopyHalves);
    auto [indices, elements] = source(r, col);
    // 64-byte swizzle (unpadded rows of 64 bytes, 512-byte-aligned slot):
    // 16-byte chunk j of row r lands at chunk j ^ ((r / 2) % 4).
    Value dstCol = col;
    if (swizzle64)
      dstCol = e.mul(arith::XOrIOp::create(b, e.rem(c, chunksPerRow),
                                           e.rem(e.div(r, 2), 4)),
                     kCopyHalves);
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        b, tokenType, dst, ValueRange{slot, r, dstCol}, src, indices,
        b.getIndexAttr(kCopyHalves), elements, b.getUnitAttr()));
  }
}

void BsrRingOperands::copyA(RingMainloop &loop, Value kTile, Value slot,
                            SmallVectorImpl<Value> &tokens) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  Value offset = e.mul(getColumn(b, kTile), kBlock);
  // Rows past M zero-fill and read row M - 1, which exists.
  copySlot(
      loop, aRing, slot, loop.t.bm,
      [&](Value r, Value col) -> std::pair<SmallVector<Value>, Value> {
        Value row = e.add(loop.tile.blockRow, r);
        Value elements = arith::SelectOp::create(b, e.ult(row, loop.m),
                                                 e.idx(kCopyHalves), e.idx(0));
        row = arith::MinUIOp::create(b, row, loop.mLast);
        return {{row, e.add(offset, col)}, elements};
      },
      x, tokens, loop.t.wgmma);
}

void BsrRingOperands::copyB(RingMainloop &loop, Value kTile, Value slot,
                            SmallVectorImpl<Value> &tokens) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  if (rows == 1) {
    Value block = e.add(first, kTile);
    copySlot(
        loop, bRing, slot, kBlock,
        [&](Value r, Value col) -> std::pair<SmallVector<Value>, Value> {
          return {{block, r, col}, Value()};
        },
        blocks, tokens, loop.t.wgmma);
    return;
  }
  // Row j's block of this column, or zeros where row j stores none (block
  // 0, nothing read).
  Value c = getColumn(b, kTile);
  Value mask = memref::LoadOp::create(b, masks, ValueRange{c});
  copySlot(
      loop, bRing, slot, rows * kBlock,
      [&](Value r, Value col) -> std::pair<SmallVector<Value>, Value> {
        Value j = e.div(r, kBlock);
        Value has = hasRow(b, mask, j);
        Value block = arith::IndexCastUIOp::create(
            b, b.getIndexType(),
            memref::LoadOp::create(b, blockOf, ValueRange{j, c}));
        block = arith::SelectOp::create(b, has, block, e.idx(0));
        Value elements = arith::SelectOp::create(
            b, has, e.idx(kCopyHalves), e.idx(0));
        return {{block, e.rem(r, kBlock), col}, elements};
      },
      blocks, tokens, loop.t.wgmma);
}

// The TMA ring of the union tiles (sm_90a): the tensor maps are X as a byte
// matrix [M, 2K] and the blocks as one [32 nnzb, 64], both in boxes of 64
// bytes a row, 64-byte swizzled as the cp.async copies place them; with
// pairs X's boxes are 128 bytes a row (the pair's two columns), 128-byte
// swizzled.
void BsrRingOperands::copyTmaA(RingMainloop &loop, Value kTile, Value slot) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  int64_t rowBytes = loop.t.rowBytes;
  // A whole tile's box, or X's edge box where the tile's rows below M fit it.
  loop.copyTmaActivations(e.add(aRingBase, e.mul(slot, loop.t.bm * rowBytes)),
                          e.mul(getColumn(b, kTile), rowBytes), slot);
}

void BsrRingOperands::copyTmaB(RingMainloop &loop, Value kTile, Value slot) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  int64_t rowBytes = loop.t.rowBytes;
  Value entry = getColumn(b, kTile);
  int64_t span = pairs ? 2 : 1;
  SmallVector<Value, 2> columns, columnMasks;
  for (int64_t h = 0; h < span; ++h) {
    columns.push_back(pairs ? e.add(e.mul(entry, 2), h) : entry);
    columnMasks.push_back(
        memref::LoadOp::create(b, masks, ValueRange{columns.back()}));
  }
  Value slotAddr = e.add(bRingBase, e.mul(slot, loop.t.bn * rowBytes));
  // Row j's block of this column (blockOf holds blocks below nnzb), or,
  // where row j stores none, the box of rows -32 .. -1, wholly outside the
  // map: zeros, read from nowhere. A pair's second column goes to the
  // slot's second half.
  Value outside = arith::ConstantIntOp::create(b, -kBlock, 32);
  constexpr int64_t blockBytes = 2 * kBlock;
  for (int64_t h = 0; h < span; ++h) {
    Value c = columns[h], mask = columnMasks[h];
    Value half =
        h == 0 ? slotAddr : e.add(slotAddr, h * loop.t.bn * blockBytes);
    for (int64_t j = 0; j < rows; ++j) {
      Value block =
          memref::LoadOp::create(b, blockOf, ValueRange{e.idx(j), c});
      Value row = arith::MulIOp::create(
          b, block, arith::ConstantIntOp::create(b, kBlock, 32));
      row =
          arith::SelectOp::create(b, hasRow(b, mask, e.idx(j)), row, outside);
      Value dst = loop.getTmaDestination(e.add(half, j * kBlock * blockBytes));
      loop.copyTmaBox(loop.tmaMaps[1], dst,
                      arith::ConstantIntOp::create(b, 0, 32), row, slot);
    }
  }
}

void BsrRingOperands::buildWgmmaStep(RingMainloop &loop, Value kTile,
                                     Value slot, MutableArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  // A: the warpgroup's 64 rows of the X slot. B: the slot's blocks, one
  // per block row (zeros where the row stores none at this column), BN
  // consecutive rows. Both are 64-byte-swizzled rows of 32 fp16: one wgmma
  // m64nBNk16 per k16 half covers every row. With pairs A's rows are 128
  // bytes (128-byte swizzle) and B is two such halves, one a column. A
  // descriptor holds the address / 16 in its low bits: the slot's offset is
  // added to the B ring's descriptor (loop-invariant).
  int64_t rowBytes = loop.t.rowBytes;
  Value aAddr = e.add(e.add(aRingBase, e.mul(slot, loop.t.bm * rowBytes)),
                      e.mul(loop.warpGroup, 64 * rowBytes));
  Value descA = buildSwizzledDescriptor(b, aAddr, rowBytes);
  // B's rows are one block column's 64 bytes (a pair's slot: two halves).
  constexpr int64_t blockBytes = 2 * kBlock;
  Value ringDesc = buildSwizzledDescriptor(b, bRingBase, blockBytes);
  Value slotOffset = e.mul(slot, loop.t.bn * rowBytes / 16);
  slotOffset = arith::IndexCastUIOp::create(b, b.getI64Type(), slotOffset);
  Value descB = arith::AddIOp::create(b, ringDesc, slotOffset);
  NVVM::WgmmaFenceAlignedOp::create(b);
  // With pairs B's k16 steps 2 and 3 read the slot's second half.
  accs[0] = loop.buildWgmmaSteps(
      accs[0], descA, descB, 16, NVVM::WGMMATypes::f16, NVVM::WGMMATypes::f32,
      /*overflow=*/{}, pairs ? loop.t.bn * blockBytes : 0);
  NVVM::WgmmaGroupSyncAlignedOp::create(b);
  // One group stays in flight: the ring refills a slot two columns after
  // its group was issued (pipeline depth stages - 2).
  NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
}

void BsrRingOperands::buildMmaSyncTile(RingMainloop &loop, Value slot,
                                       MutableArrayRef<Value> accs) {
  if (rows == 1)
    return buildWarpMmas(loop, slot, accs);
  // A warp's columns lie in one block row (warp tile N = 32): it skips the
  // K tiles where that row stores no block (uniform across the warp).
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  Value c = getColumn(b, loop.loop.getInductionVar());
  Value mask = memref::LoadOp::create(b, masks, ValueRange{c});
  Value has = hasRow(b, mask, e.div(loop.warpCol, kBlock));
  auto ifHas = scf::IfOp::create(b, ValueRange(accs).getTypes(), has,
                                 /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifHas.getThenRegion().front());
    SmallVector<Value> updated(accs);
    buildWarpMmas(loop, slot, updated);
    scf::YieldOp::create(b, updated);
    b.setInsertionPointToStart(&ifHas.getElseRegion().front());
    scf::YieldOp::create(b, ValueRange(accs));
  }
  for (auto [acc, result] : llvm::zip_equal(accs, ifHas.getResults()))
    acc = result;
}

void BsrRingOperands::buildWarpMmas(RingMainloop &loop, Value slot,
                                    MutableArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  const Tiling &t = loop.t;
  Emitter e{b};
  auto aFragType = VectorType::get({4, 2}, b.getF16Type());
  auto bFragType = VectorType::get({2, 2}, b.getF16Type());
  // ldmatrix x4 (A, 16 x 16): lanes 0-15 address rows 0-15 at halves 0-7,
  // lanes 16-31 the same rows at halves 8-15; x2 (B, 8 x 16): lanes 0-7
  // rows 0-7 at halves 0-7, lanes 8-15 at halves 8-15.
  Value aRowInTile = e.rem(loop.lane, 16),
        aColHalf = e.mul(e.div(loop.lane, 16), 8);
  Value bRowInTile = e.rem(loop.lane, 8),
        bColHalf = e.mul(e.rem(e.div(loop.lane, 8), 2), 8);
  for (int64_t kk = 0; kk < kBlock / 16; ++kk) {
    SmallVector<Value> aFrags, bFrags;
    for (int64_t mi = 0; mi < t.mTiles; ++mi) {
      Value r = e.add(e.add(loop.warpRow, mi * 16), aRowInTile);
      aFrags.push_back(nvgpu::LdMatrixOp::create(
          b, aFragType, aRing, ValueRange{slot, r, e.add(aColHalf, kk * 16)},
          /*transpose=*/false, /*numTiles=*/4));
    }
    for (int64_t ni = 0; ni < t.nTiles; ++ni) {
      Value r = e.add(e.add(loop.warpCol, ni * 8), bRowInTile);
      bFrags.push_back(nvgpu::LdMatrixOp::create(
          b, bFragType, bRing, ValueRange{slot, r, e.add(bColHalf, kk * 16)},
          /*transpose=*/false, /*numTiles=*/2));
    }
    for (int64_t mi = 0; mi < t.mTiles; ++mi)
      for (int64_t ni = 0; ni < t.nTiles; ++ni) {
        Value &acc = accs[mi * t.nTiles + ni];
        acc = nvgpu::MmaSyncOp::create(b, aFrags[mi], bFrags[ni], acc,
                                       ArrayRef<int64_t>{16, 8, 16});
      }
  }
}

/// `scf.if cond` whose branches yield `then()` and `otherwise()`, values of
/// the same types; returns its results.
SmallVector<Value> buildSelect(ImplicitLocOpBuilder &b, Value cond,
                               function_ref<SmallVector<Value>()> then,
                               function_ref<SmallVector<Value>()> otherwise) {
  // The callbacks build with `b` (the op's builder); the result types are
  // inferred from the yields.
  auto ifOp = scf::IfOp::create(
      b, cond, [&](OpBuilder &, Location) { scf::YieldOp::create(b, then()); },
      [&](OpBuilder &, Location) { scf::YieldOp::create(b, otherwise()); });
  return SmallVector<Value>(ifOp.getResults());
}

/// The operands of a register-direct BSR kernel (operands = registers): a
/// thread block computes 16 rows of one block row (32 output columns); warp
/// kw of its W warps walks the row's stored blocks kw, kw + W, ... in groups
/// of `stages`, one group's loads in flight while the previous group's
/// mma.sync run. It computes Y^T = W . X^T: per block, lane (g, q) loads 16
/// bytes (K 8q .. 8q + 7) of the block's rows 16u + 2g and 16u + 2g + 1
/// (m-tiles u = 0, 1; the A operand, channels in pairs so that each
/// accumulator pair is two adjacent output columns) and of X's token rows g
/// (and g + 8 with two token tiles; the B operand). Within each k16 step s
/// of a 32-K block, the mma's K index 2q + i (i < 2) is K 8q + 4s + i and
/// 2q + 8 + i is 8q + 4s + 2 + i, the same for both operands, so the loads
/// are 16-byte vectors and no element moves.
struct BsrRegisterOperands {
  static constexpr int64_t kLoadHalves = 8;
  RegisterMainloop &loop;
  Value x, blocks, list, first, count;
  int64_t warps, stages, tokenTiles;

  /// Values a block contributes to a group: four weight vectors, then one
  /// X vector per token tile (each vector<8xf16>).
  int64_t valuesPerBlock() const { return 4 + tokenTiles; }

  /// Index (in the row) of block u of group j of this warp.
  Value blockIndex(Value j, int64_t u) {
    Emitter e{loop.b};
    return e.add(loop.kw, e.mul(e.add(e.mul(j, stages), u), warps));
  }

  /// A 16-byte vector<8xf16> of `mem` at `indices`.
  Value load16(Value mem, ValueRange indices) {
    ImplicitLocOpBuilder &b = loop.b;
    auto f16x8 = VectorType::get({kLoadHalves}, b.getF16Type());
    return vector::LoadOp::create(b, f16x8, mem, indices,
                                  /*nontemporal=*/false, llvm::Align(16));
  }

  /// blockIndex clamped into the row (count > 0): a group's blocks past
  /// the warp's last one load the row's last block again.
  Value clampedBlockIndex(Value j, int64_t u) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    Value last = arith::SubIOp::create(b, count, e.idx(1));
    return arith::MinUIOp::create(b, blockIndex(j, u), last);
  }

  /// The weight vectors of group `j`.
  SmallVector<Value> loadWeights(Value j) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    SmallVector<Value> values;
    for (int64_t u = 0; u < stages; ++u) {
      Value block = e.add(first, clampedBlockIndex(j, u));
      Value col = e.mul(loop.q, kLoadHalves);
      for (int64_t r = 0; r < 4; ++r) {
        Value row = e.add(e.mul(loop.g, 2), (r / 2) * 16 + r % 2);
        values.push_back(load16(blocks, {block, row, col}));
      }
    }
    return values;
  }

  /// The X vectors of group `j` (columns from the gather list).
  SmallVector<Value> loadActivations(Value j) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    SmallVector<Value> values;
    for (int64_t u = 0; u < stages; ++u) {
      Value c =
          memref::LoadOp::create(b, list, ValueRange{clampedBlockIndex(j, u)});
      c = arith::IndexCastUIOp::create(b, b.getIndexType(), c);
      Value k = e.add(e.mul(c, kBlock), e.mul(loop.q, kLoadHalves));
      for (int64_t t = 0; t < tokenTiles; ++t)
        values.push_back(
            load16(x, {t == 0 ? loop.actRowLo : loop.actRowHi, k}));
    }
    return values;
  }

  /// Zero vectors in place of a group's weights or activations.
  SmallVector<Value> zeros(int64_t n) {
    ImplicitLocOpBuilder &b = loop.b;
    auto f16x8 = VectorType::get({kLoadHalves}, b.getF16Type());
    Value zero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(f16x8, b.getF16FloatAttr(0)));
    return SmallVector<Value>(n, zero);
  }

  /// Group `j`'s values (weights of all its blocks, then activations), or
  /// zeros when `valid` is false (no load is issued).
  SmallVector<Value> loadGroup(Value j, Value valid) {
    return buildSelect(
        loop.b, valid,
        [&] {
          SmallVector<Value> values = loadWeights(j);
          llvm::append_range(values, loadActivations(j));
          return values;
        },
        [&] { return zeros(stages * valuesPerBlock()); });
  }

  /// Word `w` of a vector<8xf16> as a vector<2xf16>.
  Value word(Value v, int64_t w) {
    return vector::ShuffleOp::create(loop.b, v, v,
                                     ArrayRef<int64_t>{2 * w, 2 * w + 1});
  }

  /// The mma.sync of block `u` of a group whose values are `values`
  /// (loadGroup's order), updating accs[2 t + mt].
  void buildBlock(ArrayRef<Value> values, int64_t u,
                  MutableArrayRef<Value> accs) {
    ImplicitLocOpBuilder &b = loop.b;
    auto fragType = VectorType::get({2, 2}, b.getF16Type());
    ArrayRef<Value> w = values.slice(4 * u, 4);
    ArrayRef<Value> xs = values.slice(4 * stages + tokenTiles * u, tokenTiles);
    for (int64_t s = 0; s < 2; ++s)
      for (int64_t t = 0; t < tokenTiles; ++t) {
        Value xFrag = arith::ConstantOp::create(
            b, DenseElementsAttr::get(fragType, b.getF16FloatAttr(0)));
        for (int64_t r = 0; r < 2; ++r)
          xFrag = vector::InsertOp::create(b, word(xs[t], 2 * s + r), xFrag,
                                           ArrayRef<int64_t>{r});
        for (int64_t mt = 0; mt < 2; ++mt) {
          Value lo = w[2 * mt], hi = w[2 * mt + 1];
          Value wFrag = buildWeightFragment(
              b, {word(lo, 2 * s), word(hi, 2 * s), word(lo, 2 * s + 1),
                  word(hi, 2 * s + 1)});
          Value &acc = accs[2 * t + mt];
          acc = nvgpu::MmaSyncOp::create(b, wFrag, xFrag, acc,
                                         ArrayRef<int64_t>{16, 8, 16});
        }
      }
  }

  /// The K loop over `slice` (its gather list from `colIdx`); returns the
  /// warps' shared sums.
  Value buildSliceLoop(const BsrSlice &slice, Value colIdx, int64_t k) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    first = slice.first;
    count = slice.count;
    // Warp kw's blocks: ceil((count - kw) / W), in groups of `stages`.
    Value warpBlocks =
        e.div(arith::SubIOp::create(b, e.add(slice.count, warps - 1), loop.kw),
              warps);
    Value groups = e.div(e.add(warpBlocks, stages - 1), stages);
    Value hasGroups = e.ult(e.idx(0), groups);

    // The first group's weights depend on the slice only: they are issued
    // before the gather list is read.
    int64_t weightValues = 4 * stages;
    SmallVector<Value> current = buildSelect(
        b, hasGroups, [&] { return loadWeights(e.idx(0)); },
        [&] { return zeros(weightValues); });
    storeGatherList(b, colIdx, list, slice, loop.tid, loop.threads, k);
    llvm::append_range(
        current, buildSelect(
                     b, hasGroups, [&] { return loadActivations(e.idx(0)); },
                     [&] { return zeros(stages * tokenTiles); }));

    int64_t numAccs = 2 * tokenTiles;
    SmallVector<Value> inits(numAccs, buildZeroF32Accumulator(b));
    llvm::append_range(inits, current);
    auto forOp = scf::ForOp::create(b, e.idx(0), groups, e.idx(1), inits);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(forOp.getBody());
      Value j = forOp.getInductionVar();
      SmallVector<Value> accs(forOp.getRegionIterArgs().take_front(numAccs));
      SmallVector<Value> values(forOp.getRegionIterArgs().drop_front(numAccs));
      Value nextJ = e.add(j, 1);
      SmallVector<Value> next = loadGroup(nextJ, e.ult(nextJ, groups));
      for (int64_t u = 0; u < stages; ++u) {
        // Every block of a group but the last group's is the warp's.
        Value valid = e.ult(e.add(e.mul(j, stages), u), warpBlocks);
        accs = buildSelect(
            b, valid,
            [&] {
              SmallVector<Value> updated(accs);
              buildBlock(values, u, updated);
              return updated;
            },
            [&] { return accs; });
      }
      llvm::append_range(accs, next);
      scf::YieldOp::create(b, accs);
    }
    SmallVector<Value> accs(forOp.getResults().take_front(numAccs));
    return loop.storeSums(getPairs(accs), b.getF32Type());
  }

  /// The accumulators as (tile row, column) pairs of the block's tile.
  SmallVector<Pair> getPairs(ArrayRef<Value> accs) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    SmallVector<Pair> pairs;
    for (int64_t t = 0; t < tokenTiles; ++t)
      for (int64_t mt = 0; mt < 2; ++mt) {
        Value col = e.add(e.mul(loop.g, 2), 16 * mt);
        for (int64_t i = 0; i < 2; ++i)
          pairs.push_back({e.add(e.mul(loop.q, 2), 8 * t + i), col,
                           getTransposedPair(b, accs[2 * t + mt], i)});
      }
    return pairs;
  }
};

/// ceil(x / y) of the indices x < 2^31 and 0 < y < 2^31, divided in 32
/// bits (a 64-bit division is a long emulated sequence).
Value divideCeil32(ImplicitLocOpBuilder &b, Value x, Value y) {
  auto i32 = b.getI32Type();
  Value x32 = arith::IndexCastUIOp::create(b, i32, x);
  Value y32 = arith::IndexCastUIOp::create(b, i32, y);
  Value q = arith::DivUIOp::create(
      b,
      arith::SubIOp::create(b, arith::AddIOp::create(b, x32, y32),
                            arith::ConstantIntOp::create(b, 1, 32)),
      y32);
  return arith::IndexCastUIOp::create(b, b.getIndexType(), q);
}

/// The exclusive prefix sum of the index `v` over the block's threads (in
/// thread order) and its total over the block, as indices. `scratch` is an
/// i32 view of at least `warps` entries of shared memory; passes two
/// barriers (the second frees `scratch`).
std::pair<Value, Value> buildBlockScan(ImplicitLocOpBuilder &b, Value v,
                                       Value lane, Value warp, int64_t warps,
                                       Value scratch) {
  Emitter e{b};
  auto i32 = b.getI32Type();
  auto toIndex = [&](Value x) {
    return arith::IndexCastUIOp::create(b, b.getIndexType(), x).getResult();
  };
  Value x = arith::IndexCastUIOp::create(b, i32, v);
  Value inclusive = x;
  for (int64_t offset = 1; offset < 32; offset *= 2) {
    auto up =
        gpu::ShuffleOp::create(b, inclusive, offset, 32, gpu::ShuffleMode::UP);
    Value sum = arith::AddIOp::create(b, inclusive, up.getShuffleResult());
    inclusive = arith::SelectOp::create(b, up.getValid(), sum, inclusive);
  }
  {
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, e.eq(lane, 31));
    memref::StoreOp::create(b, inclusive, scratch, ValueRange{warp});
  }
  gpu::BarrierOp::create(b);
  Value zero = arith::ConstantIntOp::create(b, 0, 32);
  Value before = zero, total = zero;
  for (int64_t w = 0; w < warps; ++w) {
    Value t = memref::LoadOp::create(b, scratch, ValueRange{e.idx(w)});
    total = arith::AddIOp::create(b, total, t);
    before = arith::AddIOp::create(
        b, before, arith::SelectOp::create(b, e.ult(e.idx(w), warp), t, zero));
  }
  gpu::BarrierOp::create(b);
  Value exclusive =
      arith::SubIOp::create(b, arith::AddIOp::create(b, before, inclusive), x);
  return {toIndex(exclusive), toIndex(total)};
}

/// The threads of a thread block, for the work plan.
struct BlockThreads {
  Value tid, lane, warp;
  int64_t threads;
};

/// How the block rows of a kernel with split_k > 1 are cut into work items
/// (buildWorkPlan): this thread's rows `rowIds` (their first blocks
/// `starts` and block counts `lengths`), the rows with a block in the
/// whole matrix (`nonEmpty`; register kernels only), the slice length in
/// blocks (`sliceBlocks`), the longest row kept whole (`wholeBlocks`; null:
/// every row is cut in slices), whether any row is split (`splits`, uniform
/// across the block), and (buildWorkItems) each row's slice count
/// (`slices`), the items before this thread's first row (`prefix`) and the
/// items in all (`items`).
struct BsrWorkPlan {
  SmallVector<Value> rowIds, starts, lengths, slices;
  Value nonEmpty, sliceBlocks, wholeBlocks, splits, prefix, items;
};

/// Every block reads row_ptr whole (thread t the rows t R .. t R + R - 1,
/// counts clamped as in loadRowRange) and, when `countRows`, counts the
/// rows with a block (one barrier reduction per R).
BsrWorkPlan readWorkRows(ImplicitLocOpBuilder &b, Value rowPtr, Value colIdx,
                         const BlockThreads &block, int64_t rows, int64_t k,
                         bool countRows) {
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  auto i32 = b.getI32Type();
  int64_t cols = k / kBlock;
  int64_t per = llvm::divideCeil(rows, block.threads);
  Value nnzb = memref::DimOp::create(b, colIdx, 0);
  BsrWorkPlan plan;
  for (int64_t j = 0; j < per; ++j) {
    Value r = e.add(e.mul(block.tid, per), j);
    Value inRange = e.ult(r, e.idx(rows));
    auto [lo, count] = loadRowRange(
        b, rowPtr, arith::MinUIOp::create(b, r, e.idx(rows - 1)), nnzb, cols);
    plan.rowIds.push_back(r);
    plan.starts.push_back(lo);
    plan.lengths.push_back(
        arith::SelectOp::create(b, inRange, count, e.idx(0)));
  }
  if (!countRows)
    return plan;
  Value nonEmpty = arith::ConstantIntOp::create(b, 0, 32);
  for (Value length : plan.lengths) {
    Value has = arith::ExtUIOp::create(b, i32, e.ult(e.idx(0), length));
    Value count =
        NVVM::BarrierOp::create(
            b, i32, /*barrierId=*/Value(), /*numberOfThreads=*/Value(),
            NVVM::BarrierReductionAttr::get(ctx, NVVM::BarrierReduction::POPC),
            has)
            .getRes();
    nonEmpty = arith::AddIOp::create(b, nonEmpty, count);
  }
  plan.nonEmpty = arith::IndexCastUIOp::create(b, b.getIndexType(), nonEmpty);
  return plan;
}

/// Sets `plan.splits`: whether any row is longer than `bound` (uniform
/// across the block; one barrier reduction per R).
void setSplits(ImplicitLocOpBuilder &b, BsrWorkPlan &plan, Value bound) {
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  auto i32 = b.getI32Type();
  Value longer = arith::ConstantIntOp::create(b, 0, 32);
  for (Value length : plan.lengths) {
    Value has = arith::ExtUIOp::create(b, i32, e.ult(bound, length));
    longer = arith::OrIOp::create(
        b, longer,
        NVVM::BarrierOp::create(
            b, i32, /*barrierId=*/Value(), /*numberOfThreads=*/Value(),
            NVVM::BarrierReductionAttr::get(ctx, NVVM::BarrierReduction::OR),
            has)
            .getRes());
  }
  plan.splits = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, longer,
                                      arith::ConstantIntOp::create(b, 0, 32));
}

/// The plan of a register-direct kernel (readWorkRows): its `rows` blocks
/// take one work item each: every row with a block is one, and the blocks
/// of the E empty rows take the slices past the long rows' first. Slices
/// are S = max(ceil(nnzb / E), `minSlice`) blocks (the caller's minSlice:
/// getBsrRegisterMinSlice of a group of the block's loads), so a
/// well-formed weight has at most nnzb / S + (rows - E) <= rows items. The work
/// is cut (`splits`) only when E > 0 and some row is longer than 2 S, three
/// slices or more; otherwise every block keeps its own row.
BsrWorkPlan buildWorkPlan(ImplicitLocOpBuilder &b, Value rowPtr, Value colIdx,
                          const BlockThreads &block, int64_t rows,
                          int64_t minSlice, int64_t k) {
  Emitter e{b};
  int64_t cols = k / kBlock;
  BsrWorkPlan plan =
      readWorkRows(b, rowPtr, colIdx, block, rows, k, /*countRows=*/true);
  Value nnzb = memref::DimOp::create(b, colIdx, 0);
  Value empty = arith::SubIOp::create(b, e.idx(rows), plan.nonEmpty);
  // S = max(ceil(nnzb / E), minSlice), or K / 32 (no split) when E = 0.
  Value s = divideCeil32(b, nnzb, arith::MaxUIOp::create(b, empty, e.idx(1)));
  s = arith::MaxUIOp::create(b, s, e.idx(std::max<int64_t>(minSlice, 1)));
  plan.sliceBlocks = arith::SelectOp::create(b, e.eq(empty, 0), e.idx(cols), s);
  setSplits(b, plan, e.mul(plan.sliceBlocks, 2));
  return plan;
}

/// The slices of a split one-row ring kernel's plan (planRingWork): a row
/// of at most W blocks is not cut, a longer one is cut into slices of S
/// blocks, and a well-formed weight has at most C such slices past the
/// rows' first. The host stub computes S, W and C once per call from nnzb
/// and the grid (the launch description's `ring_plan`, getBsrRingPlan) and
/// passes them as the kernel's first three i32 arguments, so that no thread
/// computes them before its K loop (perf notes v31, v32). The kernel trusts
/// no value for its safety: S is clamped into [1, `maxSlice`] (a slice
/// exists and is at most the slices its gather list holds), W into
/// [S, `maxSlice`] and C to `spare`, so that every work item has a block to
/// take it whatever the arguments.
struct RingSlices {
  /// S, W and C (index).
  Value sliceBlocks, wholeBlocks, capacity;

  RingSlices(ImplicitLocOpBuilder &b, ValueRange args, int64_t spare,
             int64_t maxSlice) {
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, v, 32);
    };
    auto umax = [&](Value x, Value y) -> Value {
      return arith::MaxUIOp::create(b, x, y);
    };
    auto umin = [&](Value x, Value y) -> Value {
      return arith::MinUIOp::create(b, x, y);
    };
    auto index = [&](Value v) -> Value {
      return arith::IndexCastUIOp::create(b, b.getIndexType(), v);
    };
    Value s = umin(umax(args[0], c(1)), c(maxSlice));
    Value w = umin(umax(args[1], s), c(maxSlice));
    sliceBlocks = index(s);
    wholeBlocks = index(w);
    capacity = index(
        umin(args[2],
             c(std::min<int64_t>(spare, std::numeric_limits<int32_t>::max()))));
  }

  /// Whether `n` (index) <= C.
  Value withinCapacity(ImplicitLocOpBuilder &b, Value n) const {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ule, n, capacity);
  }
};

/// The work items of `plan` when it splits (`plan.splits`, uniform): each
/// row's slices ceil(length / S) (none for an empty row), or with
/// wholeBlocks the slices past the first of each row longer than that (its
/// first slice is not an item), numbered row by
/// row, and their prefix over the block (buildBlockScan; `scratch` as
/// there). Without a split: no slices, no prefix, and more items than the
/// `slots` blocks, so that no block takes one.
void buildWorkItems(ImplicitLocOpBuilder &b, BsrWorkPlan &plan,
                    const BlockThreads &block, int64_t slots, Value scratch) {
  Emitter e{b};
  int64_t per = plan.lengths.size();
  SmallVector<Value> scan = buildSelect(
      b, plan.splits,
      [&] {
        SmallVector<Value> slices;
        for (Value length : plan.lengths) {
          Value n = divideCeil32(b, length, plan.sliceBlocks);
          // The slices past the first of a row longer than wholeBlocks.
          if (plan.wholeBlocks)
            n = arith::SelectOp::create(b, e.ult(plan.wholeBlocks, length),
                                        arith::SubIOp::create(b, n, e.idx(1)),
                                        e.idx(0));
          slices.push_back(n);
        }
        Value mySlices = e.idx(0);
        for (Value n : slices)
          mySlices = e.add(mySlices, n);
        auto [prefix, total] = buildBlockScan(
            b, mySlices, block.lane, block.warp, block.threads / 32, scratch);
        SmallVector<Value> results = {prefix, total};
        llvm::append_range(results, slices);
        return results;
      },
      [&] {
        SmallVector<Value> results = {e.idx(0), e.idx(slots + 1)};
        results.append(per, e.idx(0));
        return results;
      });
  plan.prefix = scan[0];
  plan.items = scan[1];
  plan.slices.assign(scan.begin() + 2, scan.end());
}

/// A work item (slice `index` of block row `row`; the row's slices are the
/// items `firstItem` .. `firstItem` + `slice.numSlices` - 1).
struct BsrWorkItem {
  Value row, index, firstItem;
  BsrSlice slice;
};

/// Work item `item` (< plan.items) of `plan`: the thread whose rows hold it
/// writes the row, the item's slice, the row's first item and slice count,
/// its first block and count into `scratch` (six i32), and every thread
/// reads them after a barrier. The caller keeps `scratch` unread by anyone
/// when this starts.
BsrWorkItem findWorkItem(ImplicitLocOpBuilder &b, const BsrWorkPlan &plan,
                         Value item, int64_t rows, int64_t k, Value scratch) {
  Emitter e{b};
  auto i32 = b.getI32Type();
  Value first = plan.prefix;
  for (auto [j, n] : llvm::enumerate(plan.slices)) {
    Value next = e.add(first, n);
    Value has = arith::AndIOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::ule, first, item),
        e.ult(item, next));
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, has);
    Value values[] = {plan.rowIds[j], arith::SubIOp::create(b, item, first),
                      first,          n,
                      plan.starts[j], plan.lengths[j]};
    for (auto [i, v] : llvm::enumerate(values))
      memref::StoreOp::create(b, arith::IndexCastUIOp::create(b, i32, v),
                              scratch, ValueRange{e.idx(i)});
    first = next;
  }
  gpu::BarrierOp::create(b);
  auto read = [&](int64_t i) {
    Value v = memref::LoadOp::create(b, scratch, ValueRange{e.idx(i)});
    return arith::IndexCastUIOp::create(b, b.getIndexType(), v).getResult();
  };
  BsrWorkItem w;
  // (The clamps keep every access in bounds: the values are the plan's.)
  w.row = arith::MinUIOp::create(b, read(0), e.idx(rows - 1));
  w.index = read(1);
  w.firstItem = read(2);
  Value numSlices = read(3), start = read(4), length = read(5);
  // With wholeBlocks the items are the slices past the first.
  if (plan.wholeBlocks) {
    w.index = e.add(w.index, 1);
    numSlices = e.add(numSlices, 1);
  }
  // Slice `index` of the row: blocks index S .. min((index + 1) S, length).
  BsrSlice &sl = w.slice;
  sl.sliceBlocks = k / kBlock;
  Value begin = arith::MinUIOp::create(
      b, arith::MulIOp::create(b, w.index, plan.sliceBlocks), length);
  sl.first = e.add(start, begin);
  sl.count = arith::MinUIOp::create(b, arith::SubIOp::create(b, length, begin),
                                    plan.sliceBlocks);
  sl.numSlices = numSlices;
  return w;
}

/// The first item and the item count of block row `row` in `plan` (after
/// buildWorkItems, which it splits): the thread that holds the row writes
/// them into `scratch` (two i32), every thread reads them after a barrier.
/// The caller keeps `scratch` unread by anyone when this starts.
std::pair<Value, Value> findRowItems(ImplicitLocOpBuilder &b,
                                     const BsrWorkPlan &plan, Value row,
                                     Value scratch) {
  Emitter e{b};
  auto i32 = b.getI32Type();
  Value first = plan.prefix;
  for (auto [j, n] : llvm::enumerate(plan.slices)) {
    Value next = e.add(first, n);
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                         plan.rowIds[j], row));
    memref::StoreOp::create(b, arith::IndexCastUIOp::create(b, i32, first),
                            scratch, ValueRange{e.idx(0)});
    memref::StoreOp::create(b, arith::IndexCastUIOp::create(b, i32, n), scratch,
                            ValueRange{e.idx(1)});
    first = next;
  }
  gpu::BarrierOp::create(b);
  auto read = [&](int64_t i) {
    Value v = memref::LoadOp::create(b, scratch, ValueRange{e.idx(i)});
    return arith::IndexCastUIOp::create(b, b.getIndexType(), v).getResult();
  };
  return {read(0), read(1)};
}

/// A matmul kernel and its arguments (partials and counters: null unless
/// split).
struct BsrKernel {
  gpu::GPUFuncOp func;
  Value x, rowPtr, colIdx, blocks, y, partials, counters;
  /// A planned ring kernel's S, W and C (RingSlices; i32), else empty.
  ValueRange planArgs;
};

/// Creates a matmul kernel ([`maps` tensor maps,] [S, W, C i32 when
/// `planned`,] x, row_ptr, col_idx, blocks, y[, partials f32 [?], counters
/// i32 [counters] when `split`]). The plan's values come first among the
/// scalars, since every block reads them before anything else (last, the
/// kernels measured the same: perf notes v32, step 3).
BsrKernel createMatmulKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                             StringRef name, const BsrTypes &ty, bool split,
                             int64_t counters, bool planned = false,
                             int64_t maps = 0) {
  SmallVector<Type> types;
  if (planned)
    types.append(3, b.getI32Type());
  types.append({ty.x, ty.rowPtr, ty.colIdx, ty.blocks, ty.y});
  if (split)
    types.append({MemRefType::get({ShapedType::kDynamic}, b.getF32Type()),
                  MemRefType::get({counters}, b.getI32Type())});
  BsrKernel kernel;
  kernel.func = createKernel(b, module, name, types, maps);
  // (A TMA ring's maps come first: RingMainloop::buildTma reads them.)
  auto args = kernel.func.getArguments().drop_front(maps);
  if (planned) {
    kernel.planArgs = args.take_front(3);
    args = args.drop_front(3);
  }
  kernel.x = args[0];
  kernel.rowPtr = args[1];
  kernel.colIdx = args[2];
  kernel.blocks = args[3];
  kernel.y = args[4];
  if (split) {
    kernel.partials = args[5];
    kernel.counters = args[6];
  }
  return kernel;
}

/// What a thread block of a split one-row ring kernel computes
/// (planRingWork): `slice` of block row `row` (slice `index` of the row's
/// `slice.numSlices`; its slices past the first are the items from
/// `firstExtra` on). The row's counter (getCounter) and partial slots
/// (getSlot; T (rows + C) for a grid of T rows of tiles, C the plan's
/// capacity: the stub sizes the partials by C, where the static slices
/// took T rows split_k) are found after the K loop. The values are
/// warp-uniform (broadcastLane0), so ptxas keeps them in uniform registers
/// over the K loop (they were parked in shared memory while they lived in
/// vector registers, which spilled at the kernel's launch bound; perf notes
/// v32: the same time, no spill).
struct RingWork {
  BsrSlice slice;
  Value row, index, firstExtra;
  int64_t rows;

  /// The row's counter in row of tiles y: y rows + the row (found after
  /// the K loop, where y is read again, so that it holds no register over
  /// the loop).
  Value getCounter(ImplicitLocOpBuilder &b) const {
    Emitter e{b};
    return e.add(e.mul(e.blockId(gpu::Dimension::y), rows), row);
  }

  /// The partial slot of the row's slice `s` in row of tiles y of T: the
  /// first slices' T rows slots by tile (y rows + the row), then the extra
  /// items' T C slots by item (T rows + (its first extra item + s - 1) T +
  /// y; items below C). Only the grid's y and T, which ptxas reads again
  /// from special registers, and the uniform work values enter: C kept
  /// over the K loop spilled 16 bytes in the 128-row kernel at its
  /// 48-register bound.
  Value getSlot(ImplicitLocOpBuilder &b, Value s) const {
    // In 32 bits: every value here is at most T (rows + C) <= T rows
    // split_k, which checkBsrLowerable keeps below 2^31.
    auto i32 = [&](Value v) -> Value {
      return arith::IndexCastUIOp::create(b, b.getI32Type(), v);
    };
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, v, 32);
    };
    Value y = i32(gpu::BlockIdOp::create(b, gpu::Dimension::y));
    Value tiles = i32(gpu::GridDimOp::create(b, gpu::Dimension::y));
    Value first = arith::AddIOp::create(b, arith::MulIOp::create(b, y, c(rows)),
                                        i32(row));
    Value item = arith::AddIOp::create(b, i32(firstExtra), i32(s));
    Value extra = arith::AddIOp::create(
        b,
        arith::MulIOp::create(b, arith::AddIOp::create(b, item, c(rows - 1)),
                              tiles),
        y);
    Value s0 = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, i32(s), c(0));
    return arith::IndexCastUIOp::create(
        b, b.getIndexType(), arith::SelectOp::create(b, s0, first, extra));
  }
};

/// The work of block (x, y, z) of a split one-row ring kernel (BN = 32,
/// split_k > 1), with (S, W, C) of RingSlices: block (x, y, 0) always
/// takes the first slice of block row x, the whole row when it holds at
/// most W blocks (then it reads no more than that row's bounds). When some
/// row is longer (the plan splits), the rows longer than W are cut into
/// slices of S blocks and their slices past the first are the work items
/// (buildWorkItems) of the blocks with z > 0, block (x, y, z) item
/// (z - 1) rows + x. A well-formed weight has at most C such items
/// (getBsrRingPlan), so only the blocks of a long row and the blocks of
/// items below C read row_ptr whole (buildWorkPlan's readWorkRows) to know
/// whether and how the plan splits; the others are done. When a malformed
/// row_ptr makes more than C items, every block takes its row's first
/// slice only and nothing is split. `scratch` is an i32 view of at least
/// warps + 8 entries of shared memory that nothing else uses until the
/// caller's next barrier.
RingWork planRingWork(ImplicitLocOpBuilder &b, const BsrKernel &kernel,
                      RingMainloop &loop, const BsrRingLayout &layout,
                      int64_t rows, int64_t k, Value scratch) {
  Emitter e{b};
  const Tiling &t = loop.t;
  int64_t spare = rows * (t.splitK - 1);
  Value xBlock = e.blockId(gpu::Dimension::x);
  Value z = loop.tile.slice;
  Value nnzb = memref::DimOp::create(b, kernel.colIdx, 0);
  auto [lo, length] = loadRowRange(b, kernel.rowPtr, xBlock, nnzb, k / kBlock);
  RingSlices slices(b, kernel.planArgs, spare, layout.sliceBlocks);
  Value sliceBlocks = slices.sliceBlocks, wholeBlocks = slices.wholeBlocks;
  Value item =
      e.add(e.mul(arith::SubIOp::create(b, z, e.idx(1)), rows), xBlock);
  Value isLong = e.ult(wholeBlocks, length);
  Value ownFirst = arith::MinUIOp::create(b, length, sliceBlocks);
  // (row, first block, count, slices of the row, slice, first extra item).
  auto nothing = [&] {
    return SmallVector<Value>{xBlock,   e.idx(0), e.idx(0),
                              e.idx(0), e.idx(1), e.idx(0)};
  };
  // The first slice of the row only: the whole row when short.
  auto firstOnly = [&](Value count) {
    return SmallVector<Value>{xBlock, lo, count, e.idx(1), e.idx(0), e.idx(0)};
  };
  Value isFirst = e.eq(z, 0);
  Value needsPlan = arith::SelectOp::create(
      b, isFirst, isLong, slices.withinCapacity(b, e.add(item, 1)));
  SmallVector<Value> work = buildSelect(
      b, needsPlan,
      [&] {
        BlockThreads threads{loop.tid, loop.lane, loop.warp, t.threads};
        BsrWorkPlan plan = readWorkRows(b, kernel.rowPtr, kernel.colIdx,
                                        threads, rows, k, /*countRows=*/false);
        plan.sliceBlocks = sliceBlocks;
        plan.wholeBlocks = wholeBlocks;
        setSplits(b, plan, wholeBlocks);
        buildWorkItems(b, plan, threads, spare, scratch);
        // No row is split (the plan does not split, or a malformed row_ptr
        // makes more items than blocks): the block's row's first slice in
        // block z = 0 (a long row's only when malformed), nothing else.
        Value fits = arith::AndIOp::create(
            b, plan.splits, slices.withinCapacity(b, plan.items));
        return buildSelect(
            b, fits,
            [&] {
              return buildSelect(
                  b, isFirst,
                  [&] {
                    auto [firstExtra, extras] =
                        findRowItems(b, plan, xBlock, scratch);
                    return SmallVector<Value>{xBlock,   lo,
                                              ownFirst, e.add(extras, 1),
                                              e.idx(0), firstExtra};
                  },
                  [&] {
                    return buildSelect(
                        b, e.ult(item, plan.items),
                        [&] {
                          BsrWorkItem w =
                              findWorkItem(b, plan, item, rows, k, scratch);
                          return SmallVector<Value>{
                              w.row,         w.slice.first,
                              w.slice.count, w.slice.numSlices,
                              w.index,       w.firstItem};
                        },
                        nothing);
                  });
            },
            [&] {
              return buildSelect(
                  b, isFirst, [&] { return firstOnly(ownFirst); }, nothing);
            });
      },
      [&] {
        return buildSelect(
            b, isFirst, [&] { return firstOnly(length); }, nothing);
      });
  // (Uniform for ptxas from here on: broadcastLane0.)
  for (Value &v : work)
    v = broadcastLane0(b, v);
  RingWork w;
  w.rows = rows;
  w.row = work[0];
  w.slice.first = work[1];
  w.slice.count = work[2];
  w.slice.numSlices = work[3];
  w.slice.sliceBlocks = layout.sliceBlocks;
  w.index = work[4];
  w.firstExtra = work[5];
  return w;
}

/// The launch bounds of a register-direct BSR kernel: its block size, and
/// as many blocks a multiprocessor as one wave of the grid's `blocks`
/// needs, but no more than leave each thread the registers of
/// ConfigAttr::getBsrRegisterThreadRegisters (two groups of loads in
/// flight, its accumulators and about 40 more).
void setBounds(gpu::GPUFuncOp func, const BsrRegisterOperands &operands,
               int64_t blocks, int64_t sms) {
  int64_t threads = 32 * operands.loop.config.getNumWarps();
  setLaunchBounds(func, threads,
                  std::min<int64_t>(llvm::divideCeil(blocks, sms),
                                    ConfigAttr::getBsrRegisterBlocksPerSM(
                                        threads, operands.tokenTiles,
                                        operands.stages)));
}

/// Builds one register-direct matmul kernel: (x, row_ptr, col_idx, blocks,
/// y[, partials, counters]). Block (x, y) of the grid computes 16 rows
/// (scheduleRegisterTile) of block row x, or with split_k = 2 of work item
/// x when the plan splits (buildWorkPlan); see BsrRegisterOperands.
void buildRegisterKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         StringRef name, ConfigAttr config, const BsrTypes &ty,
                         int64_t counters, int64_t sms) {
  int64_t k = ty.x.getDimSize(1), n = ty.y.getDimSize(1);
  bool split = config.getSplitK() > 1;
  BsrKernel kernel = createMatmulKernel(b, module, name, ty, split, counters);
  Value x = kernel.x, rowPtr = kernel.rowPtr, colIdx = kernel.colIdx,
        blocks = kernel.blocks, y = kernel.y;
  Emitter e{b};
  RegisterMainloop loop(b, config, x, k);
  BsrRegisterOperands operands{loop};
  operands.warps = loop.warpsK;
  operands.stages = config.getStages();
  operands.tokenTiles = config.getMaxM() == 0 || config.getMaxM() > 8 ? 2 : 1;
  int64_t rows = n / kBlock;
  setBounds(kernel.func, operands, rows, sms);
  BsrRingLayout layout = getBsrRingLayout(config, k);
  operands.x = x;
  operands.blocks = blocks;
  operands.list = createSharedView(b, loop.smem, {layout.list / 4},
                                   b.getI32Type(), e.idx(layout.tablesOffset));
  RegisterEpilogue epilogue(loop, [](Value) { return Value(); });
  auto f16x2 = VectorType::get({2}, b.getF16Type());
  auto toHalf = [&](Value total, const RegisterEpilogue::Slot &) {
    return arith::TruncFOp::create(b, f16x2, total).getResult();
  };

  Value xBlock = e.div(loop.tile.blockCol, kBlock);
  auto buildOwnRow = [&] {
    Value sums = operands.buildSliceLoop(
        buildSlice(b, rowPtr, colIdx, xBlock, e.idx(0), k, layout.sliceBlocks),
        colIdx, k);
    epilogue.store(sums, y, toHalf);
  };
  if (!split) {
    buildOwnRow();
    gpu::ReturnOp::create(b);
    return;
  }

  BlockThreads threads{loop.tid, loop.lane, loop.warp, loop.threads};
  BsrWorkPlan plan = buildWorkPlan(
      b, rowPtr, colIdx, threads, rows,
      getBsrRegisterMinSlice(operands.warps * operands.stages), k);
  // The scratch of the item scan and of the item lies over the warps' sums:
  // the scan frees it before the own row's zeros are stored, and the item
  // starts with a barrier (those zeros' stores read the sums).
  Value scratch = createSharedView(b, loop.smem, {operands.warps + 8},
                                   b.getI32Type(), e.idx(0));
  buildWorkItems(b, plan, threads, rows, scratch);
  Value items = plan.items;
  // A malformed row_ptr (rows that overlap) may make more items than
  // blocks: then nothing is split either.
  Value useItems = arith::AndIOp::create(
      b, plan.splits,
      arith::CmpIOp::create(b, arith::CmpIPredicate::ule, items, e.idx(rows)));
  auto ifItems = scf::IfOp::create(b, useItems, /*withElse=*/true);
  // No row is split: every block keeps its own row, as without split_k.
  b.setInsertionPointToStart(&ifItems.getElseRegion().front());
  buildOwnRow();
  b.setInsertionPointToStart(&ifItems.getThenRegion().front());
  {
    // The block's own row without a block: its zeros.
    Value nnzb = memref::DimOp::create(b, colIdx, 0);
    Value ownCount = loadRowRange(b, rowPtr, xBlock, nnzb, k / kBlock).second;
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, e.eq(ownCount, 0));
    SmallVector<Value> zeros(2 * operands.tokenTiles,
                             buildZeroF32Accumulator(b));
    epilogue.store(loop.storeSums(operands.getPairs(zeros), b.getF32Type()), y,
                   toHalf);
  }
  buildIfThen(b, e.ult(xBlock, items));
  gpu::BarrierOp::create(b);
  BsrWorkItem item = findWorkItem(b, plan, xBlock, rows, k, scratch);
  loop.tile.blockCol = e.mul(item.row, kBlock);
  Value sums = operands.buildSliceLoop(item.slice, colIdx, k);
  // A row of one slice is stored by its item directly, a longer one meets
  // in the split reduction of its slices (tile: token tile y of the row;
  // partial slots: the row's items, in token tile y). The conditions are
  // uniform across the block.
  Value single = arith::CmpIOp::create(b, arith::CmpIPredicate::ule,
                                       item.slice.numSlices, e.idx(1));
  auto ifSingle = scf::IfOp::create(b, single, /*withElse=*/true);
  b.setInsertionPointToStart(&ifSingle.getThenRegion().front());
  epilogue.store(sums, y, toHalf);
  b.setInsertionPointToStart(&ifSingle.getElseRegion().front());
  Value tokenTile = e.div(loop.tile.rowBase, 16);
  Value tileIndex = e.add(e.mul(tokenTile, rows), item.row);
  Value firstSlot =
      e.add(e.mul(tokenTile, config.getSplitK() * rows), item.firstItem);
  epilogue.storeSplitOrdered(
      sums, y, kernel.partials, kernel.counters, tileIndex, item.index,
      item.slice.numSlices, [&](Value s) { return e.add(firstSlot, s); },
      toHalf);
  b.setInsertionPointAfter(ifItems);
  gpu::ReturnOp::create(b);
}

/// The plan a split one-row ring kernel of `config` takes from the host
/// stub (RingSlices, the description's `ring_plan`): rows longer than
/// W = min(2 S, max) are cut into slices of S = min(max(min, ceil(nnzb /
/// spare), ceil(nnzb x T / `waveItems`)), max) blocks, T the grid's rows of
/// tiles, min = kBsrMinSliceGroups x stages (three ring fills), max the
/// static slice (ceil(K / 32 / split_k)), spare = rows x (split_k - 1) the
/// blocks with z > 0: the long rows are cut only as far as a wave of
/// `waveItems` items over the grid needs (more slices cost more partials to
/// add up than they save, measured, perf notes v30), and into at most
/// C = min(floor(nnzb / S), spare) slices past their first, which holds for
/// every well-formed weight (a row longer than W has ceil(length / S) - 1
/// <= floor(length / S) of them; S >= nnzb / spare, or S = max and a row
/// has at most split_k - 1 of them).
LaunchRingPlan getBsrRingPlan(ConfigAttr config, int64_t rows, int64_t k,
                              int64_t waveItems) {
  LaunchRingPlan plan;
  plan.size = "nnzb";
  plan.minSlice = kBsrMinSliceGroups * config.getStages();
  plan.maxSlice = llvm::divideCeil(k / kBlock, config.getSplitK());
  plan.spare = rows * (config.getSplitK() - 1);
  plan.waveItems = waveItems;
  return plan;
}

/// The tensor maps of a copy = tma union variant, in the order the kernel
/// takes them: x [M, K] as bytes [M, 2K] in boxes of BM rows, the blocks
/// [nnzb, 32, 32] as bytes [32 nnzb, 64] in boxes of one block, both 64
/// bytes a row with the 64-byte swizzle (x's 128 with the 128-byte one in
/// K tiles of two block columns), and x again in the half boxes
/// (getTmaHalfBoxRows, BM >= 128) and the edge boxes (getTmaRowBoxRows) of
/// a partial tile.
std::vector<LaunchTensorMap> getBsrTensorMaps(ConfigAttr config,
                                              const BsrTypes &ty) {
  if (!config.isTma())
    return {};
  // X's rows of one K tile: 64 bytes (one block column) or 128 (a pair).
  constexpr int64_t blockBytes = 2 * kBlock;
  int64_t rowBytes = 2 * config.getBlockK();
  std::vector<LaunchTensorMap> maps = {
      {"x", ty.x.getDimSize(1) * 2, config.getBlockM(), rowBytes},
      {"blocks", blockBytes, kBlock, blockBytes}};
  if (int64_t halfRows = getTmaHalfBoxRows(config.getBlockM()))
    maps.push_back({"x", ty.x.getDimSize(1) * 2, halfRows, rowBytes});
  maps.push_back({"x", ty.x.getDimSize(1) * 2,
                  getTmaRowBoxRows(config.getBlockM()), rowBytes});
  return maps;
}

/// Builds one matmul kernel: ([tensor maps,] [S, W, C,] x, row_ptr,
/// col_idx, blocks, y[, partials, counters]). Block (x, y, z): block row x,
/// rows y BM.., slice z, or the work its plan gives it (planRingWork).
/// Union tiles with copy = tma / tma_producer fill their ring by TMA (with
/// a producer warpgroup under launch bounds of the blocks `target` holds).
/// Returns the plan the stub computes for it, if it has one.
std::optional<LaunchRingPlan>
buildMatmulKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                  StringRef name, ConfigAttr config, const BsrTypes &ty,
                  int64_t counters, TargetAttr target) {
  int64_t k = ty.x.getDimSize(1), n = ty.y.getDimSize(1);
  bool split = config.getSplitK() > 1;
  BsrRingLayout layout = getBsrRingLayout(config, k);
  bool planned = layout.rows == 1 &&
                 isBsrRingPlanned(layout.blockCols, config.getBlockM(),
                                  config.getStages(), config.getSplitK());
  int64_t maps = getBsrTensorMaps(config, ty).size();
  BsrKernel kernel =
      createMatmulKernel(b, module, name, ty, split, counters, planned, maps);
  Value x = kernel.x, rowPtr = kernel.rowPtr, colIdx = kernel.colIdx,
        blocks = kernel.blocks, y = kernel.y;

  // fp16 rows of 32: padded to 80 bytes for ldmatrix, 64-byte-swizzled
  // (unpadded) with wgmma.
  Tiling tiling(config, /*elementBytes=*/2);
  if (tiling.producer) {
    // A producer warpgroup moves registers with setmaxnreg, which ptxas
    // honours only under launch bounds.
    tiling.residentBlocks = getRingResidentBlocks(target, tiling, layout.total);
    setLaunchBounds(kernel.func, tiling.launchThreads, tiling.residentBlocks);
  }
  RingMainloop loop(b, tiling, x, k, /*byteRings=*/false);
  Emitter e{b};
  BsrRingOperands operands;
  operands.x = x;
  operands.blocks = blocks;
  int64_t rowHalves = tiling.rowBytes / 2;
  operands.aRing =
      createSharedView(b, loop.smem, {tiling.stages, tiling.bm, rowHalves},
                       b.getF16Type(), e.add(loop.ringShift, layout.aOffset));
  operands.bRing =
      createSharedView(b, loop.smem, {tiling.stages, tiling.bn, rowHalves},
                       b.getF16Type(), e.add(loop.ringShift, layout.bOffset));
  if (tiling.wgmma) {
    operands.aRingBase = e.add(loop.ringBase, layout.aOffset);
    operands.bRingBase = e.add(loop.ringBase, layout.bOffset);
  }
  auto table = [&](int64_t offset) {
    return e.add(loop.ringShift, layout.tablesOffset + offset);
  };
  operands.list = createSharedView(b, loop.smem, {layout.list / 4},
                                   b.getI32Type(), table(0));
  operands.rows = layout.rows;
  operands.pairs = layout.pairs;
  int64_t rows = n / kBlock;
  BsrSlice slice;
  // A split one-row tile whose slices could be shorter than the static
  // ones (isBsrRingPlanned): its work (planRingWork), partial slots and
  // counter.
  std::optional<RingWork> work;
  std::optional<LaunchRingPlan> plan;
  if (planned) {
    // The plan's scratch lies in the A ring, which the K loop's first
    // copies fill only after storeGatherList's barrier.
    Value scratch =
        createSharedView(b, loop.smem, {tiling.threads / 32 + 8},
                         b.getI32Type(), e.add(loop.ringShift, layout.aOffset));
    // As many blocks a multiprocessor as the shared memory allows (without
    // the bound the plan's values raise the registers from 48 to 65 and
    // the blocks of 256 threads from 5 to 3); the plan aims at a wave of
    // such blocks.
    // The launch bound asks for the blocks the shared memory allows, but
    // not past 48 registers a thread (what the 128-row planned kernels run
    // at, 5 blocks of 256 threads): a 3-stage ring's small shared memory
    // asked for 11 blocks of 128 threads, 40 registers, and ptxas refused.
    constexpr int64_t kRegisterFile = 65536, kMinRegisters = 48;
    int64_t resident =
        std::min(target.getResidentBlocks(layout.total, tiling.threads),
                 kRegisterFile / (kMinRegisters * tiling.threads));
    setLaunchBounds(kernel.func, tiling.threads, resident);
    plan = getBsrRingPlan(config, rows, k,
                          resident * target.getMultiprocessorCount());
    work = planRingWork(b, kernel, loop, layout, rows, k, scratch);
    slice = work->slice;
    storeGatherList(b, colIdx, operands.list, slice, loop.tid, tiling.threads,
                    k);
  } else if (layout.rows == 1) {
    slice = buildSlice(b, rowPtr, colIdx, e.blockId(gpu::Dimension::x),
                       loop.tile.slice, k, layout.sliceBlocks);
    storeGatherList(b, colIdx, operands.list, slice, loop.tid, tiling.threads,
                    k);
  } else {
    operands.masks = createSharedView(b, loop.smem, {layout.blockCols},
                                      b.getI32Type(), table(layout.list));
    operands.blockOf =
        createSharedView(b, loop.smem, {layout.rows, layout.blockCols},
                         b.getI32Type(), table(layout.list + layout.masks));
    // A producer warpgroup's threads help build the tables its copies read.
    slice = buildUnionSlice(
        b, rowPtr, colIdx, e.mul(e.blockId(gpu::Dimension::x), layout.rows),
        layout.rows, loop.tile.slice, layout, operands.masks, operands.blockOf,
        operands.list, loop.tid, loop.lane, loop.warp, tiling.launchThreads);
  }
  operands.first = slice.first;
  if (tiling.tma) {
    operands.barriersOffset = layout.barriersOffset;
    loop.buildTma(
        operands, [] {}, slice.count);
  } else {
    loop.build(
        operands, [] {}, slice.count);
  }
  if (work) {
    loop.tile.blockCol = e.mul(work->row, kBlock);
    loop.tile.slice = work->index;
  }

  auto f16x2 = VectorType::get({2}, b.getF16Type());
  auto scale = [&](const Pair &p, Value) -> Value {
    return arith::TruncFOp::create(b, f16x2, p.value);
  };
  RingEpilogue epilogue(loop, y, scale);
  SmallVector<Pair> pairs = loop.getPairs();
  if (!split) {
    epilogue.store(pairs);
  } else {
    // A row of at most one slice's blocks (or none: zeros) is stored by
    // slice 0 directly; a longer one meets in the split reduction of its
    // non-empty slices; the row's other blocks store nothing. The
    // conditions are uniform across the block.
    Value single = arith::CmpIOp::create(b, arith::CmpIPredicate::ule,
                                         slice.numSlices, e.idx(1));
    Value sliceIndex = loop.tile.slice;
    {
      OpBuilder::InsertionGuard guard(b);
      buildIfThen(b, arith::AndIOp::create(b, single, e.eq(sliceIndex, 0)));
      epilogue.store(pairs);
    }
    OpBuilder::InsertionGuard guard(b);
    Value notSingle = arith::XOrIOp::create(
        b, single, arith::ConstantIntOp::create(b, b.getI1Type(), 1));
    buildIfThen(b, arith::AndIOp::create(b, notSingle,
                                         e.ult(sliceIndex, slice.numSlices)));
    if (work)
      epilogue.storeSplitSlots(pairs, kernel.partials, kernel.counters,
                               work->getCounter(b), slice.numSlices,
                               [&](Value s) { return work->getSlot(b, s); });
    else
      epilogue.storeSplitKOrdered(pairs, kernel.partials, kernel.counters,
                                  getRingTileIndex(b, n, tiling.bn),
                                  slice.numSlices);
  }
  gpu::ReturnOp::create(b);
  return plan;
}

/// Whether the i32 `v` is outside [0, bound).
Value isOutside(ImplicitLocOpBuilder &b, Value v, int64_t bound) {
  // Unsigned: a negative v is large.
  return arith::CmpIOp::create(b, arith::CmpIPredicate::uge, v,
                               arith::ConstantIntOp::create(b, bound, 32));
}

/// The checks of one row of the structure, rows = N / 32: row_ptr[r] and
/// row_ptr[r + 1] in order within [0, nnzb] and at most K / 32 apart, then
/// its col_idx entries in [0, K / 32) and strictly ascending. Returns
/// whether the row is malformed (i1).
Value buildRowCheck(ImplicitLocOpBuilder &b, Value rowPtr, Value colIdx,
                    Value r, Value nnzb64, int64_t k) {
  Emitter e{b};
  auto i64 = b.getI64Type();
  Value lo = arith::ExtSIOp::create(
      b, i64, memref::LoadOp::create(b, rowPtr, ValueRange{r}));
  Value hi = arith::ExtSIOp::create(
      b, i64, memref::LoadOp::create(b, rowPtr, ValueRange{e.add(r, 1)}));
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, p, x, y);
  };
  Value zero = arith::ConstantIntOp::create(b, i64, 0);
  Value bad = cmp(arith::CmpIPredicate::slt, lo, zero);
  bad = arith::OrIOp::create(b, bad, cmp(arith::CmpIPredicate::slt, hi, lo));
  bad = arith::OrIOp::create(b, bad, cmp(arith::CmpIPredicate::sgt, hi, nnzb64));
  bad = arith::OrIOp::create(
      b, bad,
      cmp(arith::CmpIPredicate::sgt, arith::SubIOp::create(b, hi, lo),
          arith::ConstantIntOp::create(b, i64, k / kBlock)));
  auto ifValid = scf::IfOp::create(b, TypeRange{b.getI1Type()}, bad,
                                   /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifValid.getThenRegion().front());
  scf::YieldOp::create(b, ValueRange{bad});
  b.setInsertionPointToStart(&ifValid.getElseRegion().front());
  // The bounds are valid: walk the row's entries.
  Value loIdx = arith::IndexCastOp::create(b, b.getIndexType(), lo);
  Value hiIdx = arith::IndexCastOp::create(b, b.getIndexType(), hi);
  Value noPrev = arith::ConstantIntOp::create(b, -1, 32);
  auto walk = scf::ForOp::create(b, loIdx, hiIdx, e.idx(1),
                                 ValueRange{noPrev, bad});
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(walk.getBody());
    Value prev = walk.getRegionIterArgs()[0];
    Value c = memref::LoadOp::create(b, colIdx,
                                     ValueRange{walk.getInductionVar()});
    Value rowBad = arith::OrIOp::create(b, walk.getRegionIterArgs()[1],
                                        isOutside(b, c, k / kBlock));
    rowBad = arith::OrIOp::create(b, rowBad,
                                  cmp(arith::CmpIPredicate::sle, c, prev));
    scf::YieldOp::create(b, ValueRange{c, rowBad});
  }
  scf::YieldOp::create(b, ValueRange{walk.getResult(1)});
  return ifValid.getResult(0);
}

/// Builds `validate`: (row_ptr, col_idx, status i32 [1]); thread i checks
/// entry i of row_ptr (the first must be 0, the last nnzb) and, below the
/// last, row i's entries (buildRowCheck); a malformed structure stores 1
/// into status[0], which the stub zeroes before the launch.
void buildValidateKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         const BsrTypes &ty, Type statusType) {
  int64_t rows = ty.rowPtr.getDimSize(0) - 1, k = ty.x.getDimSize(1);
  gpu::GPUFuncOp func = createKernel(
      b, module, "validate", {ty.rowPtr, ty.colIdx, statusType});
  Value rowPtr = func.getArgument(0), colIdx = func.getArgument(1),
        status = func.getArgument(2);
  Emitter e{b};
  Value i = e.add(e.mul(e.blockId(gpu::Dimension::x), kValidateThreads),
                  e.threadId());
  {
    OpBuilder::InsertionGuard guard(b);
    buildIfThen(b, e.ult(i, e.idx(rows + 1)));
    auto i64 = b.getI64Type();
    Value nnzb64 = arith::IndexCastOp::create(
        b, i64, memref::DimOp::create(b, colIdx, 0));
    Value v = arith::ExtSIOp::create(
        b, i64, memref::LoadOp::create(b, rowPtr, ValueRange{i}));
    Value first = arith::AndIOp::create(
        b, e.eq(i, 0),
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, v,
                              arith::ConstantIntOp::create(b, i64, 0)));
    Value last = arith::AndIOp::create(
        b, e.eq(i, rows),
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, v, nnzb64));
    Value bad = arith::OrIOp::create(b, first, last);
    auto row = scf::IfOp::create(b, TypeRange{b.getI1Type()},
                                 e.ult(i, e.idx(rows)), /*withElse=*/true);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(&row.getThenRegion().front());
      scf::YieldOp::create(
          b, ValueRange{buildRowCheck(b, rowPtr, colIdx, i, nnzb64, k)});
      b.setInsertionPointToStart(&row.getElseRegion().front());
      scf::YieldOp::create(
          b, ValueRange{arith::ConstantIntOp::create(b, b.getI1Type(), 0)});
    }
    bad = arith::OrIOp::create(b, bad, row.getResult(0));
    buildIfThen(b, bad);
    memref::StoreOp::create(b, arith::ConstantIntOp::create(b, 1, 32), status,
                            ValueRange{e.idx(0)});
  }
  gpu::ReturnOp::create(b);
}

} // namespace

bool kernel::isBsr(MatmulOp op) {
  return op.getWeightEncoding().getFormat() == WeightFormat::bsr &&
         !op.getLhsEncoding().isQuantized() &&
         op.getLhs().getType().getElementType().isF16();
}

LogicalResult kernel::checkBsrLowerable(MatmulOp op) {
  // The verifier admits only 32 x 32 blocks.
  for (Value weights : op.getWeights().drop_front())
    if (!ShapedType::isDynamic(cast<MemRefType>(weights.getType()).getDimSize(0)))
      return op.emitOpError()
             << "expected a dynamic number of stored blocks (dim 0 of "
                "col_idx and blocks, `?`) for the BSR kernels, got "
             << weights.getType() << ": nnzb is a run-time size of the stub";
  for (auto config : op.getConfigsAttr().getAsRange<ConfigAttr>()) {
    if (config.isRegisterDirect()) {
      // One block row per thread block; the warps split its blocks.
      if (config.getBlockN() != kBlock || config.getWarpN() != kBlock)
        return op.emitOpError()
               << "expected cta tile N and warp tile N of 32 (one block "
                  "row) for a BSR config with operands = registers, got "
               << config.getBlockN() << " and " << config.getWarpN();
      if (failed(checkSharedMemory(op, config)))
        return failure();
      if (config.getSplitK() > 2)
        return op.emitOpError()
               << "expected split_k of 1 or 2 for a BSR config with operands "
                  "= registers (2: the blocks of empty block rows take slices "
                  "of the long ones), got "
               << config.getSplitK();
      if (config.getSplitK() > 1 && config.getMaxM() == 0)
        return op.emitOpError()
               << "expected a max_m with split_k > 1 for BSR (the split "
                  "counters are sized for it), got config "
               << config;
      continue;
    }
    // The ring refills a slot only once its previous tile was read: one
    // slot would be overwritten while it is read (a 1-stage one-row tile
    // ring gave results that differ from run to run, fuzz run e206).
    if (config.getStages() < 2)
      return op.emitOpError() << "expected stages >= 2 for the BSR ring, got "
                              << config.getStages();
    int64_t bn = config.getBlockN();
    // K tiles of two block columns: the producer's TMA union tiles only.
    bool pairs = config.getBlockK() == 2 * kBlock && bn > kBlock &&
                 config.isTmaProducer() && op.getK() % (2 * kBlock) == 0;
    if (bn % kBlock != 0 || bn > 8 * kBlock ||
        (config.getBlockK() != kBlock && !pairs))
      return op.emitOpError()
             << "expected cta tile N of 32 to 256 (1 to 8 block rows) and K "
                "of 32 (one stored block) for BSR, or K of 64 (two block "
                "columns) for union tiles with copy = tma_producer and K a "
                "multiple of 64, got "
             << bn << " and " << config.getBlockK();
    // A last tile past N takes no block of the rows past it, and the
    // epilogue masks their columns.
    if (bn > op.getN())
      return op.emitOpError() << "expected cta tile N (" << bn
                              << ") to be at most N (" << op.getN() << ")";
    if (bn > kBlock && !config.isWgmma() && config.getWarpN() != kBlock)
      return op.emitOpError()
             << "expected warp tile N of 32 (one block row per warp) for a "
                "BSR tile of several block rows, got "
             << config.getWarpN();
    // A wgmma tile's threads each hold its m64nBN f32 accumulator (BN / 2
    // registers) and about 32 more (ptxas on the union tiles: 256 x 128 at
    // 96 registers, 192 x 192 at 128, 128 x 256 at 168; 256 x 160 and
    // 192 x 224 refused at 96 and 128, C7602), within what one block of its
    // threads (two of one producer warpgroup's and one of tiles at most 128
    // wide, as getRingResidentBlocks) has: beyond it ptxas refuses the
    // producer's kernel, and a kernel without launch bounds fails to launch.
    if (config.isWgmma()) {
      int64_t threads = config.getBlockThreads();
      int64_t blocks =
          config.isTmaProducer() && threads <= 256 && bn <= 128 ? 2 : 1;
      int64_t registers =
          std::min<int64_t>(kRegistersPerSM / (blocks * threads) / 8 * 8, 255);
      constexpr int64_t kOtherRegisters = 32;
      if (bn / 2 + kOtherRegisters > registers)
        return op.emitOpError()
               << "expected cta tile N of at most "
               << 2 * (registers - kOtherRegisters) << " for config " << config
               << ": a thread of its " << threads << " has " << registers
               << " registers, the m64nN f32 accumulator takes N / 2 and "
                  "the rest about "
               << kOtherRegisters << ", got N = " << bn;
    }
    if (failed(checkSharedMemory(op, config)))
      return failure();
    if (config.getSplitK() > 1 && config.getMaxM() == 0)
      return op.emitOpError()
             << "expected a max_m with split_k > 1 for BSR (the split "
                "counters are sized for it), got config "
             << config;
    // The planned kernels number their partial slots in 32 bits.
    int64_t slots = llvm::divideCeil(config.getMaxM(), config.getBlockM()) *
                    llvm::divideCeil(op.getN(), bn) * config.getSplitK();
    if (config.getSplitK() > 1 && slots > std::numeric_limits<int32_t>::max())
      return op.emitOpError()
             << "expected at most 2^31 - 1 partial tiles (ceil(max_m / BM) "
                "x ceil(N / BN) x split_k) for a split BSR config, got "
             << slots << " for config " << config;
  }
  return success();
}

int64_t kernel::getBsrCounterCount(MatmulOp op) {
  return std::max<int64_t>(getSplitTileCount(op), 1);
}

SmallVector<LaunchKernel, 0> kernel::buildBsrKernels(ImplicitLocOpBuilder &b,
                                                     gpu::GPUModuleOp module,
                                                     MatmulOp op) {
  BsrTypes ty;
  ty.x = op.getLhs().getType();
  ty.rowPtr = cast<MemRefType>(op.getWeights()[0].getType());
  ty.colIdx = cast<MemRefType>(op.getWeights()[1].getType());
  ty.blocks = cast<MemRefType>(op.getWeights()[2].getType());
  ty.y = op.getOut().getType();
  SmallVector<LaunchKernel, 0> kernels;
  buildValidateKernel(b, module, ty,
                      MemRefType::get({1}, b.getI32Type()));
  LaunchKernel &validate = kernels.emplace_back();
  validate.name = "validate";
  validate.role = KernelRole::Validate;
  validate.threads = kValidateThreads;
  validate.blocks =
      llvm::divideCeil(ty.rowPtr.getDimSize(0), kValidateThreads);
  // A variant's kernel depends on neither max_m nor min_fill (a split
  // kernel's tile counters are sized for the largest max_m of the family,
  // its partial tiles by the stub per call): variants that differ only
  // there share one kernel.
  DenseMap<ConfigAttr, std::pair<std::string, std::optional<LaunchRingPlan>>>
      built;
  for (auto [i, config] :
       llvm::enumerate(op.getConfigsAttr().getAsRange<ConfigAttr>())) {
    std::string name = "matmul_v" + std::to_string(i);
    // (A register-direct kernel has one token tile up to max_m = 8.)
    ConfigAttr key = getKernelKey(config);
    std::optional<LaunchRingPlan> plan;
    auto known = built.find(key);
    if (known != built.end()) {
      std::tie(name, plan) = known->second;
    } else if (config.isRegisterDirect()) {
      buildRegisterKernel(b, module, name, config, ty, getBsrCounterCount(op),
                          op.getTargetAttr().getMultiprocessorCount());
      built[key] = {name, plan};
    } else {
      plan = buildMatmulKernel(b, module, name, config, ty,
                               getBsrCounterCount(op), op.getTargetAttr());
      built[key] = {name, plan};
    }
    LaunchKernel &variant = kernels.emplace_back();
    variant.name = name;
    variant.ringPlan = plan;
    variant.role = KernelRole::Matmul;
    variant.threads = config.getBlockThreads();
    variant.tensorMaps = getBsrTensorMaps(config, ty);
    variant.blockM = config.getBlockM();
    variant.blockN = config.getBlockN();
    variant.maxM = config.getMaxM();
    variant.splitK = config.getSplitK();
    variant.splitInKernel = config.isRegisterDirect() && config.getSplitK() > 1;
    variant.sharedMemory = getSharedMemoryBytes(op, config);
    if (config.getMinFill() > 0) {
      int64_t full = (op.getN() / kBlock) * (op.getK() / kBlock);
      variant.minSizes.emplace_back(
          "nnzb", llvm::divideCeil(full * config.getMinFill(), 100));
    }
  }
  return kernels;
}
