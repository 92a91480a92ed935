// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: BSR union tiles (four block rows) on a TMA ring (copy =
// tma_producer, copy = tma), N = 160 (five block rows: the second tile of
// four rows has one, the others read zeros), K = 256 (8 block columns).
// The kernel takes three or four tensor maps first, which the launch description
// gives as byte matrices in boxes 64 bytes wide (box_bytes = 64, the
// 64-byte swizzle of the slots): x as rows of 2 x 256 = 512 bytes in boxes
// of the tile's rows, the blocks [nnzb, 32, 32] as rows of 64 bytes in
// boxes of one block (32 rows), from BM = 128 on x again in half boxes (BM /
// 2 rows), and x again in edge boxes of 16 rows. A slot expects (BM + 128) x
// 64 bytes: 12288 for 64 rows, 16384 for 128, 24576 for 256, less (BM - 16)
// x 64 (3072, 7168, 15360) where the block's rows below M fit the edge box,
// which it then takes for X, (BM - 32) x 64 where they fit two, and (BM / 2)
// x 64 (4096, 8192) where they pass those but fit the half box. Each refill
// copies the column's X box and one box a block row: the row's block (32 x
// its index
// in blockOf), or, where the row stores none at the column, the box at row
// -32, wholly outside the map, which reads zeros. The union tables are built
// by every thread of the block, the producer warpgroup's too (before it
// leaves).

// CHECK-DAG: kernel = "matmul_v0"{{.*}}tensor_maps = [{box_bytes = 64 : i64, box_rows = 64 : i64, operand = "x", row_bytes = 512 : i64}, {box_bytes = 64 : i64, box_rows = 32 : i64, operand = "blocks", row_bytes = 64 : i64}, {box_bytes = 64 : i64, box_rows = 16 : i64, operand = "x", row_bytes = 512 : i64}], threads = 256
// CHECK-DAG: kernel = "matmul_v1"{{.*}}tensor_maps = [{box_bytes = 64 : i64, box_rows = 128 : i64, operand = "x", row_bytes = 512 : i64}, {box_bytes = 64 : i64, box_rows = 32 : i64, operand = "blocks", row_bytes = 64 : i64}, {box_bytes = 64 : i64, box_rows = 64 : i64, operand = "x", row_bytes = 512 : i64}, {box_bytes = 64 : i64, box_rows = 16 : i64, operand = "x", row_bytes = 512 : i64}], threads = 256
// CHECK-DAG: kernel = "matmul_v2"{{.*}}tensor_maps = [{box_bytes = 64 : i64, box_rows = 256 : i64, operand = "x", row_bytes = 512 : i64}, {box_bytes = 64 : i64, box_rows = 32 : i64, operand = "blocks", row_bytes = 64 : i64}, {box_bytes = 64 : i64, box_rows = 128 : i64, operand = "x", row_bytes = 512 : i64}, {box_bytes = 64 : i64, box_rows = 16 : i64, operand = "x", row_bytes = 512 : i64}], threads = 640

// One warpgroup of 64 x 128 tiles and a producer, the union in two slices:
// two blocks a multiprocessor, no setmaxnreg.
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: memref<?x256xf16>
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK-NOT: nvvm.setmaxregister
// CHECK: %[[EDGE0:.*]] = arith.select %{{.*}}, %c2048_i32, %c3072_i32 : i32
// CHECK: %[[SKIP0:.*]] = arith.select %{{.*}}, %c0_i32{{.*}}, %[[EDGE0]] : i32
// CHECK: %[[BYTES0:.*]] = arith.subi %c12288_i32, %[[SKIP0]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES0]]
// CHECK-NOT: nvvm.setmaxregister
// CHECK: nvvm.exit
// CHECK-NOT: nvvm.setmaxregister
// CHECK: gpu.return

// copy = tma: thread 0 fills stages - 1 = 3 slots, then refills in the K
// loop; no producer, no launch bounds.
// CHECK-LABEL: gpu.func @matmul_v1(
// CHECK-SAME: qgemm.tensor_maps = 4 : i64
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: arith.subi %c16384_i32
// CHECK-COUNT-3: nvvm.mbarrier.arrive.expect_tx
// CHECK-NOT: nvvm.mbarrier.arrive.expect_tx
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async
// CHECK: %[[EDGE1:.*]] = arith.select %{{.*}}, %c6144_i32, %c7168_i32 : i32
// CHECK: %[[HALF1:.*]] = arith.select %{{.*}}, %c4096_i32, %[[EDGE1]] : i32
// CHECK: arith.select %{{.*}}, %c0_i32{{.*}}, %[[HALF1]] : i32
// CHECK: arith.subi %c16384_i32
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: } {qgemm.tma_stages = 4 : i64}
// CHECK-NOT: nvvm.setmaxregister
// CHECK: gpu.return

// Four warpgroups of 256 x 128 tiles and a producer: one block a
// multiprocessor, 640 threads, the producer gives up its registers (24) to
// the tiles (112).
// CHECK-LABEL: gpu.func @matmul_v2(
// CHECK-SAME: %[[MX:[a-z0-9]+]]: !llvm.ptr, %[[MB:[a-z0-9]+]]: !llvm.ptr, %[[MH:[a-z0-9]+]]: !llvm.ptr, %[[ME:[a-z0-9]+]]: !llvm.ptr, %{{.*}}: memref<?x256xf16>
// CHECK-SAME: nvvm.maxntid = array<i32: 640, 1, 1>
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-SAME: qgemm.tensor_maps = 4 : i64
// CHECK-NOT: nvgpu.device_async_copy
// The union tables: the column masks, the blocks, the list (barriers).
// CHECK: memref.atomic_rmw ori
// CHECK: nvvm.vote.sync ballot
// CHECK-COUNT-8: nvvm.mbarrier.init
// CHECK: nvvm.setmaxregister  decrease 24
// The first fill: each slot's block boxes, then the X boxes.
// CHECK: %[[EDGE:.*]] = arith.select %{{.*}}, %c14336_i32, %c15360_i32 : i32
// CHECK: %[[HALF:.*]] = arith.select %{{.*}}, %c8192_i32, %[[EDGE]] : i32
// CHECK: %[[SKIP:.*]] = arith.select %{{.*}}, %c0_i32{{.*}}, %[[HALF]] : i32
// CHECK: %[[BYTES:.*]] = arith.subi %c24576_i32, %[[SKIP]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES]]
// CHECK: %[[OUT:.*]] = arith.constant -32 : i32
// CHECK: %[[ROW:.*]] = arith.select %{{.*}}, %{{.*}}, %[[OUT]] : i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MB]], %{{.*}}, box[%{{.*}}, %[[ROW]]]
// CHECK-COUNT-3: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MB]]
// CHECK-COUNT-3: arith.subi %c24576_i32
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MX]]
// The refills, each once its slot was released: X (its whole box, its half
// box or its edge boxes), then four blocks.
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: arith.subi %c24576_i32
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MX]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MH]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ME]]
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MB]]
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.exit
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.setmaxregister  increase 112
// The tiles only wait, multiply (two m64n128k16 a column) and release.
// CHECK: scf.for
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK: } {qgemm.tma_stages = 4 : i64}
// CHECK: gpu.return
func.func @bsr_tma(%x: memref<?x256xf16>, %row_ptr: memref<6xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x160xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>)
      weights(%row_ptr, %col_idx, %blocks : memref<6xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x160xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 64, mma = wgmma, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma, copy = tma>,
                  #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}
