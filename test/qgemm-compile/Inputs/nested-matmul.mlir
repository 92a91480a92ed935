// A matmul under a branch: before, qgemm-compile wrote nothing and exited 0.
func.func @w4a16(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>,
                 %s: memref<4096xf16>, %y: memref<?x4096xf16>, %c: i1) {
  scf.if %c {
    qgemm.matmul lhs(%x : memref<?x4096xf16>)
        weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>)
        outs(%y : memref<?x4096xf16>)
        {lhs_encoding = #qgemm.act<f16>,
         weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  }
  return
}
