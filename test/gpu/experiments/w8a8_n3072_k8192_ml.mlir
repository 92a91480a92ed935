// W8A8, Phi-3-mini's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 3072] = X[M, 8192] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n3072_k8192_ml(%x: memref<?x8192xf16>, %wq: memref<3072x8192xi8>, %sw: memref<3072xf32>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %sw : memref<3072x8192xi8>, memref<3072xf32>)
      outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
