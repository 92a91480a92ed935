//===- QGemmAttrs.cpp - qgemm attribute verifiers -------------------------===//
//
// Verifiers and helpers of the qgemm encodings, target and config
// attributes. Each rejection names the bad and the expected value.
//
//===----------------------------------------------------------------------===//

#include "qgemm/IR/QGemm.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::qgemm;

//===----------------------------------------------------------------------===//
// ActivationEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
ActivationEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type storage, ScaleGranularity scales,
                               int64_t block) {
  if (storage.isF16() || storage.isBF16()) {
    if (scales != ScaleGranularity::none)
      return emitError() << "expected no scales for activation storage "
                         << storage << ", got " << stringifyEnum(scales);
  } else if (storage.isInteger(8)) {
    if (scales != ScaleGranularity::per_token)
      return emitError() << "expected per_token scales for an i8 activation, "
                            "got "
                         << stringifyEnum(scales);
  } else if (isa<Float8E4M3FNType>(storage)) {
    if (scales != ScaleGranularity::per_block)
      return emitError() << "expected per_block scales for an f8E4M3FN "
                            "activation, got "
                         << stringifyEnum(scales);
    if (block <= 0)
      return emitError() << "expected a positive activation block size, got "
                         << block;
  } else {
    return emitError() << "unsupported activation storage type " << storage
                       << " (expected f16, bf16, i8 or f8E4M3FN)";
  }
  if (scales != ScaleGranularity::per_block && block != 0)
    return emitError() << "expected no block size without per_block scales, "
                          "got block = "
                       << block;
  return success();
}

//===----------------------------------------------------------------------===//
// WeightEncodingAttr
//===----------------------------------------------------------------------===//

/// Prints `values` as `[a, b]`.
static std::string formatList(ArrayRef<int64_t> values) {
  std::string result = "[";
  llvm::raw_string_ostream os(result);
  llvm::interleaveComma(values, os);
  os << "]";
  return result;
}

LogicalResult
WeightEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           WeightFormat format, ScaleGranularity scales,
                           int64_t groupSize, ArrayRef<int64_t> block,
                           bool zeroPoints, bool fragmentOrder) {
  auto expectScales = [&](ScaleGranularity expected) -> LogicalResult {
    if (scales == expected)
      return success();
    return emitError() << "expected " << stringifyEnum(expected)
                       << " scales for " << stringifyEnum(format)
                       << " weights, got " << stringifyEnum(scales);
  };
  auto expectBlock = [&](ArrayRef<int64_t> expected) -> LogicalResult {
    if (block == expected)
      return success();
    if (expected.empty())
      return emitError() << "expected no block for " << stringifyEnum(format)
                         << " weights, got " << formatList(block);
    return emitError() << "expected " << stringifyEnum(format) << " block "
                       << formatList(expected) << ", got "
                       << formatList(block);
  };

  switch (format) {
  case WeightFormat::int8:
    if (failed(expectScales(ScaleGranularity::per_channel)) ||
        failed(expectBlock({})))
      return failure();
    break;
  case WeightFormat::int4:
    if (scales == ScaleGranularity::per_group) {
      if (!llvm::is_contained({32, 64, 128}, groupSize))
        return emitError() << "unsupported group size (" << groupSize
                           << ") (expected 32, 64 or 128)";
    } else if (failed(expectScales(ScaleGranularity::per_channel))) {
      return failure();
    }
    if (zeroPoints && scales != ScaleGranularity::per_group)
      return emitError() << "expected per_group scales with zero_points";
    if (failed(expectBlock({})))
      return failure();
    break;
  case WeightFormat::bsr:
    if (failed(expectScales(ScaleGranularity::none)) ||
        failed(expectBlock({32, 32})))
      return failure();
    break;
  case WeightFormat::fp8_e4m3:
    if (failed(expectScales(ScaleGranularity::per_block)) ||
        failed(expectBlock({128, 128})))
      return failure();
    break;
  }
  if (scales != ScaleGranularity::per_group && groupSize != 0)
    return emitError() << "expected no group_size without per_group scales, "
                          "got group_size = "
                       << groupSize;
  if (zeroPoints && format != WeightFormat::int4)
    return emitError() << "zero_points are only supported for int4 weights, "
                          "got "
                       << stringifyEnum(format);
  if (fragmentOrder && format != WeightFormat::int4)
    return emitError() << "fragment_order is only supported for int4 weights, "
                          "got "
                       << stringifyEnum(format);
  return success();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

ArrayRef<StringRef> TargetAttr::getSupportedChips() {
  static constexpr StringRef chips[] = {"sm_80", "sm_90", "sm_90a"};
  return chips;
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef chip) {
  if (llvm::is_contained(getSupportedChips(), chip))
    return success();
  return emitError() << "unsupported target chip '" << chip
                     << "' (expected one of sm_80, sm_90, sm_90a)";
}

int64_t TargetAttr::getSMVersion() const {
  return getChip().starts_with("sm_90") ? 90 : 80;
}

int64_t TargetAttr::getMaxSharedMemoryPerBlock() const {
  // Opt-in maxima from the CUDA programming guide, compute capability tables.
  return getSMVersion() >= 90 ? 227 * 1024 : 163 * 1024;
}

int64_t TargetAttr::getMultiprocessorCount() const {
  return getSMVersion() >= 90 ? 132 : 108;
}

int64_t TargetAttr::getResidentBlocks(int64_t sharedBytes,
                                      int64_t threads) const {
  // Per multiprocessor: 2048 threads, 32 blocks, and the opt-in shared
  // memory of a block plus the 1 KB the driver reserves for each block.
  constexpr int64_t kThreadsPerSM = 2048, kBlocksPerSM = 32,
                    kReservedBytes = 1024;
  int64_t smemPerSM = getMaxSharedMemoryPerBlock() + kReservedBytes;
  int64_t blocks = std::min(kBlocksPerSM, kThreadsPerSM / threads);
  if (sharedBytes > 0)
    blocks = std::min(blocks, smemPerSM / (sharedBytes + kReservedBytes));
  return std::max<int64_t>(blocks, 1);
}

//===----------------------------------------------------------------------===//
// ConfigAttr
//===----------------------------------------------------------------------===//

namespace {

/// The tile shapes of operands = register_a (see ConfigAttr::verify).
LogicalResult verifyRegisterATiles(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> ctaTile,
                                   ArrayRef<int64_t> warpTile) {
  // Y^T = W . X^T: a warpgroup's one or two m64nBMk16 accumulators cover
  // 64 or 128 channels and every row of the tile.
  if (warpTile[0] != ctaTile[0] || (warpTile[1] != 64 && warpTile[1] != 128))
    return emitError() << "expected warp_tile [" << ctaTile[0] << ", 64] or ["
                       << ctaTile[0]
                       << ", 128] (one warpgroup per 64 or 128 columns, "
                          "every row) with operands = register_a, got "
                       << formatList(warpTile);
  // Two accumulators of BM / 2 registers, or one: at most 128 a thread.
  int64_t maxRows = warpTile[1] == 128 ? 128 : 256;
  if (ctaTile[0] % 16 != 0 || ctaTile[0] > maxRows)
    return emitError() << "expected cta tile M (" << ctaTile[0]
                       << ") to be a multiple of 16 and at most " << maxRows
                       << " with operands = register_a and warp tile N "
                       << warpTile[1] << " (the wgmma N of "
                       << (warpTile[1] == 128 ? "two accumulators"
                                              : "one accumulator")
                       << ")";
  if (ctaTile[2] != 64)
    return emitError() << "expected cta tile K of 64 with operands = "
                          "register_a (one 128-byte swizzled row of fp16), "
                          "got "
                       << ctaTile[2];
  return success();
}

/// The tile shapes of mma = wgmma with shared-memory operands.
LogicalResult verifyWgmmaTiles(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> ctaTile,
                               ArrayRef<int64_t> warpTile) {
  // One warpgroup computes 64 x BN with wgmma m64nBNk32 s8 or m64nBNk16
  // f16; its operands are read from 128-byte-swizzled rows along K (128
  // int8 or 64 fp16), or for BSR one 32 x 32 block at a time (the matmul
  // checks which).
  if (warpTile[0] != 64 || warpTile[1] != ctaTile[1])
    return emitError() << "expected warp_tile [64, " << ctaTile[1]
                       << "] (one warpgroup per 64 rows, the whole BN) "
                          "with mma = wgmma, got "
                       << formatList(warpTile);
  if (ctaTile[1] % 16 != 0 || ctaTile[1] > 256)
    return emitError() << "expected cta tile N (" << ctaTile[1]
                       << ") to be a multiple of 16 and at most 256 with "
                          "mma = wgmma (wgmma m64nN)";
  if (ctaTile[2] != 32 && ctaTile[2] != 64 && ctaTile[2] != 128)
    return emitError() << "expected cta tile K of 32, 64 or 128 with mma = "
                          "wgmma (one 128-byte swizzled row of fp16 or "
                          "int8, or one 32-wide BSR block), got "
                       << ctaTile[2];
  return success();
}

/// How a ring variant's K tiles are copied and split (tail_split, copy,
/// stream_k, cluster_split) against its tiles; `numWarps` are the block's
/// warps of tiles.
LogicalResult verifyRingOptions(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> ctaTile, int64_t numWarps,
                                int64_t splitK, MmaKind mma,
                                OperandPath operands, int64_t tailSplit,
                                CopyKind copy, bool streamK,
                                bool clusterSplit) {
  if (tailSplit > 1 && (splitK != 1 || (operands != OperandPath::shared &&
                                        operands != OperandPath::register_a)))
    return emitError() << "expected split_k = 1 and operands = shared or "
                          "register_a with tail_split > 1 (a ring variant "
                          "that splits only the tiles of a partial last "
                          "wave), got split_k = "
                       << splitK << ", operands = " << stringifyEnum(operands);
  // TMA rings of swizzled rows: int8 K tiles of 128 (operands = shared,
  // W8A8), fp16 ones of 32 or 64 (operands = shared, BSR's block columns
  // in 64-byte rows, or pairs of them in 128-byte rows; the matmul checks
  // the scheme) or W4A16's fp16 ones of 64 (register_a, whose K
  // verifyRegisterATiles checks).
  bool bsrColumns = operands == OperandPath::shared &&
                    (ctaTile[2] == 32 || ctaTile[2] == 64);
  if (copy != CopyKind::cp_async &&
      (mma != MmaKind::wgmma ||
       !((operands == OperandPath::shared && ctaTile[2] == 128) || bsrColumns ||
         operands == OperandPath::register_a)))
    return emitError() << "expected mma = wgmma with operands = shared and "
                          "cta tile K of 128, 64 or 32, or operands = register_a, "
                          "with copy = "
                       << stringifyEnum(copy)
                       << " (a ring of swizzled rows), got mma = "
                       << stringifyEnum(mma)
                       << ", operands = " << stringifyEnum(operands)
                       << ", cta tile K " << ctaTile[2];
  // A TMA box has at most 256 rows.
  if (copy != CopyKind::cp_async && (ctaTile[0] > 256 || ctaTile[1] > 256))
    return emitError() << "expected cta tile M and N of at most 256 (the rows "
                          "of one TMA box) with copy = "
                       << stringifyEnum(copy) << ", got "
                       << formatList(ctaTile.take_front(2));
  // The producer shares out one block's registers to at most two
  // warpgroups of tiles (setmaxnreg 24 / 240 at 384 threads), or up to four
  // of BSR's union tiles (K 32 or 64, one m64n128 f32 accumulator a
  // warpgroup; the 256 rows of a TMA box bound them; the matmul refuses
  // fp16 K tiles of 64 on shared rings for the other schemes).
  if (copy == CopyKind::tma_producer && numWarps > 8 && !bsrColumns)
    return emitError() << "expected at most two warpgroups of tiles (8 warps) "
                          "with copy = tma_producer, got "
                       << numWarps << " warps";
  if (streamK && (mma != MmaKind::wgmma || operands != OperandPath::shared ||
                  splitK != 1 || tailSplit != 1 || copy != CopyKind::cp_async))
    return emitError() << "expected mma = wgmma, operands = shared, split_k = "
                          "1, tail_split = 1 and copy = cp_async with "
                          "stream_k = true (a cp.async wgmma ring that "
                          "schedules K iterations itself), got mma = "
                       << stringifyEnum(mma)
                       << ", operands = " << stringifyEnum(operands)
                       << ", split_k = " << splitK
                       << ", tail_split = " << tailSplit
                       << ", copy = " << stringifyEnum(copy);
  if (clusterSplit) {
    if (splitK < 2 || splitK > ConfigAttr::kMaxClusterSplit)
      return emitError() << "expected split_k in [2, "
                         << ConfigAttr::kMaxClusterSplit
                         << "] with cluster_split = true (the slices of a "
                            "tile are one cluster), got "
                         << splitK;
    // split_k > 1 already rules out tail_split and stream_k; a cluster
    // split is a ring variant's: shared operands, or W4A16's register-A
    // ring (qgemm-configure gives both).
    if (operands != OperandPath::shared && operands != OperandPath::register_a)
      return emitError() << "expected operands = shared or register_a with "
                            "cluster_split = true (a ring variant's slices), "
                            "got operands = "
                         << stringifyEnum(operands);
    // Slice r adds rows [r R, (r + 1) R) of the tile, R = ceil(BM / S),
    // the last slice what is left: every slice must have some.
    if ((splitK - 1) * llvm::divideCeilSigned(ctaTile[0], splitK) >= ctaTile[0])
      return emitError() << "expected split_k (" << splitK
                         << ") to leave rows to every slice of the cta tile M ("
                         << ctaTile[0]
                         << ") with cluster_split = true (each slice adds "
                            "ceil(BM / split_k) rows, the last what is left)";
  }
  return success();
}

} // namespace

LogicalResult ConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> ctaTile,
                                 ArrayRef<int64_t> warpTile, int64_t stages,
                                 int64_t splitK, int64_t maxM, MmaKind mma,
                                 OperandPath operands, bool fuseQuantize,
                                 int64_t minFill, int64_t tailSplit,
                                 CopyKind copy, bool streamK, bool clusterSplit,
                                 int64_t rowSplit, int64_t rowRest) {
  if (ctaTile.size() != 3)
    return emitError() << "expected cta_tile [BM, BN, BK] with 3 entries, got "
                       << ctaTile.size();
  if (warpTile.size() != 2)
    return emitError() << "expected warp_tile [WM, WN] with 2 entries, got "
                       << warpTile.size();
  if (llvm::any_of(ctaTile, [](int64_t v) { return v <= 0; }) ||
      llvm::any_of(warpTile, [](int64_t v) { return v <= 0; }))
    return emitError() << "expected positive tile sizes, got cta_tile "
                       << formatList(ctaTile) << " and warp_tile "
                       << formatList(warpTile);
  // (The largest a kernel takes: a register-direct block's K, 32 warps of
  // 128 bytes. The bound also keeps the warp count below from overflowing.)
  if (llvm::any_of(ctaTile, [](int64_t v) { return v > kMaxTileSize; }) ||
      llvm::any_of(warpTile, [](int64_t v) { return v > kMaxTileSize; }))
    return emitError() << "expected tile sizes of at most " << kMaxTileSize
                       << ", got cta_tile " << formatList(ctaTile)
                       << " and warp_tile " << formatList(warpTile);
  if (ctaTile[0] % warpTile[0] != 0 || ctaTile[1] % warpTile[1] != 0)
    return emitError() << "expected warp_tile " << formatList(warpTile)
                       << " to divide the cta tile "
                       << formatList(ctaTile.take_front(2));
  int64_t numWarps = (ctaTile[0] / warpTile[0]) * (ctaTile[1] / warpTile[1]);
  if (operands == OperandPath::register_a && mma != MmaKind::wgmma)
    return emitError() << "expected mma = wgmma with operands = "
                          "register_a, got mma = "
                       << stringifyEnum(mma);
  if (operands == OperandPath::register_a) {
    if (failed(verifyRegisterATiles(emitError, ctaTile, warpTile)))
      return failure();
  } else if (mma == MmaKind::wgmma) {
    if (failed(verifyWgmmaTiles(emitError, ctaTile, warpTile)))
      return failure();
  }
  if (mma == MmaKind::wgmma) {
    if (stages < 3)
      return emitError() << "expected stages >= 3 with mma = wgmma (the ring "
                            "keeps one wgmma group in flight), got "
                         << stages;
    numWarps *= 4;
  }
  if (operands == OperandPath::registers) {
    // One mma.sync row tile per warp; warps split each BK step into
    // 128-byte chunks, and their sums meet in shared memory.
    if (mma != MmaKind::mma_sync)
      return emitError() << "expected mma = mma_sync with operands = "
                            "registers, got mma = "
                         << stringifyEnum(mma);
    // A warp covers the block's rows: 16 (one mma row tile), or 32 / 64
    // for the int4 kernels, whose tokens are mma's N (QGemmOps checks the
    // scheme).
    if (ctaTile[0] != warpTile[0] ||
        (ctaTile[0] != 16 && ctaTile[0] != 32 && ctaTile[0] != 64))
      return emitError() << "expected cta tile M and warp tile M of 16, 32 "
                            "or 64 (equal: every warp covers the block's "
                            "rows) with operands = registers, got "
                         << ctaTile[0] << " and " << warpTile[0];
    if (ctaTile[2] % kRegisterChunkBytes != 0)
      return emitError() << "expected cta tile K (" << ctaTile[2]
                         << ") to be a multiple of " << kRegisterChunkBytes
                         << " with operands = registers (one 128-byte chunk "
                            "per warp)";
    numWarps *= ctaTile[2] / kRegisterChunkBytes;
  }
  if (fuseQuantize) {
    if (operands != OperandPath::registers)
      return emitError() << "expected operands = registers with "
                            "fuse_quantize = true";
    if (maxM < 1 || maxM > 8)
      return emitError() << "expected max_m in [1, 8] with fuse_quantize = "
                            "true (every block quantizes the rows itself), "
                            "got "
                         << maxM;
  }
  if (numWarps > 32)
    return emitError() << "expected at most 32 warps per thread block, got "
                       << numWarps;
  if (stages < 1 || stages > 8)
    return emitError() << "expected stages in [1, 8], got " << stages;
  if (splitK < 1)
    return emitError() << "expected split_k >= 1, got " << splitK;
  // The rows a launch takes fit its 32-bit grid (a static M's bound too);
  // the split workspaces are sized from max_m.
  constexpr int64_t kMaxMaxM = (int64_t(1) << 31) - 1;
  if (maxM < 0 || maxM > kMaxMaxM)
    return emitError() << "expected max_m in [0, " << kMaxMaxM
                       << "] (0: no bound), got " << maxM;
  if (minFill < 0 || minFill > 100)
    return emitError() << "expected min_fill in [0, 100] (percent of the "
                          "blocks of a full weight), got "
                       << minFill;
  if (tailSplit < 1 || tailSplit > kMaxTailSplit)
    return emitError() << "expected tail_split in [1, " << kMaxTailSplit
                       << "], got " << tailSplit;
  if (rowSplit < 0 || rowSplit > kMaxRowSplit || rowSplit % ctaTile[0] != 0)
    return emitError() << "expected row_split in [0, " << kMaxRowSplit
                       << "] and a multiple of the cta tile M (" << ctaTile[0]
                       << "; 0: no split), got " << rowSplit;
  if (rowSplit > 0 && maxM > 0 && rowSplit >= maxM)
    return emitError() << "expected row_split (" << rowSplit
                       << ") below max_m (" << maxM
                       << "): the variant would never cut M";
  if (rowSplit > 0 ? rowRest < 1 || rowRest >= rowSplit : rowRest != 0)
    return emitError() << "expected row_rest in [1, row_split) with "
                          "row_split > 0, 0 without, got row_split = "
                       << rowSplit << " and row_rest = " << rowRest;
  return verifyRingOptions(emitError, ctaTile, numWarps, splitK, mma, operands,
                           tailSplit, copy, streamK, clusterSplit);
}
