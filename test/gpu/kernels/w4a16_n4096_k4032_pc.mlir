// W4A16 for the GPU harness, K = 4032 a multiple of 64 but not of 128: the
// register variants' last 128-K chunk ends half way (v62); its neighbour
// is the 4096 x 4096 layer. Wq [504, 4096] signed int4, per-channel scales.
func.func @w4a16_n4096_k4032_pc(%x: memref<?x4032xf16>, %w0: memref<504x4096xi32>, %w1: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4032xf16>) weights(%w0, %w1 : memref<504x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
