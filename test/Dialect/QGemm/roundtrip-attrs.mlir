// RUN: qgemm-opt %s | qgemm-opt | FileCheck %s
// Covers: every encoding form the dialect describes, including the ones
// whose kernels come later (W8A16, W4A8, int4 zero points, FP8 block-scaled,
// bf16), targets and multi-variant configs with defaults elided.

// CHECK-LABEL: func @configs_two_variants
// CHECK: qgemm.matmul
// CHECK-SAME: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 16], stages = 4, max_m = 4, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 128, 128], warp_tile = [16, 32], stages = 4, split_k = 4, max_m = 16>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64]>]
// CHECK-SAME: target = #qgemm.target<"sm_90a">
func.func @configs_two_variants(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 16], stages = 4, max_m = 4, operands = registers, fuse_quantize = true>,
                  #qgemm.config<cta_tile = [16, 128, 128], warp_tile = [16, 32], stages = 4, split_k = 4, max_m = 16, operands = shared, fuse_quantize = false>,
                  #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 256, mma = wgmma>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 3, split_k = 1, mma = mma_sync>]}
  return
}

// CHECK-LABEL: func @w8a16
// CHECK: lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>
func.func @w8a16(%x: memref<?x128xf16>, %w: memref<64x128xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x128xf16>) weights(%w, %sw : memref<64x128xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// CHECK-LABEL: func @w4a8_group128_zero_points
// CHECK: #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>
func.func @w4a8_group128_zero_points(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<2x64xf16>, %z: memref<2x8xi32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s, %z : memref<32x64xi32>, memref<2x64xf16>, memref<2x8xi32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// CHECK-LABEL: func @w4a16_fragment_order
// CHECK: #qgemm.weight<format = int4, scales = per_group, group_size = 64, zero_points = true, fragment_order = true>
// CHECK-LABEL: func @w4a16_seed_order
// CHECK-NOT: fragment_order
// CHECK: return
func.func @w4a16_fragment_order(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<4x64xf16>, %z: memref<4x8xi32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s, %z : memref<32x64xi32>, memref<4x64xf16>, memref<4x8xi32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64, zero_points = true, fragment_order = true>}
  return
}
func.func @w4a16_seed_order(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel, fragment_order = false>}
  return
}

// CHECK-LABEL: func @fp8_block_scaled
// CHECK: lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>
// CHECK-SAME: weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>
func.func @fp8_block_scaled(%x: memref<?x256xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<128x256xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<128x256xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>,
       target = #qgemm.target<"sm_90">}
  return
}

// CHECK-LABEL: func @w4a16_bf16
// CHECK: lhs_encoding = #qgemm.act<bf16>
func.func @w4a16_bf16(%x: memref<?x64xbf16>, %w: memref<8x64xi32>, %s: memref<64xbf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x64xbf16>) weights(%w, %s : memref<8x64xi32>, memref<64xbf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<bf16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
