//===- W4A16.cpp - the W4A16 scheme of the kernel library -----------------===//
//
// The W4A16 hooks of the mainloops and epilogues and the composition of its
// kernel family (see W4A16.h and docs/w4a16-design.md):
//   matmul_v*  per config: with operands = registers a RegisterMainloop and
//              RegisterEpilogue; otherwise a RingMainloop (cp.async ring of
//              X rows, W words and group scales, mma.sync m16n8k16) and a
//              RingEpilogue. No prologue kernel: X is used as it is.
//
// Both mainloops use one lane mapping (design, 4.2). Unit of work: a 32-K
// block at k0 times a 32-channel slab at c0. Lane (g, q) = (lane / 4,
// lane % 4) loads the 16 bytes Wq[k0/8 + q][c0 + 4g .. c0 + 4g + 3]: words
// w_t of channel c0 + 4g + t, K [k0 + 8q, k0 + 8q + 8). A word converts to
// the f16x2 R_i holding nibbles (i, i + 4). Logical K kappa = 16s + 2q + 8r
// + e of mma k-step s is physical K k0 + 8q + 2s + r + 4e, for W and X alike
// (every dot product unchanged). Then the A fragment of m-tile u (rows g,
// g + 8 = channels c0 + 4g + 2u, + 1) at step s is [R_2s(w_2u),
// R_2s(w_2u+1), R_2s+1(w_2u), R_2s+1(w_2u+1)], and the B fragment of the
// token tile whose row g the lane loaded as 8 halves x_0..7 (16 bytes at
// K k0 + 8q) is [P_2s, P_2s+1] with P_i = {x_i, x_i+4} (one prmt each).
// Accumulator d[h][i] of m-tile u, token tile t is Y[8t + 2q + i][c0 + 4g +
// 2u + h].
//
//===----------------------------------------------------------------------===//

#include "W4A16.h"

#include "Epilogue.h"
#include "Mainloop.h"
#include "TileScheduler.h"

using namespace mlir;
using namespace mlir::qgemm;
using namespace mlir::qgemm::kernel;

namespace {

/// K values of one 32-K block: one 16-byte weight load per lane and slab.
constexpr int64_t kBlockK = 32;
/// Channels of one slab: a warp's unit along N.
constexpr int64_t kSlabN = 32;
/// K values of one register-direct chunk.
constexpr int64_t kChunkK = ConfigAttr::kRegisterChunkBytes;

/// How the weights are quantized.
struct Int4Format {
  bool zeroPoints;
  /// 0: per-channel scales (applied in the epilogue).
  int64_t groupSize;
  /// Wq in fragment order (`fragment_order = true`): word 4b + q of a
  /// channel's 32-K block b holds the k-pairs (32b + 8j + 2q, + 1) in
  /// nibbles (j, j + 4), so that `convert` gives the pairs in natural K
  /// order and the activations are read in natural order too.
  bool fragmentOrder = false;
};

/// The W4A16 kernel argument types.
struct W4A16Types {
  MemRefType x, wq, scales, zeros, y;
};

//===----------------------------------------------------------------------===//
// int4 -> fp16 in registers (design, section 3)
//===----------------------------------------------------------------------===//

/// The exact integer step of the conversion: a word of 8 nibbles becomes
/// four f16x2 R_0..R_3, R_i holding nibbles i and i + 4 as q (signed) or
/// u - z (zero points). fp16 0x6400 is 1024 with an ulp of 1: a nibble
/// OR-ed into mantissa bits 0..3 gives 1024 + n, into bits 4..7
/// 1024 + 16n. The signed format folds its xor 8 into the lop3 (LUT 0x6A):
/// lo = {1032 + q}, hi = {1152 + 16q}; R = lo - 1032, R = hi / 16 - 72.
/// With zero points (LUT 0xEA, plain OR): R = lo - (1024 + z),
/// R = hi / 16 - (64 + z). Every step is exact in fp16.
struct Int4Converter {
  ImplicitLocOpBuilder &b;
  bool zeroPoints;
  Value sixteenth, signedLo, signedHi;

  Int4Converter(ImplicitLocOpBuilder &b, bool zeroPoints)
      : b(b), zeroPoints(zeroPoints) {
    sixteenth = buildF16x2(b, 0x2C002C00);
    signedLo = buildF16x2(b, 0x64086408);
    signedHi = buildF16x2(b, 0xD480D480);
  }

  /// {1024 + z} and {-(64 + z)} for the zero point z (an i32 in 0..15),
  /// built in the integer bits (the fields do not carry).
  std::pair<Value, Value> getZeroConstants(Value z) {
    Value lo = arith::AddIOp::create(
        b, arith::MulIOp::create(b, z, buildI32(b, 0x00010001)),
        buildI32(b, 0x64006400));
    Value hi = arith::AddIOp::create(
        b, arith::MulIOp::create(b, z, buildI32(b, 0x00100010)),
        buildI32(b, 0xD400D400));
    return {bitcastToF16x2(b, lo), bitcastToF16x2(b, hi)};
  }

  /// getZeroConstants of the four channels t = 0..3 whose zero points are
  /// nibbles t of `zeros >> shift` (an i32 word of 8 zero points): the low
  /// 16 bits copied into both halves (prmt 0x1010), nibble t lands in bits
  /// 0..3 of each half after a shift right by 4t and in bits 4..7 after one
  /// by 4t - 4, and a lop3 ORs it into 0x6400 (1024 + z) or 0xD400
  /// (-(64 + z)): 14 instructions for the four channels.
  std::array<std::pair<Value, Value>, 4> getZeroConstants(Value zeros,
                                                          Value shift) {
    Value w = buildPrmt(b, arith::ShRUIOp::create(b, zeros, shift),
                        buildI32(b, 0), 0x1010);
    std::array<std::pair<Value, Value>, 4> z;
    Value previous = arith::ShLIOp::create(b, w, buildI32(b, 4));
    for (int64_t t = 0; t < 4; ++t) {
      Value shifted =
          t == 0 ? w : arith::ShRUIOp::create(b, w, buildI32(b, 4 * t));
      z[t] = {bitcastToF16x2(
                  b, buildLop3(b, shifted, 0x000F000F, 0x64006400, 0xEA)),
              bitcastToF16x2(
                  b, buildLop3(b, previous, 0x00F000F0, 0xD400D400, 0xEA))};
      previous = shifted;
    }
    return z;
  }

  /// R_0..R_3 of `word`; `zlo`, `zhi` from getZeroConstants, or null for
  /// the signed format.
  std::array<Value, 4> convert(Value word, Value zlo, Value zhi) {
    uint8_t lut = zeroPoints ? 0xEA : 0x6A;
    uint32_t cLo = zeroPoints ? 0x64006400 : 0x64086408;
    uint32_t cHi = zeroPoints ? 0x64006400 : 0x64806480;
    if (!zeroPoints) {
      zlo = signedLo;
      zhi = signedHi;
    }
    Value shifted = arith::ShRUIOp::create(b, word, buildI32(b, 8));
    std::array<Value, 4> r;
    std::array<Value, 2> halves = {word, shifted};
    for (auto [i, w] : llvm::enumerate(halves)) {
      Value lo = bitcastToF16x2(b, buildLop3(b, w, 0x000F000F, cLo, lut));
      Value hi = bitcastToF16x2(b, buildLop3(b, w, 0x00F000F0, cHi, lut));
      r[2 * i] = arith::SubFOp::create(b, lo, zlo);
      r[2 * i + 1] = buildFma2(b, hi, sixteenth, zhi);
    }
    return r;
  }

  /// The f16x2 of K values 2j and 2j + 1 of `word` (its byte j), for
  /// wgmma's register A (operands = register_a): the prmt `selector`
  /// 0x4j4j copies byte j into bytes 0 and 2 and zeros the others, the lop3
  /// puts nibble 2j into mantissa bits 0..3 of the low half (1024 + n) and
  /// nibble 2j + 1 into bits 4..7 of the high half (1024 + 16n), and one
  /// fma2 by {1, 1/16} adds `bias` (getPairBias). Exact, as `convert`.
  Value convertPair(Value word, Value selector, Value bias) {
    Value p = buildPrmt(b, word, buildI32(b, 0), selector);
    uint8_t lut = zeroPoints ? 0xEA : 0x6A;
    uint32_t c = zeroPoints ? 0x64006400 : 0x64806408;
    Value x = bitcastToF16x2(b, buildLop3(b, p, 0x00F0000F, c, lut));
    return buildFma2(b, x, buildF16x2(b, 0x2C003C00), bias);
  }

  /// convertPair's bias: {-(1024 + z), -(64 + z)} for the zero point z (an
  /// i32 in 0..15, built in the integer bits), or with z null the signed
  /// format's {-1032, -72} (its xor 8 is in the lop3).
  Value getPairBias(Value z) {
    if (!z)
      return buildF16x2(b, 0xD480E408);
    Value bits = arith::AddIOp::create(
        b, arith::MulIOp::create(b, z, buildI32(b, 0x00100001)),
        buildI32(b, 0xD400E400));
    return bitcastToF16x2(b, bits);
  }
};

/// The zero point (an i32 in 0..15) of the lane's channel t in the
/// zero-point word `zeros`, whose first channel sits at bit `zeroShift`.
Value extractZeroPoint(ImplicitLocOpBuilder &b, Value zeros, Value zeroShift,
                       int64_t t) {
  Value shift = arith::AddIOp::create(b, zeroShift, buildI32(b, 4 * t));
  return arith::AndIOp::create(b, arith::ShRUIOp::create(b, zeros, shift),
                               buildI32(b, 0xF));
}

/// The f16x2 {s_t, s_t} of element `t` of a vector<4xf16> of scales.
Value splatScale(ImplicitLocOpBuilder &b, Value scales, int64_t t) {
  return vector::ShuffleOp::create(b, scales, scales,
                                   ArrayRef<int64_t>{t, t});
}

/// The four i32 words of a 16-byte vector.
SmallVector<Value, 8> splitWords(ImplicitLocOpBuilder &b, Value v) {
  auto i32x4 = VectorType::get({4}, b.getI32Type());
  if (v.getType() != i32x4)
    v = vector::BitCastOp::create(b, i32x4, v);
  SmallVector<Value, 8> words;
  for (int64_t i = 0; i < 4; ++i)
    words.push_back(vector::ExtractOp::create(b, v, ArrayRef<int64_t>{i}));
  return words;
}

/// The B fragment [P_2s, P_2s+1] of k-step `s` from the lane's four words
/// of one token row and 32-K block: in the seed order its 8 halves of K
/// [8q, 8q + 8), P_i = {x_i, x_i+4}; in fragment order the k-pairs (8j +
/// 2q, + 1), P_i = x_i.
Value buildActivationFragment(ImplicitLocOpBuilder &b, ArrayRef<Value> x,
                              int64_t s, bool fragmentOrder = false) {
  auto fragType = VectorType::get({2, 2}, b.getF16Type());
  Value frag = arith::ConstantOp::create(
      b, DenseElementsAttr::get(fragType, b.getF16FloatAttr(0)));
  for (int64_t r = 0; r < 2; ++r) {
    int64_t i = 2 * s + r;
    Value p = fragmentOrder ? x[i]
                            : buildPrmt(b, x[i / 2], x[i / 2 + 2],
                                        i % 2 == 0 ? 0x5410 : 0x7632);
    frag = vector::InsertOp::create(b, bitcastToF16x2(b, p), frag,
                                    ArrayRef<int64_t>{r});
  }
  return frag;
}

/// A slab's weights of one 32-K block as they come from memory: four words
/// (channels c0 + 4g + t) and, for group scales, the group's vector<4xf16>
/// scales and zero-point word (null when absent).
struct SlabWords {
  SmallVector<Value, 8> words;
  Value scales, zeros;
};

/// Converts a slab's block into its A fragments: frags[u][s]. Group scales
/// and zero points come from `slab`; `zeroShift` is the bit position of the
/// lane's first channel in its zero-point word (16 (g % 2)); `packedZeros`:
/// the four channels' zero constants from one prmt and eight lop3s
/// (Int4Converter::getZeroConstants(zeros, shift), 14 PTX instructions),
/// else per channel (19: a shift, mask and two mad.lo per channel and the
/// shift amounts of three). Measured (perf notes v46): the packed form saved 11%
/// on 28672 x 8192 g32z at M = 9 to 16 (a group a block) but cost 12% on
/// its g64z there (ptxas spilled 12 bytes more under the 128-register
/// bound); the register kernels use it where they fold the group scales or
/// have groups of 32 and at most 16 rows (the blocks measured).
std::array<std::array<Value, 2>, 2>
convertSlab(Int4Converter &conv, const SlabWords &slab, Value zeroShift,
            bool packedZeros = false) {
  ImplicitLocOpBuilder &b = conv.b;
  SmallVector<std::array<Value, 4>> r;
  std::array<std::pair<Value, Value>, 4> z;
  if (slab.zeros && packedZeros)
    z = conv.getZeroConstants(slab.zeros, zeroShift);
  for (int64_t t = 0; t < 4; ++t) {
    if (slab.zeros && !packedZeros)
      z[t] =
          conv.getZeroConstants(extractZeroPoint(b, slab.zeros, zeroShift, t));
    std::array<Value, 4> regs =
        conv.convert(slab.words[t], z[t].first, z[t].second);
    if (slab.scales) {
      Value s = splatScale(b, slab.scales, t);
      for (Value &reg : regs)
        reg = arith::MulFOp::create(b, reg, s);
    }
    r.push_back(regs);
  }
  std::array<std::array<Value, 2>, 2> frags;
  for (int64_t u = 0; u < 2; ++u)
    for (int64_t s = 0; s < 2; ++s)
      frags[u][s] = buildWeightFragment(
          b, {r[2 * u][2 * s], r[2 * u + 1][2 * s], r[2 * u][2 * s + 1],
              r[2 * u + 1][2 * s + 1]});
  return frags;
}

/// The mma.sync steps of one 32-K block of one slab: accs[u * tokenTiles +
/// t] for m-tile u and token tile t.
void buildSlabMmas(ImplicitLocOpBuilder &b,
                   const std::array<std::array<Value, 2>, 2> &frags,
                   ArrayRef<Value> activationFrags, int64_t tokenTiles,
                   MutableArrayRef<Value> accs) {
  for (int64_t s = 0; s < 2; ++s)
    for (int64_t u = 0; u < 2; ++u)
      for (int64_t t = 0; t < tokenTiles; ++t) {
        Value &acc = accs[u * tokenTiles + t];
        acc = nvgpu::MmaSyncOp::create(b, frags[u][s],
                                       activationFrags[t * 2 + s], acc,
                                       ArrayRef<int64_t>{16, 8, 16});
      }
}

//===----------------------------------------------------------------------===//
// Register-direct mainloop hooks
//===----------------------------------------------------------------------===//

/// Whether a register-direct warp applies group scales of `groupSize` (0:
/// per channel) to its sums rather than to its weights. On the weights a
/// group costs a slab's lane one hmul2 per converted register (groupSize /
/// 2); on the sums the widening of its 4 scales and one f32 fma per
/// accumulator element (8 a token tile), and the group's sums stay live
/// over its groupSize / 32 blocks. Measured (perf notes v46): with one
/// token tile (M <= 8) 0.89x to 0.98x the time; with two 1.05x to 1.3x
/// (not folded). In a warp's chain of `warpChunks` chunks unrolled whole
/// (`rolled` false) past ConfigAttr::kMaxUnrolledGroupedChunks, ptxas
/// spilled the sums of 64- and 128-K groups (28672 x 8192 g64 and g128,
/// 32 chunks, 128 registers: 1.3x to 1.7x the time; g32's did not, 0.93x).
bool foldsGroupScales(int64_t groupSize, int64_t tokenTiles,
                      int64_t warpChunks, bool rolled) {
  if (groupSize == 0 || tokenTiles != 1)
    return false;
  return groupSize <= 32 || rolled ||
         warpChunks <= ConfigAttr::kMaxUnrolledGroupedChunks;
}

/// int4 operands of a register-direct mainloop. Warp (cw, kw) owns WN / 32
/// slabs, the block's BM rows as BM / 8 token tiles (one for a 16-row block
/// bounded at M = 8), and the 128-K chunks kw, kw + warpsK, ... (the last
/// ones may be past K when warpsK does not divide the chunk count: their
/// loads are clamped to the last chunk and their activations zeroed; where
/// K is a multiple of 64 but not of 128 the last chunk ends half way, and
/// the loads of its last two 32-K blocks are clamped and zeroed alike). Per
/// chunk and slab a lane loads 4 x 16 bytes of weights (one per 32-K block),
/// converted once for all the token tiles, and per token tile 4 x 16 bytes
/// of X; with group scales the group's 4 scales (8 bytes) and zero-point
/// word.
struct Int4RegisterOperands : RegisterOperands {
  using Words = SmallVector<SmallVector<Value, 8>>;
  Value x, wq, scales, zeros;
  Int4Format format;
  int64_t slabs, tokenTiles, totalChunks;
  Int4Converter conv;
  Value zeroShift;
  /// The X row lane (g, q) loads for token tile t (RegisterMainloop::
  /// getTokenRow; rows past M feed accumulator rows never stored).
  SmallVector<Value> tokenRows;

  /// The first K of the block's K slice (split_k > 1; null: 0). The
  /// mainloop walks the slice's K (its `k`) from there.
  Value kBase;

  /// Whether group scales are applied to the sums of each group (in f32,
  /// one fma per accumulator element) rather than to the weights (one
  /// hmul2 per converted register): see foldsGroupScales.
  bool foldScales;
  /// Whether the zero-point constants are packed (convertSlab): where the
  /// scales fold, or groups of 32 meet blocks of at most 16 rows.
  bool packedZeros;

  Int4RegisterOperands(RegisterMainloop &loop, Value x, Value wq, Value scales,
                       Value zeros, Int4Format format, int64_t tokenTiles,
                       bool foldScales)
      : x(x), wq(wq), scales(scales), zeros(zeros), format(format),
        slabs(loop.wn / kSlabN), tokenTiles(tokenTiles),
        totalChunks(llvm::divideCeil(loop.k, kChunkK)),
        conv(loop.b, format.zeroPoints), foldScales(foldScales),
        packedZeros(foldScales || (format.groupSize == 32 && tokenTiles <= 2)) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    zeroShift = arith::IndexCastOp::create(b, b.getI32Type(),
                                           e.mul(e.rem(loop.g, 2), 16));
    for (int64_t t = 0; t < tokenTiles; ++t)
      tokenRows.push_back(loop.getTokenRow(t));
  }

  /// The first K of chunk `j` (clamped to the last chunk) and, when the
  /// chunk may lie past K, whether it does not.
  std::pair<Value, Value> getChunkK(RegisterMainloop &loop,
                                    const RegisterChunk &j) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    Value c = j.dynamicIndex
                  ? e.add(loop.kw, e.mul(j.dynamicIndex, loop.warpsK))
                  : e.add(loop.kw, j.index * loop.warpsK);
    Value valid;
    if (j.mayPassK(loop)) {
      valid = e.ult(c, e.idx(totalChunks));
      c = arith::MinUIOp::create(b, c, e.idx(totalChunks - 1));
    }
    Value first = e.mul(c, kChunkK);
    return {kBase ? e.add(kBase, first) : first, valid};
  }

  /// The first K of 32-K block `blk` of chunk `j`, whose first K is `kc`
  /// and whose validity is `chunkValid` (null: valid), and whether the block
  /// lies inside K (null: it does). Only a chunk that may pass K has blocks
  /// past it, where K ends inside the last chunk (K a multiple of 64, not of
  /// 128, and no K slices): such a block's K is clamped to the last block
  /// inside K, so that its loads stay in the operands; its X words are
  /// zeroed, which zeroes its products.
  std::pair<Value, Value> getBlockK(RegisterMainloop &loop,
                                    const RegisterChunk &j, Value kc,
                                    Value chunkValid, int64_t blk) {
    ImplicitLocOpBuilder &b = loop.b;
    Emitter e{b};
    Value k0 = e.add(kc, blk * kBlockK);
    int64_t rest = loop.k % kChunkK;
    if (rest == 0 || !j.mayPassK(loop) || blk * kBlockK < rest)
      return {k0, chunkValid};
    assert(!kBase && "K slices are whole chunks");
    Value inside = e.ult(k0, e.idx(loop.k));
    Value valid =
        chunkValid ? arith::AndIOp::create(b, chunkValid, inside) : inside;
    return {arith::MinUIOp::create(b, k0, e.idx(loop.k - kBlockK)), valid};
  }

  /// Weights: words[slab * 4 + block] holds the 4 words of that block,
  /// then (group scales) its scales vector and zero word, in that order.
  Words loadWeights(RegisterMainloop &loop, const RegisterChunk &j) override;
  /// Activations: words[t] holds the 16 words of token tile t's row; none
  /// when late (isLate).
  Words loadActivations(RegisterMainloop &loop,
                        const RegisterChunk &j) override;
  /// Every token tile's 4 words of 32-K block `blk` of chunk `j`: words[t]
  /// for token tile t.
  Words loadBlockActivations(RegisterMainloop &loop, const RegisterChunk &j,
                             int64_t blk);
  /// The 4 words of token tile t's row in the 32-K block whose first K is
  /// `blockK` (zeroed where `valid`, when given, is false).
  SmallVector<Value, 8> loadRowWords(RegisterMainloop &loop, Value blockK,
                                     Value valid, Value zero, int64_t t);
  /// Whether the X words are loaded in buildChunk, one 32-K block ahead,
  /// rather than a whole chunk ahead by the mainloop: past two token tiles,
  /// whose chunk of X (16 words a token tile) twice over would take the
  /// registers the weights in flight need.
  bool isLate() const { return tokenTiles > 2; }
  void buildChunk(RegisterMainloop &loop, const RegisterChunk &j,
                  ArrayRef<SmallVector<Value, 8>> act,
                  ArrayRef<SmallVector<Value, 8>> wj,
                  MutableArrayRef<Value> accs) override;
  Value buildZeroAccumulator(ImplicitLocOpBuilder &b) override {
    return buildZeroF32Accumulator(b);
  }
  /// Group scales on the sums: a lane's sums of one group and slab, `sums`
  /// (2 m-tiles x the token tiles), times the group's scales (vector<4xf16>
  /// of the lane's channels t = 0..3; m-tile u's rows g and g + 8 are
  /// channels 2u and 2u + 1), added to `accs`.
  void addScaledSums(ImplicitLocOpBuilder &b, ArrayRef<Value> sums,
                     Value scales, MutableArrayRef<Value> accs);
  /// Two m-tiles of 16 channels a slab, times the token tiles.
  int64_t getNumAccumulators(const RegisterMainloop &) const override {
    return slabs * 2 * tokenTiles;
  }
  /// The warp's accumulators as pairs of the block's [BM, BN] tile.
  SmallVector<Pair> getPairs(RegisterMainloop &loop, ArrayRef<Value> accs);
};

Int4RegisterOperands::Words
Int4RegisterOperands::loadWeights(RegisterMainloop &loop,
                                  const RegisterChunk &j) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  auto i32x4 = VectorType::get({4}, b.getI32Type());
  auto f16x4 = VectorType::get({4}, b.getF16Type());
  Value kc = getChunkK(loop, j).first;
  Words words;
  for (int64_t slab = 0; slab < slabs; ++slab) {
    Value col = e.add(e.add(loop.warpCol, slab * kSlabN), e.mul(loop.g, 4));
    Value groupScales, groupZeros;
    for (int64_t blk = 0; blk < kChunkK / kBlockK; ++blk) {
      Value k0 = getBlockK(loop, j, kc, Value(), blk).first;
      Value row = e.add(e.div(k0, 8), loop.q);
      SmallVector<Value, 8> slot = splitWords(
          b, vector::LoadOp::create(b, i32x4, wq, ValueRange{row, col},
                                    /*nontemporal=*/false, llvm::Align(16)));
      int64_t g = format.groupSize;
      if (g != 0) {
        // One load per group: a chunk holds 128 / G groups.
        if (blk * kBlockK % g == 0) {
          Value grp = e.div(k0, g);
          groupScales =
              vector::LoadOp::create(b, f16x4, scales, ValueRange{grp, col},
                                     /*nontemporal=*/false, llvm::Align(8));
          if (zeros)
            groupZeros = memref::LoadOp::create(b, zeros,
                                                ValueRange{grp, e.div(col, 8)});
        }
        slot.push_back(groupScales);
        slot.push_back(groupZeros);
      }
      words.push_back(std::move(slot));
    }
  }
  return words;
}

Int4RegisterOperands::Words
Int4RegisterOperands::loadActivations(RegisterMainloop &loop,
                                      const RegisterChunk &j) {
  if (isLate())
    return {};
  auto [kc, valid] = getChunkK(loop, j);
  Value zero = buildI32(loop.b, 0);
  Words words(tokenTiles);
  for (int64_t t = 0; t < tokenTiles; ++t)
    for (int64_t blk = 0; blk < kChunkK / kBlockK; ++blk) {
      auto [blockK, blockValid] = getBlockK(loop, j, kc, valid, blk);
      words[t].append(loadRowWords(loop, blockK, blockValid, zero, t));
    }
  return words;
}

Int4RegisterOperands::Words
Int4RegisterOperands::loadBlockActivations(RegisterMainloop &loop,
                                           const RegisterChunk &j,
                                           int64_t blk) {
  auto [kc, valid] = getChunkK(loop, j);
  Value zero = buildI32(loop.b, 0);
  auto [blockK, blockValid] = getBlockK(loop, j, kc, valid, blk);
  Words words(tokenTiles);
  for (int64_t t = 0; t < tokenTiles; ++t)
    words[t] = loadRowWords(loop, blockK, blockValid, zero, t);
  return words;
}

SmallVector<Value, 8>
Int4RegisterOperands::loadRowWords(RegisterMainloop &loop, Value blockK,
                                   Value valid, Value zero, int64_t t) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  auto f16x8 = VectorType::get({8}, b.getF16Type());
  SmallVector<Value, 8> loaded;
  if (format.fragmentOrder) {
    // Four k-pairs (8i + 2q, + 1): 4-byte loads.
    auto f16x2 = VectorType::get({2}, b.getF16Type());
    for (int64_t i = 0; i < 4; ++i) {
      Value k = e.add(blockK, e.add(e.mul(loop.q, 2), 8 * i));
      Value v = vector::LoadOp::create(b, f16x2, x, ValueRange{tokenRows[t], k},
                                       /*nontemporal=*/false, llvm::Align(4));
      loaded.push_back(LLVM::BitcastOp::create(b, b.getI32Type(), v));
    }
  } else {
    Value k = e.add(blockK, e.mul(loop.q, 8));
    Value v = vector::LoadOp::create(b, f16x8, x, ValueRange{tokenRows[t], k},
                                     /*nontemporal=*/false, llvm::Align(16));
    loaded = splitWords(b, v);
  }
  SmallVector<Value, 8> words;
  for (Value word : loaded)
    words.push_back(valid ? arith::SelectOp::create(b, valid, word, zero)
                          : word);
  return words;
}

void Int4RegisterOperands::addScaledSums(ImplicitLocOpBuilder &b,
                                         ArrayRef<Value> sums, Value scales,
                                         MutableArrayRef<Value> accs) {
  auto f32x2 = VectorType::get({2}, b.getF32Type());
  auto f32x4 = VectorType::get({4}, b.getF32Type());
  Value wide = arith::ExtFOp::create(b, f32x4, scales);
  for (int64_t u = 0; u < 2; ++u)
    for (int64_t r = 0; r < 2; ++r) {
      Value s = vector::BroadcastOp::create(
          b, f32x2,
          vector::ExtractOp::create(b, wide, ArrayRef<int64_t>{2 * u + r}));
      for (int64_t t = 0; t < tokenTiles; ++t) {
        Value &acc = accs[u * tokenTiles + t];
        Value sum = sums[u * tokenTiles + t];
        Value row = buildFma2(
            b, vector::ExtractOp::create(b, sum, ArrayRef<int64_t>{r}), s,
            vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{r}));
        acc = vector::InsertOp::create(b, row, acc, ArrayRef<int64_t>{r});
      }
    }
}

void Int4RegisterOperands::buildChunk(RegisterMainloop &loop,
                                      const RegisterChunk &j,
                                      ArrayRef<SmallVector<Value, 8>> act,
                                      ArrayRef<SmallVector<Value, 8>> wj,
                                      MutableArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  int64_t blocks = kChunkK / kBlockK;
  // Folded group scales: each group's part of the chunk (groupBlocks 32-K
  // blocks) sums into `sums` from zero, then into `accs` times its scales.
  int64_t groupBlocks =
      foldScales ? std::min(format.groupSize, kChunkK) / kBlockK : 0;
  SmallVector<Value> sums(foldScales ? accs.size() : 0);
  // Late activations: block blk + 1's X loads issued before block blk's
  // mma steps.
  Words late;
  if (isLate())
    late = loadBlockActivations(loop, j, 0);
  for (int64_t blk = 0; blk < blocks; ++blk) {
    Words blockAct = late;
    if (isLate() && blk + 1 < blocks)
      late = loadBlockActivations(loop, j, blk + 1);
    SmallVector<Value> actFrags;
    for (int64_t t = 0; t < tokenTiles; ++t)
      for (int64_t s = 0; s < 2; ++s)
        actFrags.push_back(buildActivationFragment(
            b,
            isLate() ? ArrayRef<Value>(blockAct[t])
                     : ArrayRef<Value>(act[t]).slice(4 * blk, 4),
            s, format.fragmentOrder));
    for (int64_t slab = 0; slab < slabs; ++slab) {
      const SmallVector<Value, 8> &slot = wj[slab * blocks + blk];
      SlabWords words{SmallVector<Value, 8>(slot.begin(), slot.begin() + 4),
                      format.groupSize && !foldScales ? slot[4] : Value(),
                      format.groupSize ? slot[5] : Value()};
      auto frags = convertSlab(conv, words, zeroShift, packedZeros);
      MutableArrayRef<Value> slabAccs =
          accs.slice(slab * 2 * tokenTiles, 2 * tokenTiles);
      if (!foldScales) {
        buildSlabMmas(b, frags, actFrags, tokenTiles, slabAccs);
        continue;
      }
      MutableArrayRef<Value> slabSums =
          MutableArrayRef<Value>(sums).slice(slab * 2 * tokenTiles,
                                             2 * tokenTiles);
      if (blk % groupBlocks == 0)
        for (Value &sum : slabSums)
          sum = buildZeroAccumulator(b);
      buildSlabMmas(b, frags, actFrags, tokenTiles, slabSums);
      if ((blk + 1) % groupBlocks == 0)
        addScaledSums(b, slabSums, slot[4], slabAccs);
    }
  }
}

SmallVector<Pair> Int4RegisterOperands::getPairs(RegisterMainloop &loop,
                                                 ArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  SmallVector<Pair> pairs;
  for (int64_t slab = 0; slab < slabs; ++slab)
    for (int64_t u = 0; u < 2; ++u) {
      Value col = e.add(e.add(e.mul(loop.cw, loop.wn), slab * kSlabN + 2 * u),
                        e.mul(loop.g, 4));
      for (int64_t t = 0; t < tokenTiles; ++t) {
        Value acc = accs[(slab * 2 + u) * tokenTiles + t];
        for (int64_t i = 0; i < 2; ++i)
          pairs.push_back({e.add(e.mul(loop.q, 2), 8 * t + i), col,
                           getTransposedPair(b, acc, i)});
      }
    }
  return pairs;
}

/// y = f16(acc * s) for per-channel scales `scalePair` (vector<2xf16>, may
/// be null: group scales are inside the sums).
Value buildOutputPair(ImplicitLocOpBuilder &b, Value acc, Value scalePair) {
  auto f32x2 = VectorType::get({2}, b.getF32Type());
  auto f16x2 = VectorType::get({2}, b.getF16Type());
  if (scalePair)
    acc = arith::MulFOp::create(b, acc,
                                arith::ExtFOp::create(b, f32x2, scalePair));
  return arith::TruncFOp::create(b, f16x2, acc);
}

/// The per-channel scales s[col..col+1] as a vector<2xf16>.
Value loadChannelScalePair(ImplicitLocOpBuilder &b, Value scales, Value col) {
  auto f16x2 = VectorType::get({2}, b.getF16Type());
  return vector::LoadOp::create(b, f16x2, scales, ValueRange{col},
                                /*nontemporal=*/false, llvm::Align(4));
}

/// The arguments of a W4A16 kernel.
struct W4A16Args {
  Value x, wq, scales, zeros, y, partials, counters;
};

/// Creates kernel `name` taking (`maps` tensor maps (!llvm.ptr), x f16 [M,
/// K], wq i32 [K/8, N], scales f16, [zeros i32,] y f16 [M, N][, partials
/// f32 [?], counters i32 [counters]]) and positions `b` in its body. The
/// last two only when `counters` > 0 (a split-K variant).
std::pair<gpu::GPUFuncOp, W4A16Args>
createW4A16Kernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                  StringRef name, const W4A16Types &ty, bool zeroPoints,
                  int64_t counters = 0, int64_t maps = 0) {
  SmallVector<Type> types = {ty.x, ty.wq, ty.scales};
  if (zeroPoints)
    types.push_back(ty.zeros);
  types.push_back(ty.y);
  if (counters > 0)
    types.append({MemRefType::get({ShapedType::kDynamic}, b.getF32Type()),
                  MemRefType::get({counters}, b.getI32Type())});
  gpu::GPUFuncOp func = createKernel(b, module, name, types, maps);
  auto arg = [&](int64_t i) { return func.getArgument(maps + i); };
  int64_t yIndex = zeroPoints ? 4 : 3;
  W4A16Args args{arg(0), arg(1), arg(2), zeroPoints ? arg(3) : Value(),
                 arg(yIndex)};
  if (counters > 0) {
    args.partials = arg(yIndex + 1);
    args.counters = arg(yIndex + 2);
  }
  return {func, args};
}

/// The launch bounds of a register-direct kernel: its block size, and the
/// blocks a multiprocessor must hold for one wave of the grid at M <= 16
/// (N / BN blocks, times split_k). Without them ptxas aims at a full
/// multiprocessor and keeps 64 registers a thread, which it gets by sinking
/// the weight loads that the kernel issues `stages` chunks ahead into the
/// chunks that use them (measured: 64 registers for every stages value);
/// with them it keeps the loads in flight (120 registers at stages = 8).
/// Blocks of 32 or 64 rows ask for no more blocks than leave each thread
/// ConfigAttr::kRowBlockRegisters (ConfigAttr::getRowBlocksPerSM): their
/// accumulators and X rows (8 token tiles of 64 rows: 64 and 32 registers)
/// spilled at 128 (28672 x 8192 per channel, 64
/// rows: 2936 bytes a thread at 168, 14.7 KB at 128 with the loop
/// unrolled). Blocks of 16 rows hold one wave while it leaves a thread 102
/// registers or more (20 warps a multiprocessor: 5120 x 13824's split grid
/// of 4-warp blocks, docs/perf-notes.md v46); a wider grid takes 16 warps
/// a multiprocessor, 128 registers, and more waves: 128256 x 4096's 4008
/// one-warp blocks in one wave got 64 registers and spilled 1772 to 5120
/// bytes a thread, 1.8x to 4x the time of 16 warps at M = 1 to 32 (v47).
void setRegisterKernelBounds(gpu::GPUFuncOp func, ConfigAttr config, int64_t n,
                             int64_t sms) {
  constexpr int64_t kWaveMaxThreadsPerSM = 640, kManyWavesThreadsPerSM = 512;
  int64_t threads = 32 * config.getNumWarps();
  int64_t blocks =
      llvm::divideCeil(n / config.getBlockN() * config.getSplitK(), sms);
  int64_t most = ConfigAttr::getRowBlocksPerSM(threads);
  if (config.getBlockM() <= 16)
    most = blocks * threads <= kWaveMaxThreadsPerSM
               ? blocks
               : std::max<int64_t>(kManyWavesThreadsPerSM / threads, 1);
  setLaunchBounds(func, threads, std::clamp<int64_t>(blocks, 1, most));
}

/// Builds one register-direct matmul kernel:
///   (x f16 [M, K], wq i32 [K/8, N], scales f16, [zeros i32,] y f16 [M, N]
///    [, partials f32 [?], counters i32 [counters]]).
/// Each block computes BM rows of BN channels; with split_k = S > 1, over
/// K slice z = blockIdx.z of K / S (checkW4A16Lowerable), the slices of a
/// tile adding up in the reproducible split reduction (slot tile S + z).
void buildRegisterKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                         StringRef name, ConfigAttr config, const W4A16Types &ty,
                         Int4Format format, int64_t counters, int64_t sms) {
  int64_t split = config.getSplitK();
  auto [func, args] = createW4A16Kernel(b, module, name, ty, format.zeroPoints,
                                        split > 1 ? counters : 0);
  Emitter e{b};
  Value x = args.x, wq = args.wq, scales = args.scales, zeros = args.zeros,
        y = args.y;
  int64_t n = ty.y.getDimSize(1), k = ty.x.getDimSize(1);
  setRegisterKernelBounds(func, config, n, sms);
  RegisterMainloop loop(b, config, x, k / split);
  // A 16-row block bounded at M = 8 needs one token tile of 8.
  int64_t tokenTiles =
      loop.bm == 16 && config.getMaxM() != 0 && config.getMaxM() <= 8
          ? 1
          : loop.bm / 8;
  bool rolled = ConfigAttr::isRolledW4A16Chain(
      format.groupSize, format.zeroPoints, config.getMaxM(), loop.bm);
  Int4RegisterOperands operands(
      loop, x, wq, scales, zeros, format, tokenTiles,
      foldsGroupScales(format.groupSize, tokenTiles, loop.chunks, rolled));
  Value slice;
  if (split > 1) {
    slice = e.blockId(gpu::Dimension::z);
    operands.kBase = e.mul(slice, k / split);
  }
  loop.loadWeightsAhead(operands);
  bool perChannel = format.groupSize == 0;
  RegisterEpilogue epilogue(loop, [&](Value col) -> Value {
    if (!perChannel)
      return Value();
    return loadChannelScalePair(b, scales, e.add(loop.tile.blockCol, col));
  });
  SmallVector<Value> accs =
      rolled ? loop.build(operands, ConfigAttr::kMaxUnrolledGroupedChunks)
             : loop.build(operands);
  Value sums =
      loop.storeSums(operands.getPairs(loop, accs), b.getF32Type());
  auto scaleSlot = [&](Value total, const RegisterEpilogue::Slot &slot) {
    return buildOutputPair(b, total, slot.columnData);
  };
  if (split == 1) {
    epilogue.store(sums, y, scaleSlot);
  } else {
    // Tile (BM-row block r, column block c) is r ceil(N / BN) + c, as the
    // family's counters and the stub's partials count them.
    Value tileIndex =
        e.add(e.mul(e.div(loop.tile.rowBase, loop.bm), n / config.getBlockN()),
              e.div(loop.tile.blockCol, config.getBlockN()));
    epilogue.storeSplitOrdered(
        sums, y, args.partials, args.counters, tileIndex, slice, e.idx(split),
        [&](Value s) { return e.add(e.mul(tileIndex, split), s); }, scaleSlot);
  }
  gpu::ReturnOp::create(b);
}


//===----------------------------------------------------------------------===//
// cp.async ring hooks
//===----------------------------------------------------------------------===//

/// int4 operands of a ring mainloop (mma.sync). A stage holds the block's
/// X rows [BM, BK] fp16, its Wq words [BK / 8, BN] (rows padded, see
/// getW4A16RingLayout) and, with group scales, the scale and zero-point
/// rows of the groups the K tile covers. X chunk c of row r is stored at
/// chunk c ^ 4 (r % 2): the 16-byte reads of lane (g, q) (rows g of a token
/// tile, chunk 4 blk + q) then put the two rows of a quarter-warp in
/// distinct banks. Rows past M are zero-filled. Warp tiles of WM tokens and
/// WN channels: WN / 32 slabs, WM / 8 token tiles.
///
/// With mma = wgmma (sm_90a, BK = 64) X is the A operand, K-major in
/// 128-byte swizzled rows (chunk c of row r at c ^ (r % 8)), and each K
/// tile's weights are dequantized once per block into one of two [BN, 64]
/// fp16 tiles in the same layout, wgmma's B: thread i converts the words
/// (r, n) = ((i + jT) / BN, (i + jT) % BN), each 8 K values of channel n,
/// into the 16-byte chunk r of row n (scaled by its group scale and
/// shifted by its zero point; per-channel scales stay in the epilogue).
/// Then wgmma m64nBNk16 f16 with f32 accumulators, Y = X . W^T directly.
/// Tile kt writes dequantized tile kt % 2, which wgmma kt - 2 read: every
/// warpgroup waited for that one before the barrier that starts tile kt.
///
/// With operands = register_a (sm_90a) the product is Y^T = W . X^T: X in
/// the same swizzled slots is wgmma's B (N = BM rows), and each warp forms
/// wgmma's register A from the ring's words itself, with the lane mapping
/// of the mma.sync path (warp w of warpgroup v owns channels 128v + 32w
/// + [0, 32); m-tile u's rows g, g + 8 are channels 4g + 2u, + 1) but the
/// natural K order, which B's descriptor imposes: at k-step s lane (g, q)
/// holds K pairs (2q, 2q + 1) of K rows 2s and 2s + 1, byte q of those
/// words (convertPair). Two m64nBMk16 accumulators per warpgroup (u = 0,
/// 1); element 4j + 2h + i is Y[8j + 2q + i][4g + 2u + h].
struct Int4RingOperands : RingOperands {
  Value x, wq, scales, zeros;
  Int4Format format;
  W4A16RingLayout layout;
  int64_t slabs, tokenTiles;
  Value xRing, wRing, sRing, zRing, dequantTiles;
  Value g, q, xSwizzle, zeroShift;
  /// operands = register_a: the prmt selector of byte q (convertPair), and
  /// the m64 tiles of a warpgroup's channels (WN / 64: 1 or 2).
  Value pairSelector;
  int64_t channelTiles = 0;
  std::optional<Int4Converter> conv;

  Int4RingOperands(RingMainloop &loop, Value x, Value wq, Value scales,
                   Value zeros, Int4Format format, W4A16RingLayout layout);

  /// cp.async of `rows` x `chunksPerRow` 16-byte chunks: chunk (r, c) reads
  /// src[srcRow(r), srcCol(c)] and lands at dst[slot, r, dstCol(r, c)] (in
  /// elements); `maskRows` zero-fills rows past M. An edge tile
  /// (`maskColumns`) zero-fills the chunks past the last column of `src`
  /// (a chunk lies wholly inside or past it) and reads the last chunk.
  void copyChunks(RingMainloop &loop, Value src, Value dst, Value slot,
                  int64_t rows, int64_t chunksPerRow, int64_t chunkElements,
                  function_ref<Value(Value r)> srcRow,
                  function_ref<Value(Value c)> srcCol,
                  function_ref<Value(Value r, Value c)> dstCol,
                  SmallVectorImpl<Value> &tokens, bool maskRows,
                  bool maskColumns = false);

  void copyA(RingMainloop &loop, Value kTile, Value slot,
             SmallVectorImpl<Value> &tokens) override;
  void copyB(RingMainloop &loop, Value kTile, Value slot,
             SmallVectorImpl<Value> &tokens) override;
  Value buildZeroAccumulator(ImplicitLocOpBuilder &b) override {
    return buildZeroF32Accumulator(b);
  }
  void buildMmaSyncTile(RingMainloop &loop, Value slot,
                        MutableArrayRef<Value> accs) override;
  Value buildWgmmaTile(RingMainloop &loop, Value acc, Value descA,
                       Value descB) override;
  Type getWgmmaAccumulatorElementType(ImplicitLocOpBuilder &b) override {
    return b.getF32Type();
  }
  Value prepareWgmmaB(RingMainloop &loop, Value kTile, Value slot) override;
  SmallVector<Value> buildWgmmaAccumulators(RingMainloop &loop) override;
  void buildWgmmaStep(RingMainloop &loop, Value kTile, Value slot,
                      MutableArrayRef<Value> accs) override;
  /// copy = tma (operands = register_a): the X box of the K tile, then the
  /// weight, scale and zero-point boxes of its words and groups, from the
  /// tensor maps of x, wq[, scales][, zeros] in that order.
  int64_t getTmaSlotBytes(RingMainloop &loop) override;
  int64_t getTmaBarrierOffset(RingMainloop &) override {
    return layout.barriers;
  }
  void copyTmaA(RingMainloop &loop, Value kTile, Value slot) override;
  void copyTmaB(RingMainloop &loop, Value kTile, Value slot) override;
  /// The copy destination of box `box` of ring slot `slot` of the part at
  /// `offset` (from the ring start) whose slots are `bytes` long.
  Value getTmaBox(RingMainloop &loop, int64_t offset, int64_t bytes, Value slot,
                  int64_t box);
  /// The first K row of words and the first group row of K tile `kTile`.
  Value getWordRow(RingMainloop &loop, Value kTile);
  Value getGroupRow(RingMainloop &loop, Value kTile);
  /// The accumulators after the loop as pairs of y.
  SmallVector<Pair> getPairs(RingMainloop &loop);
  /// operands = register_a: the lane's first channel in the tile,
  /// 2 U (tid / 4) for U = channelTiles; its channels are that one and the
  /// next 2 U - 1.
  Value getLaneChannel(RingMainloop &loop) {
    Emitter e{loop.b};
    return e.mul(e.div(loop.tid, 4), 2 * channelTiles);
  }
};

Int4RingOperands::Int4RingOperands(RingMainloop &loop, Value x, Value wq,
                                   Value scales, Value zeros, Int4Format format,
                                   W4A16RingLayout layout)
    : x(x), wq(wq), scales(scales), zeros(zeros), format(format),
      layout(layout), slabs(loop.t.wn / kSlabN), tokenTiles(loop.t.wm / 8) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  const Tiling &t = loop.t;
  int64_t offset = 0;
  auto view = [&](ArrayRef<int64_t> shape, Type type, int64_t bytes) {
    Value v = createSharedView(b, loop.smem, shape, type,
                               e.add(loop.ringShift, offset));
    offset += t.stages * bytes;
    return v;
  };
  xRing = view({t.stages, t.bm, t.bk}, b.getF16Type(), layout.x);
  if (t.tma) {
    // TMA boxes of 1024 bytes (getW4A16RingLayout): [8, 32] words, [8, 64]
    // scales (the first scaleRows used), [8, 32] zero-point words.
    wRing = view({t.stages, t.bn / 32, 8, 32}, b.getI32Type(), layout.w);
    if (layout.scaleRows)
      sRing = view({t.stages, layout.scales / kSwizzleAtomBytes, 8, 64},
                   b.getF16Type(), layout.scales);
    if (zeros)
      zRing = view({t.stages, 8, 32}, b.getI32Type(), layout.zeros);
  } else {
    wRing =
        view({t.stages, t.bk / 8, layout.wRowWords}, b.getI32Type(), layout.w);
    if (layout.scaleRows)
      sRing = view({t.stages, layout.scaleRows, t.bn}, b.getF16Type(),
                   layout.scales);
    if (zeros)
      zRing = view({t.stages, layout.scaleRows, t.bn / 8}, b.getI32Type(),
                   layout.zeros);
  }
  if (t.wgmma && !t.registerA)
    dequantTiles = createSharedView(b, loop.smem, {2, t.bn, 32},
                                    b.getI32Type(),
                                    e.add(loop.ringShift, layout.dequant));
  g = e.div(loop.lane, 4);
  q = e.rem(loop.lane, 4);
  xSwizzle = e.mul(e.rem(g, 2), 4);
  zeroShift = arith::IndexCastOp::create(b, b.getI32Type(),
                                         e.mul(e.rem(g, 2), 16));
  if (t.registerA) {
    channelTiles = t.wn / 64;
    // 0x4q4q: byte q of a word into bytes 0 and 2 (convertPair).
    Value qi = arith::IndexCastOp::create(b, b.getI32Type(), q);
    pairSelector = arith::AddIOp::create(
        b, arith::MulIOp::create(b, qi, buildI32(b, 0x0101)),
        buildI32(b, 0x4040));
  }
  conv.emplace(b, format.zeroPoints);
}

void Int4RingOperands::copyChunks(
    RingMainloop &loop, Value src, Value dst, Value slot, int64_t rows,
    int64_t chunksPerRow, int64_t chunkElements,
    function_ref<Value(Value r)> srcRow, function_ref<Value(Value c)> srcCol,
    function_ref<Value(Value r, Value c)> dstCol,
    SmallVectorImpl<Value> &tokens, bool maskRows, bool maskColumns) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  int64_t columns = cast<MemRefType>(src.getType()).getDimSize(1);
  int64_t chunks = rows * chunksPerRow;
  for (int64_t first = 0; first < chunks; first += loop.t.threads) {
    Value c = e.add(loop.tid, first);
    // A last, partial round: the spare threads repeat the last chunk.
    if (first + loop.t.threads > chunks)
      c = arith::MinUIOp::create(b, c, e.idx(chunks - 1));
    Value r = e.div(c, chunksPerRow), col = e.rem(c, chunksPerRow);
    Value row = srcRow(r), column = srcCol(col), elements;
    // The source count is in elements (a 16-byte chunk of `chunkElements`).
    if (maskRows) {
      elements = arith::SelectOp::create(b, e.ult(row, loop.m),
                                         e.idx(chunkElements), e.idx(0));
      row = arith::MinUIOp::create(b, row, loop.mLast);
    }
    if (maskColumns) {
      elements = arith::SelectOp::create(b, e.ult(column, e.idx(columns)),
                                         e.idx(chunkElements), e.idx(0));
      column =
          arith::MinUIOp::create(b, column, e.idx(columns - chunkElements));
    }
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        b, tokenType, dst, ValueRange{slot, r, dstCol(r, col)}, src,
        ValueRange{row, column}, b.getIndexAttr(chunkElements), elements,
        b.getUnitAttr()));
  }
}

void Int4RingOperands::copyA(RingMainloop &loop, Value kTile, Value slot,
                             SmallVectorImpl<Value> &tokens) {
  Emitter e{loop.b};
  const Tiling &t = loop.t;
  Value kBase = e.mul(e.add(loop.tile.firstKTile, kTile), t.bk);
  copyChunks(
      loop, x, xRing, slot, t.bm, t.bk / 8, 8,
      [&](Value r) { return e.add(loop.tile.blockRow, r); },
      [&](Value c) { return e.add(kBase, e.mul(c, 8)); },
      [&](Value r, Value c) {
        // wgmma: the 128-byte swizzle; mma.sync: see the struct.
        Value swizzle = t.wgmma ? e.rem(r, 8) : e.mul(e.rem(r, 2), 4);
        return e.mul(arith::XOrIOp::create(loop.b, c, swizzle), 8);
      },
      tokens, /*maskRows=*/true);
}

void Int4RingOperands::copyB(RingMainloop &loop, Value kTile, Value slot,
                             SmallVectorImpl<Value> &tokens) {
  Emitter e{loop.b};
  const Tiling &t = loop.t;
  Value kBase = e.mul(e.add(loop.tile.firstKTile, kTile), t.bk);
  Value col0 = loop.tile.blockCol;
  // Edge tiles (BN does not divide N): the channels past N are zero-filled
  // (weights, scales and zero points: their products are 0, never stored).
  // N is a multiple of 32, so each chunk lies wholly inside or past N.
  bool edge = cast<MemRefType>(wq.getType()).getDimSize(1) % t.bn != 0;
  copyChunks(
      loop, wq, wRing, slot, t.bk / 8, t.bn / 4, 4,
      [&](Value r) { return e.add(e.div(kBase, 8), r); },
      [&](Value c) { return e.add(col0, e.mul(c, 4)); },
      [&](Value r, Value c) { return e.mul(c, 4); }, tokens, false, edge);
  if (!layout.scaleRows)
    return;
  Value group = e.div(kBase, format.groupSize);
  copyChunks(
      loop, scales, sRing, slot, layout.scaleRows, t.bn / 8, 8,
      [&](Value r) { return e.add(group, r); },
      [&](Value c) { return e.add(col0, e.mul(c, 8)); },
      [&](Value r, Value c) { return e.mul(c, 8); }, tokens, false, edge);
  if (zeros)
    copyChunks(
        loop, zeros, zRing, slot, layout.scaleRows, t.bn / 32, 4,
        [&](Value r) { return e.add(group, r); },
        [&](Value c) { return e.add(e.div(col0, 8), e.mul(c, 4)); },
        [&](Value r, Value c) { return e.mul(c, 4); }, tokens, false, edge);
}

int64_t Int4RingOperands::getTmaSlotBytes(RingMainloop &loop) {
  const Tiling &t = loop.t;
  int64_t bytes =
      t.bm * kTensorMapBoxBytes + t.bn / 32 * 8 * kTensorMapBoxBytes;
  bytes +=
      layout.scales / kSwizzleAtomBytes * layout.scaleRows * kTensorMapBoxBytes;
  if (zeros)
    bytes += layout.scaleRows * kTensorMapBoxBytes;
  return bytes;
}

Value Int4RingOperands::getTmaBox(RingMainloop &loop, int64_t offset,
                                  int64_t bytes, Value slot, int64_t box) {
  Emitter e{loop.b};
  Value first = e.add(loop.ringBase, offset + box * kSwizzleAtomBytes);
  return loop.getTmaDestination(e.add(first, e.mul(slot, bytes)));
}

Value Int4RingOperands::getWordRow(RingMainloop &loop, Value kTile) {
  Emitter e{loop.b};
  return e.mul(e.add(loop.tile.firstKTile, kTile), loop.t.bk / 8);
}

Value Int4RingOperands::getGroupRow(RingMainloop &loop, Value kTile) {
  Emitter e{loop.b};
  return e.div(e.mul(e.add(loop.tile.firstKTile, kTile), loop.t.bk),
               format.groupSize);
}

void Int4RingOperands::copyTmaA(RingMainloop &loop, Value kTile, Value slot) {
  Emitter e{loop.b};
  const Tiling &t = loop.t;
  loop.copyTmaActivations(e.add(loop.ringBase, e.mul(slot, layout.x)),
                          e.mul(e.add(loop.tile.firstKTile, kTile), t.rowBytes),
                          slot);
}

void Int4RingOperands::copyTmaB(RingMainloop &loop, Value kTile, Value slot) {
  Emitter e{loop.b};
  const Tiling &t = loop.t;
  int64_t stages = t.stages;
  int64_t offset = stages * layout.x;
  Value row = getWordRow(loop, kTile);
  // Boxes of 32 channels' words (128 bytes a K row).
  for (int64_t box = 0; box < t.bn / 32; ++box)
    loop.copyTmaBox(loop.tmaMaps[1],
                    getTmaBox(loop, offset, layout.w, slot, box),
                    e.mul(e.add(loop.tile.blockCol, 32 * box), 4), row, slot);
  offset += stages * layout.w;
  if (!layout.scaleRows)
    return;
  Value group = getGroupRow(loop, kTile);
  // Boxes of 64 channels' scales.
  for (int64_t box = 0; box < layout.scales / kSwizzleAtomBytes; ++box)
    loop.copyTmaBox(loop.tmaMaps[2],
                    getTmaBox(loop, offset, layout.scales, slot, box),
                    e.mul(e.add(loop.tile.blockCol, 64 * box), 2), group, slot);
  offset += stages * layout.scales;
  // One box of 256 channels' zero points from the tile's first.
  if (zeros)
    loop.copyTmaBox(loop.tmaMaps[3],
                    getTmaBox(loop, offset, layout.zeros, slot, 0),
                    e.div(loop.tile.blockCol, 2), group, slot);
}

void Int4RingOperands::buildMmaSyncTile(RingMainloop &loop, Value slot,
                                        MutableArrayRef<Value> accs) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  const Tiling &t = loop.t;
  auto f16x8 = VectorType::get({8}, b.getF16Type());
  auto i32x4 = VectorType::get({4}, b.getI32Type());
  auto f16x4 = VectorType::get({4}, b.getF16Type());
  for (int64_t blk = 0; blk < t.bk / kBlockK; ++blk) {
    SmallVector<Value> actFrags;
    Value chunk = arith::XOrIOp::create(b, e.add(q, 4 * blk), xSwizzle);
    for (int64_t tt = 0; tt < tokenTiles; ++tt) {
      Value row = e.add(e.add(loop.warpRow, 8 * tt), g);
      SmallVector<Value, 8> words;
      if (format.fragmentOrder) {
        // The k-pairs (8i + 2q, + 1): halves 2q of 16-byte chunks 4 blk + i.
        auto f16x2 = VectorType::get({2}, b.getF16Type());
        for (int64_t i = 0; i < 4; ++i) {
          Value c = arith::XOrIOp::create(b, e.idx(4 * blk + i), xSwizzle);
          Value v = vector::LoadOp::create(
              b, f16x2, xRing,
              ValueRange{slot, row, e.add(e.mul(c, 8), e.mul(q, 2))},
              /*nontemporal=*/false, llvm::Align(4));
          words.push_back(LLVM::BitcastOp::create(b, b.getI32Type(), v));
        }
      } else {
        words = splitWords(
            b, vector::LoadOp::create(b, f16x8, xRing,
                                      ValueRange{slot, row, e.mul(chunk, 8)},
                                      /*nontemporal=*/false, llvm::Align(16)));
      }
      for (int64_t s = 0; s < 2; ++s)
        actFrags.push_back(
            buildActivationFragment(b, words, s, format.fragmentOrder));
    }
    int64_t groupRow =
        format.groupSize && format.groupSize < t.bk
            ? blk * kBlockK / format.groupSize
            : 0;
    for (int64_t slab = 0; slab < slabs; ++slab) {
      Value col = e.add(e.add(loop.warpCol, slab * kSlabN), e.mul(g, 4));
      SlabWords words;
      words.words = splitWords(
          b, vector::LoadOp::create(b, i32x4, wRing,
                                    ValueRange{slot, e.add(q, 4 * blk), col},
                                    /*nontemporal=*/false, llvm::Align(16)));
      if (sRing)
        words.scales = vector::LoadOp::create(
            b, f16x4, sRing, ValueRange{slot, e.idx(groupRow), col},
            /*nontemporal=*/false, llvm::Align(8));
      if (zRing)
        words.zeros = memref::LoadOp::create(
            b, zRing, ValueRange{slot, e.idx(groupRow), e.div(col, 8)});
      auto frags = convertSlab(*conv, words, zeroShift);
      buildSlabMmas(b, frags, actFrags, tokenTiles,
                    accs.slice(slab * 2 * tokenTiles, 2 * tokenTiles));
    }
  }
}

Value Int4RingOperands::prepareWgmmaB(RingMainloop &loop, Value kTile,
                                      Value slot) {
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  const Tiling &t = loop.t;
  auto i32x4 = VectorType::get({4}, b.getI32Type());
  Value buffer = e.rem(kTile, 2);
  int64_t words = t.bk / 8 * t.bn;
  for (int64_t first = 0; first < words; first += t.threads) {
    Value i = e.add(loop.tid, first);
    Value r = e.div(i, t.bn), n = e.rem(i, t.bn);
    Value word = memref::LoadOp::create(b, wRing, ValueRange{slot, r, n});
    Value groupRow;
    if (sRing)
      groupRow = format.groupSize < t.bk
                     ? e.div(e.mul(r, 8), format.groupSize)
                     : e.idx(0);
    Value zlo, zhi;
    if (zRing) {
      Value z = memref::LoadOp::create(b, zRing,
                                       ValueRange{slot, groupRow, e.div(n, 8)});
      Value shift = arith::IndexCastOp::create(b, b.getI32Type(),
                                               e.mul(e.rem(n, 8), 4));
      z = arith::AndIOp::create(b, arith::ShRUIOp::create(b, z, shift),
                                buildI32(b, 0xF));
      std::tie(zlo, zhi) = conv->getZeroConstants(z);
    }
    // R_i holds nibbles (i, i + 4); with the group scale s, R_i * {s, s}.
    std::array<Value, 4> regs = conv->convert(word, zlo, zhi);
    if (sRing) {
      Value scale = memref::LoadOp::create(b, sRing, ValueRange{slot, groupRow, n});
      Value splat = vector::BroadcastOp::create(
          b, VectorType::get({2}, b.getF16Type()), scale);
      for (Value &reg : regs)
        reg = arith::MulFOp::create(b, reg, splat);
    }
    // K order: {0, 1} = lo(R_0) lo(R_1), {2, 3} = lo(R_2) lo(R_3), {4, 5} =
    // hi(R_0) hi(R_1), {6, 7} = hi(R_2) hi(R_3).
    SmallVector<Value, 4> bits;
    for (Value reg : regs)
      bits.push_back(LLVM::BitcastOp::create(b, b.getI32Type(), reg));
    SmallVector<Value, 4> chunk = {buildPrmt(b, bits[0], bits[1], 0x5410),
                                   buildPrmt(b, bits[2], bits[3], 0x5410),
                                   buildPrmt(b, bits[0], bits[1], 0x7632),
                                   buildPrmt(b, bits[2], bits[3], 0x7632)};
    Value v = vector::FromElementsOp::create(b, i32x4, chunk);
    Value col = e.mul(arith::XOrIOp::create(b, r, e.rem(n, 8)), 4);
    vector::StoreOp::create(b, v, dequantTiles, ValueRange{buffer, n, col},
                            /*nontemporal=*/false, llvm::Align(16));
  }
  // wgmma reads the tile through the async proxy.
  NVVM::FenceProxyOp::create(
      b, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
  gpu::BarrierOp::create(b);
  return e.add(e.add(loop.ringBase, layout.dequant),
               e.mul(buffer, t.bn * 128));
}

SmallVector<Value>
Int4RingOperands::buildWgmmaAccumulators(RingMainloop &loop) {
  if (!loop.t.registerA)
    return RingOperands::buildWgmmaAccumulators(loop);
  // Y^T: m-tiles u = 0 .. U - 1 of the warps' channels, N = BM rows of y.
  ImplicitLocOpBuilder &b = loop.b;
  auto accType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(loop.t.bm / 2, b.getF32Type()));
  return SmallVector<Value>(channelTiles, LLVM::ZeroOp::create(b, accType));
}

void Int4RingOperands::buildWgmmaStep(RingMainloop &loop, Value kTile,
                                      Value slot, MutableArrayRef<Value> accs) {
  if (!loop.t.registerA)
    return RingOperands::buildWgmmaStep(loop, kTile, slot, accs);
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  const Tiling &t = loop.t;
  // The lane's channels col + c, c = 0 .. 2 U - 1: one 16-byte (U = 2) or
  // 8-byte (U = 1) load per K row of words (the quad's lanes read the same
  // one).
  int64_t laneChannels = 2 * channelTiles;
  auto wordsType = VectorType::get({laneChannels}, b.getI32Type());
  auto scalesType = VectorType::get({laneChannels}, b.getF16Type());
  Value col = getLaneChannel(loop);
  // copy = tma: chunk c of row r of a 128-byte swizzled box is at c ^ r;
  // the lane's words and scales lie in one chunk.
  auto swizzled = [&](Value column, int64_t chunkElements, Value r) {
    Value chunk = e.rem(e.div(column, chunkElements), 8);
    return e.add(e.mul(arith::XOrIOp::create(b, chunk, r), chunkElements),
                 e.rem(column, chunkElements));
  };
  // The lane's words of word row `r` of the slot, one per channel.
  auto loadWordRow = [&](Value r) {
    SmallVector<Value, 4> at = {slot, r, col};
    if (t.tma)
      at = {slot, e.div(col, 32), r, swizzled(col, 4, r)};
    Value v = vector::LoadOp::create(b, wordsType, wRing, at,
                                     /*nontemporal=*/false,
                                     llvm::Align(4 * laneChannels));
    SmallVector<Value, 8> words;
    for (int64_t c = 0; c < laneChannels; ++c)
      words.push_back(vector::ExtractOp::create(b, v, c));
    return words;
  };
  // The zero points of the lane's channels: 4 bits each from bit
  // 4 (col % 8) of word col / 8 (zeroShift, 16 (g % 2), when U = 2).
  Value laneZeroShift =
      channelTiles == 2 ? zeroShift
                        : arith::IndexCastOp::create(b, b.getI32Type(),
                                                     e.mul(e.rem(col, 8), 4))
                              .getResult();
  // Per group row of the tile: each channel's bias (zero point) and scale.
  int64_t groupRows = std::max<int64_t>(layout.scaleRows, 1);
  auto groupRowOf = [&](int64_t r) -> int64_t {
    return format.groupSize && format.groupSize < t.bk
               ? r * 8 / format.groupSize
               : 0;
  };
  SmallVector<std::array<Value, 4>> biases(groupRows), scaleSplats(groupRows);
  // Fragment order: `convert`'s zero constants instead of the pair biases.
  SmallVector<std::array<std::pair<Value, Value>, 4>> zeroConstants(groupRows);
  for (int64_t gr = 0; gr < groupRows; ++gr) {
    Value zword, scaleVec;
    SmallVector<Value, 4> zAt = {slot, e.idx(gr), e.div(col, 8)};
    SmallVector<Value, 4> sAt = {slot, e.idx(gr), col};
    if (t.tma) {
      zAt = {slot, e.idx(gr), swizzled(e.div(col, 8), 4, e.idx(gr))};
      // 64 channels' scales a box, 8 a chunk.
      sAt = {slot, e.div(col, 64), e.idx(gr), swizzled(col, 8, e.idx(gr))};
    }
    if (zRing)
      zword = memref::LoadOp::create(b, zRing, zAt);
    if (sRing)
      scaleVec = vector::LoadOp::create(b, scalesType, sRing, sAt,
                                        /*nontemporal=*/false,
                                        llvm::Align(2 * laneChannels));
    for (int64_t c = 0; c < laneChannels; ++c) {
      Value z = zword ? extractZeroPoint(b, zword, laneZeroShift, c) : Value();
      if (!format.fragmentOrder)
        biases[gr][c] = conv->getPairBias(z);
      else if (z)
        zeroConstants[gr][c] = conv->getZeroConstants(z);
      if (scaleVec)
        scaleSplats[gr][c] = splatScale(b, scaleVec, c);
    }
  }
  // `v` times the scale of group row `gr`, channel `c` (if any), as an i32.
  auto scaled = [&](Value v, int64_t gr, int64_t c) -> Value {
    if (scaleSplats[gr][c])
      v = arith::MulFOp::create(b, v, scaleSplats[gr][c]);
    return LLVM::BitcastOp::create(b, b.getI32Type(), v);
  };
  // B: the X slot, BM rows of 128 swizzled bytes at the ring's start.
  Value desc = buildSwizzledDescriptor(
      b, e.add(loop.ringBase, e.mul(slot, t.bm * t.rowBytes)), 128);
  // A of k-step s, m-tile u: (g, K 2q..), (g + 8, 2q..), (g, 2q + 8..),
  // (g + 8, 2q + 8..) = channels 2u, 2u + 1 of K rows 2s, 2s + 1. A wgmma
  // reads its A registers until its group completes, and the next K tile
  // rewrites the same registers: the tile goes in two wgmma groups of two
  // k-steps, each formed after waiting for the group that last read its
  // registers (wait 1 leaves only the other half in flight), so one
  // half's conversion overlaps the other's wgmma.
  int64_t steps = t.bk / 16;
  for (int64_t first = 0; first < steps; first += steps / 2) {
    // The half's A pairs: pairs[r - 2 first][c] for K row r, channel c.
    SmallVector<SmallVector<Value, 8>> pairs;
    if (format.fragmentOrder) {
      // Word row 4 k + q of each 32-K block k of the half: one word a
      // channel converts into the k-pairs of the block's four K rows
      // (convert's R_j: K row 4 k + j), in natural K order.
      for (int64_t blk = first / 2; blk < (first + steps / 2) / 2; ++blk) {
        SmallVector<Value, 8> words = loadWordRow(e.add(e.idx(4 * blk), q));
        if (blk == first / 2)
          NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
        int64_t gr = groupRowOf(4 * blk);
        pairs.append(4, SmallVector<Value, 8>(laneChannels));
        for (int64_t c = 0; c < laneChannels; ++c) {
          auto [zlo, zhi] = zeroConstants[gr][c];
          std::array<Value, 4> regs = conv->convert(words[c], zlo, zhi);
          for (int64_t j = 0; j < 4; ++j)
            pairs[pairs.size() - 4 + j][c] = scaled(regs[j], gr, c);
        }
      }
    } else {
      // The half's K rows of words, loaded before the wait; per pair one
      // prmt of the lane's byte.
      SmallVector<SmallVector<Value, 8>> words;
      for (int64_t r = 2 * first; r < 2 * (first + steps / 2); ++r)
        words.push_back(loadWordRow(e.idx(r)));
      NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
      for (int64_t s = first; s < first + steps / 2; ++s)
        for (int64_t h = 0; h < 2; ++h)
          pairs.emplace_back(laneChannels);
      for (int64_t s = first; s < first + steps / 2; ++s)
        for (int64_t u = 0; u < channelTiles; ++u)
          for (int64_t h : {0, 1})
            for (int64_t c : {2 * u, 2 * u + 1}) {
              int64_t r = 2 * s + h;
              Value v = conv->convertPair(words[r - 2 * first][c], pairSelector,
                                          biases[groupRowOf(r)][c]);
              pairs[r - 2 * first][c] = scaled(v, groupRowOf(r), c);
            }
    }
    NVVM::WgmmaFenceAlignedOp::create(b);
    for (int64_t s = first; s < first + steps / 2; ++s) {
      Value descB = arith::AddIOp::create(
          b, desc, arith::ConstantIntOp::create(b, b.getI64Type(), 2 * s));
      int64_t r = 2 * (s - first);
      for (int64_t u = 0; u < channelTiles; ++u) {
        SmallVector<Value, 4> aRegs = {pairs[r][2 * u], pairs[r][2 * u + 1],
                                       pairs[r + 1][2 * u],
                                       pairs[r + 1][2 * u + 1]};
        accs[u] = buildWgmmaF16RegisterA(b, accs[u], aRegs, descB);
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b);
  }
}

// wgmma m64nBNk16 f16, f32 accumulators.
Value Int4RingOperands::buildWgmmaTile(RingMainloop &loop, Value acc,
                                       Value descA, Value descB) {
  return loop.buildWgmmaSteps(acc, descA, descB, 16, NVVM::WGMMATypes::f16,
                              NVVM::WGMMATypes::f32);
}

SmallVector<Pair> Int4RingOperands::getPairs(RingMainloop &loop) {
  if (loop.t.wgmma && !loop.t.registerA)
    return loop.getPairs();
  ImplicitLocOpBuilder &b = loop.b;
  Emitter e{b};
  SmallVector<Pair> pairs;
  if (loop.t.registerA) {
    // Element 4j + 2h + i of m-tile u: y[8j + 2q + i][2U (tid / 4) + 2u +
    // h].
    NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
    auto f32x2 = VectorType::get({2}, b.getF32Type());
    Value rowBase = e.add(loop.tile.blockRow, e.mul(q, 2));
    Value col = e.add(loop.tile.blockCol, getLaneChannel(loop));
    for (int64_t u = 0; u < channelTiles; ++u) {
      Value acc = loop.loop.getResult(u);
      for (int64_t j = 0; j < loop.t.bm / 8; ++j)
        for (int64_t i = 0; i < 2; ++i) {
          Value lo = LLVM::ExtractValueOp::create(b, acc, 4 * j + i);
          Value hi = LLVM::ExtractValueOp::create(b, acc, 4 * j + 2 + i);
          pairs.push_back(
              {e.add(rowBase, 8 * j + i), e.add(col, 2 * u),
               vector::FromElementsOp::create(b, f32x2, ValueRange{lo, hi})});
        }
    }
    return pairs;
  }
  Value rowBase = e.add(e.add(loop.tile.blockRow, loop.warpRow), e.mul(q, 2));
  for (int64_t slab = 0; slab < slabs; ++slab)
    for (int64_t u = 0; u < 2; ++u) {
      Value col = e.add(
          e.add(e.add(loop.tile.blockCol, loop.warpCol), slab * kSlabN + 2 * u),
          e.mul(g, 4));
      for (int64_t tt = 0; tt < tokenTiles; ++tt) {
        Value acc = loop.loop.getResult((slab * 2 + u) * tokenTiles + tt);
        for (int64_t i = 0; i < 2; ++i)
          pairs.push_back(
              {e.add(rowBase, 8 * tt + i), col, getTransposedPair(b, acc, i)});
      }
    }
  return pairs;
}

/// The tensor maps of a copy = tma ring variant, in the order the kernel
/// takes them: x [M, K] in boxes of BM rows, wq [K / 8, N] in boxes of 8
/// (one K tile), with group scales scales [K / G, N] and with zero points
/// zeros [K / G, N / 8] in boxes of the K tile's group rows, and x again in
/// the half boxes (getTmaHalfBoxRows, BM >= 128) and the edge boxes
/// (getTmaRowBoxRows) of a partial tile.
std::vector<LaunchTensorMap>
getTensorMaps(ConfigAttr config, const W4A16Types &ty, Int4Format format) {
  if (!config.isTma())
    return {};
  int64_t scaleRows =
      getW4A16RingLayout(config, format.groupSize, format.zeroPoints).scaleRows;
  std::vector<LaunchTensorMap> maps = {
      {"x", ty.x.getDimSize(1) * 2, config.getBlockM()},
      {"wq", ty.wq.getDimSize(1) * 4, config.getBlockK() / 8}};
  if (format.groupSize)
    maps.push_back({"scales", ty.scales.getDimSize(1) * 2, scaleRows});
  if (format.zeroPoints)
    maps.push_back({"zeros", ty.zeros.getDimSize(1) * 4, scaleRows});
  if (int64_t halfRows = getTmaHalfBoxRows(config.getBlockM()))
    maps.push_back({"x", ty.x.getDimSize(1) * 2, halfRows});
  maps.push_back(
      {"x", ty.x.getDimSize(1) * 2, getTmaRowBoxRows(config.getBlockM())});
  return maps;
}

/// The tiling of ring variant `config` of a W4A16 op with N = `n` on
/// `target`, `sharedMemory` bytes a block: the blocks a multiprocessor
/// holds, and with a tail split the column tiles and the blocks of a wave.
Tiling getRingTiling(ConfigAttr config, int64_t n, TargetAttr target,
                     int64_t sharedMemory) {
  Tiling tiling(config, /*elementBytes=*/2);
  tiling.shiftLastRowTile = true;
  tiling.residentBlocks = getRingResidentBlocks(target, tiling, sharedMemory);
  if (tiling.tailSplit > 1) {
    tiling.columnTiles = llvm::divideCeil(n, tiling.bn);
    tiling.waveBlocks = tiling.residentBlocks * target.getMultiprocessorCount();
    tiling.tailColumnMajor = false;
  }
  return tiling;
}

/// Builds one ring matmul kernel (copy = tma: the tensor maps of
/// getTensorMaps first; then the arguments of buildRegisterKernel, and with
/// split_k > 1 or tail_split > 1 the partials and the `counters` tile
/// counters): a
/// RingMainloop over [BM, BN] tiles with the int4 ring hooks, filled by
/// cp.async or TMA (with tma_producer a producer warpgroup, under launch
/// bounds of the blocks that `sharedMemory` bytes a block leave resident on
/// `target`), and a RingEpilogue; the split_k slices of a
/// tile (block z, K / BK / split_k tiles each), or the slices of a tail
/// tile (scheduleTailSplitTile), meet in its reproducible split reduction.
void buildRingKernel(ImplicitLocOpBuilder &b, gpu::GPUModuleOp module,
                     StringRef name, ConfigAttr config, const W4A16Types &ty,
                     Int4Format format, int64_t counters, TargetAttr target,
                     int64_t sharedMemory) {
  bool split = config.getSplitK() > 1 || config.getTailSplit() > 1;
  int64_t maps = getTensorMaps(config, ty, format).size();
  auto [func, args] = createW4A16Kernel(b, module, name, ty, format.zeroPoints,
                                        split ? counters : 0, maps);
  Value x = args.x, wq = args.wq, scales = args.scales, zeros = args.zeros,
        y = args.y;
  Tiling tiling =
      getRingTiling(config, ty.y.getDimSize(1), target, sharedMemory);
  setRingLaunchBounds(func, tiling, tiling.residentBlocks);
  RingMainloop loop(b, tiling, x, ty.x.getDimSize(1), /*byteRings=*/false);
  Int4RingOperands operands(
      loop, x, wq, scales, zeros, format,
      getW4A16RingLayout(config, format.groupSize, format.zeroPoints));
  bool perChannel = format.groupSize == 0;
  // Per-channel scales are read only by the epilogue: bring the tile's into
  // L2 at the start (sm_90 and later: LLVM 22 cannot select the prefetch for
  // sm_80), as W8A8 does its weight scales (perf notes v10, v53 step 10),
  // so that the epilogue does not wait on DRAM.
  bool prefetchScales = perChannel && target.getSMVersion() >= 90;
  auto beforeLoop = [&] {
    if (prefetchScales)
      prefetchToL2(b, scales, loop.tile.blockCol, tiling.bn * 2, loop.tid);
  };
  if (tiling.tma)
    loop.buildTma(operands, beforeLoop);
  else
    loop.build(operands, beforeLoop);
  SmallVector<Pair> pairs = operands.getPairs(loop);
  auto scale = [&](const Pair &p, Value) -> Value {
    return buildOutputPair(
        b, p.value,
        perChannel ? loadChannelScalePair(b, scales, p.col) : Value());
  };
  RingEpilogue epilogue(loop, y, scale);
  if (tiling.tailSplit > 1)
    epilogue.storeTailSplit(pairs, args.partials, args.counters);
  else if (tiling.clusterSplit)
    epilogue.storeSplitKCluster(pairs);
  else if (split)
    epilogue.storeSplitKOrdered(
        pairs, args.partials, args.counters,
        getRingTileIndex(b, ty.y.getDimSize(1), tiling.bn),
        Emitter{b}.idx(tiling.splitK));
  else
    epilogue.store(pairs);
  gpu::ReturnOp::create(b);
}

} // namespace

int64_t kernel::getW4A16CounterCount(MatmulOp op) {
  int64_t most = getSplitTileCount(op);
  for (auto config : op.getConfigsAttr().getAsRange<ConfigAttr>())
    if (config.getTailSplit() > 1)
      most = std::max(most, getRingTiling(config, op.getN(), op.getTargetAttr(),
                                          getSharedMemoryBytes(op, config))
                                .waveBlocks);
  return most;
}

bool kernel::isW4A16(MatmulOp op) {
  return op.getWeightEncoding().getFormat() == WeightFormat::int4 &&
         !op.getLhsEncoding().isQuantized() &&
         op.getLhs().getType().getElementType().isF16();
}

LogicalResult kernel::checkW4A16Lowerable(MatmulOp op) {
  int64_t n = op.getN(), k = op.getK();
  if (n % kSlabN != 0)
    return op.emitOpError() << "expected N (" << n
                            << ") to be a multiple of 32 for the W4A16 "
                               "kernels (one warp slab of channels)";
  WeightEncodingAttr encoding = op.getWeightEncoding();
  int64_t groupSize = encoding.getScales() == ScaleGranularity::per_group
                          ? encoding.getGroupSize()
                          : 0;
  for (auto config : op.getConfigsAttr().getAsRange<ConfigAttr>()) {
    if (config.getWarpN() % kSlabN != 0)
      return op.emitOpError()
             << "expected warp tile N (" << config.getWarpN()
             << ") to be a multiple of 32 for W4A16 (32-channel slabs)";
    if (!config.isRegisterDirect()) {
      // The shared-memory dequantization of the wgmma tiles stores each
      // word's eight K in a row: it reads the seed order only.
      if (config.isWgmma() && !config.isRegisterA() &&
          op.getWeightEncoding().getFragmentOrder())
        return op.emitOpError()
               << "expected operands = registers, shared with mma = mma_sync, "
                  "or register_a for weights with fragment_order = true, got "
                  "config "
               << config << " (W4A16 wgmma dequantization in shared memory)";
      // wgmma: the block's threads convert the tile's BK / 8 x BN words in
      // whole rounds.
      if (config.isWgmma() && !config.isRegisterA() &&
          config.getBlockK() / 8 * config.getBlockN() %
                  (32 * config.getNumWarps()) !=
              0)
        return op.emitOpError()
               << "expected the " << config.getBlockK() / 8 << " x "
               << config.getBlockN() << " weight words of a K tile to be a "
               << "multiple of the " << 32 * config.getNumWarps()
               << " threads of config " << config
               << " (W4A16 wgmma dequantization)";
      // Split K: the tile counters are sized for the largest M the variant
      // serves (checkLowerable makes every slice the same length).
      if (config.getSplitK() > 1 && config.getMaxM() == 0)
        return op.emitOpError()
               << "expected a bounded max_m for config " << config
               << " (W4A16 split-K tile counters are sized for it)";
      int64_t bk = config.getBlockK();
      if (bk % 64 != 0)
        return op.emitOpError() << "expected cta tile K (" << bk
                                << ") to be a multiple of 64 for the W4A16 "
                                   "ring (its X slot swizzle)";
      if (groupSize && bk % groupSize != 0 && groupSize % bk != 0)
        return op.emitOpError()
               << "expected cta tile K (" << bk << ") and the group size ("
               << groupSize << ") to divide one another";
      if (k % bk != 0)
        return op.emitOpError() << "expected cta tile K (" << bk
                                << ") to divide K (" << k
                                << ") for the W4A16 ring";
      continue;
    }
    // K (a multiple of 64) may end half way through the last 128-K chunk.
    // Split K over the grid: slices of whole 128-K chunks, and tile
    // counters sized for the largest M the variant serves.
    int64_t split = config.getSplitK();
    if (split > 1 && k % (kChunkK * split) != 0)
      return op.emitOpError()
             << "expected split_k (" << split << ") to divide K (" << k
             << ") into slices of whole 128-K chunks with operands = "
                "registers";
    if (split > 1 && config.getMaxM() == 0)
      return op.emitOpError()
             << "expected a bounded max_m for config " << config
             << " (W4A16 split-K tile counters are sized for it)";
    if (n % config.getBlockN() != 0)
      return op.emitOpError() << "expected cta tile N (" << config.getBlockN()
                              << ") to divide N (" << n << ")";
    if (failed(checkSharedMemory(op, config)))
      return failure();
    int64_t perWarp = llvm::divideCeil(llvm::divideCeil(k / split, kChunkK),
                                       config.getWarpsK());
    if (perWarp > ConfigAttr::kMaxRegisterChunks)
      return op.emitOpError()
             << "expected at most " << ConfigAttr::kMaxRegisterChunks
             << " K chunks per warp with operands = registers, got "
             << perWarp << "; use a larger cta tile K";
  }
  return success();
}

SmallVector<LaunchKernel, 0> kernel::buildW4A16Kernels(ImplicitLocOpBuilder &b,
                                                       gpu::GPUModuleOp module,
                                                       MatmulOp op) {
  WeightEncodingAttr encoding = op.getWeightEncoding();
  Int4Format format{encoding.getZeroPoints(),
                    encoding.getScales() == ScaleGranularity::per_group
                        ? encoding.getGroupSize()
                        : 0,
                    encoding.getFragmentOrder()};
  W4A16Types ty;
  ty.x = op.getLhs().getType();
  ty.wq = cast<MemRefType>(op.getWeights()[0].getType());
  ty.scales = cast<MemRefType>(op.getWeights()[1].getType());
  if (format.zeroPoints)
    ty.zeros = cast<MemRefType>(op.getWeights()[2].getType());
  ty.y = op.getOut().getType();
  SmallVector<LaunchKernel, 0> kernels;
  // A ring kernel does not depend on its variant's max_m (the split
  // variants' tile counters are sized for the family) or row split (the
  // host stub's cut): variants that differ only there share one kernel (a
  // register-direct kernel's launch bound does depend on max_m).
  DenseMap<ConfigAttr, std::string> built;
  int64_t counters = getW4A16CounterCount(op);
  for (auto [i, config] :
       llvm::enumerate(op.getConfigsAttr().getAsRange<ConfigAttr>())) {
    std::string name = "matmul_v" + std::to_string(i);
    int64_t sharedMemory = getSharedMemoryBytes(op, config);
    auto [known, inserted] = built.try_emplace(getKernelKey(config), name);
    if (!inserted)
      name = known->second;
    else if (config.isRegisterDirect())
      buildRegisterKernel(b, module, name, config, ty, format, counters,
                          op.getTargetAttr().getMultiprocessorCount());
    else
      buildRingKernel(b, module, name, config, ty, format, counters,
                      op.getTargetAttr(), sharedMemory);
    LaunchKernel &variant = kernels.emplace_back();
    variant.name = name;
    variant.role = KernelRole::Matmul;
    variant.threads = config.getBlockThreads();
    variant.tensorMaps = getTensorMaps(config, ty, format);
    variant.blockM = config.getBlockM();
    variant.blockN = config.getBlockN();
    variant.maxM = config.getMaxM();
    variant.splitK = config.getSplitK();
    variant.clusterSplit = config.getClusterSplit();
    variant.sharedMemory = sharedMemory;
    if (config.getTailSplit() > 1) {
      variant.tailSplit = config.getTailSplit();
      variant.waveBlocks =
          getRingTiling(config, op.getN(), op.getTargetAttr(), sharedMemory)
              .waveBlocks;
    }
  }
  return kernels;
}
