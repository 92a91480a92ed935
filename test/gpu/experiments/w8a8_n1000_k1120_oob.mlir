// v63 (e230): a hand config whose last K slice lies wholly past K on a TMA ring
// (the slices run a constant trip count, their tiles past K zero-filled).
func.func @w8a8_n1000_k1120_oob(%x: memref<?x1120xf16>, %w: memref<1000x1120xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x1120xf16>) weights(%w, %sw : memref<1000x1120xi8>, memref<1000xf32>) outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 128, mma = wgmma, copy = tma, cluster_split = true>,
                  #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 4, mma = wgmma, copy = tma>]}
  return
}
