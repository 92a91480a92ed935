// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: row_split / row_rest reach the launch description of their
// variant only (the host stub cuts M; the kernels do not change): the
// bounded 256-row union variant with row_split = 1024 and row_rest = 512
// shares its kernel with the unbounded one without a split (they differ
// only in max_m and the split), so the family has two matmul kernels
// (matmul_v0, matmul_v1) for four variants.

func.func @bsr_row_split(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>,
                         %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                         %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 4096, mma = wgmma, min_fill = 35, row_split = 1024, row_rest = 512>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, max_m = 4096, mma = wgmma>,
                  #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}

// CHECK-LABEL: func.func @bsr_row_split(
// CHECK-SAME: {block_m = 256 : i64, block_n = 128 : i64, kernel = "matmul_v0", max_m = 4096 : i64, min_sizes = {nnzb = 5735 : i64}, operands = ["x", "row_ptr", "col_idx", "blocks", "y"], programmatic = false, replaces_prologue = false, role = "matmul", row_rest = 512 : i64, row_split = 1024 : i64, shared_memory
// CHECK-SAME: {block_m = 128 : i64, block_n = 32 : i64, kernel = "matmul_v1", max_m = 4096 : i64, operands = ["x", "row_ptr", "col_idx", "blocks", "y"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory
// CHECK-SAME: {block_m = 256 : i64, block_n = 128 : i64, kernel = "matmul_v0", max_m = 0 : i64, min_sizes = {nnzb = 5735 : i64}, operands = ["x", "row_ptr", "col_idx", "blocks", "y"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory
// CHECK-SAME: {block_m = 128 : i64, block_n = 32 : i64, kernel = "matmul_v1", max_m = 0 : i64, operands = ["x", "row_ptr", "col_idx", "blocks", "y"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory
// CHECK: gpu.func @matmul_v0(
// CHECK: gpu.func @matmul_v1(
// CHECK-NOT: gpu.func @matmul_v2
