// W4A16, a layer of a released model outside the harness's five (issue 13's sweep), per group of 64; no configs.
func.func @w4a16_n18944_k3584_g64_ml(%x: memref<?x3584xf16>, %wq: memref<448x18944xi32>, %s: memref<56x18944xf16>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%wq, %s : memref<448x18944xi32>, memref<56x18944xf16>) outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>}
  return
}
