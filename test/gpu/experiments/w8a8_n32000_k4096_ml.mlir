// W8A8, Llama-2-7B's LM head (a sweep of layers outside the harness, perf notes v47):
// Y[M, 32000] = X[M, 4096] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n32000_k4096_ml(%x: memref<?x4096xf16>, %wq: memref<32000x4096xi8>, %sw: memref<32000xf32>, %y: memref<?x32000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<32000x4096xi8>, memref<32000xf32>)
      outs(%y : memref<?x32000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
