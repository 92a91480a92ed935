// W8A8, a Qwen3-30B-A3B expert's gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 768] = X[M, 2048] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n768_k2048_ml(%x: memref<?x2048xf16>, %wq: memref<768x2048xi8>, %sw: memref<768xf32>, %y: memref<?x768xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>)
      weights(%wq, %sw : memref<768x2048xi8>, memref<768xf32>)
      outs(%y : memref<?x768xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
