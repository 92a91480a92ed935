// RUN: qgemm-opt %s --split-input-file --convert-qgemm-to-gpu | FileCheck %s
// Covers: the tail split of W4A16's register-A rings (tail_split = 4). The
// grid is one-dimensional: T = 16 x ceil(M / 256) tiles (N = 2048 over
// 128), R = T mod W, W = 132 (one 256 x 128 block of two warpgroups and a
// producer a multiprocessor), s = min(4, W / max(R, 1)); blocks past the
// whole waves' tiles take slice j mod s of tail tile j / s, a K range of
// ceil(64 / s) tiles that both the producer's refill loop and the
// consumers' loop run to, and store f32 partials that the last slice (the
// tile's counter) adds in slot order before the scaled store; the other
// blocks store their tile directly. The launch description carries the
// wave and the operands (partials, counters of one wave).

// CHECK: qgemm.launch = {{.*}}kernel = "matmul_v0"{{.*}}operands = ["x", "wq", "scales", "y", "partials", "counters"]{{.*}}split_k = 1 : i64, tail_split = 4 : i64{{.*}}wave_blocks = 132 : i64
// CHECK-SAME: buffers = [{dims = [132], element_type = i32, kept_zero = true, name = "counters"}, {derived = "split_k_partials", element_type = f32, name = "partials"}]
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: memref<?xf32>, %{{.*}}: memref<132xi32>)
// CHECK-NOT: gpu.block_id  y
// CHECK: %[[ROWS:.*]] = arith.divui %{{.*}}, %c256
// CHECK: %[[T:.*]] = arith.muli %[[ROWS]], %c16
// CHECK: %[[R:.*]] = arith.remui %[[T]], %c132
// CHECK: %[[RMAX:.*]] = arith.maxui %[[R]], %c1
// CHECK: %[[FIT:.*]] = arith.divui %c132{{.*}}, %[[RMAX]]
// CHECK: %[[S:.*]] = arith.minui %c4{{.*}}, %[[FIT]]
// CHECK: %[[BLOCK:.*]] = gpu.block_id  x
// CHECK: %[[INTAIL:.*]] = arith.cmpi uge, %[[BLOCK]], %{{.*}}
// Tiles in row-major order at every M, as the two-dimensional grid runs
// them (no column-major order past one wave, unlike W8A8's).
// CHECK: %[[TILE:.*]] = arith.select %[[INTAIL]], %{{.*}}, %[[BLOCK]]
// CHECK-NOT: arith.cmpi ugt
// CHECK: %[[ROW:.*]] = arith.divui %[[TILE]], %c16
// CHECK: arith.muli %[[ROW]], %c256
// CHECK: %[[COL:.*]] = arith.remui %[[TILE]], %c16
// CHECK: arith.muli %[[COL]], %c128
// CHECK: %[[NS:.*]] = arith.select %[[INTAIL]], %[[S]], %c1
// CHECK: %[[PER:.*]] = arith.divui %{{.*}}, %[[NS]]
// CHECK: %[[TRIP:.*]] = arith.minui %{{.*}}, %[[PER]]
// The producer refills the ring from slot 4 to the slice's end.
// CHECK: scf.for %{{.*}} = %c4{{.*}} to %[[TRIP]] step
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// The consumers' K loop, wgmma with the dequantized weights in registers.
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[TRIP]] step
// CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}, {$256, $257, $258, $259}, $260
// The epilogue: a split tail tile or a whole one.
// CHECK: %[[ISSPLIT:.*]] = arith.cmpi ugt, %[[NS]], %c1
// CHECK: scf.if %[[ISSPLIT]] {
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {{.*}} : memref<?xf32>, vector<2xf32>
// CHECK: memref.atomic_rmw addi %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<132xi32>)
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[NS]] step %c1{{.*}} iter_args
// CHECK: arith.addf %{{.*}} : vector<2xf32>
// CHECK: memref.store %c0_i32{{.*}} : memref<132xi32>
// CHECK: } else {
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return
func.func @tail(%x: memref<?x4096xf16>, %wq: memref<512x2048xi32>, %s: memref<32x2048xf16>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x2048xi32>, memref<32x2048xf16>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>]}
  return
}

// -----

// One warpgroup of 128 x 128 tiles and a producer: two blocks a
// multiprocessor, so a wave is 264 blocks and the counters are as many; a
// split-K variant before it with fewer tiles (16 x 1 x 2 slices) shares the
// buffer, sized for the larger.

// CHECK: kernel = "matmul_v0"{{.*}}operands = ["x", "wq", "scales", "y", "partials", "counters"]{{.*}}split_k = 2
// CHECK: kernel = "matmul_v1"{{.*}}operands = ["x", "wq", "scales", "y", "partials", "counters"]{{.*}}tail_split = 8 : i64{{.*}}wave_blocks = 264 : i64
// CHECK-SAME: buffers = [{dims = [264], element_type = i32, kept_zero = true, name = "counters"}
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: memref<?xf32>, %{{.*}}: memref<264xi32>)
// CHECK-LABEL: gpu.func @matmul_v1(
// CHECK-SAME: memref<?xf32>, %{{.*}}: memref<264xi32>)
// CHECK: %[[R:.*]] = arith.remui %{{.*}}, %c264
// CHECK: arith.minui %c8{{.*}}, %{{.*}}
func.func @tail_one_warpgroup(%x: memref<?x4096xf16>, %wq: memref<512x2048xi32>, %s: memref<2048xf16>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x2048xi32>, memref<2048xf16>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 64, mma = wgmma, operands = register_a>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, tail_split = 8, copy = tma_producer>]}
  return
}
