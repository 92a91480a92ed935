// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 8960] = X[M, 1536] .
// Wq[8960, 1536]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n8960_k1536_ml(%x: memref<?x1536xf16>, %wq: memref<8960x1536xi8>, %sw: memref<8960xf32>, %y: memref<?x8960xf16>) {
  qgemm.matmul lhs(%x : memref<?x1536xf16>)
      weights(%wq, %sw : memref<8960x1536xi8>, memref<8960xf32>)
      outs(%y : memref<?x8960xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
