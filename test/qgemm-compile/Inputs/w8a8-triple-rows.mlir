// W8A8 18944 x 3584 (a released model's layer), no configs: qgemm-configure
// gives it 192- and 256-row tiles at M = 129 to 256 (ptx-w8a8-triple-rows.test).
func.func @w8a8_n18944_k3584(%x: memref<?x3584xf16>, %w: memref<18944x3584xi8>, %sw: memref<18944xf32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%w, %sw : memref<18944x3584xi8>, memref<18944xf32>) outs(%y : memref<?x18944xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
