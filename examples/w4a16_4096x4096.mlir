// W4A16, per-channel scales: Y[M, 4096] = X[M, 4096] . (Wq * s)^T. Wq holds
// signed int4 values, 8 along K per int32 ([K/8, N], low nibble first); one
// fp16 scale per output channel; fp32 accumulation; fp16 out.
func.func @w4a16_4096x4096(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>,
                           %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
