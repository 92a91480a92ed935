// K = 4160 is 32.5 groups of 128.
func.func @invalid(%x: memref<?x4160xf16>, %w: memref<520x64xi32>, %s: memref<33x64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x4160xf16>) weights(%w, %s : memref<520x64xi32>, memref<33x64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}
