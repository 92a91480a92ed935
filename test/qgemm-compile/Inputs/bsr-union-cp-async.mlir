// The BSR example's layer with the 128-row union tiles on cp.async (the
// variant qgemm-configure gives past the M where their grid is one wave,
// or where K is not a multiple of 64), then the one-row tiles.
func.func @bsr_union_cp_async(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
                              %col_idx: memref<?xi32>,
                              %blocks: memref<?x32x32xf16>,
                              %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x1024xf16>)
      {configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>],
       lhs_encoding = #qgemm.act<f16>,
       target = #qgemm.target<"sm_90a">,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
