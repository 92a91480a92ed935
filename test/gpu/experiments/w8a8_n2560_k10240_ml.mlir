// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 2560] = X[M, 10240] .
// Wq[2560, 10240]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n2560_k10240_ml(%x: memref<?x10240xf16>, %wq: memref<2560x10240xi8>, %sw: memref<2560xf32>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x10240xf16>)
      weights(%wq, %sw : memref<2560x10240xi8>, memref<2560xf32>)
      outs(%y : memref<?x2560xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
