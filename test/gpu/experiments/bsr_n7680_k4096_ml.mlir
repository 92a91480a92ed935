// BSR dense x sparse, a layer outside the harness's four (a sweep): Y[M, 7680] = X[M, 4096] . W^T,
// W [7680, 4096] in BSR form with 32 x 32 blocks (row_ptr [241], col_idx [nnzb], blocks
// [nnzb, 32, 32]), nnzb a run-time value; no configs.
func.func @bsr_n7680_k4096_ml(%x: memref<?x4096xf16>, %row_ptr: memref<241xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x7680xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<241xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x7680xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
