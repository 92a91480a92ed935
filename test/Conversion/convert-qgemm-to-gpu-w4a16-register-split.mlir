// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a W4A16 register-direct variant with split_k = S runs K slice z =
// blockIdx.z of K / S (here 1024 / 4 = 256: two 128-K chunks, one a warp:
// 4 32-K blocks x 2 k-steps x 2 m-tiles x 2 token tiles = 32 mma.sync)
// and meets the other slices in the reproducible split reduction: its kernel
// takes the partials and the family's tile counters (256 / 32 column blocks
// x 16 / 16 row blocks = 8), counts its tile and, in the last slice, adds the
// S partial slots; the launch description gives it the split workspace. A
// variant without split_k keeps neither. Measured on the H200 (v41): no
// faster than one slice on 1024 x 4096 at M <= 16, so qgemm-configure does
// not choose it.

// CHECK-LABEL: func.func @w4a16_register_split
// CHECK-SAME: kernel = "matmul_v0", max_m = 16 : i64, operands = ["x", "wq", "scales", "y", "partials", "counters"]
// CHECK-SAME: split_k = 4 : i64
// CHECK-SAME: kernel = "matmul_v1", max_m = 0 : i64, operands = ["x", "wq", "scales", "y"]
// CHECK-SAME: split_k = 1 : i64
// CHECK-SAME: buffers = [{dims = [8], element_type = i32, kept_zero = true, name = "counters"}, {derived = "split_k_partials"
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x1024xf16>, %{{.*}}: memref<128x256xi32>, %{{.*}}: memref<256xf16>, %{{.*}}: memref<?x256xf16>, %[[PART:.*]]: memref<?xf32>, %[[CNT:.*]]: memref<8xi32>)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK: %[[SLICE_K:.*]] = arith.constant 256 : index
// CHECK: arith.muli %[[Z]], %[[SLICE_K]] : index
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: vector.store %{{.*}}, %[[PART]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[CNT]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4{{.*}} step
// CHECK: vector.load %[[PART]]
// CHECK: gpu.return
// CHECK: gpu.func @matmul_v1(%{{.*}}: memref<?x1024xf16>, %{{.*}}: memref<128x256xi32>, %{{.*}}: memref<256xf16>, %{{.*}}: memref<?x256xf16>) kernel
// CHECK-NOT: gpu.block_id  z
// CHECK-NOT: atomic_rmw
// CHECK: gpu.return
func.func @w4a16_register_split(%x: memref<?x1024xf16>, %wq: memref<128x256xi32>, %s: memref<256xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%wq, %s : memref<128x256xi32>, memref<256xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90">, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, split_k = 4, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}
