// BSR dense x sparse, a layer of a released model outside the harness's four (a sweep): Y[M, 5120] =
// X[M, 5120] . W^T, W [5120, 5120] in BSR form with 32 x 32 blocks (row_ptr [161], col_idx [nnzb],
// blocks [nnzb, 32, 32]), nnzb a run-time value; no configs.
func.func @bsr_n5120_k5120_ml(%x: memref<?x5120xf16>, %row_ptr: memref<161xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<161xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
