// W4A16 experiment: operands = register_a (Y^T = W . X^T, the dequantized
// weights as wgmma's register A); see test/gpu/README.md.
func.func @w4a16_n28672_k8192_pc_ra128x256(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %scales: memref<28672xf16>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>)
      weights(%wq, %scales : memref<1024x28672xi32>, memref<28672xf16>)
      outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a>]}
  return
}
