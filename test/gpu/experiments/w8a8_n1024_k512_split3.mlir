// Split K in slices of unequal length, one of them empty (v15): 4 K tiles
// of 128 in 3 slices of ceil(4 / 3) = 2 tiles (2, 2, 0), on the mma.sync
// ring up to M = 64 and on 64 x 128 wgmma tiles past it.
func.func @w8a8_n1024_k512_split3(%x: memref<?x512xf16>, %wq: memref<1024x512xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>)
      weights(%wq, %sw : memref<1024x512xi8>, memref<1024xf32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [32, 64, 128], warp_tile = [16, 32], stages = 3, split_k = 3, max_m = 64>,
                  #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 3, max_m = 512, mma = wgmma>,
                  #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}
