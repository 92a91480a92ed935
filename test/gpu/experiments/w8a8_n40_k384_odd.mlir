// Experiment: an odd shape for the correctness check (N = 40, K = 384), with
// the configs qgemm-configure picks.
func.func @w8a8_n40_k384_odd(%x: memref<?x384xf16>, %wq: memref<40x384xi8>, %sw: memref<40xf32>, %y: memref<?x40xf16>) {
  qgemm.matmul lhs(%x : memref<?x384xf16>)
      weights(%wq, %sw : memref<40x384xi8>, memref<40xf32>)
      outs(%y : memref<?x40xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
