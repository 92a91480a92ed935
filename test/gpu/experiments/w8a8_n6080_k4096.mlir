// W8A8 6080 x 4096: a held-out layer whose N is not a multiple of 128 (perf notes v74, e347 / e348).
func.func @w8a8_n6080_k4096(%x: memref<?x4096xf16>, %w: memref<6080x4096xi8>, %sw: memref<6080xf32>, %y: memref<?x6080xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<6080x4096xi8>, memref<6080xf32>) outs(%y : memref<?x6080xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
