// W4A16, Qwen2-7B's key and value projections (a sweep of layers outside the harness, perf notes v47):
// Y[M, 512] = X[M, 3584] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of
// 128 along K fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n512_k3584_g128z_ml(%x: memref<?x3584xf16>, %wq: memref<448x512xi32>, %scales: memref<28x512xf16>, %zeros: memref<28x64xi32>, %y: memref<?x512xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %scales, %zeros : memref<448x512xi32>, memref<28x512xf16>, memref<28x64xi32>)
      outs(%y : memref<?x512xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
