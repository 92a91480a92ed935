// BSR layer whose N is not a multiple of 128 (65 block rows) with mma.sync
// union tiles of 4 block rows (the last tile holds 1) from 35% of the
// blocks on, one-row mma.sync tiles below: the sm_80 / sm_90 union path on
// a partial last tile.
func.func @bsr_n2080_k4128_sync(%x: memref<?x4128xf16>, %row_ptr: memref<66xi32>,
                           %col_idx: memref<?xi32>,
                           %blocks: memref<?x32x32xf16>,
                           %y: memref<?x2080xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<66xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x2080xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 32], stages = 4, min_fill = 35>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [32, 32], stages = 4>]}
  return
}
