// 18944 x 3584 per channel (Qwen2-7B's gate / up projection): 148 columns
// of 128 channels, 99 of 192, on sm_90a's 132 multiprocessors.
func.func @w4a16_n18944_k3584(%x: memref<?x3584xf16>, %wq: memref<448x18944xi32>, %scales: memref<18944xf16>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %scales : memref<448x18944xi32>, memref<18944xf16>)
      outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
