// W4A16, a Qwen3-30B-A3B expert's gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 768] = X[M, 2048] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n768_k2048_pc_ml(%x: memref<?x2048xf16>, %wq: memref<256x768xi32>, %scales: memref<768xf16>, %y: memref<?x768xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>)
      weights(%wq, %scales : memref<256x768xi32>, memref<768xf16>)
      outs(%y : memref<?x768xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
