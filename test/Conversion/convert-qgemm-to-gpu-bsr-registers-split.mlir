// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: a register-direct BSR kernel with split_k = 2, the schedule for
// weights whose block rows hold very different numbers of blocks. Every
// block reads row_ptr whole (here one row a thread) and counts the rows
// with a block in one barrier reduction (popc); with E rows empty, slices
// are S = max(ceil(nnzb / E), 3 groups of loads = 3 x 2 warps x 2 stages)
// blocks (a 32-bit division; a group of 16 blocks or more is a slice of
// its own, the second function), and a second barrier reduction (or) tells
// whether a row is longer than 2 S. Only then are the rows' slice counts
// scanned over the block (a shuffle-up scan in each warp, then the warps'
// totals in shared memory); when the items fit the grid (one block a row),
// a block stores its own row's zeros if that row is empty, then takes item
// x: the thread whose rows hold it writes the row, the item's slice, the
// row's first item and slice count, and its first block and count into
// shared memory. A row of one slice is stored directly, a longer one meets
// in the reproducible split reduction (partials at the item's slot, the
// row's counter, the last slice adds them in slice order and resets the
// counter). Otherwise every block computes its own row, as without a
// split. The gather list has room for a whole row (8 entries); two block
// rows x one 16-row tile at max_m = 16: two counters.
func.func @bsr_registers_split(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>,
                               %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                               %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 8], stages = 4>]}
  return
}

// The sums 2 x 16 x 32 f32, then a whole row's gather list (8 i32).
// CHECK-LABEL: func.func @bsr_registers_split(
// CHECK-SAME: block_m = 16 : i64, block_n = 32 : i64, kernel = "matmul_v0", max_m = 16 : i64
// CHECK-SAME: shared_memory = 4128 : i64, split_in_kernel = true, split_k = 2 : i64, threads = 64 : i64

// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x256xf16>, %[[RP:.*]]: memref<3xi32>, %[[CI:.*]]: memref<?xi32>, %[[BL:.*]]: memref<?x32x32xf16>, %[[Y:.*]]: memref<?x64xf16>, %[[PART:.*]]: memref<?xf32>, %[[CNT:.*]]: memref<2xi32>) kernel
// CHECK: memref.load %[[RP]]
// CHECK: memref.load %[[RP]]
// CHECK: nvvm.barrier #nvvm.reduction<popc>
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK: arith.maxui %{{.*}}, %c12 : index
// CHECK: nvvm.barrier #nvvm.reduction<or>
// CHECK: %[[SPLITS:.*]] = arith.cmpi ne
// CHECK: %[[SCRATCH:.*]] = memref.view {{.*}} to memref<10xi32, #gpu.address_space<workgroup>>
// CHECK: %[[SCAN:.*]]:3 = scf.if %[[SPLITS]] -> (index, index, index) {
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK-COUNT-5: gpu.shuffle  up
// CHECK: memref.store %{{.*}}, %[[SCRATCH]]
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: } else {
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %[[SCAN]]#1, %c2
// CHECK: %[[USE:.*]] = arith.andi %[[SPLITS]], %[[FITS]]
// CHECK: scf.if %[[USE]] {
// The own row's zeros.
// CHECK: memref.load %[[RP]]
// CHECK: memref.load %[[RP]]
// CHECK: scf.if
// CHECK: vector.store %{{.*}}, %[[ZSUMS:.*]][%{{.*}}] {alignment = 8 : i64} : memref<2x16x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: gpu.barrier
// CHECK: vector.store %{{.*}}, %[[Y]]
// The block's item (when x < items).
// CHECK: %[[HAS:.*]] = arith.cmpi ult, %{{.*}}, %[[SCAN]]#1
// CHECK-NEXT: scf.if %[[HAS]] {
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if
// CHECK-COUNT-6: memref.store %{{.*}}, %[[SCRATCH]]
// CHECK: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[LIST:.*]][%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK: vector.store %{{.*}}, %[[SUMS:.*]][%{{.*}}] {alignment = 8 : i64} : memref<2x16x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: gpu.barrier
// CHECK: %[[SINGLE:.*]] = arith.cmpi ule, %[[NUM:.*]], %c1
// CHECK: scf.if %[[SINGLE]] {
// CHECK: vector.load %[[SUMS]]
// CHECK: vector.load %[[SUMS]]
// CHECK: arith.truncf
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: } else {
// CHECK: vector.load %[[SUMS]]
// CHECK: vector.load %[[SUMS]]
// CHECK: vector.store %{{.*}}, %[[PART]][%{{.*}}] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK: nvvm.memory.barrier <gpu>
// CHECK: gpu.barrier
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[CNT]]
// CHECK: nvvm.barrier #nvvm.reduction<or>
// CHECK: scf.if
// CHECK: nvvm.memory.barrier <gpu>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[NUM]] step %c1{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<2xf32>)
// CHECK: vector.load %[[PART]]
// CHECK: arith.addf
// CHECK: arith.truncf
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: memref.store %c0_i32{{.*}}, %[[CNT]]
// No split: the block's own row.
// CHECK: } else {
// CHECK: memref.load %[[RP]]
// CHECK: scf.for
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK-NOT: %[[PART]]
// CHECK: gpu.return

// A block of 8 warps on 2 stages loads groups of 16 blocks: its slices are
// one group long at least (getBsrRegisterMinSlice), not three.
func.func @bsr_registers_split_group16(%x: memref<?x2048xf16>, %row_ptr: memref<3xi32>,
                                       %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                                       %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 8], stages = 4>]}
  return
}

// CHECK-LABEL: func.func @bsr_registers_split_group16(
// CHECK: gpu.func @matmul_v0(
// CHECK: nvvm.barrier #nvvm.reduction<popc>
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK: arith.maxui %{{.*}}, %c16{{(_[0-9]+)?}} : index
// CHECK: nvvm.barrier #nvvm.reduction<or>
