// W4A16 8192 x 8192 per channel (ptx-w4a16-narrow-tokens.test).
func.func @w4a16_n8192_k8192(%x: memref<?x8192xf16>, %wq: memref<1024x8192xi32>, %s: memref<8192xf16>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x8192xi32>, memref<8192xf16>) outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
