// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a cluster split whose slice count does not divide the tile's
// rows (128 rows in 3 slices). Slice r adds rows [43 r, 43 r + 43) of the
// three tiles, the last slice rows 86 to 127: a chunk whose row passes the
// tile (row >= 128) reads the slice's first chunk (in bounds) and stores
// nothing, as a chunk past the slice's count does. 43 rows x 32 chunks of
// 4 columns over 256 threads: 6 chunks a thread, the last partial.

// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK: %[[R0:.*]] = nvvm.mapa %[[LOCAL:.*]], %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: nvvm.mapa %[[LOCAL]], %c1_i32
// CHECK: nvvm.mapa %[[LOCAL]], %c2_i32
// CHECK-NOT: nvvm.mapa
// CHECK: %[[ROWS:.*]] = arith.constant 43 : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %block_id_z, %[[ROWS]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK: %[[BM:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[BM]] : index
// CHECK-NEXT: arith.select %[[IN]], %[[ROW]], %[[FIRST]] : index
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xi32>
// CHECK-COUNT-4: arith.cmpi ult, %{{.*}}, %c128{{.*}} : index
// The sixth chunk: past the slice's 1376 chunks, or past the tile.
// CHECK: %[[LAST:.*]] = arith.cmpi ult, %{{.*}}, %c1376 : index
// CHECK-NEXT: arith.constant 128 : index
// CHECK-NEXT: %[[LASTROW:.*]] = arith.cmpi ult, %{{.*}}, %c128{{.*}} : index
// CHECK-NEXT: arith.andi %[[LAST]], %[[LASTROW]] : i1
// CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<7> -> vector<4xi32>
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<7>
// CHECK: nvvm.cluster.arrive.relaxed
func.func @w8a8_cluster3(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 3, mma = wgmma, cluster_split = true>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
