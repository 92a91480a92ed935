// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 1536] =
// X[M, 1536] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n1536_k1536_g128z_ml(%x: memref<?x1536xf16>, %wq: memref<192x1536xi32>, %scales: memref<12x1536xf16>, %zeros: memref<12x192xi32>, %y: memref<?x1536xf16>) {
  qgemm.matmul lhs(%x : memref<?x1536xf16>)
      weights(%wq, %scales, %zeros : memref<192x1536xi32>, memref<12x1536xf16>, memref<12x192xi32>)
      outs(%y : memref<?x1536xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
