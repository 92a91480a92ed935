// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a TMA ring's last row tile moved up to end at M
// (Tiling::shiftLastRowTile, W8A8 and W4A16). Block row y starts at
// min(128 y, M - 128) where M >= 128 and the tile's rows below M pass what
// its smaller boxes cover (here the half box, 64 rows): its activation box
// then lies inside X instead of passing M (perf notes v73, e338 / e339).
// The epilogue stores only the rows from 128 y on (the rows above, which
// the tile before it stores, are computed again and not stored).

// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK: %[[M:.*]] = memref.dim %arg4
// CHECK: %[[ROW:.*]] = arith.muli %block_id_y, %c128
// CHECK: %[[FITS:.*]] = arith.cmpi uge, %[[M]], %c128
// CHECK: %[[END:.*]] = arith.addi %[[ROW]], %c64
// CHECK: %[[PAST:.*]] = arith.cmpi ult, %[[END]], %[[M]]
// CHECK: %[[WHOLE:.*]] = arith.andi %[[PAST]], %[[FITS]]
// CHECK: %[[LAST:.*]] = arith.subi %[[M]], %c128
// CHECK: %[[START:.*]] = arith.select %[[WHOLE]], %[[LAST]], %[[ROW]]
// CHECK: arith.minui %[[ROW]], %[[START]]
// The stored rows: below M and from 128 y on.
// CHECK: %[[FROM:.*]] = arith.cmpi uge, %{{.*}}, %[[ROW]]
// CHECK-NEXT: %[[STORED:.*]] = arith.andi %{{.*}}, %[[FROM]]
// CHECK-NEXT: scf.if %[[STORED]]
// CHECK: vector.store
func.func @w8a8_last_tile(%x: memref<?x1024xf16>, %w: memref<1024x1024xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<1024x1024xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>)
      {configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>],
       lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">}
  return
}
