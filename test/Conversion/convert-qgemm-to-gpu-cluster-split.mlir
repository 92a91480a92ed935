// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu | grep -B32 "gpu.return" \
// RUN:   | FileCheck %s --check-prefix=END
// Covers: a W8A8 wgmma ring variant whose 4 K slices add up in a thread
// block cluster (cluster_split = true). Each slice (block z = cluster rank)
// writes its int32 accumulators into a [128, 128 + 4] tile over its idle
// ring, the cluster meets at a barrier, and slice r reads rows
// [32 r, 32 r + 32) of the four tiles through distributed shared memory
// (mapa to ranks 0..3, 16-byte loads), adds them in rank order, scales
// every chunk (the scale loads outside any branch), then stores them; then
// it stores the xor of its sums' first lanes into the tile's padding (so
// that every remote read has returned), arrives on a second
// cluster barrier, relaxed (no membar), and waits on it, so that no block
// exits while the others read its tile. The
// partials and counters are not touched; the launch description says
// cluster_split, and the shared memory covers the 67584-byte tile (the
// ring's 131072 + 1024 bytes here).

// CHECK: qgemm.launch = {{.*}}cluster_split = true{{.*}}kernel = "matmul_v0"{{.*}}shared_memory = 132096 : i64, split_k = 4 : i64
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[TILE:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x132xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK-COUNT-32: vector.store %{{.*}}, %[[TILE]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<128x132xi32, #gpu.address_space<workgroup>>, vector<2xi32>
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: %[[LOCAL:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[R0:.*]] = nvvm.mapa %[[LOCAL]], %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[R1:.*]] = nvvm.mapa %[[LOCAL]], %c1_i32
// CHECK: %[[R2:.*]] = nvvm.mapa %[[LOCAL]], %c2_i32
// CHECK: %[[R3:.*]] = nvvm.mapa %[[LOCAL]], %c3_i32
// Slice r's rows start at 32 r.
// CHECK: %[[FIRST:.*]] = arith.muli %[[Z]], %c32
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[R0]][%[[OFF:.*]]] : (!llvm.ptr<7>, i32) -> !llvm.ptr<7>, i8
// CHECK-NEXT: %[[V0:.*]] = llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xi32>
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %[[R1]][%[[OFF]]]
// CHECK-NEXT: %[[V1:.*]] = llvm.load %[[P1]]
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[V0]], %[[V1]] : vector<4xi32>
// CHECK-NEXT: %[[P2:.*]] = llvm.getelementptr %[[R2]][%[[OFF]]]
// CHECK-NEXT: %[[V2:.*]] = llvm.load %[[P2]]
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[S1]], %[[V2]] : vector<4xi32>
// CHECK-NEXT: %[[P3:.*]] = llvm.getelementptr %[[R3]][%[[OFF]]]
// CHECK-NEXT: %[[V3:.*]] = llvm.load %[[P3]]
// CHECK-NEXT: arith.addi %[[S2]], %[[V3]] : vector<4xi32>
// 32 rows x 32 chunks of 4 columns over 256 threads: 4 chunks a thread,
// 16 loads.
// CHECK-COUNT-12: llvm.load %{{.*}} : !llvm.ptr<7> -> vector<4xi32>
// CHECK-NOT: llvm.load
// CHECK-NOT: nvvm.cluster.arrive
// CHECK-NOT: memref.atomic_rmw
// CHECK-NOT: nvvm.memory.barrier
// The four chunks are scaled first, their sx / sw loads outside any branch
// (rows clamped to M - 1), each output's first lane xor-ed into a word
// that the padding store uses (so that LLVM cannot sink the scaling into
// the store's branch), then stored, each behind its own branch.
// CHECK-NOT: scf.if
// CHECK: arith.minui
// CHECK: memref.load %arg1[%{{.*}}] : memref<?xf32>
// CHECK: vector.load %arg3[%{{.*}}] {alignment = 8 : i64} : memref<4096xf32>, vector<2xf32>
// CHECK-NOT: scf.if
// CHECK: %[[OUT0:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3] : vector<2xf16>, vector<2xf16>
// CHECK-NEXT: %[[H0:.*]] = vector.extract %[[OUT0]][0] : f16 from vector<4xf16>
// CHECK-NEXT: %[[B0:.*]] = arith.bitcast %[[H0]] : f16 to i16
// CHECK-NEXT: %[[KEPT0:.*]] = arith.extui %[[B0]] : i16 to i32
// CHECK-NOT: scf.if
// CHECK: %[[OUT1:.*]] = vector.shuffle
// CHECK-NOT: scf.if
// CHECK: %[[OUT2:.*]] = vector.shuffle
// CHECK-NOT: scf.if
// CHECK: %[[OUT3:.*]] = vector.shuffle
// CHECK: %[[KEPT:.*]] = arith.xori %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: scf.if
// CHECK-NEXT: vector.store %[[OUT0]], %{{.*}} {alignment = 8 : i64} : memref<?x4096xf16>, vector<4xf16>
// CHECK-NOT: memref.load %arg1
// CHECK-NOT: vector.load %arg3
// CHECK: vector.store %[[OUT3]], %{{.*}} : memref<?x4096xf16>, vector<4xf16>
// CHECK-NEXT: }
// CHECK-NEXT: %[[L0:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// CHECK-NEXT: arith.xori %[[KEPT]], %[[L0]] : i32

// The four chunks' stores, the last one's then the xor of the four sums'
// first lanes (after the kept output lanes) into the thread's own padding
// word (row tid / 4 % 128, column 128 + tid % 4), the relaxed arrive and
// the wait.
// END-COUNT-4: vector.store %{{.*}} : memref<?x4096xf16>, vector<4xf16>
// END-NEXT: }
// END-NEXT: %[[L0:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// END-NEXT: %[[X0:.*]] = arith.xori %{{.*}}, %[[L0]] : i32
// END-NEXT: %[[L1:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// END-NEXT: %[[X1:.*]] = arith.xori %[[X0]], %[[L1]] : i32
// END-NEXT: %[[L2:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// END-NEXT: %[[X2:.*]] = arith.xori %[[X1]], %[[L2]] : i32
// END-NEXT: %[[L3:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// END-NEXT: %[[X3:.*]] = arith.xori %[[X2]], %[[L3]] : i32
// END-NEXT: arith.constant 4 : index
// END-NEXT: %[[Q:.*]] = arith.divui %thread_id_x, %{{.*}} : index
// END-NEXT: arith.constant 128 : index
// END-NEXT: %[[ROW:.*]] = arith.remui %[[Q]], %{{.*}} : index
// END-NEXT: arith.constant 4 : index
// END-NEXT: %[[W:.*]] = arith.remui %thread_id_x, %{{.*}} : index
// END-NEXT: arith.constant 128 : index
// END-NEXT: %[[PAD:.*]] = arith.addi %[[W]], %{{.*}} : index
// END-NEXT: memref.store %[[X3]], %{{.*}}[%[[ROW]], %[[PAD]]] : memref<128x132xi32, #gpu.address_space<workgroup>>
// END-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// END-NEXT: nvvm.cluster.wait {aligned}
// END-NEXT: gpu.return

func.func @w8a8_cluster(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 4, mma = wgmma, cluster_split = true>]}
  return
}
