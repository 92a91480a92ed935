// A W4A16 layer without configs (18944 x 3584, per channel) for
// hand-configs.test.
func.func @w4a16_n18944_k3584(%x: memref<?x3584xf16>, %wq: memref<448x18944xi32>, %scales: memref<18944xf16>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %scales : memref<448x18944xi32>, memref<18944xf16>)
      outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
