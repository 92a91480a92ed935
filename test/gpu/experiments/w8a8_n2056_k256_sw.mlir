// W8A8 2056 x 256, a sweep shape outside the harness: Y[M, 2056] = X[M, 256] . Wq[2056, 256]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n2056_k256_sw(%x: memref<?x256xf16>, %wq: memref<2056x256xi8>, %sw: memref<2056xf32>, %y: memref<?x2056xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>)
      weights(%wq, %sw : memref<2056x256xi8>, memref<2056xf32>)
      outs(%y : memref<?x2056xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
