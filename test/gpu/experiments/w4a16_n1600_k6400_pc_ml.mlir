// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 1600] =
// X[M, 6400] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n1600_k6400_pc_ml(%x: memref<?x6400xf16>, %wq: memref<800x1600xi32>, %scales: memref<1600xf16>, %y: memref<?x1600xf16>) {
  qgemm.matmul lhs(%x : memref<?x6400xf16>)
      weights(%wq, %scales : memref<800x1600xi32>, memref<1600xf16>)
      outs(%y : memref<?x1600xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
