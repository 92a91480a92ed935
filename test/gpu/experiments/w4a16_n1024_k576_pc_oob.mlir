// v63 (e230): a hand config whose last K slice lies wholly past K on a TMA ring
// (the slices run a constant trip count, their tiles past K zero-filled).
func.func @w4a16_n1024_k576_pc_oob(%x: memref<?x576xf16>, %wq: memref<72x1024xi32>, %s: memref<1024xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x576xf16>) weights(%wq, %s : memref<72x1024xi32>, memref<1024xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true, max_m = 1024>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]}
  return
}
