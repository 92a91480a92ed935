// RUN: qgemm-opt %s --convert-nvgpu-to-nvvm | FileCheck %s
// Covers: qgemm-opt knows the upstream dialects and passes qgemm lowers
// through: an int8 nvgpu.mma.sync m16n8k32 lowers to nvvm.mma.sync.

// CHECK-LABEL: func @mma_int8_m16n8k32
// CHECK: nvvm.mma.sync
// CHECK-SAME: intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 32>
func.func @mma_int8_m16n8k32(%a: vector<4x4xi8>, %b: vector<2x4xi8>, %c: vector<2x2xi32>) -> vector<2x2xi32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  return %d : vector<2x2xi32>
}
