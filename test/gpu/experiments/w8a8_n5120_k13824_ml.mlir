// W8A8, Llama-2-13B's down projection, outside the harness: Y[M, 5120] = X[M, 13824] .
// Wq[5120, 13824]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n5120_k13824_ml(%x: memref<?x13824xf16>, %wq: memref<5120x13824xi8>, %sw: memref<5120xf32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x13824xf16>)
      weights(%wq, %sw : memref<5120x13824xi8>, memref<5120xf32>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
