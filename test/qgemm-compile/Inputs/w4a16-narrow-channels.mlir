// W4A16 1408 x 2048, groups of 128 with zero points
// (ptx-w4a16-narrow-channels.test).
func.func @w4a16_n1408_k2048(%x: memref<?x2048xf16>, %wq: memref<256x1408xi32>, %s: memref<16x1408xf16>, %z: memref<16x176xi32>, %y: memref<?x1408xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%wq, %s, %z : memref<256x1408xi32>, memref<16x1408xf16>, memref<16x176xi32>) outs(%y : memref<?x1408xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}
