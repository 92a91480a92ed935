// BSR verifies but has no lowering yet.
func.func @bsr(%x: memref<?x256xf16>, %row_ptr: memref<3xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%row_ptr, %col_idx, %blocks : memref<3xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
