// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the BSR weight operands: block size dividing N and K, row_ptr,
// col_idx and blocks shapes and their agreement on nnzb.

func.func @negative_bsr_missing_blocks(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<?xi32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected 3 weight operands (row_ptr, col_idx, blocks) for bsr weights, got 2}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci : memref<3xi32>, memref<?xi32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

// N = 40 is not a whole number of 32-row blocks.
func.func @negative_bsr_block_not_dividing_n(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x40xf16>) {
  // expected-error @+1 {{expected bsr block rows (32) to divide N (40)}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x40xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

// K = 80 is a multiple of the mma K (16) but not of the block (32).
func.func @negative_bsr_block_not_dividing_k(%x: memref<?x80xf16>, %rp: memref<3xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected bsr block columns (32) to divide K (80)}}
  qgemm.matmul lhs(%x : memref<?x80xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

// row_ptr has N/32 + 1 = 3 entries.
func.func @negative_bsr_row_ptr_length(%x: memref<?x64xf16>, %rp: memref<2xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected row_ptr of type 'memref<3xi32>', got 'memref<2xi32>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<2xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

func.func @negative_bsr_col_idx_i64(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<?xi64>, %b: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected col_idx of type 'memref<?xi32>', got 'memref<?xi64>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<?xi64>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

func.func @negative_bsr_blocks_shape(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<?xi32>, %b: memref<?x16x16xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected blocks of type 'memref<?x32x32xf16>', got 'memref<?x16x16xf16>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<?xi32>, memref<?x16x16xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

func.func @negative_bsr_nnzb_mismatch(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<12xi32>, %b: memref<10x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected blocks dimension 0 (10) to match the length of col_idx (12)}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<12xi32>, memref<10x32x32xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// -----

// operands = register_a dequantizes int4 weights into wgmma's register A:
// W4A16 only.
func.func @negative_bsr_register_a(%x: memref<?x1024xf16>, %rp: memref<33xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x1024xf16>) {
  // expected-error @+1 {{expected int4 weights and an fp16 activation (W4A16) with operands = register_a, the weights dequantized into wgmma's register operand}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%rp, %ci, %b : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x1024xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a>]}
  return
}

// -----

// The stub cuts a call's rows in two with row_split: M must be a run-time
// size.
func.func @negative_bsr_row_split_static_m(%x: memref<2048x1024xf16>, %rp: memref<33xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<2048x1024xf16>) {
  // expected-error @+1 {{expected a dynamic M with row_split (the stub cuts M into two calls), got M = 2048}}
  qgemm.matmul lhs(%x : memref<2048x1024xf16>) weights(%rp, %ci, %b : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<2048x1024xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, row_split = 1024, row_rest = 512>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}
