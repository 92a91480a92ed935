// W8A8, a layer of a released model outside the harness's ten (a sweep): Y[M, 18944] = X[M, 3584] .
// Wq[18944, 3584]^T, X fp16 quantized per token inside the kernel, Wq int8 with per-channel fp32 scales,
// fp16 out; no configs.
func.func @w8a8_n18944_k3584_ml(%x: memref<?x3584xf16>, %wq: memref<18944x3584xi8>, %sw: memref<18944xf32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %sw : memref<18944x3584xi8>, memref<18944xf32>)
      outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
