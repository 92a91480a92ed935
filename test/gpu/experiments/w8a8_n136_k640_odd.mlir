// Experiment: an odd shape for the correctness check (N = 136, K = 640), with
// the configs qgemm-configure picks.
func.func @w8a8_n136_k640_odd(%x: memref<?x640xf16>, %wq: memref<136x640xi8>, %sw: memref<136xf32>, %y: memref<?x136xf16>) {
  qgemm.matmul lhs(%x : memref<?x640xf16>)
      weights(%wq, %sw : memref<136x640xi8>, memref<136xf32>)
      outs(%y : memref<?x136xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
