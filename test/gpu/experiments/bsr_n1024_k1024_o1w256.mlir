// BSR dense x sparse for the GPU harness: Y[M, 1024] = X[M, 1024] . W^T, X fp16, fp32
// accumulation, fp16 out; W [1024, 1024] in BSR form with 32 x 32 blocks (torch's
// to_sparse_bsr((32, 32)) layout): row_ptr [33], col_idx [nnzb], blocks [nnzb, 32, 32],
// nnzb a run-time value up to 32 * 32. No configs: qgemm-configure picks them.
func.func @bsr_n1024_k1024_o1w256(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [256, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}
