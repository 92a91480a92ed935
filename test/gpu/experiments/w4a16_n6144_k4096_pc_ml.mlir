// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 6144] =
// X[M, 4096] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n6144_k4096_pc_ml(%x: memref<?x4096xf16>, %wq: memref<512x6144xi32>, %scales: memref<6144xf16>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales : memref<512x6144xi32>, memref<6144xf16>)
      outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
