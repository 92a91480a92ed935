// W8A8, a layer outside the harness (Llama-3-70B's down projection): Y[M, 8192] = X[M, 28672] .
// Wq[8192, 28672]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n8192_k28672_ml(%x: memref<?x28672xf16>, %wq: memref<8192x28672xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x28672xf16>)
      weights(%wq, %sw : memref<8192x28672xi8>, memref<8192xf32>)
      outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
