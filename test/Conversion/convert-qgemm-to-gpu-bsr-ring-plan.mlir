// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// RUN: qgemm-opt %s --convert-qgemm-to-gpu --qgemm-software-pipeline | FileCheck %s --check-prefix=PIPE
// Covers: the work plan of a split one-row ring kernel with 64 rows
// (isBsrRingPlanned: K = 4096 has 128 block columns, static slices of
// ceil(128 / 5) = 26 blocks, longer than the plan's shortest, 3 x 4
// stages = 12). Block (x, y, 0) takes the first slice of block row x, the
// whole row when it holds at most W blocks, reading only that row's
// bounds. The stub computes S, W and C once per call (the description's
// ring_plan: min slice 12, max 26, 512 spare blocks (128 rows x 4), a wave
// of 8 blocks (launch bound) x 132 multiprocessors) and passes them as the
// kernel's first three i32, which it clamps (S into [1, 26], W into [S, 26],
// C to 512) and then uses without arithmetic of its own: no division or
// multiplication before the plan's condition. Only the blocks of a long row
// and the spare blocks whose item is below C read row_ptr whole; one
// barrier reduction (or) tells whether a row is longer than W, then the
// extra slices of the long rows are scanned (shuffle-up) and a spare block
// finds its item, a long row's own block its first extra item and count.
// The block's work values are broadcast from lane 0 so that ptxas keeps
// them warp-uniform; the split reduction numbers its partial slots in 32
// bits from the grid's y and T (read again after the K loop) and the work
// values: slice 0 of row r in slot 128 y + r, slice s of a split row in
// slot (128 + first extra + s - 1) T + y, T (128 + C) slots in all (the
// stub sizes the partials by C). The 128-row
// split variant plans alike (a wave of 5 blocks of 256 threads x 132 =
// 660 items); the unsplit one keeps one slice a row (no plan, no launch
// bound, no plan arguments).

func.func @bsr(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>,
               %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
               %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 5, max_m = 64, mma = wgmma>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 5, max_m = 256, mma = wgmma>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}

// The description: the plan's constants on the two split variants.
// CHECK-LABEL: func.func @bsr(
// CHECK-SAME: kernel = "matmul_v0"
// CHECK-SAME: ring_plan = {max_slice = 26 : i64, min_slice = 12 : i64, size = "nnzb", spare = 512 : i64, wave_items = 1056 : i64}
// CHECK-SAME: kernel = "matmul_v1"
// CHECK-SAME: ring_plan = {max_slice = 26 : i64, min_slice = 12 : i64, size = "nnzb", spare = 512 : i64, wave_items = 660 : i64}
// CHECK-SAME: kernel = "matmul_v2"
// CHECK-NOT: ring_plan
// CHECK: gpu.module @bsr_kernels
// CHECK: gpu.func @matmul_v0(%[[SA:[^:]*]]: i32, %[[WA:[^:]*]]: i32, %[[CA:[^:]*]]: i32, %[[X:[^:]*]]: memref<?x4096xf16>, %[[RP:[^:]*]]: memref<129xi32>, %[[CI:[^:]*]]: memref<?xi32>, %{{.*}}: memref<?xf32>, %[[CNT:[^:]*]]: memref<256xi32>) kernel attributes {nvvm.maxntid = array<i32: 128, 1, 1>, nvvm.minctasm = 8 : i32}
// The own row's bounds, then S, W and C from the arguments, clamped.
// CHECK: memref.load %[[RP]][%[[BX:block_id_x[_0-9]*]]]
// CHECK: %[[LEN:.*]] = arith.minui %{{.*}}, %c128{{.*}} : index
// CHECK-NOT: gpu.grid_dim
// CHECK: %[[S1:.*]] = arith.maxui %[[SA]], %c1_i32 : i32
// CHECK: %[[S32:.*]] = arith.minui %[[S1]], %c26_i32 : i32
// CHECK: %[[W1:.*]] = arith.maxui %[[WA]], %[[S32]] : i32
// CHECK: %[[W32:.*]] = arith.minui %[[W1]], %c26_i32{{.*}} : i32
// CHECK: %[[S:.*]] = arith.index_castui %[[S32]] : i32 to index
// CHECK: %[[W:.*]] = arith.index_castui %[[W32]] : i32 to index
// CHECK: %[[C32:.*]] = arith.minui %[[CA]], %c512_i32 : i32
// CHECK: %[[C:.*]] = arith.index_castui %[[C32]] : i32 to index
// A spare block's item is below C: item + 1 <= C.
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.muli %{{.*}}, %[[S]]
// CHECK: %[[LONG:.*]] = arith.cmpi ult, %[[W]], %[[LEN]] : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %block_id_z, %c0{{.*}} : index
// CHECK: %[[NEXT:.*]] = arith.addi %{{.*}}, %c1{{.*}} : index
// CHECK: %[[BELOW:.*]] = arith.cmpi ule, %[[NEXT]], %[[C]] : index
// CHECK: %[[NEEDS:.*]] = arith.select %[[FIRST]], %[[LONG]], %[[BELOW]] : i1
// CHECK: scf.if %[[NEEDS]] -> (index, index, index, index, index, index) {
// The whole row_ptr (row t of thread t, clamped to 127), one or-reduction.
// CHECK: memref.load %[[RP]]
// CHECK: nvvm.barrier #nvvm.reduction<or>
// CHECK-NOT: nvvm.barrier #nvvm.reduction<popc>
// CHECK: gpu.shuffle  up
// A long row's own block: its first extra item and count from the thread
// that holds the row.
// CHECK: arith.cmpi eq, %{{.*}}, %[[BX]] : index
// CHECK: gpu.barrier
// CHECK: scf.yield %[[BX]], %{{.*}}, %{{.*}}, %{{.*}}, %c0{{.*}}, %{{.*}} : index, index, index, index, index, index
// A spare block's item: six values through shared memory.
// CHECK-COUNT-6: memref.store %{{.*}} : memref<12xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// Blocks that need no plan: the whole short row (slice 0 of 1), or nothing
// (slice 1 of none).
// CHECK: } else {
// CHECK: scf.yield %[[BX]], %{{.*}}, %[[LEN]], %c1{{.*}}, %c0{{.*}}, %c0{{.*}} : index, index, index, index, index, index
// CHECK: scf.yield %[[BX]], %c0{{.*}}, %c0{{.*}}, %c0{{.*}}, %c1{{.*}}, %c0{{.*}} : index, index, index, index, index, index
// The six values of the block's work, each broadcast from lane 0 (ptxas
// then keeps them and what follows in uniform registers, over the K loop
// too: nothing is parked in shared memory), then the row's counter; the
// gather list holds the 26 blocks of a slice and 4 stages' entries.
// CHECK: %[[ROWB:.*]], %{{.*}} = gpu.shuffle  idx %{{.*}}, %c0_i32{{.*}}, %c32_i32{{.*}} : i32
// CHECK-NEXT: %[[ROW:.*]] = arith.index_castui %[[ROWB]] : i32 to index
// CHECK-COUNT-2: gpu.shuffle  idx %{{.*}}, %c0_i32{{.*}}, %c32_i32{{.*}} : i32
// CHECK: %[[NSB:.*]], %{{.*}} = gpu.shuffle  idx %{{.*}}, %c0_i32{{.*}}, %c32_i32{{.*}} : i32
// CHECK-NEXT: %[[NS:.*]] = arith.index_castui %[[NSB]] : i32 to index
// CHECK: gpu.shuffle  idx %{{.*}}, %c0_i32{{.*}}, %c32_i32{{.*}} : i32
// CHECK: %[[FXB:.*]], %{{.*}} = gpu.shuffle  idx %{{.*}}, %c0_i32{{.*}}, %c32_i32{{.*}} : i32
// CHECK-NEXT: %[[FX:.*]] = arith.index_castui %[[FXB]] : i32 to index

// CHECK-NOT: memref<34xi32
// CHECK: scf.for
// CHECK: memref.load %{{.*}} : memref<30xi32, #gpu.address_space<workgroup>>
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: gpu.shuffle
// The split reduction: the row's counter 128 y + row; slot = s == 0 ?
// 128 y + row : (first extra + s + 127) T + y, in i32.
// CHECK: %[[MT:.*]] = arith.muli %block_id_y{{.*}}, %c128{{.*}} : index
// CHECK-NEXT: %[[COUNTER:.*]] = arith.addi %[[MT]], %[[ROW]] : index
// CHECK: %[[Y:.*]] = arith.index_castui %block_id_y{{.*}} : index to i32
// CHECK: %[[T:.*]] = arith.index_castui %grid_dim_y : index to i32
// CHECK: %[[ROW32:.*]] = arith.index_castui %[[ROW]] : index to i32
// CHECK: %[[Y128:.*]] = arith.muli %[[Y]], %c128_i32 : i32
// CHECK: %[[FIRSTSLOT:.*]] = arith.addi %[[Y128]], %[[ROW32]] : i32
// CHECK: %[[FX32:.*]] = arith.index_castui %[[FX]] : index to i32
// CHECK: %[[ITEM:.*]] = arith.addi %[[FX32]], %{{.*}} : i32
// CHECK: %[[ITEM127:.*]] = arith.addi %[[ITEM]], %c127_i32{{.*}} : i32
// CHECK: %[[XT:.*]] = arith.muli %[[ITEM127]], %[[T]] : i32
// CHECK: %[[XSLOT:.*]] = arith.addi %[[XT]], %[[Y]] : i32
// CHECK: arith.select %{{.*}}, %[[FIRSTSLOT]], %[[XSLOT]] : i32
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[CNT]][%[[COUNTER]]]
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[NS]] step
// CHECK: memref.store %c0_i32{{.*}}, %[[CNT]][%[[COUNTER]]] : memref<256xi32>
// CHECK: gpu.return

// The 128-row split variant: the same plan, 256 threads, 5 blocks a
// multiprocessor.
// CHECK: gpu.func @matmul_v1(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, {{.*}}) kernel attributes {nvvm.maxntid = array<i32: 256, 1, 1>, nvvm.minctasm = 5 : i32}
// CHECK: scf.if %{{.*}} -> (index, index, index, index, index, index) {
// CHECK: nvvm.barrier #nvvm.reduction<or>
// CHECK-COUNT-6: gpu.shuffle  idx
// CHECK: scf.for
// CHECK: gpu.return
// The unsplit variant: one slice a row, no plan.
// CHECK: gpu.func @matmul_v2(%{{.*}}: memref<?x4096xf16>, {{.*}}) kernel {
// CHECK-NOT: nvvm.barrier #nvvm.reduction
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return

// The plan and the parked values stay out of the pipelined loop.
// PIPE-LABEL: gpu.func @matmul_v0
// PIPE: nvvm.barrier #nvvm.reduction<or>
// PIPE-COUNT-6: gpu.shuffle  idx
// PIPE: scf.for {{.*}} -> ({{.*}}, !nvgpu.device.async.token, !nvgpu.device.async.token)
// PIPE-NOT: gpu.shuffle
// PIPE: nvvm.wgmma.mma_async
// PIPE: memref.atomic_rmw addi

