// W4A16, a Qwen3-30B-A3B expert's gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 768] = X[M, 2048] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of
// 128 along K fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n768_k2048_g128z_ml(%x: memref<?x2048xf16>, %wq: memref<256x768xi32>, %scales: memref<16x768xf16>, %zeros: memref<16x96xi32>, %y: memref<?x768xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>)
      weights(%wq, %scales, %zeros : memref<256x768xi32>, memref<16x768xf16>, memref<16x96xi32>)
      outs(%y : memref<?x768xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
