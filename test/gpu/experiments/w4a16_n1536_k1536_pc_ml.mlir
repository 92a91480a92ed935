// W4A16, a layer of a released model outside the harness's five (issue 13's sweep): Y[M, 1536] =
// X[M, 1536] . W^T, signed int4 packed 8 per i32 along K, per-channel fp16 scales; no configs.
func.func @w4a16_n1536_k1536_pc_ml(%x: memref<?x1536xf16>, %wq: memref<192x1536xi32>, %scales: memref<1536xf16>, %y: memref<?x1536xf16>) {
  qgemm.matmul lhs(%x : memref<?x1536xf16>)
      weights(%wq, %scales : memref<192x1536xi32>, memref<1536xf16>)
      outs(%y : memref<?x1536xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
