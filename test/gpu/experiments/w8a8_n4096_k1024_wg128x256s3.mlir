// Experiment: W8A8 4096x1024 with one fixed config (see docs/perf-notes.md).
func.func @w8a8_n4096_k1024_wg128x256s3(%x: memref<?x1024xf16>, %wq: memref<4096x1024xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>)
      weights(%wq, %sw : memref<4096x1024xi8>, memref<4096xf32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 3, mma = wgmma>]}
  return
}
