// BSR layer whose N is not a multiple of 128 (N / 32 = 65 block rows): the
// last four-row union tile holds one block row. No configs: qgemm-configure
// picks them.
func.func @bsr_n2080_k4128_odd(%x: memref<?x4128xf16>, %row_ptr: memref<66xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x2080xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<66xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x2080xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
