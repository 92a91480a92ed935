// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 3584] = X[M, 18944] .
// Wq[3584, 18944]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n3584_k18944_ml(%x: memref<?x18944xf16>, %wq: memref<3584x18944xi8>, %sw: memref<3584xf32>, %y: memref<?x3584xf16>) {
  qgemm.matmul lhs(%x : memref<?x18944xf16>)
      weights(%wq, %sw : memref<3584x18944xi8>, memref<3584xf32>)
      outs(%y : memref<?x3584xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
