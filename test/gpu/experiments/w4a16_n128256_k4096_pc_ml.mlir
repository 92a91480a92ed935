// W4A16, Llama-3-8B's LM head (a sweep of layers outside the harness, perf notes v47):
// Y[M, 128256] = X[M, 4096] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n128256_k4096_pc_ml(%x: memref<?x4096xf16>, %wq: memref<512x128256xi32>, %scales: memref<128256xf16>, %y: memref<?x128256xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales : memref<512x128256xi32>, memref<128256xf16>)
      outs(%y : memref<?x128256xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
