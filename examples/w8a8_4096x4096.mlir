// W8A8: Y[M, 4096] = X[M, 4096] . Wq[4096, 4096]^T. X is fp16 and is
// quantized per token inside the kernel (int8, scale = absmax / 127); Wq is
// int8 with one fp32 scale per output channel; int32 accumulation; fp16 out.
func.func @w8a8_4096x4096(%x: memref<?x4096xf16>, %wq: memref<4096x4096xi8>,
                          %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<4096x4096xi8>, memref<4096xf32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
