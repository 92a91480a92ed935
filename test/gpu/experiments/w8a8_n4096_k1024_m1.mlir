module {
  func.func @w8a8_n4096_k1024_m1(%arg0: memref<?x1024xf16>, %arg1: memref<4096x1024xi8>, %arg2: memref<4096xf32>, %arg3: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x1024xf16>) weights(%arg1, %arg2 : memref<4096x1024xi8>, memref<4096xf32>) outs(%arg3 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 1, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 2>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

