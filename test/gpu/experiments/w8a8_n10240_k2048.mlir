// W8A8 10240 x 2048, no configs (qgemm-configure picks them): a layer the v72 rules were not chosen on (docs/perf-notes.md v72 step 7, e318).
func.func @w8a8_n10240_k2048(%x: memref<?x2048xf16>, %w: memref<10240x2048xi8>, %sw: memref<10240xf32>, %y: memref<?x10240xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<10240x2048xi8>, memref<10240xf32>) outs(%y : memref<?x10240xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
