// W8A8 on an activation already quantized by the caller (for example by the
// previous layer's epilogue, or once for several matmuls that share X):
// Y[M, 4096] = fp16(Xq[M, 4096] . Wq[4096, 4096]^T * sx * sw). Xq is int8
// with one fp32 scale per token in sx; Wq is int8 with one fp32 scale per
// output channel; int32 accumulation; fp16 out. The family is the matmul
// variants alone (no quantize kernel).
func.func @w8a8_prequantized_4096x4096(%xq: memref<?x4096xi8>, %sx: memref<?xf32>,
                                       %wq: memref<4096x4096xi8>,
                                       %sw: memref<4096xf32>,
                                       %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>)
      weights(%wq, %sw : memref<4096x4096xi8>, memref<4096xf32>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
