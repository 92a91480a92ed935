// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu | grep -B2 "gpu.return" \
// RUN:   | FileCheck %s --check-prefix=END
// Covers: the stream-K grid of a W8A8 wgmma ring variant (stream_k = true).
// The grid is one-dimensional: T = 8 x ceil(M / 128) tiles (N = 2048 over
// 256), a wave of W = 132 blocks (one 128 x 256 block of 197632 bytes a
// multiprocessor), R = T mod 132; when R is not 0 and below 132 - 132 / 8 =
// 116 the region is S = T (T < 132) or R + 132 tiles, cut into G =
// min(132, S x 32) equal ranges of K iterations, one a block past the
// D = T - S whole-tile blocks. A block loops over the segments its range
// crosses, one K loop each (trip count: the segment's iterations), stores a
// whole tile directly, and otherwise stores its int32 partials, counts
// itself in the tile's counter, and the last block of the tile adds the
// tile's partials in block order and resets the counter. A barrier ends
// each segment. The launch description carries what the stub computes the
// same grid from.

// CHECK: qgemm.launch = {{.*}}kernel = "matmul_v0"{{.*}}split_k = 1 : i64, stream_k_tiles = 32 : i64{{.*}}wave_blocks = 132 : i64
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-NOT: gpu.block_id  y
// CHECK: %[[ROWS:.*]] = arith.divui %{{.*}}, %c128
// CHECK: %[[T:.*]] = arith.muli %[[ROWS]], %c8
// CHECK: %[[R:.*]] = arith.remui %[[T]], %c132
// CHECK: %[[NOTFULL:.*]] = arith.cmpi ult, %[[R]], %c116
// CHECK: %[[HASTAIL:.*]] = arith.cmpi ne, %[[R]], %c0
// CHECK: %[[USE:.*]] = arith.andi %[[HASTAIL]], %[[NOTFULL]]
// CHECK: %[[RW:.*]] = arith.addi %[[R]], %c132
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[T]], %c132
// CHECK: %[[S0:.*]] = arith.select %[[SMALL]], %[[T]], %[[RW]]
// CHECK: %[[S:.*]] = arith.select %[[USE]], %[[S0]], %c0
// CHECK: %[[D:.*]] = arith.subi %[[T]], %[[S]]
// CHECK: %[[I:.*]] = arith.muli %[[S]], %c32
// CHECK: %[[G:.*]] = arith.minui %[[I]], %c132
// CHECK: %[[BLOCK:.*]] = gpu.block_id  x
// CHECK: %[[ISSK:.*]] = arith.cmpi uge, %[[BLOCK]], %[[D]]
// CHECK: %[[NSEG:.*]] = arith.select %[[ISSK]], %{{.*}}, %c1
// CHECK: scf.for %[[J:.*]] = %c0{{.*}} to %[[NSEG]] step
// CHECK: %[[TRIP:.*]] = arith.select %[[ISSK]], %{{.*}}, %c32
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[TRIP]], %c32
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[TRIP]] step
// CHECK: nvgpu.device_async_copy
// CHECK: nvvm.wgmma.mma_async
// The epilogue: a whole tile, or partials and the tile's ordered sum.
// CHECK: scf.if %[[WHOLE]] {
// CHECK: } else {
// CHECK: vector.store %{{.*}}, %arg5[%{{.*}}] {{.*}} : memref<?xi32>, vector<2xi32>
// CHECK: memref.atomic_rmw addi %{{.*}}, %arg6[%{{.*}}]
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c1{{.*}} iter_args
// CHECK: arith.addi %{{.*}} : vector<2xi32>
// CHECK: memref.store %c0_i32{{.*}}, %arg6[
// The segment loop ends with a barrier, the kernel with the loop.
// END: gpu.barrier
// END-NEXT: }
// END-NEXT: gpu.return
func.func @stream_k(%x: memref<?x4096xf16>, %w: memref<2048x4096xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<2048x4096xi8>, memref<2048xf32>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, stream_k = true>]}
  return
}
