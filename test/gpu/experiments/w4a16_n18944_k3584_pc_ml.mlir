// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 18944] =
// X[M, 3584] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n18944_k3584_pc_ml(%x: memref<?x3584xf16>, %wq: memref<448x18944xi32>, %scales: memref<18944xf16>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %scales : memref<448x18944xi32>, memref<18944xf16>)
      outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
