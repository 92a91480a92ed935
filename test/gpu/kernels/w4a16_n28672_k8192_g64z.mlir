// W4A16 for the GPU harness: Y[M, 28672] = X[M, 8192] . W^T, X fp16, fp32 accumulation, fp16 out;
// W = (q - z) * s: q unsigned int4 packed 8 per i32 along K (Wq [1024, 28672]), per group of 64
// along K fp16 scales [128, 28672] and zero points z packed 8 per i32 along N [128, 3584].
func.func @w4a16_n28672_k8192_g64z(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %scales: memref<128x28672xf16>, %zeros: memref<128x3584xi32>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %scales, %zeros : memref<1024x28672xi32>, memref<128x28672xf16>, memref<128x3584xi32>)
      outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64, zero_points = true>}
  return
}
