// W8A8, Llama-2-70B's attention output layer, outside the harness: Y[M, 8192] = X[M, 8192] .
// Wq[8192, 8192]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n8192_k8192_ml(%x: memref<?x8192xf16>, %wq: memref<8192x8192xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %sw : memref<8192x8192xi8>, memref<8192xf32>)
      outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
