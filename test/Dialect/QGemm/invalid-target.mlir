// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: #qgemm.target accepts only the chips qgemm compiles for, and FP8
// needs Hopper.

// expected-error @+1 {{unsupported target chip 'sm_75' (expected one of sm_80, sm_90, sm_90a)}}
func.func private @negative_sm75() attributes {t = #qgemm.target<"sm_75">}

// -----

func.func @negative_fp8_on_sm80(%x: memref<?x256xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<128x256xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x128xf16>) {
  // expected-error @+1 {{fp8 activations need sm_90 or newer, got sm_80}}
  qgemm.matmul lhs(%x : memref<?x256xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<128x256xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>,
       target = #qgemm.target<"sm_80">}
  return
}
