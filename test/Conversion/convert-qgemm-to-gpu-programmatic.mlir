// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s --check-prefix=ALL
// RUN: qgemm-opt %s --convert-qgemm-to-gpu=programmatic-max-m=64 | FileCheck %s --check-prefix=BOUND
// RUN: qgemm-opt %s --convert-qgemm-to-gpu=programmatic-max-m=0 | FileCheck %s --check-prefix=NONE
// RUN: not qgemm-opt %s --convert-qgemm-to-gpu=programmatic-max-m=-5 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: expected programmatic-max-m >= -1 (-1: every variant, 0: none), got -5
// Covers: which variants convert-qgemm-to-gpu launches as programmatic
// dependents of quantize on sm_90. By default (-1) every variant: each one
// waits (griddepcontrol.wait) before its K loop and quantize lets them start
// (launch_dependents). With programmatic-max-m = 64 only the variant with
// max_m <= 64; the unbounded one has no wait. With 0 none, and quantize does
// not signal.

// ALL: kernel = "matmul_v0", max_m = 64 : i64, operands = {{\[[^]]*\]}}, programmatic = true
// ALL-SAME: kernel = "matmul_v1", max_m = 0 : i64, operands = {{\[[^]]*\]}}, programmatic = true
// ALL: gpu.func @quantize
// ALL-NEXT: nvvm.griddepcontrol launch_dependents
// ALL: gpu.func @matmul_v0
// ALL: nvvm.griddepcontrol wait
// ALL: gpu.func @matmul_v1
// ALL: nvvm.griddepcontrol wait

// BOUND: kernel = "matmul_v0", max_m = 64 : i64, operands = {{\[[^]]*\]}}, programmatic = true
// BOUND-SAME: kernel = "matmul_v1", max_m = 0 : i64, operands = {{\[[^]]*\]}}, programmatic = false
// BOUND: gpu.func @quantize
// BOUND-NEXT: nvvm.griddepcontrol launch_dependents
// BOUND: gpu.func @matmul_v0
// BOUND: nvvm.griddepcontrol wait
// BOUND: gpu.func @matmul_v1
// BOUND-NOT: griddepcontrol

// NONE: kernel = "matmul_v0", max_m = 64 : i64, operands = {{\[[^]]*\]}}, programmatic = false
// NONE-SAME: kernel = "matmul_v1", max_m = 0 : i64, operands = {{\[[^]]*\]}}, programmatic = false
// NONE-NOT: griddepcontrol
func.func @w8a8(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [32, 32, 64], warp_tile = [16, 16], stages = 3, max_m = 64>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4>]}
  return
}
