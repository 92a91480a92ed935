// W4A16, a layer of a released model outside the harness's five (perf notes v46): Y[M, 5120] =
// X[M, 28672] . W^T, W = q * s, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no
// configs.
func.func @w4a16_n5120_k28672_pc_ml(%x: memref<?x28672xf16>, %wq: memref<3584x5120xi32>, %scales: memref<5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x28672xf16>)
      weights(%wq, %scales : memref<3584x5120xi32>, memref<5120xf16>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
