// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the activation operand and its scales against lhs_encoding, and
// the activation / weight combinations the dialect defines.

func.func @negative_f32_lhs_for_i8(%x: memref<?x64xf32>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected lhs element type 'i8' (quantized) or f16 (quantized in the kernel), got 'f32'}}
  qgemm.matmul lhs(%x : memref<?x64xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_i8_lhs_for_f16_encoding(%x: memref<?x64xi8>, %w: memref<8x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected lhs element type 'f16' (from lhs_encoding), got 'i8'}}
  qgemm.matmul lhs(%x : memref<?x64xi8>) weights(%w, %s : memref<8x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// -----

// A pre-quantized int8 activation needs its per-token scales.
func.func @negative_prequantized_without_scales(%x: memref<?x64xi8>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected 1 lhs_scales operands, got 0}}
  qgemm.matmul lhs(%x : memref<?x64xi8>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// An fp16 activation quantized in the kernel computes its own scales.
func.func @negative_fused_with_scales(%x: memref<?x64xf16>, %sx: memref<?xf32>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected 0 lhs_scales operands, got 1}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_token_scales_wrong_m(%x: memref<4x64xi8>, %sx: memref<5xf32>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<4x64xf16>) {
  // expected-error @+1 {{expected lhs scales of type 'memref<4xf32>', got 'memref<5xf32>'}}
  qgemm.matmul lhs(%x : memref<4x64xi8>) lhs_scales(%sx : memref<5xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<4x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_bsr_with_i8_activation(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{unsupported scheme: 'i8' activations with bsr weights}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
