// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu --qgemm-software-pipeline | FileCheck %s --check-prefix=PIPE
// Covers: the BSR one-row tile with mma = wgmma (sm_90a): cta tile N = 32,
// one block row, so no union tables (no ballot) and the gather list of the
// row's slice; the block slot and the X slot in 64-byte-swizzled unpadded
// rows (16-byte chunk j of row r at j ^ (r / 2 % 4)), both copied straight
// from the stored block and the gathered X columns; one m64n32 f32
// accumulator (16 f32 a thread) and one wgmma m64n32k16 per k16 half of the
// block, by descriptor, 2 units = 32 bytes further for the second half;
// one group in flight (wait 1), pipeline depth stages - 2 = 2.
func.func @bsr_wgmma_row(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
                         %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                         %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}

// Shared memory: blocks 4 x 32 x 64 B, X 4 x 128 x 64 B, the list
// (32 + 4 i32), then 1024 bytes of alignment slack.
// CHECK-LABEL: func.func @bsr_wgmma_row(
// CHECK-SAME: block_n = 32 : i64, kernel = "matmul_v0"
// CHECK-SAME: shared_memory = 42128 : i64
// CHECK-SAME: threads = 256 : i64
// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x1024xf16>, %{{.*}}: memref<33xi32>, %{{.*}}: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %{{.*}}: memref<?x1024xf16>) kernel
// CHECK: %[[ARING:.*]] = memref.view {{.*}} to memref<4x128x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[BRING:.*]] = memref.view {{.*}} to memref<4x32x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LIST:.*]] = memref.view {{.*}} to memref<36xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: nvvm.vote.sync
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)
// The X copies of the slot's column, swizzled.
// CHECK: memref.load %[[LIST]]
// CHECK: %[[XSW:.*]] = arith.xori
// CHECK: %[[XCOL:.*]] = arith.muli %[[XSW]], %c8{{.*}} : index
// CHECK: nvgpu.device_async_copy %[[X]][{{.*}}], %[[ARING]][%{{.*}}, %{{.*}}, %[[XCOL]]]
// The block copies: 128 chunks, row chunk / 4, destination chunk
// (chunk % 4) ^ (row / 2 % 4), all 8 halves read.
// CHECK: %[[CHUNK:.*]] = arith.minui %thread_id_x, %c127{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[CHUNK]], %c4{{.*}} : index
// CHECK: %[[R2:.*]] = arith.divui %[[ROW]], %c2{{.*}} : index
// CHECK: %[[R24:.*]] = arith.remui %[[R2]], %c4{{.*}} : index
// CHECK: %[[CH:.*]] = arith.remui %[[CHUNK]], %c4{{.*}} : index
// CHECK: %[[SW:.*]] = arith.xori %[[CH]], %[[R24]] : index
// CHECK: %[[COL:.*]] = arith.muli %[[SW]], %c8{{.*}} : index
// CHECK: nvgpu.device_async_copy %[[BL]][{{.*}}], %[[BRING]][%{{.*}}, %[[ROW]], %[[COL]]], 8 {bypassL1}
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[DB:.*]] = arith.addi %[[B0:.*]], %c0_i64 : i64
// CHECK-NEXT: %[[DA:.*]] = arith.addi %[[A0:.*]], %c0_i64 : i64
// CHECK-NEXT: %[[ACC:.*]] = nvvm.wgmma.mma_async %[[DA]], %[[DB]], %{{.*}}, <m = 64, n = 32, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK: %[[DB2:.*]] = arith.addi %[[B0]], %c2_i64 : i64
// CHECK-NEXT: %[[DA2:.*]] = arith.addi %[[A0]], %c2_i64 : i64
// CHECK-NEXT: nvvm.wgmma.mma_async %[[DA2]], %[[DB2]], %[[ACC]], <m = 64, n = 32, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1

// PIPE-LABEL: gpu.func @matmul_v0
// PIPE: scf.for {{.*}} iter_args({{.*}}) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, !nvgpu.device.async.token, !nvgpu.device.async.token)
// PIPE: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// PIPE: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 32, k = 16>
// PIPE: nvvm.wgmma.wait.group.sync.aligned 1
