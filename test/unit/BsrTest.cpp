//===- BsrTest.cpp - BSR conversion, validation and matmul tests ----------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// denseToBsr layouts worked out by hand, validateBsr messages, and matmulBsr
// against dense matmuls.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace qgemm::ref;

namespace {

/// W [96, 64] (3 x 2 blocks of 32 x 32), zero except:
///   W[2, 37] = 1.0     -> block row 0, block column 1, (i, j) = (2, 5)
///   W[40, 10] = -0.0   -> block row 1 stays empty (-0 is zero)
///   W[95, 0] = 2.0     -> block row 2, block column 0, (i, j) = (31, 0)
///   W[64, 63] = -3.0   -> block row 2, block column 1, (i, j) = (0, 31)
std::vector<uint16_t> sparseDense96x64() {
  std::vector<uint16_t> w(96 * 64, 0x0000);
  w[2 * 64 + 37] = 0x3C00;
  w[40 * 64 + 10] = 0x8000;
  w[95 * 64 + 0] = 0x4000;
  w[64 * 64 + 63] = 0xC200;
  return w;
}

TEST(BsrTest, DenseToBsrWithEmptyBlockRow) {
  std::vector<uint16_t> w = sparseDense96x64();
  std::string error = "stale";
  BsrMatrix bsr = denseToBsr(w.data(), 96, 64, &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(bsr.n, 96);
  EXPECT_EQ(bsr.k, 64);
  // Block rows hold 1, 0 and 2 blocks: row_ptr repeats for the empty row.
  EXPECT_EQ(bsr.rowPtr, (std::vector<int32_t>{0, 1, 1, 3}));
  EXPECT_EQ(bsr.colIdx, (std::vector<int32_t>{1, 0, 1}));
  ASSERT_EQ(bsr.blocks.size(), 3u * 1024u);
  // Element (i, j) of block b is at b * 1024 + i * 32 + j.
  EXPECT_EQ(bsr.blocks[0 * 1024 + 2 * 32 + 5], 0x3C00);
  EXPECT_EQ(bsr.blocks[1 * 1024 + 31 * 32 + 0], 0x4000);
  EXPECT_EQ(bsr.blocks[2 * 1024 + 0 * 32 + 31], 0xC200);
  int nonZero = 0;
  for (uint16_t v : bsr.blocks)
    nonZero += v != 0;
  EXPECT_EQ(nonZero, 3);
  EXPECT_EQ(validateBsr(bsr), "");

  // X = one row of ones: y[n] = sum_k W[n, k].
  // y[2] = 1, y[64] = -3, y[95] = 2; the empty block row (32..63) is +0.
  std::vector<uint16_t> x(64, 0x3C00);
  std::vector<uint16_t> y(96, 0x7E00);
  ASSERT_EQ(matmulBsr(x.data(), bsr, 1, y.data()), "");
  for (int i = 0; i < 96; ++i) {
    uint16_t expected = i == 2    ? 0x3C00
                        : i == 64 ? 0xC200
                        : i == 95 ? 0x4000
                                  : 0x0000;
    EXPECT_EQ(y[i], expected) << "n = " << i;
  }
}

TEST(BsrTest, AllZeroMatrixHasNoBlocks) {
  std::vector<uint16_t> w(64 * 64, 0x8000); // -0 everywhere.
  BsrMatrix bsr = denseToBsr(w.data(), 64, 64);
  EXPECT_EQ(bsr.rowPtr, (std::vector<int32_t>{0, 0, 0}));
  EXPECT_TRUE(bsr.colIdx.empty());
  EXPECT_TRUE(bsr.blocks.empty());
  EXPECT_EQ(validateBsr(bsr), "");
  std::vector<uint16_t> x(2 * 64, 0x3C00);
  std::vector<uint16_t> y(2 * 64, 0x7E00);
  ASSERT_EQ(matmulBsr(x.data(), bsr, 2, y.data()), "");
  EXPECT_EQ(y, std::vector<uint16_t>(2 * 64, 0x0000));
}

TEST(BsrTest, DenseToBsrRejectsBadShape) {
  std::vector<uint16_t> w(40 * 64, 0x3C00);
  std::string error;
  BsrMatrix bsr = denseToBsr(w.data(), 40, 64, &error);
  EXPECT_EQ(error, "n = 40 must be a multiple of 32 (the bsr block size)");
  EXPECT_EQ(bsr.n, 0);
  EXPECT_EQ(bsr.k, 0);
  EXPECT_EQ(bsr.rowPtr, (std::vector<int32_t>{0}));
  EXPECT_EQ(validateBsr(bsr), "");
  denseToBsr(w.data(), 32, 48, &error);
  EXPECT_EQ(error, "k = 48 must be a multiple of 32 (the bsr block size)");
}

TEST(BsrTest, MatmulBsrMatchesDenseRandom64x96) {
  // W [64, 96]: 2 x 3 blocks; zero out blocks (0, 1), (1, 0) and (1, 2),
  // leaving (0, 0), (0, 2) and (1, 1).
  const int64_t n = 64, k = 96, m = 5;
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<uint16_t> w(n * k);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < k; ++c) {
      int64_t br = r / 32, bc = c / 32;
      bool dropped = (br == 0 && bc == 1) || (br == 1 && bc != 1);
      w[r * k + c] = dropped ? 0 : floatToHalf(dist(rng));
    }
  std::vector<uint16_t> x(m * k);
  for (uint16_t &v : x)
    v = floatToHalf(dist(rng));

  BsrMatrix bsr = denseToBsr(w.data(), n, k);
  ASSERT_EQ(validateBsr(bsr), "");
  EXPECT_EQ(bsr.rowPtr, (std::vector<int32_t>{0, 2, 3}));
  EXPECT_EQ(bsr.colIdx, (std::vector<int32_t>{0, 2, 1}));

  std::vector<uint16_t> ySparse(m * n, 0x7E00), yDense(m * n, 0x7E01);
  ASSERT_EQ(matmulBsr(x.data(), bsr, m, ySparse.data()), "");
  ASSERT_EQ(matmulF16(x.data(), w.data(), m, n, k, yDense.data()), "");
  // Same summation order (skipped blocks only contribute zeros): bit-equal.
  EXPECT_EQ(ySparse, yDense);

  // And both agree with a naive fp64 product to within one fp16 rounding.
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < n; ++c) {
      double ref = 0;
      for (int64_t kk = 0; kk < k; ++kk)
        ref += double(halfToFloat(x[r * k + kk])) *
               double(halfToFloat(w[c * k + kk]));
      EXPECT_NEAR(halfToFloat(ySparse[r * n + c]), ref,
                  std::fabs(ref) * 0.00049 + 1e-7);
    }
}

TEST(BsrTest, ValidateCatchesOutOfRangeColIdx) {
  // n = 32, k = 1024: one block row, 32 block columns, 4 stored blocks.
  BsrMatrix bsr;
  bsr.n = 32;
  bsr.k = 1024;
  bsr.rowPtr = {0, 4};
  bsr.colIdx = {0, 1, 2, 3};
  bsr.blocks.assign(4 * 1024, 0x3C00);
  ASSERT_EQ(validateBsr(bsr), "");
  bsr.colIdx[3] = 40;
  EXPECT_EQ(validateBsr(bsr), "col_idx[3] = 40 is out of range [0, 32)");
  bsr.colIdx[3] = 3;
  bsr.colIdx[0] = -1;
  EXPECT_EQ(validateBsr(bsr), "col_idx[0] = -1 is out of range [0, 32)");

  // matmulBsr refuses it and writes nothing.
  std::vector<uint16_t> x(1024, 0x3C00), y(32, 0x7E00);
  EXPECT_EQ(matmulBsr(x.data(), bsr, 1, y.data()),
            "col_idx[0] = -1 is out of range [0, 32)");
  EXPECT_EQ(y, std::vector<uint16_t>(32, 0x7E00));
}

TEST(BsrTest, ValidateCatchesBadRowPtr) {
  std::vector<uint16_t> w = sparseDense96x64();
  const BsrMatrix good = denseToBsr(w.data(), 96, 64); // row_ptr 0, 1, 1, 3
  BsrMatrix bsr = good;
  bsr.rowPtr = {0, 2, 1, 3};
  EXPECT_EQ(validateBsr(bsr), "row_ptr must be non-decreasing: row_ptr[2] = 1 "
                              "is less than row_ptr[1] = 2");
  bsr.rowPtr = {1, 1, 1, 3};
  EXPECT_EQ(validateBsr(bsr), "row_ptr[0] = 1 must be 0");
  bsr.rowPtr = {0, 1, 1, 2};
  EXPECT_EQ(validateBsr(bsr), "row_ptr[last] (2) must equal nnzb (3), the "
                              "number of col_idx entries");
  bsr.rowPtr = {0, 1, 3};
  EXPECT_EQ(validateBsr(bsr), "row_ptr has 3 entries, expected n / 32 + 1 = 4");
}

TEST(BsrTest, ValidateCatchesOtherDefects) {
  std::vector<uint16_t> w = sparseDense96x64();
  const BsrMatrix good = denseToBsr(w.data(), 96, 64);
  BsrMatrix bsr = good;
  bsr.blocks.pop_back();
  EXPECT_EQ(validateBsr(bsr),
            "blocks has 3071 elements, expected nnzb * 32 * 32 = 3072");
  bsr = good;
  bsr.colIdx = {1, 1, 0}; // Block row 2 lists column 1 before column 0.
  EXPECT_EQ(validateBsr(bsr), "col_idx must be strictly increasing within "
                              "block row 2: col_idx[2] = 0 follows "
                              "col_idx[1] = 1");
  bsr = good;
  bsr.n = 33;
  EXPECT_EQ(validateBsr(bsr),
            "n = 33 must be a multiple of 32 (the bsr block size)");
  bsr = good;
  bsr.k = -32;
  EXPECT_EQ(validateBsr(bsr), "k = -32 must be non-negative");
}

} // namespace
