// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: sed -e 's/"sm_90a"/"sm_90"/' -e 's/warp_tile = \[64, 128\], stages = 4, mma = wgmma/warp_tile = [64, 32], stages = 4/' %s | qgemm-opt --convert-qgemm-to-gpu | FileCheck %s --check-prefix=SYNC
// Covers: a BSR union tile that does not divide N (N = 192: 6 block rows,
// tiles of 4): the grid has ceil(6 / 4) = 2 columns of tiles; in the last
// one rows 6 and 7 lie past N, so each of the tile's rows reads the bounds
// of block row min(row, 5) (row_ptr has 7 entries, never read past them)
// and takes no block when row >= 6; the staged epilogue reads columns
// past N from column 190 and stores only the 16-byte chunks below N.
// The mma.sync union tile (sm_90, SYNC) clamps the rows the same way and
// stores its pairs directly, below N only.
func.func @bsr_union_edge(%x: memref<?x256xf16>, %row_ptr: memref<7xi32>,
                          %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                          %y: memref<?x192xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<7xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x192xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}

// CHECK-LABEL: func.func @bsr_union_edge(
// CHECK-SAME: block_n = 128 : i64, kernel = "matmul_v0"
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x256xf16>, %[[RP:.*]]: memref<7xi32>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<?x32x32xf16>, %[[Y:.*]]: memref<?x192xf16>) kernel
// The first row of the tile: block row 4 x + 0, clamped to 5, its bounds,
// then its count kept only below row 6.
// CHECK: %[[ROW0:.*]] = arith.muli %block_id_x{{.*}}, %c4{{.*}} : index
// CHECK: %[[R0:.*]] = arith.minui %[[ROW0]], %c5{{.*}} : index
// CHECK-NEXT: memref.load %[[RP]][%[[R0]]] : memref<7xi32>
// CHECK: %[[NEXT0:.*]] = arith.addi %[[R0]], %c1{{.*}} : index
// CHECK-NEXT: memref.load %[[RP]][%[[NEXT0]]] : memref<7xi32>
// CHECK: %[[COUNT0:.*]] = arith.minui %{{.*}}, %c8{{.*}} : index
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[ROW0]], %c6{{.*}} : index
// CHECK-NEXT: arith.select %[[IN0]], %[[COUNT0]], %c0{{.*}} : index
// The next three rows the same way.
// CHECK-COUNT-3: arith.minui %{{.*}}, %c5{{.*}} : index
// The epilogue: columns past N read from 190, stores below N only.
// CHECK: arith.minui %{{.*}}, %c190{{.*}} : index
// CHECK: %[[COLOK:.*]] = arith.cmpi ult, %{{.*}}, %c192{{.*}} : index
// CHECK: vector.store %{{.*}}, %[[Y]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x192xf16>, vector<8xf16>

// SYNC-LABEL: gpu.func @matmul_v0
// SYNC: %[[SROW0:.*]] = arith.muli %block_id_x{{.*}}, %c4{{.*}} : index
// SYNC: arith.minui %[[SROW0]], %c5{{.*}} : index
// SYNC: arith.cmpi ult, %[[SROW0]], %c6{{.*}} : index
// SYNC-COUNT-3: arith.minui %{{.*}}, %c5{{.*}} : index
// SYNC: nvgpu.mma.sync
// SYNC: %[[OK:.*]] = arith.cmpi ult, %{{.*}}, %c192{{.*}} : index
// SYNC: arith.andi %{{.*}}, %[[OK]] : i1
// SYNC: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<?x192xf16>, vector<2xf16>
