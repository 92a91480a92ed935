// A hand config with mma = wgmma on an op without a target: compiled with
// --chip=sm_90 (no wgmma) it is an error, not a failed instruction selection.
func.func @wgmma_config(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%row_ptr, %col_idx, %blocks : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>, configs = [#qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], mma = wgmma>]}
  return
}
