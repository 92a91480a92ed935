// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: every rejection of qgemm.quantize.

func.func @negative_quantize_rank1(%x: memref<64xf16>, %xq: memref<64xi8>, %sx: memref<1xf32>) {
  // expected-error @+1 {{expected a 2-D input [M, K], got rank 1}}
  qgemm.quantize ins(%x : memref<64xf16>) outs(%xq, %sx : memref<64xi8>, memref<1xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// -----

func.func @negative_quantize_f32_input(%x: memref<?x64xf32>, %xq: memref<?x64xi8>, %sx: memref<?xf32>) {
  // expected-error @+1 {{expected an f16 or bf16 input, got 'f32'}}
  qgemm.quantize ins(%x : memref<?x64xf32>) outs(%xq, %sx : memref<?x64xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// -----

func.func @negative_quantize_to_f16(%x: memref<?x64xf16>, %xq: memref<?x64xf16>, %sx: memref<?xf32>) {
  // expected-error @+1 {{expected a quantized encoding, got #qgemm.act<f16>}}
  qgemm.quantize ins(%x : memref<?x64xf16>) outs(%xq, %sx : memref<?x64xf16>, memref<?xf32>) {encoding = #qgemm.act<f16>}
  return
}

// -----

func.func @negative_quantize_dynamic_k(%x: memref<?x?xf16>, %xq: memref<?x?xi8>, %sx: memref<?xf32>) {
  // expected-error @+1 {{expected a static K (input dimension 1)}}
  qgemm.quantize ins(%x : memref<?x?xf16>) outs(%xq, %sx : memref<?x?xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// -----

func.func @negative_quantize_output_shape(%x: memref<4x64xf16>, %xq: memref<4x32xi8>, %sx: memref<4xf32>) {
  // expected-error @+1 {{expected quantized of type 'memref<4x64xi8>', got 'memref<4x32xi8>'}}
  qgemm.quantize ins(%x : memref<4x64xf16>) outs(%xq, %sx : memref<4x32xi8>, memref<4xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// -----

func.func @negative_quantize_scales_2d(%x: memref<4x64xf16>, %xq: memref<4x64xi8>, %sx: memref<4x1xf32>) {
  // expected-error @+1 {{expected scales of type 'memref<4xf32>', got 'memref<4x1xf32>'}}
  qgemm.quantize ins(%x : memref<4x64xf16>) outs(%xq, %sx : memref<4x64xi8>, memref<4x1xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// -----

func.func @negative_quantize_block_not_dividing_k(%x: memref<4x192xf16>, %xq: memref<4x192xf8E4M3FN>, %sx: memref<4x2xf32>) {
  // expected-error @+1 {{expected activation block (128) to divide K (192)}}
  qgemm.quantize ins(%x : memref<4x192xf16>) outs(%xq, %sx : memref<4x192xf8E4M3FN>, memref<4x2xf32>) {encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>}
  return
}
