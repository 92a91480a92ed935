// A BSR layer (N = K = 4096) with fixed mma.sync configs (sm_80, sm_90)
// whose 64-row one-row split variant plans its work in the kernel
// (ptx-bsr-ring-plan.test), then a 128-row split variant (static slices)
// and an unbounded one.
func.func @bsr_sync(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>,
                    %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                    %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%row_ptr, %col_idx, %blocks
              : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>,
       configs = [#qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 16], stages = 4, split_k = 5, max_m = 64>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [32, 32], stages = 4, split_k = 5, max_m = 256>,
                  #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [32, 32], stages = 4>]}
  return
}
