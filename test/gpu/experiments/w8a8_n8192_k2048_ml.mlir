// W8A8, a layer outside the harness (N = 8192, K = 2048: the lone-block rules of v45): Y[M, 8192] = X[M, 2048] .
// Wq[8192, 2048]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n8192_k2048_ml(%x: memref<?x2048xf16>, %wq: memref<8192x2048xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>)
      weights(%wq, %sw : memref<8192x2048xi8>, memref<8192xf32>)
      outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
