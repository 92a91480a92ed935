// RUN: qgemm-opt %s --qgemm-configure=chip=sm_90a | FileCheck %s
// Covers: with a static M, qgemm-configure keeps only the variants the stub
// can choose for that M: the first whose M range holds it (its max_m may
// stay bounded: the verifier takes a last bound of at least a static M),
// or for BSR the density choice of that range (the union tiles from a fill
// of 35%, then the one-row tiles). The chains of a dynamic M are in
// qgemm-configure.mlir.

// W8A8 at M = 48: the 64 x 64 tiles in two clustered slices of M = 33 to
// 64, alone.
// CHECK-LABEL: func.func @w8a8_m48(
// CHECK: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>]
func.func @w8a8_m48(%x: memref<48x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<48x4096xf16>) {
  qgemm.matmul lhs(%x : memref<48x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<48x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W4A16 at M = 1: the register-direct variant of M <= 8 alone.
// CHECK-LABEL: func.func @w4a16_m1(
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>]
func.func @w4a16_m1(%x: memref<1x4096xf16>, %w: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<1x4096xf16>) {
  qgemm.matmul lhs(%x : memref<1x4096xf16>) weights(%w, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<1x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// BSR at M = 4096: the density choice of the last range, both configs.
// CHECK-LABEL: func.func @bsr_m4096(
// CHECK: configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
func.func @bsr_m4096(%x: memref<4096x4096xf16>, %rp: memref<129xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<4096x4096xf16>) {
  qgemm.matmul lhs(%x : memref<4096x4096xf16>) weights(%rp, %ci, %b : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<4096x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// W8A8 at M = 5000, past every bounded variant: the unbounded last one.
// CHECK-LABEL: func.func @w8a8_m5000(
// CHECK: configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_m5000(%x: memref<5000x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<5000x4096xf16>) {
  qgemm.matmul lhs(%x : memref<5000x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<5000x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W4A16 11008 x 4096 at M = 800: the dynamic chain cuts M = 769 to 960
// into 768 rows of 256 x 128 tiles and a second call
// (addW4A16FullWaveRestCuts); one call of those tiles would take a third
// wave, so a static M keeps the 128 x 128 tiles of M = 769 to 896 (v88,
// e538: the 256 x 128 tiles whole 1.05x the time).
// CHECK-LABEL: func.func @w4a16_n11008_m800(
// CHECK: configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 896, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>]
func.func @w4a16_n11008_m800(%x: memref<800x4096xf16>, %w0: memref<512x11008xi32>, %w1: memref<11008xf16>, %y: memref<800x11008xf16>) {
  qgemm.matmul lhs(%x : memref<800x4096xf16>) weights(%w0, %w1 : memref<512x11008xi32>, memref<11008xf16>) outs(%y : memref<800x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}


// W4A16 4096 x 4096 at M = 1280: the dynamic chain cuts M = 1025 to 1280
// into 1024 rows of 256 x 128 tiles and a second call (addW4A16RowSplits);
// a static M takes the model's own tiles there, 192 x 128 (v88, e538: the
// 256 x 128 tiles whole 1.24x the time, 1.05x to 1.24x on six static M).
// CHECK-LABEL: func.func @w4a16_n4096_m1280(
// CHECK: configs = [#qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n4096_m1280(%x: memref<1280x4096xf16>, %w0: memref<512x4096xi32>, %w1: memref<4096xf16>, %y: memref<1280x4096xf16>) {
  qgemm.matmul lhs(%x : memref<1280x4096xf16>) weights(%w0, %w1 : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<1280x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}


// W4A16 1664 x 2048 at M = 2600: the dynamic chain cuts M = 2561 to 2944
// into 2560 rows of its last 256 x 128 tiles and a second call
// (addW4A16LastWaveRestCut, v89); a static M keeps
// those tiles whole, in the piece of M = 2561 to 3840 whose last wave (11
// of 132 blocks at M = 2600) splits along K (addW4A16TailSplits, v92).
// CHECK-LABEL: func.func @w4a16_n1664_m2600(
// CHECK: configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3840, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>]
func.func @w4a16_n1664_m2600(%x: memref<2600x2048xf16>, %w0: memref<256x1664xi32>, %w1: memref<1664xf16>, %y: memref<2600x1664xf16>) {
  qgemm.matmul lhs(%x : memref<2600x2048xf16>) weights(%w0, %w1 : memref<256x1664xi32>, memref<1664xf16>) outs(%y : memref<2600x1664xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
