// W4A16, a Qwen3-30B-A3B expert's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 2048] = X[M, 768] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n2048_k768_pc_ml(%x: memref<?x768xf16>, %wq: memref<96x2048xi32>, %scales: memref<2048xf16>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x768xf16>)
      weights(%wq, %scales : memref<96x2048xi32>, memref<2048xf16>)
      outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
