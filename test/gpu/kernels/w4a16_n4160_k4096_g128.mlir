// W4A16 for the GPU harness: Y[M, 4160] = X[M, 4096] . W^T, X fp16, fp32 accumulation, fp16 out;
// W signed int4 packed 8 per i32 along K (Wq [512, 4160]), fp16 scales per group of 128
// along K [32, 4160].
func.func @w4a16_n4160_k4096_g128(%x: memref<?x4096xf16>, %wq: memref<512x4160xi32>, %scales: memref<32x4160xf16>, %y: memref<?x4160xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales : memref<512x4160xi32>, memref<32x4160xf16>)
      outs(%y : memref<?x4160xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}
