// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a W4A16 register-direct variant of 64 rows a block (cta tile and
// warp tile M = 64; 32 and 64 are the int4 kernels'): the grid's row blocks
// start 64 rows apart, each warp holds 8 token tiles of 8 rows (tokens are
// mma's N) and converts each weight word once for all of them. Past two
// token tiles the X rows are loaded one 32-K block ahead inside the chunk
// (8 rows of 16 bytes a lane), not a chunk ahead by the mainloop. Here K =
// 256 over 2 warps, one 128-K chunk each: 4 32-K blocks, each 16 lop3 (4
// words of the slab's 4 channels a lane, 4 f16x2 each) and 2 k-steps x 2
// m-tiles x 8 token tiles = 32 mma.sync; the warps' sums meet in shared
// memory [2 warps, 64 rows, 32 channels]. The 16-row variant before it
// keeps its 2 token tiles, loaded a whole chunk ahead (4 blocks x 2 rows
// of 16 bytes a lane), and [2, 16, 32] sums.

// CHECK-LABEL: func.func @w4a16_register_rows
// CHECK-SAME: block_m = 16 : i64
// CHECK-SAME: kernel = "matmul_v0"
// CHECK-SAME: block_m = 64 : i64
// CHECK-SAME: kernel = "matmul_v1"
// CHECK: gpu.func @matmul_v0
// CHECK-COUNT-8: vector.load %arg0{{.*}} : memref<?x256xf16>, vector<8xf16>
// CHECK-NOT: vector.load %arg0{{.*}} : memref<?x256xf16>, vector<8xf16>
// CHECK: nvgpu.mma.sync
// CHECK: memref<2x16x32xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.func @matmul_v1
// CHECK: %[[ROWS:.*]] = arith.remui %{{.*}}, %grid_dim_y : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: arith.muli %[[ROWS]], %[[C64]] : index
// Block 0's X rows, then block 1's before block 0's mma steps.
// CHECK-COUNT-16: vector.load %arg0{{.*}} : memref<?x256xf16>, vector<8xf16>
// CHECK-NOT: nvgpu.mma.sync
// CHECK-COUNT-16: lop3.b32
// CHECK-NOT: lop3.b32
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK-COUNT-8: vector.load %arg0{{.*}} : memref<?x256xf16>, vector<8xf16>
// CHECK-COUNT-16: lop3.b32
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-COUNT-8: vector.load %arg0{{.*}} : memref<?x256xf16>, vector<8xf16>
// CHECK-COUNT-16: lop3.b32
// CHECK-COUNT-32: nvgpu.mma.sync
// The last block: its X came with block 2's step.
// CHECK-NOT: vector.load %arg0{{.*}} : memref<?x256xf16>, vector<8xf16>
// CHECK-COUNT-16: lop3.b32
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: memref<2x64x32xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.return
func.func @w4a16_register_rows(%x: memref<?x256xf16>, %wq: memref<32x256xi32>, %s: memref<2x256xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x256xi32>, memref<2x256xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 256], warp_tile = [64, 32], stages = 1, operands = registers>]}
  return
}
