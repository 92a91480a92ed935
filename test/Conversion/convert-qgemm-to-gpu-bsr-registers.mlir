// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: the register-direct BSR kernel (operands = registers; M <= 16):
// one block row of 16 rows per thread block, cta tile K / 128 = 2 warps
// that take the row's stored blocks in turn, in groups of `stages` = 2.
// No shared-memory ring and no split: the first group's block loads (four
// 16-byte vectors a lane and block: rows 2g, 2g + 1, 16 + 2g, 17 + 2g of the
// block, K 8q .. 8q + 7) depend on row_ptr only and are issued before the
// gather list is read; the X loads (16 bytes of token row g, and g + 8 with
// two token tiles) after its barrier. The loop over the groups has a trip
// count known only at run time, carries the next group's loads, and guards
// each block's mma.sync (W . X^T: 2 m-tiles x 2 k16 steps x token tiles) by
// whether the warp has that block. The warps' f32 sums meet in shared
// memory [2, 16, 32] before the fp16 stores. max_m = 8 gives one token tile
// and a kernel of its own.
func.func @bsr_registers(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>,
                         %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                         %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_80">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// Shared memory: the sums 2 x 16 x 32 f32, then the gather list (8 i32).
// CHECK-LABEL: func.func @bsr_registers(
// CHECK-SAME: block_m = 16 : i64, block_n = 32 : i64, kernel = "matmul_v0", max_m = 8 : i64
// CHECK-SAME: shared_memory = 4128 : i64, split_k = 1 : i64, threads = 64 : i64
// CHECK-SAME: kernel = "matmul_v1", max_m = 0 : i64
// CHECK-SAME: shared_memory = 4128 : i64, split_k = 1 : i64, threads = 64 : i64

// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x256xf16>, %[[RP:.*]]: memref<3xi32>, %[[CI:.*]]: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %[[Y:.*]]: memref<?x64xf16>) kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 64, 1, 1>, nvvm.minctasm = 1
// CHECK: memref.load %[[RP]]
// CHECK: memref.load %[[RP]]
// CHECK: %[[ANY:.*]] = arith.cmpi ult, %c0{{.*}}, %[[GROUPS:.*]] : index
// CHECK: %[[W0:.*]]:8 = scf.if %[[ANY]] -> (vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>)
// CHECK-COUNT-8: vector.load %[[BL]][{{.*}}] {alignment = 16 : i64} : memref<?x32x32xf16>, vector<8xf16>
// CHECK-NOT: vector.load
// CHECK: memref.load %[[CI]]
// CHECK: memref.store %{{.*}}, %[[LIST:.*]][%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: %[[X0:.*]]:2 = scf.if %[[ANY]] -> (vector<8xf16>, vector<8xf16>)
// CHECK: memref.load %[[LIST]]
// CHECK: vector.load %[[X]]
// CHECK: memref.load %[[LIST]]
// CHECK: vector.load %[[X]]
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[GROUPS]] step %{{.*}} iter_args({{.*}}) -> (vector<2x2xf32>, vector<2x2xf32>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>)
// CHECK: %[[NEXT:.*]] = arith.addi %[[J]]
// CHECK: %[[MORE:.*]] = arith.cmpi ult, %[[NEXT]], %[[GROUPS]]
// CHECK: scf.if %[[MORE]] -> ({{.*}})
// CHECK-COUNT-8: vector.load %[[BL]]
// CHECK: vector.load %[[X]]
// CHECK: vector.load %[[X]]
// CHECK: scf.if %{{.*}} -> (vector<2x2xf32>, vector<2x2xf32>)
// CHECK-COUNT-4: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK: scf.if %{{.*}} -> (vector<2x2xf32>, vector<2x2xf32>)
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK: vector.store %{{.*}}, %[[SUMS:.*]][%{{.*}}] {alignment = 8 : i64} : memref<2x16x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: gpu.barrier
// CHECK: vector.load %[[SUMS]]
// CHECK: vector.load %[[SUMS]]
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: gpu.return

// Two token tiles: 4 accumulators, 8 mma.sync a block.
// CHECK: gpu.func @matmul_v1(
// CHECK: scf.for {{.*}} -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<8xf16>
// CHECK: scf.if %{{.*}} -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>)
// CHECK-COUNT-8: nvgpu.mma.sync
// CHECK: gpu.return
