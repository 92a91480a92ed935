// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu --qgemm-software-pipeline | FileCheck %s --check-prefix=PIPE
// Covers: the BSR kernel family: the validate kernel, the ring over the
// stored blocks of a block-row slice (a run-time trip count), the gather of
// X through col_idx (offsets in shared memory, clamped), the block copies,
// fp16 mma.sync m16n8k16, the reproducible split reduction, the launch
// description; and the pipelined form of the gather loop.

func.func @bsr(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
               %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
               %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], stages = 4, split_k = 8, max_m = 16>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [32, 32], stages = 4>]}
  return
}

// The launch description: nnzb is a run-time size of col_idx and blocks; the
// split counters are kept zero and sized for 32 block rows x 1 row tile.
// CHECK-LABEL: func.func @bsr(
// CHECK-SAME: {align = 16 : i64, dims = ["nnzb"], name = "col_idx"}
// CHECK-SAME: {align = 16 : i64, dims = ["nnzb", 32, 32], name = "blocks"}
// CHECK-SAME: {blocks = 1 : i64, kernel = "validate", operands = ["row_ptr", "col_idx", "status"]{{.*}}role = "validate"
// CHECK-SAME: kernel = "matmul_v0"{{.*}}operands = ["x", "row_ptr", "col_idx", "blocks", "y", "partials", "counters"]{{.*}}split_k = 8
// CHECK-SAME: kernel = "matmul_v1"{{.*}}operands = ["x", "row_ptr", "col_idx", "blocks", "y"]{{.*}}split_k = 1
// CHECK-SAME: max_sizes = {m = 16777216 : i64, nnzb = 1024 : i64}
// CHECK-SAME: {dims = [32], element_type = i32, kept_zero = true, name = "counters"}

// validate: each row's entries walked in order, a malformed one flags status.
// CHECK: gpu.func @validate(%{{.*}}: memref<33xi32>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<1xi32>) kernel
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (i32, i1)
// CHECK: arith.cmpi sle
// CHECK: memref.store %c1_i32, %{{.*}}[%{{.*}}] : memref<1xi32>

// matmul_v0: row bounds clamped to nnzb, the row length to K / 32 = 32
// blocks, slices of 4 blocks; col_idx clamped to column 31, times 32.
// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x1024xf16>, %[[RP:.*]]: memref<33xi32>, %[[CI:.*]]: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %{{.*}}: memref<?x1024xf16>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<32xi32>) kernel
// CHECK: %[[NNZB:.*]] = memref.dim %[[CI]], %c0
// CHECK: memref.load %[[RP]]
// CHECK: arith.maxsi
// CHECK: arith.minui %{{.*}}, %[[NNZB]] : index
// CHECK: arith.minui %{{.*}}, %c32{{.*}} : index
// CHECK: arith.minui %{{.*}}, %c4{{.*}} : index
// CHECK: %[[NS:.*]] = arith.divui %{{.*}}, %c4
// CHECK: %[[C:.*]] = memref.load %[[CI]]
// CHECK: arith.minui %[[C]], %c31_i32 : i32
// CHECK: memref.store %{{.*}} : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// The K loop runs over the slice's blocks (a run-time count).
// CHECK: scf.for %[[KT:.*]] = %{{.*}} to %[[COUNT:[^ ]*]] step
// CHECK: %[[OFF:.*]] = memref.load %{{.*}}[%[[KT]]] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy %[[X]][%{{.*}}, %{{.*}}], %{{.*}}, 8, %{{.*}} {bypassL1} : memref<?x1024xf16> to memref<4x16x40xf16
// CHECK: nvgpu.device_async_copy %[[BL]][%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, 8 {bypassL1} : memref<?x32x32xf16> to memref<4x32x40xf16
// CHECK: nvgpu.ldmatrix {{.*}} -> vector<4x2xf16>
// CHECK: nvgpu.ldmatrix {{.*}} -> vector<2x2xf16>
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK: qgemm.pipeline_depth = 3
// A row of one slice (or none) is stored by slice 0 directly; the slices
// of a longer row meet in the split reduction: the last one sums slices
// 0 .. numSlices - 1 in order and resets its counter.
// CHECK: arith.cmpi ule, %[[NS]], %c1
// CHECK: scf.if
// CHECK: arith.truncf {{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: scf.if
// CHECK: memref.atomic_rmw addi
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[NS]] step
// CHECK: arith.addf
// CHECK: memref.store %c0_i32{{.*}} : memref<32xi32>
// CHECK: arith.truncf {{.*}} : vector<2xf32> to vector<2xf16>

// matmul_v1: whole rows (32 blocks), no split.
// CHECK: gpu.func @matmul_v1({{.*}}: memref<?x1024xf16>) kernel
// CHECK: memref<36xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return

// Pipelined: the gather offset of a tile `depth` ahead is read from shared
// memory, element 0 past the end of the slice.
// PIPE-LABEL: gpu.func @matmul_v0
// PIPE: %[[P:.*]] = arith.cmpi slt
// PIPE: %[[I:.*]] = arith.select %[[P]], %{{.*}}, %c0{{.*}} : index
// PIPE: memref.load %{{.*}}[%[[I]]] : memref<8xi32, #gpu.address_space<workgroup>>
// PIPE: scf.for
// PIPE: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
