// A W8A8 matmul on an activation the caller quantized, whose rows are
// padded: N = 136, K = 288, xq rows 384 bytes apart (strided<[384, 1]>).
// A register-direct variant for M <= 16 and a TMA ring for the rest.
func.func @w8a8q_padded(%xq: memref<?x288xi8, strided<[384, 1]>>, %sx: memref<?xf32>, %w: memref<136x288xi8>, %sw: memref<136xf32>, %y: memref<?x136xf16>) {
  qgemm.matmul lhs(%xq : memref<?x288xi8, strided<[384, 1]>>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<136x288xi8>, memref<136xf32>) outs(%y : memref<?x136xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}
