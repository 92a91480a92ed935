// W8A8 5104 x 5120: a held-out layer whose N is not a multiple of 128 (perf notes v74, e347 / e348).
func.func @w8a8_n5104_k5120(%x: memref<?x5120xf16>, %w: memref<5104x5120xi8>, %sw: memref<5104xf32>, %y: memref<?x5104xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w, %sw : memref<5104x5120xi8>, memref<5104xf32>) outs(%y : memref<?x5104xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
