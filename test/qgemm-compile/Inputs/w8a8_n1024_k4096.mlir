// Input of host-stub-split-k.test: N = 1024 gives 32 thread blocks of 32
// columns, so qgemm-configure splits K for the M <= 16 variant.
func.func @w8a8_n1024_k4096(%x: memref<?x4096xf16>, %wq: memref<1024x4096xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<1024x4096xi8>, memref<1024xf32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
