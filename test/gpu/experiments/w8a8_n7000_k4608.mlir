// W8A8 7000 x 4608: a held-out layer whose N is not a multiple of 128 (perf notes v74, e347 / e348).
func.func @w8a8_n7000_k4608(%x: memref<?x4608xf16>, %w: memref<7000x4608xi8>, %sw: memref<7000xf32>, %y: memref<?x7000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4608xf16>) weights(%w, %sw : memref<7000x4608xi8>, memref<7000xf32>) outs(%y : memref<?x7000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
