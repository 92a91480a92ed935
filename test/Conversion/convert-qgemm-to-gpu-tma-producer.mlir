// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: the W8A8 wgmma TMA ring with a producer warpgroup (copy =
// tma_producer). The block launches one warpgroup more than its tiles
// (64 x 128: 128 + 128 threads; 128 x 256: 256 + 128), under launch bounds
// (ptxas honours setmaxnreg only with them): two blocks a multiprocessor for
// the one-warpgroup tile (99,392 bytes of shared memory), one for the
// two-warpgroup tile, whose producer gives its registers to the others (24
// and 240: 24 + 2 x 240 = 3 x 168, one block's share at 384 threads). The
// branch to the producer is on the warpgroup index as lane 0 holds it
// (gpu.shuffle idx), so that ptxas sees both sides warp-uniform. The
// producer's first thread (tid = 256) copies the weight boxes of all 4
// slots, waits for the prerequisite grid, copies their activation boxes
// (the whole box of 128 rows, or where the block's rows below M fit 16 the
// edge box from the kernel's last tensor map, and then 14336 bytes fewer
// expected; the last column tile copies its 1000 mod 256 = 232 rows of W
// from the third map, 3072 bytes fewer),
// then refills slot kt mod 4 with K tile kt (4 <= kt < 8, K = 992 is 8
// tiles) once the `empty` barrier of K tile kt - 4 completed, and the
// whole producer warpgroup exits. The tiles' warpgroups wait for the
// prerequisite grid too (they read sx), take their registers, and per K
// tile wait on the slot's `full` barrier, issue the wgmma group, retire the
// previous one and release its slot: no copy in their loop. The 256-column
// tiles' loop is kept rolled (llvm.loop_annotation, unrolling disabled), the
// 128-column one is not.

// CHECK: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK-NEXT: #[[$ROLLED:.+]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-DAG: kernel = "matmul_v0"{{.*}}threads = 256
// CHECK-DAG: kernel = "matmul_v1"{{.*}}threads = 384

// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK: gpu.barrier
// CHECK: %[[WG0:.*]] = arith.divui %thread_id_x, %c128
// CHECK: %[[WG0I32:.*]] = arith.index_castui %[[WG0]] : index to i32
// CHECK: gpu.shuffle  idx %[[WG0I32]], %c0_i32, %c32_i32
// CHECK: %[[PROD0:.*]] = arith.cmpi uge, %{{.*}}, %c1
// CHECK-NEXT: scf.if %[[PROD0]] {
// CHECK-NOT: nvvm.setmaxregister
// CHECK: nvvm.exit
// CHECK-NOT: nvvm.setmaxregister
// CHECK: scf.for
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: } {qgemm.tma_stages = 4 : i64}
// CHECK: gpu.return

// The 128-row tiles also take X's half box (64 rows, the map before the
// edge map) where a tile's rows below M pass the two edge boxes but fit 64.
// CHECK-LABEL: gpu.func @matmul_v1(
// CHECK-SAME: %[[MAPA:[a-z0-9]+]]: !llvm.ptr, %[[MAPB:[a-z0-9]+]]: !llvm.ptr, %[[MAPW:[a-z0-9]+]]: !llvm.ptr, %[[MAPH:[a-z0-9]+]]: !llvm.ptr, %[[MAPE:[a-z0-9]+]]: !llvm.ptr
// CHECK-SAME: nvvm.maxntid = array<i32: 384, 1, 1>
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-COUNT-8: nvvm.mbarrier.init
// CHECK: gpu.barrier
// CHECK: %[[WG:.*]] = arith.divui %thread_id_x, %c128
// CHECK: %[[WGI32:.*]] = arith.index_castui %[[WG]] : index to i32
// CHECK: gpu.shuffle  idx %[[WGI32]], %c0_i32, %c32_i32
// CHECK: %[[PROD:.*]] = arith.cmpi uge, %{{.*}}, %c2
// CHECK-NEXT: scf.if %[[PROD]] {
// CHECK-NEXT: nvvm.setmaxregister  decrease 24
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %thread_id_x, %c256
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]]
// CHECK: nvvm.griddepcontrol  wait
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]]{{.*}}
// CHECK-NEXT: } else {
// CHECK: %[[PAST32:.*]] = arith.addi %{{.*}}, %c32{{.*}} : index
// CHECK-NEXT: %[[PASSES:.*]] = arith.cmpi ult, %[[PAST32]], %dim
// CHECK-NEXT: scf.if %[[PASSES]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPH]]
// CHECK-NEXT: } else {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPE]]
// CHECK-COUNT-3: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]]
// CHECK: scf.for %[[KT:.*]] = %c4{{.*}} to %c8
// CHECK: %[[SLOT:.*]] = arith.remui %[[KT]], %c4
// CHECK: %[[RELEASED:.*]] = arith.subi %[[KT]], %c4
// CHECK: %[[PASS:.*]] = arith.divui %[[RELEASED]], %c4
// CHECK: %[[PARITY:.*]] = arith.remui %[[PASS]], %c2
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: %[[EDGE:.*]] = arith.select %{{.*}}, %c12288_i32, %c14336_i32 : i32
// CHECK: %[[HALF:.*]] = arith.select %{{.*}}, %c8192_i32, %[[EDGE]] : i32
// The whole box where the tile's row + 64 (its half) lies below M.
// CHECK: %[[P64:.*]] = arith.addi %{{.*}}, %c64{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[WHOLE:.*]] = arith.cmpi ult, %[[P64]], %dim
// CHECK-NEXT: %[[SKIP:.*]] = arith.select %[[WHOLE]], %c0_i32{{.*}}, %[[HALF]] : i32
// CHECK: %[[BYTES:.*]] = arith.subi %c49152_i32, %[[SKIP]] : i32
// CHECK: %[[SKIPW:.*]] = arith.select %{{.*}}, %c0_i32{{.*}}, %c3072_i32 : i32
// CHECK: %[[BYTESW:.*]] = arith.subi %[[BYTES]], %[[SKIPW]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTESW]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPH]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPE]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPW]]
// CHECK: nvvm.exit
// CHECK: nvvm.griddepcontrol  wait
// CHECK-NEXT: nvvm.setmaxregister  increase 240
// CHECK: scf.for %[[CKT:.*]] = %c0{{.*}} to %c8{{.*}} iter_args
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: } {llvm.loop_annotation = #[[$ROLLED]], qgemm.tma_stages = 4 : i64}
// CHECK: gpu.return
func.func @producer(%x: memref<?x992xf16>, %w: memref<1000x992xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x992xf16>) weights(%w, %sw : memref<1000x992xi8>, memref<1000xf32>) outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 64, mma = wgmma, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}
