// v63 (e230): a hand config whose last K slice lies wholly past K on a TMA ring
// (the slices run a constant trip count, their tiles past K zero-filled).
func.func @w4a16_n1088_k576_g64z_oob(%x: memref<?x576xf16>, %wq: memref<72x1088xi32>, %s: memref<9x1088xf16>, %z: memref<9x136xi32>, %y: memref<?x1088xf16>) {
  qgemm.matmul lhs(%x : memref<?x576xf16>) weights(%wq, %s, %z : memref<72x1088xi32>, memref<9x1088xf16>, memref<9x136xi32>) outs(%y : memref<?x1088xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64, zero_points = true>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer>,
                  #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, operands = register_a, copy = tma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]}
  return
}
