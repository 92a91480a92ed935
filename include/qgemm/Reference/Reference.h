//===- Reference.h - Reference kernels and weight packers -------*- C++ -*-===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Plain C++17 reference implementations of every qgemm scheme (per-token int8
// activation quantization, W8A8, W4A16 with and without zero points, BSR
// dense x sparse) and the weight packers a user needs to prepare kernel
// inputs. These functions *define* the semantics every generated GPU kernel
// is checked against.
//
// The library depends on the C++ standard library only (no LLVM/MLIR), so it
// can also be compiled by nvcc's host compiler on the GPU machine.
//
// Conventions:
//  - fp16 values are IEEE binary16 bit patterns stored in `uint16_t`.
//  - All matrices are row-major and contiguous. Y[M, N] = X[M, K] . W[N, K]^T.
//  - Error reporting never aborts, throws or prints: every function that can
//    reject its arguments returns a `std::string` that is empty on success and
//    otherwise holds a lowercase message naming the offending and the expected
//    value (e.g. "k = 12 must be a multiple of 8"). When a function returns an
//    error it has written nothing to its outputs. The `check*` validators
//    return the same messages without doing any work.
//  - A pointer may be null only when the array it points to has no elements.
//
// Exact fp32 semantics (what a GPU kernel must reproduce bit-exactly where the
// reference is exact) are spelled out on each function. The implementation is
// immune to FMA contraction, but must not be compiled with -ffast-math.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_REFERENCE_REFERENCE_H
#define QGEMM_REFERENCE_REFERENCE_H

#include <cstdint>
#include <string>
#include <vector>

namespace qgemm {
namespace ref {

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// The (fixed) block size of the BSR weight format: blocks are 32 x 32.
constexpr int64_t kBsrBlock = 32;

/// The number of int4 values packed into one int32 word (along K).
constexpr int64_t kInt4PerWord = 8;

/// The largest K for which an int8 x int8 dot product always fits the int32
/// accumulator: K * (-128) * (-128) <= 2^31 - 1.
constexpr int64_t kW8A8MaxK = 131071;

//===----------------------------------------------------------------------===//
// fp16 conversion and rounding
//===----------------------------------------------------------------------===//

/// Converts an IEEE binary16 bit pattern to fp32. Exact for every input
/// (subnormals, +-0, +-inf; NaNs stay NaN and keep their payload's top bits).
float halfToFloat(uint16_t h);

/// Converts fp32 to an IEEE binary16 bit pattern with round-to-nearest-even.
/// Handles subnormal results, overflow to +-inf (|f| >= 65520 rounds to inf),
/// +-0 and NaN (result is a quiet NaN). Matches `cvt.rn.f16.f32`.
uint16_t floatToHalf(float f);

/// Converts fp64 to an IEEE binary16 bit pattern with a single
/// round-to-nearest-even (no double rounding through fp32).
uint16_t doubleToHalf(double d);

/// Rounds to the nearest integer, ties to even (2.5 -> 2, 3.5 -> 4,
/// -2.5 -> -2), independently of the floating-point environment. Equals
/// `std::nearbyint` under the default rounding mode and PTX `cvt.rni`.
/// NaN and +-inf are returned unchanged.
float roundHalfToEven(float v);

//===----------------------------------------------------------------------===//
// Argument validators
//===----------------------------------------------------------------------===//

/// Checks a dense fp16 matmul shape: m, n, k >= 0. Returns "" when valid.
std::string checkDenseShape(int64_t m, int64_t n, int64_t k);

/// Checks a W8A8 shape: m, n, k >= 0 and k <= kW8A8MaxK (so the int32
/// accumulator cannot overflow). Returns "" when valid.
std::string checkW8A8Shape(int64_t m, int64_t n, int64_t k);

/// Checks a W4A16 shape: m, n, k >= 0, k a multiple of 8, and groupSize either
/// 0 (per-channel scales [N]) or one of 32, 64, 128 dividing k (per-group
/// scales [K / groupSize, N]). Returns "" when valid.
std::string checkW4A16Shape(int64_t m, int64_t n, int64_t k, int64_t groupSize);

/// Checks a W4A16 shape with zero points: m, n, k >= 0, groupSize one of 32,
/// 64, 128 (zero points come with per-group scales only), k a multiple of 8
/// divisible by groupSize, and n a multiple of 8 (zero points are packed 8
/// per int32 along n). Returns "" when valid.
std::string checkW4A16ZeroPointsShape(int64_t m, int64_t n, int64_t k,
                                      int64_t groupSize);

/// Checks a BSR weight shape: n, k >= 0 and multiples of kBsrBlock. Returns ""
/// when valid.
std::string checkBsrShape(int64_t n, int64_t k);

//===----------------------------------------------------------------------===//
// Dense fp16
//===----------------------------------------------------------------------===//

/// Dense fp16 matmul Y[M, N] = X[M, K] . W[N, K]^T. Products and the sum over
/// k (ascending) are computed in fp64 (every fp16 x fp16 product is exact), and
/// each result is rounded once to fp16. Returns "" or an error message.
std::string matmulF16(const uint16_t *x, const uint16_t *w, int64_t m,
                      int64_t n, int64_t k, uint16_t *y);

//===----------------------------------------------------------------------===//
// W8A8
//===----------------------------------------------------------------------===//

/// Per-token (per-row) symmetric int8 quantization of X fp16 [M, K] into
/// xq int8 [M, K] and scale fp32 [M]. For each row r, in exactly this fp32
/// order:
///   absmax   = max over the row of |halfToFloat(x)|
///   scale[r] = absmax / 127.0f                      (IEEE division, div.rn)
///   xq       = clamp(roundHalfToEven(halfToFloat(x) / scale[r]), -128, 127)
///                                                   (IEEE division, div.rn)
/// The division is a true division, not a multiplication by a reciprocal.
/// If absmax == 0 the row's scale is 0 and every xq is 0 (no NaN or Inf).
/// Non-finite activations are outside the contract; for the record, NaN
/// elements are ignored by the absmax and a NaN quotient quantizes to 0
/// (like `cvt.rni.sat.s8.f32`). Returns "" or an error message.
std::string quantizePerToken(const uint16_t *x, int64_t m, int64_t k,
                             int8_t *xq, float *scale);

/// Exact int8 matmul: acc[M, N] = sum_k xq[m, k] * wq[n, k] in int32, with
/// wq int8 [N, K]. Requires k <= kW8A8MaxK so the sum cannot overflow.
/// Returns "" or an error message.
std::string matmulInt8Int32(const int8_t *xq, const int8_t *wq, int64_t m,
                            int64_t n, int64_t k, int32_t *acc);

/// W8A8 epilogue on already-quantized activations: with acc from
/// matmulInt8Int32,
///   y[m, n] = floatToHalf(((float)acc[m, n] * xScale[m]) * wScale[n])
/// evaluated left to right in fp32 (the int32 -> fp32 conversion rounds to
/// nearest even). Returns "" or an error message.
std::string matmulW8A8Quantized(const int8_t *xq, const float *xScale,
                                const int8_t *wq, const float *wScale,
                                int64_t m, int64_t n, int64_t k, uint16_t *y);

/// Full W8A8: quantizePerToken(x), then matmulInt8Int32 with wq int8 [N, K],
/// then the epilogue of matmulW8A8Quantized with wScale fp32 [N]. Returns ""
/// or an error message.
std::string matmulW8A8(const uint16_t *x, const int8_t *wq, const float *wScale,
                       int64_t m, int64_t n, int64_t k, uint16_t *y);

/// Per-output-channel symmetric int8 weight quantization of W fp32 [N, K]
/// into wq int8 [N, K] and scale fp32 [N]. For each row n, in fp32:
///   scale[n] = absmax / 127.0f
///   wq       = clamp(roundHalfToEven(w / scale[n]), -128, 127)
/// A zero row gets scale 0 and wq 0. (The clamp only matters when the scale is
/// an fp32 subnormal and loses precision.) Non-finite weights are rejected.
/// Returns "" or an error message.
std::string quantizeWeightsInt8PerChannel(const float *w, int64_t n, int64_t k,
                                          int8_t *wq, float *scale);

//===----------------------------------------------------------------------===//
// W4A16
//===----------------------------------------------------------------------===//

/// Returns the signed int4 value (-8..7) stored in bits [4 * index,
/// 4 * index + 4) of `word`, sign-extended. `index` is taken modulo 8.
int8_t unpackInt4(int32_t word, int index);

/// Packs eight int4 values into one word, values[i] in bits [4i, 4i + 4) (low
/// nibble first). Each value is truncated to its low 4 bits (two's
/// complement), so values outside -8..7 wrap; pass values in range.
int32_t packInt4(const int8_t values[8]);

/// Rewrites int4 weights packed [K / 8, N] in the seed layout (value k of
/// channel n in nibble k % 8 of word (k / 8) * N + n, signed or unsigned
/// nibbles alike) into the fragment order of `fragment_order = true`: within
/// each 32-K block b of a channel, word 4b + q holds k = 32b + 8j + 2q in
/// nibble j and k = 32b + 8j + 2q + 1 in nibble j + 4 (j = 0..3). `out` has
/// the same size and must not alias `seed`. Returns "" or an error message (k
/// a positive multiple of 32, n positive).
std::string repackInt4FragmentOrder(const int32_t *seed, int64_t n, int64_t k,
                                    int32_t *out);

/// The inverse of repackInt4FragmentOrder: fragment-ordered words back to the
/// seed layout (same sizes and rules).
std::string unpackInt4FragmentOrder(const int32_t *fragment, int64_t n,
                                    int64_t k, int32_t *out);

/// Dequantizes packed int4 weights to W fp32 [N, K]:
///   w[n, k] = (float)q(k, n) * halfToFloat(scale(k, n))
/// where q(k, n) = unpackInt4(wPacked[(k / 8) * N + n], k % 8) (wPacked is
/// [K / 8, N]), and scale(k, n) = scales[n] when groupSize == 0 (scales [N])
/// or scales[(k / groupSize) * N + n] otherwise (scales [K / groupSize, N]).
/// The fp32 product is exact. Returns "" or an error message.
std::string dequantizeWeightsInt4(const int32_t *wPacked,
                                  const uint16_t *scales, int64_t n, int64_t k,
                                  int64_t groupSize, float *w);

/// W4A16: Y[M, N] = X[M, K] . W^T with W the dequantized weights of
/// dequantizeWeightsInt4 (same wPacked / scales layouts and groupSize
/// meaning). Products and the sum over k (ascending) are computed in fp64
/// (all exact products), and each result is rounded once to fp16.
/// Returns "" or an error message.
std::string matmulW4A16(const uint16_t *x, const int32_t *wPacked,
                        const uint16_t *scales, int64_t m, int64_t n, int64_t k,
                        int64_t groupSize, uint16_t *y);

/// Symmetric int4 weight quantization and packing of W fp32 [N, K] into
/// packed int32 [K / 8, N] (layout of dequantizeWeightsInt4) and fp16 scales
/// ([N] when groupSize == 0, otherwise [K / groupSize, N]). For each output
/// channel n and each group along K (the whole row when groupSize == 0):
///   s16 = floatToHalf(absmax / 7.0f)                (rounded to fp16 FIRST)
///   q   = clamp(roundHalfToEven(w / halfToFloat(s16)), -8, 7)   (fp32)
/// A group whose s16 is 0 (all zeros, or so small that absmax / 7 rounds to
/// fp16 zero) gets scale 0 and q 0. The clamp matters when s16 is an fp16
/// subnormal. Rejected: a bad shape (see checkW4A16Shape), non-finite weights,
/// and a group whose absmax / 7 overflows fp16 (> 65504). Returns "" or an
/// error message.
std::string quantizeWeightsInt4(const float *w, int64_t n, int64_t k,
                                int64_t groupSize, int32_t *packed,
                                uint16_t *scales);

//===----------------------------------------------------------------------===//
// W4A16 with zero points (asymmetric, GPTQ / AWQ style)
//===----------------------------------------------------------------------===//
//
// With zero points (`zero_points = true` in the weight encoding, per-group
// scales only) the weight operands are:
//   wPacked int32 [K / 8, N]: unsigned int4 q (0..15), the value for
//           k = 8 * i + j in bits [4j, 4j + 4) of word (i, n) (low nibble
//           first, as for signed int4);
//   scales  fp16 [K / G, N];
//   zeros   int32 [K / G, N / 8]: unsigned int4 zero points z (0..15), the
//           zero point of column n = 8 * j + i in bits [4i, 4i + 4) of word
//           (g, j) (eight per word along N, low nibble first);
// and the weight is w[n, k] = (q(k, n) - z(g, n)) * s(g, n), g = k / G.
//
// This is the layout of GPTQ's qweight / scales / qzeros in the `gptq_v2`
// checkpoint format, which stores z itself. The original (v1) GPTQ format
// stores z - 1, so a loader adds 1 to every zero point; AWQ checkpoints pack
// along N in another nibble order and must be repacked. Act-order checkpoints
// (a g_idx permuting the groups) are not covered.

/// Returns the unsigned int4 value (0..15) stored in bits [4 * index,
/// 4 * index + 4) of `word` (no sign extension). `index` is taken modulo 8.
uint8_t unpackUint4(int32_t word, int index);

/// Packs eight unsigned int4 values into one word, values[i] in bits
/// [4i, 4i + 4) (low nibble first). Each value is truncated to its low 4
/// bits, so values above 15 wrap; pass values in range.
int32_t packUint4(const uint8_t values[8]);

/// Dequantizes unsigned int4 weights with zero points to W fp32 [N, K]:
///   w[n, k] = (float)(q(k, n) - z(g, n)) * halfToFloat(scales[g * N + n])
/// with g = k / groupSize, q(k, n) = unpackUint4(wPacked[(k / 8) * N + n],
/// k % 8) and z(g, n) = unpackUint4(zeros[g * (N / 8) + n / 8], n % 8).
/// q - z is an integer in -15..15, so the fp32 product is exact. The shape
/// must pass checkW4A16ZeroPointsShape (groupSize 0 is rejected). Returns ""
/// or an error message.
std::string dequantizeWeightsInt4ZeroPoints(const int32_t *wPacked,
                                            const uint16_t *scales,
                                            const int32_t *zeros, int64_t n,
                                            int64_t k, int64_t groupSize,
                                            float *w);

/// W4A16 with zero points: Y[M, N] = X[M, K] . W^T with W the dequantized
/// weights of dequantizeWeightsInt4ZeroPoints (same layouts). Products and
/// the sum over k (ascending) are computed in fp64 (all exact products), and
/// each result is rounded once to fp16, as in matmulW4A16. Returns "" or an
/// error message.
std::string matmulW4A16ZeroPoints(const uint16_t *x, const int32_t *wPacked,
                                  const uint16_t *scales, const int32_t *zeros,
                                  int64_t m, int64_t n, int64_t k,
                                  int64_t groupSize, uint16_t *y);

/// Asymmetric (min / max) int4 weight quantization and packing of W fp32
/// [N, K] into unsigned int4 packed int32 [K / 8, N], fp16 scales
/// [K / groupSize, N] and packed zero points int32 [K / groupSize, N / 8]
/// (the layouts of dequantizeWeightsInt4ZeroPoints). For each output channel
/// n and each group of groupSize values along K, in exactly this fp32 order:
///   lo  = min(0, min of the group)    (the range always includes 0, as in
///   hi  = max(0, max of the group)     GPTQ, so a zero weight stays exact)
///   s16 = floatToHalf((hi - lo) / 15.0f)        (rounded to fp16 FIRST)
///   s   = halfToFloat(s16)
///   z   = clamp(roundHalfToEven(-lo / s), 0, 15)
///   q   = clamp(roundHalfToEven(w / s) + z, 0, 15)
/// (IEEE divisions, not multiplications by a reciprocal). A group whose s16
/// is 0 (all zeros, or a range so small that (hi - lo) / 15 rounds to fp16
/// zero) gets scale 0, z 0 and q 0. Properties: a zero weight always
/// dequantizes to exactly 0 (q = z); with a normal fp16 scale,
/// |w - (q - z) * s| < 0.508 * s (half a step, plus the fp16 rounding of s:
/// the q clamp at 15 can engage when (hi - lo) / s exceeds 15), and an
/// all-equal group c != 0 gets s16 = floatToHalf(|c| / 15) and q - z = 15
/// (c > 0) or -15 (c < 0). With an fp16 subnormal scale both clamps can
/// engage. Rejected: a bad shape (see checkW4A16ZeroPointsShape), non-finite
/// weights, and a group whose (hi - lo) / 15 overflows fp16 (> 65504).
/// Returns "" or an error message.
std::string quantizeWeightsInt4ZeroPoints(const float *w, int64_t n, int64_t k,
                                          int64_t groupSize, int32_t *packed,
                                          uint16_t *scales, int32_t *zeros);

//===----------------------------------------------------------------------===//
// BSR (block sparse row, 32 x 32 blocks)
//===----------------------------------------------------------------------===//

/// A weight W fp16 [N, K] in the layout of torch's `to_sparse_bsr((32, 32))`:
/// rowPtr has N / 32 + 1 entries; block row r owns blocks
/// [rowPtr[r], rowPtr[r + 1]); colIdx[b] is block b's block-column index
/// (strictly increasing within a block row); blocks is [nnzb, 32, 32]
/// row-major: W[32 * r + i, 32 * colIdx[b] + j] is at
/// blocks[b * 1024 + i * 32 + j]. nnzb == colIdx.size().
struct BsrMatrix {
  /// Rows of the dense weight (output features), a multiple of 32.
  int64_t n = 0;
  /// Columns of the dense weight (reduction dimension), a multiple of 32.
  int64_t k = 0;
  /// Block-row pointers, n / 32 + 1 entries, rowPtr[0] == 0.
  std::vector<int32_t> rowPtr;
  /// Block-column index of every stored block, nnzb entries.
  std::vector<int32_t> colIdx;
  /// fp16 bit patterns of every stored block, nnzb * 32 * 32 entries.
  std::vector<uint16_t> blocks;
};

/// Converts W fp16 [N, K] to BSR, dropping every block whose elements are all
/// zero (+0 or -0); block columns are ascending within a block row. n and k
/// must be multiples of 32. On invalid arguments returns an empty matrix
/// (n = k = 0, rowPtr = {0}) and, when `error` is non-null, stores the message
/// in *error; on success *error is cleared.
BsrMatrix denseToBsr(const uint16_t *w, int64_t n, int64_t k,
                     std::string *error = nullptr);

/// Returns "" when `w` is a well-formed BsrMatrix, else a message naming the
/// bad and the expected value, e.g. "col_idx[3] = 40 is out of range [0, 32)"
/// or "row_ptr[0] = 1 must be 0".
std::string validateBsr(const BsrMatrix &w);

/// BSR dense x sparse: Y[M, N] = X[M, K] . W^T, visiting only stored blocks.
/// Products and sums are computed in fp64 (blocks in storage order, which is
/// ascending k), then rounded once to fp16; block rows without blocks give +0
/// outputs. The result is bit-identical to matmulF16 on the dense weight.
/// Returns "" or an error message (including any validateBsr error).
std::string matmulBsr(const uint16_t *x, const BsrMatrix &w, int64_t m,
                      uint16_t *y);

} // namespace ref
} // namespace qgemm

#endif // QGEMM_REFERENCE_REFERENCE_H
