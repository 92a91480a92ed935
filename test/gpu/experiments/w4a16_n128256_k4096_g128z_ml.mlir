// W4A16, Llama-3-8B's LM head (a sweep of layers outside the harness, perf notes v47):
// Y[M, 128256] = X[M, 4096] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of
// 128 along K fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n128256_k4096_g128z_ml(%x: memref<?x4096xf16>, %wq: memref<512x128256xi32>, %scales: memref<32x128256xf16>, %zeros: memref<32x16032xi32>, %y: memref<?x128256xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales, %zeros : memref<512x128256xi32>, memref<32x128256xf16>, memref<32x16032xi32>)
      outs(%y : memref<?x128256xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
