// W4A16, Qwen2-7B's key and value projections (a sweep of layers outside the harness, perf notes v47):
// Y[M, 512] = X[M, 3584] . W^T, W = q * s, signed int4 packed 8 per i32 along K, fp16 scales per
// output channel; no configs.
func.func @w4a16_n512_k3584_pc_ml(%x: memref<?x3584xf16>, %wq: memref<448x512xi32>, %scales: memref<512xf16>, %y: memref<?x512xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>)
      weights(%wq, %scales : memref<448x512xi32>, memref<512xf16>)
      outs(%y : memref<?x512xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
