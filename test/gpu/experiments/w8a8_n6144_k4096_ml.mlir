// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 6144] = X[M, 4096] .
// Wq[6144, 4096]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n6144_k4096_ml(%x: memref<?x4096xf16>, %wq: memref<6144x4096xi8>, %sw: memref<6144xf32>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<6144x4096xi8>, memref<6144xf32>)
      outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
