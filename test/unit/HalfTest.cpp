//===- HalfTest.cpp - fp16 conversion and rounding tests ------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Hand-checked IEEE binary16 conversions (bit patterns worked out in the
// comments) and round-half-to-even.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <limits>

using namespace qgemm::ref;

namespace {

TEST(HalfTest, HalfToFloatNormalsAndSpecials) {
  // 0x3C00: exponent 15 (bias 15), mantissa 0 -> 1.0.
  EXPECT_EQ(halfToFloat(0x3C00), 1.0f);
  // 0xC000: sign, exponent 16 -> -2.0.
  EXPECT_EQ(halfToFloat(0xC000), -2.0f);
  // 0x7BFF: exponent 30 -> 2^15 * (1 + 1023/1024) = 65504, the fp16 max.
  EXPECT_EQ(halfToFloat(0x7BFF), 65504.0f);
  // 0x3555: exponent 13 -> 2^-2, mantissa 0x155 = 341 -> (1 + 341/1024) / 4.
  EXPECT_EQ(halfToFloat(0x3555), 0.333251953125f);
  // 0x0400: the smallest normal, 2^-14.
  EXPECT_EQ(halfToFloat(0x0400), std::ldexp(1.0f, -14));
  EXPECT_EQ(halfToFloat(0x7C00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(halfToFloat(0xFC00), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(halfToFloat(0x7E00)));
  EXPECT_TRUE(std::isnan(halfToFloat(0x7C01))); // Signalling NaN pattern.
  // 0x8000 is -0: equal to 0 but with the sign bit set.
  EXPECT_EQ(halfToFloat(0x8000), 0.0f);
  EXPECT_TRUE(std::signbit(halfToFloat(0x8000)));
}

TEST(HalfTest, HalfToFloatSubnormals) {
  // Subnormals are mantissa * 2^-24.
  EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24)); // 5.96e-8
  EXPECT_EQ(halfToFloat(0x0002), std::ldexp(1.0f, -23));
  EXPECT_EQ(halfToFloat(0x03FF), std::ldexp(1023.0f, -24));
  EXPECT_EQ(halfToFloat(0x8001), -std::ldexp(1.0f, -24));
}

TEST(HalfTest, FloatToHalfExactValues) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3C00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xC000);
  EXPECT_EQ(floatToHalf(0.5f), 0x3800);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7BFF);
  EXPECT_EQ(floatToHalf(0.0f), 0x0000);
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
  // 0.1 = 1.6 * 2^-4: exponent 11 -> 0x2C00; mantissa 0.6 * 1024 = 614.4
  // rounds to 614 = 0x266 -> 0x2E66.
  EXPECT_EQ(floatToHalf(0.1f), 0x2E66);
}

TEST(HalfTest, FloatToHalfRoundsTiesToEven) {
  // In [1, 2) the fp16 spacing is 2^-10; 1 + 2^-11 is the tie between 0x3C00
  // (even mantissa) and 0x3C01 (odd): even wins.
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3C00);
  // 1 + 3 * 2^-11 ties 0x3C01 (odd) and 0x3C02 (even): up to 0x3C02.
  EXPECT_EQ(floatToHalf(1.0f + 3.0f * std::ldexp(1.0f, -11)), 0x3C02);
  // Just above / below the first tie.
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)),
            0x3C01);
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11) - std::ldexp(1.0f, -20)),
            0x3C00);
  // In [2048, 4096) the spacing is 2; 2048 = 2^11 -> exponent 26 -> 0x6800.
  // 2049 ties 2048 (mantissa 0) and 2050 (mantissa 1): 2048.
  EXPECT_EQ(floatToHalf(2049.0f), 0x6800);
  // 2051 ties 2050 (mantissa 1) and 2052 (mantissa 2): 2052 = 0x6802.
  EXPECT_EQ(floatToHalf(2051.0f), 0x6802);
  EXPECT_EQ(floatToHalf(-2051.0f), 0xE802);
}

TEST(HalfTest, FloatToHalfOverflowInfNaN) {
  // Spacing at the top is 32: 65519 is closer to 65504 than to 2^16.
  EXPECT_EQ(floatToHalf(65519.0f), 0x7BFF);
  // 65520 ties 65504 (odd mantissa 0x3FF) and 2^16 (inf): rounds to inf.
  EXPECT_EQ(floatToHalf(65520.0f), 0x7C00);
  EXPECT_EQ(floatToHalf(-65520.0f), 0xFC00);
  EXPECT_EQ(floatToHalf(1.0e6f), 0x7C00);
  EXPECT_EQ(floatToHalf(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(floatToHalf(-std::numeric_limits<float>::infinity()), 0xFC00);
  uint16_t nan = floatToHalf(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(nan & 0x7C00, 0x7C00); // All-ones exponent...
  EXPECT_NE(nan & 0x03FF, 0);      // ...and a non-zero mantissa.
}

TEST(HalfTest, FloatToHalfSubnormals) {
  const float ulp = std::ldexp(1.0f, -24); // fp16 subnormal spacing.
  EXPECT_EQ(floatToHalf(ulp), 0x0001);
  EXPECT_EQ(floatToHalf(-ulp), 0x8001);
  // 2^-25 = 0.5 ulp ties 0 (even) and 0x0001: zero.
  EXPECT_EQ(floatToHalf(0.5f * ulp), 0x0000);
  // A hair above the tie rounds up.
  EXPECT_EQ(floatToHalf(0.5f * ulp + std::ldexp(1.0f, -35)), 0x0001);
  // 1.5 ulp ties 1 (odd) and 2 (even): 2. 2.5 ulp ties 2 and 3: 2.
  EXPECT_EQ(floatToHalf(1.5f * ulp), 0x0002);
  EXPECT_EQ(floatToHalf(2.5f * ulp), 0x0002);
  // 1022.5 ulp -> 1022 = 0x3FE; 1023.5 ulp ties 0x3FF (odd) and 0x400, the
  // smallest normal 2^-14.
  EXPECT_EQ(floatToHalf(1022.5f * ulp), 0x03FE);
  EXPECT_EQ(floatToHalf(1023.5f * ulp), 0x0400);
  // Far below: signed zero; fp32 subnormals too.
  EXPECT_EQ(floatToHalf(-0.25f * ulp), 0x8000);
  EXPECT_EQ(floatToHalf(std::numeric_limits<float>::denorm_min()), 0x0000);
}

TEST(HalfTest, EveryHalfRoundTrips) {
  // Every fp16 value is exact in fp32, so the conversion back is the identity
  // (NaNs stay NaNs).
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    float f = halfToFloat(static_cast<uint16_t>(h));
    uint16_t back = floatToHalf(f);
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(halfToFloat(back))) << std::hex << h;
      EXPECT_EQ(back & 0x8000, h & 0x8000) << std::hex << h;
    } else {
      EXPECT_EQ(back, h) << std::hex << h;
    }
  }
}

TEST(HalfTest, DoubleToHalfRoundsOnce) {
  // 1 + 2^-11 + 2^-40 is just above the tie between 0x3C00 and 0x3C01, so the
  // correct fp16 is 0x3C01. Rounding through fp32 first would land exactly on
  // the tie (the 2^-40 is lost) and then give 0x3C00.
  EXPECT_EQ(doubleToHalf(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)),
            0x3C01);
  EXPECT_EQ(doubleToHalf(1.0 + std::ldexp(1.0, -11) - std::ldexp(1.0, -40)),
            0x3C00);
  EXPECT_EQ(doubleToHalf(1.0 + std::ldexp(1.0, -11)), 0x3C00);
  EXPECT_EQ(doubleToHalf(3.5), 0x4300); // 1.75 * 2^1: 0x4000 | 0x300.
  EXPECT_EQ(doubleToHalf(-0.0), 0x8000);
  EXPECT_EQ(doubleToHalf(65519.9), 0x7BFF);
  EXPECT_EQ(doubleToHalf(65520.0), 0x7C00);
  EXPECT_EQ(doubleToHalf(1.0e300), 0x7C00);
  EXPECT_EQ(doubleToHalf(-1.0e300), 0xFC00);
  EXPECT_EQ(doubleToHalf(1.0e-300), 0x0000);
  EXPECT_TRUE(std::isnan(halfToFloat(doubleToHalf(std::nan("")))));
}

TEST(HalfTest, RoundHalfToEven) {
  EXPECT_EQ(roundHalfToEven(2.5f), 2.0f);
  EXPECT_EQ(roundHalfToEven(3.5f), 4.0f);
  EXPECT_EQ(roundHalfToEven(-2.5f), -2.0f);
  EXPECT_EQ(roundHalfToEven(-3.5f), -4.0f);
  EXPECT_EQ(roundHalfToEven(0.5f), 0.0f);
  EXPECT_EQ(roundHalfToEven(1.5f), 2.0f);
  EXPECT_EQ(roundHalfToEven(std::nextafter(2.5f, 0.0f)), 2.0f);
  EXPECT_EQ(roundHalfToEven(std::nextafter(2.5f, 3.0f)), 3.0f);
  EXPECT_EQ(roundHalfToEven(-0.7f), -1.0f);
  // -0.5 rounds to -0, like nearbyint.
  EXPECT_EQ(roundHalfToEven(-0.5f), 0.0f);
  EXPECT_TRUE(std::signbit(roundHalfToEven(-0.5f)));
  // 2^23 - 0.5 is the largest tie; 2^23 - 1 is odd, so up to 2^23.
  EXPECT_EQ(roundHalfToEven(8388607.5f), 8388608.0f);
  EXPECT_EQ(roundHalfToEven(1.0e30f), 1.0e30f);
  EXPECT_TRUE(
      std::isinf(roundHalfToEven(std::numeric_limits<float>::infinity())));
  EXPECT_TRUE(std::isnan(roundHalfToEven(std::nanf(""))));
}

TEST(HalfTest, RoundHalfToEvenMatchesNearbyint) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  // Quarter steps hit every tie in [-300, 300].
  for (int i = -1200; i <= 1200; ++i) {
    float v = static_cast<float>(i) * 0.25f;
    EXPECT_EQ(roundHalfToEven(v), std::nearbyint(v)) << v;
  }
}

} // namespace
