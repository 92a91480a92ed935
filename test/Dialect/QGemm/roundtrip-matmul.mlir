// RUN: qgemm-opt %s | qgemm-opt | FileCheck %s
// Covers: the pretty form of qgemm.matmul for every scheme prints and parses
// back unchanged (W8A8 fused and pre-quantized, W4A16 per-channel and
// grouped, BSR with static and dynamic nnzb, static M, int8 weights with
// padded rows).

// CHECK-LABEL: func @w8a8_fused_quantize_m_dynamic
// CHECK: qgemm.matmul lhs(%{{[a-z0-9]+}} : memref<?x4096xf16>) weights(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<4096x4096xi8>, memref<4096xf32>) outs(%{{[a-z0-9]+}} : memref<?x4096xf16>)
// CHECK-SAME: lhs_encoding = #qgemm.act<i8, per_token>
// CHECK-SAME: weight_encoding = #qgemm.weight<format = int8, scales = per_channel>
func.func @w8a8_fused_quantize_m_dynamic(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// CHECK-LABEL: func @w8a8_prequantized
// CHECK: qgemm.matmul lhs(%[[XQ:.*]] : memref<?x1024xi8>) lhs_scales(%[[SX:.*]] : memref<?xf32>) weights(
func.func @w8a8_prequantized(%xq: memref<?x1024xi8>, %sx: memref<?xf32>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%xq : memref<?x1024xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// Padded weight rows: 4224 bytes apart for K = 4128.
// CHECK-LABEL: func @w8a8_padded_weight_rows
// CHECK: weights(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<2056x4128xi8, strided<[4224, 1]>>, memref<2056xf32>)
func.func @w8a8_padded_weight_rows(%x: memref<?x4128xf16>, %w: memref<2056x4128xi8, strided<[4224, 1]>>, %sw: memref<2056xf32>, %y: memref<?x2056xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>) weights(%w, %sw : memref<2056x4128xi8, strided<[4224, 1]>>, memref<2056xf32>) outs(%y : memref<?x2056xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// An activation the caller quantized with padded rows: 4224 bytes apart
// for K = 4128.
// CHECK-LABEL: func @w8a8q_padded_activation_rows
// CHECK: lhs(%{{[a-z0-9]+}} : memref<?x4128xi8, strided<[4224, 1]>>)
func.func @w8a8q_padded_activation_rows(%xq: memref<?x4128xi8, strided<[4224, 1]>>, %sx: memref<?xf32>, %w: memref<2056x4128xi8>, %sw: memref<2056xf32>, %y: memref<?x2056xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4128xi8, strided<[4224, 1]>>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<2056x4128xi8>, memref<2056xf32>) outs(%y : memref<?x2056xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// CHECK-LABEL: func @w4a16_group64_m_static
// CHECK: weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>
func.func @w4a16_group64_m_static(%x: memref<16x512xf16>, %w: memref<64x128xi32>, %s: memref<8x128xf16>, %y: memref<16x128xf16>) {
  qgemm.matmul lhs(%x : memref<16x512xf16>) weights(%w, %s : memref<64x128xi32>, memref<8x128xf16>) outs(%y : memref<16x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>}
  return
}

// CHECK-LABEL: func @bsr_static_nnzb
// CHECK: weights(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<3xi32>, memref<3xi32>, memref<3x32x32xf16>)
// CHECK-SAME: #qgemm.weight<format = bsr, block = [32, 32]>
func.func @bsr_static_nnzb(%x: memref<?x64xf16>, %rp: memref<3xi32>, %ci: memref<3xi32>, %b: memref<3x32x32xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%rp, %ci, %b : memref<3xi32>, memref<3xi32>, memref<3x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
