// W4A16, a layer of a released model outside the harness's five (issue 13's sweep), per group of 32 with zero points; no configs.
func.func @w4a16_n14336_k4096_g32z_ml(%x: memref<?x4096xf16>, %wq: memref<512x14336xi32>, %s: memref<128x14336xf16>, %z: memref<128x1792xi32>, %y: memref<?x14336xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s, %z : memref<512x14336xi32>, memref<128x14336xf16>, memref<128x1792xi32>) outs(%y : memref<?x14336xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
  return
}
