// W4A16 for the GPU harness: Y[M, 1024] = X[M, 4096] . W^T, X fp16, fp32 accumulation, fp16 out;
// W signed int4 packed 8 per i32 along K (Wq [512, 1024]), per-channel fp16 scales [1024].
func.func @w4a16_n1024_k4096_pc_k16(%x: memref<?x4096xf16>, %wq: memref<512x1024xi32>, %scales: memref<1024xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %scales : memref<512x1024xi32>, memref<1024xf16>)
      outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [16, 64, 2048], warp_tile = [16, 64], stages = 2, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 256], stages = 4, mma = wgmma>]}
  return
}
