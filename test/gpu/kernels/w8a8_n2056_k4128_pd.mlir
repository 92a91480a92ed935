// W8A8 for the GPU harness, weight rows padded to 4224 bytes (strided<[4224, 1]>):
// Y[M, 2056] = X[M, 4128] . Wq[2056, 4128]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n2056_k4128_pd(%x: memref<?x4128xf16>, %wq: memref<2056x4128xi8, strided<[4224, 1]>>, %sw: memref<2056xf32>, %y: memref<?x2056xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>)
      weights(%wq, %sw : memref<2056x4128xi8, strided<[4224, 1]>>, memref<2056xf32>)
      outs(%y : memref<?x2056xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
