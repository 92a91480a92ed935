//===- QGemmOps.cpp - qgemm operation verifiers ---------------------------===//
//
// The verifiers of qgemm.quantize and qgemm.matmul: they are the contract
// every pass relies on. Each rejection is located on the op and names the
// offending and the expected value.
//
//===----------------------------------------------------------------------===//

#include "qgemm/IR/QGemm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::qgemm;

/// The largest sizes a matmul may have: K and N past every layer's (the
/// lowering's work grows with them: K = 2^20 took a minute and 2.8 GB, K
/// near 2^63 ran out of memory, a BSR N of 2^20 15 s; every scheme's
/// default configs compile at K = 2^16 and N = 2^18 in seconds), a static
/// M that the launch's 32-bit grid holds.
static constexpr int64_t kMaxMatmulK = int64_t(1) << 16,
                         kMaxMatmulN = int64_t(1) << 18,
                         kMaxMatmulM = (int64_t(1) << 31) - 1;

#define GET_OP_CLASSES
#include "qgemm/QGemmOps.cpp.inc"

/// Bytes a row pitch must be a multiple of: the 16-byte copies (cp.async,
/// vector loads) and a TMA tensor map's row stride; and the most it may
/// be (the launch description's fields are 32-bit).
static constexpr int64_t kPitchAlignBytes = 16,
                         kMaxPitchBytes = (int64_t(1) << 31) - 1;

int64_t mlir::qgemm::getRowPitch(MemRefType type) {
  auto strided = dyn_cast<StridedLayoutAttr>(type.getLayout());
  if (!strided || type.getRank() != 2 || strided.getOffset() != 0 ||
      strided.getStrides()[1] != 1 ||
      ShapedType::isDynamic(strided.getStrides()[0]))
    return 0;
  return strided.getStrides()[0];
}

/// Checks that `type` is a row-major memref of `elementType` whose shape
/// matches `shape`; a dynamic entry in `shape` accepts any extent. With
/// `pitched`, a rank-2 `type` may also have padded rows: layout
/// strided<[P, 1]>, P at least the row's extent and a whole number of
/// 16-byte units.
static LogicalResult checkOperand(Operation *op, StringRef name,
                                  MemRefType type, ArrayRef<int64_t> shape,
                                  Type elementType, bool pitched = false) {
  auto expected = MemRefType::get(shape, elementType);
  bool matches = type.getElementType() == elementType &&
                 type.getRank() == static_cast<int64_t>(shape.size());
  for (auto [actual, want] : llvm::zip(type.getShape(), shape))
    matches &= ShapedType::isDynamic(want) || actual == want;
  if (!matches)
    return op->emitOpError() << "expected " << name << " of type " << expected
                             << ", got " << type;
  if (type.getLayout().isIdentity())
    return success();
  if (!pitched)
    return op->emitOpError() << "expected " << name
                             << " to have the identity (row-major) layout, got "
                             << type;
  int64_t pitch = getRowPitch(type);
  if (!pitch)
    return op->emitOpError()
           << "expected " << name
           << " to have the identity (row-major) layout or padded rows "
              "(strided<[pitch, 1]>), got "
           << type;
  int64_t elementBits = elementType.getIntOrFloatBitWidth();
  // Bounded first: the byte count below must not overflow.
  if (pitch > kMaxPitchBytes * 8 / elementBits)
    return op->emitOpError()
           << "expected the row pitch of " << name << " (" << pitch
           << ") to be at most " << kMaxPitchBytes << " bytes, got " << type;
  if (pitch < type.getDimSize(1) ||
      pitch * elementBits % (8 * kPitchAlignBytes))
    return op->emitOpError()
           << "expected the row pitch of " << name << " (" << pitch
           << ") to be at least its rows' " << type.getDimSize(1)
           << " elements and a multiple of " << kPitchAlignBytes
           << " bytes, got " << type;
  return success();
}

/// Checks that `value` is a positive multiple of `multiple`.
static LogicalResult checkDivides(Operation *op, int64_t divisor,
                                  StringRef divisorName, int64_t value,
                                  StringRef valueName) {
  if (divisor > 0 && value % divisor == 0)
    return success();
  return op->emitOpError() << "expected " << divisorName << " (" << divisor
                           << ") to divide " << valueName << " (" << value
                           << ")";
}

/// Checks the scales of a quantized activation [M, K]: f32 [M] per token,
/// f32 [M, K / block] per block.
static LogicalResult checkActivationScales(Operation *op, StringRef name,
                                           MemRefType type,
                                           ActivationEncodingAttr encoding,
                                           int64_t m, int64_t k) {
  Type f32 = Float32Type::get(op->getContext());
  if (encoding.getScales() == ScaleGranularity::per_token)
    return checkOperand(op, name, type, {m}, f32);
  if (failed(checkDivides(op, encoding.getBlock(), "activation block",
                          k, "K")))
    return failure();
  return checkOperand(op, name, type, {m, k / encoding.getBlock()}, f32);
}

//===----------------------------------------------------------------------===//
// QuantizeOp
//===----------------------------------------------------------------------===//

LogicalResult QuantizeOp::verify() {
  MemRefType inputType = getInput().getType();
  ActivationEncodingAttr encoding = getEncoding();
  if (inputType.getRank() != 2)
    return emitOpError() << "expected a 2-D input [M, K], got rank "
                         << inputType.getRank();
  Type inputElt = inputType.getElementType();
  if (!inputElt.isF16() && !inputElt.isBF16())
    return emitOpError() << "expected an f16 or bf16 input, got " << inputElt;
  if (!encoding.isQuantized())
    return emitOpError() << "expected a quantized encoding, got " << encoding;
  int64_t m = inputType.getDimSize(0), k = inputType.getDimSize(1);
  if (ShapedType::isDynamic(k))
    return emitOpError() << "expected a static K (input dimension 1)";
  if (failed(checkOperand(*this, "quantized", getQuantized().getType(),
                          inputType.getShape(), encoding.getStorage())))
    return failure();
  return checkActivationScales(*this, "scales", getScales().getType(),
                               encoding, m, k);
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

int64_t MatmulOp::getM() { return getLhs().getType().getDimSize(0); }
int64_t MatmulOp::getN() { return getOut().getType().getDimSize(1); }
int64_t MatmulOp::getK() { return getLhs().getType().getDimSize(1); }

int64_t MatmulOp::getMmaK() {
  Type storage = getLhsEncoding().getStorage();
  return storage.getIntOrFloatBitWidth() == 8 ? 32 : 16;
}

bool MatmulOp::hasFusedQuantize() {
  return getLhsEncoding().isQuantized() &&
         getLhs().getType().getElementType() != getLhsEncoding().getStorage();
}

bool mlir::qgemm::hasKernelScheme(MatmulOp op) {
  Type lhsElt = op.getLhs().getType().getElementType();
  switch (op.getWeightEncoding().getFormat()) {
  case WeightFormat::int8:
    // W8A8: an fp16 activation quantized by the kernels, or an int8 one
    // already quantized (its scales in lhs_scales).
    return op.getLhsEncoding().getStorage().isInteger(8) &&
           (lhsElt.isF16() || lhsElt.isInteger(8));
  case WeightFormat::int4:
  case WeightFormat::bsr:
    return lhsElt.isF16() && !op.getLhsEncoding().isQuantized();
  default:
    return false;
  }
}

LogicalResult mlir::qgemm::emitNoKernelSchemeError(MatmulOp op) {
  return op.emitOpError()
         << "lowering is implemented for W8A8 (int8 weights; an fp16 "
            "activation quantized in the kernel, or an int8 one already "
            "quantized, with lhs_scales), for W4A16 (int4 weights, fp16 "
            "activation) and for BSR with an fp16 activation; this scheme "
            "is not implemented yet";
}

/// Checks the weight operands of `op` against its weight encoding.
static LogicalResult verifyWeights(MatmulOp op, int64_t n, int64_t k) {
  WeightEncodingAttr encoding = op.getWeightEncoding();
  Type storage = op.getLhsEncoding().getStorage();
  MLIRContext *ctx = op.getContext();
  Type i8 = IntegerType::get(ctx, 8), i32 = IntegerType::get(ctx, 32);
  Type f16 = Float16Type::get(ctx), f32 = Float32Type::get(ctx);
  Operation *operation = op;
  auto weights = op.getWeights();

  // Which activation storage each weight format is defined with.
  bool schemeOk = false;
  switch (encoding.getFormat()) {
  case WeightFormat::int8:
  case WeightFormat::int4:
    schemeOk = storage.isF16() || storage.isBF16() || storage.isInteger(8);
    break;
  case WeightFormat::bsr:
    schemeOk = storage.isF16() || storage.isBF16();
    break;
  case WeightFormat::fp8_e4m3:
    schemeOk = isa<Float8E4M3FNType>(storage);
    break;
  }
  if (!schemeOk)
    return op.emitOpError() << "unsupported scheme: " << storage
                            << " activations with "
                            << stringifyEnum(encoding.getFormat())
                            << " weights";

  auto expectCount = [&](size_t count, StringRef names) -> LogicalResult {
    if (weights.size() == count)
      return success();
    return op.emitOpError()
           << "expected " << count << " weight operands " << names
           << " for " << stringifyEnum(encoding.getFormat())
           << " weights, got " << weights.size();
  };
  auto typeOf = [&](unsigned i) { return cast<MemRefType>(weights[i].getType()); };
  // fp16 weights and scales follow the activation's float type.
  Type halfType = storage.isBF16() ? storage : f16;

  switch (encoding.getFormat()) {
  case WeightFormat::int8:
    if (failed(expectCount(2, "(wq, scales)")) ||
        failed(checkOperand(operation, "wq", typeOf(0), {n, k}, i8,
                            /*pitched=*/true)))
      return failure();
    return checkOperand(operation, "weight scales", typeOf(1), {n}, f32);

  case WeightFormat::int4: {
    bool grouped = encoding.getScales() == ScaleGranularity::per_group;
    size_t count = encoding.getZeroPoints() ? 3 : 2;
    if (failed(expectCount(count, encoding.getZeroPoints()
                                      ? "(wq, scales, zeros)"
                                      : "(wq, scales)")))
      return failure();
    // K is a multiple of the mma K (checked by the caller), so of 8.
    if (failed(checkOperand(operation, "packed wq", typeOf(0), {k / 8, n},
                            i32)))
      return failure();
    if (!grouped)
      return checkOperand(operation, "weight scales", typeOf(1), {n},
                          halfType);
    int64_t group = encoding.getGroupSize();
    if (failed(checkDivides(operation, group, "group size", k, "K")) ||
        failed(checkOperand(operation, "weight scales", typeOf(1),
                            {k / group, n}, halfType)))
      return failure();
    if (!encoding.getZeroPoints())
      return success();
    // N is a multiple of 8 (checked by the caller): whole zero-point words.
    return checkOperand(operation, "zero points", typeOf(2),
                        {k / group, n / 8}, i32);
  }

  case WeightFormat::bsr: {
    if (failed(expectCount(3, "(row_ptr, col_idx, blocks)")))
      return failure();
    int64_t blockN = encoding.getBlock()[0], blockK = encoding.getBlock()[1];
    if (failed(checkDivides(operation, blockN, "bsr block rows", n, "N")) ||
        failed(checkDivides(operation, blockK, "bsr block columns", k, "K")) ||
        failed(checkOperand(operation, "row_ptr", typeOf(0),
                            {n / blockN + 1}, i32)) ||
        failed(checkOperand(operation, "col_idx", typeOf(1),
                            {ShapedType::kDynamic}, i32)) ||
        failed(checkOperand(operation, "blocks", typeOf(2),
                            {ShapedType::kDynamic, blockN, blockK},
                            halfType)))
      return failure();
    int64_t nnzIdx = typeOf(1).getDimSize(0);
    int64_t nnzBlocks = typeOf(2).getDimSize(0);
    if (!ShapedType::isDynamic(nnzIdx) && !ShapedType::isDynamic(nnzBlocks) &&
        nnzIdx != nnzBlocks)
      return op.emitOpError() << "expected blocks dimension 0 (" << nnzBlocks
                              << ") to match the length of col_idx ("
                              << nnzIdx << ")";
    return success();
  }

  case WeightFormat::fp8_e4m3: {
    if (failed(expectCount(2, "(wq, scales)")))
      return failure();
    int64_t blockN = encoding.getBlock()[0], blockK = encoding.getBlock()[1];
    if (failed(checkDivides(operation, blockN, "weight block rows", n, "N")) ||
        failed(checkDivides(operation, blockK, "weight block columns", k,
                            "K")) ||
        failed(checkOperand(operation, "wq", typeOf(0), {n, k}, storage)))
      return failure();
    return checkOperand(operation, "weight scales", typeOf(1),
                        {n / blockN, k / blockK}, f32);
  }
  }
  llvm_unreachable("unhandled weight format");
}

/// Checks the options of `config` that only some schemes lower: stream_k is
/// W8A8's (int32 partials), tail_split W8A8's and W4A16's register_a rings'
/// (f32 partials), and so is copy = tma but for
/// W4A16's register_a rings (operands = register_a is W4A16's, checked by
/// verifyConfigs) and BSR's union tiles; cluster_split is W8A8's and W4A16's;
/// row_split is BSR's and W4A16's (int4 weights), on a dynamic M.
static LogicalResult verifySchemeOptions(MatmulOp op, ConfigAttr config) {
  bool w8a8 = op.getWeightEncoding().getFormat() == WeightFormat::int8 &&
              op.getLhsEncoding().isQuantized();
  bool bsr = op.getWeightEncoding().getFormat() == WeightFormat::bsr;
  if (config.getTailSplit() > 1 && !w8a8 && !config.isRegisterA())
    return op.emitOpError()
           << "expected tail_split only with int8 weights and quantized "
              "activations (W8A8) or with operands = register_a (W4A16), "
              "got tail_split = "
           << config.getTailSplit();
  if (config.getStreamK() && !w8a8)
    return op.emitOpError()
           << "expected stream_k only with int8 weights and quantized "
              "activations (W8A8)";
  if (config.isTma() && !w8a8 && !config.isRegisterA() && !bsr)
    return op.emitOpError()
           << "expected int8 weights and quantized activations (W8A8), "
              "int4 weights with operands = register_a (W4A16), or bsr "
              "weights (union tiles), with copy = "
           << stringifyEnum(config.getCopy());
  // The config admits operands = shared TMA rings of K tiles of 128 (W8A8's
  // int8 rows), 32 or 64 (BSR's fp16 block columns, or pairs of them: the
  // lowering checks the pairs' conditions); BSR's TMA ring is that of the
  // union tiles of several block rows.
  if (config.isTma() && !config.isRegisterA() &&
      config.getBlockK() != (bsr ? 32 : 128) &&
      !(bsr && config.getBlockK() == 64))
    return op.emitOpError()
           << "expected cta tile K of " << (bsr ? "32 or 64" : "128")
           << " with copy = " << stringifyEnum(config.getCopy()) << " for "
           << (bsr ? "bsr weights" : "W8A8") << ", got " << config.getBlockK();
  if (config.isTma() && bsr && config.getBlockN() < 64)
    return op.emitOpError()
           << "expected cta tile N of at least 64 (a union of block rows) "
              "with copy = "
           << stringifyEnum(config.getCopy()) << " for bsr weights, got "
           << config.getBlockN();
  bool int4 = op.getWeightEncoding().getFormat() == WeightFormat::int4;
  if (config.getRowSplit() > 0 && !bsr && !int4)
    return op.emitOpError() << "expected row_split only with bsr or int4 "
                               "weights, got row_split = "
                            << config.getRowSplit();
  if (config.getRowSplit() > 0 && !op.getLhs().getType().isDynamicDim(0))
    return op.emitOpError()
           << "expected a dynamic M with row_split (the stub cuts M into "
              "two calls), got M = "
           << op.getLhs().getType().getDimSize(0);
  if (config.getClusterSplit()) {
    // Thread block clusters need sm_90; BSR splits its rows otherwise.
    if (bsr)
      return op.emitOpError() << "expected cluster_split only with W8A8 or "
                                 "W4A16 (BSR splits its block rows)";
    TargetAttr target = op.getTargetAttr();
    if (target && target.getSMVersion() < 90)
      return op.emitOpError()
             << "expected target sm_90 or later for a config with "
                "cluster_split = true (thread block clusters), got "
             << target.getChip();
  }
  return success();
}

/// Checks the kernel variants of `op` against its problem shape.
static LogicalResult verifyConfigs(MatmulOp op, ArrayAttr configs, int64_t k) {
  if (configs.empty())
    return op.emitOpError() << "expected at least one config";
  int64_t previousMaxM = 0;
  bool bsr = op.getWeightEncoding().getFormat() == WeightFormat::bsr;
  for (auto [index, attr] : llvm::enumerate(configs)) {
    auto config = cast<ConfigAttr>(attr);
    bool last = index + 1 == configs.size();
    if (config.getMinFill() > 0) {
      // A choice by density: the next config takes the sparser weights of
      // the same M range (a lower min_fill, down to a config with none);
      // the order is checked on the last of the chain.
      if (!bsr)
        return op.emitOpError() << "expected min_fill only with bsr weights "
                                   "(it bounds nnzb), got min_fill = "
                                << config.getMinFill();
      auto next = last ? ConfigAttr() : cast<ConfigAttr>(configs[index + 1]);
      if (!next || next.getMaxM() != config.getMaxM() ||
          next.getMinFill() >= config.getMinFill())
        return op.emitOpError()
               << "expected a config with min_fill = " << config.getMinFill()
               << " to be followed by one with the same max_m ("
               << config.getMaxM()
               << ") and a lower min_fill, for the sparser weights";
    } else {
      // A static M needs only variants up to it.
      int64_t m = op.getM();
      if (last && config.getMaxM() != 0 &&
          (ShapedType::isDynamic(m) || config.getMaxM() < m))
        return op.emitOpError()
               << "expected the last config to have no M bound (max_m = 0)"
               << (ShapedType::isDynamic(m)
                       ? std::string()
                       : " or one of at least M (" + std::to_string(m) + ")")
               << ", got max_m = " << config.getMaxM();
      if (!last && config.getMaxM() <= previousMaxM)
        return op.emitOpError()
               << "expected configs in increasing max_m, got max_m = "
               << config.getMaxM() << " after " << previousMaxM;
      previousMaxM = config.getMaxM();
    }

    if (failed(verifySchemeOptions(op, config)))
      return failure();

    if (config.isWgmma()) {
      TargetAttr target = op.getTargetAttr();
      if (target && !target.hasWgmma())
        return op.emitOpError()
               << "expected target sm_90a for a config with mma = wgmma, got "
               << target.getChip();
      // One 128-byte swizzled row of the activation per K tile; BSR walks
      // one 32-wide block per K tile (its lowering checks the tile).
      int64_t rowBytes =
          config.getBlockK() *
          (op.getLhsEncoding().getStorage().getIntOrFloatBitWidth() / 8);
      if (rowBytes != 128 && !bsr)
        return op.emitOpError()
               << "expected cta tile K of 128 bytes of "
               << op.getLhsEncoding().getStorage()
               << " with mma = wgmma (one swizzled row), got "
               << config.getBlockK() << " (" << rowBytes << " bytes)";
    }
    // The weights as wgmma's register A: W4A16 dequantizes them there.
    if (config.isRegisterA() &&
        (op.getWeightEncoding().getFormat() != WeightFormat::int4 ||
         op.getLhsEncoding().isQuantized()))
      return op.emitOpError()
             << "expected int4 weights and an fp16 activation (W4A16) with "
                "operands = register_a, the weights dequantized into wgmma's "
                "register operand";
    if (config.getWarpM() % 16 != 0 || config.getWarpN() % 8 != 0)
      return op.emitOpError()
             << "expected warp tile [" << config.getWarpM() << ", "
             << config.getWarpN()
             << "] to be a multiple of the mma tile [16, 8]";
    if (config.getBlockK() % op.getMmaK() != 0)
      return op.emitOpError() << "expected cta tile K (" << config.getBlockK()
                              << ") to be a multiple of the mma K ("
                              << op.getMmaK() << ")";
    // Only the int4 register-direct kernels (tokens as mma's N) cover 32 or
    // 64 rows a block; the others one 16-row mma tile.
    if (config.isRegisterDirect() && config.getBlockM() != 16 &&
        op.getWeightEncoding().getFormat() != WeightFormat::int4)
      return op.emitOpError()
             << "expected cta tile M of 16 with operands = registers for "
             << stringifyEnum(op.getWeightEncoding().getFormat())
             << " weights (32 and 64 rows a block are the int4 kernels'), got "
             << config.getBlockM();
    // int4 register-direct variants: warps walk 128-K chunks; the last
    // chunks of some warps may lie past K (the kernel skips them), and K (a
    // multiple of 64) may end half way through the last one (its last two
    // 32-K blocks are masked).
    if (config.isRegisterDirect() &&
        op.getWeightEncoding().getFormat() == WeightFormat::int4)
      continue;
    // A BSR register-direct variant splits each block row's K / 32 block
    // columns over the grid.
    if (config.isRegisterDirect() && bsr) {
      int64_t blockCols = k / op.getWeightEncoding().getBlock()[1];
      if (config.getSplitK() > blockCols)
        return op.emitOpError()
               << "expected split_k (" << config.getSplitK()
               << ") to be at most the number of block columns (" << blockCols
               << ") with operands = registers";
      continue;
    }
    // A K tile may pass K (its copies zero-fill): K tiles are counted up.
    int64_t kTiles = llvm::divideCeil(k, config.getBlockK());
    if (config.getSplitK() > kTiles)
      return op.emitOpError() << "expected split_k (" << config.getSplitK()
                              << ") to be at most the number of K tiles ("
                              << kTiles << ")";
  }
  return success();
}

LogicalResult MatmulOp::verify() {
  // The generic form can give any segment sizes that add up: lhs and out
  // are one operand each (the accessors below read them).
  ArrayRef<int32_t> segments = getProperties().operandSegmentSizes;
  if (segments[0] != 1 || segments[3] != 1)
    return emitOpError() << "expected one lhs and one output operand "
                            "(operandSegmentSizes = [1, scales, weights, 1]), "
                            "got "
                         << segments[0] << " and " << segments[3];
  MemRefType lhsType = getLhs().getType(), outType = getOut().getType();
  ActivationEncodingAttr lhsEncoding = getLhsEncoding();
  if (lhsType.getRank() != 2)
    return emitOpError() << "expected a 2-D lhs [M, K], got rank "
                         << lhsType.getRank();
  if (outType.getRank() != 2)
    return emitOpError() << "expected a 2-D output [M, N], got rank "
                         << outType.getRank();
  int64_t m = lhsType.getDimSize(0), k = lhsType.getDimSize(1);
  int64_t n = outType.getDimSize(1);
  if (ShapedType::isDynamic(k))
    return emitOpError() << "expected a static K (lhs dimension 1)";
  if (ShapedType::isDynamic(n))
    return emitOpError() << "expected a static N (output dimension 1)";
  // An empty weight has no tile to choose or launch.
  if (k < 1 || n < 1)
    return emitOpError() << "expected N >= 1 and K >= 1, got N = " << n
                         << ", K = " << k;
  // The kernels index rows and columns in 32 bits and lower loops whose
  // length follows K; sizes past these bounds are no layer's.
  if (k > kMaxMatmulK || n > kMaxMatmulN)
    return emitOpError() << "expected N <= " << kMaxMatmulN
                         << " and K <= " << kMaxMatmulK << ", got N = " << n
                         << ", K = " << k;
  // A static M of 0 has no row to launch (and 0 is what the launch
  // description reads as "M at run time").
  if (!ShapedType::isDynamic(m) && (m < 1 || m > kMaxMatmulM))
    return emitOpError() << "expected a static M in [1, " << kMaxMatmulM
                         << "], got " << m;
  int64_t outM = outType.getDimSize(0);
  if (!ShapedType::isDynamic(m) && !ShapedType::isDynamic(outM) && m != outM)
    return emitOpError() << "expected output M (" << outM
                         << ") to match lhs M (" << m << ")";
  if (!outType.getElementType().isF16())
    return emitOpError() << "expected an f16 output, got "
                         << outType.getElementType();
  // The activation: as encoded, or fp16 quantized in the kernel.
  Type lhsElt = lhsType.getElementType();
  Type storage = lhsEncoding.getStorage();
  bool preQuantized = lhsEncoding.isQuantized() && lhsElt == storage;
  // An int8 activation the caller quantized for int8 weights may have
  // padded rows, as those weights may (rows on 128-byte lines where K is
  // not a multiple of 128).
  bool pitchedLhs = preQuantized && lhsElt.isInteger(8) &&
                    getWeightEncoding().getFormat() == WeightFormat::int8;
  for (auto [name, type, pitched] : {std::tuple{"lhs", lhsType, pitchedLhs},
                                     std::tuple{"output", outType, false}})
    if (!pitched && !type.getLayout().isIdentity())
      return emitOpError() << "expected " << name
                           << " to have the identity (row-major) layout, got "
                           << type;
  if (pitchedLhs && failed(checkOperand(*this, "lhs", lhsType,
                                        {lhsType.getDimSize(0), k}, lhsElt,
                                        /*pitched=*/true)))
    return failure();
  if (lhsEncoding.isQuantized()) {
    if (!preQuantized && !lhsElt.isF16() && !lhsElt.isBF16())
      return emitOpError() << "expected lhs element type " << storage
                           << " (quantized) or f16 (quantized in the kernel), "
                              "got "
                           << lhsElt;
  } else if (lhsElt != storage) {
    return emitOpError() << "expected lhs element type " << storage
                         << " (from lhs_encoding), got " << lhsElt;
  }
  size_t expectedScales = preQuantized ? 1 : 0;
  if (getLhsScales().size() != expectedScales)
    return emitOpError() << "expected " << expectedScales
                         << " lhs_scales operands, got "
                         << getLhsScales().size();
  if (preQuantized &&
      failed(checkActivationScales(
          *this, "lhs scales", cast<MemRefType>(getLhsScales()[0].getType()),
          lhsEncoding, m, k)))
    return failure();

  // Alignment: every row of every operand starts on a 16-byte boundary and
  // K is a whole number of mma steps.
  if (k % getMmaK() != 0)
    return emitOpError() << "expected K (" << k << ") to be a multiple of "
                         << getMmaK() << " (the K of one "
                         << (getMmaK() == 32 ? "8-bit" : "16-bit") << " mma)";
  if (n % 8 != 0)
    return emitOpError() << "expected N (" << n
                         << ") to be a multiple of 8 (16-byte aligned output "
                            "rows)";

  if (failed(verifyWeights(*this, n, k)))
    return failure();

  if (TargetAttr target = getTargetAttr()) {
    if (isa<Float8E4M3FNType>(storage) && target.getSMVersion() < 90)
      return emitOpError() << "fp8 activations need sm_90 or newer, got "
                           << target.getChip();
  }
  if (ArrayAttr configs = getConfigsAttr())
    return verifyConfigs(*this, configs, k);
  return success();
}
