//===- W4A16Test.cpp - int4 packing and W4A16 reference tests -------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Signed int4 (un)packing, the int4 weight packer and the W4A16 reference,
// with packed words and outputs worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

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

std::vector<uint16_t> halves(std::initializer_list<float> values) {
  std::vector<uint16_t> out;
  for (float v : values)
    out.push_back(floatToHalf(v));
  return out;
}

std::vector<float> toFloats(const std::vector<uint16_t> &h) {
  std::vector<float> out;
  for (uint16_t v : h)
    out.push_back(halfToFloat(v));
  return out;
}

std::vector<int8_t> unpackAll(int32_t w) {
  std::vector<int8_t> out;
  for (int i = 0; i < 8; ++i)
    out.push_back(unpackInt4(w, i));
  return out;
}

TEST(Int4Test, UnpackSignExtends) {
  // The seed's trap: (w >> 4i) & 0xF is unsigned; nibbles 8..15 are -8..-1.
  EXPECT_EQ(unpackInt4(0xF, 0), -1);
  EXPECT_EQ(unpackInt4(0x8, 0), -8);
  EXPECT_EQ(unpackInt4(0x7, 0), 7);
  EXPECT_EQ(unpackInt4(0x0, 0), 0);
  EXPECT_EQ(unpackInt4(0xF0, 1), -1);
  EXPECT_EQ(unpackInt4(0xF0, 0), 0);
  // 0x89ABCDEF, low nibble first: F, E, D, C, B, A, 9, 8
  //   = -1, -2, -3, -4, -5, -6, -7, -8.
  EXPECT_EQ(unpackAll(word(0x89ABCDEFu)),
            (std::vector<int8_t>{-1, -2, -3, -4, -5, -6, -7, -8}));
  // 0x01234567: 7, 6, 5, 4, 3, 2, 1, 0.
  EXPECT_EQ(unpackAll(0x01234567),
            (std::vector<int8_t>{7, 6, 5, 4, 3, 2, 1, 0}));
  // The top nibble of a negative word: 0x80000000 -> index 7 is -8.
  EXPECT_EQ(unpackInt4(word(0x80000000u), 7), -8);
}

TEST(Int4Test, PackLowNibbleFirst) {
  const int8_t a[8] = {-1, -2, -3, -4, -5, -6, -7, -8};
  EXPECT_EQ(packInt4(a), word(0x89ABCDEFu));
  const int8_t b[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  EXPECT_EQ(packInt4(b), 0x01234567);
  // -8 -> 8, 7 -> 7 alternating: nibbles 8,7,8,7,... -> 0x78787878.
  const int8_t c[8] = {-8, 7, -8, 7, -8, 7, -8, 7};
  EXPECT_EQ(packInt4(c), 0x78787878);
  // Every value in every position survives a round trip.
  for (int pos = 0; pos < 8; ++pos)
    for (int v = -8; v <= 7; ++v) {
      int8_t vals[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      vals[pos] = static_cast<int8_t>(v);
      EXPECT_EQ(unpackInt4(packInt4(vals), pos), v);
      for (int other = 0; other < 8; ++other) {
        if (other != pos) {
          EXPECT_EQ(unpackInt4(packInt4(vals), other), 0);
        }
      }
    }
}

TEST(W4A16Test, PerChannelHandPacked) {
  // W [2, 8] as int4, per-channel scales:
  //   n = 0: q = 1, -1, 2, -2, 3, -3, 4, -8, s = 0.5
  //          nibbles 1 F 2 E 3 D 4 8 -> word 0x84D3E2F1
  //   n = 1: q = -8, 7, 0, 0, 0, 0, 0, 1, s = 0.25
  //          nibbles 8 7 0 0 0 0 0 1 -> word 0x10000078
  // wPacked is [K / 8 = 1, N = 2].
  std::vector<int32_t> packed = {word(0x84D3E2F1u), 0x10000078};
  std::vector<uint16_t> scales = {0x3800, 0x3400};           // 0.5, 0.25
  std::vector<uint16_t> x = halves({1, 2, 0, 0, 0, 0, 0, -1, //
                                    0.5, 0, 0, 0, 0, 0, 0, 0});
  std::vector<uint16_t> y(4, 0x7E00);
  ASSERT_EQ(
      matmulW4A16(x.data(), packed.data(), scales.data(), 2, 2, 8, 0, y.data()),
      "");
  // y[0, 0] = 0.5 * (1*1 + 2*(-1) + (-1)*(-8)) = 0.5 * 7 = 3.5
  // y[0, 1] = 0.25 * (1*(-8) + 2*7 + (-1)*1) = 0.25 * 5 = 1.25
  // y[1, 0] = 0.5 * (0.5 * 1) = 0.25
  // y[1, 1] = 0.25 * (0.5 * -8) = -1
  EXPECT_EQ(toFloats(y), (std::vector<float>{3.5f, 1.25f, 0.25f, -1.0f}));
}

TEST(W4A16Test, GroupedG32HandPacked) {
  // K = 64, N = 2, G = 32: wPacked [8, 2], scales [2, 2] (row g, column n).
  //   n = 0: q = 1 in group 0 (0x11111111), -1 in group 1 (0xFFFFFFFF);
  //          s = 0.5 then 0.25.
  //   n = 1: q = 2 in group 0 (0x22222222), -8 in group 1 (0x88888888);
  //          s = 1 then 0.125.
  std::vector<int32_t> packed;
  for (int kb = 0; kb < 8; ++kb) {
    packed.push_back(kb < 4 ? 0x11111111 : word(0xFFFFFFFFu));
    packed.push_back(kb < 4 ? 0x22222222 : word(0x88888888u));
  }
  // 0.5 = 0x3800, 1 = 0x3C00, 0.25 = 0x3400, 0.125 = 0x3000.
  std::vector<uint16_t> scales = {0x3800, 0x3C00, 0x3400, 0x3000};
  // Row 0: all ones. Row 1: ones in group 0, zeros in group 1.
  std::vector<uint16_t> x(128, 0x3C00);
  for (int kk = 96; kk < 128; ++kk)
    x[kk] = 0;
  std::vector<uint16_t> y(4, 0x7E00);
  ASSERT_EQ(matmulW4A16(x.data(), packed.data(), scales.data(), 2, 2, 64, 32,
                        y.data()),
            "");
  // y[0, 0] = 32 * 1 * 0.5 + 32 * (-1) * 0.25 = 16 - 8 = 8
  // y[0, 1] = 32 * 2 * 1 + 32 * (-8) * 0.125 = 64 - 32 = 32
  // y[1, 0] = 16, y[1, 1] = 64 (group 0 only).
  EXPECT_EQ(toFloats(y), (std::vector<float>{8, 32, 16, 64}));

  std::vector<float> w(128);
  ASSERT_EQ(
      dequantizeWeightsInt4(packed.data(), scales.data(), 2, 64, 32, w.data()),
      "");
  EXPECT_EQ(w[0], 0.5f);        // n = 0, k = 0: 1 * 0.5
  EXPECT_EQ(w[40], -0.25f);     // n = 0, k = 40: -1 * 0.25
  EXPECT_EQ(w[64 + 31], 2.0f);  // n = 1, k = 31: 2 * 1
  EXPECT_EQ(w[64 + 63], -1.0f); // n = 1, k = 63: -8 * 0.125
}

TEST(QuantizeWeightsInt4Test, PerChannelHandPacked) {
  // n = 0: absmax 7 -> s = 1 (0x3C00): q = 7, -7, 3.5 -> 4, -3.5 -> -4, 1, 0,
  //        2.5 -> 2, -0.5 -> 0; nibbles 7 9 4 C 1 0 2 0 -> 0x0201C497.
  // n = 1: absmax 14 -> s = 2 (0x4000): 7, 0.5 -> 0, 1.5 -> 2, -2.5 -> -2, 0..
  //        nibbles 7 0 2 E 0 0 0 0 -> 0x0000E207.
  std::vector<float> w = {7,  -7, 3.5, -3.5, 1, 0, 2.5, -0.5,
                          14, 1,  3,   -5,   0, 0, 0,   0};
  std::vector<int32_t> packed(2);
  std::vector<uint16_t> scales(2);
  ASSERT_EQ(
      quantizeWeightsInt4(w.data(), 2, 8, 0, packed.data(), scales.data()), "");
  EXPECT_EQ(packed, (std::vector<int32_t>{0x0201C497, 0x0000E207}));
  EXPECT_EQ(scales, (std::vector<uint16_t>{0x3C00, 0x4000}));
}

TEST(QuantizeWeightsInt4Test, GroupedLayout) {
  // N = 2, K = 64, G = 32. w[n, k] = q(n, k) * s(n, g) with
  // q(n, k) = (k + 3n) % 15 - 7: every 32 consecutive k cover all residues,
  // so each group's absmax is 7 * s and the fp16 scale is s itself.
  // s(0, 0) = 1, s(0, 1) = 2, s(1, 0) = 0.5, s(1, 1) = 4.
  const float s[2][2] = {{1, 2}, {0.5f, 4}};
  auto q = [](int n, int k) { return (k + 3 * n) % 15 - 7; };
  std::vector<float> w(128);
  for (int n = 0; n < 2; ++n)
    for (int k = 0; k < 64; ++k)
      w[n * 64 + k] = static_cast<float>(q(n, k)) * s[n][k / 32];
  std::vector<int32_t> packed(16);
  std::vector<uint16_t> scales(4);
  ASSERT_EQ(
      quantizeWeightsInt4(w.data(), 2, 64, 32, packed.data(), scales.data()),
      "");
  // scales is [K / G, N]: g0: n0 = 1, n1 = 0.5; g1: n0 = 2, n1 = 4.
  EXPECT_EQ(scales, (std::vector<uint16_t>{0x3C00, 0x3800, 0x4000, 0x4400}));
  // packed is [K / 8, N]: word (kb, n) holds k = 8 kb .. 8 kb + 7.
  for (int n = 0; n < 2; ++n)
    for (int k = 0; k < 64; ++k)
      EXPECT_EQ(unpackInt4(packed[(k / 8) * 2 + n], k % 8), q(n, k))
          << "n = " << n << ", k = " << k;
  std::vector<float> back(128);
  ASSERT_EQ(dequantizeWeightsInt4(packed.data(), scales.data(), 2, 64, 32,
                                  back.data()),
            "");
  EXPECT_EQ(back, w);
}

TEST(QuantizeWeightsInt4Test, ScaleIsRoundedToHalfFirst) {
  // absmax = 1: 1 / 7 = 0.142857... in fp16 is (1 + 146/1024) / 8
  // = 0.142822265625 (0x3092: exponent 12, mantissa 146 = 0x92).
  // w = 0.92843: w / 0.142822265625 = 6.50060 -> 7, whereas dividing by the
  // unrounded fp32 1/7 would give 6.49901 -> 6.
  std::vector<float> w = {1, 0.92843f, -1, 0, 0, 0, 0, 0};
  int32_t packed = 0;
  uint16_t scale = 0;
  ASSERT_EQ(quantizeWeightsInt4(w.data(), 1, 8, 0, &packed, &scale), "");
  EXPECT_EQ(scale, 0x3092);
  // q = 7, 7, -7, 0...: nibbles 7 7 9 -> 0x00000977.
  EXPECT_EQ(packed, 0x00000977);
}

TEST(QuantizeWeightsInt4Test, ClampsAt7WithSubnormalScale) {
  // absmax = 2^-21: 2^-21 / 7 = (8/7) * 2^-24 = 1.14 fp16 subnormal ulps,
  // rounds to 1 ulp = 2^-24 (0x0001). Then 2^-21 / 2^-24 = 8 clamps to 7,
  // -8 stays -8, and 2^-23 / 2^-24 = 2. Nibbles 7 8 2 -> 0x00000287.
  float a = std::ldexp(1.0f, -21);
  std::vector<float> w = {a, -a, std::ldexp(1.0f, -23), 0, 0, 0, 0, 0};
  int32_t packed = 0;
  uint16_t scale = 0xFFFF;
  ASSERT_EQ(quantizeWeightsInt4(w.data(), 1, 8, 0, &packed, &scale), "");
  EXPECT_EQ(scale, 0x0001);
  EXPECT_EQ(packed, 0x00000287);
}

TEST(QuantizeWeightsInt4Test, ZeroAndUnderflowingGroups) {
  // K = 64, G = 32, N = 1. Group 0 is all zero; group 1 has absmax 2^-27,
  // and 2^-27 / 7 is below half an fp16 subnormal ulp (2^-25), so its fp16
  // scale is 0. Both groups: scale 0, q 0 -- and W4A16 then yields zeros.
  std::vector<float> w(64, 0.0f);
  for (int k = 32; k < 64; ++k)
    w[k] = (k % 2 ? -1.0f : 1.0f) * std::ldexp(1.0f, -27);
  std::vector<int32_t> packed(8, 12345);
  std::vector<uint16_t> scales(2, 0xFFFF);
  ASSERT_EQ(
      quantizeWeightsInt4(w.data(), 1, 64, 32, packed.data(), scales.data()),
      "");
  EXPECT_EQ(scales, (std::vector<uint16_t>{0, 0}));
  EXPECT_EQ(packed, std::vector<int32_t>(8, 0));
  std::vector<uint16_t> x(64, 0x3C00);
  uint16_t y = 0x7E00;
  ASSERT_EQ(
      matmulW4A16(x.data(), packed.data(), scales.data(), 1, 1, 64, 32, &y),
      "");
  EXPECT_EQ(y, 0x0000);
}

TEST(QuantizeWeightsInt4Test, RejectsBadArgumentsWithoutWriting) {
  std::vector<float> w(128, 1.0f);
  std::vector<int32_t> packed(16, 42);
  std::vector<uint16_t> scales(4, 42);
  EXPECT_EQ(
      quantizeWeightsInt4(w.data(), 1, 12, 0, packed.data(), scales.data()),
      "k = 12 must be a multiple of 8 (int4 weights are packed 8 per "
      "int32 along k)");
  EXPECT_EQ(
      quantizeWeightsInt4(w.data(), 2, 64, 48, packed.data(), scales.data()),
      "group size = 48 must be 0 (per channel), 32, 64 or 128");
  EXPECT_EQ(
      quantizeWeightsInt4(w.data(), 2, 64, 128, packed.data(), scales.data()),
      "group size = 128 must divide k = 64");
  // 1e6 / 7 = 142857.142857 -> fp32 142857.140625 ("%.9g": 142857.141) is
  // beyond the fp16 max 65504.
  w[3] = 1.0e6f;
  EXPECT_EQ(
      quantizeWeightsInt4(w.data(), 1, 8, 0, packed.data(), scales.data()),
      "absmax / 7 = 142857.141 of row n = 0, k in [0, 8) overflows the "
      "fp16 scale (max 65504)");
  w[3] = 1.0f;
  w[1] = std::nanf("");
  EXPECT_EQ(
      quantizeWeightsInt4(w.data(), 1, 8, 0, packed.data(), scales.data()),
      "w[0, 1] = nan is not finite");
  EXPECT_EQ(packed, std::vector<int32_t>(16, 42));
  EXPECT_EQ(scales, std::vector<uint16_t>(4, 42));

  EXPECT_EQ(checkW4A16Shape(1, 1, 64, 64), "");
  std::vector<uint16_t> x(64, 0x3C00);
  uint16_t y = 0x7E00;
  EXPECT_EQ(
      matmulW4A16(x.data(), packed.data(), scales.data(), 1, 1, 64, 16, &y),
      "group size = 16 must be 0 (per channel), 32, 64 or 128");
  EXPECT_EQ(matmulW4A16(x.data(), nullptr, scales.data(), 1, 1, 64, 0, &y),
            "packed weights is null but must hold 8 elements");
  EXPECT_EQ(y, 0x7E00);
}

TEST(QuantizeWeightsInt4Test, RandomRoundTripWithinHalfAStep) {
  // Property: for unclamped values, |w - q * s| <= s / 2 (+ fp32 slack), and
  // matmulW4A16 matches an fp64 product with the dequantized weights.
  const int64_t n = 16, k = 256, g = 128, m = 3;
  std::mt19937 rng(1234);
  std::normal_distribution<float> dist(0.0f, 0.05f);
  std::vector<float> w(n * k);
  for (float &v : w)
    v = dist(rng);
  std::vector<int32_t> packed(k / 8 * n);
  std::vector<uint16_t> scales(k / g * n);
  ASSERT_EQ(
      quantizeWeightsInt4(w.data(), n, k, g, packed.data(), scales.data()), "");
  std::vector<float> deq(n * k);
  ASSERT_EQ(
      dequantizeWeightsInt4(packed.data(), scales.data(), n, k, g, deq.data()),
      "");
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk) {
      float s = halfToFloat(scales[(kk / g) * n + c]);
      ASSERT_GT(s, 0.0f);
      EXPECT_LE(std::fabs(w[c * k + kk] - deq[c * k + kk]), 0.5f * s * 1.001f);
    }

  std::vector<uint16_t> x(m * k);
  for (uint16_t &v : x)
    v = floatToHalf(dist(rng) * 20.0f);
  std::vector<uint16_t> y(m * n);
  ASSERT_EQ(
      matmulW4A16(x.data(), packed.data(), scales.data(), m, n, k, g, y.data()),
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

} // namespace

//===----------------------------------------------------------------------===//
// Fragment order (fragment_order = true)
//===----------------------------------------------------------------------===//

// One channel, one 32-K block, nibble value k % 16 at every k: the seed
// words are 0x76543210, 0xFEDCBA98 twice; fragment word q holds k = 8j + 2q
// in nibble j and k = 8j + 2q + 1 in nibble j + 4, worked out by hand.
TEST(Int4FragmentOrderTest, OneBlockByHand) {
  const std::vector<int32_t> seed = {word(0x76543210u), word(0xFEDCBA98u),
                                     word(0x76543210u), word(0xFEDCBA98u)};
  const std::vector<int32_t> expected = {word(0x91918080u), word(0xB3B3A2A2u),
                                         word(0xD5D5C4C4u), word(0xF7F7E6E6u)};
  std::vector<int32_t> fragment(4, 0), back(4, 0);
  ASSERT_EQ(repackInt4FragmentOrder(seed.data(), 1, 32, fragment.data()), "");
  EXPECT_EQ(fragment, expected);
  ASSERT_EQ(unpackInt4FragmentOrder(fragment.data(), 1, 32, back.data()), "");
  EXPECT_EQ(back, seed);
}

// Random words over three channels and two blocks: every value lands where
// the layout says, the words of other channels and blocks untouched by it,
// and the inverse restores the seed words.
TEST(Int4FragmentOrderTest, EveryValueWhereTheLayoutSays) {
  const int64_t n = 3, k = 64;
  std::mt19937 rng(7);
  std::vector<int32_t> seed(size_t(k / 8 * n));
  for (int32_t &w : seed)
    w = word(static_cast<uint32_t>(rng()));
  std::vector<int32_t> fragment(seed.size(), 0), back(seed.size(), 0);
  ASSERT_EQ(repackInt4FragmentOrder(seed.data(), n, k, fragment.data()), "");
  for (int64_t c = 0; c < n; ++c)
    for (int64_t kk = 0; kk < k; ++kk) {
      int64_t b = kk / 32, r = kk % 32, j = r / 8, q = (r % 8) / 2, odd = r % 2;
      int8_t expected = unpackInt4(seed[size_t((kk / 8) * n + c)], int(kk % 8));
      int8_t got =
          unpackInt4(fragment[size_t((4 * b + q) * n + c)], int(j + 4 * odd));
      EXPECT_EQ(got, expected) << "channel " << c << ", k " << kk;
    }
  ASSERT_EQ(unpackInt4FragmentOrder(fragment.data(), n, k, back.data()), "");
  EXPECT_EQ(back, seed);
}

TEST(Int4FragmentOrderTest, RejectsBadArguments) {
  std::vector<int32_t> in(12, 1), out(12, 5);
  EXPECT_NE(repackInt4FragmentOrder(in.data(), 2, 48, out.data()), "");
  EXPECT_NE(repackInt4FragmentOrder(in.data(), 0, 32, out.data()), "");
  EXPECT_NE(unpackInt4FragmentOrder(in.data(), 1, 32, in.data()), "");
  EXPECT_EQ(out, std::vector<int32_t>(12, 5));
}
