// W4A16 experiment: operands = register_a (Y^T = W . X^T, the dequantized
// weights as wgmma's register A); see test/gpu/README.md.
func.func @w4a16_n4096_k11008_pc_ra128x256(%x: memref<?x11008xf16>, %wq: memref<1376x4096xi32>, %scales: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x11008xf16>)
      weights(%wq, %scales : memref<1376x4096xi32>, memref<4096xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a>]}
  return
}
