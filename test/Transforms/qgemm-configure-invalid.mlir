// RUN: qgemm-opt %s --qgemm-configure -split-input-file -verify-diagnostics
// RUN: not qgemm-opt %s --qgemm-configure=chip=sm_75 2>&1 | FileCheck %s --check-prefix=CHIP
// Covers: qgemm-configure rejects a config whose shared memory is over the
// target's limit, and an unsupported chip option.

// CHIP: error: unsupported target chip 'sm_75' (expected one of sm_80, sm_90, sm_90a)

// 8 stages x (256 + 256) rows x (128 + 16) bytes = 589824 bytes.
func.func @negative_shared_memory_over_limit(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{config #qgemm.config<cta_tile = [256, 256, 128], warp_tile = [64, 64], stages = 8> needs 589824 bytes of shared memory, over the sm_90 limit of 232448 bytes}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, configs = [#qgemm.config<cta_tile = [256, 256, 128], warp_tile = [64, 64], stages = 8>]}
  return
}

// -----

// 6 x (128 + 128) x 144 = 221184 bytes: fits sm_90 (227 KiB), not sm_80 (163 KiB).
func.func @negative_shared_memory_over_sm80(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{needs 221184 bytes of shared memory, over the sm_80 limit of 166912 bytes}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_80">, configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 64], stages = 6>]}
  return
}

// -----

// int8 weights with an fp16 activation that is not quantized (no kernels):
// the lowering's error, before any config; on sm_90a a wgmma config of
// 128-element K tiles would have failed its verifier first.
func.func @negative_no_kernel_scheme(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{lowering is implemented for W8A8 (int8 weights; an fp16 activation quantized in the kernel, or an int8 one already quantized, with lhs_scales), for W4A16 (int4 weights, fp16 activation) and for BSR with an fp16 activation; this scheme is not implemented yet}}
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">}
  return
}

// -----

// W4A16 with K a multiple of 32 (its group size) but not of 64: no kernel
// walks it (the ring's K tiles are 64, the register chunks 128).
func.func @negative_w4a16_k96(%x: memref<?x96xf16>, %w: memref<12x1024xi32>, %s: memref<3x1024xf16>, %y: memref<?x1024xf16>) {
  // expected-error @+1 {{expected K (96) to be a multiple of 64 for the W4A16 kernels (K tiles of 64)}}
  qgemm.matmul lhs(%x : memref<?x96xf16>) weights(%w, %s : memref<12x1024xi32>, memref<3x1024xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>}
  return
}

// -----

// K = 32: the same (its ring would have had a single stage).
func.func @negative_w4a16_k32(%x: memref<?x32xf16>, %w: memref<4x256xi32>, %s: memref<256xf16>, %y: memref<?x256xf16>) {
  // expected-error @+1 {{expected K (32) to be a multiple of 64 for the W4A16 kernels (K tiles of 64)}}
  qgemm.matmul lhs(%x : memref<?x32xf16>) weights(%w, %s : memref<4x256xi32>, memref<256xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
