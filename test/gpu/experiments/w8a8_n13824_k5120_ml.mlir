// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 13824] = X[M, 5120] .
// Wq[13824, 5120]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n13824_k5120_ml(%x: memref<?x5120xf16>, %wq: memref<13824x5120xi8>, %sw: memref<13824xf32>, %y: memref<?x13824xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>)
      weights(%wq, %sw : memref<13824x5120xi8>, memref<13824xf32>)
      outs(%y : memref<?x13824xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
