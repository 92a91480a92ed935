// W8A8 on 4096 x 4096 with a wgmma K loop of each kind: the cp.async ring of
// the clustered split kernels (64 x 64 and 128 x 256 tiles), a ring filled by
// TMA from the consumers (copy = tma) and one filled by a producer warpgroup
// (copy = tma_producer, 256 and 128 columns).
func.func @w8a8_k_loop_unroll(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>,
                  #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>,
                  #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 1024, mma = wgmma, copy = tma>,
                  #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 2048, mma = wgmma, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>]}
  return
}
