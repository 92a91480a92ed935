// W8A8 for the GPU harness: Y[M, 4160] = X[M, 4160] . Wq[4160, 4160]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n4160_k4160(%x: memref<?x4160xf16>, %wq: memref<4160x4160xi8>, %sw: memref<4160xf32>, %y: memref<?x4160xf16>) {
  qgemm.matmul lhs(%x : memref<?x4160xf16>)
      weights(%wq, %sw : memref<4160x4160xi8>, memref<4160xf32>)
      outs(%y : memref<?x4160xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
