// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: the qgemm.launch description convert-qgemm-to-gpu leaves on a
// W8A8 func (schema in include/qgemm/Conversion/LaunchDescription.h), field
// by field: the arguments in the func's own order (here sw, x, y, wq) with
// the scheme's names, dims (run-time M as "m") and alignment; the bound of
// m; the workspace (int8 activations, fp32 scales, the split-K buffers);
// the quantize prologue; and the variants with their operands, the fused
// one taking x first and replacing the prologue.

// CHECK-LABEL: func.func @w8a8_launch(
// CHECK-SAME: %{{.*}}: memref<128xf32>, %{{.*}}: memref<?x512xf16>, %{{.*}}: memref<?x128xf16>, %{{.*}}: memref<128x512xi8>)
// CHECK-SAME: qgemm.launch = {
// CHECK-SAME: args = [{align = 16 : i64, dims = [128], name = "sw"}, {align = 16 : i64, dims = ["m", 512], name = "x"}, {align = 16 : i64, dims = ["m", 128], name = "y"}, {align = 16 : i64, dims = [128, 512], name = "wq"}],
// quantize: 512 / 8 / 32 = 2 warps, one row per block.
// CHECK-SAME: kernels = [{kernel = "quantize", operands = ["x", "xq", "sx", "counters"], programmatic = false, role = "prologue", rows_per_block = 1 : i64, shared_memory = 0 : i64, threads = 64 : i64},
// CHECK-SAME: {block_m = 16 : i64, block_n = 16 : i64, kernel = "matmul_v0", max_m = 1 : i64, operands = ["x", "xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = true, role = "matmul", shared_memory = {{[0-9]+}} : i64, split_k = 1 : i64, threads = 64 : i64},
// Split-K over K = 512 in two slices of four 64-byte tiles; a programmatic
// dependent of quantize on sm_90.
// CHECK-SAME: {block_m = 16 : i64, block_n = 32 : i64, kernel = "matmul_v1", max_m = 0 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = true, replaces_prologue = false, role = "matmul", shared_memory = 11520 : i64, split_k = 2 : i64, threads = 128 : i64}],
// CHECK-SAME: max_sizes = {m = 16777216 : i64},
// CHECK-SAME: module = @w8a8_launch_kernels, n = 128 : i64, scheme = "w8a8",
// CHECK-SAME: summary = "Y[M, 128] = fp16(quantize(X[M, 512]) . Wq^T * sx * sw)",
// CHECK-SAME: workspace = {align = 16 : i64, buffers = [{dims = ["m", 512], element_type = i8, name = "xq"}, {dims = ["m"], element_type = f32, name = "sx"}, {derived = "split_k_partials", element_type = i32, name = "partials"}, {derived = "split_k_counters", element_type = i32, name = "counters"}], section_align = 256 : i64}}

// The kernels take what the description names, in that order.
// CHECK: gpu.func @quantize(%{{.*}}: memref<?x512xf16>, %{{.*}}: memref<?x512xi8>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xi32>) workgroup
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x512xf16>, %{{.*}}: memref<?x512xi8>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<128x512xi8>, %{{.*}}: memref<128xf32>, %{{.*}}: memref<?x128xf16>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<?xi32>) kernel
// CHECK: gpu.func @matmul_v1(%{{.*}}: memref<?x512xi8>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<128x512xi8>, %{{.*}}: memref<128xf32>, %{{.*}}: memref<?x128xf16>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<?xi32>) kernel
func.func @w8a8_launch(%sw: memref<128xf32>, %x: memref<?x512xf16>, %y: memref<?x128xf16>, %w: memref<128x512xi8>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%w, %sw : memref<128x512xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>,
                  #qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 3, split_k = 2>]}
  return
}

// Variants that differ only in max_m share one kernel: the third variant
// (unbounded) is the first one's tiles again and launches matmul_v0; no
// matmul_v2 is built.
// CHECK-LABEL: func.func @w8a8_shared_kernel(
// CHECK-SAME: {block_m = 64 : i64, block_n = 64 : i64, kernel = "matmul_v0", max_m = 128 : i64,
// CHECK-SAME: {block_m = 128 : i64, block_n = 128 : i64, kernel = "matmul_v1", max_m = 256 : i64,
// CHECK-SAME: {block_m = 64 : i64, block_n = 64 : i64, kernel = "matmul_v0", max_m = 0 : i64,
// CHECK: gpu.module @w8a8_shared_kernel_kernels
// CHECK: gpu.func @matmul_v0(
// CHECK: gpu.func @matmul_v1(
// CHECK-NOT: gpu.func @matmul_v2(
// CHECK: func.func @
func.func @w8a8_shared_kernel(%x: memref<?x512xf16>, %w: memref<128x512xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%w, %sw : memref<128x512xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 3, max_m = 128>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 3, max_m = 256>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 3>]}
  return
}

// A sentinel after the last kernel module.
func.func @end() {
  return
}
