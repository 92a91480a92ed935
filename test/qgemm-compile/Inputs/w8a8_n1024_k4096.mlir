// Input of host-stub-split-k.test: N = 1024 with a hand-written M <= 16
// variant that splits K in 4 (32 thread blocks of 32 columns, 128 with the
// slices), then the variants qgemm-configure picks on sm_90 for larger M.
func.func @w8a8_n1024_k4096(%x: memref<?x4096xf16>, %wq: memref<1024x4096xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<1024x4096xi8>, memref<1024xf32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 8], stages = 8, split_k = 4, max_m = 16>,
                  #qgemm.config<cta_tile = [32, 32, 128], warp_tile = [16, 16], stages = 6, max_m = 64>,
                  #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4, max_m = 256>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 4>]}
  return
}
