// W4A16 for the GPU harness: Y[M, 11008] = X[M, 4096] . W^T, X fp16, fp32 accumulation, fp16 out;
// W = (q - z) * s: q unsigned int4 packed 8 per i32 along K (Wq [512, 11008]), per group of 32
// along K fp16 scales [128, 11008] and zero points z packed 8 per i32 along N [128, 1376].
func.func @w4a16_n11008_k4096_g32z(%x: memref<?x4096xf16>, %wq: memref<512x11008xi32>, %scales: memref<128x11008xf16>, %zeros: memref<128x1376xi32>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales, %zeros : memref<512x11008xi32>, memref<128x11008xf16>, memref<128x1376xi32>)
      outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
  return
}
