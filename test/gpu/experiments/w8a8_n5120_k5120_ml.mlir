// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 5120] = X[M, 5120] .
// Wq[5120, 5120]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n5120_k5120_ml(%x: memref<?x5120xf16>, %wq: memref<5120x5120xi8>, %sw: memref<5120xf32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>)
      weights(%wq, %sw : memref<5120x5120xi8>, memref<5120xf32>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
