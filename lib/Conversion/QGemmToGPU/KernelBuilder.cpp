//===- KernelBuilder.cpp - helpers every kernel part builds with ----------===//
//
// Kernel creation, shared-memory views, warp reductions and the L2 prefetch
// used by the kernel parts of convert-qgemm-to-gpu (see KernelBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

gpu::GPUFuncOp kernel::createKernel(ImplicitLocOpBuilder &b,
                                    gpu::GPUModuleOp module, StringRef name,
                                    TypeRange types, int64_t tensorMaps) {
  b.setInsertionPointToEnd(module.getBody());
  SmallVector<Type> argTypes(tensorMaps,
                             LLVM::LLVMPointerType::get(b.getContext()));
  llvm::append_range(argTypes, types);
  auto func = gpu::GPUFuncOp::create(b, name, b.getFunctionType(argTypes, {}));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  if (tensorMaps > 0)
    func->setAttr(kTensorMapsAttrName, b.getI64IntegerAttr(tensorMaps));
  b.setInsertionPointToStart(&func.getBody().front());
  return func;
}

MemRefType kernel::getSharedMemRefType(MLIRContext *ctx,
                                       ArrayRef<int64_t> shape,
                                       Type elementType) {
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface{},
                         workgroup);
}

Value kernel::getDynamicSharedMemory(ImplicitLocOpBuilder &b) {
  return gpu::DynamicSharedMemoryOp::create(
      b, getSharedMemRefType(b.getContext(), {ShapedType::kDynamic},
                             b.getI8Type()));
}

Value kernel::createSharedView(ImplicitLocOpBuilder &b, Value smem,
                               ArrayRef<int64_t> shape, Type elementType,
                               Value offset) {
  return memref::ViewOp::create(
      b, getSharedMemRefType(b.getContext(), shape, elementType), smem, offset,
      ValueRange{});
}

Value kernel::buildWarpMax(ImplicitLocOpBuilder &b, Value value) {
  Emitter e{b};
  for (int64_t offset = 16; offset >= 1; offset /= 2) {
    Value other =
        gpu::ShuffleOp::create(b, value, offset, 32, gpu::ShuffleMode::XOR)
            .getShuffleResult();
    value = e.fmax(value, other);
  }
  return value;
}

Value kernel::getSharedPointer(ImplicitLocOpBuilder &b, Value addr) {
  Value i64 = arith::IndexCastUIOp::create(b, b.getI64Type(), addr);
  return LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), /*addressSpace=*/3), i64);
}

Value kernel::addAccumulators(ImplicitLocOpBuilder &b, Value x, Value y) {
  if (isa<FloatType>(getElementTypeOrSelf(x)))
    return arith::AddFOp::create(b, x, y);
  return arith::AddIOp::create(b, x, y);
}

Value kernel::broadcastLane0(ImplicitLocOpBuilder &b, Value v) {
  Value i32 = v.getType().isInteger(32)
                  ? v
                  : arith::IndexCastUIOp::create(b, b.getI32Type(), v);
  Value shuffled = gpu::ShuffleOp::create(b, i32, 0, 32, gpu::ShuffleMode::IDX)
                       .getShuffleResult();
  return arith::IndexCastUIOp::create(b, b.getIndexType(), shuffled);
}

void kernel::buildIfThen(ImplicitLocOpBuilder &b, Value cond) {
  auto ifOp = scf::IfOp::create(b, cond, /*withElse=*/false);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
}

void kernel::prefetchToL2(ImplicitLocOpBuilder &b, Value src, Value first,
                          int64_t bytes, Value tid) {
  Emitter e{b};
  constexpr int64_t lineBytes = 128;
  int64_t lines = llvm::divideCeil(bytes, lineBytes);
  auto srcType = cast<MemRefType>(src.getType());
  int64_t elementBytes = srcType.getElementTypeBitWidth() / 8;
  assert(elementBytes > 0 && "a vector of whole-byte elements");
  OpBuilder::InsertionGuard guard(b);
  buildIfThen(b, e.ult(tid, e.idx(lines)));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, src);
  // Thread i touches byte 128 i of the range, the last one at most its
  // last element: every address lies inside `src`.
  Value offset = e.add(e.mul(first, elementBytes),
                       arith::MinUIOp::create(b, e.mul(tid, lineBytes),
                                              e.idx(bytes - elementBytes)));
  int64_t srcBytes =
      srcType.hasStaticShape() ? srcType.getNumElements() * elementBytes : 0;
  if (srcBytes && srcBytes % bytes != 0)
    offset = arith::MinUIOp::create(b, offset, e.idx(srcBytes - elementBytes));
  Value address =
      arith::IndexCastOp::create(b, b.getI64Type(), e.add(base, offset));
  Value pointer = LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), /*addressSpace=*/1),
      address);
  NVVM::PrefetchOp::create(b,
                           NVVM::PrefetchCacheLevelAttr::get(
                               b.getContext(), NVVM::PrefetchCacheLevel::L2),
                           /*evictPriority=*/nullptr, pointer,
                           /*predicate=*/Value(),
                           /*tensormap=*/false);
}

Value kernel::buildI32(ImplicitLocOpBuilder &b, uint32_t bits) {
  return arith::ConstantOp::create(b, b.getI32IntegerAttr(int32_t(bits)));
}

Value kernel::buildLop3(ImplicitLocOpBuilder &b, Value a, uint32_t mask,
                        uint32_t c, uint8_t lut) {
  std::string text = llvm::formatv("lop3.b32 $0, $1, {0:x8}, {1:x8}, {2:x2};",
                                   mask, c, unsigned(lut))
                         .str();
  // formatv's x8 prints 0x-prefixed lowercase hex, which PTX accepts.
  return LLVM::InlineAsmOp::create(
             b, b.getI32Type(), ValueRange{a}, b.getStringAttr(text),
             b.getStringAttr("=r,r"), /*has_side_effects=*/nullptr,
             /*is_align_stack=*/nullptr, LLVM::TailCallKindAttr{},
             /*asm_dialect=*/LLVM::AsmDialectAttr{},
             /*operand_attrs=*/ArrayAttr{})
      .getResult(0);
}

Value kernel::buildWgmmaF16RegisterA(ImplicitLocOpBuilder &b, Value acc,
                                     ArrayRef<Value> a, Value descB) {
  auto accType = cast<LLVM::LLVMStructType>(acc.getType());
  int64_t size = accType.getBody().size();
  assert(a.size() == 4 && "four A fragment registers");
  std::string text;
  llvm::raw_string_ostream os(text);
  // Operands are numbered outputs first, then the tied inputs.
  int64_t aFirst = 2 * size, descIndex = aFirst + 4;
  os << "wgmma.mma_async.sync.aligned.m64n" << 2 * size << "k16.f32.f16.f16 {";
  for (int64_t i = 0; i < size; ++i)
    os << (i ? ", $" : "$") << i;
  os << "}, {";
  for (int64_t i = 0; i < 4; ++i)
    os << (i ? ", $" : "$") << aFirst + i;
  // scale-d = 1 (accumulate), A and B not negated, B K-major.
  os << "}, $" << descIndex << ", 1, 1, 1, 0;";
  std::string constraints;
  for (int64_t i = 0; i < size; ++i)
    constraints += (i ? ",=f" : "=f");
  for (int64_t i = 0; i < size; ++i)
    constraints += "," + std::to_string(i);
  constraints += ",r,r,r,r,l";
  SmallVector<Value> operands;
  for (int64_t i = 0; i < size; ++i)
    operands.push_back(LLVM::ExtractValueOp::create(b, acc, i));
  llvm::append_range(operands, a);
  operands.push_back(descB);
  return LLVM::InlineAsmOp::create(
             b, accType, operands, b.getStringAttr(text),
             b.getStringAttr(constraints), /*has_side_effects=*/b.getUnitAttr(),
             /*is_align_stack=*/nullptr, LLVM::TailCallKindAttr{},
             /*asm_dialect=*/LLVM::AsmDialectAttr{},
             /*operand_attrs=*/ArrayAttr{})
      .getResult(0);
}

Value kernel::buildPrmt(ImplicitLocOpBuilder &b, Value lo, Value hi,
                        uint32_t selector) {
  return NVVM::PermuteOp::create(b, b.getI32Type(), lo, hi,
                                 buildI32(b, selector),
                                 NVVM::PermuteMode::DEFAULT);
}

Value kernel::buildPrmt(ImplicitLocOpBuilder &b, Value lo, Value hi,
                        Value selector) {
  return NVVM::PermuteOp::create(b, b.getI32Type(), lo, hi, selector,
                                 NVVM::PermuteMode::DEFAULT);
}

Value kernel::bitcastToF16x2(ImplicitLocOpBuilder &b, Value word) {
  return LLVM::BitcastOp::create(b, VectorType::get({2}, b.getF16Type()), word);
}

Value kernel::buildF16x2(ImplicitLocOpBuilder &b, uint32_t bits) {
  auto type = VectorType::get({2}, b.getF16Type());
  SmallVector<APFloat> values;
  for (uint32_t half : {bits & 0xFFFF, bits >> 16})
    values.push_back(APFloat(APFloat::IEEEhalf(), APInt(16, half)));
  return arith::ConstantOp::create(b, DenseElementsAttr::get(type, values));
}

Value kernel::buildFma2(ImplicitLocOpBuilder &b, Value x, Value y, Value z) {
  return LLVM::FMAOp::create(b, x, y, z, LLVM::FastmathFlagsAttr{});
}

Value kernel::buildWeightFragment(ImplicitLocOpBuilder &b,
                                  ArrayRef<Value> regs) {
  auto fragType = VectorType::get({4, 2}, b.getF16Type());
  Value frag = arith::ConstantOp::create(
      b, DenseElementsAttr::get(fragType, b.getF16FloatAttr(0)));
  for (auto [i, reg] : llvm::enumerate(regs))
    frag =
        vector::InsertOp::create(b, reg, frag, ArrayRef<int64_t>{int64_t(i)});
  return frag;
}

Value kernel::buildZeroF32Accumulator(ImplicitLocOpBuilder &b) {
  auto accType = VectorType::get({2, 2}, b.getF32Type());
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(accType, b.getF32FloatAttr(0)));
}

Value kernel::getTransposedPair(ImplicitLocOpBuilder &b, Value acc, int64_t i) {
  auto f32x2 = VectorType::get({2}, b.getF32Type());
  Value lo = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{0, i});
  Value hi = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{1, i});
  return vector::FromElementsOp::create(b, f32x2, ValueRange{lo, hi});
}

void kernel::setLaunchBounds(gpu::GPUFuncOp func, int64_t threads,
                             int64_t blocksPerSM) {
  Builder b(func.getContext());
  func->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                b.getDenseI32ArrayAttr({int32_t(threads), 1, 1}));
  func->setAttr(
      NVVM::NVVMDialect::getMinctasmAttrName(),
      b.getI32IntegerAttr(int32_t(std::max<int64_t>(blocksPerSM, 1))));
}

ConfigAttr kernel::getKernelKey(ConfigAttr config) {
  return ConfigAttr::get(
      config.getContext(), config.getCtaTile(), config.getWarpTile(),
      config.getStages(), config.getSplitK(),
      config.isRegisterDirect() ? config.getMaxM() : 0, config.getMma(),
      config.getOperands(), config.getFuseQuantize(), /*minFill=*/0,
      config.getTailSplit(), config.getCopy(), config.getStreamK(),
      config.getClusterSplit());
}
