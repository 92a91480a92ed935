// W8A8, a layer outside the harness (N = 1536: the N <= 2048 rule of v45): Y[M, 1536] = X[M, 4096] .
// Wq[1536, 4096]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n1536_k4096_ml(%x: memref<?x4096xf16>, %wq: memref<1536x4096xi8>, %sw: memref<1536xf32>, %y: memref<?x1536xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<1536x4096xi8>, memref<1536xf32>)
      outs(%y : memref<?x1536xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
