// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the shape, type, layout and alignment rules every qgemm.matmul
// obeys, whatever its scheme.

func.func @negative_lhs_rank3(%x: memref<2x?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a 2-D lhs [M, K], got rank 3}}
  qgemm.matmul lhs(%x : memref<2x?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_out_rank1(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<64xf16>) {
  // expected-error @+1 {{expected a 2-D output [M, N], got rank 1}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_dynamic_k(%x: memref<?x?xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected a static K (lhs dimension 1)}}
  qgemm.matmul lhs(%x : memref<?x?xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_dynamic_n(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x?xf16>) {
  // expected-error @+1 {{expected a static N (output dimension 1)}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x?xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_m_mismatch(%x: memref<7x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<8x64xf16>) {
  // expected-error @+1 {{expected output M (8) to match lhs M (7)}}
  qgemm.matmul lhs(%x : memref<7x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<8x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_f32_output(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{expected an f16 output, got 'f32'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf32>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_strided_lhs(%x: memref<?x64xf16, strided<[128, 1]>>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected lhs to have the identity (row-major) layout, got 'memref<?x64xf16, strided<[128, 1]>>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16, strided<[128, 1]>>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// An int8 activation the caller quantized may have padded rows, on the same
// terms as int8 weights; an fp16 one (above) and the output may not.
func.func @negative_quantized_lhs_pitch_below_k(%xq: memref<?x64xi8, strided<[48, 1]>>, %sx: memref<?xf32>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected the row pitch of lhs (48) to be at least its rows' 64 elements and a multiple of 16 bytes, got 'memref<?x64xi8, strided<[48, 1]>>'}}
  qgemm.matmul lhs(%xq : memref<?x64xi8, strided<[48, 1]>>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_quantized_lhs_offset(%xq: memref<?x64xi8, strided<[128, 1], offset: 16>>, %sx: memref<?xf32>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected lhs to have the identity (row-major) layout or padded rows (strided<[pitch, 1]>), got 'memref<?x64xi8, strided<[128, 1], offset: 16>>'}}
  qgemm.matmul lhs(%xq : memref<?x64xi8, strided<[128, 1], offset: 16>>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_strided_output(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16, strided<[128, 1]>>) {
  // expected-error @+1 {{expected output to have the identity (row-major) layout, got 'memref<?x64xf16, strided<[128, 1]>>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16, strided<[128, 1]>>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// int8 weights may have padded rows (strided<[pitch, 1]>): not shorter
// than K, a whole number of 16-byte units, offset 0.
func.func @negative_weight_pitch_below_k(%x: memref<?x64xf16>, %w: memref<64x64xi8, strided<[48, 1]>>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected the row pitch of wq (48) to be at least its rows' 64 elements and a multiple of 16 bytes, got 'memref<64x64xi8, strided<[48, 1]>>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8, strided<[48, 1]>>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_weight_pitch_not_16_bytes(%x: memref<?x64xf16>, %w: memref<64x64xi8, strided<[72, 1]>>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected the row pitch of wq (72) to be at least its rows' 64 elements and a multiple of 16 bytes}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8, strided<[72, 1]>>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_weight_pitch_too_large(%x: memref<?x64xf16>, %w: memref<64x64xi8, strided<[4294967296, 1]>>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected the row pitch of wq (4294967296) to be at most 2147483647 bytes}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8, strided<[4294967296, 1]>>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_weight_offset(%x: memref<?x64xf16>, %w: memref<64x64xi8, strided<[128, 1], offset: 16>>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected wq to have the identity (row-major) layout or padded rows (strided<[pitch, 1]>), got 'memref<64x64xi8, strided<[128, 1], offset: 16>>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8, strided<[128, 1], offset: 16>>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_weight_dynamic_pitch(%x: memref<?x64xf16>, %w: memref<64x64xi8, strided<[?, 1]>>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected wq to have the identity (row-major) layout or padded rows (strided<[pitch, 1]>)}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8, strided<[?, 1]>>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// Only the int8 weights take a pitch.
func.func @negative_strided_int4_weight(%x: memref<?x64xf16>, %w: memref<8x64xi32, strided<[128, 1]>>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected packed wq to have the identity (row-major) layout, got 'memref<8x64xi32, strided<[128, 1]>>'}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %s : memref<8x64xi32, strided<[128, 1]>>, memref<64xf16>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// -----

// K = 48 is not a whole number of int8 mma steps (k32).
func.func @negative_k_not_multiple_of_mma_k(%x: memref<?x48xf16>, %w: memref<64x48xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected K (48) to be a multiple of 32 (the K of one 8-bit mma)}}
  qgemm.matmul lhs(%x : memref<?x48xf16>) weights(%w, %sw : memref<64x48xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_k_not_multiple_of_16(%x: memref<?x72xf16>, %w: memref<9x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected K (72) to be a multiple of 16 (the K of one 16-bit mma)}}
  qgemm.matmul lhs(%x : memref<?x72xf16>) weights(%w, %s : memref<9x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// -----

func.func @negative_n_not_multiple_of_8(%x: memref<?x64xf16>, %w: memref<60x64xi8>, %sw: memref<60xf32>, %y: memref<?x60xf16>) {
  // expected-error @+1 {{expected N (60) to be a multiple of 8 (16-byte aligned output rows)}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<60x64xi8>, memref<60xf32>) outs(%y : memref<?x60xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

// The generic form may give segment sizes that add up but leave lhs or out
// without an operand: a diagnostic, not a read past the operands.
func.func @negative_segments(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected one lhs and one output operand (operandSegmentSizes = [1, scales, weights, 1]), got 0 and 0}}
  "qgemm.matmul"(%x, %w, %sw, %y) <{operandSegmentSizes = array<i32: 0, 0, 4, 0>, lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}> : (memref<?x64xf16>, memref<64x64xi8>, memref<64xf32>, memref<?x64xf16>) -> ()
  return
}

// -----

func.func @negative_segments_out(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected one lhs and one output operand (operandSegmentSizes = [1, scales, weights, 1]), got 1 and 0}}
  "qgemm.matmul"(%x, %w, %sw, %y) <{operandSegmentSizes = array<i32: 1, 3, 0, 0>, lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}> : (memref<?x64xf16>, memref<64x64xi8>, memref<64xf32>, memref<?x64xf16>) -> ()
  return
}

// -----

// K past 2^16 and N past 2^18: rejected before any lowering (whose work grows with
// K: K near 2^63 ran out of memory).
func.func @negative_huge_k(%x: memref<?x2097152xf16>, %w: memref<64x2097152xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected N <= 262144 and K <= 65536, got N = 64, K = 2097152}}
  qgemm.matmul lhs(%x : memref<?x2097152xf16>) weights(%w, %sw : memref<64x2097152xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_huge_n(%x: memref<?x64xf16>, %w: memref<4294967296x64xi8>, %sw: memref<4294967296xf32>, %y: memref<?x4294967296xf16>) {
  // expected-error @+1 {{expected N <= 262144 and K <= 65536, got N = 4294967296, K = 64}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<4294967296x64xi8>, memref<4294967296xf32>) outs(%y : memref<?x4294967296xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @negative_huge_static_m(%x: memref<4294967296x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<4294967296x64xf16>) {
  // expected-error @+1 {{expected a static M in [1, 2147483647], got 4294967296}}
  qgemm.matmul lhs(%x : memref<4294967296x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<4294967296x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// -----

func.func @zero_static_m(%x: memref<0x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<0x64xf16>) {
  // expected-error @+1 {{expected a static M in [1, 2147483647], got 0}}
  qgemm.matmul lhs(%x : memref<0x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<0x64xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
