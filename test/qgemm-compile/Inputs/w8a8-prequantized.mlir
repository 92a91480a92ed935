// Input of host-stub-prequantized.test: W8A8 4096 x 4096 with the
// activation already quantized (xq int8 [M, 4096] and its per-token scales
// sx f32 [M]), the variants left to qgemm-configure.
func.func @w8a8_prequantized(%xq: memref<?x4096xi8>, %sx: memref<?xf32>, %wq: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>)
      weights(%wq, %sw : memref<4096x4096xi8>, memref<4096xf32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
