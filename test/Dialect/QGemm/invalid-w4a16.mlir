// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the weight operands of W4A16: packing along K, scales per channel
// or per group, the group size dividing K, and zero points.

// Wq is packed along K: [K/8, N], not [N, K/8].
func.func @negative_w4a16_packed_along_n(%x: memref<?x256xf16>, %w: memref<64x32xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected packed wq of type 'memref<32x64xi32>', got 'memref<64x32xi32>'}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<64x32xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// -----

func.func @negative_w4a16_per_channel_scales_f32(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected weight scales of type 'memref<64xf16>', got 'memref<64xf32>'}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// -----

// K = 4160 = 32.5 groups of 128.
func.func @negative_group_not_dividing_k(%x: memref<?x4160xf16>, %w: memref<520x64xi32>, %s: memref<33x64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected group size (128) to divide K (4160)}}
  qgemm.matmul lhs(%x : memref<?x4160xf16>) weights(%w, %s : memref<520x64xi32>, memref<33x64xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// -----

func.func @negative_group_scales_shape(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected weight scales of type 'memref<2x64xf16>', got 'memref<64xf16>'}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// -----

func.func @negative_zero_points_missing(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<2x64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected 3 weight operands (wq, scales, zeros) for int4 weights, got 2}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<2x64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// -----

// Zero points are packed 8 per int32 along N: [K/G, N/8].
func.func @negative_zero_points_shape(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<2x64xf16>, %z: memref<2x64xi32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected zero points of type 'memref<2x8xi32>', got 'memref<2x64xi32>'}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s, %z : memref<32x64xi32>, memref<2x64xf16>, memref<2x64xi32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

