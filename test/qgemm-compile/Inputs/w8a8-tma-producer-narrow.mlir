// One-warpgroup tiles with a producer whose shared memory alone would let
// three blocks share a multiprocessor (64 x 128, 3 stages) or two (64 x 208,
// 3 stages): their launch bounds keep the tiles enough registers.
func.func @w8a8_tma_producer_narrow(%x: memref<?x992xf16>, %w: memref<1000x992xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x992xf16>) weights(%w, %sw : memref<1000x992xi8>, memref<1000xf32>) outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 3, max_m = 64, mma = wgmma, copy = tma_producer>,
                  #qgemm.config<cta_tile = [64, 208, 128], warp_tile = [64, 208], stages = 3, mma = wgmma, copy = tma_producer>]}
  return
}
