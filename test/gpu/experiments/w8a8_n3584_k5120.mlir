// W8A8 w8a8_n3584_k5120: a held-out layer (perf notes v74 Next, e350 / e351; not run yet).
func.func @w8a8_n3584_k5120(%x: memref<?x5120xf16>, %w: memref<3584x5120xi8>, %sw: memref<3584xf32>, %y: memref<?x3584xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w, %sw : memref<3584x5120xi8>, memref<3584xf32>) outs(%y : memref<?x3584xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
