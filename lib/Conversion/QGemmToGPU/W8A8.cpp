//===- W8A8.cpp - the W8A8 scheme of the kernel library -------------------===//
//
// The W8A8 hooks of the mainloops and epilogues and the composition of its
// kernel family (see W8A8.h):
//   quantize   one block per row (Quantize.h);
//   matmul_v*  per config: a RingMainloop (mma.sync m16n8k32 s8, or wgmma
//              m64nNk32 s8 on sm_90a) and a RingEpilogue (split-K when the
//              config says so), or with operands = registers a
//              RegisterMainloop and RegisterEpilogue, optionally quantizing
//              the rows itself (fuse_quantize). On sm_90 and later the
//              block's sw is prefetched into L2 at the start of a ring
//              variant, for the epilogue; a register variant loads its
//              epilogue's scales with its operands.
//
//===----------------------------------------------------------------------===//

#include "W8A8.h"

#include "Epilogue.h"
#include "Mainloop.h"
#include "Quantize.h"
#include "TileScheduler.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

namespace {

/// The weight scales sw[col..col+1] as a vector<2xf32>.
Value loadScalePair(ImplicitLocOpBuilder &b, Value sw, Value col) {
  auto f32x2 = VectorType::get({2}, b.getF32Type());
  return vector::LoadOp::create(b, f32x2, sw, ValueRange{col},
                                /*nontemporal=*/false, llvm::Align(8));
}

/// The epilogue of one accumulator pair: f16(f32(acc) * rowScale *
/// swPair) as a vector<2xf16>, swPair = sw[col..col+1] (loadScalePair).
Value buildScaledPair(ImplicitLocOpBuilder &b, Value acc, Value rowScale,
                      Value swPair) {
  auto f32x2 = VectorType::get({2}, b.getF32Type());
  auto f16x2 = VectorType::get({2}, b.getF16Type());
  Value f = arith::SIToFPOp::create(b, f32x2, acc);
  f = arith::MulFOp::create(b, f,
                            vector::BroadcastOp::create(b, f32x2, rowScale));
  f = arith::MulFOp::create(b, f, swPair);
  return arith::TruncFOp::create(b, f16x2, f);
}

/// The zero accumulator of one m16n8 int32 mma tile.
Value buildZeroInt32Accumulator(ImplicitLocOpBuilder &b) {
  auto accType = VectorType::get({2, 2}, b.getI32Type());
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(accType, b.getI32IntegerAttr(0)));
}

/// int8 operands of a ring mainloop: A is xq, B is wq, both row-major bytes
/// along K, copied as they are; ldmatrix fragments, mma.sync m16n8k32 or
/// wgmma m64nNk32 s8 with int32 accumulators.
struct Int8RingOperands : RingOperands {
  Value xq, w;
  Int8RingOperands(Value xq, Value w) : xq(xq), w(w) {}

  void copyA(RingMainloop &loop, Value kTile, Value slot,
             SmallVectorImpl<Value> &tokens) override {
    loop.copyRows(xq, loop.aRing, loop.t.bm, loop.tile.blockRow,
                  /*maskRows=*/true, kTile, slot, tokens);
  }
  /// The weights' edge rows and chunks are not zero-filled: xq's chunks
  /// past K are, which zeroes their int8 products, and the columns of rows
  /// past N are never stored. The masks cost the copy loop a third more
  /// instructions where both edges are cut, and the one warpgroup that
  /// issues them 1.25x the time (64 x 64 tiles, 4904 x 6176; perf notes
  /// v64).
  void copyB(RingMainloop &loop, Value kTile, Value slot,
             SmallVectorImpl<Value> &tokens) override {
    loop.copyRows(w, loop.bRing, loop.t.bn, loop.tile.blockCol,
                  /*maskRows=*/false, kTile, slot, tokens,
                  /*zeroEdges=*/false);
  }
  /// copy = tma where BN does not divide N: the last column tile copies its
  /// N mod BN rows of W (the weights' edge map, the kernel's third) and
  /// leaves the rest of its slot as it was (channels past N, never stored);
  /// TMA would fill them with zeros at a fraction of its copy rate (perf
  /// notes v48). Other tiles copy their BN rows.
  int64_t getEdgeRows(RingMainloop &loop) {
    return cast<MemRefType>(w.getType()).getDimSize(0) % loop.t.bn;
  }
  Value isWholeColumnTile(RingMainloop &loop) {
    Emitter e{loop.b};
    int64_t n = cast<MemRefType>(w.getType()).getDimSize(0);
    // N < BN: the one column tile is the last.
    if (n < loop.t.bn)
      return arith::ConstantIntOp::create(loop.b, 0, 1);
    return e.ult(loop.tile.blockCol, e.idx(n - loop.t.bn + 1));
  }
  void copyTmaB(RingMainloop &loop, Value kTile, Value slot) override {
    if (!getEdgeRows(loop))
      return RingOperands::copyTmaB(loop, kTile, slot);
    ImplicitLocOpBuilder &b = loop.b;
    OpBuilder::InsertionGuard guard(b);
    auto ifWhole = scf::IfOp::create(b, isWholeColumnTile(loop),
                                     /*withElse=*/true);
    b.setInsertionPointToStart(ifWhole.thenBlock());
    loop.copyTmaWeights(loop.tmaMaps[1], kTile, slot);
    b.setInsertionPointToStart(ifWhole.elseBlock());
    loop.copyTmaWeights(loop.tmaMaps[2], kTile, slot);
  }
  Value getTmaSkippedBBytes(RingMainloop &loop) override {
    int64_t rows = getEdgeRows(loop);
    if (!rows)
      return Value();
    return arith::SelectOp::create(
        loop.b, isWholeColumnTile(loop), buildI32(loop.b, 0),
        buildI32(loop.b, (loop.t.bn - rows) * loop.t.rowBytes));
  }
  Value buildZeroAccumulator(ImplicitLocOpBuilder &b) override {
    return buildZeroInt32Accumulator(b);
  }
  Type getWgmmaAccumulatorElementType(ImplicitLocOpBuilder &b) override {
    return b.getI32Type();
  }
  void buildMmaSyncTile(RingMainloop &loop, Value slot,
                        MutableArrayRef<Value> accs) override;
  Value buildWgmmaTile(RingMainloop &loop, Value acc, Value descA,
                       Value descB) override;
};

void Int8RingOperands::buildMmaSyncTile(RingMainloop &loop, Value slot,
                                        MutableArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  const Tiling &t = loop.t;
  Emitter e{b};
  auto aFragType = VectorType::get({4, 4}, b.getI8Type());
  auto bFragType = VectorType::get({2, 4}, b.getI8Type());
  Value aRowInTile = e.rem(loop.lane, 16),
        aColHalf = e.mul(e.div(loop.lane, 16), 16);
  Value bRowInTile = e.rem(loop.lane, 8),
        bColHalf = e.mul(e.rem(e.div(loop.lane, 8), 2), 16);
  for (int64_t kk = 0; kk < t.bk / 32; ++kk) {
    SmallVector<Value> aFrags, bFrags;
    for (int64_t mi = 0; mi < t.mTiles; ++mi) {
      Value r = e.add(e.add(loop.warpRow, mi * 16), aRowInTile);
      Value c = e.add(aColHalf, kk * 32);
      aFrags.push_back(nvgpu::LdMatrixOp::create(
          b, aFragType, loop.aRing, ValueRange{slot, r, c},
          /*transpose=*/false, /*numTiles=*/4));
    }
    for (int64_t ni = 0; ni < t.nTiles; ++ni) {
      Value r = e.add(e.add(loop.warpCol, ni * 8), bRowInTile);
      Value c = e.add(bColHalf, kk * 32);
      bFrags.push_back(nvgpu::LdMatrixOp::create(
          b, bFragType, loop.bRing, ValueRange{slot, r, c},
          /*transpose=*/false, /*numTiles=*/2));
    }
    for (int64_t mi = 0; mi < t.mTiles; ++mi)
      for (int64_t ni = 0; ni < t.nTiles; ++ni) {
        Value &acc = accs[mi * t.nTiles + ni];
        acc = nvgpu::MmaSyncOp::create(b, aFrags[mi], bFrags[ni], acc,
                                       ArrayRef<int64_t>{16, 8, 32});
      }
  }
}

// wgmma m64nBNk32 s8, saturating int32 accumulators.
Value Int8RingOperands::buildWgmmaTile(RingMainloop &loop, Value acc,
                                       Value descA, Value descB) {
  return loop.buildWgmmaSteps(
      acc, descA, descB, 32, NVVM::WGMMATypes::s8, NVVM::WGMMATypes::s32,
      NVVM::MMAIntOverflowAttr::get(loop.b.getContext(),
                                    NVVM::MMAIntOverflow::satfinite));
}

/// int8 operands of a register-direct mainloop. Lane (g, q) loads bytes
/// [32q, 32q + 32) of each 128-byte chunk of weight row g of every 8-column
/// mma tile, and of activation rows g and g + 8, as eight 32-bit words.
/// mma k-step s (of 4) takes words 2s and 2s + 1: logical k 4q + i of the
/// step is byte 32q + 8s + i of the chunk, and 16 + 4q + i is byte
/// 32q + 8s + 4 + i. The same permutation on both operands leaves every dot
/// product unchanged. Rows 8..15 of the mma tile are only loaded when the
/// variant admits them (`upperRows`).
struct Int8RegisterOperands : RegisterOperands {
  using Words = SmallVector<SmallVector<Value, 8>>;
  /// The int8 activations (xq, or its rows in shared memory once a fused
  /// variant has quantized them) and weights.
  Value activations, w;
  bool upperRows;
  Value zeroWord;

  Int8RegisterOperands(ImplicitLocOpBuilder &b, Value xq, Value w,
                       bool upperRows)
      : activations(xq), w(w), upperRows(upperRows) {
    auto i8x4 = VectorType::get({4}, b.getI8Type());
    zeroWord = arith::ConstantOp::create(
        b, DenseElementsAttr::get(i8x4, b.getI8IntegerAttr(0)));
  }

  /// Edge tiles: lane (g, q)'s 32 bytes of chunk `j` lie wholly inside K
  /// or past it (K is a multiple of 32). When chunk j may reach past K, the
  /// offset is clamped to K - 32 and `valid` tells whether it was inside
  /// (the activations past K are then zeroed, which zeroes their products;
  /// zeroing the weights instead, loaded chunks ahead, took 84 registers
  /// where N also has an edge, against 72, and halved the resident blocks:
  /// 4904 x 6176 at M = 1, perf notes v64).
  std::pair<Value, Value> getChunkOffset(RegisterMainloop &loop,
                                         const RegisterChunk &j) {
    Emitter e{loop.b};
    Value offset = loop.getChunkOffset(j);
    int64_t k = loop.k;
    if (!j.mayPassK(loop))
      return {offset, Value()};
    Value valid = e.ult(offset, e.idx(k));
    return {arith::MinUIOp::create(loop.b, offset, e.idx(k - 32)), valid};
  }
  Words loadWeights(RegisterMainloop &loop, const RegisterChunk &j) override {
    Emitter e{loop.b};
    Value offset = getChunkOffset(loop, j).first;
    // Rows past N (a warp tile the column tiles do not divide) read row
    // N - 1; their columns are never stored.
    int64_t n = cast<MemRefType>(w.getType()).getDimSize(0);
    Words words(loop.nTiles);
    for (int64_t ni = 0; ni < loop.nTiles; ++ni) {
      Value row = e.add(e.add(loop.warpCol, ni * 8), loop.g);
      if (n % loop.bn != 0)
        row = arith::MinUIOp::create(loop.b, row, e.idx(n - 1));
      loadFragmentWords(loop.b, w, row, offset, words[ni]);
    }
    return words;
  }
  Words loadActivations(RegisterMainloop &loop,
                        const RegisterChunk &j) override {
    Words words(2);
    auto [offset, valid] = getChunkOffset(loop, j);
    loadFragmentWords(loop.b, activations, loop.actRowLo, offset, words[0]);
    if (upperRows)
      loadFragmentWords(loop.b, activations, loop.actRowHi, offset, words[1]);
    if (valid)
      for (SmallVector<Value, 8> &row : words)
        for (Value &word : row)
          word = arith::SelectOp::create(loop.b, valid, word, zeroWord);
    if (!upperRows)
      words[1].assign(8, zeroWord);
    return words;
  }
  Value buildZeroAccumulator(ImplicitLocOpBuilder &b) override {
    return buildZeroInt32Accumulator(b);
  }
  void buildChunk(RegisterMainloop &loop, const RegisterChunk &j,
                  ArrayRef<SmallVector<Value, 8>> act,
                  ArrayRef<SmallVector<Value, 8>> wj,
                  MutableArrayRef<Value> accs) override;
};

void Int8RegisterOperands::buildChunk(RegisterMainloop &loop,
                                      const RegisterChunk &,
                                      ArrayRef<SmallVector<Value, 8>> act,
                                      ArrayRef<SmallVector<Value, 8>> wj,
                                      MutableArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  auto aFragType = VectorType::get({4, 4}, b.getI8Type());
  auto bFragType = VectorType::get({2, 4}, b.getI8Type());
  auto fragment = [&](VectorType type, ArrayRef<Value> words) -> Value {
    Value frag = arith::ConstantOp::create(
        b, DenseElementsAttr::get(type, b.getI8IntegerAttr(0)));
    for (auto [i, word] : llvm::enumerate(words))
      frag = vector::InsertOp::create(b, word, frag,
                                      ArrayRef<int64_t>{int64_t(i)});
    return frag;
  };
  for (int64_t s = 0; s < 4; ++s) {
    // A: rows g, g + 8 at logical k 4q.. then 16 + 4q..; B: column g.
    Value aFrag = fragment(aFragType, {act[0][2 * s], act[1][2 * s],
                                       act[0][2 * s + 1], act[1][2 * s + 1]});
    for (int64_t ni = 0; ni < loop.nTiles; ++ni) {
      Value bFrag = fragment(bFragType, {wj[ni][2 * s], wj[ni][2 * s + 1]});
      accs[ni] = nvgpu::MmaSyncOp::create(b, aFrag, bFrag, accs[ni],
                                          ArrayRef<int64_t>{16, 8, 32});
    }
  }
}

/// The W8A8 kernel types, shared by its kernels: `i32` for the split-K
/// partials, `counters` for their tile counters (dynamic where the quantize
/// kernel zeroes them per call, static where the calls keep them zero).
struct W8A8Types {
  MemRefType x, xq, sx, w, sw, y, i32, counters;
  /// K (xq's rows may be longer: getW8A8ActivationPitch).
  int64_t k = 0;
};

/// The tiling of one variant, with the resident blocks and, for a tail
/// split or stream-K, the column tiles and wave it schedules over.
Tiling getVariantTiling(MatmulOp op, ConfigAttr config) {
  TargetAttr target = op.getTargetAttr();
  Tiling tiling(config);
  tiling.shiftLastRowTile = true;
  tiling.shiftTwoBoxLastRowTile = op.getK() % tiling.bk == 0;
  // The single boxes only where the variant serves a lone tile of 65 to
  // 112 rows (its M range starts past the max_m of the variant before it):
  // other kernels do not take their maps.
  int64_t fromM = 1;
  for (ConfigAttr c : op.getConfigsAttr().getAsRange<ConfigAttr>()) {
    if (c == config)
      break;
    if (c.getMaxM())
      fromM = c.getMaxM() + 1;
  }
  tiling.singleBoxes =
      fromM <= 112 && (config.getMaxM() == 0 || config.getMaxM() > 64);
  tiling.residentBlocks =
      getRingResidentBlocks(target, tiling, getSharedMemoryBytes(op, config));
  if (tiling.tailSplit > 1 || tiling.streamK) {
    tiling.columnTiles = llvm::divideCeil(op.getN(), tiling.bn);
    tiling.waveBlocks = tiling.residentBlocks * target.getMultiprocessorCount();
  }
  return tiling;
}

/// The body of a stream_k ring kernel after griddepcontrol.wait: the
/// block's segments (scheduleStreamKBlock), one pipelined K loop and one
/// epilogue each: a whole tile is stored, a shared one goes through
/// RingEpilogue::storeStreamK. A barrier ends each segment, since the next
/// one refills the ring the epilogue may have staged its tile in.
void buildStreamKSegments(ImplicitLocOpBuilder &b, RingMainloop &loop,
                          RingOperands &operands, Value y, Value partials,
                          Value counters, PairScaling scale) {
  Emitter e{b};
  const Tiling &t = loop.t;
  StreamKBlock sk = scheduleStreamKBlock(b, t.bm, t.columnTiles, t.waveBlocks,
                                         loop.totalKTiles, loop.m);
  auto segments = scf::ForOp::create(b, e.idx(0), sk.numSegments, e.idx(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(segments.getBody());
  loop.tile = scheduleStreamKSegment(b, sk, segments.getInductionVar(), t.bm,
                                     t.bn, t.columnTiles, loop.totalKTiles);
  loop.build(operands, [] {});
  SmallVector<Pair> pairs = loop.getPairs();
  RingEpilogue epilogue(loop, y, scale);
  auto whole = scf::IfOp::create(b, loop.tile.isWhole, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(whole.thenBlock()->getTerminator());
    epilogue.store(pairs);
    b.setInsertionPoint(whole.elseBlock()->getTerminator());
    epilogue.storeStreamK(pairs, partials, counters);
  }
  gpu::BarrierOp::create(b);
}

/// The tensor maps of a TMA ring variant, in the order its kernel takes
/// them: xq in boxes of BM rows (rows of `xqRowBytes`), wq in boxes of BN
/// rows (K-byte rows); where
/// BN does not divide N, wq again in boxes of the last column tile's N mod
/// BN rows (Int8RingOperands::copyTmaB); on 128 x 64 tiles that may serve
/// a lone tile, xq's single boxes of 80, 96 and 112 rows; from BM = 128 on
/// xq's half boxes; last xq's edge boxes (RingMainloop::copyTmaActivations
/// reads the last two or five maps).
std::vector<LaunchTensorMap> getTensorMaps(const Tiling &t, int64_t n,
                                           int64_t k, int64_t xqRowBytes) {
  if (!t.tma)
    return {};
  std::vector<LaunchTensorMap> maps = {{"xq", xqRowBytes, t.bm},
                                       {"wq", k, t.bn}};
  if (n % t.bn)
    maps.push_back({"wq", k, n % t.bn});
  for (int64_t rows : getTmaSingleBoxRows(t))
    maps.push_back({"xq", xqRowBytes, rows});
  if (int64_t halfRows = getTmaHalfBoxRows(t.bm))
    maps.push_back({"xq", xqRowBytes, halfRows});
  maps.push_back({"xq", xqRowBytes, getTmaRowBoxRows(t.bm)});
  return maps;
}

/// Builds one ring matmul kernel:
///   (xq i8 [M, K], sx f32 [M], wq i8 [N, K], sw f32 [N], y f16 [M, N],
///    partials i32 [split_k * M * N], counters i32 [tiles]).
/// The last two are used only when the tiling splits K. Dynamic counters
/// are zeroed by the quantize kernel before every call; static ones (an
/// activation already quantized: W8A8Types::counters) are kept zero, so
/// every split epilogue leaves its counter zero, as the stream-K and
/// tail-split ones always do.
void buildRingKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                     StringRef name, const Tiling &t, const W8A8Types &ty,
                     bool programmatic, bool prefetchScales) {
  // A TMA ring takes its tensor maps first (getTensorMaps).
  int64_t maps =
      getTensorMaps(t, ty.w.getDimSize(0), ty.k, ty.xq.getDimSize(1)).size();
  gpu::GPUFuncOp func = createKernel(
      b, module, name, {ty.xq, ty.sx, ty.w, ty.sw, ty.y, ty.i32, ty.counters},
      maps);
  setRingLaunchBounds(func, t, t.residentBlocks);
  ValueRange args = func.getArguments().drop_front(maps);
  Value xq = args[0], sx = args[1], w = args[2], sw = args[3], y = args[4],
        partials = args[5], counters = args[6];
  int64_t n = ty.w.getDimSize(0), k = ty.k;
  RingMainloop loop(b, t, xq, k, /*byteRings=*/!t.tma);
  Int8RingOperands operands(xq, w);
  // y[row, col..col+1] = f16(f32(acc) * sx[row] * sw[col..]).
  auto scale = [&](const Pair &p, Value scaleRow) -> Value {
    Value s = memref::LoadOp::create(b, sx, ValueRange{scaleRow});
    return buildScaledPair(b, p.value, s, loadScalePair(b, sw, p.col));
  };
  if (t.streamK) {
    if (programmatic)
      buildWaitForPrerequisite(b);
    buildStreamKSegments(b, loop, operands, y, partials, counters, scale);
    gpu::ReturnOp::create(b);
    return;
  }
  auto beforeLoop = [&] {
    if (prefetchScales)
      prefetchToL2(b, sw, loop.tile.blockCol, t.bn * 4, loop.tid);
    if (programmatic)
      buildWaitForPrerequisite(b);
  };
  if (t.tma)
    loop.buildTma(operands, beforeLoop);
  else
    loop.build(operands, beforeLoop);
  SmallVector<Pair> pairs = loop.getPairs();
  RingEpilogue epilogue(loop, y, scale);
  if (t.tailSplit > 1)
    epilogue.storeTailSplit(pairs, partials, counters);
  else if (t.splitK == 1)
    epilogue.store(pairs);
  else if (t.clusterSplit)
    epilogue.storeSplitKCluster(pairs);
  else
    epilogue.storeSplitK(pairs, partials, counters,
                         getRingTileIndex(b, n, t.bn),
                         /*resetCounter=*/ty.counters.hasStaticShape());
  gpu::ReturnOp::create(b);
}

/// Asks for three resident blocks where that takes a register bound: with
/// 16 warps (512 threads) three blocks fit a multiprocessor only at 40
/// registers a thread, which ptxas keeps only when asked: unbounded it took
/// 56 once the epilogue's scales were preloaded, two blocks per
/// multiprocessor, and N = 1024 at M = 33 (384 blocks) went from one wave to
/// two, 9.8 -> 10.9 us (docs/perf-notes.md, v10). Up to 8 warps a thread
/// gets 80 registers for three blocks and needs no bound; three blocks of
/// 32 warps would not fit at all (2048 threads a multiprocessor).
///
/// Smaller blocks whose tiles cut both an N and a K edge (`edges`) ask for
/// the blocks a multiprocessor must hold for the grid at the variant's
/// largest M (`gridBlocks`) to be one wave, where that is three or four:
/// each edge costs a few registers, and 7 warps of 82 (W8A8 4904 x 6176)
/// hold two blocks, which made its 307 blocks two waves: 18.9 us against
/// 14.2 for 4904 x 6272 at 72 registers (perf notes v64). Without edges the
/// kernels stay under the bound, and asking for it there made ptxas take
/// more registers (4864 x 6144: 68 -> 80, spilling 8 bytes), so they are
/// left as they are.
void setRegisterKernelBounds(gpu::GPUFuncOp func, int64_t threads, bool edges,
                             int64_t gridBlocks, int64_t multiprocessors) {
  constexpr int64_t kMaxThreadsPerSM = 2048;
  if (threads > 256) {
    if (3 * threads <= kMaxThreadsPerSM)
      setLaunchBounds(func, threads, 3);
    return;
  }
  int64_t wave = llvm::divideCeil(gridBlocks, multiprocessors);
  if (edges && wave >= 3 && wave <= 4 && wave * threads <= kMaxThreadsPerSM)
    setLaunchBounds(func, threads, wave);
}

/// Builds one register-direct matmul kernel (same arguments as
/// buildRingKernel; with fuse_quantize x f16 [M, K] first) for a target of
/// `multiprocessors`. Each block computes 16 rows. The epilogue's weight
/// scales are loaded with the first weights and its row scales right after
/// the wait (or taken from the fused quantization), so that nothing is read
/// from global memory after the barrier.
void buildRegisterKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         StringRef name, ConfigAttr config, const W8A8Types &ty,
                         bool programmatic, int64_t multiprocessors) {
  bool fused = config.getFuseQuantize();
  SmallVector<Type> types = {ty.xq, ty.sx,  ty.w,       ty.sw,
                             ty.y,  ty.i32, ty.counters};
  if (fused)
    types.insert(types.begin(), ty.x);
  gpu::GPUFuncOp func = createKernel(b, module, name, types);
  Emitter e{b};
  ValueRange args = func.getArguments().drop_front(fused ? 1 : 0);
  Value xq = args[0], sx = args[1], w = args[2], sw = args[3], y = args[4];
  // The variant's grid at its largest M (none without a bound on M).
  int64_t gridBlocks =
      config.getMaxM() > 0
          ? llvm::divideCeil(ty.w.getDimSize(0), config.getBlockN()) *
                llvm::divideCeil(config.getMaxM(), config.getBlockM())
          : 0;
  bool edges = ty.w.getDimSize(0) % config.getBlockN() != 0 &&
               ty.k % ConfigAttr::kRegisterChunkBytes != 0;
  setRegisterKernelBounds(func, 32 * config.getNumWarps(), edges, gridBlocks,
                          multiprocessors);
  RegisterMainloop loop(b, config, xq, ty.k);
  Int8RegisterOperands operands(b, xq, w, /*upperRows=*/config.getMaxM() > 8);
  loop.loadWeightsAhead(operands);
  int64_t n = ty.w.getDimSize(0);
  RegisterEpilogue epilogue(loop, [&](Value col) {
    // Columns past N (never stored) read the last pair of sw.
    Value c = e.add(loop.tile.blockCol, col);
    if (n % config.getBlockN() != 0)
      c = arith::MinUIOp::create(b, c, e.idx(n - 2));
    return loadScalePair(b, sw, c);
  });
  // The weights above do not depend on the quantize kernel; the
  // activations below do.
  if (programmatic)
    buildWaitForPrerequisite(b);
  if (fused) {
    // Activation words from the quantized rows in shared memory, and the
    // slots' row scales from the ones every thread holds (one row block:
    // M <= 8).
    SmallVector<Value> rowScales;
    std::tie(operands.activations, rowScales) = buildFusedQuantize(
        b, config, loop.layout, loop.smem, func.getArgument(0), xq, sx, loop.m);
    for (RegisterEpilogue::Slot &slot : epilogue.slots) {
      slot.rowData = rowScales.front();
      for (int64_t r = 1; r < int64_t(rowScales.size()); ++r)
        slot.rowData = arith::SelectOp::create(b, e.eq(slot.tileRow, r),
                                               rowScales[r], slot.rowData);
    }
  } else {
    // The row scales, issued with the first activations (rows past M, and
    // the tile rows of threads past the last pair, read row M - 1 and are
    // never stored).
    for (RegisterEpilogue::Slot &slot : epilogue.slots)
      slot.rowData = memref::LoadOp::create(
          b, sx,
          ValueRange{arith::MinUIOp::create(
              b, e.add(loop.tile.rowBase, slot.tileRow), loop.mLast)});
  }
  SmallVector<Value> accs = loop.build(operands);
  Value sums = loop.storeSums(accs, b.getI32Type());
  epilogue.store(sums, y, [&](Value total, const RegisterEpilogue::Slot &slot) {
    return buildScaledPair(b, total, slot.rowData, slot.columnData);
  });
  gpu::ReturnOp::create(b);
}

} // namespace

bool kernel::isW8A8(MatmulOp op) {
  if (op.getWeightEncoding().getFormat() != WeightFormat::int8 ||
      !op.getLhsEncoding().getStorage().isInteger(8))
    return false;
  Type lhsElt = op.getLhs().getType().getElementType();
  return lhsElt.isF16() || lhsElt.isInteger(8);
}

bool kernel::isPreQuantizedW8A8(MatmulOp op) {
  return isW8A8(op) && !op.hasFusedQuantize();
}

int64_t kernel::getW8A8ActivationPitch(int64_t k) {
  return llvm::alignTo(k, 128);
}

int64_t kernel::getW8A8CounterCount(MatmulOp op) {
  int64_t most = 0, maxRows = getMaxRows(op);
  for (auto config : op.getConfigsAttr().getAsRange<ConfigAttr>()) {
    if (config.isRegisterDirect())
      continue;
    Tiling t = getVariantTiling(op, config);
    int64_t rows =
        config.getMaxM() > 0 ? std::min(config.getMaxM(), maxRows) : maxRows;
    int64_t tiles = 0;
    if (t.splitK > 1 && !t.clusterSplit)
      tiles = llvm::divideCeil(op.getN(), t.bn) * llvm::divideCeil(rows, t.bm);
    else if (t.streamK)
      tiles = 2 * t.waveBlocks;
    else if (t.tailSplit > 1)
      tiles = t.waveBlocks;
    most = std::max(most, tiles);
  }
  return most;
}

SmallVector<LaunchKernel, 0>
kernel::buildW8A8Kernels(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         MatmulOp op, int64_t programmaticMaxM) {
  int64_t k = op.getK();
  // An activation already quantized is read where the caller put it (xq
  // and sx are the op's operands, of their types); otherwise the quantize
  // kernel writes it into the workspace.
  bool preQuantized = isPreQuantizedW8A8(op);
  W8A8Types ty;
  ty.x = op.getLhs().getType();
  ty.k = k;
  ty.xq =
      preQuantized
          ? op.getLhs().getType()
          : MemRefType::get({ShapedType::kDynamic, getW8A8ActivationPitch(k)},
                            b.getI8Type());
  ty.sx = preQuantized
              ? cast<MemRefType>(op.getLhsScales()[0].getType())
              : MemRefType::get({ShapedType::kDynamic}, b.getF32Type());
  ty.i32 = MemRefType::get({ShapedType::kDynamic}, b.getI32Type());
  // Without a quantize kernel to zero them per call, the counters are a
  // static buffer the calls leave zero (or, where no variant counts slices,
  // the empty partials).
  int64_t counters = preQuantized ? getW8A8CounterCount(op) : 0;
  ty.counters = counters ? MemRefType::get({counters}, b.getI32Type()) : ty.i32;
  ty.w = cast<MemRefType>(op.getWeights()[0].getType());
  ty.sw = cast<MemRefType>(op.getWeights()[1].getType());
  ty.y = op.getOut().getType();
  TargetAttr target = op.getTargetAttr();
  // prefetch.global.L2: the NVPTX backend of LLVM 22 cannot select it for
  // sm_80.
  bool hasPrefetch = target.getSMVersion() >= 90;
  auto configs = llvm::to_vector(op.getConfigsAttr().getAsRange<ConfigAttr>());
  // A variant launches as a programmatic dependent of the quantize kernel;
  // without one it has nothing to wait for.
  auto isProgrammatic = [&](ConfigAttr config) {
    return !preQuantized &&
           isProgrammaticVariant(config, target, programmaticMaxM);
  };
  SmallVector<LaunchKernel, 0> kernels;
  if (!preQuantized) {
    buildQuantizeKernel(b, module, ty.x, ty.xq, ty.sx, ty.i32,
                        llvm::any_of(configs, isProgrammatic));
    LaunchKernel &quantize = kernels.emplace_back();
    quantize.name = "quantize";
    quantize.role = KernelRole::Prologue;
    quantize.threads = getQuantizeThreads(k);
    quantize.rowsPerBlock = 1;
  }
  // A ring kernel does not depend on its variant's max_m (but for whether
  // it launches as a programmatic dependent): variants that differ only
  // there share one kernel (a register-direct kernel's rows do depend on
  // it).
  DenseMap<std::pair<ConfigAttr, unsigned>, std::string> built;
  for (auto [i, config] : llvm::enumerate(configs)) {
    std::string name = "matmul_v" + std::to_string(i);
    Tiling tiling = getVariantTiling(op, config);
    int64_t sharedMemory = getSharedMemoryBytes(op, config);
    bool programmatic = isProgrammatic(config);
    std::pair<ConfigAttr, unsigned> key = {getKernelKey(config), programmatic};
    auto [known, inserted] = built.try_emplace(key, name);
    if (!inserted)
      name = known->second;
    else if (config.isRegisterDirect())
      buildRegisterKernel(b, module, name, config, ty, programmatic,
                          target.getMultiprocessorCount());
    else
      buildRingKernel(b, module, name, tiling, ty, programmatic,
                      /*prefetchScales=*/hasPrefetch);
    LaunchKernel &variant = kernels.emplace_back();
    variant.name = name;
    variant.role = KernelRole::Matmul;
    variant.threads = tiling.launchThreads;
    variant.blockM = tiling.bm;
    variant.blockN = tiling.bn;
    variant.maxM = config.getMaxM();
    variant.splitK = tiling.splitK;
    variant.clusterSplit = tiling.clusterSplit;
    variant.programmatic = programmatic;
    variant.replacesPrologue = config.getFuseQuantize();
    variant.sharedMemory = sharedMemory;
    variant.tailSplit = tiling.tailSplit;
    variant.waveBlocks = tiling.waveBlocks;
    if (tiling.streamK)
      variant.streamKTiles = llvm::divideCeil(k, tiling.bk);
    variant.tensorMaps =
        getTensorMaps(tiling, ty.w.getDimSize(0), k, ty.xq.getDimSize(1));
  }
  return kernels;
}
