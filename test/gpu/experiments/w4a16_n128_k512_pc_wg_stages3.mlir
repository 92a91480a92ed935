// Odd W4A16 wgmma config for the correctness check (v15): 64 x 128 tiles, 3 stages (one tile ahead).
func.func @w4a16_n128_k512_pc_wg_stages3(%x: memref<?x512xf16>, %wq: memref<64x128xi32>, %s: memref<128xf16>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x512xf16>) weights(%wq, %s : memref<64x128xi32>, memref<128xf16>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90a">, configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 3, mma = wgmma>]}
  return
}
