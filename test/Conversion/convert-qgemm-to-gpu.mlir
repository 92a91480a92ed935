// RUN: qgemm-opt %s --convert-qgemm-to-gpu=programmatic-max-m=64 -split-input-file | FileCheck %s
// Covers: convert-qgemm-to-gpu builds the quantize kernel and one matmul
// kernel per config: dynamic shared memory split into A and B rings of
// `stages` slots, cp.async (zero-filled past M) committed per K tile, a
// wait that leaves stages - 2 groups in flight, ldmatrix x4 / x2, int8
// mma.sync m16n8k32 with int32 accumulators carried by the K loop, and the
// scaled fp16 epilogue; the func keeps its signature and gets the launch
// description. On sm_90 a variant for M <= 64 is a programmatic dependent
// of quantize: the prologue's weight copies come before griddepcontrol.wait,
// the activation copies after it; the unbounded variant is launched plainly. With split_k > 1 (second case, sm_80: no
// griddepcontrol) each K slice stores int32 partials, counts itself in a
// per-tile counter, and the last slice sums the partials. With mma = wgmma
// (third case, sm_90a) the rings start at a 1024-byte-aligned shared
// address, cp.async writes 128-byte-swizzled rows, each K tile is fenced for
// the async proxy and consumed by four wgmma.mma_async m64n128k32 per
// warpgroup from shared-memory descriptors, and one wgmma group stays in
// flight across iterations; the output tile leaves through shared memory.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func @w8a8_two_variants(
// CHECK-SAME: qgemm.launch = {args = [{align = 16 : i64, dims = ["m", 256], name = "x"}, {align = 16 : i64, dims = [128, 256], name = "wq"}, {align = 16 : i64, dims = [128], name = "sw"}, {align = 16 : i64, dims = ["m", 128], name = "y"}], kernels = [{kernel = "quantize", operands = ["x", "xq", "sx", "counters"], programmatic = false, role = "prologue", rows_per_block = 1 : i64, shared_memory = 0 : i64, threads = 32 : i64}, {block_m = 16 : i64, block_n = 32 : i64, kernel = "matmul_v0", max_m = 16 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = true, replaces_prologue = false, role = "matmul", shared_memory = 11520 : i64, split_k = 1 : i64, threads = 128 : i64}, {block_m = 64 : i64, block_n = 64 : i64, kernel = "matmul_v1", max_m = 0 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory = 40960 : i64, split_k = 1 : i64, threads = 128 : i64}], max_sizes = {m = 16777216 : i64}, module = @w8a8_two_variants_kernels, n = 128 : i64, scheme = "w8a8", summary = "Y[M, 128] = fp16(quantize(X[M, 256]) . Wq^T * sx * sw)", workspace = {align = 16 : i64, buffers = [{dims = ["m", 256], element_type = i8, name = "xq"}, {dims = ["m"], element_type = f32, name = "sx"}, {derived = "split_k_partials", element_type = i32, name = "partials"}, {derived = "split_k_counters", element_type = i32, name = "counters"}], section_align = 256 : i64}}
// CHECK-NOT: qgemm.matmul
// CHECK: return

// CHECK: gpu.module @w8a8_two_variants_kernels
// CHECK: gpu.func @quantize(%[[X:.*]]: memref<?x256xf16>, %[[XQ:.*]]: memref<?x256xi8>, %[[SX:.*]]: memref<?xf32>, %[[CNT:.*]]: memref<?xi32>) kernel
// CHECK-NEXT: nvvm.griddepcontrol launch_dependents
// The split-K counters are zeroed (grid-stride loop over their count).
// CHECK: scf.for
// CHECK-NEXT: memref.store %{{.*}}, %[[CNT]]
// CHECK: vector.reduction <maxnumf>
// CHECK-COUNT-5: gpu.shuffle  xor
// scale = absmax / 127, stored; then r = 1 / scale (0 for a zero row) and
// no division per value: q0 = x * r, the residual x - q0 * scale in one fma,
// q = q0 + residual * r, clamped, rounded by adding 1.5 * 2^23, and the
// int8 is the low byte of the sum's bits.
// CHECK: %[[SCALE:.*]] = arith.divf %{{.*}}, %cst{{.*}} : f32
// CHECK: memref.store %[[SCALE]], %[[SX]]
// CHECK: %[[RECIP:.*]] = arith.divf %cst{{.*}}, %[[SCALE]] : f32
// CHECK: %[[R:.*]] = arith.select %{{.*}}, %cst{{.*}}, %[[RECIP]] : f32
// CHECK: %[[X:.*]] = arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK: %[[RV:.*]] = vector.broadcast %[[R]] : f32 to vector<8xf32>
// CHECK: %[[SV:.*]] = vector.broadcast %[[SCALE]] : f32 to vector<8xf32>
// CHECK-NOT: arith.divf
// CHECK: %[[Q0:.*]] = arith.mulf %[[X]], %[[RV]] : vector<8xf32>
// CHECK: %[[NQ0:.*]] = arith.negf %[[Q0]]
// CHECK: %[[RES:.*]] = llvm.intr.fma(%[[NQ0]], %[[SV]], %[[X]])
// CHECK: %[[Q:.*]] = llvm.intr.fma(%[[RES]], %[[RV]], %[[Q0]])
// CHECK: %[[LO:.*]] = arith.maximumf %[[Q]]
// CHECK: %[[C:.*]] = arith.minimumf %[[LO]]
// CHECK: %[[MAGIC:.*]] = arith.addf %[[C]], %{{.*}} : vector<8xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[MAGIC]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[QI:.*]] = arith.trunci %[[BITS]] : vector<8xi32> to vector<8xi8>
// CHECK: vector.store %[[QI]], %[[XQ]]

// Variant 0: cta [16, 32, 64], 3 stages, 4 warps of [16, 8]; shared memory
// 3 x (16 + 32) x (64 + 16) = 11520 bytes; variant 1: 4 x 128 x 80 = 40960.
// CHECK: gpu.func @matmul_v0(%[[AQ:.*]]: memref<?x256xi8>, %[[ASX:.*]]: memref<?xf32>, %[[W:.*]]: memref<128x256xi8>, %[[SW:.*]]: memref<128xf32>, %[[Y:.*]]: memref<?x128xf16>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<?xi32>) kernel
// CHECK: %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[SMEM]]{{.*}} to memref<3x16x80xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[SMEM]]{{.*}} to memref<3x32x80xi8, #gpu.address_space<workgroup>>
// The K loop in its plain form (qgemm-software-pipeline expands it): after
// the wait for quantize, each iteration copies its K tile into ring slot
// kt % 3, waits for that group, passes a barrier and computes; the loop is
// marked with the depth stages - 1 = 2, and the weight copies as
// independent of quantize. One 16 x 8 mma tile per warp: one accumulator.
// CHECK: nvvm.griddepcontrol wait
// CHECK: scf.for %[[KT:.*]] = %{{.*}} iter_args({{.*}}) -> (vector<2x2xi32>) {
// CHECK: %[[SLOT:.*]] = arith.remui %[[KT]], %c3
// CHECK: nvgpu.device_async_copy %[[AQ]][{{.*}}], %{{.*}}[%[[SLOT]], {{.*}}], 16, %{{.*}} {bypassL1}
// CHECK: nvgpu.device_async_copy %[[W]][{{.*}}], %{{.*}}[%[[SLOT]], {{.*}}], 16 {bypassL1, qgemm.grid_independent}
// CHECK-NEXT: %[[GROUP:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait %[[GROUP]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<3x16x80xi8, #gpu.address_space<workgroup>> -> vector<4x4xi8>
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = false} : memref<3x32x80xi8, #gpu.address_space<workgroup>> -> vector<2x4xi8>
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
// CHECK: scf.yield
// CHECK-NEXT: } {qgemm.pipeline_depth = 2 : i64}
// Epilogue: float(acc) * sx[row] * sw[col], fp16, rows past M skipped.
// CHECK: arith.sitofp %{{.*}} : vector<2xi32> to vector<2xf32>
// CHECK: memref.load %[[ASX]]
// CHECK: arith.mulf
// CHECK: arith.mulf
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK-NOT: nvvm.memory.barrier
// CHECK: gpu.func @matmul_v1
// CHECK-NOT: griddepcontrol
// CHECK: {qgemm.pipeline_depth = 3 : i64}
// CHECK-NOT: griddepcontrol
// CHECK-LABEL: func.func @w8a8_split_k(
func.func @w8a8_two_variants(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 3, max_m = 16>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4>]}
  return
}

// -----

// split_k = 4 on sm_80: K = 256 is 4 tiles of 64, one per slice; shared
// memory 3 x 48 x 80 = 11520.
// CHECK-SAME: {block_m = 16 : i64, block_n = 32 : i64, kernel = "matmul_v0", max_m = 0 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory = 11520 : i64, split_k = 4 : i64, threads = 128 : i64}
// CHECK-NOT: griddepcontrol
// CHECK: gpu.func @matmul_v0(%[[AQ:.*]]: memref<?x256xi8>, %{{.*}}: memref<?xf32>, %[[W:.*]]: memref<128x256xi8>, %{{.*}}: memref<128xf32>, %[[Y:.*]]: memref<?x128xf16>, %[[PART:.*]]: memref<?xi32>, %[[CNT:.*]]: memref<?xi32>) kernel
// The slice is block z; its K tiles start at z * 1.
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c1{{.*}} step %c1{{.*}} iter_args
// CHECK: nvgpu.mma.sync
// Every slice stores its int32 accumulators unmasked, in fragment order:
// pair i of thread t of slice z of tile T = by * 4 + bx at
// ((T * 4 + z) * 2 + i) * 128 + t (vector<2xi32> units), then releases them
// and counts itself; a barrier ORs thread 0's "last" to the whole block.
// CHECK: %[[BX:.*]] = gpu.block_id  x
// CHECK-NEXT: %[[BY:.*]] = gpu.block_id  y
// CHECK: %[[TROW:.*]] = arith.muli %[[BY]], %c4{{.*}} : index
// CHECK-NEXT: %[[TILE:.*]] = arith.addi %[[TROW]], %[[BX]] : index
// CHECK: %[[T4:.*]] = arith.muli %[[TILE]], %c4{{.*}} : index
// CHECK-NEXT: %[[TZ:.*]] = arith.addi %[[T4]], %[[Z]] : index
// CHECK: %[[P0:.*]] = arith.muli %[[TZ]], %c2{{.*}} : index
// CHECK: %[[THR:.*]] = arith.muli %[[P0]], %c128{{.*}} : index
// CHECK-NEXT: %[[LANE:.*]] = arith.addi %[[THR]], %{{.*}} : index
// CHECK: %[[IDX:.*]] = arith.muli %[[LANE]], %c2{{.*}} : index
// CHECK-NEXT: vector.store %{{.*}}, %[[PART]][%[[IDX]]] {alignment = 8 : i64} : memref<?xi32>, vector<2xi32>
// CHECK-NOT: scf.if
// CHECK: vector.store %{{.*}}, %[[PART]]
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK-NEXT: gpu.barrier
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[CNT]][%[[TILE]]]
// CHECK: arith.cmpi eq, %{{.*}}, %c3_i32
// CHECK: %[[ANY:.*]] = nvvm.barrier #nvvm.reduction<or> %{{.*}} -> i32
// CHECK: arith.cmpi ne, %[[ANY]]
// The last slice adds the other 3 slices' partials, z + 1 .. z + 3 (mod 4),
// to its own accumulators and runs the epilogue.
// CHECK: scf.if
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK: scf.for %[[D:.*]] = %c1{{.*}} to %c4{{.*}} step %c1{{.*}} iter_args
// CHECK: %[[ZD:.*]] = arith.addi %[[Z]], %[[D]] : index
// CHECK: %{{.*}} = arith.remui %[[ZD]], %c4{{.*}} : index
// CHECK: vector.load %[[PART]]
// CHECK: arith.addi %{{.*}} : vector<2xi32>
// CHECK: arith.sitofp
// CHECK: vector.store %{{.*}}, %[[Y]]
func.func @w8a8_split_k(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_80">,
       configs = [#qgemm.config<cta_tile = [16, 32, 64], warp_tile = [16, 8], stages = 3, split_k = 4>]}
  return
}

// -----

// 3 x (128 + 128) x 128 bytes of rings + 1024 for the alignment; two
// warpgroups.
// CHECK-LABEL: func.func @w8a8_wgmma(
// CHECK-SAME: {block_m = 128 : i64, block_n = 128 : i64, kernel = "matmul_v0", max_m = 0 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory = 99328 : i64, split_k = 1 : i64, threads = 256 : i64}
// CHECK: gpu.func @matmul_v0(%[[AQ:.*]]: memref<?x256xi8>, %{{.*}}: memref<?xf32>, %[[W:.*]]: memref<128x256xi8>, %{{.*}}: memref<128xf32>, %[[Y:.*]]: memref<?x128xf16>,
// CHECK: %[[SMEM:.*]] = gpu.dynamic_shared_memory
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[SMEM]]
// CHECK: %[[UP:.*]] = arith.addi %[[BASE]], %c1023
// CHECK: %[[ALIGNED:.*]] = arith.andi %[[UP]], %c-1024
// CHECK: %[[SHIFT:.*]] = arith.subi %[[ALIGNED]], %[[BASE]]
// CHECK: %[[ARING:.*]] = memref.view %[[SMEM]][%[[SHIFT]]][] {{.*}} to memref<3x128x128xi8, #gpu.address_space<workgroup>>
// CHECK: %[[BRING:.*]] = memref.view %[[SMEM]]{{.*}} to memref<3x128x128xi8, #gpu.address_space<workgroup>>
// The plain K loop: copy, commit, wait, proxy fence, barrier, then the
// wgmma of the tile.
// CHECK: llvm.mlir.zero : !llvm.struct<(i32{{(, i32)+}})>
// CHECK: scf.for {{.*}} -> (!llvm.struct<(i32{{(, i32)+}})>) {
// CHECK: nvgpu.device_async_copy %[[AQ]]
// CHECK: nvgpu.device_async_copy %[[AQ]]
// CHECK: nvgpu.device_async_copy %[[AQ]]
// CHECK: nvgpu.device_async_copy %[[AQ]]
// The destination chunk of a copy is (chunk ^ (row % 8)) * 16.
// CHECK: %[[ROW:.*]] = arith.divui %{{.*}}, %c8
// CHECK: %[[ROW8:.*]] = arith.remui %[[ROW]], %c8
// CHECK: %[[CHUNK:.*]] = arith.remui %{{.*}}, %c8
// CHECK: %[[SWZ:.*]] = arith.xori %[[CHUNK]], %[[ROW8]] : index
// CHECK: %[[DCOL:.*]] = arith.muli %[[SWZ]], %c16
// CHECK: nvgpu.device_async_copy %[[W]][{{.*}}], %[[BRING]][%{{.*}}, %[[ROW]], %[[DCOL]]], 16
// CHECK: %[[GROUP:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait %[[GROUP]] {numGroups = 0 : i32}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// Descriptors: (address >> 4) & 0x3fff | LBO 1 << 16 | SBO 64 << 32 | 128-byte swizzle 1 << 62.
// CHECK: arith.ori %{{.*}}, %c4611686293305360384_i64 : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 32>, D[<s32>, <one>, <satfinite>], A[<s8>, <one>, <row>], B[<s8>, <one>, <col>]
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: scf.yield
// Depth stages - 2 = 1: the ring keeps a slot for the wgmma group in flight.
// CHECK-NEXT: } {qgemm.pipeline_depth = 1 : i64}
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: llvm.extractvalue %{{.*}}[0]
// CHECK: llvm.extractvalue %{{.*}}[1]
// CHECK: vector.from_elements
// The epilogue stages the scaled fp16 tile in shared memory ([128, 128 + 8])
// and stores 16-byte row chunks of y (rows past M skipped).
// CHECK: %[[STAGE:.*]] = memref.view %[[SMEM]][%[[SHIFT]]][] {{.*}} to memref<128x136xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK: arith.sitofp %{{.*}} : vector<2xi32> to vector<2xf32>
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: vector.store %{{.*}}, %[[STAGE]]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NEXT: %[[CHUNK16:.*]] = vector.load %[[STAGE]]{{.*}} : memref<128x136xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: vector.store %[[CHUNK16]], %[[Y]]{{.*}} {alignment = 16 : i64} : memref<?x128xf16>, vector<8xf16>
func.func @w8a8_wgmma(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 3, mma = wgmma>]}
  return
}

// -----

// Register operands (sm_90). matmul_v1 (M <= 16) is a programmatic
// dependent of quantize: 2 warps split each 256-byte K step into 128-byte
// chunks, so with K = 512 each warp owns 2 chunks of its 16 columns (two
// mma tiles); all 2 x 2 x 2 = 8 weight loads of 16 bytes come before
// griddepcontrol.wait, straight from global memory (no cp.async, no
// ldmatrix). Shared memory holds only the warps' int32 sums:
// 2 x 16 x 16 x 4 = 2048 bytes. matmul_v0 (M <= 4, fuse_quantize) takes x
// and quantizes the rows itself, so it is launched plainly; its shared
// memory adds the int8 rows [4, 512 + 16] and the warps' maxima [4, 2]:
// 2048 + 2112 + 32 = 4192 bytes.
// CHECK-LABEL: func.func @w8a8_registers(
// CHECK-SAME: {block_m = 16 : i64, block_n = 16 : i64, kernel = "matmul_v0", max_m = 4 : i64, operands = ["x", "xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = true, role = "matmul", shared_memory = 4192 : i64, split_k = 1 : i64, threads = 64 : i64}, {block_m = 16 : i64, block_n = 16 : i64, kernel = "matmul_v1", max_m = 16 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = true, replaces_prologue = false, role = "matmul", shared_memory = 2048 : i64, split_k = 1 : i64, threads = 64 : i64}

// CHECK: gpu.func @matmul_v0(%[[X:.*]]: memref<?x512xf16>, %[[XQ:.*]]: memref<?x512xi8>, %[[SX:.*]]: memref<?xf32>, %[[W0:.*]]: memref<128x512xi8>,
// CHECK-NOT: griddepcontrol
// CHECK-COUNT-8: vector.load %[[W0]]{{.*}} {alignment = 16 : i64} : memref<128x512xi8>, vector<16xi8>
// CHECK: %[[ROWS:.*]] = memref.view {{.*}} to memref<4x528xi8, #gpu.address_space<workgroup>>
// CHECK: %[[MAXIMA:.*]] = memref.view {{.*}} to memref<4x2xf32, #gpu.address_space<workgroup>>
// Row 0 (only when M > 0, as every row): 8 fp16 values a thread, the warp's
// absmax by shuffles, published per warp.
// CHECK: scf.if %{{.*}} -> (vector<8xf16>)
// CHECK: vector.load %[[X]][%c0{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x512xf16>, vector<8xf16>
// CHECK: gpu.shuffle  xor
// CHECK: memref.store %{{.*}}, %[[MAXIMA]]
// CHECK: gpu.barrier
// Then the scale (absmax / 127, division as in the quantize kernel), block 0
// writes it and the int8 row to the workspace, every block keeps the row.
// CHECK: memref.load %[[MAXIMA]]
// CHECK: arith.divf %{{.*}}, %cst{{.*}} : f32
// CHECK: memref.store %{{.*}}, %[[SX]]
// CHECK-NOT: arith.divf %{{.*}} : vector<8xf32>
// CHECK: llvm.intr.fma
// CHECK: arith.trunci %{{.*}} : vector<8xi32> to vector<8xi8>
// CHECK: vector.store %{{.*}}, %[[ROWS]]
// CHECK: vector.store %{{.*}}, %[[XQ]]
// CHECK: gpu.barrier
// The activation words come from the rows in shared memory (rows 8..15 of
// the mma tile are zeros for M <= 4).
// CHECK: vector.load %[[ROWS]]{{.*}} : memref<4x528xi8, #gpu.address_space<workgroup>>, vector<16xi8>
// CHECK-COUNT-16: nvgpu.mma.sync
// CHECK: gpu.return

// CHECK: gpu.func @matmul_v1(%[[AQ:.*]]: memref<?x512xi8>, %[[SX:.*]]: memref<?xf32>, %[[W:.*]]: memref<128x512xi8>, %[[SW:.*]]: memref<128xf32>, %[[Y:.*]]: memref<?x128xf16>,
// Two warps: no launch bounds.
// CHECK-SAME: ) kernel {
// Past 16 rows the blocks are renumbered so that the row blocks of one
// column block are neighbours: column l / gridDim.y, rows 16 (l % gridDim.y).
// CHECK: %[[GY:.*]] = gpu.grid_dim  y
// CHECK: %[[GX:.*]] = gpu.grid_dim  x
// CHECK: %[[L:.*]] = arith.addi
// CHECK: arith.divui %[[L]], %[[GY]]
// CHECK: arith.remui %[[L]], %[[GY]]
// CHECK-NOT: nvgpu.device_async_copy
// CHECK-COUNT-8: vector.load %[[W]]{{.*}} {alignment = 16 : i64} : memref<128x512xi8>, vector<16xi8>
// The epilogue's weight scales are loaded with the weights, its row scale
// right after the wait, so that no global load follows the barrier (two
// pairs a thread here: 64 threads, 16 x 16 / 2 pairs).
// CHECK-NOT: vector.load
// CHECK-COUNT-2: vector.load %[[SW]]{{.*}} : memref<128xf32>, vector<2xf32>
// CHECK-NOT: vector.load
// CHECK: nvvm.griddepcontrol wait
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.minui
// CHECK-NEXT: memref.load %[[SX]]
// Lane (g, q) reads bytes [32q, 32q + 32) of its rows as eight 32-bit words.
// CHECK: vector.load %[[AQ]]{{.*}} : memref<?x512xi8>, vector<16xi8>
// CHECK: vector.bitcast %{{.*}} : vector<16xi8> to vector<4xi32>
// CHECK: vector.bitcast %{{.*}} : vector<1xi32> to vector<4xi8>
// CHECK: vector.insert %{{.*}} [0] : vector<4xi8> into vector<4x4xi8>
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
// The warps' sums meet in shared memory [2, 16, 16] after the one barrier;
// rows < M are summed, scaled and stored.
// CHECK-NOT: gpu.barrier
// CHECK: %[[SUMS:.*]] = memref.view {{.*}} to memref<2x16x16xi32, #gpu.address_space<workgroup>>
// CHECK: vector.store %{{.*}}, %[[SUMS]]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: vector.load %[[SUMS]][%c0
// CHECK: vector.load %[[SUMS]][%c1
// CHECK: arith.addi %{{.*}} : vector<2xi32>
// CHECK-NOT: memref.load
// CHECK-NOT: vector.load
// CHECK: arith.sitofp
// CHECK: vector.store %{{.*}}, %[[Y]]
func.func @w8a8_registers(%x: memref<?x512xf16>, %w: memref<128x512xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%w, %sw : memref<128x512xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 4, operands = registers, fuse_quantize = true>,
                  #qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4>]}
  return
}

// -----

// wgmma with split_k = 2: K = 512 is two 128-byte tiles per slice; the last
// slice adds the other slice's 32 pairs a thread to its own and stores y
// through the staged shared-memory tile (16-byte row chunks), behind the
// block-uniform "last" condition.
// CHECK-LABEL: func.func @w8a8_wgmma_split_k(
// CHECK-SAME: kernel = "matmul_v0", max_m = 0 : i64, operands = ["xq", "sx", "wq", "sw", "y", "partials", "counters"], programmatic = false, replaces_prologue = false, role = "matmul", shared_memory = {{.*}}, split_k = 2 : i64, threads = 128 : i64}
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x512xi8>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<128x512xi8>, %{{.*}}: memref<128xf32>, %[[Y:.*]]: memref<?x128xf16>, %[[PART:.*]]: memref<?xi32>, %[[CNT:.*]]: memref<?xi32>) kernel
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-32: vector.store %{{.*}}, %[[PART]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[CNT]]
// CHECK: %[[ANY:.*]] = nvvm.barrier #nvvm.reduction<or>
// CHECK: %[[LAST:.*]] = arith.cmpi ne, %[[ANY]]
// CHECK: scf.if %[[LAST]] {
// CHECK: scf.for %{{.*}} = %c1{{.*}} to %c2{{.*}} step %c1{{.*}} iter_args
// CHECK-COUNT-32: vector.load %[[PART]]
// CHECK: gpu.barrier
// CHECK: vector.store %{{.*}}, %[[STAGE:.*]][%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<64x136xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK: gpu.barrier
// CHECK: %[[CHUNK:.*]] = vector.load %[[STAGE]]{{.*}} : memref<64x136xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: vector.store %[[CHUNK]], %[[Y]]{{.*}} {alignment = 16 : i64} : memref<?x128xf16>, vector<8xf16>
func.func @w8a8_wgmma_split_k(%x: memref<?x512xf16>, %w: memref<128x512xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%w, %sw : memref<128x512xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 3, split_k = 2, mma = wgmma>]}
  return
}

// -----

// A register-direct kernel of 16 warps (16 x 128-byte chunks of K per step)
// asks for three resident blocks: 512 threads, at most 40 registers each.
// The 4-warp ring variant gets no bounds.
// CHECK-LABEL: func.func @w8a8_registers_16_warps(
// CHECK: gpu.func @matmul_v0({{.*}}) kernel attributes {nvvm.maxntid = array<i32: 512, 1, 1>, nvvm.minctasm = 3 : i32} {
// CHECK: gpu.func @matmul_v1({{.*}}) kernel {
func.func @w8a8_registers_16_warps(%x: memref<?x2048xf16>, %w: memref<64x2048xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<64x2048xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 1, max_m = 64, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4>]}
  return
}

// -----

// 32 warps (1024 threads): three blocks cannot fit a multiprocessor, so the
// kernel gets no launch bounds.
// CHECK-LABEL: func.func @w8a8_registers_32_warps(
// CHECK: gpu.func @matmul_v0({{.*}}) kernel {
func.func @w8a8_registers_32_warps(%x: memref<?x4096xf16>, %w: memref<64x4096xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<64x4096xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 8, 4096], warp_tile = [16, 8], stages = 1, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4>]}
  return
}
