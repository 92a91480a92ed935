// W4A16 for the GPU harness with a static M of 1: the family is the one
// variant that serves that M; its stub takes m = 1 (or 0) only, and the
// harness runs it at that M alone.
func.func @w4a16_n4096_k4096_pc_st1(%x: memref<1x4096xf16>, %w: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<1x4096xf16>) {
  qgemm.matmul lhs(%x : memref<1x4096xf16>) weights(%w, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<1x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
