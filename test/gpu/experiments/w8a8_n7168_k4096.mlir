// W8A8 7168 x 4096, no configs (qgemm-configure picks them): a layer the v72 rules were not chosen on (docs/perf-notes.md v72 step 7, e318).
func.func @w8a8_n7168_k4096(%x: memref<?x4096xf16>, %w: memref<7168x4096xi8>, %sw: memref<7168xf32>, %y: memref<?x7168xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<7168x4096xi8>, memref<7168xf32>) outs(%y : memref<?x7168xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
