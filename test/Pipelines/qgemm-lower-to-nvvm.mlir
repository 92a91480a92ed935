// RUN: qgemm-opt %s --qgemm-lower-to-nvvm="emit-binary=false" | FileCheck %s --check-prefix=NVVM
// RUN: qgemm-opt %s --qgemm-lower-to-nvvm | FileCheck %s --check-prefix=PTX90
// RUN: qgemm-opt %s --qgemm-lower-to-nvvm="chip=sm_80 opt-level=3" | FileCheck %s --check-prefix=PTX80
// Covers: the whole pipeline from qgemm to PTX (the pipeline's opt-level
// is 2 by default, the target's default, elided from #nvvm.target; here
// also 3): the kernels end in NVVM
// (fused quantization for M = 1; register-direct loads for M <= 64;
// cp.async, ldmatrix for larger M;
// mma.sync int8) with the target attached, then in a
// gpu.binary holding PTX for the chosen chip.

// NVVM: gpu.module @w8a8_kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">]
// NVVM: llvm.func @quantize
// M = 1: the register tiles quantizing the row in every block (fp16 x
// first, no griddepcontrol.wait).
// NVVM: llvm.func @matmul_v0(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64
// NVVM-NOT: nvvm.griddepcontrol
// NVVM: llvm.load {{.*}} -> vector<8xf16>
// NVVM: llvm.intr.fma
// NVVM: nvvm.mma.sync
// M <= 64: register operands; the weights of the first 2 of 4 chunks (8
// loads of 16 bytes a thread) and the epilogue's weight scales come before
// griddepcontrol.wait, no cp.async.
// NVVM: llvm.func @matmul_v1
// NVVM-NOT: nvvm.cp.async
// NVVM-COUNT-8: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<16xi8>
// NVVM-NOT: llvm.load
// NVVM: llvm.load {{.*}} -> vector<2xf32>
// NVVM-NOT: llvm.load
// NVVM: nvvm.griddepcontrol wait
// NVVM: nvvm.mma.sync {{.*}}intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>
// NVVM-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 32>
// NVVM: nvvm.barrier0
// M <= 256: the cp.async ring of 4 stages keeps 2 groups in flight.
// NVVM: llvm.func @matmul_v2
// NVVM: nvvm.cp.async.shared.global {{.*}}, 16, cache = cg
// NVVM: nvvm.cp.async.commit.group
// NVVM: nvvm.cp.async.wait.group 2
// NVVM: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<row>, num = 4 : i32
// NVVM: nvvm.mma.sync {{.*}}intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>
// NVVM-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 32>

// PTX90: gpu.binary @w8a8_kernels  [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "
// PTX90-SAME: .target sm_90
// PTX90-SAME: .entry quantize(
// PTX90-SAME: .entry matmul_v0(
// PTX90-SAME: .entry matmul_v1(
// PTX90-SAME: griddepcontrol.wait
// PTX90-SAME: .entry matmul_v2(
// PTX90-SAME: cp.async.cg.shared.global
// PTX90-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX90-SAME: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// PTX90-SAME: .entry matmul_v3(

// PTX80: #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">, properties = {{{.*}}O = 3 : i32}
// PTX80-SAME: .target sm_80
// PTX80-SAME: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
func.func @w8a8(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
