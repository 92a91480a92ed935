// W8A8 w8a8_n3072_k4096: a held-out layer (perf notes v74 Next, e350 / e351; not run yet).
func.func @w8a8_n3072_k4096(%x: memref<?x4096xf16>, %w: memref<3072x4096xi8>, %sw: memref<3072xf32>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<3072x4096xi8>, memref<3072xf32>) outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
