//===- W4A16ZeroPointsTest.cpp - W4A16 with zero points reference tests ---===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Unsigned int4 (un)packing, the asymmetric int4 weight packer and the W4A16
// reference with zero points (GPTQ / AWQ style), with packed words and
// outputs worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace qgemm::ref;

namespace {

/// The int32 whose two's complement bit pattern is `u` (e.g. 0x89ABCDEF).
int32_t word(uint32_t u) {
  return u < 0x80000000u ? static_cast<int32_t>(u)
                         : -static_cast<int32_t>(~u) - 1;
}

std::vector<float> toFloats(const std::vector<uint16_t> &h) {
  std::vector<float> out;
  for (uint16_t v : h)
    out.push_back(halfToFloat(v));
  return out;
}

std::vector<int> unpackAllUnsigned(int32_t w) {
  std::vector<int> out;
  for (int i = 0; i < 8; ++i)
    out.push_back(unpackUint4(w, i));
  return out;
}

//===----------------------------------------------------------------------===//
// Unsigned int4 packing
//===----------------------------------------------------------------------===//

TEST(Uint4Test, UnpackDoesNotSignExtend) {
  EXPECT_EQ(unpackUint4(0xF, 0), 15);
  EXPECT_EQ(unpackUint4(0x8, 0), 8);
  EXPECT_EQ(unpackUint4(0x7, 0), 7);
  EXPECT_EQ(unpackUint4(0x0, 0), 0);
  EXPECT_EQ(unpackUint4(0xF0, 1), 15);
  EXPECT_EQ(unpackUint4(0xF0, 0), 0);
  // 0x89ABCDEF, low nibble first: F, E, D, C, B, A, 9, 8.
  EXPECT_EQ(unpackAllUnsigned(word(0x89ABCDEFu)),
            (std::vector<int>{15, 14, 13, 12, 11, 10, 9, 8}));
  EXPECT_EQ(unpackAllUnsigned(0x01234567),
            (std::vector<int>{7, 6, 5, 4, 3, 2, 1, 0}));
  // The top nibble of a negative word: 0x80000000 -> index 7 is 8 (not -8).
  EXPECT_EQ(unpackUint4(word(0x80000000u), 7), 8);
  // The index is taken modulo 8, as for unpackInt4.
  EXPECT_EQ(unpackUint4(0x01234567, 9), 6);
  // The same word read signed and unsigned: equal for nibbles 0..7, 16 apart
  // for 8..15 (-8 is 8, -1 is 15).
  for (int i = 0; i < 8; ++i) {
    int32_t w = word(0x89ABCDEFu);
    EXPECT_EQ(unpackUint4(w, i) - unpackInt4(w, i), 16) << "index " << i;
    EXPECT_EQ(unpackUint4(0x01234567, i), unpackInt4(0x01234567, i));
  }
}

TEST(Uint4Test, PackLowNibbleFirst) {
  const uint8_t a[8] = {15, 14, 13, 12, 11, 10, 9, 8};
  EXPECT_EQ(packUint4(a), word(0x89ABCDEFu));
  const uint8_t b[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  EXPECT_EQ(packUint4(b), 0x01234567);
  // 0 / 15 alternating: nibbles 0, F, 0, F, ... -> 0xF0F0F0F0.
  const uint8_t c[8] = {0, 15, 0, 15, 0, 15, 0, 15};
  EXPECT_EQ(packUint4(c), word(0xF0F0F0F0u));
  // Values above 15 keep their low 4 bits: 16 -> 0, 17 -> 1, 255 -> 15.
  const uint8_t d[8] = {16, 17, 255, 0, 0, 0, 0, 0};
  EXPECT_EQ(packUint4(d), 0x00000F10);
  // Every value in every position survives a round trip.
  for (int pos = 0; pos < 8; ++pos)
    for (int v = 0; v <= 15; ++v) {
      uint8_t vals[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      vals[pos] = static_cast<uint8_t>(v);
      int32_t w = packUint4(vals);
      EXPECT_EQ(static_cast<uint32_t>(w), static_cast<uint32_t>(v) << (4 * pos));
      for (int other = 0; other < 8; ++other)
        EXPECT_EQ(unpackUint4(w, other), other == pos ? v : 0);
    }
}

//===----------------------------------------------------------------------===//
// Dequantization and the W4A16 matmul with zero points
//===----------------------------------------------------------------------===//

TEST(W4A16ZeroPointsTest, HandPackedTwoGroups) {
  // K = 64, G = 32 (two groups), N = 8, M = 2. wPacked [8, 8], scales [2, 8],
  // zeros [2, 1].
  //   n = 0: group 0: q = 9 everywhere (0x99999999), z = 8, s = 0.5
  //                   -> w = (9 - 8) * 0.5 = 0.5 (9 read signed is -7);
  //          group 1: q = 0, z = 15, s = 0.125 -> w = -15 * 0.125 = -1.875.
  //   n = 1: group 0: q = 15 (0xFFFFFFFF), z = 0, s = 0.25 -> w = 3.75;
  //          group 1: q = 0..7 by k % 8 (0x76543210), z = 3, s = 1
  //                   -> w = -3, -2, -1, 0, 1, 2, 3, 4.
  //   n = 2..7: q = 0x12345678 nibbles, z = 5, s = 0 -> w = 0.
  std::vector<int32_t> packed(64);
  for (int kb = 0; kb < 8; ++kb)
    for (int n = 0; n < 8; ++n)
      packed[kb * 8 + n] = n == 0   ? (kb < 4 ? word(0x99999999u) : 0)
                           : n == 1 ? (kb < 4 ? word(0xFFFFFFFFu) : 0x76543210)
                                    : 0x12345678;
  // Zero points of columns 0..7, low nibble first:
  //   group 0: 8, 0, 5, 5, 5, 5, 5, 5 -> 0x55555508
  //   group 1: 15, 3, 5, 5, 5, 5, 5, 5 -> 0x5555553F
  std::vector<int32_t> zeros = {0x55555508, 0x5555553F};
  // 0.5 = 0x3800, 0.25 = 0x3400, 0.125 = 0x3000, 1 = 0x3C00.
  std::vector<uint16_t> scales(16, 0);
  scales[0] = 0x3800;
  scales[1] = 0x3400;
  scales[8 + 0] = 0x3000;
  scales[8 + 1] = 0x3C00;
  // Row 0: all ones. Row 1: ones in group 0, 0.5 for k = 32..39, then zeros.
  std::vector<uint16_t> x(128, 0x3C00);
  for (int kk = 64 + 32; kk < 128; ++kk)
    x[kk] = kk < 64 + 40 ? 0x3800 : 0;
  std::vector<uint16_t> y(16, 0x7E00);
  ASSERT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  zeros.data(), 2, 8, 64, 32, y.data()),
            "");
  // y[0, 0] = 32 * 0.5 + 32 * (-1.875) = 16 - 60 = -44
  // y[0, 1] = 32 * 3.75 + 4 * (-3 - 2 - 1 + 0 + 1 + 2 + 3 + 4) = 120 + 16
  // y[1, 0] = 16 + 8 * 0.5 * (-1.875) = 16 - 7.5 = 8.5
  // y[1, 1] = 120 + 0.5 * 4 = 122
  // Columns 2..7 have scale 0.
  EXPECT_EQ(toFloats(y), (std::vector<float>{-44, 136, 0, 0, 0, 0, 0, 0, //
                                             8.5, 122, 0, 0, 0, 0, 0, 0}));

  std::vector<float> w(8 * 64, 42.0f);
  ASSERT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                            zeros.data(), 8, 64, 32, w.data()),
            "");
  EXPECT_EQ(w[0], 0.5f);           // n = 0, k = 0
  EXPECT_EQ(w[63], -1.875f);       // n = 0, k = 63
  EXPECT_EQ(w[64 + 31], 3.75f);    // n = 1, k = 31
  EXPECT_EQ(w[64 + 32], -3.0f);    // n = 1, k = 32: q = 0, z = 3
  EXPECT_EQ(w[64 + 47], 4.0f);     // n = 1, k = 47: q = 7, z = 3
  EXPECT_EQ(w[5 * 64 + 10], 0.0f); // n = 5: scale 0
}

TEST(W4A16ZeroPointsTest, ExtremeNibbles) {
  // K = 32, G = 32, N = 8, scales 1, x = ones. Each column is one word
  // repeated over the four k-blocks:
  //   n = 0: 0x87878787 (q = 7, 8, ...),   z = 0  -> 16 * (7 + 8)     = 240
  //   n = 1: 0x87878787,                    z = 15 -> 16 * (-8 - 7)    = -240
  //   n = 2: 0xF0F0F0F0 (q = 0, 15, ...),  z = 0  -> 16 * 15          = 240
  //   n = 3: 0xF0F0F0F0,                    z = 15 -> 16 * (-15 + 0)   = -240
  //   n = 4: 0xF0F0F0F0,                    z = 8  -> 16 * (-8 + 7)    = -16
  //   n = 5: 0xFFFFFFFF (q = 15),           z = 0  -> 32 * 15          = 480
  //   n = 6: 0x00000000 (q = 0),            z = 15 -> 32 * (-15)       = -480
  //   n = 7: 0x00000000,                    z = 0  -> 0
  // Zero points 0, F, 0, F, 8, 0, F, 0 (low nibble first) -> 0x0F08F0F0.
  const int32_t cols[8] = {word(0x87878787u), word(0x87878787u),
                           word(0xF0F0F0F0u), word(0xF0F0F0F0u),
                           word(0xF0F0F0F0u), word(0xFFFFFFFFu),
                           0,                 0};
  std::vector<int32_t> packed(32);
  for (int kb = 0; kb < 4; ++kb)
    for (int n = 0; n < 8; ++n)
      packed[kb * 8 + n] = cols[n];
  std::vector<int32_t> zeros = {0x0F08F0F0};
  std::vector<uint16_t> scales(8, 0x3C00);
  std::vector<uint16_t> x(32, 0x3C00);
  std::vector<uint16_t> y(8, 0x7E00);
  ASSERT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  zeros.data(), 1, 8, 32, 32, y.data()),
            "");
  EXPECT_EQ(toFloats(y),
            (std::vector<float>{240, -240, 240, -240, -16, 480, -480, 0}));

  // The same words read as signed int4 (-8..7) by matmulW4A16:
  //   0x87878787: 7, -8 -> 16 * (-1) = -16; 0xF0F0F0F0: 0, -1 -> -16;
  //   0xFFFFFFFF: -1 -> -32; 0 -> 0.
  ASSERT_EQ(matmulW4A16(x.data(), packed.data(), scales.data(), 1, 8, 32, 32,
                        y.data()),
            "");
  EXPECT_EQ(toFloats(y),
            (std::vector<float>{-16, -16, -16, -16, -16, -32, 0, 0}));
}

TEST(W4A16ZeroPointsTest, NibbleOrderAlongKAndN) {
  // N = 16 (two zero-point words per group), K = 64, G = 32. Every weight
  // nibble and every zero point differs from its neighbours, and the words
  // are assembled here with shifts (not with packUint4):
  //   q(k, n) = (7k + n) % 16 in bits [4 (k % 8), ...) of word (k / 8, n)
  //   z(g, n) = (5n + 3g) % 16 in bits [4 (n % 8), ...) of word (g, n / 8)
  //   s(g, n) = 2^-g (fp16 1 = 0x3C00, 0.5 = 0x3800)
  const int64_t n = 16, k = 64, g = 32;
  auto q = [](int64_t kk, int64_t c) { return (7 * kk + c) % 16; };
  auto z = [](int64_t gg, int64_t c) { return (5 * c + 3 * gg) % 16; };
  std::vector<int32_t> packed(k / 8 * n);
  for (int64_t kb = 0; kb < k / 8; ++kb)
    for (int64_t c = 0; c < n; ++c) {
      uint32_t u = 0;
      for (int j = 0; j < 8; ++j)
        u |= static_cast<uint32_t>(q(8 * kb + j, c)) << (4 * j);
      packed[kb * n + c] = word(u);
    }
  std::vector<int32_t> zeros(k / g * (n / 8));
  for (int64_t gg = 0; gg < k / g; ++gg)
    for (int64_t j = 0; j < n / 8; ++j) {
      uint32_t u = 0;
      for (int i = 0; i < 8; ++i)
        u |= static_cast<uint32_t>(z(gg, 8 * j + i)) << (4 * i);
      zeros[gg * (n / 8) + j] = word(u);
    }
  std::vector<uint16_t> scales(k / g * n);
  for (int64_t i = 0; i < k / g * n; ++i)
    scales[i] = i < n ? 0x3C00 : 0x3800;
  std::vector<float> w(n * k);
  ASSERT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                            zeros.data(), n, k, g, w.data()),
            "");
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk)
      EXPECT_EQ(w[c * k + kk],
                static_cast<float>(q(kk, c) - z(kk / g, c)) *
                    (kk < g ? 1.0f : 0.5f))
          << "n = " << c << ", k = " << kk;
  // Two spot checks by hand: n = 9, k = 3: q = 30 % 16 = 14, z = 45 % 16 = 13
  // -> 1; n = 15, k = 40: q = 295 % 16 = 7, z = 78 % 16 = 14 -> -7 * 0.5.
  EXPECT_EQ(w[9 * k + 3], 1.0f);
  EXPECT_EQ(w[15 * k + 40], -3.5f);
}

TEST(W4A16ZeroPointsTest, ZeroPointEightMatchesSignedInt4) {
  // A signed nibble v (-8..7) stored as the unsigned nibble v + 8 (its bits
  // xor 8) with zero point 8 is the same weight: both references must give
  // bit-identical outputs and dequantized weights.
  const int64_t m = 5, n = 16, k = 128, g = 64;
  std::mt19937 rng(77);
  std::uniform_int_distribution<uint32_t> bits;
  std::vector<int32_t> signedWords(k / 8 * n), unsignedWords(k / 8 * n);
  for (size_t i = 0; i < signedWords.size(); ++i) {
    uint32_t u = bits(rng);
    signedWords[i] = word(u);
    unsignedWords[i] = word(u ^ 0x88888888u);
  }
  std::vector<int32_t> zeros(k / g * (n / 8), word(0x88888888u));
  std::uniform_real_distribution<float> scaleDist(0.001f, 0.1f);
  std::normal_distribution<float> xDist(0.0f, 1.0f);
  std::vector<uint16_t> scales(k / g * n), x(m * k);
  for (uint16_t &s : scales)
    s = floatToHalf(scaleDist(rng));
  for (uint16_t &v : x)
    v = floatToHalf(xDist(rng));

  std::vector<float> wSigned(n * k), wUnsigned(n * k);
  ASSERT_EQ(dequantizeWeightsInt4(signedWords.data(), scales.data(), n, k, g,
                                  wSigned.data()),
            "");
  ASSERT_EQ(dequantizeWeightsInt4ZeroPoints(unsignedWords.data(),
                                            scales.data(), zeros.data(), n, k,
                                            g, wUnsigned.data()),
            "");
  EXPECT_EQ(wSigned, wUnsigned);

  std::vector<uint16_t> ySigned(m * n), yUnsigned(m * n);
  ASSERT_EQ(matmulW4A16(x.data(), signedWords.data(), scales.data(), m, n, k,
                        g, ySigned.data()),
            "");
  ASSERT_EQ(matmulW4A16ZeroPoints(x.data(), unsignedWords.data(),
                                  scales.data(), zeros.data(), m, n, k, g,
                                  yUnsigned.data()),
            "");
  EXPECT_EQ(ySigned, yUnsigned);
}

TEST(W4A16ZeroPointsTest, RejectsBadArgumentsWithoutWriting) {
  std::vector<uint16_t> x(256, 0x3C00), scales(32, 0x3C00);
  std::vector<int32_t> packed(64, 0), zeros(8, 0);
  std::vector<uint16_t> y(16, 0x7E00);
  std::vector<float> w(256, 42.0f);
  EXPECT_EQ(checkW4A16ZeroPointsShape(2, 8, 64, 32), "");
  EXPECT_EQ(checkW4A16ZeroPointsShape(-1, 8, 64, 32),
            "m = -1 must be non-negative");
  // Per-channel scales (group size 0) have no zero points.
  EXPECT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  zeros.data(), 1, 8, 32, 0, y.data()),
            "group size = 0 must be 32, 64 or 128 (zero points come with "
            "per-group scales)");
  EXPECT_EQ(checkW4A16ZeroPointsShape(1, 8, 64, 16),
            "group size = 16 must be 32, 64 or 128 (zero points come with "
            "per-group scales)");
  EXPECT_EQ(checkW4A16ZeroPointsShape(1, 8, 36, 32),
            "k = 36 must be a multiple of 8 (int4 weights are packed 8 per "
            "int32 along k)");
  // K not a multiple of G.
  EXPECT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  zeros.data(), 1, 8, 96, 64, y.data()),
            "group size = 64 must divide k = 96");
  EXPECT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  zeros.data(), 1, 12, 32, 32, y.data()),
            "n = 12 must be a multiple of 8 (zero points are packed 8 per "
            "int32 along n)");
  EXPECT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  nullptr, 1, 16, 64, 32, y.data()),
            "zero points is null but must hold 4 elements");
  EXPECT_EQ(matmulW4A16ZeroPoints(nullptr, packed.data(), scales.data(),
                                  zeros.data(), 1, 8, 32, 32, y.data()),
            "x is null but must hold 32 elements");
  EXPECT_EQ(y, std::vector<uint16_t>(16, 0x7E00));
  EXPECT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                            zeros.data(), 8, 32, 128,
                                            w.data()),
            "group size = 128 must divide k = 32");
  EXPECT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                            zeros.data(), 8, 32, 32, nullptr),
            "w is null but must hold 256 elements");
  EXPECT_EQ(w, std::vector<float>(256, 42.0f));
  // An empty weight (n = 0) is valid: nothing to read or write.
  EXPECT_EQ(dequantizeWeightsInt4ZeroPoints(nullptr, nullptr, nullptr, 0, 32,
                                            32, nullptr),
            "");
}

//===----------------------------------------------------------------------===//
// The asymmetric packer
//===----------------------------------------------------------------------===//

TEST(QuantizeWeightsInt4ZeroPointsTest, HandPacked) {
  // N = 8, K = 32, G = 32: one group per column. k = 0..7 as listed, the rest
  // 0 (which never widens the range: it always includes 0).
  //   n = 0: lo -1.75, hi 2: s = 3.75 / 15 = 0.25, z = round(7) = 7;
  //          q = round(w / 0.25) + 7: -7+7 = 0, 8+7 = 15, 7, round(0.5) = 0
  //          -> 7, round(1.5) = 2 -> 9, round(-2.5) = -2 -> 5, round(4.4) = 4
  //          -> 11, -4 -> 3; nibbles 0 F 7 7 9 5 B 3 -> 0x3B5977F0, then
  //          0x77777777 (w = 0 -> q = z).
  //   n = 1: all >= 0, so lo = 0, hi 3.75: s = 0.25, z = 0; q = 2, 15, 4,
  //          round(0.5) = 0, round(1.5) = 2, round(10.5) = 10, 0, 12;
  //          nibbles 2 F 4 0 2 A 0 C -> 0xC0A204F2, then 0.
  //   n = 2: all <= 0, lo -7.5, hi 0: s = 0.5, z = 15; q = -15+15 = 0,
  //          round(-0.5) = 0 -> 15, round(-1.5) = -2 -> 13, -6 -> 9, 15,
  //          round(-14.5) = -14 -> 1, round(-0.25) = 0 -> 15, -11 -> 4;
  //          nibbles 0 F D 9 F 1 F 4 -> 0x4F1F9DF0, then 0xFFFFFFFF.
  //   n = 3: all zero (one -0): s = 0, z = 0, q = 0.
  //   n = 4: all 1.5: lo 0, hi 1.5, 1.5 / 15 = 0.1 -> fp16 0x2E66
  //          (1638 / 16384 = 0.0999755859375); z = 0; 1.5 / s = 15.0037
  //          -> q = 15 everywhere.
  //   n = 5: lo -0.625, hi 3.125: s = 0.25, z = round(2.5) = 2 (tie to
  //          even); q = round(-2.5) = -2 -> 0, round(12.5) = 12 -> 14,
  //          round(1.2) = 1 -> 3, 4 -> 6, -2 -> 0, 2, 2, 2;
  //          nibbles 0 E 3 6 0 2 2 2 -> 0x222063E0, then 0x22222222.
  //   n = 6: all -3: lo -3, hi 0, 3 / 15 = 0.2 -> fp16 0x3266
  //          (0.199951171875); z = round(15.0037) = 15,
  //          q = round(-15.0037) + 15 = 0 everywhere.
  //   n = 7: range 3 * 2^-30, and 2^-30 / 5 is below half the smallest fp16
  //          subnormal (2^-25): s = 0, z = 0, q = 0.
  const int64_t n = 8, k = 32;
  std::vector<float> w(n * k, 0.0f);
  const float firsts[8][8] = {
      {-1.75f, 2, 0, 0.125f, 0.375f, -0.625f, 1.1f, -1},
      {0.5f, 3.75f, 1, 0.125f, 0.375f, 2.625f, 0, 3},
      {-7.5f, -0.25f, -0.75f, -3, 0, -7.25f, -0.125f, -5.5f},
      {0, -0.0f, 0, 0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0, 0, 0, 0},
      {-0.625f, 3.125f, 0.3f, 1, -0.5f, 0, 0, 0},
      {0, 0, 0, 0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0, 0, 0, 0}};
  for (int c = 0; c < 8; ++c)
    for (int kk = 0; kk < 8; ++kk)
      w[c * k + kk] = firsts[c][kk];
  for (int kk = 0; kk < k; ++kk) {
    w[4 * k + kk] = 1.5f;
    w[6 * k + kk] = -3.0f;
  }
  w[7 * k + 0] = std::ldexp(1.0f, -30);
  w[7 * k + 1] = -std::ldexp(1.0f, -29);

  std::vector<int32_t> packed(k / 8 * n, 12345), zeros(1, 12345);
  std::vector<uint16_t> scales(n, 0xFFFF);
  ASSERT_EQ(quantizeWeightsInt4ZeroPoints(w.data(), n, k, 32, packed.data(),
                                          scales.data(), zeros.data()),
            "");
  EXPECT_EQ(scales, (std::vector<uint16_t>{0x3400, 0x3400, 0x3800, 0x0000,
                                           0x2E66, 0x3400, 0x3266, 0x0000}));
  // z = 7, 0, 15, 0, 0, 2, 15, 0 (low nibble first) -> 0x0F200F07.
  EXPECT_EQ(zeros, (std::vector<int32_t>{0x0F200F07}));
  // packed is [K / 8 = 4, N = 8]: row kb holds k = 8 kb .. 8 kb + 7.
  const int32_t rest[8] = {0x77777777, 0, word(0xFFFFFFFFu), 0,
                           word(0xFFFFFFFFu), 0x22222222, 0, 0};
  const int32_t first[8] = {0x3B5977F0, word(0xC0A204F2u), 0x4F1F9DF0, 0,
                            word(0xFFFFFFFFu), 0x222063E0, 0, 0};
  for (int c = 0; c < 8; ++c) {
    EXPECT_EQ(packed[c], first[c]) << "n = " << c;
    for (int kb = 1; kb < 4; ++kb)
      EXPECT_EQ(packed[kb * 8 + c], rest[c]) << "n = " << c << ", kb = " << kb;
  }

  std::vector<float> back(n * k);
  ASSERT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                            zeros.data(), n, k, 32,
                                            back.data()),
            "");
  EXPECT_EQ(back[0 * k + 0], -1.75f);      // (0 - 7) * 0.25
  EXPECT_EQ(back[0 * k + 6], 1.0f);        // 1.1: (11 - 7) * 0.25
  EXPECT_EQ(back[0 * k + 2], 0.0f);        // a zero stays exactly zero
  EXPECT_EQ(back[1 * k + 5], 2.5f);        // 2.625: (10 - 0) * 0.25
  EXPECT_EQ(back[2 * k + 2], -1.0f);       // -0.75: (13 - 15) * 0.5
  EXPECT_EQ(back[3 * k + 1], 0.0f);        // all-zero group
  EXPECT_EQ(back[4 * k + 9], 1.4996337890625f);  // 15 * 0.0999755859375
  EXPECT_EQ(back[5 * k + 1], 3.0f);        // 3.125: (14 - 2) * 0.25
  EXPECT_EQ(back[6 * k + 0], -2.999267578125f);  // -15 * 0.199951171875
  EXPECT_EQ(back[7 * k + 1], 0.0f);        // underflowing scale
  for (float v : back)
    EXPECT_TRUE(std::isfinite(v));
}

TEST(QuantizeWeightsInt4ZeroPointsTest, ScaleIsRoundedToHalfFirst) {
  // Range 1: 1 / 15 = 0.0666... in fp16 is (1 + 68/1024) / 16
  // = 0.066650390625 (0x2C44: exponent 11, mantissa 68 = 0x44).
  //   n = 0: {1, 0.8999, 0...}: lo 0, z = 0; 1 / s = 15.0037 -> 15;
  //          0.8999 / s = 13.5018 -> 14, whereas dividing by the unrounded
  //          fp32 1/15 would give 13.4985 -> 13. Nibbles F E 0 ... ->
  //          0x000000EF.
  //   n = 1: the negation: lo -1, hi 0, z = round(15.0037) = 15;
  //          -15 + 15 = 0, -14 + 15 = 1, then 15: 0xFFFFFF10.
  const int64_t n = 8, k = 32;
  std::vector<float> w(n * k, 0.0f);
  w[0] = 1.0f;
  w[1] = 0.8999f;
  w[k + 0] = -1.0f;
  w[k + 1] = -0.8999f;
  std::vector<int32_t> packed(k / 8 * n), zeros(1);
  std::vector<uint16_t> scales(n);
  ASSERT_EQ(quantizeWeightsInt4ZeroPoints(w.data(), n, k, 32, packed.data(),
                                          scales.data(), zeros.data()),
            "");
  EXPECT_EQ(scales[0], 0x2C44);
  EXPECT_EQ(scales[1], 0x2C44);
  EXPECT_EQ(zeros, (std::vector<int32_t>{0xF0}));
  EXPECT_EQ(packed[0], 0x000000EF);
  EXPECT_EQ(packed[1], word(0xFFFFFF10u));
}

TEST(QuantizeWeightsInt4ZeroPointsTest, SubnormalScaleClamps) {
  // N = 8, K = 32, G = 32; columns 2..7 are zero.
  //   n = 0: lo -2^-21, hi 2^-21: 2^-20 / 15 = 1.07 fp16 subnormal ulps,
  //          rounds to 1 ulp = 2^-24 (0x0001); z = round(8) = 8; 2^-21 -> 8 + 8
  //          = 16 clamps to 15, -2^-21 -> 0, 2^-23 -> 2 + 8 = 10, 0 -> 8;
  //          nibbles F 0 A 8 8 8 8 8 -> 0x88888A0F, then 0x88888888.
  //   n = 1: lo -21 * 2^-24, hi 0: 21 / 15 = 1.4 ulps rounds to 1 ulp;
  //          z = round(21) clamps to 15; -21 + 15 = -6 clamps to 0, 0 -> 15,
  //          -2^-24 -> 14; nibbles 0 F E F F F F F -> 0xFFFFFEF0, then
  //          0xFFFFFFFF.
  const int64_t n = 8, k = 32;
  std::vector<float> w(n * k, 0.0f);
  w[0] = std::ldexp(1.0f, -21);
  w[1] = -std::ldexp(1.0f, -21);
  w[2] = std::ldexp(1.0f, -23);
  w[k + 0] = -21.0f * std::ldexp(1.0f, -24);
  w[k + 2] = -std::ldexp(1.0f, -24);
  std::vector<int32_t> packed(k / 8 * n), zeros(1);
  std::vector<uint16_t> scales(n);
  ASSERT_EQ(quantizeWeightsInt4ZeroPoints(w.data(), n, k, 32, packed.data(),
                                          scales.data(), zeros.data()),
            "");
  EXPECT_EQ(scales, (std::vector<uint16_t>{1, 1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(zeros, (std::vector<int32_t>{0xF8}));
  EXPECT_EQ(packed[0], word(0x88888A0Fu));
  EXPECT_EQ(packed[1], word(0xFFFFFEF0u));
  for (int kb = 1; kb < 4; ++kb) {
    EXPECT_EQ(packed[kb * 8 + 0], word(0x88888888u));
    EXPECT_EQ(packed[kb * 8 + 1], word(0xFFFFFFFFu));
  }
  std::vector<float> back(n * k);
  ASSERT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                            zeros.data(), n, k, 32,
                                            back.data()),
            "");
  EXPECT_EQ(back[0], 7.0f * std::ldexp(1.0f, -24));      // clamped from 8
  EXPECT_EQ(back[1], -8.0f * std::ldexp(1.0f, -24));
  EXPECT_EQ(back[k + 0], -15.0f * std::ldexp(1.0f, -24)); // clamped from -21
  EXPECT_EQ(back[k + 1], 0.0f);
  EXPECT_EQ(back[k + 2], -std::ldexp(1.0f, -24));
}

TEST(QuantizeWeightsInt4ZeroPointsTest, AllZeroWeights) {
  // Every group zero (+0 and -0): scales, zero points and nibbles are all 0,
  // and the matmul gives +0 (no NaN from a 0 / 0).
  const int64_t m = 2, n = 8, k = 64, g = 32;
  std::vector<float> w(n * k, 0.0f);
  for (int64_t i = 0; i < n * k; i += 3)
    w[i] = -0.0f;
  std::vector<int32_t> packed(k / 8 * n, 7), zeros(k / g * (n / 8), 7);
  std::vector<uint16_t> scales(k / g * n, 7);
  ASSERT_EQ(quantizeWeightsInt4ZeroPoints(w.data(), n, k, g, packed.data(),
                                          scales.data(), zeros.data()),
            "");
  EXPECT_EQ(packed, std::vector<int32_t>(k / 8 * n, 0));
  EXPECT_EQ(zeros, std::vector<int32_t>(k / g * (n / 8), 0));
  EXPECT_EQ(scales, std::vector<uint16_t>(k / g * n, 0));
  std::vector<uint16_t> x(m * k, 0x3C00), y(m * n, 0x7E00);
  ASSERT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                  zeros.data(), m, n, k, g, y.data()),
            "");
  EXPECT_EQ(y, std::vector<uint16_t>(m * n, 0x0000));
}

TEST(QuantizeWeightsInt4ZeroPointsTest, RejectsBadArgumentsWithoutWriting) {
  std::vector<float> w(256, 1.0f);
  std::vector<int32_t> packed(32, 42), zeros(4, 42);
  std::vector<uint16_t> scales(32, 42);
  auto quantize = [&](int64_t n, int64_t k, int64_t g) {
    return quantizeWeightsInt4ZeroPoints(w.data(), n, k, g, packed.data(),
                                         scales.data(), zeros.data());
  };
  EXPECT_EQ(quantize(8, 32, 0), "group size = 0 must be 32, 64 or 128 (zero "
                                "points come with per-group scales)");
  EXPECT_EQ(quantize(8, 12, 32), "k = 12 must be a multiple of 8 (int4 "
                                 "weights are packed 8 per int32 along k)");
  EXPECT_EQ(quantize(2, 96, 64), "group size = 64 must divide k = 96");
  EXPECT_EQ(quantize(4, 32, 32), "n = 4 must be a multiple of 8 (zero points "
                                 "are packed 8 per int32 along n)");
  EXPECT_EQ(quantizeWeightsInt4ZeroPoints(w.data(), 8, 32, 32, packed.data(),
                                          scales.data(), nullptr),
            "zero points is null but must hold 1 elements");
  // 1e6 / 15 = 66666.666..., in fp32 66666.6640625 ("%.9g": 66666.6641),
  // beyond the fp16 max 65504.
  w[40] = 1.0e6f;
  EXPECT_EQ(quantize(8, 32, 32), "(hi - lo) / 15 = 66666.6641 of row n = 1, "
                                 "k in [0, 32) overflows the fp16 scale (max "
                                 "65504)");
  // hi - lo overflows fp32 itself.
  w[40] = 3.0e38f;
  w[41] = -3.0e38f;
  EXPECT_EQ(quantize(8, 32, 32), "(hi - lo) / 15 = inf of row n = 1, k in "
                                 "[0, 32) overflows the fp16 scale (max "
                                 "65504)");
  w[40] = w[41] = 1.0f;
  w[33] = std::numeric_limits<float>::infinity();
  EXPECT_EQ(quantize(8, 32, 32), "w[1, 1] = inf is not finite");
  EXPECT_EQ(packed, std::vector<int32_t>(32, 42));
  EXPECT_EQ(zeros, std::vector<int32_t>(4, 42));
  EXPECT_EQ(scales, std::vector<uint16_t>(32, 42));
}

TEST(QuantizeWeightsInt4ZeroPointsTest, RandomRoundTripWithinHalfAStep) {
  // Property: with a normal fp16 scale s, |w - (q - z) * s| < 0.508 * s
  // (half a step plus the fp16 rounding of s), zeros stay exactly zero, the
  // scale is floatToHalf((hi - lo) / 15) with the range widened to include 0,
  // and matmulW4A16ZeroPoints matches an fp64 product with the dequantized
  // weights. Three weight distributions: centred, shifted (most groups all
  // positive), skewed negative.
  const int64_t n = 16, k = 256, m = 3;
  std::mt19937 rng(4321);
  std::normal_distribution<float> centred(0.0f, 0.05f), shifted(0.3f, 0.05f);
  std::uniform_real_distribution<float> skewed(-1.0f, 0.2f);
  for (int64_t g : {32, 64, 128})
    for (int dist = 0; dist < 3; ++dist) {
      SCOPED_TRACE("group size " + std::to_string(g) + ", distribution " +
                   std::to_string(dist));
      std::vector<float> w(n * k);
      for (float &v : w)
        v = dist == 0 ? centred(rng) : dist == 1 ? shifted(rng) : skewed(rng);
      for (int64_t i = 0; i < n * k; i += 37)
        w[i] = 0.0f;
      std::vector<int32_t> packed(k / 8 * n), zeros(k / g * (n / 8));
      std::vector<uint16_t> scales(k / g * n);
      ASSERT_EQ(quantizeWeightsInt4ZeroPoints(w.data(), n, k, g,
                                              packed.data(), scales.data(),
                                              zeros.data()),
                "");
      std::vector<float> deq(n * k);
      ASSERT_EQ(dequantizeWeightsInt4ZeroPoints(packed.data(), scales.data(),
                                                zeros.data(), n, k, g,
                                                deq.data()),
                "");
      for (int64_t c = 0; c < n; ++c)
        for (int64_t gg = 0; gg < k / g; ++gg) {
          float lo = 0.0f, hi = 0.0f;
          for (int64_t kk = gg * g; kk < (gg + 1) * g; ++kk) {
            lo = std::min(lo, w[c * k + kk]);
            hi = std::max(hi, w[c * k + kk]);
          }
          ASSERT_EQ(scales[gg * n + c], floatToHalf((hi - lo) / 15.0f));
          float s = halfToFloat(scales[gg * n + c]);
          ASSERT_GE(s, std::ldexp(1.0f, -14)); // normal
          for (int64_t kk = gg * g; kk < (gg + 1) * g; ++kk) {
            float v = w[c * k + kk], d = deq[c * k + kk];
            EXPECT_LT(std::fabs(v - d), 0.508f * s)
                << "n = " << c << ", k = " << kk;
            if (v == 0.0f) {
              EXPECT_EQ(d, 0.0f) << "n = " << c << ", k = " << kk;
            }
          }
        }

      std::vector<uint16_t> x(m * k);
      for (uint16_t &v : x)
        v = floatToHalf(centred(rng) * 20.0f);
      std::vector<uint16_t> y(m * n);
      ASSERT_EQ(matmulW4A16ZeroPoints(x.data(), packed.data(), scales.data(),
                                      zeros.data(), m, n, k, g, y.data()),
                "");
      for (int64_t r = 0; r < m; ++r)
        for (int64_t c = 0; c < n; ++c) {
          double ref = 0;
          for (int64_t kk = 0; kk < k; ++kk)
            ref += double(halfToFloat(x[r * k + kk])) * double(deq[c * k + kk]);
          // One fp16 rounding: relative error <= 2^-11 (plus subnormal slack).
          EXPECT_NEAR(halfToFloat(y[r * n + c]), ref,
                      std::fabs(ref) * 0.00049 + 1e-7);
        }
    }
}

} // namespace
