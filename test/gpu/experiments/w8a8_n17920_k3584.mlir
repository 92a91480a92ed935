// W8A8 17920 x 3584, no configs (qgemm-configure picks them): a layer the v72 rules were not chosen on (docs/perf-notes.md v72 step 7, e318).
func.func @w8a8_n17920_k3584(%x: memref<?x3584xf16>, %w: memref<17920x3584xi8>, %sw: memref<17920xf32>, %y: memref<?x17920xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%w, %sw : memref<17920x3584xi8>, memref<17920xf32>) outs(%y : memref<?x17920xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
