// W4A16, Phi-3-mini's down projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 3072] = X[M, 8192] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n3072_k8192_pc_ml(%x: memref<?x8192xf16>, %wq: memref<1024x3072xi32>, %scales: memref<3072xf16>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %scales : memref<1024x3072xi32>, memref<3072xf16>)
      outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
