// RUN: qgemm-opt %s --qgemm-configure="chip=sm_80 require-chip=true" -split-input-file -verify-diagnostics
// The expected-error lines are for sm_80; they are dropped for sm_90.
// RUN: sed -e '/expected-error/d' %s | not qgemm-opt --qgemm-configure="chip=sm_90 require-chip=true" -split-input-file 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: qgemm-opt %s --qgemm-configure=chip=sm_80 -split-input-file | FileCheck %s --check-prefix=LOOSE
// Covers: with require-chip (as qgemm-lower-to-nvvm sets it) an op whose
// own target needs more than the chip compiled for (a newer SM, or wgmma on
// sm_90a under sm_90) is an error; an older target, or none, is fine.
// Without the option the op's target is kept as it is.

// SM90-NOT: error:
// SM90: error: 'qgemm.matmul' op targets sm_90a, which the kernels compiled for sm_90 cannot run on; compile with --chip=sm_90a or change the op's target
// SM90-NOT: error:

// LOOSE: target = #qgemm.target<"sm_90">
// LOOSE: target = #qgemm.target<"sm_90a">
// LOOSE: target = #qgemm.target<"sm_80">
// LOOSE: target = #qgemm.target<"sm_80">

func.func @negative_newer_sm(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{'qgemm.matmul' op targets sm_90, which the kernels compiled for sm_80 cannot run on; compile with --chip=sm_90 or change the op's target}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">}
  return
}

// -----

func.func @negative_wgmma_target(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{'qgemm.matmul' op targets sm_90a, which the kernels compiled for sm_80 cannot run on}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">}
  return
}

// -----

func.func @same_sm(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_80">}
  return
}

// -----

func.func @no_target(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
