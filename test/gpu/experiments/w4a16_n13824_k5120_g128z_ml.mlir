// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 13824] =
// X[M, 5120] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n13824_k5120_g128z_ml(%x: memref<?x5120xf16>, %wq: memref<640x13824xi32>, %scales: memref<40x13824xf16>, %zeros: memref<40x1728xi32>, %y: memref<?x13824xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>)
      weights(%wq, %scales, %zeros : memref<640x13824xi32>, memref<40x13824xf16>, memref<40x1728xi32>)
      outs(%y : memref<?x13824xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
