// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 2560] =
// X[M, 10240] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n2560_k10240_pc_ml(%x: memref<?x10240xf16>, %wq: memref<1280x2560xi32>, %scales: memref<2560xf16>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x10240xf16>)
      weights(%wq, %scales : memref<1280x2560xi32>, memref<2560xf16>)
      outs(%y : memref<?x2560xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
