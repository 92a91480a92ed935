// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: BSR union tiles on the producer's TMA ring in K tiles of two
// block columns (cta tile K 64; K = 256 is 8 block columns, 4 pairs). The
// union list holds the pairs (2p, 2p + 1) that any of the tile's four block
// rows stores: a pair is in it where the OR of its two columns' masks is
// not zero. X comes in boxes of 128 bytes a row (64 fp16, both columns of
// a pair; the launch description's X maps have the default 128-byte box,
// the blocks' 64), the blocks in one 64-byte box a block row and column,
// the pair's second column 8192 bytes (128 rows of 64 bytes) into the B
// slot. A slot expects (256 + 128) x 128 = 49152 bytes. Each slot is four
// wgmma m64n128k16: A (X, 128-byte swizzle) 32 bytes further each (+2 in
// the descriptor), B (64-byte swizzle) in the slot's first half for the
// first two (+0, +2) and its second (+512 = 8192 / 16, +514) for the others.

// CHECK: kernel = "matmul_v0"{{.*}}tensor_maps = [{box_rows = 256 : i64, operand = "x", row_bytes = 512 : i64}, {box_bytes = 64 : i64, box_rows = 32 : i64, operand = "blocks", row_bytes = 64 : i64}, {box_rows = 128 : i64, operand = "x", row_bytes = 512 : i64}, {box_rows = 16 : i64, operand = "x", row_bytes = 512 : i64}]

// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: %[[MX:[a-z0-9]+]]: !llvm.ptr, %[[MB:[a-z0-9]+]]: !llvm.ptr, %[[MH:[a-z0-9]+]]: !llvm.ptr, %[[ME:[a-z0-9]+]]: !llvm.ptr
// The list of pairs: lanes 0 .. 3 (4 pairs), each the OR of masks 2p, 2p + 1.
// CHECK: %[[INRANGE:.*]] = arith.cmpi ult, %[[P:.*]], %c4{{(_[0-9]+)?}} : index
// CHECK: %[[C0:.*]] = arith.muli %[[P]], %c2{{(_[0-9]+)?}} : index
// CHECK: %[[M0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: %[[OR0:.*]] = arith.ori %{{.*}}, %[[M0]] : i32
// CHECK: %[[C1:.*]] = arith.addi %{{.*}}, %c1{{(_[0-9]+)?}} : index
// CHECK: %[[M1:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: %[[OR1:.*]] = arith.ori %[[OR0]], %[[M1]] : i32
// CHECK: %[[ANY:.*]] = arith.cmpi ne, %[[OR1]], %c0_i32{{(_[0-9]+)?}} : i32
// CHECK: arith.andi %[[INRANGE]], %[[ANY]] : i1
// CHECK: nvvm.vote.sync ballot
// The producer's refills: 49152 bytes a slot, X from its 128-byte maps,
// then four blocks of the pair's first column and four of its second.
// The X box of list entry p starts at byte column 128 p; the blocks are
// those of columns 2p (masks and blockOf at 2p) and 2p + 1.
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: arith.subi %c49152_i32
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: %[[XE:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<12xi32, #gpu.address_space<workgroup>>
// CHECK: %[[XP:.*]] = arith.index_castui %[[XE]] : i32 to index
// CHECK: %[[XCOL:.*]] = arith.muli %[[XP]], %c128{{(_[0-9]+)?}} : index
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MX]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MH]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ME]]
// CHECK: %[[BE:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<12xi32, #gpu.address_space<workgroup>>
// CHECK: %[[BP:.*]] = arith.index_castui %[[BE]] : i32 to index
// CHECK: %[[COL0:.*]] = arith.muli %[[BP]], %c2{{(_[0-9]+)?}} : index
// CHECK: memref.load %{{.*}}[%[[COL0]]] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: %[[TWO:.*]] = arith.muli %[[BP]], %c2{{(_[0-9]+)?}} : index
// CHECK: %[[COL1:.*]] = arith.addi %[[TWO]], %c1{{(_[0-9]+)?}} : index
// CHECK: memref.load %{{.*}}[%[[COL1]]] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %{{.*}}[%c0{{(_[0-9]+)?}}, %[[COL0]]] : memref<4x8xi32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MB]]
// CHECK: %[[HALF:.*]] = arith.addi %{{.*}}, %c8192{{(_[0-9]+)?}} : index
// CHECK: memref.load %{{.*}}[%c0{{(_[0-9]+)?}}, %[[COL1]]] : memref<4x8xi32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MB]]
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.exit
// The tiles' slot step: A's descriptor in the 128-byte swizzle, B's in
// the 64-byte one, four wgmma.
// CHECK: scf.for
// CHECK: %[[DA:.*]] = arith.ori %{{.*}}, %c4611686293305360384_i64 : i64
// CHECK: %[[RB:.*]] = arith.ori %{{.*}}, %c-9223371899415756800_i64 : i64
// CHECK: %[[DB:.*]] = arith.addi %[[RB]], %{{.*}} : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[B0:.*]] = arith.addi %[[DB]], %c0_i64{{(_[0-9]+)?}} : i64
// CHECK: %[[A0:.*]] = arith.addi %[[DA]], %c0_i64{{(_[0-9]+)?}} : i64
// CHECK: nvvm.wgmma.mma_async %[[A0]], %[[B0]], %{{.*}}, <m = 64, n = 128, k = 16>
// CHECK: %[[B1:.*]] = arith.addi %[[DB]], %c2_i64{{(_[0-9]+)?}} : i64
// CHECK: %[[A1:.*]] = arith.addi %[[DA]], %c2_i64{{(_[0-9]+)?}} : i64
// CHECK: nvvm.wgmma.mma_async %[[A1]], %[[B1]], %{{.*}}, <m = 64, n = 128, k = 16>
// CHECK: %[[B2:.*]] = arith.addi %[[DB]], %c512_i64 : i64
// CHECK: %[[A2:.*]] = arith.addi %[[DA]], %c4_i64{{(_[0-9]+)?}} : i64
// CHECK: nvvm.wgmma.mma_async %[[A2]], %[[B2]], %{{.*}}, <m = 64, n = 128, k = 16>
// CHECK: %[[B3:.*]] = arith.addi %[[DB]], %c514_i64 : i64
// CHECK: %[[A3:.*]] = arith.addi %[[DA]], %c6_i64 : i64
// CHECK: nvvm.wgmma.mma_async %[[A3]], %[[B3]], %{{.*}}, <m = 64, n = 128, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
func.func @bsr_pairs(%x: memref<?x256xf16>, %row_ptr: memref<5xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<5xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}
