// Inputs of w4a16-register-bounds.test: a layer whose 16-row register grid
// is more than 20 warps a multiprocessor in one wave (Llama-3-8B's LM head,
// 4008 one-warp blocks) and one at exactly 20 (5120 x 13824's split grid).
func.func @w4a16_n128256_k4096(%x: memref<?x4096xf16>, %wq: memref<512x128256xi32>, %scales: memref<128256xf16>, %y: memref<?x128256xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales : memref<512x128256xi32>, memref<128256xf16>)
      outs(%y : memref<?x128256xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
func.func @w4a16_n5120_k13824(%x: memref<?x13824xf16>, %wq: memref<1728x5120xi32>, %scales: memref<5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x13824xf16>)
      weights(%wq, %scales : memref<1728x5120xi32>, memref<5120xf16>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
