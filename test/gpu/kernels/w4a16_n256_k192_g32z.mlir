// W4A16 for the GPU harness, K = 192 (three K tiles of 64): its chain is
// K = 256's, whose 128 x 128 tiles split K in four; the split is clamped to
// two uneven slices of two and one tile (clampW4A16Splits, v77: before,
// qgemm-configure refused it on sm_90a). Wq [24, 256] unsigned int4, g32
// scales [6, 256], zero points [6, 32].
func.func @w4a16_n256_k192_g32z(%x: memref<?x192xf16>, %wq: memref<24x256xi32>, %s: memref<6x256xf16>, %z: memref<6x32xi32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x192xf16>) weights(%wq, %s, %z : memref<24x256xi32>, memref<6x256xf16>, memref<6x32xi32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
  return
}
