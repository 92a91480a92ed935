// W8A8, Qwen2-7B's key and value projections (a sweep of layers outside the harness, perf notes v47):
// Y[M, 512] = X[M, 3584] . Wq^T, X quantized per token in the kernel, int8 weights with fp32 scales
// per output channel; no configs.
func.func @w8a8_n512_k3584_ml(%x: memref<?x3584xf16>, %wq: memref<512x3584xi8>, %sw: memref<512xf32>, %y: memref<?x512xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %sw : memref<512x3584xi8>, memref<512xf32>)
      outs(%y : memref<?x512xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
