// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: the op's inherent attributes must be of the right qgemm kind.

func.func @negative_weight_encoding_as_lhs(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{Invalid attribute `lhs_encoding` in property conversion: #qgemm.weight<format = int8, scales = per_channel>}}
  "qgemm.matmul"(%x, %w, %sw, %y) <{lhs_encoding = #qgemm.weight<format = int8, scales = per_channel>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, operandSegmentSizes = array<i32: 1, 0, 2, 1>}> : (memref<?x64xf16>, memref<64x64xi8>, memref<64xf32>, memref<?x64xf16>) -> ()
  return
}

// -----

func.func @negative_config_not_in_array(%x: memref<?x64xf16>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  // expected-error @+2 {{'qgemm.matmul' op attribute 'configs' failed to satisfy constraint: array of qgemm configs}}
  qgemm.matmul lhs(%x : memref<?x64xf16>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32]>}
  return
}
