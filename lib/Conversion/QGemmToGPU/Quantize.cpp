//===- Quantize.cpp - per-token int8 quantization kernels -----------------===//
//
// The standalone quantize kernel and the quantization fused into a
// register-direct matmul (see Quantize.h), with the arithmetic they share:
// the row absmax, the row scale and its reciprocal, and the division-free
// bit-exact rounding of a chunk of values.
//
//===----------------------------------------------------------------------===//

#include "Quantize.h"

#include "TileScheduler.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

namespace {

/// Most warps the quantize kernel gives one row.
constexpr int64_t kQuantizeMaxWarps = 8;

/// Warps of the quantize kernel for rows of `k` values: one 8-value chunk
/// per lane and round, up to kQuantizeMaxWarps warps.
int64_t getQuantizeWarps(int64_t k) {
  return std::clamp<int64_t>(k / 8 / 32, 1, kQuantizeMaxWarps);
}

/// absmax over the fp16 vectors `values` of every lane of the warp (each
/// lane gets the result): per lane, then butterfly shuffles.
Value buildWarpAbsMax(ImplicitLocOpBuilder &b, ArrayRef<Value> values) {
  Emitter e{b};
  Value absmax = e.f32(0);
  for (Value half : values) {
    auto f32Vec = VectorType::get(cast<VectorType>(half.getType()).getShape(),
                                  b.getF32Type());
    Value v = arith::ExtFOp::create(b, f32Vec, half);
    // |v| as max(v, -v): convert-gpu-to-nvvm routes llvm.fabs to libdevice.
    Value a = arith::MaximumFOp::create(b, v, arith::NegFOp::create(b, v));
    Value r = vector::ReductionOp::create(b, vector::CombiningKind::MAXNUMF, a);
    absmax = e.fmax(absmax, r);
  }
  return buildWarpMax(b, absmax);
}

/// The per-token scale of a row with absmax `absmax`: absmax / 127.
Value buildRowScale(ImplicitLocOpBuilder &b, Value absmax) {
  return arith::DivFOp::create(b, absmax, Emitter{b}.f32(127.0f));
}

/// The reciprocal the quantization multiplies by: 1 / scale, or 0 for a
/// row whose absmax is 0 (every value then quantizes to 0).
Value buildQuantizeReciprocal(ImplicitLocOpBuilder &b, Value absmax,
                              Value scale) {
  Emitter e{b};
  Value zeroRow =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, absmax, e.f32(0));
  return arith::SelectOp::create(b, zeroRow, e.f32(0),
                                 arith::DivFOp::create(b, e.f32(1), scale));
}

/// q = clamp(roundeven(x / scale), -128, 127) of the fp16 vector `halves`
/// as int8, bit-exact, without a division per value: with r = 1 / scale
/// (rounded to nearest), q0 = x * r, the residual x - q0 * scale is exact
/// in one fma, and q0 + residual * r (one more fma) is x / scale rounded to
/// nearest fp32 (Markstein's correction). Checked against the division for
/// every fp16 absmax and every fp16 x with |x| <= absmax
/// (test/unit: QuantizeArithmetic).
Value buildQuantizedChunk(ImplicitLocOpBuilder &b, Value halves, Value scale,
                          Value recip) {
  Emitter e{b};
  ArrayRef<int64_t> shape = cast<VectorType>(halves.getType()).getShape();
  auto f32Vec = VectorType::get(shape, b.getF32Type());
  auto i32Vec = VectorType::get(shape, b.getI32Type());
  auto i8Vec = VectorType::get(shape, b.getI8Type());
  auto splat = [&](Value v) -> Value {
    return vector::BroadcastOp::create(b, f32Vec, v);
  };
  Value x = arith::ExtFOp::create(b, f32Vec, halves);
  Value r = splat(recip), s = splat(scale);
  Value q0 = arith::MulFOp::create(b, x, r);
  Value residual = LLVM::FMAOp::create(b, arith::NegFOp::create(b, q0), s, x);
  Value q = LLVM::FMAOp::create(b, residual, r, q0);
  // Clamp, then round half to even by adding 1.5 * 2^23: for |q| <= 128
  // the fp32 add itself rounds to an integer (to nearest even), which sits
  // in the low mantissa bits (1.5 * 2^23 has a zero low byte), so the low
  // byte of the sum's bits is q as int8. Clamping first gives the same
  // result as rounding first because the bounds are integers.
  q = arith::MinimumFOp::create(
      b, arith::MaximumFOp::create(b, q, splat(e.f32(-128.0f))),
      splat(e.f32(127.0f)));
  q = arith::AddFOp::create(b, q, splat(e.f32(12582912.0f)));
  return arith::TruncIOp::create(b, i8Vec,
                                 arith::BitcastOp::create(b, i32Vec, q));
}

/// Values of a row quantized 8 at a time: thread tid owns the 8-value
/// chunks tid, tid + threads, ... A last partial round repeats the last
/// chunk (harmless for absmax); its stores are guarded (guardPartialRound).
constexpr int64_t kQuantizeChunk = 8;

/// The first column of each chunk thread `tid` owns in a row of `k` values
/// (kQuantizeChunk values per chunk, `threads` threads).
SmallVector<Value> buildChunkColumns(ImplicitLocOpBuilder &b, Value tid,
                                     int64_t k, int64_t threads) {
  Emitter e{b};
  int64_t chunks = k / kQuantizeChunk;
  SmallVector<Value> cols;
  for (int64_t i = 0; i * threads < chunks; ++i) {
    Value chunk = e.add(tid, i * threads);
    if ((i + 1) * threads > chunks)
      chunk = arith::MinUIOp::create(b, chunk, e.idx(chunks - 1));
    cols.push_back(e.mul(chunk, kQuantizeChunk));
  }
  return cols;
}

/// Opens an scf.if around the stores of round `i` when it is the partial
/// last round (its spare threads hold a repeated chunk); `b` is then inside
/// it, under the caller's InsertionGuard. Nothing for a full round.
void guardPartialRound(ImplicitLocOpBuilder &b, Value tid, int64_t i, int64_t k,
                       int64_t threads) {
  Emitter e{b};
  int64_t chunks = k / kQuantizeChunk;
  if ((i + 1) * threads <= chunks)
    return;
  auto inRow = scf::IfOp::create(
      b, e.ult(e.add(tid, i * threads), e.idx(chunks)), /*withElse=*/false);
  b.setInsertionPointToStart(&inRow.getThenRegion().front());
}

/// Zeros in row `row` of `xq` past K (`k`) up to its pitch (its type's
/// second dim, getW8A8ActivationPitch): the ring kernels read them as
/// their last K tile's edge. One 8-byte chunk a thread of the first ones.
void storeActivationPadding(ImplicitLocOpBuilder &b, Value xq, Value row,
                            Value tid, int64_t k, int64_t threads) {
  Emitter e{b};
  int64_t pad = cast<MemRefType>(xq.getType()).getDimSize(1) - k;
  if (pad <= 0)
    return;
  assert(pad % kQuantizeChunk == 0 && pad / kQuantizeChunk <= threads &&
         "a pad of whole chunks, one a thread at most");
  (void)threads;
  OpBuilder::InsertionGuard guard(b);
  buildIfThen(b, e.ult(tid, e.idx(pad / kQuantizeChunk)));
  Value zeros = arith::ConstantOp::create(
      b,
      DenseElementsAttr::get(VectorType::get({kQuantizeChunk}, b.getI8Type()),
                             b.getI8IntegerAttr(0)));
  vector::StoreOp::create(
      b, zeros, xq,
      ValueRange{row, e.add(e.mul(tid, kQuantizeChunk), e.idx(k))},
      /*nontemporal=*/false, llvm::Align(kQuantizeChunk));
}

} // namespace

int64_t kernel::getQuantizeThreads(int64_t k) {
  return 32 * getQuantizeWarps(k);
}

void kernel::buildQuantizeKernel(ImplicitLocOpBuilder &b,
                                 gpu::GPUModuleOp module, MemRefType xType,
                                 MemRefType xqType, MemRefType sxType,
                                 MemRefType countersType, bool programmatic) {
  gpu::GPUFuncOp func = createKernel(b, module, "quantize",
                                     {xType, xqType, sxType, countersType});
  Emitter e{b};
  Value x = func.getArgument(0), xq = func.getArgument(1),
        sx = func.getArgument(2), counters = func.getArgument(3);
  // The matmul may start now: it only reads what this kernel writes after
  // its own griddepcontrol.wait.
  if (programmatic)
    buildLaunchDependents(b);
  int64_t k = xType.getDimSize(1);
  auto f16Vec = VectorType::get({kQuantizeChunk}, b.getF16Type());

  int64_t warps = getQuantizeWarps(k);
  int64_t threads = 32 * warps;
  Value tid = e.threadId();
  Value lane = e.rem(tid, 32), warp = e.div(tid, 32);
  Value block = e.blockId(gpu::Dimension::x);
  {
    // counters[i] = 0 for i in [0, dim), grid-stride.
    Value first = e.add(e.mul(block, threads), tid);
    Value stride = e.mul(gpu::GridDimOp::create(b, gpu::Dimension::x), threads);
    Value count = memref::DimOp::create(b, counters, 0);
    Value zero = arith::ConstantIntOp::create(b, 0, 32);
    auto zeroLoop = scf::ForOp::create(b, first, count, stride);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(zeroLoop.getBody());
    memref::StoreOp::create(b, zero, counters, zeroLoop.getInductionVar());
  }
  // One block per row (the condition is uniform across the block).
  Value row = block;
  Value m = memref::DimOp::create(b, x, 0);
  auto inBounds = scf::IfOp::create(b, e.ult(row, m), /*withElse=*/false);
  b.setInsertionPointToStart(&inBounds.getThenRegion().front());

  // Each thread keeps its chunks (buildChunkColumns) in registers: all
  // loads of the row are issued back to back (one memory latency), the row
  // is read once, and the per-thread work is short.
  SmallVector<Value> cols = buildChunkColumns(b, tid, k, threads), values;
  for (Value col : cols)
    values.push_back(vector::LoadOp::create(b, f16Vec, x, ValueRange{row, col},
                                            /*nontemporal=*/false,
                                            llvm::Align(16)));
  // Kept as fp16 (4 registers per chunk) and widened where used.
  // absmax of the row: per lane, then across the warp.
  Value absmax = buildWarpAbsMax(b, values);
  // Then across the warps, through a workgroup buffer of one value each.
  if (warps > 1) {
    Value buffer = func.addWorkgroupAttribution(
        getSharedMemRefType(b.getContext(), {warps}, b.getF32Type()),
        b.getLoc());
    auto lane0 = scf::IfOp::create(b, e.eq(lane, 0),
                                   /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&lane0.getThenRegion().front());
      memref::StoreOp::create(b, absmax, buffer, ValueRange{warp});
    }
    gpu::BarrierOp::create(b);
    absmax = memref::LoadOp::create(b, buffer, ValueRange{e.idx(0)});
    for (int64_t i = 1; i < warps; ++i)
      absmax = e.fmax(absmax,
                      memref::LoadOp::create(b, buffer, ValueRange{e.idx(i)}));
  }
  Value scale = buildRowScale(b, absmax);
  auto thread0 = scf::IfOp::create(b, e.eq(tid, 0), /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&thread0.getThenRegion().front());
    memref::StoreOp::create(b, scale, sx, ValueRange{row});
  }
  Value recip = buildQuantizeReciprocal(b, absmax, scale);

  // Quantize from registers.
  for (auto [i, col] : llvm::enumerate(cols)) {
    Value qi = buildQuantizedChunk(b, values[i], scale, recip);
    OpBuilder::InsertionGuard guard(b);
    guardPartialRound(b, tid, i, k, threads);
    vector::StoreOp::create(b, qi, xq, ValueRange{row, col},
                            /*nontemporal=*/false, llvm::Align(kQuantizeChunk));
  }
  storeActivationPadding(b, xq, row, tid, k, threads);
  b.setInsertionPointAfter(inBounds);
  gpu::ReturnOp::create(b);
}

/// The quantization of a fuse_quantize variant, in every block: rows
/// r < M <= max_m of x are read in 8-value chunks (chunk tid + i * threads),
/// their absmax found per warp and then across the warps through shared
/// memory, and each row is quantized as the quantize kernel does into
/// shared memory [max_m, K + 16] i8, with its scale in [max_m] f32. Block 0
/// also stores the int8 rows and scales into xq and sx (the workspace keeps
/// what the two-kernel path leaves there). Returns the shared-memory view of
/// the rows, valid after the final barrier, and the max_m row scales (1 for
/// rows past M), which every thread holds.
std::pair<Value, SmallVector<Value>>
kernel::buildFusedQuantize(ImplicitLocOpBuilder &b, ConfigAttr config,
                           const RegisterSharedLayout &layout, Value smem,
                           Value x, Value xq, Value sx, Value m) {
  Emitter e{b};
  int64_t rowsMax = config.getMaxM(), warps = config.getNumWarps();
  int64_t threads = 32 * warps;
  int64_t k = cast<MemRefType>(x.getType()).getDimSize(1);
  auto view = [&](ArrayRef<int64_t> shape, Type elt, int64_t offset) -> Value {
    return createSharedView(b, smem, shape, elt, e.idx(offset));
  };
  Value rows = view({rowsMax, layout.rowStride}, b.getI8Type(), layout.rows);
  Value maxima = view({rowsMax, warps}, b.getF32Type(), layout.maxima);

  auto f16Vec = VectorType::get({kQuantizeChunk}, b.getF16Type());
  Value tid = e.threadId();
  Value lane = e.rem(tid, 32), warp = e.div(tid, 32);
  Value isBlock0 = e.eq(e.blockId(gpu::Dimension::x), 0);
  SmallVector<Value> cols = buildChunkColumns(b, tid, k, threads);
  int64_t rounds = cols.size();
  // Pass 1: load row r (r < M, a block-uniform condition) and publish the
  // warp's absmax.
  Value zeroChunk = arith::ConstantOp::create(
      b, DenseElementsAttr::get(f16Vec, b.getF16FloatAttr(0)));
  SmallVector<SmallVector<Value>> values;
  for (int64_t r = 0; r < rowsMax; ++r) {
    SmallVector<Type> resultTypes(rounds, f16Vec);
    auto inM = scf::IfOp::create(b, resultTypes, e.ult(e.idx(r), m),
                                 /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&inM.getThenRegion().front());
    SmallVector<Value> loaded;
    for (Value col : cols)
      loaded.push_back(
          vector::LoadOp::create(b, f16Vec, x, ValueRange{e.idx(r), col},
                                 /*nontemporal=*/false, llvm::Align(16)));
    Value absmax = buildWarpAbsMax(b, loaded);
    auto lane0 = scf::IfOp::create(b, e.eq(lane, 0),
                                   /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&lane0.getThenRegion().front());
      memref::StoreOp::create(b, absmax, maxima, ValueRange{e.idx(r), warp});
    }
    scf::YieldOp::create(b, loaded);
    b.setInsertionPointToStart(&inM.getElseRegion().front());
    scf::YieldOp::create(b, SmallVector<Value>(rounds, zeroChunk));
    values.push_back(SmallVector<Value>(inM.getResults()));
  }
  gpu::BarrierOp::create(b);
  // Pass 2: every warp reduces the row's maxima (the same value in every
  // thread), then each thread quantizes its chunks into shared memory.
  SmallVector<Value> scales;
  for (int64_t r = 0; r < rowsMax; ++r) {
    auto inM = scf::IfOp::create(b, b.getF32Type(), e.ult(e.idx(r), m),
                                 /*withElse=*/true);
    scales.push_back(inM.getResult(0));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&inM.getElseRegion().front());
    scf::YieldOp::create(b, ValueRange{e.f32(1.0f)});
    b.setInsertionPointToStart(&inM.getThenRegion().front());
    Value row = e.idx(r);
    // Lane i reads warp i's maximum (warps <= 32), then a butterfly.
    Value absmax = buildWarpMax(
        b, memref::LoadOp::create(
               b, maxima,
               ValueRange{row,
                          arith::MinUIOp::create(b, lane, e.idx(warps - 1))}));
    Value scale = buildRowScale(b, absmax);
    auto thread0 =
        scf::IfOp::create(b, arith::AndIOp::create(b, isBlock0, e.eq(tid, 0)),
                          /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&thread0.getThenRegion().front());
      memref::StoreOp::create(b, scale, sx, ValueRange{row});
    }
    Value recip = buildQuantizeReciprocal(b, absmax, scale);
    for (auto [i, col] : llvm::enumerate(cols)) {
      Value q = buildQuantizedChunk(b, values[r][i], scale, recip);
      OpBuilder::InsertionGuard guard(b);
      guardPartialRound(b, tid, i, k, threads);
      vector::StoreOp::create(b, q, rows, ValueRange{row, col},
                              /*nontemporal=*/false,
                              llvm::Align(kQuantizeChunk));
      auto block0 = scf::IfOp::create(b, isBlock0, /*withElse=*/false);
      b.setInsertionPointToStart(&block0.getThenRegion().front());
      vector::StoreOp::create(b, q, xq, ValueRange{row, col},
                              /*nontemporal=*/false,
                              llvm::Align(kQuantizeChunk));
    }
    {
      OpBuilder::InsertionGuard guard(b);
      auto block0 = scf::IfOp::create(b, isBlock0, /*withElse=*/false);
      b.setInsertionPointToStart(&block0.getThenRegion().front());
      storeActivationPadding(b, xq, row, tid, k, threads);
    }
    scf::YieldOp::create(b, ValueRange{scale});
  }
  gpu::BarrierOp::create(b);
  return {rows, scales};
}
