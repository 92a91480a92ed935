// W8A8Q for the GPU harness with a static M of 48: the family is the one
// variant that serves that M; its stub takes m = 48 (or 0) only, and the
// harness runs it at that M alone.
// Input of host-stub-prequantized-static-m.test: W8A8 4096 x 4096 on an
// already quantized activation with a static M of 48.
func.func @w8a8q_n4096_k4096_st48(%xq: memref<48x4096xi8>, %sx: memref<48xf32>, %wq: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<48x4096xf16>) {
  qgemm.matmul lhs(%xq : memref<48x4096xi8>) lhs_scales(%sx : memref<48xf32>)
      weights(%wq, %sw : memref<4096x4096xi8>, memref<4096xf32>)
      outs(%y : memref<48x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
