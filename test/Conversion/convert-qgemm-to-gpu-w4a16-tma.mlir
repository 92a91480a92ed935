// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: W4A16's register-A ring fed by TMA (copy = tma_producer, copy =
// tma) on a layer with zero points, groups of 32 (two group rows a K tile
// of 64) and an edge tile (N = 160: the second 128-channel tile is partial,
// TMA reads zeros past N). The kernel takes six tensor maps first (x,
// wq, scales, zeros, x's half boxes, x's edge boxes), which the launch
// description gives
// as byte matrices: x rows of 512 bytes in boxes of the tile's 128 rows, wq
// rows of 640 bytes in boxes of 8 (one K tile), scales rows of 320 bytes
// and zeros rows of 80 bytes in boxes of the K tile's 2 group rows, x in
// boxes of 64 and of 16 rows. A slot expects 21248 bytes: the X box (128 x 128),
// four word boxes of 32 channels (4 x 8 x 128), two scale boxes of 64
// channels (2 x 2 x 128) and one zero-point box (2 x 128); 14336 less
// where the block's tokens below M fit the edge box, which it then takes
// for X, 12288 where they fit two, 8192 where they pass those but fit the
// half box (64 rows). The unsplit producer variant launches 256 threads, two
// blocks a multiprocessor: the producer gives up its registers (24) to the
// tiles' warpgroup (232), fills the four slots (the weights, scales and
// zero points of each, then the X boxes) and refills none (K = 256 is four
// K tiles). In a cluster of four slices (v0) one block a multiprocessor
// and no setmaxnreg. The tma variant's thread 0 fills three slots and
// refills in the loop; no setmaxnreg there. Then a 64 x 64 tile (one
// 64-channel warpgroup, per-channel scales: two tensor maps).

// CHECK-DAG: kernel = "matmul_v1"{{.*}}tensor_maps = [{box_rows = 128 : i64, operand = "x", row_bytes = 512 : i64}, {box_rows = 8 : i64, operand = "wq", row_bytes = 640 : i64}, {box_rows = 2 : i64, operand = "scales", row_bytes = 320 : i64}, {box_rows = 2 : i64, operand = "zeros", row_bytes = 80 : i64}, {box_rows = 64 : i64, operand = "x", row_bytes = 512 : i64}, {box_rows = 16 : i64, operand = "x", row_bytes = 512 : i64}]{{.*}}threads = 256
// CHECK-DAG: kernel = "matmul_v2"{{.*}}tensor_maps = [{box_rows = 128 : i64, operand = "x", row_bytes = 512 : i64}, {box_rows = 8 : i64, operand = "wq", row_bytes = 640 : i64}, {box_rows = 2 : i64, operand = "scales", row_bytes = 320 : i64}, {box_rows = 2 : i64, operand = "zeros", row_bytes = 80 : i64}, {box_rows = 64 : i64, operand = "x", row_bytes = 512 : i64}, {box_rows = 16 : i64, operand = "x", row_bytes = 512 : i64}]{{.*}}threads = 128

// In a cluster of four slices: one block a multiprocessor (two would put
// a cluster's blocks on half as many), so no setmaxnreg.
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-NOT: nvvm.setmaxregister
// CHECK: nvvm.exit
// CHECK-NOT: nvvm.setmaxregister
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @matmul_v1(
// CHECK-SAME: %[[MX:[a-z0-9]+]]: !llvm.ptr, %[[MW:[a-z0-9]+]]: !llvm.ptr, %[[MS:[a-z0-9]+]]: !llvm.ptr, %[[MZ:[a-z0-9]+]]: !llvm.ptr, %[[MH:[a-z0-9]+]]: !llvm.ptr, %[[ME:[a-z0-9]+]]: !llvm.ptr, %{{.*}}: memref<?x256xf16>
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK-SAME: qgemm.tensor_maps = 6 : i64
// CHECK-COUNT-8: nvvm.mbarrier.init
// CHECK: nvvm.setmaxregister  decrease 24
// Rows below M within 16: one edge box, 112 rows' bytes less; within 32:
// two, 96 rows less.
// CHECK: %[[EDGE:.*]] = arith.select %{{.*}}, %c12288_i32, %c14336_i32 : i32
// CHECK: %[[HALF:.*]] = arith.select %{{.*}}, %c8192_i32, %[[EDGE]] : i32
// CHECK: %[[SKIP:.*]] = arith.select %{{.*}}, %c0_i32{{.*}}, %[[HALF]] : i32
// CHECK: %[[BYTES:.*]] = arith.subi %c21248_i32, %[[SKIP]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES]]
// CHECK-COUNT-3: nvvm.mbarrier.arrive.expect_tx
// CHECK-NOT: nvvm.mbarrier.arrive.expect_tx
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MX]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ME]]
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: arith.subi %c21248_i32
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MX]]
// The half box where the tile's tokens below M pass 32 (the tile's row +
// 32 below M), at the tile's first row.
// CHECK: %[[P32:.*]] = arith.addi %{{.*}}, %c32{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[IN32:.*]] = arith.cmpi ult, %[[P32]], %{{.*}} : index
// CHECK-NEXT: scf.if %[[IN32]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MH]]
// CHECK-NEXT: } else {
// The edge box at the tile's first row, then the second 16 rows on, 2048
// bytes further in the slot.
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ME]]
// CHECK: %[[E16:.*]] = arith.addi %{{.*}}, %c16{{(_[0-9]+)?}} : index
// CHECK: %[[IN16:.*]] = arith.cmpi ult, %[[E16]], %{{.*}} : index
// CHECK: scf.if %[[IN16]] {
// CHECK: %[[R16:.*]] = arith.addi %{{.*}}, %c16{{(_[0-9]+)?}} : index
// CHECK: arith.addi %{{.*}}, %c2048{{(_[0-9]+)?}} : index
// CHECK: %[[R16I:.*]] = arith.index_castui %[[R16]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ME]], %{{.*}}, box[%{{.*}}, %[[R16I]]]
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MW]]
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MS]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MZ]]
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.exit
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.setmaxregister  increase 232
// CHECK: scf.for
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.mbarrier.try_wait.parity
// The reads go through the boxes' 128-byte swizzle: 16-byte chunk c of
// row r at c ^ r. Group row 0, then 1: the zero-point word (one box of 32
// words) and the scales (two boxes of 64); then the word rows 0 to 3 of
// the first half K tile (four boxes of 32 channels).
// CHECK: arith.xori %{{.*}}, %c0{{(_[0-9]+)?}} : index
// CHECK: memref.load %{{.*}}[%{{.*}}, %c0{{(_[0-9]+)?}}, %{{.*}}] : memref<4x8x32xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c0{{(_[0-9]+)?}}, %{{.*}}] {alignment = 8 : i64} : memref<4x2x8x64xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// CHECK: arith.xori %{{.*}}, %c1{{(_[0-9]+)?}} : index
// CHECK: memref.load %{{.*}}[%{{.*}}, %c1{{(_[0-9]+)?}}, %{{.*}}] : memref<4x8x32xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c1{{(_[0-9]+)?}}, %{{.*}}] {alignment = 8 : i64} : memref<4x2x8x64xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// CHECK: arith.xori %{{.*}}, %c0{{(_[0-9]+)?}} : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c0{{(_[0-9]+)?}}, %{{.*}}] {alignment = 16 : i64} : memref<4x4x8x32xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK: arith.xori %{{.*}}, %c1{{(_[0-9]+)?}} : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c1{{(_[0-9]+)?}}, %{{.*}}] {alignment = 16 : i64} : memref<4x4x8x32xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK: arith.xori %{{.*}}, %c2{{(_[0-9]+)?}} : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c2{{(_[0-9]+)?}}, %{{.*}}] {alignment = 16 : i64} : memref<4x4x8x32xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK: arith.xori %{{.*}}, %c3{{(_[0-9]+)?}} : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c3{{(_[0-9]+)?}}, %{{.*}}] {alignment = 16 : i64} : memref<4x4x8x32xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK-NOT: gpu.barrier
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK: } {qgemm.tma_stages = 4 : i64}
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @matmul_v2(
// CHECK-SAME: qgemm.tensor_maps = 6 : i64
// CHECK-NOT: nvvm.setmaxregister
// CHECK-COUNT-3: arith.subi %c21248_i32
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: arith.subi %c21248_i32
// CHECK: nvvm.mbarrier.arrive.expect_tx
// The tile's box or its edge boxes (x's whole box, x's first and second
// edge box in the else branch), 4 word boxes, 2 of scales, 1 of zeros.
// CHECK-COUNT-11: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: } {qgemm.tma_stages = 4 : i64}
// CHECK-NOT: nvvm.setmaxregister
// CHECK: gpu.return
func.func @w4a16_tma(%x: memref<?x256xf16>, %wq: memref<32x160xi32>, %s: memref<8x160xf16>, %z: memref<8x20xi32>, %y: memref<?x160xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x160xi32>, memref<8x160xf16>, memref<8x20xi32>) outs(%y : memref<?x160xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma>]}
  return
}

// One 64-channel warpgroup of tiles (64 x 64, per-channel scales): three
// tensor maps (x, wq, x's edge boxes), two word boxes of 32 channels a
// slot, 10240 bytes expected (64 x 128 + 2 x 8 x 128; 6144 less with one
// edge box, 4096 with two); each lane reads the words of its two
// channels as 8 bytes of one swizzled chunk, row r at chunk ^ r.
// CHECK-LABEL: gpu.module @w4a16_tma_u1_kernels
// CHECK: gpu.func @matmul_v0(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: memref<?x256xf16>
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK-SAME: qgemm.tensor_maps = 3 : i64
// CHECK: %[[EDGE1:.*]] = arith.select %{{.*}}, %c4096_i32, %c6144_i32 : i32
// CHECK: %[[SKIP1:.*]] = arith.select %{{.*}}, %c0_i32{{.*}}, %[[EDGE1]] : i32
// CHECK: %[[BYTES1:.*]] = arith.subi %c10240_i32, %[[SKIP1]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES1]]
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global
// The tile's 64 per-channel scales (128 bytes) go to L2 before the K loop
// (the epilogue reads them): one line, thread 0.
// CHECK: nvvm.prefetch level =  L2, %{{.*}} : !llvm.ptr<1>
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: arith.xori %{{.*}}, %c0{{(_[0-9]+)?}} : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c0{{(_[0-9]+)?}}, %{{.*}}] {alignment = 8 : i64} : memref<4x2x8x32xi32, #gpu.address_space<workgroup>>, vector<2xi32>
// CHECK: arith.xori %{{.*}}, %c1{{(_[0-9]+)?}} : index
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %c1{{(_[0-9]+)?}}, %{{.*}}] {alignment = 8 : i64} : memref<4x2x8x32xi32, #gpu.address_space<workgroup>>, vector<2xi32>
func.func @w4a16_tma_u1(%x: memref<?x256xf16>, %wq: memref<32x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]}
  return
}
