// 8 x (128 + 128) x (128 + 16) = 294912 bytes of shared memory.
func.func @bad_config(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  // The matmul is on line 5.

  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 64], stages = 8>]}
  return
}
