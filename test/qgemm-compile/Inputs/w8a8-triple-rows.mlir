// W8A8 18944 x 3584 (a released model's layer), no configs: qgemm-configure
// gives it 192- and 256-row tiles at M = 129 to 256 (ptx-w8a8-triple-rows.test).
func.func @w8a8_n18944_k3584(%x: memref<?x3584xf16>, %w: memref<18944x3584xi8>, %sw: memref<18944xf32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%w, %sw : memref<18944x3584xi8>, memref<18944xf32>) outs(%y : memref<?x18944xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 5120 x 5120: 192 x 80 tiles in two clustered K slices at M = 129 to 192.
func.func @w8a8_n5120_k5120(%x: memref<?x5120xf16>, %w: memref<5120x5120xi8>, %sw: memref<5120xf32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w, %sw : memref<5120x5120xi8>, memref<5120xf32>) outs(%y : memref<?x5120xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
