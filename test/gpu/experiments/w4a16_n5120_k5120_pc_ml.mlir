// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 5120] =
// X[M, 5120] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n5120_k5120_pc_ml(%x: memref<?x5120xf16>, %wq: memref<640x5120xi32>, %scales: memref<5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>)
      weights(%wq, %scales : memref<640x5120xi32>, memref<5120xf16>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
