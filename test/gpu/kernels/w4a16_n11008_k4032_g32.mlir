// W4A16 for the GPU harness, K = 4032 a multiple of 64 but not of 128: the
// register variants' last 128-K chunk ends half way (v62); its neighbour
// is the 11008 x 4096 layer. Wq [504, 11008] signed int4, scales per group of 32.
func.func @w4a16_n11008_k4032_g32(%x: memref<?x4032xf16>, %w0: memref<504x11008xi32>, %w1: memref<126x11008xf16>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4032xf16>) weights(%w0, %w1 : memref<504x11008xi32>, memref<126x11008xf16>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>}
  return
}
