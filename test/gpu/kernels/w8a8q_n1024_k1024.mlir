// W8A8 for the GPU harness, activation already quantized: Y[M, 1024] =
// fp16(Xq[M, 1024] . Wq[1024, 1024]^T * sx * sw), Xq int8 with its per-token fp32
// scales sx passed in, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8q_n1024_k1024(%xq: memref<?x1024xi8>, %sx: memref<?xf32>, %wq: memref<1024x1024xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%xq : memref<?x1024xi8>) lhs_scales(%sx : memref<?xf32>)
      weights(%wq, %sw : memref<1024x1024xi8>, memref<1024xf32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
