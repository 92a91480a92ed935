// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 18944] =
// X[M, 3584] . W^T, W = (q - z) * s, unsigned int4 packed 8 per i32 along K, per group of 128 along K
// fp16 scales and zero points packed 8 per i32 along N; no configs.
func.func @w4a16_n18944_k3584_g128z_ml(%x: memref<?x3584xf16>, %wq: memref<448x18944xi32>, %scales: memref<28x18944xf16>, %zeros: memref<28x2368xi32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %scales, %zeros : memref<448x18944xi32>, memref<28x18944xf16>, memref<28x2368xi32>)
      outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
