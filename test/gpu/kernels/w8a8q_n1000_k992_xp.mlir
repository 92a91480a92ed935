// W8A8 for the GPU harness, activation already quantized with its rows
// padded to 1024 bytes (strided<[1024, 1]>), as are the weights': Y[M, 1000]
// = fp16(Xq[M, 992] . Wq[1000, 992]^T * sx * sw), Xq int8 with its per-token
// fp32 scales sx passed in, Wq int8 with per-channel fp32 scales, fp16 out.
func.func @w8a8q_n1000_k992_xp(%xq: memref<?x992xi8, strided<[1024, 1]>>, %sx: memref<?xf32>, %wq: memref<1000x992xi8, strided<[1024, 1]>>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%xq : memref<?x992xi8, strided<[1024, 1]>>) lhs_scales(%sx : memref<?xf32>)
      weights(%wq, %sw : memref<1000x992xi8, strided<[1024, 1]>>, memref<1000xf32>)
      outs(%y : memref<?x1000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
