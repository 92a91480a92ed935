//===- Half.cpp - fp16 conversions and rounding ---------------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Bit-level IEEE binary16 conversions with round-to-nearest-even, written
// without relying on compiler fp16 support or on the floating-point
// environment.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <cmath>
#include <cstring>
#include <limits>

#ifdef __FAST_MATH__
// The reference defines exact fp semantics.
#error "do not build the qgemm reference with -ffast-math"
#endif

namespace qgemm {
namespace ref {

static uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

static float bitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

float halfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t mant = h & 0x3FFu;
  if (exp == 0) {
    // Zero or subnormal: mant * 2^-24, exact in fp32.
    float mag = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -mag : mag;
  }
  if (exp == 31) // Inf or NaN: keep the payload.
    return bitsToFloat(sign | 0x7F800000u | (mant << 13));
  return bitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
}

uint16_t floatToHalf(float f) {
  uint32_t u = floatBits(f);
  uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  uint32_t mag = u & 0x7FFFFFFFu;

  if (mag > 0x7F800000u) // NaN: quiet, keep the top payload bits.
    return static_cast<uint16_t>(sign | 0x7E00u | ((mag >> 13) & 0x3FFu));
  // 65520 (0x477FF000) is the tie between 65504 (odd mantissa) and 2^16: it
  // and everything above round to infinity.
  if (mag >= 0x477FF000u)
    return static_cast<uint16_t>(sign | 0x7C00u);

  if (mag >= 0x38800000u) {
    // Normal fp16 result (|f| >= 2^-14): rebias the exponent (127 -> 15) and
    // round the 13 dropped mantissa bits to nearest even. A carry out of the
    // mantissa correctly bumps the exponent.
    uint32_t h = (mag - (112u << 23)) >> 13;
    uint32_t rest = mag & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
      ++h;
    return static_cast<uint16_t>(sign | h);
  }

  // Subnormal fp16 result: units of 2^-24. Anything <= 2^-25 (the tie with
  // zero, whose even neighbour is zero) rounds to zero; this covers fp32
  // subnormals too.
  if (mag <= 0x33000000u)
    return sign;
  uint32_t exp = mag >> 23;                      // 102 .. 112
  uint32_t mant = (mag & 0x7FFFFFu) | 0x800000u; // value = mant * 2^(exp-150)
  uint32_t shift = 126u - exp; // value / 2^-24 = mant >> shift
  uint32_t h = mant >> shift;
  uint32_t rest = mant & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1u);
  if (rest > half || (rest == half && (h & 1u)))
    ++h; // May become 0x400, the smallest normal: still correct.
  return static_cast<uint16_t>(sign | h);
}

uint16_t doubleToHalf(double d) {
  // Round to fp32 with round-to-odd (sticky), then once to fp16 with RNE.
  // fp32 keeps 13 more bits than fp16, so the second rounding sees the true
  // position of d relative to fp16 ties.
  if (std::isnan(d))
    return floatToHalf(std::numeric_limits<float>::quiet_NaN()) |
           static_cast<uint16_t>(std::signbit(d) ? 0x8000u : 0u);
  if (std::fabs(d) >= 65520.0) // Rounds to infinity (see floatToHalf).
    return static_cast<uint16_t>((std::signbit(d) ? 0x8000u : 0u) | 0x7C00u);
  float f = static_cast<float>(d);
  if (static_cast<double>(f) != d && (floatBits(f) & 1u) == 0u) {
    float towards = static_cast<double>(f) < d
                        ? std::numeric_limits<float>::infinity()
                        : -std::numeric_limits<float>::infinity();
    f = std::nextafter(f, towards);
  }
  return floatToHalf(f);
}

float roundHalfToEven(float v) {
  // NaN, +-inf and |v| >= 2^23 (already integral) are returned unchanged.
  if (!(std::fabs(v) < 8388608.0f))
    return v;
  float r = std::floor(v);
  float frac = v - r; // Exact: the bits of v below the units place.
  if (frac > 0.5f || (frac == 0.5f && std::fmod(r, 2.0f) != 0.0f))
    r += 1.0f;
  return std::copysign(r, v); // Keep the sign of zero, like nearbyint.
}

} // namespace ref
} // namespace qgemm
