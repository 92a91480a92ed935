// BSR dense x sparse for the GPU harness: Y[M, 4096] = X[M, 4096] . W^T, X fp16, fp32
// accumulation, fp16 out; W [4096, 4096] in BSR form with 32 x 32 blocks (torch's
// to_sparse_bsr((32, 32)) layout): row_ptr [129], col_idx [nnzb], blocks [nnzb, 32, 32],
// nnzb a run-time value up to 128 * 128. For M <= 16: 16 x 32 tiles (one block row), 4 stages, the row's blocks split in 9 slices; past 16 the 128 x 128 wgmma tiles.
func.func @bsr_n4096_k4096_s4k9(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], stages = 4, split_k = 9, max_m = 16>,
                  #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}
