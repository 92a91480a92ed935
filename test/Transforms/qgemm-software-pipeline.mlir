// RUN: qgemm-opt %s --qgemm-software-pipeline --canonicalize -split-input-file | FileCheck %s

// Depth 2 over 8 K tiles of a 3-slot ring: tiles 0 and 1 are issued before
// the loop; iteration kt waits until at most 1 group is in flight (tile kt
// has landed), passes the barrier, issues tile kt + 2 (zero-fill once
// kt + 2 >= 8), then computes tile kt; nothing is in flight after the loop.
// CHECK-LABEL: gpu.func @depth2
// CHECK-SAME: (%[[SRC:.*]]: memref<64x256xi8>,
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: nvgpu.device_async_copy %[[SRC]][%[[TID]], %c0], %{{.*}}[%c0, %[[TID]], %c0], 16 {bypassL1}
// CHECK-NEXT: %[[G0:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_copy %[[SRC]][%[[TID]], %c16], %{{.*}}[%c1, %[[TID]], %c0], 16 {bypassL1}
// CHECK-NEXT: %[[G1:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: %[[R:.*]]:3 = scf.for %[[KT:.*]] = %c0 to %c8 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}, %[[T0:.*]] = %[[G0]], %[[T1:.*]] = %[[G1]]) -> (i32, !nvgpu.device.async.token, !nvgpu.device.async.token) {
// CHECK-NEXT: %[[LIVE:.*]] = arith.cmpi slt, %[[KT]], %c6
// CHECK-NEXT: nvgpu.device_async_wait %[[T0]] {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[NEXT:.*]] = arith.addi %[[KT]], %c2
// CHECK: %[[NSLOT:.*]] = arith.remui %[[NEXT]], %c3
// CHECK: %[[BYTES:.*]] = arith.select %[[LIVE]], %c16, %c0
// CHECK: %[[ROW:.*]] = arith.select %[[LIVE]], %[[TID]], %c0
// CHECK: %[[COL:.*]] = arith.select %[[LIVE]], %{{.*}}, %c0
// CHECK: %[[T2:.*]] = nvgpu.device_async_copy %[[SRC]][%[[ROW]], %[[COL]]], %{{.*}}[%[[NSLOT]], %[[TID]], %c0], 16, %[[BYTES]] {bypassL1}
// CHECK-NEXT: %[[G2:.*]] = nvgpu.device_async_create_group %[[T2]]
// CHECK-NEXT: %[[SLOT:.*]] = arith.remui %[[KT]], %c3
// CHECK-NEXT: memref.load %{{.*}}[%[[SLOT]], %[[TID]], %c0]
// CHECK: scf.yield %{{.*}}, %[[T1]], %[[G2]]
// CHECK: nvgpu.device_async_wait %[[R]]#2 {numGroups = 0 : i32}
// CHECK-NEXT: memref.store %[[R]]#0
gpu.module @k {
  gpu.func @depth2(%src: memref<64x256xi8>, %out: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %ring = memref.alloc() : memref<3x64x16xi8, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r = scf.for %kt = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
      %slot = arith.remui %kt, %c3 : index
      %c16 = arith.constant 16 : index
      %col = arith.muli %kt, %c16 : index
      %t = nvgpu.device_async_copy %src[%tid, %col], %ring[%slot, %tid, %c0], 16 {bypassL1} : memref<64x256xi8> to memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %s = arith.remui %kt, %c3 : index
      %v = memref.load %ring[%s, %tid, %c0] : memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %w = arith.extsi %v : i8 to i32
      %n = arith.addi %acc, %w : i32
      scf.yield %n : i32
    } {qgemm.pipeline_depth = 2 : i64}
    memref.store %r, %out[%tid] : memref<64xi32>
    gpu.return
  }
}

// -----

// Fewer iterations (2) than the depth (3): the prologue copies of tiles 2
// and beyond read nothing (source size 0) and only zero-fill.
// CHECK-LABEL: gpu.func @short_loop
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %c0], %{{.*}}[%c0, %{{.*}}, %c0], 16, %c16 {bypassL1}
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %c16], %{{.*}}[%c1, %{{.*}}, %c0], 16, %c16 {bypassL1}
// CHECK: nvgpu.device_async_copy %{{.*}}[%c0, %c0], %{{.*}}[%c2, %{{.*}}, %c0], 16, %c0 {bypassL1}
// CHECK: scf.for
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
gpu.module @k {
  gpu.func @short_loop(%src: memref<64x256xi8>, %out: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %ring = memref.alloc() : memref<4x64x16xi8, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r = scf.for %kt = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i32) {
      %slot = arith.remui %kt, %c4 : index
      %c16 = arith.constant 16 : index
      %col = arith.muli %kt, %c16 : index
      %t = nvgpu.device_async_copy %src[%tid, %col], %ring[%slot, %tid, %c0], 16 {bypassL1} : memref<64x256xi8> to memref<4x64x16xi8, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %s = arith.remui %kt, %c4 : index
      %v = memref.load %ring[%s, %tid, %c0] : memref<4x64x16xi8, #gpu.address_space<workgroup>>
      %w = arith.extsi %v : i8 to i32
      %n = arith.addi %acc, %w : i32
      scf.yield %n : i32
    } {qgemm.pipeline_depth = 3 : i64}
    memref.store %r, %out[%tid] : memref<64xi32>
    gpu.return
  }
}

// -----

// A programmatic dependent: the prologue copies marked grid-independent (the
// weights) go above griddepcontrol.wait, the others (the activations written
// by the prerequisite grid) stay below it.
// CHECK-LABEL: gpu.func @grid_wait
// CHECK-SAME: (%[[X:.*]]: memref<64x256xi8>, %[[W:.*]]: memref<64x256xi8>,
// CHECK: nvgpu.device_async_copy %[[W]]{{.*}}qgemm.grid_independent
// CHECK-NEXT: nvgpu.device_async_copy %[[W]]{{.*}}qgemm.grid_independent
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvvm.griddepcontrol wait
// CHECK-NEXT: nvgpu.device_async_copy %[[X]]
// CHECK-NEXT: nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_copy %[[X]]
// CHECK-NEXT: nvgpu.device_async_create_group
// CHECK-NEXT: scf.for
gpu.module @k {
  gpu.func @grid_wait(%x: memref<64x256xi8>, %w: memref<64x256xi8>, %out: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %ra = memref.alloc() : memref<3x64x16xi8, #gpu.address_space<workgroup>>
    %rb = memref.alloc() : memref<3x64x16xi8, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    nvvm.griddepcontrol wait
    %r = scf.for %kt = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
      %slot = arith.remui %kt, %c3 : index
      %c16 = arith.constant 16 : index
      %col = arith.muli %kt, %c16 : index
      %ta = nvgpu.device_async_copy %x[%tid, %col], %ra[%slot, %tid, %c0], 16 {bypassL1} : memref<64x256xi8> to memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %tb = nvgpu.device_async_copy %w[%tid, %col], %rb[%slot, %tid, %c0], 16 {bypassL1, qgemm.grid_independent} : memref<64x256xi8> to memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %ta, %tb
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %s = arith.remui %kt, %c3 : index
      %va = memref.load %ra[%s, %tid, %c0] : memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %vb = memref.load %rb[%s, %tid, %c0] : memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %p = arith.muli %va, %vb : i8
      %e = arith.extsi %p : i8 to i32
      %n = arith.addi %acc, %e : i32
      scf.yield %n : i32
    } {qgemm.pipeline_depth = 2 : i64}
    memref.store %r, %out[%tid] : memref<64xi32>
    gpu.return
  }
}

// -----

// Depth 0 leaves the loop as it is (and drops the mark).
// CHECK-LABEL: gpu.func @depth0
// CHECK: scf.for
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NOT: qgemm.pipeline_depth
gpu.module @k {
  gpu.func @depth0(%src: memref<64x256xi8>, %out: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %ring = memref.alloc() : memref<64x16xi8, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r = scf.for %kt = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
      %c16 = arith.constant 16 : index
      %col = arith.muli %kt, %c16 : index
      %t = nvgpu.device_async_copy %src[%tid, %col], %ring[%tid, %c0], 16 {bypassL1} : memref<64x256xi8> to memref<64x16xi8, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %v = memref.load %ring[%tid, %c0] : memref<64x16xi8, #gpu.address_space<workgroup>>
      %w = arith.extsi %v : i8 to i32
      %n = arith.addi %acc, %w : i32
      gpu.barrier
      scf.yield %n : i32
    } {qgemm.pipeline_depth = 0 : i64}
    memref.store %r, %out[%tid] : memref<64xi32>
    gpu.return
  }
}

// -----

// A trip count known only at run time (and a step of 2): the prologue
// copies are predicated too (tile 0 live when %n > 0, tile 1 when %n > 2),
// and the kernel copies are live while %kt < %n - 4.
// CHECK-LABEL: gpu.func @dynamic_bounds
// CHECK-SAME: %[[N:[a-z0-9]+]]: index)
// CHECK: %[[P0:.*]] = arith.cmpi sgt, %[[N]], %c0
// CHECK: %[[B0:.*]] = arith.select %[[P0]], %c16, %c0
// CHECK: nvgpu.device_async_copy {{.*}}, 16, %[[B0]] {bypassL1}
// CHECK: %[[P1:.*]] = arith.cmpi sgt, %[[N]], %c2
// CHECK: %[[B1:.*]] = arith.select %[[P1]], %c16, %c0
// CHECK: nvgpu.device_async_copy {{.*}}, 16, %[[B1]] {bypassL1}
// CHECK: scf.for %[[KT:.*]] = %c0 to %[[N]] step %c2
// CHECK: %[[LAST:.*]] = arith.subi %[[N]], %c4
// CHECK: %[[LIVE:.*]] = arith.cmpi slt, %[[KT]], %[[LAST]]
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK: arith.select %[[LIVE]], %c16, %c0
gpu.module @k {
  gpu.func @dynamic_bounds(%src: memref<64x256xi8>, %out: memref<64xi32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0 : i32
    %ring = memref.alloc() : memref<3x64x16xi8, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r = scf.for %kt = %c0 to %n step %c2 iter_args(%acc = %zero) -> (i32) {
      %slot = arith.remui %kt, %c3 : index
      %c16 = arith.constant 16 : index
      %col = arith.muli %kt, %c16 : index
      %t = nvgpu.device_async_copy %src[%tid, %col], %ring[%slot, %tid, %c0], 16 {bypassL1} : memref<64x256xi8> to memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %s = arith.remui %kt, %c3 : index
      %v = memref.load %ring[%s, %tid, %c0] : memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %w = arith.extsi %v : i8 to i32
      %sum = arith.addi %acc, %w : i32
      scf.yield %sum : i32
    } {qgemm.pipeline_depth = 2 : i64}
    memref.store %r, %out[%tid] : memref<64xi32>
    gpu.return
  }
}

// -----

// The loop's LLVM annotation (here: unrolling disabled, which the lowering
// sets on 256-column wgmma K loops) is carried to the pipelined loop, the
// one that reaches PTX.
// CHECK: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK-NEXT: #[[$ANNOTATION:.+]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-LABEL: gpu.func @keeps_annotation
// CHECK: scf.for
// CHECK: scf.yield
// CHECK-NEXT: } {llvm.loop_annotation = #[[$ANNOTATION]]}
gpu.module @k {
  gpu.func @keeps_annotation(%src: memref<64x256xi8>, %out: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %ring = memref.alloc() : memref<3x64x16xi8, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r = scf.for %kt = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
      %slot = arith.remui %kt, %c3 : index
      %c16 = arith.constant 16 : index
      %col = arith.muli %kt, %c16 : index
      %t = nvgpu.device_async_copy %src[%tid, %col], %ring[%slot, %tid, %c0], 16 {bypassL1} : memref<64x256xi8> to memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %v = memref.load %ring[%slot, %tid, %c0] : memref<3x64x16xi8, #gpu.address_space<workgroup>>
      %w = arith.extsi %v : i8 to i32
      %n = arith.addi %acc, %w : i32
      scf.yield %n : i32
    } {qgemm.pipeline_depth = 2 : i64, llvm.loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
    memref.store %r, %out[%tid] : memref<64xi32>
    gpu.return
  }
}
