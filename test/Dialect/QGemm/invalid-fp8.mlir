// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: FP8 block-scaled operands (1 x 128 activation blocks, 128 x 128
// weight blocks); the kernel comes later, the contract is checked now.

func.func @negative_fp8_n_not_multiple_of_128(%x: memref<?x256xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<64x256xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected weight block rows (128) to divide N (64)}}
  qgemm.matmul lhs(%x : memref<?x256xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<64x256xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>}
  return
}

// -----

func.func @negative_fp8_activation_block_not_dividing_k(%x: memref<?x192xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<128x192xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected activation block (128) to divide K (192)}}
  qgemm.matmul lhs(%x : memref<?x192xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<128x192xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x128xf16>) {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>}
  return
}

// -----

func.func @negative_fp8_weight_scales(%x: memref<?x256xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<128x256xf8E4M3FN>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected weight scales of type 'memref<1x2xf32>', got 'memref<128xf32>'}}
  qgemm.matmul lhs(%x : memref<?x256xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<128x256xf8E4M3FN>, memref<128xf32>) outs(%y : memref<?x128xf16>) {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>}
  return
}

// -----

func.func @negative_fp8_scheme_with_f16(%x: memref<?x256xf16>, %w: memref<128x256xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{unsupported scheme: 'f16' activations with fp8_e4m3 weights}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>}
  return
}
