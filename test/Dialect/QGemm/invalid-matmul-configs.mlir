// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the configs of a matmul against its scheme and shape (mma tile,
// K tiling, split-K) and the ordering of M variants. Shape: N = 256,
// K = 1024, int8 (mma m16n8k32).

// A valid two-variant config verifies.
func.func @two_variants_ok(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 16], split_k = 4, max_m = 16>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64]>]}
  return
}

// -----

func.func @negative_empty_configs(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected at least one config}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = []}
  return
}

// -----

func.func @negative_last_config_bounded(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected the last config to have no M bound (max_m = 0), got max_m = 16}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 16], max_m = 16>]}
  return
}

// -----

// With a static M the last config may be bounded, by M or more.
func.func @negative_last_config_below_static_m(%x: memref<32x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<32x256xf16>) {
  // expected-error @+1 {{expected the last config to have no M bound (max_m = 0) or one of at least M (32), got max_m = 16}}
  qgemm.matmul lhs(%x : memref<32x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<32x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 16], max_m = 16>]}
  return
}

// -----

func.func @negative_configs_not_increasing(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected configs in increasing max_m, got max_m = 16 after 64}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], max_m = 64>, #qgemm.config<cta_tile = [16, 64, 64], warp_tile = [16, 16], max_m = 16>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64]>]}
  return
}

// -----

func.func @negative_warp_tile_not_mma_multiple(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected warp tile [8, 64] to be a multiple of the mma tile [16, 8]}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [8, 64]>]}
  return
}

// -----

func.func @negative_cta_k_not_mma_multiple(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected cta tile K (48) to be a multiple of the mma K (32)}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 48], warp_tile = [64, 64]>]}
  return
}

// -----

func.func @negative_split_k_too_large(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected split_k (16) to be at most the number of K tiles (8)}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 16], split_k = 16>]}
  return
}

// -----

// A BSR register-direct variant splits a block row's K / 32 = 8 blocks.
func.func @negative_bsr_register_split_k(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected split_k (9) to be at most the number of block columns (8) with operands = registers}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, split_k = 9, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 8], stages = 4>]}
  return
}

// -----

func.func @negative_wgmma_not_sm90a(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected target sm_90a for a config with mma = wgmma, got sm_90}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], mma = wgmma>]}
  return
}

// -----

func.func @negative_wgmma_k_bytes(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected cta tile K of 128 bytes of 'i8' with mma = wgmma (one swizzled row), got 64 (64 bytes)}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], mma = wgmma>]}
  return
}

// -----

func.func @negative_min_fill_not_bsr(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected min_fill only with bsr weights (it bounds nnzb), got min_fill = 35}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], min_fill = 35>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64]>]}
  return
}

// -----

func.func @negative_min_fill_last(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a config with min_fill = 35 to be followed by one with the same max_m (0) and a lower min_fill, for the sparser weights}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], max_m = 16>, #qgemm.config<cta_tile = [64, 64, 32], warp_tile = [32, 32], min_fill = 35>]}
  return
}

// -----

func.func @negative_min_fill_not_lower(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a config with min_fill = 18 to be followed by one with the same max_m (0) and a lower min_fill, for the sparser weights}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [64, 64, 32], warp_tile = [32, 32], min_fill = 18>, #qgemm.config<cta_tile = [64, 64, 32], warp_tile = [32, 32], min_fill = 35>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 16]>]}
  return
}

// -----

func.func @tail_split_not_w8a8(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  // expected-error @+1 {{expected tail_split only with int8 weights and quantized activations (W8A8) or with operands = register_a (W4A16), got tail_split = 4}}
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], tail_split = 4>]}
  return
}

// -----

// The row split is BSR's and W4A16's (a partial last wave of their tiles);
// W8A8 has its own schedules for a partial wave.
func.func @row_split_w8a8(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected row_split only with bsr or int4 weights, got row_split = 1024}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 64], row_split = 1024, row_rest = 512>]}
  return
}

// -----

// The TMA ring copies int8 rows as they are: W8A8, or W4A16 with
// operands = register_a (each warp converts its words after the copy), not
// W4A16's shared wgmma tiles (dequantized into shared memory after it).
func.func @negative_tma_w4a16(%x: memref<?x256xf16>, %w: memref<32x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected int8 weights and quantized activations (W8A8), int4 weights with operands = register_a (W4A16), or bsr weights (union tiles), with copy = tma}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}

// -----

// The same with a producer warpgroup.
func.func @negative_tma_producer_w4a16(%x: memref<?x256xf16>, %w: memref<32x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected int8 weights and quantized activations (W8A8), int4 weights with operands = register_a (W4A16), or bsr weights (union tiles), with copy = tma_producer}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}

// -----

// The stream-K grid adds int32 partials: W8A8 only.
func.func @stream_k_not_w8a8(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  // expected-error @+1 {{expected stream_k only with int8 weights and quantized activations (W8A8)}}
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, stream_k = true>]}
  return
}

// -----

// Thread block clusters need sm_90.
func.func @cluster_split_sm80(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  // expected-error @+1 {{expected target sm_90 or later for a config with cluster_split = true (thread block clusters), got sm_80}}
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_80">,
       configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, split_k = 2, cluster_split = true>]}
  return
}

// -----

// BSR splits its block rows in slices of its own.
func.func @cluster_split_bsr(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x1024xf16>) {
  // expected-error @+1 {{expected cluster_split only with W8A8 or W4A16 (BSR splits its block rows)}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%row_ptr, %col_idx, %blocks : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, mma = wgmma, cluster_split = true>]}
  return
}

// -----

// BSR's TMA ring is the union tiles' (several block rows a tile).
func.func @tma_bsr_one_row(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x1024xf16>) {
  // expected-error @+1 {{expected cta tile N of at least 64 (a union of block rows) with copy = tma_producer for bsr weights, got 32}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%row_ptr, %col_idx, %blocks : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}

// -----

// BSR's TMA ring holds one block column (K 32) or two (K 64) a slot.
func.func @tma_bsr_k128(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x1024xf16>) {
  // expected-error @+1 {{expected cta tile K of 32 or 64 with copy = tma for bsr weights, got 128}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%row_ptr, %col_idx, %blocks : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}

// -----

// W8A8's TMA ring holds 128-byte rows (K 128), not BSR's 64-byte ones.
func.func @tma_w8a8_k32(%x: memref<?x4096xf16>, %wq: memref<4096x4096xi8>, %s: memref<4096xf32>, %y: memref<?x4096xf16>) {
  // expected-error @+1 {{expected cta tile K of 128 with copy = tma_producer for W8A8, got 32}}
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}

// -----

// An empty weight (N = 0) has no tile: qgemm-configure divided by zero on it.
func.func @negative_empty_n(%x: memref<?x1024xf16>, %w: memref<0x1024xi8>, %sw: memref<0xf32>, %y: memref<?x0xf16>) {
  // expected-error @+1 {{expected N >= 1 and K >= 1, got N = 0, K = 1024}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<0x1024xi8>, memref<0xf32>) outs(%y : memref<?x0xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// Register-direct blocks of 32 or 64 rows are the int4 kernels' (tokens as
// mma's N); W8A8's and BSR's cover one 16-row mma tile.
func.func @negative_w8a8_register_rows(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected cta tile M of 16 with operands = registers for int8 weights (32 and 64 rows a block are the int4 kernels'), got 32}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [32, 16, 1024], warp_tile = [32, 16], max_m = 32, operands = registers>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64]>]}
  return
}

// -----

func.func @negative_bsr_register_rows(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected cta tile M of 16 with operands = registers for bsr weights (32 and 64 rows a block are the int4 kernels'), got 64}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [64, 32, 128], warp_tile = [64, 32], stages = 2, max_m = 64, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 8], stages = 4>]}
  return
}
