//===- Reference.cpp - Reference kernels and weight packers ---------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Argument validators, the dense fp16, W8A8 and W4A16 (with and without zero
// points) reference matmuls, and the int8 / int4 weight packers. See
// Reference.h for the exact semantics.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>
#include <utility>
#include <vector>

namespace qgemm {
namespace ref {
namespace {

std::string formatFloat(double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.9g", v);
  return buf;
}

std::string checkNonNegative(const char *name, int64_t v) {
  if (v < 0)
    return std::string(name) + " = " + std::to_string(v) +
           " must be non-negative";
  return "";
}

std::string checkPointer(const void *p, const char *name, int64_t elements) {
  if (!p && elements > 0)
    return std::string(name) + " is null but must hold " +
           std::to_string(elements) + " elements";
  return "";
}

/// Names the first non-finite value of the float weights w [n, k], or "".
std::string checkFiniteWeights(const float *w, int64_t n, int64_t k) {
  for (int64_t i = 0; i < n * k; ++i)
    if (!std::isfinite(w[i]))
      return "w[" + std::to_string(i / k) + ", " + std::to_string(i % k) +
             "] = " + formatFloat(w[i]) + " is not finite";
  return "";
}

int32_t quantizeValue(float v, int32_t qmin, int32_t qmax) {
  if (std::isnan(v))
    return 0;
  float r = roundHalfToEven(v);
  if (r < static_cast<float>(qmin))
    return qmin;
  if (r > static_cast<float>(qmax))
    return qmax;
  return static_cast<int32_t>(r);
}

} // namespace

//===----------------------------------------------------------------------===//
// Validators
//===----------------------------------------------------------------------===//

std::string checkDenseShape(int64_t m, int64_t n, int64_t k) {
  for (auto [name, v] :
       {std::pair<const char *, int64_t>{"m", m}, {"n", n}, {"k", k}})
    if (std::string err = checkNonNegative(name, v); !err.empty())
      return err;
  return "";
}

std::string checkW8A8Shape(int64_t m, int64_t n, int64_t k) {
  if (std::string err = checkDenseShape(m, n, k); !err.empty())
    return err;
  if (k > kW8A8MaxK)
    return "k = " + std::to_string(k) + " exceeds " +
           std::to_string(kW8A8MaxK) +
           ", the largest k for which the int32 accumulator cannot overflow";
  return "";
}

std::string checkW4A16Shape(int64_t m, int64_t n, int64_t k,
                            int64_t groupSize) {
  if (std::string err = checkDenseShape(m, n, k); !err.empty())
    return err;
  if (k % kInt4PerWord != 0)
    return "k = " + std::to_string(k) +
           " must be a multiple of 8 (int4 weights are packed 8 per int32 "
           "along k)";
  if (groupSize != 0 && groupSize != 32 && groupSize != 64 && groupSize != 128)
    return "group size = " + std::to_string(groupSize) +
           " must be 0 (per channel), 32, 64 or 128";
  if (groupSize != 0 && k % groupSize != 0)
    return "group size = " + std::to_string(groupSize) +
           " must divide k = " + std::to_string(k);
  return "";
}

std::string checkW4A16ZeroPointsShape(int64_t m, int64_t n, int64_t k,
                                      int64_t groupSize) {
  if (std::string err = checkDenseShape(m, n, k); !err.empty())
    return err;
  if (groupSize != 32 && groupSize != 64 && groupSize != 128)
    return "group size = " + std::to_string(groupSize) +
           " must be 32, 64 or 128 (zero points come with per-group scales)";
  if (std::string err = checkW4A16Shape(m, n, k, groupSize); !err.empty())
    return err;
  if (n % kInt4PerWord != 0)
    return "n = " + std::to_string(n) +
           " must be a multiple of 8 (zero points are packed 8 per int32 "
           "along n)";
  return "";
}

std::string checkBsrShape(int64_t n, int64_t k) {
  for (auto [name, v] : {std::pair<const char *, int64_t>{"n", n}, {"k", k}}) {
    if (std::string err = checkNonNegative(name, v); !err.empty())
      return err;
    if (v % kBsrBlock != 0)
      return std::string(name) + " = " + std::to_string(v) +
             " must be a multiple of 32 (the bsr block size)";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Dense fp16
//===----------------------------------------------------------------------===//

namespace {

/// Y = X . W^T where W is given as fp32 [N, K]; fp64 products and sums,
/// k ascending, one rounding to fp16.
void matmulHalfByFloat(const uint16_t *x, const float *w, int64_t m, int64_t n,
                       int64_t k, uint16_t *y) {
  // Loop tiling for cache reuse (16 rows of X against 4 rows of W at a time).
  // Every output still sums its exact fp64 products in ascending k, so the
  // result does not depend on the tiling.
  constexpr int64_t kRowTile = 16, kColTile = 4;
  std::vector<float> xTile(static_cast<size_t>(kRowTile * k));
  for (int64_t r0 = 0; r0 < m; r0 += kRowTile) {
    int64_t rows = std::min(kRowTile, m - r0);
    for (int64_t i = 0; i < rows * k; ++i)
      xTile[i] = halfToFloat(x[r0 * k + i]);
    for (int64_t c0 = 0; c0 < n; c0 += kColTile) {
      int64_t cols = std::min(kColTile, n - c0);
      for (int64_t ri = 0; ri < rows; ++ri) {
        const float *xRow = xTile.data() + ri * k;
        double sum[kColTile] = {0.0, 0.0, 0.0, 0.0};
        if (cols == kColTile) {
          const float *w0 = w + c0 * k, *w1 = w0 + k, *w2 = w1 + k,
                      *w3 = w2 + k;
          for (int64_t kk = 0; kk < k; ++kk) {
            double xv = static_cast<double>(xRow[kk]);
            sum[0] += xv * static_cast<double>(w0[kk]);
            sum[1] += xv * static_cast<double>(w1[kk]);
            sum[2] += xv * static_cast<double>(w2[kk]);
            sum[3] += xv * static_cast<double>(w3[kk]);
          }
        } else {
          for (int64_t ci = 0; ci < cols; ++ci) {
            const float *wRow = w + (c0 + ci) * k;
            for (int64_t kk = 0; kk < k; ++kk)
              sum[ci] +=
                  static_cast<double>(xRow[kk]) * static_cast<double>(wRow[kk]);
          }
        }
        for (int64_t ci = 0; ci < cols; ++ci)
          y[(r0 + ri) * n + c0 + ci] = doubleToHalf(sum[ci]);
      }
    }
  }
}

} // namespace

std::string matmulF16(const uint16_t *x, const uint16_t *w, int64_t m,
                      int64_t n, int64_t k, uint16_t *y) {
  if (std::string err = checkDenseShape(m, n, k); !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{x, "x", m * k},
        {w, "w", n * k},
        {y, "y", m * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  std::vector<float> wf(static_cast<size_t>(n * k));
  for (int64_t i = 0; i < n * k; ++i)
    wf[i] = halfToFloat(w[i]);
  matmulHalfByFloat(x, wf.data(), m, n, k, y);
  return "";
}

//===----------------------------------------------------------------------===//
// W8A8
//===----------------------------------------------------------------------===//

namespace {

void quantizeRowsInt8(const uint16_t *x, int64_t m, int64_t k, int8_t *xq,
                      float *scale) {
  for (int64_t r = 0; r < m; ++r) {
    const uint16_t *row = x + r * k;
    float absmax = 0.0f;
    for (int64_t kk = 0; kk < k; ++kk) {
      float a = std::fabs(halfToFloat(row[kk]));
      if (a > absmax) // NaN never compares greater: ignored.
        absmax = a;
    }
    float s = absmax / 127.0f;
    scale[r] = s;
    for (int64_t kk = 0; kk < k; ++kk)
      xq[r * k + kk] = s == 0.0f ? int8_t(0)
                                 : static_cast<int8_t>(quantizeValue(
                                       halfToFloat(row[kk]) / s, -128, 127));
  }
}

void matmulInt8(const int8_t *xq, const int8_t *wq, int64_t m, int64_t n,
                int64_t k, int32_t *acc) {
  // k <= kW8A8MaxK, so the int32 sum cannot overflow (and is exact in any
  // order). Rows of X are tiled by 16 for cache reuse of W.
  constexpr int64_t kRowTile = 16;
  for (int64_t r0 = 0; r0 < m; r0 += kRowTile) {
    int64_t rEnd = std::min(m, r0 + kRowTile);
    for (int64_t c = 0; c < n; ++c) {
      const int8_t *wRow = wq + c * k;
      for (int64_t r = r0; r < rEnd; ++r) {
        const int8_t *xRow = xq + r * k;
        int32_t sum = 0;
        for (int64_t kk = 0; kk < k; ++kk)
          sum +=
              static_cast<int32_t>(xRow[kk]) * static_cast<int32_t>(wRow[kk]);
        acc[r * n + c] = sum;
      }
    }
  }
}

void epilogueW8A8(const int32_t *acc, const float *xScale, const float *wScale,
                  int64_t m, int64_t n, uint16_t *y) {
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < n; ++c) {
      // Exactly ((float)acc * sx) * sw, left to right.
      float v = static_cast<float>(acc[r * n + c]);
      v = v * xScale[r];
      v = v * wScale[c];
      y[r * n + c] = floatToHalf(v);
    }
}

} // namespace

std::string quantizePerToken(const uint16_t *x, int64_t m, int64_t k,
                             int8_t *xq, float *scale) {
  for (auto [name, v] : {std::pair<const char *, int64_t>{"m", m}, {"k", k}})
    if (std::string err = checkNonNegative(name, v); !err.empty())
      return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{x, "x", m * k},
        {xq, "xq", m * k},
        {scale, "scale", m}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  quantizeRowsInt8(x, m, k, xq, scale);
  return "";
}

std::string matmulInt8Int32(const int8_t *xq, const int8_t *wq, int64_t m,
                            int64_t n, int64_t k, int32_t *acc) {
  if (std::string err = checkW8A8Shape(m, n, k); !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{xq, "xq", m * k},
        {wq, "wq", n * k},
        {acc, "acc", m * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  matmulInt8(xq, wq, m, n, k, acc);
  return "";
}

std::string matmulW8A8Quantized(const int8_t *xq, const float *xScale,
                                const int8_t *wq, const float *wScale,
                                int64_t m, int64_t n, int64_t k, uint16_t *y) {
  if (std::string err = checkW8A8Shape(m, n, k); !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{xq, "xq", m * k},
        {xScale, "x scale", m},
        {wq, "wq", n * k},
        {wScale, "w scale", n},
        {y, "y", m * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  std::vector<int32_t> acc(static_cast<size_t>(m * n));
  matmulInt8(xq, wq, m, n, k, acc.data());
  epilogueW8A8(acc.data(), xScale, wScale, m, n, y);
  return "";
}

std::string matmulW8A8(const uint16_t *x, const int8_t *wq, const float *wScale,
                       int64_t m, int64_t n, int64_t k, uint16_t *y) {
  if (std::string err = checkW8A8Shape(m, n, k); !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{x, "x", m * k},
        {wq, "wq", n * k},
        {wScale, "w scale", n},
        {y, "y", m * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  std::vector<int8_t> xq(static_cast<size_t>(m * k));
  std::vector<float> xScale(static_cast<size_t>(m));
  quantizeRowsInt8(x, m, k, xq.data(), xScale.data());
  std::vector<int32_t> acc(static_cast<size_t>(m * n));
  matmulInt8(xq.data(), wq, m, n, k, acc.data());
  epilogueW8A8(acc.data(), xScale.data(), wScale, m, n, y);
  return "";
}

std::string quantizeWeightsInt8PerChannel(const float *w, int64_t n, int64_t k,
                                          int8_t *wq, float *scale) {
  for (auto [name, v] : {std::pair<const char *, int64_t>{"n", n}, {"k", k}})
    if (std::string err = checkNonNegative(name, v); !err.empty())
      return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{w, "w", n * k},
        {wq, "wq", n * k},
        {scale, "scale", n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  if (std::string err = checkFiniteWeights(w, n, k); !err.empty())
    return err;

  for (int64_t r = 0; r < n; ++r) {
    const float *row = w + r * k;
    float absmax = 0.0f;
    for (int64_t kk = 0; kk < k; ++kk)
      if (std::fabs(row[kk]) > absmax)
        absmax = std::fabs(row[kk]);
    float s = absmax / 127.0f;
    scale[r] = s;
    for (int64_t kk = 0; kk < k; ++kk)
      wq[r * k + kk] =
          s == 0.0f
              ? int8_t(0)
              : static_cast<int8_t>(quantizeValue(row[kk] / s, -128, 127));
  }
  return "";
}

//===----------------------------------------------------------------------===//
// W4A16
//===----------------------------------------------------------------------===//

int8_t unpackInt4(int32_t word, int index) {
  uint32_t nibble = (static_cast<uint32_t>(word) >>
                     (4u * (static_cast<unsigned>(index) & 7u))) &
                    0xFu;
  // Sign-extend: nibbles 8..15 are -8..-1.
  return static_cast<int8_t>(static_cast<int32_t>(nibble) -
                             (nibble >= 8u ? 16 : 0));
}

int32_t packInt4(const int8_t values[8]) {
  uint32_t word = 0;
  for (unsigned i = 0; i < 8; ++i)
    word |= (static_cast<uint32_t>(static_cast<uint8_t>(values[i])) & 0xFu)
            << (4u * i);
  // Two's complement reinterpretation without implementation-defined casts.
  return word < 0x80000000u ? static_cast<int32_t>(word)
                            : -static_cast<int32_t>(~word) - 1;
}

namespace {

/// The seed-layout position (k within the 32-K block, as 8 * row + nibble)
/// of nibble `i` of fragment-ordered word `q` of a block.
int64_t seedPositionOfFragmentNibble(int64_t q, int64_t i) {
  int64_t j = i % 4, odd = i / 4;
  return 8 * j + 2 * q + odd;
}

/// Moves every nibble of a [K / 8, N] word array between the two layouts.
std::string moveInt4Nibbles(const int32_t *in, int64_t n, int64_t k,
                            int32_t *out, bool toFragment) {
  if (n <= 0 || k <= 0 || k % 32 != 0)
    return "expected n > 0 and k a positive multiple of 32, got n = " +
           std::to_string(n) + ", k = " + std::to_string(k);
  if (in == out)
    return "expected separate input and output arrays";
  for (int64_t b = 0; b < k / 32; ++b)
    for (int64_t c = 0; c < n; ++c) {
      uint32_t words[4] = {}, moved[4] = {};
      for (int64_t r = 0; r < 4; ++r)
        words[r] = static_cast<uint32_t>(in[(4 * b + r) * n + c]);
      for (int64_t q = 0; q < 4; ++q)
        for (int64_t i = 0; i < 8; ++i) {
          int64_t seed = seedPositionOfFragmentNibble(q, i);
          int64_t fromWord = toFragment ? seed / 8 : q;
          int64_t fromNibble = toFragment ? seed % 8 : i;
          int64_t toWord = toFragment ? q : seed / 8;
          int64_t toNibble = toFragment ? i : seed % 8;
          uint32_t nibble = (words[fromWord] >> (4 * fromNibble)) & 0xFu;
          moved[toWord] |= nibble << (4 * toNibble);
        }
      for (int64_t r = 0; r < 4; ++r)
        out[(4 * b + r) * n + c] = moved[r] < 0x80000000u
                                       ? static_cast<int32_t>(moved[r])
                                       : -static_cast<int32_t>(~moved[r]) - 1;
    }
  return "";
}

} // namespace

std::string repackInt4FragmentOrder(const int32_t *seed, int64_t n, int64_t k,
                                    int32_t *out) {
  return moveInt4Nibbles(seed, n, k, out, /*toFragment=*/true);
}

std::string unpackInt4FragmentOrder(const int32_t *fragment, int64_t n,
                                    int64_t k, int32_t *out) {
  return moveInt4Nibbles(fragment, n, k, out, /*toFragment=*/false);
}

namespace {

int64_t numScaleRows(int64_t k, int64_t groupSize) {
  return groupSize == 0 ? 1 : k / groupSize;
}

/// Validates shape and pointers shared by the W4A16 entry points.
std::string checkInt4Weights(const int32_t *wPacked, const uint16_t *scales,
                             int64_t n, int64_t k, int64_t groupSize) {
  if (std::string err = checkW4A16Shape(0, n, k, groupSize); !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{
            wPacked, "packed weights", (k / 8) * n},
        {scales, "scales", numScaleRows(k, groupSize) * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  return "";
}

void dequantInt4(const int32_t *wPacked, const uint16_t *scales, int64_t n,
                 int64_t k, int64_t groupSize, float *w) {
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk) {
      int8_t q =
          unpackInt4(wPacked[(kk / 8) * n + c], static_cast<int>(kk % 8));
      int64_t g = groupSize == 0 ? 0 : kk / groupSize;
      w[c * k + kk] = static_cast<float>(q) * halfToFloat(scales[g * n + c]);
    }
}

} // namespace

std::string dequantizeWeightsInt4(const int32_t *wPacked,
                                  const uint16_t *scales, int64_t n, int64_t k,
                                  int64_t groupSize, float *w) {
  if (std::string err = checkInt4Weights(wPacked, scales, n, k, groupSize);
      !err.empty())
    return err;
  if (std::string err = checkPointer(w, "w", n * k); !err.empty())
    return err;
  dequantInt4(wPacked, scales, n, k, groupSize, w);
  return "";
}

std::string matmulW4A16(const uint16_t *x, const int32_t *wPacked,
                        const uint16_t *scales, int64_t m, int64_t n, int64_t k,
                        int64_t groupSize, uint16_t *y) {
  if (std::string err = checkW4A16Shape(m, n, k, groupSize); !err.empty())
    return err;
  if (std::string err = checkInt4Weights(wPacked, scales, n, k, groupSize);
      !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{x, "x", m * k},
        {y, "y", m * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  std::vector<float> w(static_cast<size_t>(n * k));
  dequantInt4(wPacked, scales, n, k, groupSize, w.data());
  matmulHalfByFloat(x, w.data(), m, n, k, y);
  return "";
}

std::string quantizeWeightsInt4(const float *w, int64_t n, int64_t k,
                                int64_t groupSize, int32_t *packed,
                                uint16_t *scales) {
  if (std::string err = checkW4A16Shape(0, n, k, groupSize); !err.empty())
    return err;
  int64_t groups = numScaleRows(k, groupSize);
  int64_t groupLen = groupSize == 0 ? k : groupSize;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{w, "w", n * k},
        {packed, "packed", (k / 8) * n},
        {scales, "scales", groups * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  if (std::string err = checkFiniteWeights(w, n, k); !err.empty())
    return err;

  // First pass: fp16 scales (and the overflow check) before writing anything.
  std::vector<uint16_t> s16(static_cast<size_t>(groups * n));
  for (int64_t c = 0; c < n; ++c)
    for (int64_t g = 0; g < groups; ++g) {
      float absmax = 0.0f;
      for (int64_t kk = g * groupLen; kk < (g + 1) * groupLen; ++kk)
        if (std::fabs(w[c * k + kk]) > absmax)
          absmax = std::fabs(w[c * k + kk]);
      uint16_t s = floatToHalf(absmax / 7.0f);
      if (s == 0x7C00u)
        return "absmax / 7 = " + formatFloat(absmax / 7.0f) +
               " of row n = " + std::to_string(c) + ", k in [" +
               std::to_string(g * groupLen) + ", " +
               std::to_string((g + 1) * groupLen) +
               ") overflows the fp16 scale (max 65504)";
      s16[g * n + c] = s; // +0 (0x0000) when absmax / 7 rounds to zero.
    }

  std::vector<int8_t> q(static_cast<size_t>(n * k));
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk) {
      int64_t g = groupSize == 0 ? 0 : kk / groupSize;
      float s = halfToFloat(s16[g * n + c]);
      q[c * k + kk] =
          s == 0.0f
              ? int8_t(0)
              : static_cast<int8_t>(quantizeValue(w[c * k + kk] / s, -8, 7));
    }
  for (int64_t kb = 0; kb < k / 8; ++kb)
    for (int64_t c = 0; c < n; ++c)
      packed[kb * n + c] = packInt4(&q[c * k + kb * 8]);
  for (int64_t i = 0; i < groups * n; ++i)
    scales[i] = s16[i];
  return "";
}

//===----------------------------------------------------------------------===//
// W4A16 with zero points
//===----------------------------------------------------------------------===//

uint8_t unpackUint4(int32_t word, int index) {
  return static_cast<uint8_t>((static_cast<uint32_t>(word) >>
                               (4u * (static_cast<unsigned>(index) & 7u))) &
                              0xFu);
}

int32_t packUint4(const uint8_t values[8]) {
  int8_t nibbles[8];
  for (unsigned i = 0; i < 8; ++i)
    // The low 4 bits as a signed nibble: packInt4 keeps exactly those bits.
    nibbles[i] = static_cast<int8_t>(static_cast<int>(values[i] & 0xFu) -
                                     ((values[i] & 0x8u) ? 16 : 0));
  return packInt4(nibbles);
}

namespace {

/// Validates shape and pointers shared by the zero-point entry points.
std::string checkInt4ZeroPointWeights(const int32_t *wPacked,
                                      const uint16_t *scales,
                                      const int32_t *zeros, int64_t n,
                                      int64_t k, int64_t groupSize) {
  if (std::string err = checkW4A16ZeroPointsShape(0, n, k, groupSize);
      !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{
            wPacked, "packed weights", (k / 8) * n},
        {scales, "scales", (k / groupSize) * n},
        {zeros, "zero points", (k / groupSize) * (n / 8)}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  return "";
}

void dequantInt4ZeroPoints(const int32_t *wPacked, const uint16_t *scales,
                           const int32_t *zeros, int64_t n, int64_t k,
                           int64_t groupSize, float *w) {
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk) {
      int64_t g = kk / groupSize;
      int q = unpackUint4(wPacked[(kk / 8) * n + c], static_cast<int>(kk % 8));
      int z = unpackUint4(zeros[g * (n / 8) + c / 8], static_cast<int>(c % 8));
      // q - z is in -15..15: the fp32 product is exact.
      w[c * k + kk] =
          static_cast<float>(q - z) * halfToFloat(scales[g * n + c]);
    }
}

} // namespace

std::string dequantizeWeightsInt4ZeroPoints(const int32_t *wPacked,
                                            const uint16_t *scales,
                                            const int32_t *zeros, int64_t n,
                                            int64_t k, int64_t groupSize,
                                            float *w) {
  if (std::string err = checkInt4ZeroPointWeights(wPacked, scales, zeros, n, k,
                                                  groupSize);
      !err.empty())
    return err;
  if (std::string err = checkPointer(w, "w", n * k); !err.empty())
    return err;
  dequantInt4ZeroPoints(wPacked, scales, zeros, n, k, groupSize, w);
  return "";
}

std::string matmulW4A16ZeroPoints(const uint16_t *x, const int32_t *wPacked,
                                  const uint16_t *scales, const int32_t *zeros,
                                  int64_t m, int64_t n, int64_t k,
                                  int64_t groupSize, uint16_t *y) {
  if (std::string err = checkW4A16ZeroPointsShape(m, n, k, groupSize);
      !err.empty())
    return err;
  if (std::string err = checkInt4ZeroPointWeights(wPacked, scales, zeros, n, k,
                                                  groupSize);
      !err.empty())
    return err;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{x, "x", m * k},
        {y, "y", m * n}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  std::vector<float> w(static_cast<size_t>(n * k));
  dequantInt4ZeroPoints(wPacked, scales, zeros, n, k, groupSize, w.data());
  matmulHalfByFloat(x, w.data(), m, n, k, y);
  return "";
}

std::string quantizeWeightsInt4ZeroPoints(const float *w, int64_t n, int64_t k,
                                          int64_t groupSize, int32_t *packed,
                                          uint16_t *scales, int32_t *zeros) {
  if (std::string err = checkW4A16ZeroPointsShape(0, n, k, groupSize);
      !err.empty())
    return err;
  int64_t groups = k / groupSize;
  for (auto [p, name, count] :
       {std::tuple<const void *, const char *, int64_t>{w, "w", n * k},
        {packed, "packed", (k / 8) * n},
        {scales, "scales", groups * n},
        {zeros, "zero points", groups * (n / 8)}})
    if (std::string err = checkPointer(p, name, count); !err.empty())
      return err;
  if (std::string err = checkFiniteWeights(w, n, k); !err.empty())
    return err;

  // First pass: fp16 scales (and the overflow check) and zero points before
  // writing anything.
  std::vector<uint16_t> s16(static_cast<size_t>(groups * n));
  std::vector<uint8_t> z(static_cast<size_t>(groups * n));
  for (int64_t c = 0; c < n; ++c)
    for (int64_t g = 0; g < groups; ++g) {
      // The range always includes 0.
      float lo = 0.0f, hi = 0.0f;
      for (int64_t kk = g * groupSize; kk < (g + 1) * groupSize; ++kk) {
        lo = std::min(lo, w[c * k + kk]);
        hi = std::max(hi, w[c * k + kk]);
      }
      float step = (hi - lo) / 15.0f; // inf if hi - lo overflows fp32.
      uint16_t s = floatToHalf(step);
      if (s == 0x7C00u)
        return "(hi - lo) / 15 = " + formatFloat(step) + " of row n = " +
               std::to_string(c) + ", k in [" + std::to_string(g * groupSize) +
               ", " + std::to_string((g + 1) * groupSize) +
               ") overflows the fp16 scale (max 65504)";
      s16[g * n + c] = s; // +0 (0x0000) when the step rounds to zero.
      float sf = halfToFloat(s);
      z[g * n + c] = sf == 0.0f ? uint8_t(0)
                                : static_cast<uint8_t>(
                                      quantizeValue(-lo / sf, 0, 15));
    }

  std::vector<uint8_t> q(static_cast<size_t>(n * k));
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk) {
      int64_t g = kk / groupSize;
      float sf = halfToFloat(s16[g * n + c]);
      if (sf == 0.0f) {
        q[c * k + kk] = 0;
        continue;
      }
      // clamp(round(w / s) + z, 0, 15); both terms are small integers, the
      // fp32 sum is exact.
      float r = roundHalfToEven(w[c * k + kk] / sf) +
                static_cast<float>(z[g * n + c]);
      q[c * k + kk] = r < 0.0f    ? uint8_t(0)
                      : r > 15.0f ? uint8_t(15)
                                  : static_cast<uint8_t>(r);
    }
  for (int64_t kb = 0; kb < k / 8; ++kb)
    for (int64_t c = 0; c < n; ++c)
      packed[kb * n + c] = packUint4(&q[c * k + kb * 8]);
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t j = 0; j < n / 8; ++j)
      zeros[g * (n / 8) + j] = packUint4(&z[g * n + 8 * j]);
  for (int64_t i = 0; i < groups * n; ++i)
    scales[i] = s16[i];
  return "";
}

} // namespace ref
} // namespace qgemm
