// W8A8, a Qwen1.5-MoE-A2.7B / DeepSeek-V2-Lite expert's gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 1408] = X[M, 2048] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n1408_k2048_ml(%x: memref<?x2048xf16>, %wq: memref<1408x2048xi8>, %sw: memref<1408xf32>, %y: memref<?x1408xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>)
      weights(%wq, %sw : memref<1408x2048xi8>, memref<1408xf32>)
      outs(%y : memref<?x1408xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
