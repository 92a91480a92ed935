// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu --qgemm-software-pipeline | FileCheck %s --check-prefix=PIPE
// Covers: the BSR tile of several block rows with mma = wgmma (sm_90a): the
// block slots then the X slots, both in 64-byte-swizzled unpadded rows
// (16-byte chunk j of row r at j ^ (r / 2 % 4)), the union walk as with
// mma.sync, a row's block zero-filled where it stores none at the column,
// one m64n128 f32 accumulator, one wgmma m64n128k16 per k16 half with A
// (the warpgroup's 64 X rows) and B (all four rows' blocks) through
// 64-byte-swizzle descriptors, 2 units = 32 bytes further for the second
// half, no ldmatrix and no branch on the column mask; commit, then one
// group stays in flight (wait 1), so the copies run stages - 2 columns
// ahead (pipeline depth 2); the staged epilogue.
func.func @bsr_wgmma(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
                     %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                     %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}

// Shared memory: blocks 4 x 128 x 64 B, X 4 x 128 x 64 B, the tables
// (36 + 32 + 128 i32), then 1024 bytes of alignment slack.
// CHECK-LABEL: func.func @bsr_wgmma(
// CHECK-SAME: block_n = 128 : i64, kernel = "matmul_v0"
// CHECK-SAME: shared_memory = 67344 : i64
// CHECK-SAME: threads = 256 : i64
// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x1024xf16>, %{{.*}}: memref<33xi32>, %{{.*}}: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %{{.*}}: memref<?x1024xf16>) kernel
// CHECK: %[[ARING:.*]] = memref.view {{.*}} to memref<4x128x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[BRING:.*]] = memref.view {{.*}} to memref<4x128x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[MASKS:.*]] = memref.view {{.*}} to memref<32xi32, #gpu.address_space<workgroup>>
// CHECK: nvvm.vote.sync  ballot
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)
// The X copies: row tid / 4 of the slot, chunk (tid % 4) ^ (row / 2 % 4).
// CHECK: %[[XROW:.*]] = arith.divui %thread_id_x, %c4{{.*}} : index
// CHECK: %[[X2:.*]] = arith.divui %[[XROW]], %c2{{.*}} : index
// CHECK: %[[X24:.*]] = arith.remui %[[X2]], %c4{{.*}} : index
// CHECK: %[[XCH:.*]] = arith.remui %thread_id_x, %c4{{.*}} : index
// CHECK: %[[XSW:.*]] = arith.xori %[[XCH]], %[[X24]] : index
// CHECK: %[[XCOL:.*]] = arith.muli %[[XSW]], %c8{{.*}} : index
// CHECK: nvgpu.device_async_copy %[[X]][{{.*}}], %[[ARING]][%{{.*}}, %[[XROW]], %[[XCOL]]]
// The block copies: source count 8 halves where the row stores the
// column, 0 (zero fill) where it does not.
// CHECK: %[[HAS:.*]] = arith.cmpi ne
// CHECK: arith.select %[[HAS]], %c8{{.*}}, %c0{{.*}} : index
// The destination chunk = (tid % 4) ^ (row / 2 % 4).
// CHECK: %[[R2:.*]] = arith.divui %[[ROW:.*]], %c2{{.*}} : index
// CHECK: %[[R24:.*]] = arith.remui %[[R2]], %c4{{.*}} : index
// CHECK: %[[CH:.*]] = arith.remui %thread_id_x, %c4{{.*}} : index
// CHECK: %[[SW:.*]] = arith.xori %[[CH]], %[[R24]] : index
// CHECK: %[[COL:.*]] = arith.muli %[[SW]], %c8{{.*}} : index
// CHECK: nvgpu.device_async_copy %[[BL]][{{.*}}], %[[BRING]][%{{.*}}, %[[ROW]], %[[COL]]]
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: nvgpu.ldmatrix
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// The A descriptor: the warpgroup's 64 rows of 64 bytes (4096) into the
// slot of 128 x 64 bytes (8192); 64-byte swizzle (mode 2), stride 512
// bytes (32 units).
// CHECK: %[[WG:.*]] = arith.muli %{{.*}}, %c4096{{.*}} : index
// CHECK: %[[AS:.*]] = arith.muli %{{.*}}, %c8192{{.*}} : index
// CHECK: %[[AA:.*]] = arith.addi %{{.*}}, %[[AS]] : index
// CHECK: arith.addi %[[AA]], %[[WG]] : index
// CHECK: %[[DA:.*]] = arith.ori %{{.*}}, %c-9223371899415756800_i64
// The B descriptor: the ring's, a slot 128 x 64 bytes = 512 units further.
// CHECK: %[[RB:.*]] = arith.ori %{{.*}}, %c-9223371899415756800_i64
// CHECK: %[[BS:.*]] = arith.muli %{{.*}}, %c512{{.*}} : index
// CHECK: %[[BSI:.*]] = arith.index_castui %[[BS]] : index to i64
// CHECK: %[[DB:.*]] = arith.addi %[[RB]], %[[BSI]] : i64
// CHECK-NOT: scf.if
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[DB0:.*]] = arith.addi %[[DB]], %[[C0]] : i64
// CHECK-NEXT: %[[DA0:.*]] = arith.addi %[[DA]], %[[C0]] : i64
// CHECK-NEXT: %[[W0:.*]] = nvvm.wgmma.mma_async %[[DA0]], %[[DB0]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[DB1:.*]] = arith.addi %[[DB]], %[[C2]] : i64
// CHECK-NEXT: %[[DA1:.*]] = arith.addi %[[DA]], %[[C2]] : i64
// CHECK-NEXT: nvvm.wgmma.mma_async %[[DA1]], %[[DB1]], %[[W0]], <m = 64, n = 128, k = 16>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: scf.yield
// CHECK: qgemm.pipeline_depth = 2
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: memref.view {{.*}} to memref<128x136xf16, #gpu.address_space<workgroup>>

// PIPE-LABEL: gpu.func @matmul_v0
// PIPE: scf.for
// PIPE: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// PIPE-NEXT: nvvm.fence.proxy
// PIPE-NEXT: gpu.barrier
// PIPE: nvvm.wgmma.mma_async
// PIPE: nvvm.wgmma.mma_async
// PIPE-NEXT: nvvm.wgmma.commit.group.sync.aligned
// PIPE-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
