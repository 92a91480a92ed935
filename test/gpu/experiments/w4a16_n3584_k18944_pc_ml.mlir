// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 3584] =
// X[M, 18944] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n3584_k18944_pc_ml(%x: memref<?x18944xf16>, %wq: memref<2368x3584xi32>, %scales: memref<3584xf16>, %y: memref<?x3584xf16>) {
  qgemm.matmul lhs(%x : memref<?x18944xf16>)
      weights(%wq, %scales : memref<2368x3584xi32>, memref<3584xf16>)
      outs(%y : memref<?x3584xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
