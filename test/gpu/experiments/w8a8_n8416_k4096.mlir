// W8A8 8416 x 4096: a held-out layer whose N is not a multiple of 128 (perf notes v74, e347 / e348).
func.func @w8a8_n8416_k4096(%x: memref<?x4096xf16>, %w: memref<8416x4096xi8>, %sw: memref<8416xf32>, %y: memref<?x8416xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<8416x4096xi8>, memref<8416xf32>) outs(%y : memref<?x8416xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
