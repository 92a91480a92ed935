// W4A16 for the GPU harness: Y[M, 4096] = X[M, 11008] . W^T, X fp16, fp32 accumulation, fp16 out;
// W = (q - z) * s: q unsigned int4 packed 8 per i32 along K (Wq [1376, 4096]), per group of 32
// along K fp16 scales [344, 4096] and zero points z packed 8 per i32 along N [344, 512].
func.func @w4a16_n4096_k11008_g32z(%x: memref<?x11008xf16>, %wq: memref<1376x4096xi32>, %scales: memref<344x4096xf16>, %zeros: memref<344x512xi32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x11008xf16>)
      weights(%wq, %scales, %zeros : memref<1376x4096xi32>, memref<344x4096xf16>, memref<344x512xi32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
  return
}
