// W4A16 verifies but has no lowering yet.
func.func @w4a16(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
