// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: every rejection of #qgemm.act (activation encoding).

// An fp16 activation is used as is: it has no scales.
// expected-error @+1 {{expected no scales for activation storage 'f16', got per_token}}
func.func private @negative_f16_with_scales() attributes {e = #qgemm.act<f16, per_token>}

// -----

// int8 activations are quantized per token.
// expected-error @+1 {{expected per_token scales for an i8 activation, got none}}
func.func private @negative_i8_without_scales() attributes {e = #qgemm.act<i8>}

// -----

// fp8 activations are quantized per 1 x block.
// expected-error @+1 {{expected per_block scales for an f8E4M3FN activation, got per_token}}
func.func private @negative_fp8_per_token() attributes {e = #qgemm.act<f8E4M3FN, per_token>}

// -----

// A per-block encoding needs its block size.
// expected-error @+1 {{expected a positive activation block size, got 0}}
func.func private @negative_fp8_no_block() attributes {e = #qgemm.act<f8E4M3FN, per_block>}

// -----

// f32 activations are not a tensor-core input.
// expected-error @+1 {{unsupported activation storage type 'f32' (expected f16, bf16, i8 or f8E4M3FN)}}
func.func private @negative_f32_storage() attributes {e = #qgemm.act<f32>}

// -----

// A block size means nothing for per-token scales.
// expected-error @+1 {{expected no block size without per_block scales, got block = 64}}
func.func private @negative_block_with_per_token() attributes {e = #qgemm.act<i8, per_token, block = 64>}
