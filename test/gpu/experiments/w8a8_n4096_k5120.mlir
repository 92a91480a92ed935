// W8A8 4096 x 5120: a layer the v73 rule (unsplitW8A8PairRowTiles) was not chosen on (e331). No configs: qgemm-compile configures it.
func.func @w8a8_n4096_k5120(%x: memref<?x5120xf16>, %w: memref<4096x5120xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w, %sw : memref<4096x5120xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
