// Experiment: W8A8 1024x4096 with one fixed config (see docs/perf-notes.md).
func.func @w8a8_n1024_k4096_wg128x256s4k2(%x: memref<?x4096xf16>, %wq: memref<1024x4096xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<1024x4096xi8>, memref<1024xf32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, mma = wgmma>]}
  return
}
