// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 1600] =
// X[M, 6400] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n1600_k6400_g128z_ml(%x: memref<?x6400xf16>, %wq: memref<800x1600xi32>, %scales: memref<50x1600xf16>, %zeros: memref<50x200xi32>, %y: memref<?x1600xf16>) {
  qgemm.matmul lhs(%x : memref<?x6400xf16>)
      weights(%wq, %scales, %zeros : memref<800x1600xi32>, memref<50x1600xf16>, memref<50x200xi32>)
      outs(%y : memref<?x1600xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
