// W8A8, a Qwen1.5-MoE-A2.7B / DeepSeek-V2-Lite expert's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 2048] = X[M, 1408] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n2048_k1408_ml(%x: memref<?x1408xf16>, %wq: memref<2048x1408xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x1408xf16>)
      weights(%wq, %sw : memref<2048x1408xi8>, memref<2048xf32>)
      outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
