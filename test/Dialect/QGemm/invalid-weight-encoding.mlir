// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: every rejection of #qgemm.weight (weight encoding).

// int8 weights carry one scale per output channel.
// expected-error @+1 {{expected per_channel scales for int8 weights, got none}}
func.func private @negative_int8_no_scales() attributes {e = #qgemm.weight<format = int8>}

// -----

// Only BSR and FP8 weights are blocked.
// expected-error @+1 {{expected no block for int8 weights, got [32, 32]}}
func.func private @negative_int8_with_block() attributes {e = #qgemm.weight<format = int8, scales = per_channel, block = [32, 32]>}

// -----

// Groups of 32, 64 or 128 along K.
// expected-error @+1 {{unsupported group size (96) (expected 32, 64 or 128)}}
func.func private @negative_group_96() attributes {e = #qgemm.weight<format = int4, scales = per_group, group_size = 96>}

// -----

// Zero points are stored per group.
// expected-error @+1 {{expected per_group scales with zero_points}}
func.func private @negative_zero_points_per_channel() attributes {e = #qgemm.weight<format = int4, scales = per_channel, zero_points = true>}

// -----

// BSR blocks are 32 x 32.
// expected-error @+1 {{expected bsr block [32, 32], got [16, 16]}}
func.func private @negative_bsr_block_16() attributes {e = #qgemm.weight<format = bsr, block = [16, 16]>}

// -----

// A BSR weight without its block shape.
// expected-error @+1 {{expected bsr block [32, 32], got []}}
func.func private @negative_bsr_no_block() attributes {e = #qgemm.weight<format = bsr>}

// -----

// FP8 weights are scaled per 128 x 128 block.
// expected-error @+1 {{expected per_block scales for fp8_e4m3 weights, got per_channel}}
func.func private @negative_fp8_per_channel() attributes {e = #qgemm.weight<format = fp8_e4m3, scales = per_channel, block = [128, 128]>}

// -----

// A group size only goes with per_group scales.
// expected-error @+1 {{expected no group_size without per_group scales, got group_size = 128}}
func.func private @negative_group_size_per_channel() attributes {e = #qgemm.weight<format = int4, scales = per_channel, group_size = 128>}

// -----

// Zero points exist only for int4.
// expected-error @+1 {{zero_points are only supported for int4 weights, got int8}}
func.func private @negative_int8_zero_points() attributes {e = #qgemm.weight<format = int8, scales = per_channel, zero_points = true>}

// -----

// The fragment order is a layout of int4 words.
// expected-error @+1 {{fragment_order is only supported for int4 weights, got int8}}
func.func private @negative_int8_fragment_order() attributes {e = #qgemm.weight<format = int8, scales = per_channel, fragment_order = true>}

// -----

// Unknown formats are rejected by the parser.
// expected-error @+2 {{expected ::mlir::qgemm::WeightFormat to be one of: int8, int4, bsr, fp8_e4m3}}
// expected-error @+1 {{failed to parse QGemm_WeightEncodingAttr parameter 'format'}}
func.func private @negative_unknown_format() attributes {e = #qgemm.weight<format = int2>}
