// W4A16, Phi-3-mini's fused gate and up projection (a sweep of layers outside the harness, perf notes v47):
// Y[M, 16384] = X[M, 3072] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n16384_k3072_pc_ml(%x: memref<?x3072xf16>, %wq: memref<384x16384xi32>, %scales: memref<16384xf16>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>)
      weights(%wq, %scales : memref<384x16384xi32>, memref<16384xf16>)
      outs(%y : memref<?x16384xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
