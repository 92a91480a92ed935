// W4A16 for the GPU harness: Y[M, 28672] = X[M, 8192] . W^T, X fp16, fp32 accumulation, fp16 out;
// W signed int4 packed 8 per i32 along K (Wq [1024, 28672]), per-channel fp16 scales [28672].
func.func @w4a16_n28672_k8192_pc_t16(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %scales: memref<28672xf16>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %scales : memref<1024x28672xi32>, memref<28672xf16>)
      outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 256], stages = 4, mma = wgmma>]}
  return
}
