// A BSR layer of 8 block rows of up to 128 blocks whose M <= 16 variant is
// a register-direct kernel (2 warps) with split_k = 2: the thread blocks of
// empty block rows take slices of long ones.
func.func @bsr_split(%x: memref<?x4096xf16>, %row_ptr: memref<9xi32>,
                     %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                     %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<9xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 8], stages = 4>]}
  return
}
