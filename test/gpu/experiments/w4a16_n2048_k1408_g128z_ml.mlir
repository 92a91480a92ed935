// W4A16, a Qwen1.5-MoE-A2.7B / DeepSeek-V2-Lite expert's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 2048] = X[M, 1408] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of
// 128 along K fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n2048_k1408_g128z_ml(%x: memref<?x1408xf16>, %wq: memref<176x2048xi32>, %scales: memref<11x2048xf16>, %zeros: memref<11x256xi32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x1408xf16>)
      weights(%wq, %scales, %zeros : memref<176x2048xi32>, memref<11x2048xf16>, memref<11x256xi32>)
      outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
