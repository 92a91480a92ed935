// W8A8 6656 x 6144, no configs (qgemm-configure picks them): a layer the v72 rules were not chosen on (docs/perf-notes.md v72 step 7, e318).
func.func @w8a8_n6656_k6144(%x: memref<?x6144xf16>, %w: memref<6656x6144xi8>, %sw: memref<6656xf32>, %y: memref<?x6656xf16>) {
  qgemm.matmul lhs(%x : memref<?x6144xf16>) weights(%w, %sw : memref<6656x6144xi8>, memref<6656xf32>) outs(%y : memref<?x6656xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
