// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 4096] = X[M, 14336] .
// Wq[4096, 14336]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n4096_k14336_ml(%x: memref<?x14336xf16>, %wq: memref<4096x14336xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x14336xf16>)
      weights(%wq, %sw : memref<4096x14336xi8>, memref<4096xf32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
