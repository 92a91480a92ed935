// A W8A8 layer whose only variant has a stream-K grid
// (host-stub-stream-k.test).
func.func @w8a8_stream_k(%x: memref<?x4096xf16>, %w: memref<2048x4096xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<2048x4096xi8>, memref<2048xf32>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, stream_k = true>]}
  return
}
