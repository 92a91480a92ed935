// W8A8, Phi-3-mini's fused gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 16384] = X[M, 3072] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n16384_k3072_ml(%x: memref<?x3072xf16>, %wq: memref<16384x3072xi8>, %sw: memref<16384xf32>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>)
      weights(%wq, %sw : memref<16384x3072xi8>, memref<16384xf32>)
      outs(%y : memref<?x16384xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
