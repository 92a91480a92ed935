// W8A8 12288 x 5120, no configs (qgemm-configure picks them): a layer the v72 rules were not chosen on (docs/perf-notes.md v72 step 7, e318).
func.func @w8a8_n12288_k5120(%x: memref<?x5120xf16>, %w: memref<12288x5120xi8>, %sw: memref<12288xf32>, %y: memref<?x12288xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w, %sw : memref<12288x5120xi8>, memref<12288xf32>) outs(%y : memref<?x12288xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
