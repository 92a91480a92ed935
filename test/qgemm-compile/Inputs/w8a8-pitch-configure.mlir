// The W8A8 matmul of w8a8-pitch.mlir (weight rows 384 bytes apart) with no
// target or configs: qgemm-configure chooses them for the chip.
func.func @w8a8_padded_any(%x: memref<?x288xf16>, %w: memref<136x288xi8, strided<[384, 1]>>, %sw: memref<136xf32>, %y: memref<?x136xf16>) {
  qgemm.matmul lhs(%x : memref<?x288xf16>) weights(%w, %sw : memref<136x288xi8, strided<[384, 1]>>, memref<136xf32>) outs(%y : memref<?x136xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
