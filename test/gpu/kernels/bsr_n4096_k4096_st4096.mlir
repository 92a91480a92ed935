// BSR for the GPU harness with a static M of 4096: the family is the
// variants that serve that M (the union tiles from a fill of 35%, else the
// one-row tiles); its stub takes m = 4096 (or 0) only, and the harness runs
// it at that M alone, on every weight pattern.
func.func @bsr_n4096_k4096_st4096(%x: memref<4096x4096xf16>, %rp: memref<129xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<4096x4096xf16>) {
  qgemm.matmul lhs(%x : memref<4096x4096xf16>) weights(%rp, %ci, %b : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<4096x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
