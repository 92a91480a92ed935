// W4A16 wgmma with every edge at once (v15): N = 192 (a half-empty second 128-column tile), K = 320 (5 K tiles in 5 slices), groups of 32 with zero points, 3 stages, up to M = 300; then unsplit 64 x 128 tiles.
func.func @w4a16_n192_k320_g32z_wgsplit(%x: memref<?x320xf16>, %wq: memref<40x192xi32>, %s: memref<10x192xf16>, %z: memref<10x24xi32>, %y: memref<?x192xf16>) {
  qgemm.matmul lhs(%x : memref<?x320xf16>) weights(%wq, %s, %z : memref<40x192xi32>, memref<10x192xf16>, memref<10x24xi32>) outs(%y : memref<?x192xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 3, split_k = 5, max_m = 300, mma = wgmma>,
                  #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}
