//===- Bsr.cpp - Block sparse row reference -------------------------------===//
//
// Part of the qgemm project.
//
//===----------------------------------------------------------------------===//
//
// Dense -> BSR conversion (torch's `to_sparse_bsr((32, 32))` layout), BSR
// validation and the dense x sparse reference matmul.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Reference/Reference.h"

#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace qgemm {
namespace ref {

namespace {

constexpr int64_t kBlockElems = kBsrBlock * kBsrBlock;

std::string nullError(const char *name, int64_t elements) {
  return std::string(name) + " is null but must hold " +
         std::to_string(elements) + " elements";
}

} // namespace

BsrMatrix denseToBsr(const uint16_t *w, int64_t n, int64_t k,
                     std::string *error) {
  auto fail = [&](std::string message) {
    if (error)
      *error = std::move(message);
    BsrMatrix empty;
    empty.rowPtr.push_back(0);
    return empty;
  };
  if (std::string err = checkBsrShape(n, k); !err.empty())
    return fail(err);
  int64_t blockRows = n / kBsrBlock, blockCols = k / kBsrBlock;
  if (blockCols > 0 &&
      blockRows > std::numeric_limits<int32_t>::max() / blockCols)
    return fail("n / 32 * k / 32 = " + std::to_string(blockRows) + " * " +
                std::to_string(blockCols) +
                " blocks do not fit the int32 row_ptr / col_idx indices");
  if (!w && n * k > 0)
    return fail(nullError("w", n * k));

  BsrMatrix out;
  out.n = n;
  out.k = k;
  out.rowPtr.reserve(static_cast<size_t>(blockRows + 1));
  out.rowPtr.push_back(0);
  for (int64_t r = 0; r < blockRows; ++r) {
    for (int64_t c = 0; c < blockCols; ++c) {
      bool nonZero = false;
      for (int64_t i = 0; i < kBsrBlock && !nonZero; ++i)
        for (int64_t j = 0; j < kBsrBlock; ++j)
          // Everything but +0 and -0 (NaN included) keeps the block.
          if ((w[(r * kBsrBlock + i) * k + c * kBsrBlock + j] & 0x7FFFu) != 0) {
            nonZero = true;
            break;
          }
      if (!nonZero)
        continue;
      out.colIdx.push_back(static_cast<int32_t>(c));
      for (int64_t i = 0; i < kBsrBlock; ++i)
        for (int64_t j = 0; j < kBsrBlock; ++j)
          out.blocks.push_back(w[(r * kBsrBlock + i) * k + c * kBsrBlock + j]);
    }
    out.rowPtr.push_back(static_cast<int32_t>(out.colIdx.size()));
  }
  if (error)
    error->clear();
  return out;
}

std::string validateBsr(const BsrMatrix &w) {
  if (std::string err = checkBsrShape(w.n, w.k); !err.empty())
    return err;
  int64_t blockRows = w.n / kBsrBlock, blockCols = w.k / kBsrBlock;
  int64_t nnzb = static_cast<int64_t>(w.colIdx.size());
  const std::vector<int32_t> &rowPtr = w.rowPtr;

  if (static_cast<int64_t>(rowPtr.size()) != blockRows + 1)
    return "row_ptr has " + std::to_string(rowPtr.size()) +
           " entries, expected n / 32 + 1 = " + std::to_string(blockRows + 1);
  if (rowPtr[0] != 0)
    return "row_ptr[0] = " + std::to_string(rowPtr[0]) + " must be 0";
  for (int64_t r = 1; r <= blockRows; ++r)
    if (rowPtr[r] < rowPtr[r - 1])
      return "row_ptr must be non-decreasing: row_ptr[" + std::to_string(r) +
             "] = " + std::to_string(rowPtr[r]) + " is less than row_ptr[" +
             std::to_string(r - 1) + "] = " + std::to_string(rowPtr[r - 1]);
  if (rowPtr[blockRows] != nnzb)
    return "row_ptr[last] (" + std::to_string(rowPtr[blockRows]) +
           ") must equal nnzb (" + std::to_string(nnzb) +
           "), the number of col_idx entries";

  for (int64_t b = 0; b < nnzb; ++b)
    if (w.colIdx[b] < 0 || w.colIdx[b] >= blockCols)
      return "col_idx[" + std::to_string(b) +
             "] = " + std::to_string(w.colIdx[b]) + " is out of range [0, " +
             std::to_string(blockCols) + ")";
  for (int64_t r = 0; r < blockRows; ++r)
    for (int64_t b = rowPtr[r] + 1; b < rowPtr[r + 1]; ++b)
      if (w.colIdx[b] <= w.colIdx[b - 1])
        return "col_idx must be strictly increasing within block row " +
               std::to_string(r) + ": col_idx[" + std::to_string(b) +
               "] = " + std::to_string(w.colIdx[b]) + " follows col_idx[" +
               std::to_string(b - 1) + "] = " + std::to_string(w.colIdx[b - 1]);

  if (static_cast<int64_t>(w.blocks.size()) != nnzb * kBlockElems)
    return "blocks has " + std::to_string(w.blocks.size()) +
           " elements, expected nnzb * 32 * 32 = " +
           std::to_string(nnzb * kBlockElems);
  return "";
}

std::string matmulBsr(const uint16_t *x, const BsrMatrix &w, int64_t m,
                      uint16_t *y) {
  if (std::string err = validateBsr(w); !err.empty())
    return err;
  if (m < 0)
    return "m = " + std::to_string(m) + " must be non-negative";
  int64_t n = w.n, k = w.k;
  if (!x && m * k > 0)
    return nullError("x", m * k);
  if (!y && m * n > 0)
    return nullError("y", m * n);

  int64_t blockRows = n / kBsrBlock;
  std::vector<float> blocks(w.blocks.size());
  for (size_t i = 0; i < blocks.size(); ++i)
    blocks[i] = halfToFloat(w.blocks[i]);
  std::vector<double> xRow(static_cast<size_t>(k));
  double acc[kBsrBlock];
  for (int64_t r = 0; r < m; ++r) {
    for (int64_t kk = 0; kk < k; ++kk)
      xRow[kk] = static_cast<double>(halfToFloat(x[r * k + kk]));
    for (int64_t br = 0; br < blockRows; ++br) {
      for (double &a : acc)
        a = 0.0;
      // Blocks are in ascending column order, so each output sums over k in
      // ascending order, like matmulF16 (skipped blocks only add zeros).
      for (int64_t b = w.rowPtr[br]; b < w.rowPtr[br + 1]; ++b) {
        const float *block = blocks.data() + b * kBlockElems;
        const double *xBlock = xRow.data() + w.colIdx[b] * kBsrBlock;
        for (int64_t i = 0; i < kBsrBlock; ++i)
          for (int64_t j = 0; j < kBsrBlock; ++j)
            acc[i] += xBlock[j] * static_cast<double>(block[i * kBsrBlock + j]);
      }
      for (int64_t i = 0; i < kBsrBlock; ++i)
        y[r * n + br * kBsrBlock + i] = doubleToHalf(acc[i]);
    }
  }
  return "";
}

} // namespace ref
} // namespace qgemm
