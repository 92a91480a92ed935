// Experiment: an odd shape for the correctness check (N = 2112, K = 1152), with
// the configs qgemm-configure picks.
func.func @w8a8_n2112_k1152_odd(%x: memref<?x1152xf16>, %wq: memref<2112x1152xi8>, %sw: memref<2112xf32>, %y: memref<?x2112xf16>) {
  qgemm.matmul lhs(%x : memref<?x1152xf16>)
      weights(%wq, %sw : memref<2112x1152xi8>, memref<2112xf32>)
      outs(%y : memref<?x2112xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
