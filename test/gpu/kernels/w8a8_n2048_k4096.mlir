// W8A8 for the GPU harness: Y[M, 2048] = X[M, 4096] . Wq[2048, 4096]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n2048_k4096(%x: memref<?x4096xf16>, %wq: memref<2048x4096xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<2048x4096xi8>, memref<2048xf32>)
      outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
