// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 2560] =
// X[M, 10240] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n2560_k10240_g128z_ml(%x: memref<?x10240xf16>, %wq: memref<1280x2560xi32>, %scales: memref<80x2560xf16>, %zeros: memref<80x320xi32>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x10240xf16>)
      weights(%wq, %scales, %zeros : memref<1280x2560xi32>, memref<80x2560xf16>, memref<80x320xi32>)
      outs(%y : memref<?x2560xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
