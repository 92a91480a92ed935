// W4A16 for the GPU harness: Y[M, 1024] = X[M, 4096] . W^T, X fp16, fp32 accumulation, fp16 out;
// W = (q - z) * s: q unsigned int4 packed 8 per i32 along K (Wq [512, 1024]), per group of 128
// along K fp16 scales [32, 1024] and zero points z packed 8 per i32 along N [32, 128].
func.func @w4a16_n1024_k4096_g128z_k16(%x: memref<?x4096xf16>, %wq: memref<512x1024xi32>, %scales: memref<32x1024xf16>, %zeros: memref<32x128xi32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales, %zeros : memref<512x1024xi32>, memref<32x1024xf16>, memref<32x128xi32>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [16, 64, 2048], warp_tile = [16, 64], stages = 2, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 256], stages = 4, mma = wgmma>]}
  return
}
