// W8A8 with a static M = 16 (the host stub takes m and accepts only 16).
func.func @w8a8_m16(%x: memref<16x256xf16>, %wq: memref<128x256xi8>,
                    %sw: memref<128xf32>, %y: memref<16x128xf16>) {
  qgemm.matmul lhs(%x : memref<16x256xf16>)
      weights(%wq, %sw : memref<128x256xi8>, memref<128xf32>)
      outs(%y : memref<16x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>,
       weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
