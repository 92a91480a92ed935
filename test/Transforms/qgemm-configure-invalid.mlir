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
