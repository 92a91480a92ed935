// FP8 block-scaled verifies but has no lowering yet.
func.func @fp8(%x: memref<?x256xf8E4M3FN>, %sx: memref<?x2xf32>, %w: memref<128x256xf8E4M3FN>, %sw: memref<1x2xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf8E4M3FN>) lhs_scales(%sx : memref<?x2xf32>) weights(%w, %sw : memref<128x256xf8E4M3FN>, memref<1x2xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>, weight_encoding = #qgemm.weight<format = fp8_e4m3, scales = per_block, block = [128, 128]>}
  return
}
