// RUN: qgemm-opt %s --split-input-file --convert-qgemm-to-gpu --verify-diagnostics | FileCheck %s
// Covers: W8A8 with the activation already quantized (lhs i8 [M, K] and
// lhs_scales f32 [M] passed in): no quantize kernel, the matmul kernels
// read xq and sx from the func's arguments and launch as plain kernels (no
// programmatic dependency: there is no prologue to wait for), the split-K
// counters are one static buffer that every call leaves zero (the last
// slice of a tile resets its counter), and a fuse_quantize config is
// refused.

// The description: xq and sx are arguments; the workspace holds the
// counters (32 column tiles x 1 row tile of 16 rows for the split variant
// up to M = 16: 32), kept zero, then the partials.
// CHECK-LABEL: func.func @w8a8_prequantized(
// CHECK-SAME: qgemm.launch = {
// CHECK-SAME: args = [{align = 16 : i64, dims = ["m", 512], name = "xq"}, {align = 4 : i64, dims = ["m"], name = "sx"}, {align = 16 : i64, dims = [1024, 512], name = "wq"}, {align = 16 : i64, dims = [1024], name = "sw"}, {align = 16 : i64, dims = ["m", 1024], name = "y"}],
// CHECK-SAME: kernels = [{block_m = 16 : i64, block_n = 32 : i64, kernel = "matmul_v0", max_m = 16 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = false, role = "matmul",
// CHECK-SAME: split_k = 4
// CHECK-SAME: {block_m = 64 : i64, block_n = 64 : i64, kernel = "matmul_v1", max_m = 0 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false,
// CHECK-SAME: summary = "Y[M, 1024] = fp16(Xq[M, 512] . Wq^T * sx * sw)",
// CHECK-SAME: workspace = {align = 16 : i64, buffers = [{dims = [32], element_type = i32, kept_zero = true, name = "counters"}, {derived = "split_k_partials", element_type = i32, name = "partials"}]

// CHECK: gpu.module @w8a8_prequantized_kernels
// CHECK-NOT: gpu.func @quantize
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x512xi8>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<1024x512xi8>, %{{.*}}: memref<1024xf32>, %{{.*}}: memref<?x1024xf16>, %{{.*}}: memref<?xi32>, %[[COUNTERS:.*]]: memref<32xi32>) kernel
// CHECK-NOT: nvvm.griddepcontrol
// The last slice counts itself, adds the others' partials, then puts the
// tile's counter back to zero before it stores the tile.
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[COUNTERS]][%[[TILE:.*]]]
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[COUNTERS]][%[[TILE]]] : memref<32xi32>
// CHECK: gpu.func @matmul_v1(
// CHECK-NOT: nvvm.griddepcontrol
// CHECK: gpu.return
func.func @w8a8_prequantized(%xq: memref<?x512xi8>, %sx: memref<?xf32>, %w: memref<1024x512xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%xq : memref<?x512xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<1024x512xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 3, split_k = 4, max_m = 16>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 3>]}
  return
}

// -----

// The fp16 path of the same shape keeps its quantize kernel and its
// counters in the workspace, zeroed by quantize on every call: its split
// epilogue does not reset them.
// CHECK-LABEL: func.func @w8a8_quantized_in_kernel(
// CHECK-SAME: {derived = "split_k_counters", element_type = i32, name = "counters"}
// CHECK: gpu.func @quantize(
// CHECK: gpu.func @matmul_v0(
// CHECK: memref.atomic_rmw addi
// CHECK-NOT: memref.store %{{.*}} : memref<?xi32>
// CHECK: gpu.return
func.func @w8a8_quantized_in_kernel(%x: memref<?x512xf16>, %w: memref<1024x512xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%w, %sw : memref<1024x512xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 3, split_k = 4>]}
  return
}

// -----

// A stream-K variant counts two segments a block of its wave: 128 x 256
// tiles on 4 stages take 196 KB of shared memory, one block a
// multiprocessor, 132 a wave, 264 counters (the stub's split tiles).
// CHECK-LABEL: func.func @w8a8_prequantized_stream_k(
// CHECK-SAME: stream_k_tiles = 32
// CHECK-SAME: wave_blocks = 132
// CHECK-SAME: buffers = [{dims = [264], element_type = i32, kept_zero = true, name = "counters"}
func.func @w8a8_prequantized_stream_k(%xq: memref<?x4096xi8>, %sx: memref<?xf32>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, stream_k = true>]}
  return
}

// -----

// A variant that would quantize the rows itself has nothing to quantize.
func.func @w8a8_prequantized_fused(%xq: memref<?x4096xi8>, %sx: memref<?xf32>, %w: memref<1024x4096xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  // expected-error @+1 {{expected fuse_quantize = false: the activation is already quantized (lhs 'memref<?x4096xi8>' with lhs_scales), got config #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>}}
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<1024x4096xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 3>]}
  return
}
