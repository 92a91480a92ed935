// RUN: qgemm-opt %s --convert-qgemm-to-gpu -split-input-file -verify-diagnostics | FileCheck %s
// Covers: W4A16 weights in fragment order (`fragment_order = true`). Word
// 4b + q of a channel's 32-K block b holds the k-pairs (32b + 8j + 2q, + 1)
// in nibbles (j, j + 4), so one `convert` of a word gives the four k-pairs
// of a lane in natural K order. The register variant reads the same words
// as with the seed layout but takes X as four 4-byte k-pairs (8j + 2q) a
// 32-K block, which are its B fragments without a prmt; the register-A
// wgmma step reads one word row (4c + q) a channel and 32-K block instead of
// four quad-shared rows, and converts it whole (no prmt by the lane's byte
// selector); the mma.sync ring reads X's k-pairs from its swizzled chunks.
// The launch description's summary says the order. A wgmma config that
// dequantizes into shared memory is refused.

// CHECK-LABEL: func.func @w4a16_fo_registers
// CHECK-SAME: summary = "Y[M, 64] = X[M, 256] . (Wq * scales)^T, int4 weights, fp16 scales per channel, Wq in fragment order
// CHECK: gpu.func @matmul_v0(
// CHECK: vector.load %{{.*}} : memref<32x64xi32>, vector<4xi32>
// CHECK-COUNT-4: vector.load %{{.*}} : memref<?x256xf16>, vector<2xf16>
// CHECK-NOT: nvvm.prmt
// CHECK-NOT: vector<8xf16>
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, 0x000f000f, 0x64086408, 0x6a;", "=r,r"
// CHECK: nvgpu.mma.sync
// CHECK: gpu.barrier
func.func @w4a16_fo_registers(%x: memref<?x256xf16>, %wq: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel, fragment_order = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// register_a, groups of 32 with zero points (as @w4a16_g32z_register_a in
// convert-qgemm-to-gpu-w4a16.mlir, which reads four word rows a half and
// forms each f16x2 with a prmt): per half one word row, the wait, the
// conversion (lop3 with the zero points' plain OR, 0xEA), fence, four
// m64n128k16.
// CHECK-LABEL: func.func @w4a16_fo_g32z_register_a
// CHECK: gpu.func @matmul_v0(
// CHECK: %[[WORDS:.*]] = memref.view {{.*}} to memref<4x8x264xi32, #gpu.address_space<workgroup>>
// CHECK: scf.for
// CHECK: nvgpu.device_async_wait
// CHECK: vector.load %[[WORDS]]{{.*}} vector<4xi32>
// CHECK-NOT: vector.load %[[WORDS]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NOT: nvvm.prmt
// CHECK: llvm.inline_asm "lop3.b32 $0, $1, 0x000f000f, 0x64006400, 0xea;", "=r,r"
// CHECK-NOT: nvvm.prmt
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK: vector.load %[[WORDS]]{{.*}} vector<4xi32>
// CHECK-NOT: vector.load %[[WORDS]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: scf.yield
func.func @w4a16_fo_g32z_register_a(%x: memref<?x256xf16>, %wq: memref<32x256xi32>, %s: memref<8x256xf16>, %z: memref<8x32xi32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x256xi32>, memref<8x256xf16>, memref<8x32xi32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true, fragment_order = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a>]}
  return
}

// -----

// The mma.sync ring (sm_90): X's k-pairs, 4-byte loads from the ring.
// CHECK-LABEL: func.func @w4a16_fo_mma_sync_ring
// CHECK: gpu.func @matmul_v0(
// CHECK: scf.for
// CHECK-COUNT-4: vector.load %{{.*}} : memref<4x{{.*}}xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK: nvgpu.mma.sync
func.func @w4a16_fo_mma_sync_ring(%x: memref<?x256xf16>, %wq: memref<32x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel, fragment_order = true>,
       target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4>]}
  return
}

// -----

func.func @w4a16_fo_wgmma_shared(%x: memref<?x256xf16>, %wq: memref<32x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{expected operands = registers, shared with mma = mma_sync, or register_a for weights with fragment_order = true}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel, fragment_order = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}
