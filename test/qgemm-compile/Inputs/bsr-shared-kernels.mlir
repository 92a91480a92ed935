// BSR variants that differ only in max_m and min_fill: the chain that
// qgemm-configure gives 4096 x 4096 on sm_90a past M = 256 (one-row tiles
// split in 2 up to M = 1024).
func.func @bsr_shared(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>,
                      %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                      %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 768, mma = wgmma, min_fill = 35>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 768, mma = wgmma>,
                  #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, min_fill = 35>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 1024, mma = wgmma>,
                  #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]}
  return
}
