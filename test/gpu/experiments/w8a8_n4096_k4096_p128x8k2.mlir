// Experiment: W8A8 4096x4096 with one fixed small-M config, launched as a
// programmatic dependent (max_m = 16), next to a large-M fallback (see
// docs/perf-notes.md).
func.func @w8a8_n4096_k4096_p128x8k2(%x: memref<?x4096xf16>, %wq: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<4096x4096xi8>, memref<4096xf32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 8], stages = 8, split_k = 2, max_m = 16>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 4>]}
  return
}
