// BSR 14336 x 4096, no configs: qgemm-configure gives its M = 9 to 16
// register variant blocks of 3 warps (bsr-register-warps.test).
func.func @bsr_n14336_k4096(%x: memref<?x4096xf16>, %row_ptr: memref<449xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x14336xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%row_ptr, %col_idx, %blocks : memref<449xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x14336xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
