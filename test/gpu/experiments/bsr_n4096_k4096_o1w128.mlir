// BSR dense x sparse for the GPU harness: Y[M, 4096] = X[M, 4096] . W^T, X fp16, fp32
// accumulation, fp16 out; W [4096, 4096] in BSR form with 32 x 32 blocks (torch's
// to_sparse_bsr((32, 32)) layout): row_ptr [129], col_idx [nnzb], blocks [nnzb, 32, 32],
// nnzb a run-time value up to 128 * 128. No configs: qgemm-configure picks them.
func.func @bsr_n4096_k4096_o1w128(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}
