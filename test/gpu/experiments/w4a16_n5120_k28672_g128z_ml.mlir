// W4A16, a layer of a released model outside the harness's five (perf notes v46): Y[M, 5120] =
// X[M, 28672] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n5120_k28672_g128z_ml(%x: memref<?x28672xf16>, %wq: memref<3584x5120xi32>, %scales: memref<224x5120xf16>, %zeros: memref<224x640xi32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x28672xf16>)
      weights(%wq, %scales, %zeros : memref<3584x5120xi32>, memref<224x5120xf16>, memref<224x640xi32>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
