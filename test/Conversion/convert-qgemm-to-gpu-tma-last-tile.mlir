// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a TMA ring's last row tile moved up to end at M
// (Tiling::shiftLastRowTile, W8A8 and W4A16). Block row y starts at
// min(128 y, M - 128) where M >= 128 and the tile's rows below M pass what
// its smaller boxes cover (here the half box, 64 rows): its activation box
// then lies inside X instead of passing M (perf notes v73, e338 / e339).
// The epilogue stores only the rows from 128 y on (the rows above, which
// the tile before it stores, are computed again and not stored).
// K = 1088 ends in a partial K tile: no two-box move (@w8a8_two_box).

// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK: %[[M:.*]] = memref.dim %arg4
// CHECK: %[[ROW:.*]] = arith.muli %block_id_y, %c128
// CHECK: %[[END:.*]] = arith.addi %[[ROW]], %c64
// CHECK-NEXT: %[[PAST:.*]] = arith.cmpi ult, %[[END]], %[[M]]
// CHECK-NEXT: %{{.*}} = arith.constant 128
// CHECK-NEXT: %[[FITS:.*]] = arith.cmpi uge, %[[M]], %{{.*}}
// CHECK-NEXT: %[[WHOLE:.*]] = arith.andi %[[PAST]], %[[FITS]]
// CHECK: %[[LAST:.*]] = arith.subi %[[M]], %{{.*}}
// CHECK-NEXT: %[[START:.*]] = arith.select %[[WHOLE]], %[[LAST]], %[[ROW]]
// CHECK-NEXT: arith.minui %[[ROW]], %[[START]]
// The stored rows: below M and from 128 y on.
// CHECK: %[[FROM:.*]] = arith.cmpi uge, %{{.*}}, %[[ROW]]
// CHECK-NEXT: %[[STORED:.*]] = arith.andi %{{.*}}, %[[FROM]]
// CHECK-NEXT: scf.if %[[STORED]]
// CHECK: vector.store
func.func @w8a8_last_tile(%x: memref<?x1088xf16>, %w: memref<1024x1088xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1088xf16>) weights(%w, %sw : memref<1024x1088xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>)
      {configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>],
       lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">}
  return
}

// W8A8, K a multiple of 128 (Tiling::shiftTwoBoxLastRowTile): the last
// tile moves too where its rows below M would take two boxes: 17 to 32
// rows (two 16-row edge boxes) or 65 to 80 (the half box and an edge box,
// 128 x 64 tiles) (perf notes v74, e342). 81 or more: the whole box, as
// above.
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK: %[[M:.*]] = memref.dim %arg7
// CHECK: %[[ROW:.*]] = arith.muli %block_id_y, %c128
// CHECK: %[[END:.*]] = arith.addi %[[ROW]], %c80
// CHECK-NEXT: %[[PAST:.*]] = arith.cmpi ult, %[[END]], %[[M]]
// CHECK-NEXT: %[[BELOW:.*]] = arith.subi %[[M]], %[[ROW]]
// CHECK-NEXT: %c16 = arith.constant 16
// CHECK-NEXT: %[[A1:.*]] = arith.cmpi ult, %c16, %[[BELOW]]
// CHECK-NEXT: %c33 = arith.constant 33
// CHECK-NEXT: %[[B1:.*]] = arith.cmpi ult, %[[BELOW]], %c33
// CHECK-NEXT: %[[TWOEDGE:.*]] = arith.andi %[[A1]], %[[B1]]
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64
// CHECK-NEXT: %[[A2:.*]] = arith.cmpi ult, %[[C64]], %[[BELOW]]
// CHECK-NEXT: %c81 = arith.constant 81
// CHECK-NEXT: %[[B2:.*]] = arith.cmpi ult, %[[BELOW]], %c81
// CHECK-NEXT: %[[HALFEDGE:.*]] = arith.andi %[[A2]], %[[B2]]
// CHECK-NEXT: %[[TWO:.*]] = arith.ori %[[TWOEDGE]], %[[HALFEDGE]]
// CHECK-NEXT: %[[MOVED:.*]] = arith.ori %[[PAST]], %[[TWO]]
// CHECK-NEXT: %{{.*}} = arith.constant 128
// CHECK-NEXT: %[[FITS:.*]] = arith.cmpi uge, %[[M]], %{{.*}}
// CHECK-NEXT: %[[WHOLE:.*]] = arith.andi %[[MOVED]], %[[FITS]]
// CHECK: %[[LAST:.*]] = arith.subi %[[M]], %{{.*}}
// CHECK-NEXT: %[[START:.*]] = arith.select %[[WHOLE]], %[[LAST]], %[[ROW]]
// CHECK-NEXT: arith.minui %[[ROW]], %[[START]]
// Serving M from 1, these 128 x 64 tiles take three more maps (%arg2 to
// %arg4, before the half and edge maps): a last tile that is not moved (a
// lone tile, M < 128) of 65 to 112 rows copies one box of its rows
// rounded up to 16 (80, 96, 112), whose expected bytes are the rows short
// of the whole box (6144 / 4096 / 2048 of 128-byte rows); 113 or more the
// whole box (%arg0). Then the half box (%arg5) and the edge boxes (%arg6).
// CHECK: arith.select %{{.*}}, %c6144_i32{{.*}}, %{{[0-9]+}} : i32
// CHECK: %c4096_i32 = arith.constant 4096 : i32
// CHECK-NEXT: arith.select %{{.*}}, %c4096_i32, %{{.*}} : i32
// CHECK: %c2048_i32 = arith.constant 2048 : i32
// CHECK-NEXT: arith.select %{{.*}}, %c2048_i32, %{{.*}} : i32
// CHECK: %c112 = arith.constant 112 : index
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0,
// CHECK-NEXT: } else {
// CHECK-NEXT: %c96{{.*}} = arith.constant 96 : index
// CHECK-NEXT: %[[R96:.*]] = arith.addi %{{.*}}, %c96
// CHECK-NEXT: %[[T112:.*]] = arith.cmpi ult, %[[R96]], %[[M]]
// CHECK-NEXT: scf.if %[[T112]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg4,
// CHECK: } else {
// CHECK-NEXT: %c80{{.*}} = arith.constant 80 : index
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg3,
// CHECK: } else {
// CHECK-NEXT: %c64{{.*}} = arith.constant 64 : index
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg2,
// CHECK: } else {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg5,
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg6,
func.func @w8a8_two_box(%x: memref<?x1024xf16>, %w: memref<1024x1024xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<1024x1024xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>)
      {configs = [#qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, mma = wgmma, copy = tma_producer>],
       lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">}
  return
}
