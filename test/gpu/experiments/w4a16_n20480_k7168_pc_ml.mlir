// W4A16, Yi-34B's gate / up projection (v71, the 192-channel token bands' rule on a layer it was not measured on):
// Y[M, 20480] = X[M, 7168] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n20480_k7168_pc_ml(%x: memref<?x7168xf16>, %wq: memref<896x20480xi32>, %scales: memref<20480xf16>, %y: memref<?x20480xf16>) {
  qgemm.matmul lhs(%x : memref<?x7168xf16>)
      weights(%wq, %scales : memref<896x20480xi32>, memref<20480xf16>)
      outs(%y : memref<?x20480xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
