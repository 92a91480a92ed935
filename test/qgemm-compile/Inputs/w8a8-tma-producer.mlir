// A W8A8 matmul whose wgmma ring is filled by TMA from a producer warpgroup: N = 1000 and K = 992,
// neither a multiple of the 64 x 128 x 128 tile (the copies read zeros past
// them), M <= 64 split in two along K.
func.func @w8a8_tma_producer(%x: memref<?x992xf16>, %w: memref<1000x992xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x992xf16>) weights(%w, %sw : memref<1000x992xi8>, memref<1000xf32>) outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 64, mma = wgmma, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]}
  return
}
