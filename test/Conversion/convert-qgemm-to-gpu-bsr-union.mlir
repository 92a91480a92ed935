// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu --qgemm-software-pipeline | FileCheck %s --check-prefix=PIPE
// Covers: a BSR tile of several block rows (cta tile N = 128: 4 rows, one
// per warp column): the rows' columns recorded in shared tables (blockOf,
// a bit mask per column set with an atomic or), the union list compacted
// with a warp ballot, the K loop over the union (X gathered once per
// column for the 4 rows, each row's block or zeros), each warp skipping the
// columns its row does not store; and the pipelined form.

func.func @bsr_union(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
                     %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                     %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 32], stages = 4>]}
  return
}

// CHECK-LABEL: func.func @bsr_union(
// CHECK-SAME: block_n = 128 : i64, kernel = "matmul_v0"
// CHECK-SAME: threads = 256 : i64
// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x1024xf16>, %{{.*}}: memref<33xi32>, %[[CI:.*]]: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %{{.*}}: memref<?x1024xf16>) kernel
// The tables: column masks [32], blocks [4 rows, 32 columns], the list.
// CHECK-DAG: %[[LIST:.*]] = memref.view {{.*}} to memref<36xi32, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[MASKS:.*]] = memref.view {{.*}} to memref<32xi32, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[BOF:.*]] = memref.view {{.*}} to memref<4x32xi32, #gpu.address_space<workgroup>>
// Four rows' bounds, clamped to nnzb.
// CHECK-COUNT-5: memref.load %{{.*}} : memref<33xi32>
// CHECK: gpu.barrier
// CHECK: %[[C:.*]] = memref.load %[[CI]]
// CHECK: arith.minui %[[C]], %c31_i32
// CHECK: memref.store %{{.*}}, %[[BOF]][%{{.*}}, %{{.*}}]
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[MASKS]][%{{.*}}]
// CHECK: gpu.barrier
// CHECK: nvvm.vote.sync  ballot
// CHECK: llvm.intr.ctpop
// CHECK: memref.store %{{.*}}, %[[LIST]][%{{.*}}]
// CHECK: gpu.barrier
// The loop over the union; a row's block, or zeros where it stores none.
// CHECK: scf.for
// CHECK: memref.load %[[LIST]]
// CHECK: nvgpu.device_async_copy %[[X]]
// CHECK: memref.load %[[MASKS]]
// CHECK: memref.load %[[BOF]]
// CHECK: arith.select
// CHECK: nvgpu.device_async_copy %[[BL]]{{.*}} to memref<4x128x40xf16
// Each warp: mma only where its row stores the column.
// CHECK: scf.if %{{.*}} -> (vector<2x2xf32>
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]}
// CHECK: } else {
// CHECK: qgemm.pipeline_depth = 3

// PIPE-LABEL: gpu.func @matmul_v0
// PIPE: scf.for
// PIPE: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// PIPE: scf.if
// PIPE: nvgpu.mma.sync
