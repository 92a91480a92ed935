// W4A16, Phi-3-mini's fused gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 16384] = X[M, 3072] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of
// 128 along K fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n16384_k3072_g128z_ml(%x: memref<?x3072xf16>, %wq: memref<384x16384xi32>, %scales: memref<24x16384xf16>, %zeros: memref<24x2048xi32>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>)
      weights(%wq, %scales, %zeros : memref<384x16384xi32>, memref<24x16384xf16>, memref<24x2048xi32>)
      outs(%y : memref<?x16384xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
