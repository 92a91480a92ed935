// W8A8, Llama-3-8B's LM head (a sweep of layers outside the harness, perf notes v47):
// Y[M, 128256] = X[M, 4096] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n128256_k4096_ml(%x: memref<?x4096xf16>, %wq: memref<128256x4096xi8>, %sw: memref<128256xf32>, %y: memref<?x128256xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<128256x4096xi8>, memref<128256xf32>)
      outs(%y : memref<?x128256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
