// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 4096] =
// X[M, 14336] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n4096_k14336_pc_ml(%x: memref<?x14336xf16>, %wq: memref<1792x4096xi32>, %scales: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x14336xf16>)
      weights(%wq, %scales : memref<1792x4096xi32>, memref<4096xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
