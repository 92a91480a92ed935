//===- QGemmToGPU.cpp - lower qgemm.matmul to gpu.module kernels ----------===//
//
// convert-qgemm-to-gpu: turns every configured qgemm.matmul into a family of
// gpu.func kernels built from upstream gpu, nvgpu, scf, vector, memref and
// arith ops, and describes on the enclosing func how the host launches them
// (the host stub generator reads that description).
//
// W8A8 (fp16 activation quantized per token in the kernel family):
//   quantize   one block per row (up to 8 warps): absmax (warp shuffles,
//              then across warps in shared memory), scale = absmax/127,
//              q = clamp(roundeven(x / scale), -128, 127), zero row -> 0;
//   matmul_v*  per config: K loop over a cp.async ring of `stages` slots
//              (plain form, pipelined by qgemm-software-pipeline), ldmatrix,
//              mma.sync m16n8k32 s8 -> s32, epilogue acc * sx[m] * sw[n].
//              With mma = wgmma (sm_90a): warpgroups of wgmma.mma_async
//              m64nNk32 read 128-byte-swizzled ring slots through
//              shared-memory descriptors, and the scaled tile is stored
//              through shared memory in 16-byte row chunks.
//              With split_k = S the grid has S slices along z, each over
//              K / S; every slice stores its int32 partial tile, and the
//              last slice to finish a tile (a counter per tile) adds the S
//              partials (exact in int32, in any order) and runs the epilogue.
//              On sm_90 and later the block's sw is prefetched into L2 at
//              the start, for the epilogue.
//              With operands = registers (M <= max_m): no ring; lanes load
//              their weight and activation bytes straight into mma.sync
//              fragments, the warps along K meet in shared memory, and the
//              epilogue's scales are loaded before the barrier (see
//              buildInt8RegisterKernel).
//
// On sm_90 and later the variants (those with max_m <= programmatic-max-m;
// all by default) are launched as programmatic dependents of the quantize
// kernel: they wait (griddepcontrol.wait) for the quantized activations
// before the K loop, and the pipelined prologue issues the weight copies,
// marked independent of quantize, before it. Measured on the H200
// (docs/perf-notes.md, v9): 0.4 to 2.3 us faster for every variant.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Conversion/LaunchDescription.h"
#include "qgemm/Conversion/Passes.h"
#include "qgemm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-qgemm-to-gpu"

namespace mlir::qgemm {
#define GEN_PASS_DEF_CONVERTQGEMMTOGPU
#include "qgemm/Conversion/Passes.h.inc"
} // namespace mlir::qgemm

using namespace mlir;
using namespace mlir::qgemm;

namespace {

/// Most warps the quantize kernel gives one row.
constexpr int64_t kQuantizeMaxWarps = 8;

/// Warps of the quantize kernel for rows of `k` values: one 8-value chunk
/// per lane and round, up to kQuantizeMaxWarps warps.
int64_t getQuantizeWarps(int64_t k) {
  return std::clamp<int64_t>(k / 8 / 32, 1, kQuantizeMaxWarps);
}
/// Bytes moved by one cp.async.
constexpr int64_t kCopyBytes = 16;
/// fp16 padding after each row of the staged output tile: a row stride of
/// 16 x odd bytes puts the eight rows one warp writes in distinct banks.
constexpr int64_t kStagePadHalves = 8;
/// Alignment of the workspace sections, in bytes.
constexpr int64_t kWorkspaceAlign = 256;

/// Small helpers over an ImplicitLocOpBuilder.
struct Emitter {
  ImplicitLocOpBuilder &b;

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value add(Value x, int64_t y) { return y == 0 ? x : add(x, idx(y)); }
  Value mul(Value x, int64_t y) { return arith::MulIOp::create(b, x, idx(y)); }
  Value div(Value x, int64_t y) { return arith::DivUIOp::create(b, x, idx(y)); }
  Value rem(Value x, int64_t y) { return arith::RemUIOp::create(b, x, idx(y)); }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ult, x, y);
  }
  Value eq(Value x, int64_t y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, x, idx(y));
  }
  Value f32(float v) {
    return arith::ConstantOp::create(b, b.getF32FloatAttr(v));
  }
  /// max(x, y) of two non-negative floats as compare and select: the
  /// scalar arith max ops become libdevice calls on some chips.
  Value fmax(Value x, Value y) {
    Value gt = arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, x, y);
    return arith::SelectOp::create(b, gt, x, y);
  }
  Value threadId() { return gpu::ThreadIdOp::create(b, gpu::Dimension::x); }
  Value blockId(gpu::Dimension d) { return gpu::BlockIdOp::create(b, d); }
};

/// Creates `gpu.func @name(types) kernel` in `module` and positions `b` in
/// its body.
gpu::GPUFuncOp createKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                            StringRef name, TypeRange types) {
  b.setInsertionPointToEnd(module.getBody());
  auto func = gpu::GPUFuncOp::create(b, name, b.getFunctionType(types, {}));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  b.setInsertionPointToStart(&func.getBody().front());
  return func;
}

/// The maximum of the non-negative f32 `value` over the lanes of the warp
/// (each lane gets it): butterfly shuffles.
Value buildWarpMax(ImplicitLocOpBuilder &b, Value value) {
  Emitter e{b};
  for (int64_t offset = 16; offset >= 1; offset /= 2) {
    Value other =
        gpu::ShuffleOp::create(b, value, offset, 32, gpu::ShuffleMode::XOR)
            .getShuffleResult();
    value = e.fmax(value, other);
  }
  return value;
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
  Value residual =
      LLVM::FMAOp::create(b, arith::NegFOp::create(b, q0), s, x);
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
/// chunk (harmless for absmax); its stores are guarded by chunkInRow.
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
void guardPartialRound(ImplicitLocOpBuilder &b, Value tid, int64_t i,
                       int64_t k, int64_t threads) {
  Emitter e{b};
  int64_t chunks = k / kQuantizeChunk;
  if ((i + 1) * threads <= chunks)
    return;
  auto inRow = scf::IfOp::create(
      b, e.ult(e.add(tid, i * threads), e.idx(chunks)), /*withElse=*/false);
  b.setInsertionPointToStart(&inRow.getThenRegion().front());
}

/// Builds the per-token quantize kernel: x f16 [M, K] -> xq i8, sx f32 [M].
/// It also zeroes `counters` (the split-K tile counters of the matmul that
/// follows; empty when that matmul does not split K).
void buildQuantizeKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         MemRefType xType, MemRefType xqType,
                         MemRefType sxType, MemRefType countersType,
                         bool programmatic) {
  gpu::GPUFuncOp func = createKernel(b, module, "quantize",
                                     {xType, xqType, sxType, countersType});
  Emitter e{b};
  Value x = func.getArgument(0), xq = func.getArgument(1),
        sx = func.getArgument(2), counters = func.getArgument(3);
  // The matmul may start now: it only reads what this kernel writes after
  // its own griddepcontrol.wait.
  if (programmatic)
    NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::launch_dependents);
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
    Value stride =
        e.mul(gpu::GridDimOp::create(b, gpu::Dimension::x), threads);
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
    auto bufferType = MemRefType::get(
        {warps}, b.getF32Type(), MemRefLayoutAttrInterface{},
        gpu::AddressSpaceAttr::get(b.getContext(),
                                   gpu::AddressSpace::Workgroup));
    Value buffer = func.addWorkgroupAttribution(bufferType, b.getLoc());
    auto lane0 = scf::IfOp::create(
        b, e.eq(lane, 0),
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
                            /*nontemporal=*/false,
                            llvm::Align(kQuantizeChunk));
  }
  b.setInsertionPointAfter(inBounds);
  gpu::ReturnOp::create(b);
}

/// Geometry of one matmul variant.
struct Tiling {
  int64_t bm, bn, bk, wm, wn, stages, splitK;
  bool wgmma;
  int64_t warpsN, threads, rowBytes;
  int64_t mTiles, nTiles; // mma tiles per warp along M and N.

  explicit Tiling(ConfigAttr c)
      : bm(c.getBlockM()), bn(c.getBlockN()), bk(c.getBlockK()),
        wm(c.getWarpM()), wn(c.getWarpN()), stages(c.getStages()),
        splitK(c.getSplitK()), wgmma(c.isWgmma()),
        warpsN(c.getBlockN() / c.getWarpN()), threads(32 * c.getNumWarps()),
        // wgmma tiles are swizzled, not padded.
        rowBytes(c.getBlockK() + (c.isWgmma() ? 0 : kSharedRowPadBytes)),
        mTiles(wm / 16), nTiles(wn / 8) {}
};

/// One pair of accumulator values of a thread: y[row, col..col+1].
struct Pair {
  Value row, col, value; // value: vector<2xi32>
};

/// wgmma shared-memory matrix descriptor of a K-major tile at shared address
/// `addr` (1024-byte aligned) with 128-byte swizzle: rows of 128 bytes, 8-row
/// groups 1024 bytes apart (stride byte offset), leading byte offset unused
/// (1), swizzle mode 1 in bits 62-63. Addresses and offsets in 16-byte units.
Value buildSwizzle128Descriptor(ImplicitLocOpBuilder &b, Value addr) {
  auto i64 = [&](uint64_t v) {
    return arith::ConstantIntOp::create(b, b.getI64Type(), int64_t(v));
  };
  Value a = arith::IndexCastUIOp::create(b, b.getI64Type(), addr);
  a = arith::AndIOp::create(b, arith::ShRUIOp::create(b, a, i64(4)),
                            i64(0x3FFF));
  constexpr uint64_t leadingByteOffset = 1;
  constexpr uint64_t strideByteOffset = kSwizzleAtomBytes / 16;
  constexpr uint64_t swizzle128 = 1;
  return arith::OrIOp::create(b, a,
                              i64((leadingByteOffset << 16) |
                                  (strideByteOffset << 32) |
                                  (swizzle128 << 62)));
}

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

/// Brings `bytes` bytes of the f32 vector `src` from element `first` on into
/// L2, one 128-byte line per thread of the first few: used at kernel start
/// for the epilogue's weight scales, which nothing else reads before the
/// epilogue, so that the epilogue does not wait on DRAM.
void prefetchToL2(ImplicitLocOpBuilder &b, Value src, Value first,
                  int64_t bytes, Value tid) {
  Emitter e{b};
  constexpr int64_t lineBytes = 128;
  int64_t lines = llvm::divideCeil(bytes, lineBytes);
  auto inRange =
      scf::IfOp::create(b, e.ult(tid, e.idx(lines)), /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&inRange.getThenRegion().front());
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, src);
  // Thread i touches byte 128 i of the range, the last one at most its
  // last element: every address lies inside `src`.
  Value offset = e.add(
      e.mul(first, 4),
      arith::MinUIOp::create(b, e.mul(tid, lineBytes), e.idx(bytes - 4)));
  Value address = arith::IndexCastOp::create(b, b.getI64Type(),
                                             e.add(base, offset));
  Value pointer = LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), /*addressSpace=*/1),
      address);
  NVVM::PrefetchOp::create(
      b, NVVM::PrefetchCacheLevelAttr::get(b.getContext(),
                                           NVVM::PrefetchCacheLevel::L2),
      /*evictPriority=*/nullptr, pointer, /*predicate=*/Value(),
      /*tensormap=*/false);
}

/// Builds one int8 matmul kernel:
///   (xq i8 [M, K], sx f32 [M], wq i8 [N, K], sw f32 [N], y f16 [M, N],
///    partials i32 [split_k * M * N], counters i32 [tiles]).
/// The last two are used only when the tiling splits K.
void buildInt8MatmulKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                           StringRef name, const Tiling &t, MemRefType xqType,
                           MemRefType sxType, MemRefType wType,
                           MemRefType swType, MemRefType yType,
                           MemRefType i32Type, bool programmatic,
                           bool prefetchScales) {
  gpu::GPUFuncOp func =
      createKernel(b, module, name,
                   {xqType, sxType, wType, swType, yType, i32Type, i32Type});
  Emitter e{b};
  Value xq = func.getArgument(0), sx = func.getArgument(1),
        w = func.getArgument(2), sw = func.getArgument(3),
        y = func.getArgument(4), partials = func.getArgument(5),
        counters = func.getArgument(6);
  int64_t n = wType.getDimSize(0);
  int64_t k = xqType.getDimSize(1);
  int64_t kTiles = k / t.bk / t.splitK; // K tiles of one split-K slice.
  MLIRContext *ctx = b.getContext();

  // Shared memory: A ring [stages, BM, rowBytes], B ring [stages, BN, rowBytes].
  // With wgmma the rings start at the first 1024-byte-aligned shared address
  // (the swizzle pattern is a function of the address bits) and `ringBase`
  // is that address.
  auto workgroup = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto rawType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                                 MemRefLayoutAttrInterface{}, workgroup);
  Value smem = gpu::DynamicSharedMemoryOp::create(b, rawType);
  auto ringType = [&](int64_t rows) {
    return MemRefType::get({t.stages, rows, t.rowBytes}, b.getI8Type(),
                           MemRefLayoutAttrInterface{}, workgroup);
  };
  Value ringShift = e.idx(0), ringBase;
  if (t.wgmma) {
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, smem);
    ringBase = arith::AndIOp::create(b, e.add(base, kSwizzleAtomBytes - 1),
                                     e.idx(-kSwizzleAtomBytes));
    ringShift = arith::SubIOp::create(b, ringBase, base);
  }
  int64_t aRingBytes = t.stages * t.bm * t.rowBytes;
  Value aRing = memref::ViewOp::create(b, ringType(t.bm), smem, ringShift,
                                       ValueRange{});
  Value bRing = memref::ViewOp::create(b, ringType(t.bn), smem,
                                       e.add(ringShift, aRingBytes),
                                       ValueRange{});

  Value tid = e.threadId();
  Value lane = e.rem(tid, 32), warp = e.div(tid, 32);
  Value warpRow = e.mul(e.div(warp, t.warpsN), t.wm);
  Value warpCol = e.mul(e.rem(warp, t.warpsN), t.wn);
  Value blockRow = e.mul(e.blockId(gpu::Dimension::y), t.bm);
  Value blockCol = e.mul(e.blockId(gpu::Dimension::x), t.bn);
  Value slice = t.splitK > 1 ? e.blockId(gpu::Dimension::z) : e.idx(0);
  Value firstTile = e.mul(slice, kTiles);
  Value m = memref::DimOp::create(b, xq, 0);
  Value mLast = arith::SubIOp::create(b, m, e.idx(1));
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(ctx);

  // Issues the cp.async copies of `rows` rows of K tile `kTile` (local to
  // the slice) from `src` into ring slot `slot` of `dst`. Rows past M
  // zero-fill when `maskRows` (and read row M - 1, which exists); the
  // weight copies (not `maskRows`) read nothing the quantize kernel writes
  // and are marked so.
  auto copyTile = [&](Value src, Value dst, int64_t rows, Value rowBase,
                      bool maskRows, Value kTile, Value slot,
                      SmallVectorImpl<Value> &tokens) {
    Value kBase = e.mul(e.add(firstTile, kTile), t.bk);
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
        dstCol = e.mul(
            arith::XOrIOp::create(b, e.rem(c, chunksPerRow), e.rem(r, 8)),
            kCopyBytes);
      Value globalRow = e.add(rowBase, r);
      Value bytes;
      if (maskRows) {
        bytes = arith::SelectOp::create(b, e.ult(globalRow, m),
                                        e.idx(kCopyBytes), e.idx(0));
        globalRow = arith::MinUIOp::create(b, globalRow, mLast);
      }
      Value tok = nvgpu::DeviceAsyncCopyOp::create(
          b, tokenType, dst, ValueRange{slot, r, dstCol}, src,
          ValueRange{globalRow, e.add(kBase, col)},
          b.getIndexAttr(kCopyBytes), bytes, b.getUnitAttr());
      if (!maskRows)
        tok.getDefiningOp()->setAttr(kGridIndependentAttrName,
                                     b.getUnitAttr());
      tokens.push_back(tok);
    }
  };
  auto copyA = [&](Value kTile, Value slot, SmallVectorImpl<Value> &tokens) {
    copyTile(xq, aRing, t.bm, blockRow, /*maskRows=*/true, kTile, slot,
             tokens);
  };
  auto copyB = [&](Value kTile, Value slot, SmallVectorImpl<Value> &tokens) {
    copyTile(w, bRing, t.bn, blockCol, /*maskRows=*/false, kTile, slot,
             tokens);
  };
  auto commit = [&](ArrayRef<Value> tokens) -> Value {
    return nvgpu::DeviceAsyncCreateGroupOp::create(b, tokenType, tokens)
        .getResult();
  };

  // The K loop in its plain form, marked for qgemm-software-pipeline: each
  // iteration copies its K tile into ring slot kt % stages, waits for it,
  // passes a barrier and computes. The pass issues the copies `depth` tiles
  // ahead: stages - 1 with mma.sync; stages - 2 with wgmma, which keeps the
  // previous tile's wgmma group in flight, so that slot cannot be refilled
  // yet. The accumulators are the iter_args: one vector<2x2xi32> per
  // mma.sync tile, or the wgmma accumulator struct of BN / 2 i32 per
  // thread. The weight copies are marked independent of the quantize
  // kernel: with a programmatic launch the prologue issues them before
  // griddepcontrol.wait, while quantize finishes.
  int64_t depth = t.wgmma ? t.stages - 2 : t.stages - 1;
  auto accType = VectorType::get({2, 2}, b.getI32Type());
  auto wgmmaAccType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(t.bn / 2, b.getI32Type()));
  SmallVector<Value> inits;
  if (t.wgmma) {
    inits.push_back(LLVM::ZeroOp::create(b, wgmmaAccType));
  } else {
    Value zeroAcc = arith::ConstantOp::create(
        b, DenseElementsAttr::get(accType, b.getI32IntegerAttr(0)));
    inits.append(t.mTiles * t.nTiles, zeroAcc);
  }
  Value warpGroup = e.div(tid, 128);
  if (prefetchScales)
    prefetchToL2(b, sw, blockCol, t.bn * 4, tid);
  if (programmatic)
    NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  auto loop = scf::ForOp::create(b, e.idx(0), e.idx(kTiles), e.idx(1), inits);
  loop->setAttr(kPipelineDepthAttrName, b.getI64IntegerAttr(depth));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    auto iterArgs = loop.getRegionIterArgs();
    SmallVector<Value> tokens;
    Value copySlot = e.rem(kt, t.stages);
    copyA(kt, copySlot, tokens);
    copyB(kt, copySlot, tokens);
    nvgpu::DeviceAsyncWaitOp::create(b, commit(tokens), b.getI32IntegerAttr(0));
    // wgmma reads shared memory through the async proxy: order this
    // thread's cp.async writes before it, then publish them with the
    // barrier.
    if (t.wgmma)
      NVVM::FenceProxyOp::create(
          b, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
    gpu::BarrierOp::create(b);

    Value slot = e.rem(kt, t.stages);
    SmallVector<Value> accs(iterArgs.begin(), iterArgs.end());
    if (t.wgmma) {
      // This warpgroup's 64 rows of the A slot and the whole B slot; the
      // k-th 32-byte step along the swizzled row adds 2 (16-byte units)
      // to the start address.
      Value aAddr = e.add(e.add(ringBase, e.mul(slot, t.bm * t.rowBytes)),
                          e.mul(warpGroup, 64 * t.rowBytes));
      Value bAddr = e.add(e.add(ringBase, aRingBytes),
                          e.mul(slot, t.bn * t.rowBytes));
      Value descA = buildSwizzle128Descriptor(b, aAddr);
      Value descB = buildSwizzle128Descriptor(b, bAddr);
      NVVM::WgmmaFenceAlignedOp::create(b);
      Value acc = accs.front();
      for (int64_t kk = 0; kk < t.bk / 32; ++kk) {
        Value step = arith::ConstantIntOp::create(b, b.getI64Type(), 2 * kk);
        acc = NVVM::WgmmaMmaAsyncOp::create(
            b, wgmmaAccType, acc, arith::AddIOp::create(b, descA, step),
            arith::AddIOp::create(b, descB, step),
            NVVM::MMAShapeAttr::get(ctx, 64, t.bn, 32), NVVM::WGMMATypes::s8,
            NVVM::WGMMATypes::s8, NVVM::WGMMATypes::s32,
            NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
            NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row,
            NVVM::MMALayout::col,
            NVVM::MMAIntOverflowAttr::get(ctx,
                                          NVVM::MMAIntOverflow::satfinite));
      }
      NVVM::WgmmaGroupSyncAlignedOp::create(b);
      NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
      accs.front() = acc;
    } else {
      auto aFragType = VectorType::get({4, 4}, b.getI8Type());
      auto bFragType = VectorType::get({2, 4}, b.getI8Type());
      Value aRowInTile = e.rem(lane, 16),
            aColHalf = e.mul(e.div(lane, 16), 16);
      Value bRowInTile = e.rem(lane, 8),
            bColHalf = e.mul(e.rem(e.div(lane, 8), 2), 16);
      for (int64_t kk = 0; kk < t.bk / 32; ++kk) {
        SmallVector<Value> aFrags, bFrags;
        for (int64_t mi = 0; mi < t.mTiles; ++mi) {
          Value r = e.add(e.add(warpRow, mi * 16), aRowInTile);
          Value c = e.add(aColHalf, kk * 32);
          aFrags.push_back(nvgpu::LdMatrixOp::create(
              b, aFragType, aRing, ValueRange{slot, r, c},
              /*transpose=*/false, /*numTiles=*/4));
        }
        for (int64_t ni = 0; ni < t.nTiles; ++ni) {
          Value r = e.add(e.add(warpCol, ni * 8), bRowInTile);
          Value c = e.add(bColHalf, kk * 32);
          bFrags.push_back(nvgpu::LdMatrixOp::create(
              b, bFragType, bRing, ValueRange{slot, r, c},
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
    scf::YieldOp::create(b, accs);
  }

  // The accumulators as (row, col) pairs. mma.sync: fragment i of mma tile
  // (mi, ni) holds y[row, col..col+1] (m16n8 C layout). wgmma m64nN: warp w
  // of the warpgroup owns rows 16w..16w+15 of its 64, and struct elements
  // 4j..4j+3 are the m16n8 C fragment of columns 8j..8j+7.
  auto i32x2 = VectorType::get({2}, b.getI32Type());
  Value groupRow = e.div(lane, 4), pairCol = e.mul(e.rem(lane, 4), 2);
  SmallVector<Pair> pairs;
  if (t.wgmma) {
    NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
    Value acc = loop.getResult(0);
    Value rowBase =
        e.add(e.add(e.add(blockRow, e.mul(warpGroup, 64)),
                    e.mul(e.rem(warp, 4), 16)),
              groupRow);
    for (int64_t j = 0; j < t.bn / 8; ++j) {
      Value col = e.add(e.add(blockCol, j * 8), pairCol);
      for (int64_t half = 0; half < 2; ++half) {
        int64_t first = 4 * j + 2 * half;
        Value lo = LLVM::ExtractValueOp::create(b, acc, first);
        Value hi = LLVM::ExtractValueOp::create(b, acc, first + 1);
        pairs.push_back({e.add(rowBase, half * 8), col,
                         vector::FromElementsOp::create(b, i32x2,
                                                        ValueRange{lo, hi})});
      }
    }
  } else {
    for (int64_t mi = 0; mi < t.mTiles; ++mi)
      for (int64_t ni = 0; ni < t.nTiles; ++ni) {
        Value acc = loop.getResult(mi * t.nTiles + ni);
        Value col = e.add(e.add(e.add(blockCol, warpCol), ni * 8), pairCol);
        for (int64_t half = 0; half < 2; ++half) {
          Value row = e.add(
              e.add(e.add(e.add(blockRow, warpRow), mi * 16), half * 8),
              groupRow);
          pairs.push_back({row, col,
                           vector::ExtractOp::create(
                               b, acc, ArrayRef<int64_t>{half})});
        }
      }
  }

  // Epilogue: y[row, col..col+1] = f16(f32(acc) * sx[row] * sw[col..]);
  // `scaleRow` is the row whose sx is read (p.row, or a valid row for a
  // pair that is never stored).
  auto scalePair = [&](const Pair &p, Value scaleRow) -> Value {
    Value s = memref::LoadOp::create(b, sx, ValueRange{scaleRow});
    return buildScaledPair(b, p.value, s, loadScalePair(b, sw, p.col));
  };
  auto storeY = [&](ArrayRef<Pair> out) {
    for (const Pair &p : out) {
      auto inM = scf::IfOp::create(b, e.ult(p.row, m), /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&inM.getThenRegion().front());
      vector::StoreOp::create(b, scalePair(p, p.row), y,
                              ValueRange{p.row, p.col},
                              /*nontemporal=*/false, llvm::Align(4));
    }
  };
  // wgmma tiles (BM x BN up to 128 x 256) go out through shared memory: the
  // scaled fp16 pairs are written into a [BM, BN + 8] tile over the (now
  // idle) rings, then every thread stores whole 16-byte row chunks, so each
  // warp writes full 512-byte rows of y instead of 16-byte pieces of eight
  // rows.
  auto storeYStaged = [&](ArrayRef<Pair> out) {
    int64_t stride = t.bn + kStagePadHalves;
    auto stageType = MemRefType::get({t.bm, stride}, b.getF16Type(),
                                     MemRefLayoutAttrInterface{}, workgroup);
    Value stage =
        memref::ViewOp::create(b, stageType, smem, ringShift, ValueRange{});
    // No copy is in flight after the K loop (the pipelined form waits for
    // its last zero-filling copies after it), and every warpgroup has
    // finished reading the rings (wgmma.wait 0 above) once past the barrier.
    gpu::BarrierOp::create(b);
    for (const Pair &p : out) {
      // Rows past M read the scale of row M - 1 and are never stored.
      Value h = scalePair(p, arith::MinUIOp::create(b, p.row, mLast));
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
      Value c = e.add(tid, first);
      Value r = e.div(c, chunksPerRow);
      Value col = e.mul(e.rem(c, chunksPerRow), vec);
      Value row = e.add(blockRow, r);
      Value valid = e.ult(row, m);
      if (first + t.threads > chunks)
        valid = arith::AndIOp::create(b, valid, e.ult(c, e.idx(chunks)));
      auto inM = scf::IfOp::create(b, valid, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&inM.getThenRegion().front());
      Value v = vector::LoadOp::create(b, f16x8, stage, ValueRange{r, col},
                                       /*nontemporal=*/false, llvm::Align(16));
      vector::StoreOp::create(b, v, y, ValueRange{row, e.add(blockCol, col)},
                              /*nontemporal=*/false, llvm::Align(16));
    }
  };
  auto storeOut = [&](ArrayRef<Pair> out) {
    if (t.wgmma)
      storeYStaged(out);
    else
      storeY(out);
  };
  if (t.splitK == 1) {
    storeOut(pairs);
    gpu::ReturnOp::create(b);
    return;
  }

  // Split-K: every slice stores its accumulators in fragment order, one
  // [split_k, pairs, threads] block of vector<2xi32> per output tile: pair i
  // of thread tid of slice s of tile T at ((T * S + s) * pairs + i) *
  // threads + tid. A warp's store of one pair is 256 contiguous bytes, no
  // row is masked (rows past M hold zeros that are never stored), and the
  // last slice reads the others in the same coalesced order.
  Value tile = e.add(e.mul(e.blockId(gpu::Dimension::y), n / t.bn),
                     e.blockId(gpu::Dimension::x));
  int64_t numPairs = pairs.size();
  auto partialIndex = [&](Value s, int64_t i) {
    Value slot = e.add(e.mul(e.add(e.mul(tile, t.splitK), s), numPairs), i);
    return e.mul(e.add(e.mul(slot, t.threads), tid), 2);
  };
  for (auto [i, p] : llvm::enumerate(pairs))
    vector::StoreOp::create(b, p.value, partials,
                            ValueRange{partialIndex(slice, i)},
                            /*nontemporal=*/false, llvm::Align(8));
  // Release the partials, count this slice in the tile's counter (thread 0,
  // once every thread's stores are fenced), and tell the whole block
  // whether it was the last slice: a barrier that ORs thread 0's answer.
  NVVM::MembarOp::create(b, NVVM::MemScopeKind::GPU);
  gpu::BarrierOp::create(b);
  auto thread0 = scf::IfOp::create(b, TypeRange{b.getI32Type()}, e.eq(tid, 0),
                                   /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&thread0.getThenRegion().front());
    Value one = arith::ConstantIntOp::create(b, 1, 32);
    Value before = memref::AtomicRMWOp::create(
        b, arith::AtomicRMWKind::addi, one, counters, ValueRange{tile});
    Value last = arith::CmpIOp::create(
        b, arith::CmpIPredicate::eq, before,
        arith::ConstantIntOp::create(b, t.splitK - 1, 32));
    scf::YieldOp::create(
        b, ValueRange{arith::ExtUIOp::create(b, b.getI32Type(), last)});
    b.setInsertionPointToStart(&thread0.getElseRegion().front());
    scf::YieldOp::create(b,
                         ValueRange{arith::ConstantIntOp::create(b, 0, 32)});
  }
  Value anyLast = NVVM::BarrierOp::create(
      b, b.getI32Type(), /*barrierId=*/Value(), /*numberOfThreads=*/Value(),
      NVVM::BarrierReductionAttr::get(ctx, NVVM::BarrierReduction::OR),
      thread0.getResult(0)).getRes();
  auto isLast = scf::IfOp::create(
      b, arith::CmpIOp::create(b, arith::CmpIPredicate::ne, anyLast,
                               arith::ConstantIntOp::create(b, 0, 32)),
      /*withElse=*/false);
  b.setInsertionPointToStart(&isLast.getThenRegion().front());
  // Acquire the other slices' partials and add them to this slice's own
  // accumulators, slices slice + 1, slice + 2, ... (mod split_k): int32 sums
  // are exact, so the order does not matter.
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
      Value part = vector::LoadOp::create(b, i32x2, partials,
                                          ValueRange{partialIndex(other, i)},
                                          /*nontemporal=*/false,
                                          llvm::Align(8));
      sums.push_back(
          arith::AddIOp::create(b, sumLoop.getRegionIterArgs()[i], part));
    }
    scf::YieldOp::create(b, sums);
  }
  SmallVector<Pair> total = pairs;
  for (auto [i, p] : llvm::enumerate(total))
    p.value = sumLoop.getResult(i);
  // The condition is uniform across the block, so the staged store's
  // barriers are reached by every thread.
  storeOut(total);
  b.setInsertionPointAfter(isLast);
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
buildFusedQuantize(ImplicitLocOpBuilder &b, ConfigAttr config,
                   const RegisterSharedLayout &layout, Value smem, Value x,
                   Value xq, Value sx, Value m) {
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  int64_t rowsMax = config.getMaxM(), warps = config.getNumWarps();
  int64_t threads = 32 * warps;
  int64_t k = cast<MemRefType>(x.getType()).getDimSize(1);
  auto view = [&](ArrayRef<int64_t> shape, Type elt, int64_t offset) -> Value {
    auto type =
        MemRefType::get(shape, elt, MemRefLayoutAttrInterface{}, workgroup);
    return memref::ViewOp::create(b, type, smem, e.idx(offset), ValueRange{});
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
    auto lane0 = scf::IfOp::create(
        b, e.eq(lane, 0),
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
    auto thread0 = scf::IfOp::create(
        b, arith::AndIOp::create(b, isBlock0, e.eq(tid, 0)),
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
    scf::YieldOp::create(b, ValueRange{scale});
  }
  gpu::BarrierOp::create(b);
  return {rows, scales};
}

/// Builds one register-direct int8 matmul kernel (same arguments as
/// buildInt8MatmulKernel); each block computes 16 rows. Warp (cw, kw) owns
/// columns [cw * WN, (cw + 1) * WN) of the block's BN and the 128-byte K chunks
/// kw, kw + BK / 128, ... Lane (g, q) = (lane / 4, lane % 4) loads bytes
/// [32q, 32q + 32) of each chunk of weight row g of every 8-column mma tile,
/// and of activation rows g and g + 8, as eight 32-bit words. mma k-step s
/// (of 4) takes words 2s and 2s + 1: logical k 4q + i of the step is byte
/// 32q + 8s + i of the chunk, and 16 + 4q + i is byte 32q + 8s + 4 + i. The
/// same permutation on both operands leaves every dot product unchanged.
/// The weights of `stages` chunks are in flight at once (issued before
/// griddepcontrol.wait), the activations one chunk ahead; the warps' sums
/// meet in shared memory, [BK / 128, 16, BN] int32, for the epilogue. The
/// epilogue's weight scales are loaded with the first weights and its row
/// scales right after the wait, so that nothing is read from global memory
/// after the barrier.
///
/// With fuse_quantize the kernel takes x f16 [M, K] first and quantizes the
/// M <= max_m rows itself into shared memory (see buildFusedQuantize); the
/// activation words then come from there.
void buildInt8RegisterKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                             StringRef name, ConfigAttr config,
                             MemRefType xType, MemRefType xqType,
                             MemRefType sxType, MemRefType wType,
                             MemRefType swType, MemRefType yType,
                             MemRefType i32Type, bool programmatic) {
  bool fused = config.getFuseQuantize();
  SmallVector<Type> types = {xqType, sxType,  wType,  swType,
                             yType,  i32Type, i32Type};
  if (fused)
    types.insert(types.begin(), xType);
  gpu::GPUFuncOp func = createKernel(b, module, name, types);
  Emitter e{b};
  MLIRContext *ctx = b.getContext();
  ValueRange args = func.getArguments().drop_front(fused ? 1 : 0);
  Value xq = args[0], sx = args[1], w = args[2], sw = args[3], y = args[4];
  constexpr int64_t chunkBytes = ConfigAttr::kRegisterChunkBytes;
  int64_t k = xqType.getDimSize(1);
  int64_t bn = config.getBlockN(), wn = config.getWarpN();
  int64_t warpsN = bn / wn, warpsK = config.getWarpsK();
  int64_t nTiles = wn / 8;
  int64_t threads = 32 * config.getNumWarps();
  // With 16 warps (512 threads) three blocks fit a multiprocessor only at
  // 40 registers a thread, which ptxas keeps only when asked: unbounded it
  // took 56 once the epilogue's scales were preloaded, two blocks per
  // multiprocessor, and N = 1024 at M = 33 (384 blocks) went from one wave
  // to two, 9.8 -> 10.9 us (docs/perf-notes.md, v10). Up to 8 warps a
  // thread gets 80 registers for three blocks and needs no bound; three
  // blocks of 32 warps would not fit at all (2048 threads a multiprocessor).
  constexpr int64_t kMaxThreadsPerSM = 2048;
  if (threads > 256 && 3 * threads <= kMaxThreadsPerSM) {
    func->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                  b.getDenseI32ArrayAttr({int32_t(threads), 1, 1}));
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  b.getI32IntegerAttr(3));
  }
  int64_t chunks = k / config.getBlockK(); // chunks per warp
  int64_t ahead = std::min(config.getStages(), chunks);
  // Rows 8..15 of the mma tile are only loaded when the variant admits them.
  bool upperRows = config.getMaxM() > 8;
  RegisterSharedLayout layout = getRegisterSharedLayout(config, k);
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto rawType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                                 MemRefLayoutAttrInterface{}, workgroup);
  Value smem = gpu::DynamicSharedMemoryOp::create(b, rawType);

  Value tid = e.threadId();
  Value lane = e.rem(tid, 32), warp = e.div(tid, 32);
  Value cw = e.rem(warp, warpsN), kw = e.div(warp, warpsN);
  Value g = e.div(lane, 4), q = e.rem(lane, 4);
  // Past M = 16 the grid has ceil(M / 16) rows of blocks; they are
  // renumbered so that the blocks of one column of the output (the same
  // weights) run next to each other and share those weights through L2:
  // linear block id l = y * gridDim.x + x, column l / gridDim.y, 16-row
  // block l % gridDim.y.
  Value rowBlocks = gpu::GridDimOp::create(b, gpu::Dimension::y);
  Value linear =
      e.add(arith::MulIOp::create(b, e.blockId(gpu::Dimension::y),
                                  gpu::GridDimOp::create(b, gpu::Dimension::x)),
            e.blockId(gpu::Dimension::x));
  Value blockCol = e.mul(arith::DivUIOp::create(b, linear, rowBlocks), bn);
  Value rowBase = e.mul(arith::RemUIOp::create(b, linear, rowBlocks), 16);
  Value warpCol = e.add(blockCol, e.mul(cw, wn));
  Value m = memref::DimOp::create(b, xq, 0);
  Value mLast = arith::SubIOp::create(b, m, e.idx(1));
  // Activation rows past M read row M - 1: their products land in
  // accumulator rows that are never stored.
  Value aRowLo = arith::MinUIOp::create(b, e.add(rowBase, g), mLast);
  Value aRowHi = arith::MinUIOp::create(b, e.add(e.add(rowBase, g), 8), mLast);
  // This thread's byte offset in chunk j: (j * warpsK + kw) * 128 + 32q.
  Value laneOffset = e.add(e.mul(kw, chunkBytes), e.mul(q, 32));

  auto i8x16 = VectorType::get({16}, b.getI8Type());
  auto i32x4 = VectorType::get({4}, b.getI32Type());
  auto i8x4 = VectorType::get({4}, b.getI8Type());
  // Eight 32-bit words of `src`[row, offset .. offset + 32), each as the
  // vector<4xi8> an mma fragment register holds.
  auto loadWords = [&](Value src, Value row, Value offset,
                       SmallVectorImpl<Value> &words) {
    for (int64_t half = 0; half < 2; ++half) {
      Value v = vector::LoadOp::create(
          b, i8x16, src, ValueRange{row, e.add(offset, 16 * half)},
          /*nontemporal=*/false, llvm::Align(16));
      Value v32 = vector::BitCastOp::create(b, i32x4, v);
      for (int64_t i = 0; i < 4; ++i) {
        Value word = vector::ExtractStridedSliceOp::create(
            b, v32, ArrayRef<int64_t>{i}, ArrayRef<int64_t>{1},
            ArrayRef<int64_t>{1});
        words.push_back(vector::BitCastOp::create(b, i8x4, word));
      }
    }
  };
  auto chunkOffset = [&](int64_t j) {
    return e.add(laneOffset, j * warpsK * chunkBytes);
  };
  // words[ni][0..7] of chunk j for every mma tile of the warp.
  using Words = SmallVector<SmallVector<Value, 8>>;
  auto loadWeights = [&](int64_t j) {
    Words words(nTiles);
    for (int64_t ni = 0; ni < nTiles; ++ni) {
      Value row = e.add(e.add(warpCol, ni * 8), g);
      loadWords(w, row, chunkOffset(j), words[ni]);
    }
    return words;
  };
  Value zeroWord = arith::ConstantOp::create(
      b, DenseElementsAttr::get(i8x4, b.getI8IntegerAttr(0)));
  auto loadActivations = [&](int64_t j) {
    Words words(2);
    loadWords(xq, aRowLo, chunkOffset(j), words[0]);
    if (upperRows)
      loadWords(xq, aRowHi, chunkOffset(j), words[1]);
    else
      words[1].assign(8, zeroWord);
    return words;
  };

  SmallVector<Words> weights;
  for (int64_t j = 0; j < ahead; ++j)
    weights.push_back(loadWeights(j));
  // The epilogue's pairs: thread tid stores pairs tid, tid + threads, ...
  // of the [16, BN] tile, pair p at tile row p / (BN / 2), column
  // 2 (p % (BN / 2)). Their weight scales are loaded here, with the
  // weights, so that no load from DRAM is left after the block's barrier.
  struct EpiloguePair {
    int64_t first;
    Value tileRow, col, swPair, rowScale;
  };
  SmallVector<EpiloguePair> epiloguePairs;
  int64_t pairsPerRow = bn / 2, pairs = 16 * pairsPerRow;
  for (int64_t first = 0; first < pairs; first += threads) {
    Value p = e.add(tid, first);
    Value col = e.mul(e.rem(p, pairsPerRow), 2);
    // Every col is below BN (threads past the last pair load a valid one).
    // Their tile row is clamped to 15 too: not needed for correctness (they
    // store nothing), but without it ptxas spills 12 instead of 4 bytes in
    // the 40-register 16-warp kernel.
    epiloguePairs.push_back({first, arith::MinUIOp::create(
                                        b, e.div(p, pairsPerRow), e.idx(15)),
                             col, loadScalePair(b, sw, e.add(blockCol, col)),
                             Value()});
  }
  // The weights above do not depend on the quantize kernel; the
  // activations below do.
  if (programmatic)
    NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  if (fused) {
    // Activation words from the quantized rows in shared memory, and the
    // pairs' row scales from the ones every thread holds (one row block:
    // M <= 8).
    SmallVector<Value> rowScales;
    std::tie(xq, rowScales) = buildFusedQuantize(
        b, config, layout, smem, func.getArgument(0), xq, sx, m);
    for (EpiloguePair &pair : epiloguePairs) {
      pair.rowScale = rowScales.front();
      for (int64_t r = 1; r < int64_t(rowScales.size()); ++r)
        pair.rowScale = arith::SelectOp::create(b, e.eq(pair.tileRow, r),
                                                rowScales[r], pair.rowScale);
    }
  } else {
    // The row scales, issued with the first activations (rows past M, and
    // the tile rows of threads past the last pair, read row M - 1 and are
    // never stored).
    for (EpiloguePair &pair : epiloguePairs)
      pair.rowScale = memref::LoadOp::create(
          b, sx,
          ValueRange{arith::MinUIOp::create(b, e.add(rowBase, pair.tileRow),
                                            mLast)});
  }

  auto accType = VectorType::get({2, 2}, b.getI32Type());
  auto aFragType = VectorType::get({4, 4}, b.getI8Type());
  auto bFragType = VectorType::get({2, 4}, b.getI8Type());
  Value zeroAcc = arith::ConstantOp::create(
      b, DenseElementsAttr::get(accType, b.getI32IntegerAttr(0)));
  auto fragment = [&](VectorType type, ArrayRef<Value> words) -> Value {
    Value frag = arith::ConstantOp::create(
        b, DenseElementsAttr::get(type, b.getI8IntegerAttr(0)));
    for (auto [i, word] : llvm::enumerate(words))
      frag = vector::InsertOp::create(b, word, frag,
                                      ArrayRef<int64_t>{int64_t(i)});
    return frag;
  };
  SmallVector<Value> accs(nTiles, zeroAcc);
  Words next = loadActivations(0);
  for (int64_t j = 0; j < chunks; ++j) {
    Words act = next;
    if (j + 1 < chunks)
      next = loadActivations(j + 1);
    Words &wj = weights[j % ahead];
    for (int64_t s = 0; s < 4; ++s) {
      // A: rows g, g + 8 at logical k 4q.. then 16 + 4q..; B: column g.
      Value aFrag = fragment(aFragType, {act[0][2 * s], act[1][2 * s],
                                         act[0][2 * s + 1], act[1][2 * s + 1]});
      for (int64_t ni = 0; ni < nTiles; ++ni) {
        Value bFrag = fragment(bFragType, {wj[ni][2 * s], wj[ni][2 * s + 1]});
        accs[ni] = nvgpu::MmaSyncOp::create(b, aFrag, bFrag, accs[ni],
                                            ArrayRef<int64_t>{16, 8, 32});
      }
    }
    if (j + ahead < chunks)
      wj = loadWeights(j + ahead);
  }

  // The warps along K meet in shared memory: sums[kw, row, col].
  auto sumsType = MemRefType::get({warpsK, 16, bn}, b.getI32Type(),
                                  MemRefLayoutAttrInterface{}, workgroup);
  Value sums = memref::ViewOp::create(b, sumsType, smem, e.idx(layout.sums),
                                      ValueRange{});
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
  auto i32x2 = VectorType::get({2}, b.getI32Type());
  for (const EpiloguePair &pair : epiloguePairs) {
    int64_t first = pair.first;
    Value p = e.add(tid, first);
    Value tileRow = pair.tileRow, col = pair.col;
    Value row = e.add(rowBase, tileRow);
    Value valid = e.ult(row, m);
    if (first + threads > pairs)
      valid = arith::AndIOp::create(b, valid, e.ult(p, e.idx(pairs)));
    auto inM = scf::IfOp::create(b, valid, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&inM.getThenRegion().front());
    Value total;
    for (int64_t i = 0; i < warpsK; ++i) {
      Value part = vector::LoadOp::create(
          b, i32x2, sums, ValueRange{e.idx(i), tileRow, col},
          /*nontemporal=*/false, llvm::Align(8));
      total = total ? arith::AddIOp::create(b, total, part) : part;
    }
    Value yCol = e.add(blockCol, col);
    vector::StoreOp::create(b,
                            buildScaledPair(b, total, pair.rowScale,
                                            pair.swPair),
                            y,
                            ValueRange{row, yCol},
                            /*nontemporal=*/false, llvm::Align(4));
  }
  gpu::ReturnOp::create(b);
}

} // namespace

LogicalResult mlir::qgemm::lowerMatmulToGPU(func::FuncOp func, MatmulOp op,
                                            int64_t programmaticMaxM) {
  MLIRContext *ctx = op.getContext();
  ArrayAttr configs = op.getConfigsAttr();
  if (!configs || !op.getTargetAttr())
    return op.emitOpError()
           << "expected target and configs (run qgemm-configure first)";
  WeightEncodingAttr weight = op.getWeightEncoding();
  if (weight.getFormat() != WeightFormat::int8 ||
      !op.getLhsEncoding().getStorage().isInteger(8) ||
      !op.hasFusedQuantize() || !op.getLhs().getType().getElementType().isF16())
    return op.emitOpError()
           << "lowering is implemented for W8A8 with an fp16 activation "
              "quantized in the kernel; this scheme is not implemented yet";
  if (!ShapedType::isDynamic(op.getM()))
    return op.emitOpError() << "expected a dynamic M (memref<?x" << op.getK()
                            << "xf16>): the kernels take M at run time";
  for (Value operand : op->getOperands()) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner()->getParentOp() != func)
      return op.emitOpError()
             << "expected every operand to be an argument of the enclosing "
                "func (the host stub passes them)";
  }
  SmallVector<Tiling> tilings;
  for (Attribute attr : configs) {
    auto config = cast<ConfigAttr>(attr);
    int64_t kTiles = op.getK() / config.getBlockK();
    if (kTiles % config.getSplitK() != 0)
      return op.emitOpError()
             << "expected split_k (" << config.getSplitK()
             << ") to divide the number of K tiles (" << kTiles << ")";
    if (!config.isRegisterDirect() && config.getStages() < 2)
      return op.emitOpError() << "expected stages >= 2 for the cp.async "
                                 "ring, got "
                              << config.getStages();
    if (config.isRegisterDirect() && kTiles > ConfigAttr::kMaxRegisterChunks)
      return op.emitOpError()
             << "expected at most " << ConfigAttr::kMaxRegisterChunks
             << " K chunks per warp with operands = registers, got " << kTiles
             << " (K / cta tile K); use a larger cta tile K";
    if (failed(checkSharedMemory(op, config)))
      return failure();
    if (op.getN() % config.getBlockN() != 0)
      return op.emitOpError() << "expected cta tile N (" << config.getBlockN()
                              << ") to divide N (" << op.getN() << ")";
    tilings.emplace_back(config);
  }

  ImplicitLocOpBuilder b(op.getLoc(), ctx);
  auto moduleOp = func->getParentOfType<ModuleOp>();
  moduleOp->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
  b.setInsertionPointAfter(func);
  std::string moduleName = (func.getSymName() + "_kernels").str();
  auto gpuModule = gpu::GPUModuleOp::create(b, moduleName);
  SymbolTable(moduleOp).insert(gpuModule);

  int64_t k = op.getK();
  MemRefType xType = op.getLhs().getType();
  auto xqType = MemRefType::get({ShapedType::kDynamic, k}, b.getI8Type());
  auto sxType = MemRefType::get({ShapedType::kDynamic}, b.getF32Type());
  auto i32Type = MemRefType::get({ShapedType::kDynamic}, b.getI32Type());
  // Programmatic dependent launch (griddepcontrol) needs sm_90.
  bool hasProgrammatic = op.getTargetAttr().getSMVersion() >= 90;
  // prefetch.global.L2: the NVPTX backend of LLVM 22 cannot select it for
  // sm_80.
  bool hasPrefetch = op.getTargetAttr().getSMVersion() >= 90;
  auto isProgrammatic = [&](ConfigAttr config) {
    if (!hasProgrammatic || config.getFuseQuantize())
      return false;
    if (programmaticMaxM < 0)
      return true;
    return config.getMaxM() != 0 && config.getMaxM() <= programmaticMaxM;
  };
  bool anyProgrammatic = llvm::any_of(configs, [&](Attribute attr) {
    return isProgrammatic(cast<ConfigAttr>(attr));
  });
  buildQuantizeKernel(b, gpuModule, xType, xqType, sxType, i32Type,
                      anyProgrammatic);

  SmallVector<LaunchKernel> variants;
  auto wType = cast<MemRefType>(op.getWeights()[0].getType());
  auto swType = cast<MemRefType>(op.getWeights()[1].getType());
  for (auto [i, tiling] : llvm::enumerate(tilings)) {
    std::string name = "matmul_v" + std::to_string(i);
    auto config = cast<ConfigAttr>(configs[i]);
    bool programmatic = isProgrammatic(config);
    if (config.isRegisterDirect())
      buildInt8RegisterKernel(b, gpuModule, name, config, xType, xqType, sxType,
                              wType, swType, op.getOut().getType(), i32Type,
                              programmatic);
    else
      buildInt8MatmulKernel(b, gpuModule, name, tiling, xqType, sxType, wType,
                            swType, op.getOut().getType(), i32Type,
                            programmatic, /*prefetchScales=*/hasPrefetch);
    LaunchKernel &variant = variants.emplace_back();
    variant.name = name;
    variant.threads = tiling.threads;
    variant.blockM = tiling.bm;
    variant.blockN = tiling.bn;
    variant.maxM = config.getMaxM();
    variant.splitK = tiling.splitK;
    variant.programmatic = programmatic;
    variant.replacesPrologue = config.getFuseQuantize();
    variant.sharedMemory = getSharedMemoryBytes(op, config);
  }

  // The host side: the func keeps its signature and says how to launch
  // (qgemm/Conversion/LaunchDescription.h).
  FailureOr<DictionaryAttr> launch = buildW8A8LaunchDescription(
      func, op, gpuModule, 32 * getQuantizeWarps(k), variants, kWorkspaceAlign);
  if (failed(launch))
    return failure();
  func->setAttr(kLaunchAttrName, *launch);
  op.erase();
  return success();
}

namespace {
struct ConvertQGemmToGPUPass
    : public qgemm::impl::ConvertQGemmToGPUBase<ConvertQGemmToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<func::FuncOp, MatmulOp>> work;
    bool failedAny = false;
    getOperation().walk([&](func::FuncOp func) {
      auto ops = llvm::to_vector(func.getOps<MatmulOp>());
      if (ops.empty())
        return;
      size_t numQGemmOps =
          ops.size() + llvm::range_size(func.getOps<QuantizeOp>());
      if (numQGemmOps > 1) {
        func.emitError() << "expected exactly one qgemm.matmul per func (one "
                            "kernel family per host stub), got "
                         << numQGemmOps << " qgemm ops";
        failedAny = true;
        return;
      }
      work.emplace_back(func, ops.front());
    });
    if (failedAny)
      return signalPassFailure();
    for (auto [func, op] : work) {
      int64_t variants = op.getConfigsAttr() ? op.getConfigsAttr().size() : 0;
      if (failed(lowerMatmulToGPU(func, op, programmaticMaxM)))
        return signalPassFailure();
      numKernels += 1 + variants;
    }
  }
};
} // namespace
