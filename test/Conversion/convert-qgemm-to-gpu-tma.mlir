// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a W8A8 wgmma ring filled by TMA (copy = tma), N = 1000 and
// K = 992 (neither a multiple of the 64 x 128 x 128 tile: the copies read
// zeros past them, so nothing is masked in the kernel). The kernel takes
// the tensor maps of xq and wq first, then wq's edge map (the last column
// tile's 1000 mod 128 = 104 rows) and xq's (!llvm.ptr, qgemm.tensor_maps =
// 4), and the launch description asks the stub for them (boxes of 64 rows
// of xq, 128 and 104 rows of wq and 16 rows of xq, 128 bytes of wq's
// 992-byte rows and of xq's rows padded to 1024 bytes in the workspace,
// getW8A8ActivationPitch: the quantize kernel zeroes bytes 992 to 1023 of
// each row, four chunks of 8), with 4 x (64 + 128) x 128 bytes of ring + 1024
// (alignment) + 64 (mbarriers) = 99392 bytes of shared memory. Thread 0
// initializes a `full` mbarrier (one arrival) and an `empty` one (one per
// warpgroup) for each of the 4 slots, expects 24576 bytes a slot (6144 less
// where the block's rows below M fit the 16-row edge box: M < block row +
// 16; 3072 less in the last column tile, block column 896, whose 104 rows
// of W come from their own map), and copies the weight boxes of the first 3 K tiles, then after
// griddepcontrol.wait their activation boxes (the whole box, or the edge
// box on such a tile). The
// loop (already pipelined: no qgemm.pipeline_depth) waits on the slot's
// `full` barrier with parity (kt / 4) mod 2, issues the wgmma group, releases
// the previous slot and refills it with K tile kt + 3 once every warpgroup
// released it. No cp.async anywhere.

// CHECK: qgemm.launch = {{.*}}kernel = "matmul_v0"{{.*}}operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"]
// CHECK-SAME: shared_memory = 99392
// CHECK-SAME: tensor_maps = [{box_rows = 64 : i64, operand = "xq", row_bytes = 1024 : i64}, {box_rows = 128 : i64, operand = "wq", row_bytes = 992 : i64}, {box_rows = 104 : i64, operand = "wq", row_bytes = 992 : i64}, {box_rows = 16 : i64, operand = "xq", row_bytes = 1024 : i64}]
// CHECK-SAME: buffers = [{dims = ["m", 1024], element_type = i8, name = "xq"}
// CHECK-LABEL: gpu.func @quantize(%{{.*}}: memref<?x992xf16>, %{{.*}}: memref<?x1024xi8>
// CHECK: %[[PAD:.*]] = arith.cmpi ult, %thread_id_x, %c4 : index
// CHECK-NEXT: scf.if %[[PAD]] {
// CHECK-NEXT: %[[ZEROS:.*]] = arith.constant dense<0> : vector<8xi8>
// CHECK: %[[PADCOL:.*]] = arith.addi %{{.*}}, %c992 : index
// CHECK-NEXT: vector.store %[[ZEROS]], %arg1[%block_id_x, %[[PADCOL]]]
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK-SAME: %[[MAPA:[a-z0-9]+]]: !llvm.ptr, %[[MAPB:[a-z0-9]+]]: !llvm.ptr, %[[MAPW:[a-z0-9]+]]: !llvm.ptr, %[[MAPE:[a-z0-9]+]]: !llvm.ptr, %[[XQ:[a-z0-9]+]]: memref<?x1024xi8>
// CHECK-SAME: qgemm.tensor_maps = 4 : i64
// CHECK: %[[M:.*]] = memref.dim %[[XQ]], %c0
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %{{.*}}, %c0
// CHECK: scf.if %[[LEADER]] {
// CHECK: %[[FULL0:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: nvvm.mbarrier.init %[[FULL0]], %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK-COUNT-6: nvvm.mbarrier.init
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.prefetch tensormap, %[[MAPA]]
// CHECK: nvvm.prefetch tensormap, %[[MAPB]]
// CHECK: nvvm.prefetch tensormap, %[[MAPW]]
// CHECK: nvvm.prefetch tensormap, %[[MAPE]]
// CHECK: gpu.barrier
// Prologue: weights of K tiles 0..2, then the wait, then activations.
// The tile's rows below M within 16: one edge box (48 rows' bytes less);
// within 32: two (32 rows less); else the whole box.
// CHECK: %[[END:.*]] = arith.addi %[[ROW:.*]], %c16{{.*}} : index
// CHECK: %[[TWO:.*]] = arith.cmpi ult, %[[END]], %[[M]] : index
// CHECK: %[[EDGE:.*]] = arith.select %[[TWO]], %c4096_i32, %c6144_i32 : i32
// CHECK: %[[END2:.*]] = arith.addi %[[ROW]], %c32{{.*}} : index
// CHECK: %[[WHOLE:.*]] = arith.cmpi ult, %[[END2]], %[[M]] : index
// CHECK: %[[SKIP:.*]] = arith.select %[[WHOLE]], %c0_i32, %[[EDGE]] : i32
// CHECK: %[[BYTES:.*]] = arith.subi %c24576_i32, %[[SKIP]] : i32
// CHECK: %[[WHOLEN:.*]] = arith.cmpi ult, %[[COL:.*]], %c873{{.*}} : index
// CHECK: %[[SKIPW:.*]] = arith.select %[[WHOLEN]], %c0_i32{{.*}}, %c3072_i32 : i32
// CHECK: %[[BYTESW:.*]] = arith.subi %[[BYTES]], %[[SKIPW]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTESW]]
// CHECK: scf.if
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]], %{{.*}}, box[%{{.*}}, %[[COLB:.*]]] :
// CHECK: } else {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPW]], %{{.*}}, box[%{{.*}}, %[[COLB]]] :
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]]
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]]
// CHECK: nvvm.griddepcontrol wait
// CHECK: %[[END1:.*]] = arith.addi %[[ROW]], %c32{{.*}} : index
// CHECK: %[[WHOLE1:.*]] = arith.cmpi ult, %[[END1]], %[[M]] : index
// CHECK: scf.if %[[WHOLE1]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]], %{{.*}}, box[%{{.*}}, %[[ROWA:.*]]] :
// CHECK: } else {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPE]], %{{.*}}, box[%{{.*}}, %[[ROWA]]] :
// The second edge box, 16 rows on (2048 bytes), where those rows start
// below M.
// CHECK: %[[END2:.*]] = arith.addi %[[ROW]], %c16{{.*}} : index
// CHECK: %[[TWO1:.*]] = arith.cmpi ult, %[[END2]], %[[M]] : index
// CHECK: scf.if %[[TWO1]] {
// CHECK: %[[ROW16:.*]] = arith.addi %[[ROW]], %c16{{.*}} : index
// CHECK: arith.addi %{{.*}}, %c2048{{.*}} : index
// CHECK: %[[ROW16I:.*]] = arith.index_castui %[[ROW16]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPE]], %{{.*}}, box[%{{.*}}, %[[ROW16I]]]
// CHECK: }
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]]
// CHECK: scf.for %[[KT:.*]] = %c0{{.*}} iter_args
// CHECK: %[[SLOT:.*]] = arith.remui %[[KT]], %c4
// CHECK: %[[PASS:.*]] = arith.divui %[[KT]], %c4
// CHECK: %[[PARITY:.*]] = arith.remui %[[PASS]], %c2
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: scf.if
// CHECK: nvvm.mbarrier.arrive
// CHECK: %[[NEXT:.*]] = arith.addi %[[KT]], %c3
// CHECK: scf.if
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: arith.subi %c24576_i32
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPA]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPE]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPB]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAPW]]
// CHECK: } {qgemm.tma_stages = 4 : i64}
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: gpu.return
func.func @tma(%x: memref<?x992xf16>, %w: memref<1000x992xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x992xf16>) weights(%w, %sw : memref<1000x992xi8>, memref<1000xf32>) outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}
