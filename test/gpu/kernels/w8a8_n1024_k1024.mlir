// W8A8 for the GPU harness: Y[M, 1024] = X[M, 1024] . Wq[1024, 1024]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n1024_k1024(%x: memref<?x1024xf16>, %wq: memref<1024x1024xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%wq, %sw : memref<1024x1024xi8>, memref<1024xf32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
