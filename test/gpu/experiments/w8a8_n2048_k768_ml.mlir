// W8A8, a Qwen3-30B-A3B expert's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 2048] = X[M, 768] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n2048_k768_ml(%x: memref<?x768xf16>, %wq: memref<2048x768xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x768xf16>)
      weights(%wq, %sw : memref<2048x768xi8>, memref<2048xf32>)
      outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
