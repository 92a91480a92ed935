// W4A16, Command-R's gate / up projection (v71, the 192-channel token bands' rule on a layer it was not measured on):
// Y[M, 22528] = X[M, 8192] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n22528_k8192_pc_ml(%x: memref<?x8192xf16>, %wq: memref<1024x22528xi32>, %scales: memref<22528xf16>, %y: memref<?x22528xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %scales : memref<1024x22528xi32>, memref<22528xf16>)
      outs(%y : memref<?x22528xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
