// W4A16, group-wise scales: as w4a16_4096x4096.mlir, with one fp16 scale per
// group of 128 consecutive K values of each output channel ([K/128, N]).
func.func @w4a16_g128_4096x4096(%x: memref<?x4096xf16>,
                                %wq: memref<512x4096xi32>,
                                %s: memref<32x4096xf16>,
                                %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>)
      weights(%wq, %s : memref<512x4096xi32>, memref<32x4096xf16>)
      outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_group,
                                       group_size = 128>}
  return
}
