// W4A16, Phi-3-mini's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 3072] = X[M, 8192] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of
// 128 along K fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n3072_k8192_g128z_ml(%x: memref<?x8192xf16>, %wq: memref<1024x3072xi32>, %scales: memref<64x3072xf16>, %zeros: memref<64x384xi32>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %scales, %zeros : memref<1024x3072xi32>, memref<64x3072xf16>, memref<64x384xi32>)
      outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
