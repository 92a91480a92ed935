// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the weight operands of W8A8 (int8 per-channel weights).

func.func @negative_w8a8_missing_scales(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected 2 weight operands (wq, scales) for int8 weights, got 1}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w : memref<64x64xi8>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// Wq is [N, K]: here it is transposed.
func.func @negative_w8a8_transposed_weight(%x: memref<?x64xf16>, %w: memref<64x128xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected wq of type 'memref<128x64xi8>', got 'memref<64x128xi8>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x128xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_w8a8_f16_scales(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected weight scales of type 'memref<64xf32>', got 'memref<64xf16>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
