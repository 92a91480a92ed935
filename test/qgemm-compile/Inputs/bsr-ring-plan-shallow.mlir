// A planned 64-row BSR wgmma ring of 3 stages, whose small shared memory
// alone would let 11 blocks of 128 threads share a multiprocessor (40
// registers a thread, which ptxas refused): N = 160, K = 2080.
func.func @bsr_shallow(%x: memref<?x2080xf16>, %row_ptr: memref<6xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x160xf16>) {
  qgemm.matmul lhs(%x : memref<?x2080xf16>)
      weights(%row_ptr, %col_idx, %blocks : memref<6xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x160xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 3, split_k = 2, max_m = 64, mma = wgmma>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 7, operands = registers>]}
  return
}
