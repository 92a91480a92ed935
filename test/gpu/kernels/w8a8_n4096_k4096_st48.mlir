// W8A8 for the GPU harness with a static M of 48: the family is the one
// variant that serves that M; its stub takes m = 48 (or 0) only, and the
// harness runs it at that M alone.
func.func @w8a8_n4096_k4096_st48(%x: memref<48x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<48x4096xf16>) {
  qgemm.matmul lhs(%x : memref<48x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<48x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
