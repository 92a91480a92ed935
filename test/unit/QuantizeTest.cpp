//===- QuantizeTest.cpp - Per-token and int8 weight quantization tests ----===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Hand-checked cases for the per-token activation quantizer and the
// per-channel int8 weight packer: ties, zero rows, clamping, errors.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

using namespace qgemm::ref;

namespace {

/// fp16 bit patterns of values that are exactly representable in fp16.
std::vector<uint16_t> halves(std::initializer_list<float> values) {
  std::vector<uint16_t> out;
  for (float v : values)
    out.push_back(floatToHalf(v));
  return out;
}

TEST(QuantizePerTokenTest, TiesRoundHalfToEven) {
  // absmax = 127, so scale = 127 / 127 = 1 exactly and xq = rint(x):
  // 2.5 -> 2, 3.5 -> 4, -2.5 -> -2, -3.5 -> -4, 0.5 -> 0, 1.5 -> 2.
  std::vector<uint16_t> x = halves({127, 2.5, 3.5, -2.5, -3.5, 0.5, 1.5, -127});
  std::vector<int8_t> xq(8, 99);
  float scale = -1;
  ASSERT_EQ(quantizePerToken(x.data(), 1, 8, xq.data(), &scale), "");
  EXPECT_EQ(scale, 1.0f);
  EXPECT_EQ(xq, (std::vector<int8_t>{127, 2, 4, -2, -4, 0, 2, -127}));
}

TEST(QuantizePerTokenTest, ExactScalesPerRow) {
  // Row 0: absmax 254 -> scale 2; x / 2 = 127, 1.5, 0.5, -2.5
  //        -> 127, 2, 0, -2.
  // Row 1: absmax 63.5 -> scale 0.5; x / 0.5 = 127, -1.5, 0.5, 20
  //        -> 127, -2, 0, 20.
  std::vector<uint16_t> x = halves({254, 3, 1, -5, 63.5, -0.75, 0.25, 10});
  std::vector<int8_t> xq(8);
  std::vector<float> scale(2);
  ASSERT_EQ(quantizePerToken(x.data(), 2, 4, xq.data(), scale.data()), "");
  EXPECT_EQ(scale, (std::vector<float>{2.0f, 0.5f}));
  EXPECT_EQ(xq, (std::vector<int8_t>{127, 2, 0, -2, 127, -2, 0, 20}));
}

TEST(QuantizePerTokenTest, NegativeAbsmaxAndInexactScale) {
  // Row 0: absmax comes from -127 -> scale 1: -127, 1, -1, 0.
  // Row 1: absmax 1 -> scale = fp32(1 / 127); the quotients are within a few
  // fp32 ulps of 127, -127 and 31.75, far from any tie: 127, -127, 32, 0.
  std::vector<uint16_t> x = halves({-127, 1, -1, 0, 1, -1, 0.25, 0});
  std::vector<int8_t> xq(8);
  std::vector<float> scale(2);
  ASSERT_EQ(quantizePerToken(x.data(), 2, 4, xq.data(), scale.data()), "");
  EXPECT_EQ(scale[0], 1.0f);
  EXPECT_EQ(scale[1], 1.0f / 127.0f);
  EXPECT_EQ(xq, (std::vector<int8_t>{-127, 1, -1, 0, 127, -127, 32, 0}));
}

TEST(QuantizePerTokenTest, ZeroRowHasZeroScaleAndNoNaN) {
  // Row 0 is +0 and -0 only: scale 0 and xq 0 (0 / 0 would be NaN).
  // Row 1: absmax 127 -> scale 1.
  std::vector<uint16_t> x = {0x0000, 0x8000,           0x0000, 0x8000,
                             0x0000, floatToHalf(127), 0x0000, floatToHalf(-3)};
  std::vector<int8_t> xq(8, 99);
  std::vector<float> scale(2, -1);
  ASSERT_EQ(quantizePerToken(x.data(), 2, 4, xq.data(), scale.data()), "");
  EXPECT_EQ(scale[0], 0.0f);
  EXPECT_EQ(scale[1], 1.0f);
  EXPECT_EQ(xq, (std::vector<int8_t>{0, 0, 0, 0, 0, 127, 0, -3}));
}

TEST(QuantizePerTokenTest, RejectsBadArguments) {
  std::vector<int8_t> xq(4);
  float scale;
  EXPECT_EQ(quantizePerToken(nullptr, -1, 4, xq.data(), &scale),
            "m = -1 must be non-negative");
  EXPECT_EQ(quantizePerToken(nullptr, 1, 4, xq.data(), &scale),
            "x is null but must hold 4 elements");
  // Empty shapes accept null pointers.
  EXPECT_EQ(quantizePerToken(nullptr, 0, 4, nullptr, nullptr), "");
}

TEST(QuantizeWeightsInt8Test, PerChannelTiesAndZeroRow) {
  // Row 0: absmax 127 -> scale 1: 127, -63.5 -> -64, 0.5 -> 0, 1.5 -> 2.
  // Row 1: all zero -> scale 0, q 0.
  // Row 2: absmax 254 -> scale 2: 254 -> 127, -5 -> -2.5 -> -2, 7 -> 3.5 -> 4,
  //        -254 -> -127.
  std::vector<float> w = {127, -63.5, 0.5, 1.5, 0, -0.0f,
                          0,   0,     254, -5,  7, -254};
  std::vector<int8_t> wq(12, 99);
  std::vector<float> scale(3, -1);
  ASSERT_EQ(
      quantizeWeightsInt8PerChannel(w.data(), 3, 4, wq.data(), scale.data()),
      "");
  EXPECT_EQ(scale, (std::vector<float>{1.0f, 0.0f, 2.0f}));
  EXPECT_EQ(
      wq, (std::vector<int8_t>{127, -64, 0, 2, 0, 0, 0, 0, 127, -2, 4, -127}));
}

TEST(QuantizeWeightsInt8Test, ClampsAt127AndReachesMinus128) {
  // absmax = 2^-142. 2^-142 / 127 = (128 / 127) * 2^-149 rounds to the fp32
  // subnormal 2^-149 (1.008 ulps -> 1 ulp). Then 2^-142 / 2^-149 = 128 clamps
  // to 127, while -128 is reached exactly; 2^-143 -> 64.
  float a = std::ldexp(1.0f, -142);
  std::vector<float> w = {a, -a, std::ldexp(1.0f, -143), 0};
  std::vector<int8_t> wq(4);
  float scale = -1;
  ASSERT_EQ(quantizeWeightsInt8PerChannel(w.data(), 1, 4, wq.data(), &scale),
            "");
  EXPECT_EQ(scale, std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(wq, (std::vector<int8_t>{127, -128, 64, 0}));
}

TEST(QuantizeWeightsInt8Test, RejectsNonFiniteWithoutWriting) {
  std::vector<float> w = {
      1, 2, 3, 4, 5, 6, std::numeric_limits<float>::infinity(), 8};
  std::vector<int8_t> wq(8, 99);
  std::vector<float> scale(2, -1);
  EXPECT_EQ(
      quantizeWeightsInt8PerChannel(w.data(), 2, 4, wq.data(), scale.data()),
      "w[1, 2] = inf is not finite");
  EXPECT_EQ(wq, std::vector<int8_t>(8, 99));
  EXPECT_EQ(scale, std::vector<float>(2, -1));
  EXPECT_EQ(
      quantizeWeightsInt8PerChannel(w.data(), 2, -4, wq.data(), scale.data()),
      "k = -4 must be non-negative");
}

} // namespace
