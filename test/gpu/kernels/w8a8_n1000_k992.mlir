// W8A8 for the GPU harness: Y[M, 1000] = X[M, 992] . Wq[1000, 992]^T, X fp16 quantized
// per token inside the kernel, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8_n1000_k992(%x: memref<?x992xf16>, %wq: memref<1000x992xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x992xf16>)
      weights(%wq, %sw : memref<1000x992xi8>, memref<1000xf32>)
      outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
