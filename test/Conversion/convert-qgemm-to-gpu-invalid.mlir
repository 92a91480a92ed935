// RUN: qgemm-opt %s --convert-qgemm-to-gpu -split-input-file -verify-diagnostics
// Covers: what convert-qgemm-to-gpu cannot lower yet fails with a located
// error instead of a wrong kernel.

func.func @negative_not_configured(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected target and configs (run qgemm-configure first)}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_fp8_not_implemented(%x: memref<?x256xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<128x256xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{lowering is implemented for W8A8 (int8 weights; an fp16 activation quantized in the kernel, or an int8 one already quantized, with lhs_scales), for W4A16 (int4 weights, fp16 activation) and for BSR with an fp16 activation; this scheme is not implemented yet}}
  qgemm.matmul lhs(%x : memref<?x256xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<128x256xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 3, mma = wgmma>]}
  return
}

// -----

func.func @negative_w4a16_n_not_multiple_of_32(%x: memref<?x256xf16>, %w: memref<32x48xi32>, %s: memref<48xf16>, %y: memref<?x48xf16>) {
  // expected-error @+1 {{expected N (48) to be a multiple of 32 for the W4A16 kernels (one warp slab of channels)}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x48xi32>, memref<48xf16>) outs(%y : memref<?x48xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 16, 128], warp_tile = [16, 16], stages = 2, operands = registers>]}
  return
}

// -----

func.func @negative_w4a16_fuse_quantize(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected fuse_quantize = false: the W4A16 kernels take the fp16 activations unquantized, got config #qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, max_m = 4, operands = registers, fuse_quantize = true>}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, max_m = 4, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

func.func @negative_bsr_fuse_quantize(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected fuse_quantize = false: the BSR kernels take the fp16 activations unquantized}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, max_m = 2, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}

// -----

func.func @negative_w4a16_register_warp_n(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected warp tile N (16) to be a multiple of 32 for W4A16 (32-channel slabs)}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 16], stages = 2, operands = registers>]}
  return
}

// -----

func.func @negative_bsr_static_nnzb(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<4xi32>, %blocks: memref<4x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a dynamic number of stored blocks (dim 0 of col_idx and blocks, `?`) for the BSR kernels, got 'memref<4xi32>': nnzb is a run-time size of the stub}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<4xi32>, memref<4x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], stages = 4>]}
  return
}

// -----

func.func @negative_one_stage(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected stages >= 2 for the cp.async ring, got 1}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 1>]}
  return
}

// -----

// W4A16 split K: the tile counters are sized for a bounded M.
func.func @negative_w4a16_split_unbounded(%x: memref<?x512xf16>, %wq: memref<64x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected a bounded max_m for config #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], split_k = 2> (W4A16 split-K tile counters are sized for it)}}
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%wq, %s : memref<64x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_80">, configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], split_k = 2>]}
  return
}

// -----

// W4A16 wgmma: the threads of a block dequantize the K tile's words in
// whole rounds (4 warpgroups, 512 threads, 8 x 32 words).
func.func @negative_w4a16_wgmma_words(%x: memref<?x512xf16>, %wq: memref<64x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected the 8 x 32 weight words of a K tile to be a multiple of the 512 threads of config #qgemm.config<cta_tile = [256, 32, 64], warp_tile = [64, 32], mma = wgmma> (W4A16 wgmma dequantization)}}
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%wq, %s : memref<64x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 32, 64], warp_tile = [64, 32], mma = wgmma>]}
  return
}

// -----

// The W4A16 ring masks N edge tiles, not K ones: its cta tile K must
// divide K.
func.func @negative_w4a16_ring_block_k(%x: memref<?x192xf16>, %wq: memref<24x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected cta tile K (128) to divide K (192) for the W4A16 ring}}
  qgemm.matmul lhs(%x : memref<?x192xf16>) weights(%wq, %s : memref<24x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [32, 64], stages = 2>]}
  return
}

// -----

// expected-error @+1 {{expected exactly one qgemm.matmul per func (one kernel family per host stub), got 2 qgemm ops}}
func.func @negative_two_matmuls(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8]>]}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8]>]}
  return
}

// -----

// K = 8320 in 128-byte steps of one warp: 65 chunks per warp, over the 64
// the unrolled register-direct K loop allows.
func.func @negative_register_chunks(%x: memref<?x8320xf16>, %w: memref<128x8320xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected at most 64 K chunks per warp with operands = registers, got 65 (K / cta tile K); use a larger cta tile K}}
  qgemm.matmul lhs(%x : memref<?x8320xf16>) weights(%w, %sw : memref<128x8320xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 16, 128], warp_tile = [16, 16], max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32]>]}
  return
}

// -----

// Only the BSR and W4A16 register kernels split their work over the grid.
func.func @negative_register_split_k(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected split_k = 1 with operands = registers (the warps split K inside the block; only BSR and W4A16 split a register kernel's work over the grid), got 2}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 16, 128], warp_tile = [16, 16], split_k = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32]>]}
  return
}

// -----

// The host stub takes the func's arguments, each under the name of the
// operand it is (x, wq, sw, y): one the matmul does not use has no name.
func.func @negative_unused_argument(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>, %bias: memref<128xf16>) {
  // expected-error @+1 {{expected every func argument to be an operand (the host stub passes exactly those), got argument #4 ('memref<128xf16>') unused}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8]>]}
  return
}

// -----

// One argument as both the activation and the output would need two names.
func.func @negative_argument_twice(%x: memref<?x256xf16>, %w: memref<256x256xi8>, %sw: memref<256xf32>) {
  // expected-error @+1 {{expected distinct func arguments for the host stub, got argument #0 as both x and y}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<256x256xi8>, memref<256xf32>) outs(%x : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8]>]}
  return
}

// -----

// A BSR ring of one stage would refill its slot while the slot is read
// (fuzz run e206: results that differ from run to run).
func.func @negative_bsr_one_stage(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected stages >= 2 for the BSR ring, got 1}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 32], stages = 1>]}
  return
}

// -----

func.func @negative_bsr_wgmma_block_k(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected cta tile N of 32 to 256 (1 to 8 block rows) and K of 32 (one stored block) for BSR, or K of 64 (two block columns) for union tiles with copy = tma_producer and K a multiple of 64, got 64 and 64}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 3, mma = wgmma>]}
  return
}

// -----

func.func @negative_bsr_register_direct(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected cta tile N and warp tile N of 32 (one block row) for a BSR config with operands = registers, got 64 and 32}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 32], stages = 3, operands = registers>]}
  return
}

// -----

func.func @negative_bsr_register_split_3(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected split_k of 1 or 2 for a BSR config with operands = registers (2: the blocks of empty block rows take slices of the long ones), got 3}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, split_k = 3, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 8], stages = 4>]}
  return
}

// -----

func.func @negative_bsr_register_split_unbounded(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a max_m with split_k > 1 for BSR (the split counters are sized for it), got config #qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, split_k = 2, operands = registers>}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, split_k = 2, operands = registers>]}
  return
}

// -----

func.func @negative_bsr_tile_n(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected warp tile N of 32 (one block row per warp) for a BSR tile of several block rows, got 16}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 64, 32], warp_tile = [16, 16], stages = 4>]}
  return
}

// -----

// A split tile's partial slots are numbered in 32 bits: here 2^24 / 64 x
// 65536 / 32 x 4 = 2^31.
func.func @negative_bsr_split_slots(%x: memref<?x256xf16>, %row_ptr: memref<2049xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x65536xf16>) {
  // expected-error @+1 {{expected at most 2^31 - 1 partial tiles (ceil(max_m / BM) x ceil(N / BN) x split_k) for a split BSR config, got 2147483648 for config #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 16777216, mma = wgmma>}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<2049xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x65536xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 16777216, mma = wgmma>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}

// -----

func.func @negative_bsr_split_unbounded(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a max_m with split_k > 1 for BSR (the split counters are sized for it), got config #qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], stages = 4, split_k = 2>}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], stages = 4, split_k = 2>]}
  return
}

// -----

func.func @negative_bsr_tile_k(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected cta tile N of 32 to 256 (1 to 8 block rows) and K of 32 (one stored block) for BSR, or K of 64 (two block columns) for union tiles with copy = tma_producer and K a multiple of 64, got 32 and 64}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 4>]}
  return
}

// -----

func.func @negative_bsr_tile_n_wider(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected cta tile N (128) to be at most N (64)}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [64, 128, 32], warp_tile = [32, 32], stages = 4>]}
  return
}

// -----

// Four warpgroups of union tiles and a producer: 640 threads, 96 registers a
// thread; the m64n160 f32 accumulator (80) and the rest do not fit.
func.func @negative_bsr_producer_registers(%x: memref<?x256xf16>, %row_ptr: memref<6xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x160xf16>) {
  // expected-error @+1 {{expected cta tile N of at most 128 for config #qgemm.config<cta_tile = [256, 160, 32], warp_tile = [64, 160], stages = 4, mma = wgmma, copy = tma_producer>: a thread of its 640 has 96 registers, the m64nN f32 accumulator takes N / 2 and the rest about 32, got N = 160}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<6xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x160xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 160, 32], warp_tile = [64, 160], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}

// -----

// Without a producer: 512 threads of 256 x 256 union tiles, 128 registers a
// thread, less than the m64n256 accumulator (128) and the rest.
func.func @negative_bsr_union_registers(%x: memref<?x256xf16>, %row_ptr: memref<9xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected cta tile N of at most 192 for config #qgemm.config<cta_tile = [256, 256, 32], warp_tile = [64, 256], stages = 4, mma = wgmma>: a thread of its 512 has 128 registers, the m64nN f32 accumulator takes N / 2 and the rest about 32, got N = 256}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<9xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 256, 32], warp_tile = [64, 256], stages = 4, mma = wgmma>]}
  return
}

// -----

// A W4A16 register split takes whole 128-K chunks: K = 384 has 3.
func.func @negative_w4a16_register_split_chunks(%x: memref<?x384xf16>, %w: memref<48x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected split_k (2) to divide K (384) into slices of whole 128-K chunks with operands = registers}}
  qgemm.matmul lhs(%x : memref<?x384xf16>) weights(%w, %s : memref<48x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>,
                                                     #qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// Its tile counters are sized for a bounded M.
func.func @negative_w4a16_register_split_unbounded(%x: memref<?x512xf16>, %w: memref<64x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{(W4A16 split-K tile counters are sized for it)}}
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%w, %s : memref<64x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, split_k = 2, operands = registers>]}
  return
}

// -----

// W8A8 on four warpgroups without a producer: 512 threads, 128 registers a
// thread under their launch bounds, of which the 64 x 208 accumulators take
// 104 (ptxas refused the kernel, C7602).
func.func @negative_w8a8_four_warpgroup_registers(%x: memref<?x4096xf16>, %w: memref<4160x4096xi8>, %sw: memref<4160xf32>, %y: memref<?x4160xf16>) {
  // expected-error @+1 {{expected at most 96 accumulator registers a thread (warp tile M x N / 128) for config #qgemm.config<cta_tile = [256, 208, 128], warp_tile = [64, 208], mma = wgmma>: a thread of its 512 has 128 registers and needs about 32 more, got 104}}
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4160x4096xi8>, memref<4160xf32>) outs(%y : memref<?x4160xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 208, 128], warp_tile = [64, 208], stages = 3, mma = wgmma>]}
  return
}

// -----

// W4A16 register-A tiles of 256 x 256 over four warpgroups of 64 channels:
// each holds 256 rows of 64 channels, 128 accumulator registers a thread.
func.func @negative_w4a16_four_warpgroup_registers(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  // expected-error @+1 {{expected at most 96 accumulator registers a thread (warp tile M x N / 128) for config #qgemm.config<cta_tile = [256, 256, 64], warp_tile = [256, 64], mma = wgmma, operands = register_a>: a thread of its 512 has 128 registers and needs about 32 more, got 128}}
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 256, 64], warp_tile = [256, 64], stages = 3, mma = wgmma, operands = register_a>]}
  return
}

// -----

// A quantize alone: its kernels exist only in a W8A8 matmul's family.
func.func @negative_standalone_quantize(%x: memref<?x4096xf16>, %xq: memref<?x4096xi8>, %sx: memref<?xf32>) {
  // expected-error @+1 {{has no kernels of its own: the activation is quantized by the kernels of a qgemm.matmul whose lhs encoding is quantized (W8A8); lower that matmul instead}}
  qgemm.quantize ins(%x : memref<?x4096xf16>) outs(%xq, %sx : memref<?x4096xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// -----

// The kernels' gpu.module would be @a_kernels, a name already taken.
// expected-error @+1 {{cannot name its kernels' gpu.module '@a_kernels': the name is taken}}
func.func @a(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_80">, configs = [#qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4>]}
  return
}
// expected-note @+1 {{by this 'func.func'}}
func.func private @a_kernels()

// -----

// Two block columns a K tile only on the producer's TMA union tiles.
func.func @negative_bsr_pairs_cp_async(%x: memref<?x256xf16>, %row_ptr: memref<5xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected cta tile N of 32 to 256 (1 to 8 block rows) and K of 32 (one stored block) for BSR, or K of 64 (two block columns) for union tiles with copy = tma_producer and K a multiple of 64, got 128 and 64}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<5xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}

// -----

// K = 288 (9 block columns) has no whole pairs.
func.func @negative_bsr_pairs_odd_columns(%x: memref<?x288xf16>, %row_ptr: memref<5xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected cta tile N of 32 to 256 (1 to 8 block rows) and K of 32 (one stored block) for BSR, or K of 64 (two block columns) for union tiles with copy = tma_producer and K a multiple of 64, got 128 and 64}}
  qgemm.matmul lhs(%x : memref<?x288xf16>) weights(%row_ptr, %col_idx, %blocks : memref<5xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}
