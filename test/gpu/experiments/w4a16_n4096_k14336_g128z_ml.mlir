// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 4096] =
// X[M, 14336] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n4096_k14336_g128z_ml(%x: memref<?x14336xf16>, %wq: memref<1792x4096xi32>, %scales: memref<112x4096xf16>, %zeros: memref<112x512xi32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x14336xf16>)
      weights(%wq, %scales, %zeros : memref<1792x4096xi32>, memref<112x4096xf16>, memref<112x512xi32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
