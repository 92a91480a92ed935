// An unconfigured input (chain-sim reads the configured chains of old/ and
// new/ for it; its name matches the bench's kernel).
func.func @w8a8_n5000_k4096(%x: memref<?x4096xf16>, %w: memref<5000x4096xi8>, %sw: memref<5000xf32>, %y: memref<?x5000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<5000x4096xi8>, memref<5000xf32>) outs(%y : memref<?x5000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
