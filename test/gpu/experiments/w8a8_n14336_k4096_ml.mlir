// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 14336] = X[M, 4096] .
// Wq[14336, 4096]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n14336_k4096_ml(%x: memref<?x4096xf16>, %wq: memref<14336x4096xi8>, %sw: memref<14336xf32>, %y: memref<?x14336xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<14336x4096xi8>, memref<14336xf32>)
      outs(%y : memref<?x14336xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
