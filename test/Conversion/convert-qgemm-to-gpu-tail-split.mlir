// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: the tail split of a W8A8 wgmma ring variant (tail_split = 8). The
// grid is one-dimensional: T = 8 x ceil(M / 128) tiles (N = 2048 over 256),
// R = T mod 132 (one 128 x 256 block of 197632 bytes a multiprocessor, 132
// of them), s = min(8, 132 / max(R, 1)); blocks past the whole waves' tiles
// take slice j mod s of tail tile j / s, a K range of ceil(32 / s) tiles
// (the loop's trip count is a run-time value), and store int32 partials
// that the last slice (the counter) adds in slot order; the other blocks
// store the tile directly. Tiles are numbered row-major while they fit one
// wave and column-major past it. The launch description carries the fields
// the stub computes the same grid from.

// CHECK: qgemm.launch = {{.*}}kernel = "matmul_v0"{{.*}}split_k = 1 : i64, tail_split = 8 : i64{{.*}}wave_blocks = 132 : i64
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-NOT: gpu.block_id  y
// CHECK: %[[ROWS:.*]] = arith.divui %{{.*}}, %c128
// CHECK: %[[T:.*]] = arith.muli %[[ROWS]], %c8
// CHECK: %[[R:.*]] = arith.remui %[[T]], %c132
// CHECK: %[[RMAX:.*]] = arith.maxui %[[R]], %c1
// CHECK: %[[FIT:.*]] = arith.divui %c132{{.*}}, %[[RMAX]]
// CHECK: %[[S:.*]] = arith.minui %c8{{.*}}, %[[FIT]]
// CHECK: %[[TWO:.*]] = arith.cmpi uge, %[[S]], %c2
// CHECK: %[[HASTAIL:.*]] = arith.cmpi ne, %[[R]], %c0
// CHECK: %[[SPLIT:.*]] = arith.andi %[[HASTAIL]], %[[TWO]]
// CHECK: %[[WHOLE:.*]] = arith.subi %[[T]], %[[R]]
// CHECK: %[[D:.*]] = arith.select %[[SPLIT]], %[[WHOLE]], %[[T]]
// CHECK: %[[BLOCK:.*]] = gpu.block_id  x
// CHECK: %[[INTAIL:.*]] = arith.cmpi uge, %[[BLOCK]], %[[D]]
// The tile of the block: row-major while T fits one wave, column-major
// (tile index mod the row tiles, divided by them) past it.
// CHECK: %[[TILE:.*]] = arith.select %[[INTAIL]], %{{.*}}, %[[BLOCK]]
// CHECK: %[[COLMAJOR:.*]] = arith.cmpi ugt, %[[T]], %c132
// CHECK: %[[RROW:.*]] = arith.divui %[[TILE]], %c8
// CHECK: %[[CROW:.*]] = arith.remui %[[TILE]], %[[ROWS]]
// CHECK: %[[ROW:.*]] = arith.select %[[COLMAJOR]], %[[CROW]], %[[RROW]]
// CHECK: arith.muli %[[ROW]], %c128
// CHECK: %[[RCOL:.*]] = arith.remui %[[TILE]], %c8
// CHECK: %[[CCOL:.*]] = arith.divui %[[TILE]], %[[ROWS]]
// CHECK: %[[COL:.*]] = arith.select %[[COLMAJOR]], %[[CCOL]], %[[RCOL]]
// CHECK: arith.muli %[[COL]], %c256
// CHECK: %[[NS:.*]] = arith.select %[[INTAIL]], %[[S]], %c1
// CHECK: %[[PER:.*]] = arith.divui %{{.*}}, %[[NS]]
// CHECK: %[[TRIP:.*]] = arith.minui %{{.*}}, %[[PER]]
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[TRIP]] step
// CHECK: nvvm.wgmma.mma_async
// The epilogue: a split tail tile or a whole one.
// CHECK: %[[ISSPLIT:.*]] = arith.cmpi ugt, %[[NS]], %c1
// CHECK: scf.if %[[ISSPLIT]] {
// CHECK: vector.store %{{.*}}, %arg5[%{{.*}}] {{.*}} : memref<?xi32>, vector<2xi32>
// CHECK: memref.atomic_rmw addi %{{.*}}, %arg6[%{{.*}}]
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[NS]] step %c1{{.*}} iter_args
// CHECK: arith.addi %{{.*}} : vector<2xi32>
// CHECK: memref.store %c0_i32{{.*}}, %arg6[
// CHECK: } else {
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return
func.func @tail(%x: memref<?x4096xf16>, %w: memref<2048x4096xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<2048x4096xi8>, memref<2048xf32>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]}
  return
}
