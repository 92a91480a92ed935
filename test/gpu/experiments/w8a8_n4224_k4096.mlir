// W8A8 4224 x 4096: a layer the v73 rule (unsplitW8A8PairRowTiles) was not chosen on (e331). No configs: qgemm-compile configures it.
func.func @w8a8_n4224_k4096(%x: memref<?x4096xf16>, %w: memref<4224x4096xi8>, %sw: memref<4224xf32>, %y: memref<?x4224xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4224x4096xi8>, memref<4224xf32>) outs(%y : memref<?x4224xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
