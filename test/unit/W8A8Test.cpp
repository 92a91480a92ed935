//===- W8A8Test.cpp - W8A8 reference tests --------------------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Exact int32 accumulators and the fp32 epilogue of the W8A8 reference, with
// every expected value worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace qgemm::ref;

namespace {

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

TEST(W8A8Test, Int8MatmulExactIncludingMinus128) {
  // xq [2, 4], wq [3, 4]; acc[m, n] = sum_k xq[m, k] * wq[n, k].
  std::vector<int8_t> xq = {1, 2, 3, 4, -128, 127, 0, -1};
  std::vector<int8_t> wq = {1, 0, 0, 0, 1, 1, 1, 1, -128, -128, -128, -128};
  std::vector<int32_t> acc(6);
  ASSERT_EQ(matmulInt8Int32(xq.data(), wq.data(), 2, 3, 4, acc.data()), "");
  // Row 0: 1; 1 + 2 + 3 + 4 = 10; -128 * 10 = -1280.
  // Row 1: -128; -128 + 127 + 0 - 1 = -2; -128 * -2 = 256.
  EXPECT_EQ(acc, (std::vector<int32_t>{1, 10, -1280, -128, -2, 256}));
}

TEST(W8A8Test, Int8MatmulLargestSafeK) {
  // k = 131071 products of (-128) * (-128) = 16384:
  // 131071 * 16384 = 2^31 - 16384 = 2147467264, still below 2^31 - 1.
  std::vector<int8_t> ones(kW8A8MaxK, -128);
  int32_t acc = 0;
  ASSERT_EQ(matmulInt8Int32(ones.data(), ones.data(), 1, 1, kW8A8MaxK, &acc),
            "");
  EXPECT_EQ(acc, 2147467264);
  // One more could overflow: rejected.
  EXPECT_EQ(checkW8A8Shape(1, 1, kW8A8MaxK + 1),
            "k = 131072 exceeds 131071, the largest k for which the int32 "
            "accumulator cannot overflow");
  EXPECT_EQ(checkW8A8Shape(1, 1, kW8A8MaxK), "");
}

TEST(W8A8Test, EndToEnd2x3x4) {
  // X [2, 4]:
  //   row 0 = 127, 0, -127, 63.5 -> scale 1 -> xq 127, 0, -127, 64 (tie)
  //   row 1 = 254, 2, -4, 1      -> scale 2 -> xq 127, 1, -2, 0 (0.5 tie)
  // Wq [3, 4] with wScale = 1, 0.5, 0.25.
  std::vector<uint16_t> x = halves({127, 0, -127, 63.5, 254, 2, -4, 1});
  std::vector<int8_t> wq = {1, 1, 1, 1, 1, -1, 0, 2, 0, 0, 0, 1};
  std::vector<float> wScale = {1.0f, 0.5f, 0.25f};

  // acc row 0: 127 + 0 - 127 + 64 = 64; 127 - 0 + 0 + 128 = 255; 64.
  // acc row 1: 127 + 1 - 2 + 0 = 126; 127 - 1 + 0 + 0 = 126; 0.
  std::vector<int8_t> xq(8);
  std::vector<float> sx(2);
  ASSERT_EQ(quantizePerToken(x.data(), 2, 4, xq.data(), sx.data()), "");
  EXPECT_EQ(xq, (std::vector<int8_t>{127, 0, -127, 64, 127, 1, -2, 0}));
  std::vector<int32_t> acc(6);
  ASSERT_EQ(matmulInt8Int32(xq.data(), wq.data(), 2, 3, 4, acc.data()), "");
  EXPECT_EQ(acc, (std::vector<int32_t>{64, 255, 64, 126, 126, 0}));

  // y row 0: 64 * 1 * 1 = 64; 255 * 1 * 0.5 = 127.5; 64 * 1 * 0.25 = 16.
  // y row 1: 126 * 2 * 1 = 252; 126 * 2 * 0.5 = 126; 0.
  std::vector<float> expected = {64, 127.5, 16, 252, 126, 0};
  std::vector<uint16_t> y(6, 0x7E00);
  ASSERT_EQ(matmulW8A8(x.data(), wq.data(), wScale.data(), 2, 3, 4, y.data()),
            "");
  EXPECT_EQ(toFloats(y), expected);

  std::vector<uint16_t> yq(6, 0x7E00);
  ASSERT_EQ(matmulW8A8Quantized(xq.data(), sx.data(), wq.data(), wScale.data(),
                                2, 3, 4, yq.data()),
            "");
  EXPECT_EQ(yq, y);
}

TEST(W8A8Test, ZeroActivationRowGivesZeros) {
  // Row 0 is all (+/-) zero: scale 0, xq 0, acc 0, y = 0 * 0 * sw = +0.
  // Row 1 = 0, 127, 0, 0 -> scale 1, xq 0, 127, 0, 0; y = 127 * w[n, 1] * sw.
  std::vector<uint16_t> x = {0x0000, 0x8000,           0x0000, 0x0000,
                             0x0000, floatToHalf(127), 0x0000, 0x0000};
  std::vector<int8_t> wq = {5, 6, 7, 8, -1, -2, -3, -4};
  std::vector<float> wScale = {0.5f, 2.0f};
  std::vector<uint16_t> y(4, 0x7E00);
  ASSERT_EQ(matmulW8A8(x.data(), wq.data(), wScale.data(), 2, 2, 4, y.data()),
            "");
  EXPECT_EQ(y[0], 0x0000);
  EXPECT_EQ(y[1], 0x0000);
  // 127 * 6 * 1 * 0.5 = 381; 127 * -2 * 1 * 2 = -508 (both exact in fp16).
  EXPECT_EQ(halfToFloat(y[2]), 381.0f);
  EXPECT_EQ(halfToFloat(y[3]), -508.0f);
}

TEST(W8A8Test, EpilogueRoundsToNearestEvenHalf) {
  // acc = 1 * 1 = 1, so y = fp16(sx[m] * 1): 2049 ties 2048 / 2050 -> 2048
  // (0x6800); 2051 ties 2050 / 2052 -> 2052 (0x6802).
  std::vector<int8_t> xq = {1, 1};
  std::vector<int8_t> wq = {1};
  std::vector<float> sx = {2049.0f, 2051.0f};
  float sw = 1.0f;
  std::vector<uint16_t> y(2);
  ASSERT_EQ(matmulW8A8Quantized(xq.data(), sx.data(), wq.data(), &sw, 2, 1, 1,
                                y.data()),
            "");
  EXPECT_EQ(y, (std::vector<uint16_t>{0x6800, 0x6802}));
}

TEST(W8A8Test, EpilogueIsLeftToRight) {
  // ((float)acc * sx) * sw with acc = 3, sx = 2^127, sw = 2^-127:
  // 3 * 2^127 overflows fp32 to inf, and inf * 2^-127 stays inf -> 0x7C00.
  // (The other association, 3 * (2^127 * 2^-127) = 3, would give 0x4200.)
  int8_t xq = 3, wq = 1;
  float sx = std::ldexp(1.0f, 127), sw = std::ldexp(1.0f, -127);
  uint16_t y = 0;
  ASSERT_EQ(matmulW8A8Quantized(&xq, &sx, &wq, &sw, 1, 1, 1, &y), "");
  EXPECT_EQ(y, 0x7C00);
}

TEST(W8A8Test, RejectsBadArgumentsWithoutWriting) {
  std::vector<uint16_t> x = halves({1, 2, 3, 4});
  std::vector<int8_t> wq(4, 1);
  std::vector<uint16_t> y(1, 0x7E00);
  EXPECT_EQ(matmulW8A8(x.data(), wq.data(), nullptr, 1, 1, 4, y.data()),
            "w scale is null but must hold 1 elements");
  EXPECT_EQ(matmulW8A8(x.data(), wq.data(), nullptr, 1, -1, 4, y.data()),
            "n = -1 must be non-negative");
  EXPECT_EQ(y[0], 0x7E00);
  int32_t acc = 7;
  EXPECT_EQ(matmulInt8Int32(wq.data(), wq.data(), 1, 1, 200000, &acc),
            "k = 200000 exceeds 131071, the largest k for which the int32 "
            "accumulator cannot overflow");
  EXPECT_EQ(acc, 7);
}

} // namespace
