// W4A16, Llama-2-7B's LM head (a sweep of layers outside the harness, perf notes v47):
// Y[M, 32000] = X[M, 4096] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n32000_k4096_pc_ml(%x: memref<?x4096xf16>, %wq: memref<512x32000xi32>, %scales: memref<32000xf16>, %y: memref<?x32000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales : memref<512x32000xi32>, memref<32000xf16>)
      outs(%y : memref<?x32000xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
