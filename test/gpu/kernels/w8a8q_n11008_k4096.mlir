// W8A8 for the GPU harness, activation already quantized: Y[M, 11008] =
// fp16(Xq[M, 4096] . Wq[11008, 4096]^T * sx * sw), Xq int8 with its per-token fp32
// scales sx passed in, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8q_n11008_k4096(%xq: memref<?x4096xi8>, %sx: memref<?xf32>, %wq: memref<11008x4096xi8>, %sw: memref<11008xf32>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>)
      weights(%wq, %sw : memref<11008x4096xi8>, memref<11008xf32>)
      outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
