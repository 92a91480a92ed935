//===- QuantizeArithmeticTest.cpp - The quantize kernel's arithmetic ------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// The generated quantize kernels (QGemmToGPU.cpp, buildQuantizedChunk) do
// not divide each value by the row scale: they multiply by r = 1 / scale,
// correct the quotient with two fmas (Markstein) and round by adding
// 1.5 * 2^23, taking the int8 from the low byte of the sum's bits. This
// test replays that sequence in fp32 for every positive finite fp16 absmax
// and every fp16 x with |x| <= absmax (about 10^9 pairs) and requires the
// same int8 as the reference quantizer, which divides.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace qgemm::ref;

namespace {

/// The kernel's sequence for one value (each step rounded to nearest fp32,
/// no contraction: the products go through volatile floats).
int8_t kernelQuantize(float x, float scale, float recip) {
  volatile float product = x * recip;
  float q0 = product;
  float residual = std::fmaf(-q0, scale, x);
  float q = std::fmaf(residual, recip, q0);
  q = std::fmin(std::fmax(q, -128.0f), 127.0f);
  volatile float sum = q + 12582912.0f;
  float rounded = sum;
  uint32_t bits;
  std::memcpy(&bits, &rounded, sizeof(bits));
  return static_cast<int8_t>(static_cast<uint8_t>(bits & 0xFF));
}

TEST(QuantizeArithmeticTest, MatchesDivisionForEveryHalf) {
  std::vector<uint16_t> row;
  std::vector<int8_t> xq;
  int64_t checked = 0, mismatches = 0;
  // Positive finite fp16 absmax: 0x0001 (2^-24) to 0x7BFF (65504).
  for (uint32_t a = 1; a < 0x7C00; ++a) {
    // One reference row per absmax: absmax first, then every x with
    // |x| <= absmax, both signs.
    row.assign(1, static_cast<uint16_t>(a));
    for (uint32_t h = 0; h <= a; ++h) {
      row.push_back(static_cast<uint16_t>(h));
      row.push_back(static_cast<uint16_t>(h | 0x8000));
    }
    xq.assign(row.size(), 0);
    float scale = 0;
    ASSERT_EQ(quantizePerToken(row.data(), 1, static_cast<int64_t>(row.size()),
                               xq.data(), &scale),
              "");
    ASSERT_EQ(scale, halfToFloat(static_cast<uint16_t>(a)) / 127.0f);
    volatile float recipStore = 1.0f / scale;
    float recip = recipStore;
    for (size_t i = 0; i < row.size(); ++i) {
      int8_t q = kernelQuantize(halfToFloat(row[i]), scale, recip);
      ++checked;
      if (q != xq[i] && ++mismatches <= 5)
        ADD_FAILURE() << "absmax 0x" << std::hex << a << " x 0x" << row[i]
                      << std::dec << ": kernel " << int(q) << ", reference "
                      << int(xq[i]);
    }
  }
  EXPECT_EQ(mismatches, 0) << "of " << checked << " values";
  // Sum over a = 1 .. 0x7BFF of 2 (a + 1) + 1 values.
  EXPECT_EQ(checked, int64_t(1007745021));
}

TEST(QuantizeArithmeticTest, ZeroRowQuantizesToZero) {
  // absmax = 0: the kernel uses r = 0 and scale = 0.
  EXPECT_EQ(kernelQuantize(0.0f, 0.0f, 0.0f), 0);
  EXPECT_EQ(kernelQuantize(-0.0f, 0.0f, 0.0f), 0);
}

TEST(QuantizeArithmeticTest, UncorrectedProductWouldDiffer) {
  // Without the fma correction, x * (1 / scale) rounds the wrong way for
  // some pairs; the corrected sequence gives the reference's 63.
  float absmax = halfToFloat(0x0D11); // 0x1.444p-13
  float x = halfToFloat(0x0911);      // 0x1.444p-14
  float scale = absmax / 127.0f;
  float recip = 1.0f / scale;
  volatile float product = x * recip;
  EXPECT_EQ(std::nearbyint(static_cast<float>(product)), 64.0f);
  EXPECT_EQ(kernelQuantize(x, scale, recip), 63);
}

} // namespace
