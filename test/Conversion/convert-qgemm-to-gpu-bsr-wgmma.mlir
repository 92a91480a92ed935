// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu --qgemm-software-pipeline | FileCheck %s --check-prefix=PIPE
// Covers: the BSR tile of several block rows with mma = wgmma (sm_90a): the
// block slots in 64-byte-swizzled unpadded rows (16-byte chunk j of row r
// at j ^ (r / 2 % 4)) before the padded X slots, the union walk as with
// mma.sync, a row's block zero-filled where it stores none at the column,
// one m64n128 f32 accumulator, X loaded by ldmatrix into wgmma's register
// A, one wgmma m64n128k16 per k16 half over all four rows' blocks
// (register A, B through a 64-byte-swizzle descriptor: the ring's
// descriptor plus the slot's offset, 2 units = 32 bytes further for the
// second half), no branch on the column mask, and commit; the column's
// group retires (wait 0) before the next barrier, so the copies run
// stages - 1 columns ahead (pipeline depth 3); the staged epilogue.
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

// Shared memory: blocks 4 x 128 x 64 B, X 4 x 128 x 80 B, the tables
// (36 + 32 + 128 i32), then 1024 bytes of alignment slack.
// CHECK-LABEL: func.func @bsr_wgmma(
// CHECK-SAME: block_n = 128 : i64, kernel = "matmul_v0"
// CHECK-SAME: shared_memory = 75536 : i64
// CHECK-SAME: threads = 256 : i64
// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x1024xf16>, %{{.*}}: memref<33xi32>, %{{.*}}: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %{{.*}}: memref<?x1024xf16>) kernel
// CHECK-DAG: %[[ARING:.*]] = memref.view {{.*}} to memref<4x128x40xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[BRING:.*]] = memref.view {{.*}} to memref<4x128x32xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[MASKS:.*]] = memref.view {{.*}} to memref<32xi32, #gpu.address_space<workgroup>>
// CHECK: nvvm.vote.sync  ballot
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)
// CHECK: nvgpu.device_async_copy %[[X]]{{.*}}, %[[ARING]]
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
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// CHECK: nvgpu.ldmatrix %[[ARING]]{{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix %[[ARING]]{{.*}} {numTiles = 4 : i32, transpose = false}
// The B descriptor: 64-byte swizzle (mode 2), stride 512 bytes (32 units);
// a slot is 128 x 64 bytes = 512 units further.
// CHECK: arith.constant -9223371899415756800 : i64
// CHECK: %[[SLOT:.*]] = arith.muli %{{.*}}, %c512{{.*}} : index
// CHECK-NOT: scf.if
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, 1, 1, 1, 0;"
// CHECK-SAME: "=f,{{.*}},0,1,{{.*}},63,r,r,r,r,l"
// CHECK: arith.constant 2 : i64
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: scf.yield
// CHECK: qgemm.pipeline_depth = 3
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: memref.view {{.*}} to memref<128x136xf16, #gpu.address_space<workgroup>>

// PIPE-LABEL: gpu.func @matmul_v0
// PIPE: scf.for
// PIPE: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// PIPE: nvvm.wgmma.wait.group.sync.aligned 0
// PIPE-NEXT: gpu.barrier
// PIPE: llvm.inline_asm has_side_effects "wgmma.mma_async
// PIPE: nvvm.wgmma.commit.group.sync.aligned
