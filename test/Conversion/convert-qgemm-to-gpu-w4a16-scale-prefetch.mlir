// RUN: qgemm-opt %s --convert-qgemm-to-gpu -split-input-file | FileCheck %s
// Covers: a W4A16 per-channel ring kernel brings its tile's fp16 scales into
// L2 before the K loop (the epilogue reads them): the first two threads
// (128 channels x 2 bytes, 128-byte lines) each prefetch one line, byte
// 2 blockCol + 128 tid, the last at most the tile's last scale (byte 254)
// and, since N = 160 is not a multiple of the tile's 128 channels, never
// past the vector's last scale (byte 318). The consumers' prefetch comes
// before the tiles' K loop; sm_80 has none (LLVM 22 cannot select it).

// CHECK-LABEL: gpu.module @w4a16_pc_edge_kernels
// CHECK: gpu.func @matmul_v0(
// CHECK: %[[FIRST:.*]] = arith.cmpi ult, %thread_id_x, %c2{{(_[0-9]+)?}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %arg{{[0-9]+}} : memref<160xf16> -> index
// CHECK: %[[LINE:.*]] = arith.muli %thread_id_x, %c128{{(_[0-9]+)?}} : index
// CHECK: %[[INTILE:.*]] = arith.minui %[[LINE]], %c254 : index
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %c2{{(_[0-9]+)?}} : index
// CHECK: %[[OFF:.*]] = arith.addi %[[COL]], %[[INTILE]] : index
// CHECK: %[[INN:.*]] = arith.minui %[[OFF]], %c318 : index
// CHECK: %[[ADDR:.*]] = arith.addi %[[BASE]], %[[INN]] : index
// CHECK: %[[I64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[I64]] : i64 to !llvm.ptr<1>
// CHECK: nvvm.prefetch level =  L2, %[[PTR]] : !llvm.ptr<1>
// CHECK: nvvm.setmaxregister  increase
// CHECK: scf.for
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
func.func @w4a16_pc_edge(%x: memref<?x256xf16>, %wq: memref<32x160xi32>, %s: memref<160xf16>, %y: memref<?x160xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x160xi32>, memref<160xf16>) outs(%y : memref<?x160xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]}
  return
}

// -----

// CHECK-LABEL: gpu.module @w4a16_pc_sm80_kernels
// CHECK-NOT: nvvm.prefetch
// CHECK: mma.sync
// CHECK-NOT: nvvm.prefetch
// CHECK: gpu.return
func.func @w4a16_pc_sm80(%x: memref<?x256xf16>, %wq: memref<32x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s : memref<32x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_80">,
       configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4>]}
  return
}
