// BSR dense x sparse, a layer of a released model outside the harness's four (a sweep): Y[M, 18944] =
// X[M, 3584] . W^T, W [18944, 3584] in BSR form with 32 x 32 blocks (row_ptr [593], col_idx [nnzb],
// blocks [nnzb, 32, 32]), nnzb a run-time value; no configs.
func.func @bsr_n18944_k3584_ml(%x: memref<?x3584xf16>, %row_ptr: memref<593xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<593xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
