// W8A8 5000 x 4096, a sweep shape outside the harness: Y[M, 5000] = X[M, 4096] . Wq[5000, 4096]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n5000_k4096_sw(%x: memref<?x4096xf16>, %wq: memref<5000x4096xi8>, %sw: memref<5000xf32>, %y: memref<?x5000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %sw : memref<5000x4096xi8>, memref<5000xf32>)
      outs(%y : memref<?x5000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
