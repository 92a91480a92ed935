// W8A8 4040 x 4224: a held-out layer whose N is not a multiple of 128 (perf notes v74, e347 / e348).
func.func @w8a8_n4040_k4224(%x: memref<?x4224xf16>, %w: memref<4040x4224xi8>, %sw: memref<4040xf32>, %y: memref<?x4040xf16>) {
  qgemm.matmul lhs(%x : memref<?x4224xf16>) weights(%w, %sw : memref<4040x4224xi8>, memref<4040xf32>) outs(%y : memref<?x4040xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
