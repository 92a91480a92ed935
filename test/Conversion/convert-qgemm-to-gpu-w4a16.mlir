// RUN: qgemm-opt %s --convert-qgemm-to-gpu -split-input-file | FileCheck %s
// Covers: convert-qgemm-to-gpu builds the W4A16 kernels (docs/w4a16-design.md).
// The register-direct variant loads its weights and activations with 16-byte
// vector loads, converts int4 to fp16 with two lop3 per word and shift
// (LUT 0x6a: signed nibbles; 0xea: unsigned with zero points), subtracts /
// fma's the magic constants on f16x2 (llvm.intr.fma, never math.fma), forms
// the activation pairs with prmt 0x5410 / 0x7632, and feeds fp16 mma.sync
// m16n8k16 with f32 accumulators; per-channel scales are applied in f32 in
// the epilogue (extf, mulf, truncf), group scales on the sums of each group
// (f32 fma) in blocks of one token tile (M <= 8) but on chains unrolled past
// 12 chunks, else as mulf on vector<2xf16> before the mma. The ring variant
// copies X, the Wq words and the group scales with cp.async in a loop
// marked for a stages - 1 deep pipeline. The launch description says scheme
// w4a16 and has no prologue kernel.

// CHECK-LABEL: func.func @w4a16_pc_registers
// CHECK-SAME: qgemm.launch = {{{.*}}scheme = "w4a16"
// CHECK-NOT: role = "prologue"
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x256xf16>, %{{.*}}: memref<32x64xi32>, %{{.*}}: memref<64xf16>, %{{.*}}: memref<?x64xf16>) kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 64, 1, 1>, nvvm.minctasm = 1
// CHECK: vector.load %{{.*}} : memref<32x64xi32>, vector<4xi32>
// CHECK: vector.load %{{.*}} : memref<?x256xf16>, vector<8xf16>
// 0x5410 and 0x7632: the low and the high halves of two words.
// CHECK: nvvm.prmt <default> %c21520_i32, %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.prmt <default> %c30258_i32, %{{.*}}, %{{.*}} : i32
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, 0x000f000f, 0x64086408, 0x6a;", "=r,r"
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, 0x00f000f0, 0x64806480, 0x6a;", "=r,r"
// CHECK: arith.subf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK-NOT: arith.mulf %{{.*}} : vector<2xf16>
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-NOT: math.fma
// CHECK: gpu.barrier
// CHECK: arith.extf %{{.*}} : vector<2xf16> to vector<2xf32>
// CHECK: arith.mulf %{{.*}} : vector<2xf32>
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: gpu.return
func.func @w4a16_pc_registers(%x: memref<?x256xf16>, %wq: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// Zero points: unsigned nibbles (0xea), the zero word loaded per group and
// turned into the four channels' subtrahends / addends in integer bits (the
// lane's 16 bits copied into both halves by prmt 0x1010 = 4112, each
// channel's nibble OR-ed into 0x6400 and 0xd400 by a lop3). In the M <= 8
// variant (one token tile) the g128 scales multiply each group's sums, not
// the weights: the group's first mma.sync starts from zero, and after its last
// the scales widen to f32 and one fma per accumulator row adds the sums in.
// CHECK-LABEL: func.func @w4a16_g128_zero_points_registers
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x256xf16>, %{{.*}}: memref<32x64xi32>, %{{.*}}: memref<2x64xf16>, %{{.*}}: memref<2x8xi32>, %{{.*}}: memref<?x64xf16>) kernel
// CHECK: vector.load %{{.*}} : memref<2x64xf16>, vector<4xf16>
// CHECK: memref.load %{{.*}} : memref<2x8xi32>
// CHECK: nvvm.prmt <default> %c4112_i32, %{{.*}}, %{{.*}} : i32
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, 0x000f000f, 0x64006400, 0xea;", "=r,r"
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, 0x00f000f0, 0xd400d400, 0xea;", "=r,r"
// CHECK-NOT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %cst{{.*}}) {mmaShape = [16, 8, 16]}
// CHECK-NOT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK-NOT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
// CHECK-NOT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: gpu.return
func.func @w4a16_g128_zero_points_registers(%x: memref<?x256xf16>, %wq: memref<32x64xi32>, %s: memref<2x64xf16>, %z: memref<2x8xi32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x64xi32>, memref<2x64xf16>, memref<2x8xi32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 64], stages = 2, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// g32 on 16 rows (two token tiles): the sums of a group would cost more than
// the scales on the weights, which keep their mulf before the mma; no
// widened scales.
// CHECK-LABEL: func.func @w4a16_g32_registers_16_rows
// CHECK: gpu.func @matmul_v0(
// CHECK: vector.load %{{.*}} : memref<8x64xf16>, vector<4xf16>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0] : vector<4xf16>, vector<4xf16>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: nvgpu.mma.sync
// CHECK-NOT: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: gpu.return
func.func @w4a16_g32_registers_16_rows(%x: memref<?x256xf16>, %wq: memref<32x64xi32>, %s: memref<8x64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x64xi32>, memref<8x64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// g128 without zero points on 8 rows, but a warp's chain of 16 chunks (K =
// 2048 on one warp) unrolled whole: past 12 chunks ptxas spilled the sums,
// so the scales stay on the weights.
// CHECK-LABEL: func.func @w4a16_g128_long_unrolled_chain
// CHECK: gpu.func @matmul_v0(
// CHECK-NOT: scf.for
// CHECK-NOT: gpu.func @matmul_v1(
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK-NOT: gpu.func @matmul_v1(
// CHECK: nvgpu.mma.sync
// CHECK-NOT: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: gpu.func @matmul_v1(
func.func @w4a16_g128_long_unrolled_chain(%x: memref<?x2048xf16>, %wq: memref<256x64xi32>, %s: memref<16x64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%wq, %s : memref<256x64xi32>, memref<16x64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// g64 on 8 rows: two groups per 128-K chunk, so per chunk and slab two sets
// of sums, each widened and added at its group's end (K = 256: two chunks,
// one slab, four groups); the scales never multiply the weights.
// CHECK-LABEL: func.func @w4a16_g64_fold_groups
// CHECK: gpu.func @matmul_v0(
// CHECK-NOT: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK-COUNT-4: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK-NOT: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: gpu.func @matmul_v1(
func.func @w4a16_g64_fold_groups(%x: memref<?x256xf16>, %wq: memref<32x32xi32>, %s: memref<4x32xf16>, %y: memref<?x32xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x32xi32>, memref<4x32xf16>) outs(%y : memref<?x32xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// g32 with zero points on 16 rows (two token tiles): the scales stay on the
// weights, and the zero constants are packed (prmt 0x1010 = 4112).
// CHECK-LABEL: func.func @w4a16_g32z_16_rows
// CHECK: gpu.func @matmul_v0(
// CHECK: nvvm.prmt <default> %c4112_i32, %{{.*}}, %{{.*}} : i32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK-NOT: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: gpu.return
func.func @w4a16_g32z_16_rows(%x: memref<?x256xf16>, %wq: memref<32x32xi32>, %s: memref<8x32xf16>, %z: memref<8x4xi32>, %y: memref<?x32xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x32xi32>, memref<8x32xf16>, memref<8x4xi32>) outs(%y : memref<?x32xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// The ring: X rows (zero-filled past M), Wq words and one scale row per
// 32-K group copied by cp.async; the K loop pipelined stages - 1 deep.
// CHECK-LABEL: func.func @w4a16_g32_ring
// CHECK: gpu.func @matmul_v0(
// CHECK: gpu.dynamic_shared_memory
// CHECK: scf.for
// CHECK: nvgpu.device_async_copy {{.*}}, 8, %{{.*}} {bypassL1} : memref<?x256xf16> to memref<3x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy {{.*}}, 4 {bypassL1} : memref<32x128xi32> to memref<3x8x136xi32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy {{.*}}, 8 {bypassL1} : memref<8x128xf16> to memref<3x2x128xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_wait
// CHECK: gpu.barrier
// CHECK: vector.load %{{.*}} : memref<3x64x64xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: vector.load %{{.*}} : memref<3x8x136xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]}
// CHECK: } {qgemm.pipeline_depth = 2 : i64}
func.func @w4a16_g32_ring(%x: memref<?x256xf16>, %wq: memref<32x128xi32>, %s: memref<8x128xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x128xi32>, memref<8x128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>,
       target = #qgemm.target<"sm_80">,
       configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 3>]}
  return
}

// -----

// K = 384 is 3 chunks of 128 over 2 warps along K (BK = 256): the second
// warp's second chunk lies past K; its loads are clamped to the last chunk
// and its activation words zeroed, so it adds exactly 0.
// CHECK-LABEL: func.func @w4a16_uneven_chunks
// CHECK: gpu.func @matmul_v0(
// CHECK: arith.cmpi ult, %{{.*}}, %c3{{(_[0-9]+)?}} : index
// CHECK: arith.minui %{{.*}}, %c2{{(_[0-9]+)?}} : index
// CHECK: arith.select %{{.*}}, %{{.*}}, %c0_i32{{(_[0-9]+)?}} : i32
// CHECK: gpu.return
func.func @w4a16_uneven_chunks(%x: memref<?x384xf16>, %wq: memref<48x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x384xf16>) weights(%wq, %s : memref<48x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// sm_90a, mma = wgmma: X is wgmma's A in 128-byte swizzled rows; after the
// barrier that publishes a K tile, each thread turns Wq words of the ring
// slot (with the group's scale row and zero-point word) into 16-byte chunks
// of one of two dequantized [BN, 64] fp16 tiles (tile kt % 2, stored as
// i32 words), fences them to the async proxy and passes a second barrier;
// then four wgmma m64n128k16 f16 (one per 16 K) with f32 accumulators, one
// group left in flight; the ring is pipelined stages - 2 deep.
// CHECK-LABEL: func.func @w4a16_g32z_wgmma
// CHECK: gpu.func @matmul_v0(
// CHECK: scf.for
// CHECK: nvgpu.device_async_copy {{.*}} : memref<?x256xf16> to memref<4x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_wait
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %{{.*}} : memref<4x8x136xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %{{.*}} : memref<4x2x16xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %{{.*}} : memref<4x2x128xf16, #gpu.address_space<workgroup>>
// CHECK: nvvm.prmt
// CHECK: vector.store %{{.*}} : memref<2x128x32xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}}<m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: } {qgemm.pipeline_depth = 2 : i64}
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
func.func @w4a16_g32z_wgmma(%x: memref<?x256xf16>, %wq: memref<32x128xi32>, %s: memref<8x128xf16>, %z: memref<8x16xi32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x128xi32>, memref<8x128xf16>, memref<8x16xi32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}

// -----

// sm_90a, operands = register_a: Y^T = W . X^T. The ring holds X [128, 64]
// (128-byte swizzled, wgmma's B), the words [8, 256 + 8], two scale rows
// and two zero-point rows per stage (4 x 26112 bytes + 1024 of alignment);
// 256 channels are two warpgroups. Per K tile, two halves: the half's four
// word rows, a wait that retires the group that last read its A
// registers, per f16x2 one prmt by the lane's byte selector (0x4q4q),
// then wgmma.fence and four m64n128k16 with the A registers as operands
// $128..$131 after the 64 accumulators and their 64 tied inputs, and the
// X slot's descriptor ($132), a commit; two m64n128 accumulators (the
// warps' channels 4g + 2u, + 1) of 64 f32 each; pipeline depth 2; the
// staged epilogue writes the transposed pairs into [128, 264].
// CHECK-LABEL: func.func @w4a16_g32z_register_a
// CHECK-SAME: shared_memory = 105472 : i64
// CHECK-SAME: threads = 256 : i64
// CHECK: gpu.func @matmul_v0(
// CHECK: memref.view {{.*}} to memref<4x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[WORDS:.*]] = memref.view {{.*}} to memref<4x8x264xi32, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.*}} to memref<4x2x256xf16, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.*}} to memref<4x2x32xi32, #gpu.address_space<workgroup>>
// CHECK: %[[QQ:.*]] = arith.muli %{{.*}}, %c257_i32 : i32
// CHECK: %[[SEL:.*]] = arith.addi %[[QQ]], %c16448_i32 : i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.struct<({{(f32, ){63}f32}})>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]])
// CHECK: nvgpu.device_async_wait
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: vector.load %[[WORDS]]{{.*}} vector<4xi32>
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.prmt <default> %[[SEL]]
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, 1, 1, 1, 0;"
// CHECK-COUNT-3: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-COUNT-4: vector.load %[[WORDS]]{{.*}} vector<4xi32>
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: scf.yield
// CHECK: qgemm.pipeline_depth = 2
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: memref.view {{.*}} to memref<128x264xf16, #gpu.address_space<workgroup>>
func.func @w4a16_g32z_register_a(%x: memref<?x256xf16>, %wq: memref<32x256xi32>, %s: memref<8x256xf16>, %z: memref<8x32xi32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x256xi32>, memref<8x256xf16>, memref<8x32xi32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a>]}
  return
}

// -----

// operands = register_a with 64-channel warpgroups (warp_tile [256, 64]):
// one m64n256k16 accumulator of 128 f32 per warpgroup instead of two of
// BM / 2, so a tile of 256 rows dequantizes each weight once for 256 rows.
// The ring holds X [256, 64], the words [8, 128 + 8], two scale and two
// zero-point rows per stage; each lane converts 2 channels (an 8-byte load
// per word row), and its zero points sit at bit 4 (col mod 8) of word
// col / 8; four m64n256k16 per K tile with the A registers after the 128
// accumulators and their tied inputs; the staged epilogue's [256, 136]
// tile.
// CHECK-LABEL: func.func @w4a16_g32z_register_a_64
// CHECK-SAME: shared_memory = 152064 : i64
// CHECK-SAME: threads = 256 : i64
// CHECK: gpu.func @matmul_v0(
// CHECK: memref.view {{.*}} to memref<4x256x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[WORDS:.*]] = memref.view {{.*}} to memref<4x8x136xi32, #gpu.address_space<workgroup>>
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.struct<({{(f32, ){127}f32}})>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (!llvm.struct
// CHECK: %[[LANE:.*]] = arith.divui %thread_id_x, %c4
// CHECK: %[[COL:.*]] = arith.muli %[[LANE]], %c2
// CHECK: %[[CM8:.*]] = arith.remui %[[COL]], %c8
// CHECK: %[[BITS:.*]] = arith.muli %[[CM8]], %c4
// CHECK: arith.index_cast %[[BITS]] : index to i32
// CHECK-COUNT-4: vector.load %[[WORDS]]{{.*}}, %[[COL]]] {alignment = 8 : i64} {{.*}} vector<2xi32>
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {$0, {{.*}}, $127}, {$256, $257, $258, $259}, $260, 1, 1, 1, 0;"
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n256k16
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK: memref.view {{.*}} to memref<256x136xf16, #gpu.address_space<workgroup>>
func.func @w4a16_g32z_register_a_64(%x: memref<?x256xf16>, %wq: memref<32x256xi32>, %s: memref<8x256xf16>, %z: memref<8x32xi32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x256xi32>, memref<8x256xf16>, memref<8x32xi32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a>]}
  return
}

// -----

// Split K (the ring, here mma.sync on sm_80): the kernel takes the partial
// tiles and the tile counters after y; slice z copies K tiles from z x
// (K / BK / split_k) on (group scales of its own K range), stores its
// partial pairs, counts itself, and the last slice adds every slice's
// partials in slice order, resets the counter and stores y.
// CHECK-LABEL: func.func @w4a16_g64_split
// CHECK: gpu.func @matmul_v0(%{{.*}}: memref<?x512xf16>, %{{.*}}: memref<64x128xi32>, %{{.*}}: memref<8x128xf16>, %{{.*}}: memref<?x128xf16>, %[[P:.*]]: memref<?xf32>, %[[C:.*]]: memref<2xi32>)
// CHECK: gpu.block_id z
// CHECK: scf.for
// CHECK: nvgpu.mma.sync
// CHECK: } {qgemm.pipeline_depth = 3 : i64}
// CHECK: vector.store %{{.*}}, %[[P]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[C]]
// CHECK: scf.for
// CHECK: vector.load %[[P]]
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: gpu.func @matmul_v1(%{{.*}}: memref<?x512xf16>, %{{.*}}: memref<64x128xi32>, %{{.*}}: memref<8x128xf16>, %{{.*}}: memref<?x128xf16>)
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return
func.func @w4a16_g64_split(%x: memref<?x512xf16>, %wq: memref<64x128xi32>, %s: memref<8x128xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%wq, %s : memref<64x128xi32>, memref<8x128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>,
       target = #qgemm.target<"sm_80">,
       configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, split_k = 2, max_m = 128>,
                  #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4>]}
  return
}
