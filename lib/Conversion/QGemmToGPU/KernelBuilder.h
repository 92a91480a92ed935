//===- KernelBuilder.h - helpers every kernel part builds with --*- C++ -*-===//
//
// The smallest layer of the kernel library that convert-qgemm-to-gpu builds
// its kernels from: index arithmetic over an ImplicitLocOpBuilder (Emitter),
// kernel creation, warp reductions, shared-memory views, the accumulator pair
// that mainloops hand to epilogues, and an L2 prefetch. Nothing here knows a
// scheme or a tiling.
//
// The parts above it, each in its own file:
//   Quantize        per-token int8 quantization (standalone kernel, fused)
//   Mainloop        how A and B tiles reach the tensor core: the cp.async
//                   ring (mma.sync or wgmma) and the register-direct loop,
//                   with the scheme's operand step as a hook
//   Epilogue        the output of the accumulator pairs: direct or staged
//                   stores, split-K reduction, with the scaling as a hook
//   TileScheduler   which tile and K slice a block owns, the row-block order,
//                   programmatic launch
//   W8A8            the W8A8 scheme: its hooks and its kernel family
//   QGemmToGPU      the pass and lowerMatmulToGPU, which picks the parts for
//                   a scheme and a config
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_LIB_CONVERSION_QGEMMTOGPU_KERNELBUILDER_H
#define QGEMM_LIB_CONVERSION_QGEMMTOGPU_KERNELBUILDER_H

#include "qgemm/Conversion/Passes.h"
#include "qgemm/Transforms/Passes.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::qgemm::kernel {

/// Bytes moved by one cp.async.
inline constexpr int64_t kCopyBytes = 16;

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

/// The config a variant's kernel is built from: `config` without the fields
/// only the host stub reads (max_m, but for a register-direct kernel, whose
/// launch bound and token tiles depend on it; min_fill; the row split).
/// Variants of a family with the same key share one kernel.
ConfigAttr getKernelKey(ConfigAttr config);

/// Creates `gpu.func @name(types) kernel` in `module` and positions `b` in
/// its body. A kernel of a TMA ring takes `tensorMaps` tensor maps (!llvm.ptr)
/// before `types`, marked for qgemm-tensor-map-params.
gpu::GPUFuncOp createKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                            StringRef name, TypeRange types,
                            int64_t tensorMaps = 0);

/// A memref type of `shape` x `elementType` in workgroup (shared) memory.
MemRefType getSharedMemRefType(MLIRContext *ctx, ArrayRef<int64_t> shape,
                               Type elementType);

/// The kernel's dynamic shared memory as a byte buffer.
Value getDynamicSharedMemory(ImplicitLocOpBuilder &b);

/// A view of `shape` x `elementType` into the byte buffer `smem` at byte
/// offset `offset`.
Value createSharedView(ImplicitLocOpBuilder &b, Value smem,
                       ArrayRef<int64_t> shape, Type elementType, Value offset);

/// The maximum of the non-negative f32 `value` over the lanes of the warp
/// (each lane gets it): butterfly shuffles.
Value buildWarpMax(ImplicitLocOpBuilder &b, Value value);

/// The shared address `addr` (an index) as an !llvm.ptr<3>.
Value getSharedPointer(ImplicitLocOpBuilder &b, Value addr);

/// x + y of two accumulator values (f32 or i32 elements).
Value addAccumulators(ImplicitLocOpBuilder &b, Value x, Value y);

/// `v` (an i32, or an index below 2^32, the same in every lane of the
/// warp) as lane 0's copy (an index), through shfl.sync.idx with the full mask:
/// ptxas then knows it is warp-uniform and keeps what depends on it in uniform
/// registers and the uniform datapath. A value that comes out of a branch whose
/// results it cannot prove uniform (shared memory reads, per-thread scans)
/// would otherwise take everything downstream into the vector pipe of every
/// warp: the K loop's control and descriptors, the epilogue's addresses (ncu,
/// perf notes v32: 9 uniform-datapath instructions in a planned 128-row
/// kernel against 107 in the static one, and 13% longer on an empty
/// weight). Every lane must reach it converged.
Value broadcastLane0(ImplicitLocOpBuilder &b, Value v);

/// Opens an scf.if on `cond` without else and positions `b` at the start of
/// its then block; the caller restores the insertion point (InsertionGuard).
void buildIfThen(ImplicitLocOpBuilder &b, Value cond);

/// One pair of accumulator values of a thread, y[row, col..col+1]: what a
/// mainloop hands to an epilogue. `value` is a vector<2xi32> or
/// vector<2xf32>.
struct Pair {
  Value row, col, value;
};

/// Brings `bytes` bytes of the vector `src` (f32 or f16 elements) from
/// element `first` on into L2, one 128-byte line per thread of the first few:
/// used at kernel start for data that nothing reads before the epilogue, so
/// that the epilogue does not wait on DRAM. When the range may pass the end of
/// a static `src` (an edge tile), the addresses are clamped to its last
/// element.
void prefetchToL2(ImplicitLocOpBuilder &b, Value src, Value first,
                  int64_t bytes, Value tid);

//===----------------------------------------------------------------------===//
// 32-bit register arithmetic (f16x2 and bit tricks)
//===----------------------------------------------------------------------===//

/// An i32 constant.
Value buildI32(ImplicitLocOpBuilder &b, uint32_t bits);

/// `lop3.b32 d, a, mask, c, lut` with two immediates, as inline PTX: LLVM 22
/// has no lop3 op and the NVPTX backend does not form one from and/or/xor
/// chains (docs/w4a16-design.md, 2.3). No side effects, so it CSEs.
Value buildLop3(ImplicitLocOpBuilder &b, Value a, uint32_t mask, uint32_t c,
                uint8_t lut);

/// `wgmma.mma_async m64nNk16.f32.f16.f16` with A in registers, as inline
/// PTX (nvvm.wgmma.mma_async takes A only through a descriptor): `acc` is
/// the accumulator struct of N / 2 f32, `a` the warp's four A fragment
/// registers (the m16n8k16 A layout of its 16 rows), `descB` the K-major B
/// tile's descriptor. Side effects: it reads shared memory asynchronously
/// and must stay between its wgmma.fence and commit.
Value buildWgmmaF16RegisterA(ImplicitLocOpBuilder &b, Value acc,
                             ArrayRef<Value> a, Value descB);

/// `prmt.b32 d, lo, hi, selector` (nvvm.prmt, default mode).
Value buildPrmt(ImplicitLocOpBuilder &b, Value lo, Value hi, uint32_t selector);
/// The same with an i32 selector known only at run time.
Value buildPrmt(ImplicitLocOpBuilder &b, Value lo, Value hi, Value selector);

/// The i32 `word` as a vector<2xf16> (free: a register reinterpretation).
Value bitcastToF16x2(ImplicitLocOpBuilder &b, Value word);

/// A vector<2xf16> constant whose 32 bits are `bits` (low half first).
Value buildF16x2(ImplicitLocOpBuilder &b, uint32_t bits);

/// llvm.intr.fma of three vector<2xf16> (fma.rn.f16x2) or vector<2xf32>
/// (two fma.rn.f32); math.fma would become libdevice calls.
Value buildFma2(ImplicitLocOpBuilder &b, Value x, Value y, Value z);

/// The m16n8k16 A fragment (vector<4x2xf16>) of four f16x2 registers.
Value buildWeightFragment(ImplicitLocOpBuilder &b, ArrayRef<Value> regs);

/// The zero accumulator of one m16n8 f32 mma tile.
Value buildZeroF32Accumulator(ImplicitLocOpBuilder &b);

/// The pair y[8t + 2q + i][col, col + 1] of accumulator `acc` (m16n8 f32
/// tile of Y^T, computed as W . X^T): (d[0][i], d[1][i]).
Value getTransposedPair(ImplicitLocOpBuilder &b, Value acc, int64_t i);

/// Sets the launch bounds of a kernel: `threads` a block (maxntid) and at
/// least `blocksPerSM` blocks resident a multiprocessor (minctasm, at least
/// 1), which caps ptxas's registers a thread. Each scheme decides the count.
void setLaunchBounds(gpu::GPUFuncOp func, int64_t threads, int64_t blocksPerSM);

} // namespace mlir::qgemm::kernel

#endif // QGEMM_LIB_CONVERSION_QGEMMTOGPU_KERNELBUILDER_H
