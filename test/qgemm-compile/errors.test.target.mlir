// The op asks for sm_90a (wgmma); compiled with --chip=sm_90 it is an error.
func.func @wgmma_target(%x: memref<?x256xf16>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">}
  return
}
