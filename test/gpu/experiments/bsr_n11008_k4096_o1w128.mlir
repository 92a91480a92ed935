// BSR dense x sparse for the GPU harness: Y[M, 11008] = X[M, 4096] . W^T, X fp16, fp32
// accumulation, fp16 out; W [11008, 4096] in BSR form with 32 x 32 blocks (torch's
// to_sparse_bsr((32, 32)) layout): row_ptr [345], col_idx [nnzb], blocks [nnzb, 32, 32],
// nnzb a run-time value up to 344 * 128. No configs: qgemm-configure picks them.
func.func @bsr_n11008_k4096_o1w128(%x: memref<?x4096xf16>, %row_ptr: memref<345xi32>,
                            %col_idx: memref<?xi32>,
                            %blocks: memref<?x32x32xf16>,
                            %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<345xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}
