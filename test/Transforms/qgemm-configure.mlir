// RUN: qgemm-opt %s --qgemm-configure | qgemm-opt | FileCheck %s
// RUN: qgemm-opt %s --qgemm-configure=chip=sm_80 | qgemm-opt | FileCheck %s --check-prefix=SM80
// RUN: qgemm-opt %s --qgemm-configure=chip=sm_90a | qgemm-opt | FileCheck %s --check-prefix=SM90A
// The configured IR is printed and parsed again: every config qgemm-configure
// gives passes the verifier.
// Covers: qgemm-configure picks the target from its chip option and four
// M variants from N and K (register-direct weight streaming up to M = 64,
// or 16 on sm_90a for weights over 32 MiB,
// when K is a multiple of 128, else a deep ring for M <= 16 and 32-row
// tiles for M <= 64; medium; large), and keeps a config and target the user
// set. On sm_90a the variants past M = 64 use
// wgmma: 64 x 128 tiles up to M = 256 (up to M = 1024 when N = 1024 gives
// too few 128-row thread blocks), then 128 x 256 tiles 4 deep for N >= 4096
// or 128 x 128 tiles 3 deep; a shape whose N or K is not a multiple of 128
// gets the variants of the nearest one that is, with tile widths and wave
// bounds that fit its own N (N = 2056, N = 4160 below).

// CHECK-LABEL: func @w8a8_4096x4096
// CHECK: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4, max_m = 256>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 4>]
// CHECK-SAME: target = #qgemm.target<"sm_90">
// SM80-LABEL: func @w8a8_4096x4096
// SM80: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 64, operands = registers>
// SM80-SAME: target = #qgemm.target<"sm_80">
// sm_90a: the register variant to M = 16 (N >= 2048 and K >= 4096 with an
// fp16 activation; 32 where it comes quantized), then 64 x 64 tiles
// to M = 64 with K in 2 slices (64 x 2 = 128 blocks, at most one a
// multiprocessor, where 4 slices would give 256), then K (32 tiles) split
// in two while the grid stays one wave: 128 x 64 tiles (two warpgroups)
// to M = 128 (64 x 2 = 128 blocks), 128 x 128 tiles to M = 256 (2 x 32 x
// 2 = 128). Each of these grids has at most one block a multiprocessor, so
// their rings take the most stages that leave 32 KB of shared memory to
// the quantize kernel's blocks: 8 of 64 x 64 and of 128 x 64 tiles, 6 of
// 128 x 128
// (7 would fit the limit). Past M = 256 the 128 x 256 tiles (16 columns,
// one block a multiprocessor) make 48 and 64 tiles at M = 384 and 512:
// between a third and a half of the 132 blocks of a wave, where their tail
// split would cut each in two K slices, so a variant of two K slices serves
// M = 257 to 512. Past it five to seven rows of 128 x 256 tiles (80 to
// 112) would be one partial wave that the tail split leaves unsplit: tiles
// of 160 and 192 columns (26 and 22 columns, the last masked) fill it to
// M = 640 and 768, on the producer's TMA ring (not 240, whose 18 columns
// measured no faster); the unbounded variant takes over past 768, but at
// M = 1537 to 1664, where its 208 tiles would be a wave and a last one of
// 76 (more than half, which the tail split leaves unsplit): 208 columns (20
// of them, 260 tiles) fill two waves (0.89x the time, v56). The split
// variants add their two slices in a cluster. At M = 1025 to 1536, where
// the 128 x 256 tiles pass one wave, 256 x 160 tiles to 1280 and 256 x
// 192 to 1536 (four warpgroups, TMA ring; v72, e322: 0.79x to 0.89x).
// M = 129 to 256 runs two rows of 128 x 64 tiles unsplit on the producer's
// ring, 8 stages (128 blocks; v73 e330 and v74 e341: 0.92x to 0.96x the
// time of the 128 x 128 tiles in two clustered slices), M = 257 to 384
// three rows of 128 x 96 ones, 4 stages (129 blocks; v75 e358: 0.85x to
// 0.87x the time of the two-slice 128 x 256 tiles, which keep 385 to 512).
// SM90A-LABEL: func @w8a8_4096x4096
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 1024, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [256, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 1280, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 1536, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 1664, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
// SM90A-SAME: target = #qgemm.target<"sm_90a">
func.func @w8a8_4096x4096(%x: memref<?x4096xf16>, %w: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// Above, M <= 64 on 4096 x 4096: N / 16 = 256 blocks (at least one per
// multiprocessor), so warp tiles of 16 columns; 8 warps split the 32 chunks
// of 128 bytes, 4 each, 2 in flight. On sm_90 and later, with K = 4096 and
// 256 blocks (at most two per multiprocessor), M = 1 has its own variant
// of the same tiles that quantizes the row in every block (sm_80, above,
// has none).
// N = 1024: N / 16 = 64 blocks would leave multiprocessors idle (132 on
// sm_90, 108 on sm_80), so warp tiles of 8 columns (128 blocks) and 16 warps
// along K, 2 chunks each.
// CHECK-LABEL: func @w8a8_n1024_k4096
// CHECK: configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 64, operands = registers>
// SM80-LABEL: func @w8a8_n1024_k4096
// SM80: configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64]
// On sm_90a: after the registers (to M = 48: N = 1024 with K >= 2048, v58),
// 64 x 64 tiles to M = 128
// with K in 4 slices (2 x 16 x 4 = 128 blocks), and on to M = 256 (256
// blocks, three a multiprocessor) because the 64 x 128 tiles in two
// slices would give 48 and 64 blocks at M = 192 and 256, under half the
// 132 multiprocessors; then K split in two up to M = 512 on 128 x 64
// tiles of two warpgroups, 8 stages (tallenNarrowSplitTiles, v58: as many
// blocks as the 64 x 128 tiles on 4 it replaces, 0.86x to 0.89x the time)
// and 128 x 128 tiles split in two (6 stages, one block a
// multiprocessor) from M = 513, where their 80 to 128 blocks fill more than
// half a wave, up to M = 1024 (128 x 256 tiles would give 32 blocks
// there); 128 x 128 tiles with 4 stages up to M = 2048 (128 x 256
// would give 64 blocks), 128 x 256 beyond (N has 4 columns of them).
// None takes a deeper ring: the 64 x 64 tiles' 128 blocks are clusters of
// four slices, and the 128 x 128 tiles' 128 blocks at M = 2048 serve M
// past 256, where the quantize kernel is longer. Those 128 x 128 tiles run
// 32 K tiles past M = 1024: a producer warpgroup issues their copies.
// SM90A-LABEL: func @w8a8_n1024_k4096
// SM90A: max_m = 48, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 1024, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 80, 128], warp_tile = [64, 80], stages = 4, max_m = 1280, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 1536, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 2304, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 2816, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 3328, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 6272, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 6656, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n1024_k4096(%x: memref<?x4096xf16>, %w: memref<1024x4096xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<1024x4096xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// K = 11008: 86 chunks of 128 (2 x 43) have no divisor near 8, so the
// register variants take 8 warps along K (BK = 1024) whose last ones skip
// the steps past K: 11 steps a warp rather than 43 with 2 warps. On sm_90a
// (45 MB of weights) the register variant stops at M = 16; past it the 86 K
// tiles split in two for the 64 x 64 tiles to M = 64 (128 blocks, 8 stages,
// a cluster of two), in two for the 128 x 64 tiles to M = 128 (64 x 2 =
// 128 blocks, 8 stages, a cluster of two) and for the 128 x 128 tiles to
// M = 256 (128 blocks, 6 stages, a cluster of two). Past M = 256 the 128 x
// 256 tiles run 86 K tiles: a producer warpgroup issues their TMA copies
// (copy = tma_producer), in two clustered K slices to M = 512 as on 4096 x
// 4096.
// CHECK-LABEL: func @w8a8_n4096_k11008
// CHECK: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 64, operands = registers>
// SM90A-LABEL: func @w8a8_n4096_k11008
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, max_m = 512, mma = wgmma, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 1536, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 1664, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
func.func @w8a8_n4096_k11008(%x: memref<?x11008xf16>, %w: memref<4096x11008xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x11008xf16>) weights(%w, %sw : memref<4096x11008xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 3584 x 18944 on sm_90a: 14 columns of 256. At M = 257 to 384 its
// 42 tiles of 128 x 256 are at most a third of the 132 blocks of a wave:
// their tail split cuts each in three K slices and keeps that range, bounded
// at 384; at M = 385 to 512 (56 tiles) it would cut them in two, so the
// variant of two clustered K slices serves those; past 512 (70 tiles, more
// than half a wave) the unbounded variant, whose tail split cuts nothing
// there.
// SM90A-LABEL: func @w8a8_n3584_k18944
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 384, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, max_m = 512, mma = wgmma, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 896, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 1024, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
func.func @w8a8_n3584_k18944(%x: memref<?x18944xf16>, %w: memref<3584x18944xi8>, %sw: memref<3584xf32>, %y: memref<?x3584xf16>) {
  qgemm.matmul lhs(%x : memref<?x18944xf16>) weights(%w, %sw : memref<3584x18944xi8>, memref<3584xf32>) outs(%y : memref<?x3584xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 6144 x 4096 on sm_90a: the 64 x 64 tiles of M = 17 to 64 have 96
// columns, so no split keeps them one block a multiprocessor (two slices
// give 192 blocks), but the unsplit grid does: unsplit, with the deepest
// ring (8 stages), not the four clustered slices of three blocks a
// multiprocessor (384 blocks) the packed rule gives; M = 65 to 128 on
// one row of unsplit 128 x 64 tiles on the producer's TMA ring, 8 stages
// (96 blocks; v74, e345: 0.91x to 0.95x the time of the 128 x 128 tiles in
// two clustered K slices that v71 chose over them on cp.async); M = 129 to
// 192 on 192 x 96 tiles in two clustered K slices (64 columns, 128
// blocks, 5 stages: v72, e312, 0.86x to 0.87x the time); and M = 193 to
// 256 on unsplit 128 x 128 tiles (2 x 48 = 96 blocks, 6 stages), where two
// slices would give 192, not the 64 x 128 tiles of two blocks a
// multiprocessor.
// SM90A-LABEL: func @w8a8_n6144_k4096
// SM90A: #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 96, 128], warp_tile = [64, 96], stages = 5, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>
// At M = 641 to 768 the tail-split 128 x 256 tiles' six rows pass one wave
// (144 blocks): 256 x 144 tiles (three rows of 43, 129 blocks; v72, e315:
// 0.74x to 0.75x the time), at 769 to 1024 256 x 192 in 3 stages (the
// default, not printed; four rows of 32, e319: 0.85x to 0.90x), the 128 x
// 256 tiles after them.
// SM90A-SAME: #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 640, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 768, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 1024, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n6144_k4096(%x: memref<?x4096xf16>, %w: memref<6144x4096xi8>, %sw: memref<6144xf32>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<6144x4096xi8>, memref<6144xf32>) outs(%y : memref<?x6144xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 5120 x 13824 on sm_90a: 80 columns of 64 x 64 tiles, one block a
// multiprocessor unsplit, but each would run 108 K tiles, past
// kLoneMaxKTiles (64): M <= 64 keeps the four clustered slices of three
// blocks a multiprocessor, and the 128 x 64 tiles of M = 65 to 128 the two
// slices of the 64 x 128 ones they replace; M = 129 to 256 takes the
// unsplit 128 x 128 tiles (2 x 40 = 80 blocks, 6 stages).
// SM90A-LABEL: func @w8a8_n5120_k13824
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>
func.func @w8a8_n5120_k13824(%x: memref<?x13824xf16>, %w: memref<5120x13824xi8>, %sw: memref<5120xf32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x13824xf16>) weights(%w, %sw : memref<5120x13824xi8>, memref<5120xf32>) outs(%y : memref<?x5120xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 8192 x 2048 on sm_90a: 16 K tiles, too few for the split variants
// of M = 65 to 256, but the 128 x 64 tiles' 128 columns are one wave of
// lone blocks unsplit (8 stages, to M = 128), and so are the 128 x 128
// tiles' 2 x 64 at M = 256 (6 stages), in place of 64 x 128 tiles of two
// blocks a multiprocessor. At M = 257 to 384 three rows of 128 x 256 tiles
// (96) would be one partial wave; 128 x 192 tiles (3 x 43) fill it.
// Its register variant (v65): 512 blocks of 8 warps, three a
// multiprocessor, would be 1.3 waves: 4 warps split its 16 chunks (seven
// blocks a multiprocessor, one wave), and with an fp16 activation it stops
// at M = 16, the 64 x 64 wgmma tiles taking M = 17 to 64 (as from K =
// 4096). sm_90 (no wgmma, not measured) keeps 8 warps to M = 64.
// SM90A-LABEL: func @w8a8_n8192_k2048
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, 
// CHECK-LABEL: func @w8a8_n8192_k2048
// CHECK: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 64, operands = registers>
// SM90A-SAME: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128]
// At M = 513 to 768 the 128 x 256 tiles' five and six rows pass one wave
// (160, 192 blocks): 256 x 192 tiles in 3 stages (the default, not
// printed; three rows of 43, 129 blocks; v72, e315 / e319: 0.77x to 0.79x
// the time); past 768 one wave would need 256 columns.
// SM90A-SAME: warp_tile = [64, 256], stages = 4, max_m = 512, mma = wgmma, tail_split = 4>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 768, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 4>]
func.func @w8a8_n8192_k2048(%x: memref<?x2048xf16>, %w: memref<8192x2048xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<8192x2048xi8>, memref<8192xf32>) outs(%y : memref<?x8192xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 1536 x 4096 on sm_90a: the register variant stops at M = 32 (at 16
// from N = 2048 and K = 4096 on), and the 64 x 64 wgmma tiles (two clustered slices, 8 stages)
// take M = 33 to 128; M = 129 to 256 the 128 x 64 tiles in two slices.
// SM90A-LABEL: func @w8a8_n1536_k4096
// SM90A: #qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>
func.func @w8a8_n1536_k4096(%x: memref<?x4096xf16>, %w: memref<1536x4096xi8>, %sw: memref<1536xf32>, %y: memref<?x1536xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<1536x4096xi8>, memref<1536xf32>) outs(%y : memref<?x1536xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 4096 x 1024: 8 K tiles, too few to split; the unsplit 64 x 64 tiles to
// M = 128 (64 blocks a row of tiles; they go on past M = 64 because the
// 64 x 128 tiles would give 64 blocks at M = 128, under half the
// multiprocessors, and stop where those give 96) take 8 stages, a slice's
// 8 K tiles (128 blocks, one a multiprocessor); the unsplit
// 64 x 128 wgmma tiles (two blocks a multiprocessor, 32 columns) serve M
// up to the 8 rows that fit one wave (M = 512), past M = 256, with 4; then
// 128 x 160 and 128 x 192 tiles to M = 640 and 768 (one wave where 128 x
// 256 tiles would leave 52 to 36 multiprocessors idle). The 128 x 256 tiles
// past it run unsplit: with 8 K tiles and N >= 4096 no tail split (v63).
// SM90A-LABEL: func @w8a8_n4096_k1024
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 1536, mma = wgmma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 1664, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma>]
func.func @w8a8_n4096_k1024(%x: memref<?x1024xf16>, %w: memref<4096x1024xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<4096x1024xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 11008 x 4096: 45 MB of weights, over 32 MiB, so on sm_90a the register
// variant stops at M = 16 and wgmma tiles take M = 17 on: 64 x 64 in two
// K slices to M = 64, then unsplit 128 x 128 tiles to M = 128 (86 blocks
// alone on their multiprocessor, 6 stages; 172 columns of 128 x 64 tiles
// would not be), then 64 x 128 while their rows fit one wave (86 columns,
// two blocks a multiprocessor: 264 / 86 = 3 rows, M = 192), then at
// M = 193 to 256 128 x 176 tiles (63 columns, two rows: 126 blocks, where
// 128 x 256 would make 86), then 128 x 256, but at M = 385 to 512, where
// their four rows pass one wave (172 blocks), 256 x 176 tiles of four
// warpgroups on a TMA ring (126 blocks; v72, e315: 0.84x the time); on
// sm_90 (no wgmma) it keeps
// M <= 64. On sm_90a its 688 register blocks would be 1.7 waves of 8-warp
// blocks (three a multiprocessor): 4 warps split K instead (8 chunks each,
// seven blocks a multiprocessor, one wave).
// CHECK-LABEL: func @w8a8_n11008_k4096
// CHECK: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64]
// SM90A-LABEL: func @w8a8_n11008_k4096
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 192, mma = wgmma>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 384, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [256, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 512, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n11008_k4096(%x: memref<?x4096xf16>, %w: memref<11008x4096xi8>, %sw: memref<11008xf32>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<11008x4096xi8>, memref<11008xf32>) outs(%y : memref<?x11008xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// N = 768: 3 columns of 256, so 128 x 128 tiles with 3 stages for large M;
// K split in two from M = 257 up to 640 on 128 x 64 tiles of two
// warpgroups, 8 stages (tallenNarrowSplitTiles, v58; 64 x 128 tiles on 4
// before, as many blocks), then 128 x 128 tiles split in two (their 72 to
// 96 blocks more than half a wave) to 1024.
// SM90A-LABEL: func @w8a8_n768_k4096
// SM90A: #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 640, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 1024, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], mma = wgmma>]
func.func @w8a8_n768_k4096(%x: memref<?x4096xf16>, %w: memref<768x4096xi8>, %sw: memref<768xf32>, %y: memref<?x768xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<768x4096xi8>, memref<768xf32>) outs(%y : memref<?x768xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// N = 40 and K = 96 (neither a multiple of 128): the variants of the
// nearest such shape, N = K = 128 (tiles need not divide N or K: the edge
// tiles are masked): register-direct 8-column warp tiles, one 128-K chunk
// (partly past K), then 64 x 64 and 128 x 128 ring tiles with K tiles of 64,
// their ring capped by the two K tiles; no wgmma (one K tile of 128).
// CHECK-LABEL: func @w8a8_n40_k96
// CHECK: configs = [#qgemm.config<cta_tile = [16, 8, 128], warp_tile = [16, 8], stages = 1, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], max_m = 256>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64]>]
// SM90A-LABEL: func @w8a8_n40_k96
// SM90A-NOT: wgmma
// SM90A: target = #qgemm.target<"sm_90a">
func.func @w8a8_n40_k96(%x: memref<?x96xf16>, %w: memref<40x96xi8>, %sw: memref<40xf32>, %y: memref<?x40xf16>) {
  qgemm.matmul lhs(%x : memref<?x96xf16>) weights(%w, %sw : memref<40x96xi8>, memref<40xf32>) outs(%y : memref<?x40xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// N = 2056, K = 4128: the family of N = 2048, K = 4096 (8-column register
// tiles; along K 11 warps of 3 chunks each (the default 3 stages), where
// 16 warps would also take 3 steps but leave 15 of them empty;
// wgmma 64 x 64 tiles to M = 128 (the register variant stops at 16; 33 K
// tiles in 2 slices of at most 17: 2 x 33 x 2 = 132 blocks, one a
// multiprocessor, so 8 stages), 64 x 128 tiles and 128-row tiles); its
// 33 K tiles of 128 split in two slices of 17 and 16 on the 64 x 128
// tiles. Those stop at M = 448, the last M whose split grid fits the 264
// blocks of one wave: 17 columns of 128 (2048 has 16, so it goes on to
// M = 512). N = 2056 passes 2048 by 8 columns: the same split tiles 144
// wide (15 columns) go on to their own wave, M = 512 (8 rows x 15 x 2 =
// 240 blocks), and its 128-row tiles to M = 2048 are 144 wide too; 2048
// keeps 128. Past M = 2048, 128 x 208 tiles (10 columns, 24 past N, where
// 9 of 256 leave 248) filled by TMA. K = 4128 is not a multiple of 128: the
// other wgmma variants past M = 64 fill their ring by TMA (copy = tma);
// in the 64 x 64 and 128 x 208 tiles a producer warpgroup issues the
// copies (copy = tma_producer). From M = 1025 the 128 x 208 tiles take
// over while their 10 columns make one wave (13 rows: M <= 1664), where
// the 15 columns of 144 make two; then the 144-wide tiles to M = 2048,
// which 256 x 144 tiles (four warpgroups, by TMA, no tail split) replace
// from M = 1665: 7 rows of them fill 105 of 132 where 14 rows of 128 fill
// 210 of 264 (a tie, the larger tile), at 2048 120 of 132 against 240 of
// 264. From 2049 the 128 x 208 tiles, but at M = 3329 to 4096, where 14
// to 16 rows of 256 x 144 fill 210 to 240 of 264 and 27 to 32 rows of 208
// 270 to 320 of 396. M = 129 to 256 takes 128 x 64 tiles of two
// warpgroups in two clustered slices of 8 stages (2 x 33 x 2 = 132 lone
// blocks), on the producer's TMA ring (K not a multiple of 128), as 2048 x
// 4096 takes them on cp.async. Past M = 256 2048 x 4096 takes 128 x 128
// tiles in two clustered slices (6 stages) to M = 512, where their 96 to
// 128 blocks fill more than half a wave; 2056 x 4128 keeps its 64-row tiles
// there (K not a multiple of 128). Where five and six rows of their
// 128-row tiles (128 x 144, 15 columns; 128 x 128, 16) would be one partial
// wave, 128 x 80 and 128 x 96 tiles (26 and 22 columns) take M = 513 to 640
// and 641 to 768 (addW8A8ColumnBands); on 2056 x 4128 also 160 and 176
// columns of its 208-wide tiles at M = 1153 to 1408.
// At M = 1025 to 1536, where 2048 x 4096's tail-split 128 x 128 tiles pass
// one wave, 256 x 80 and 256 x 96 tiles (26 and 22 columns of four
// warpgroups, TMA ring) take M to 1280 and 1536 (v72, e324: 0.87x to
// 0.90x the time); 2056 x 4128 (K not a multiple of 128) keeps its tiles.
// The 128 x 80 band serves M = 449 to 512 too, where the 144-wide split
// tiles ran before v87 (dropW8A8SplitTilesBeforeBand, 0.86x to 0.87x the
// time).
// SM90A-LABEL: func @w8a8_n2056_k4128
// SM90A: configs = [#qgemm.config<cta_tile = [16, 8, 1408], warp_tile = [16, 8], max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 8, 1408], warp_tile = [16, 8], max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 256, mma = wgmma, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 448, mma = wgmma, copy = tma, cluster_split = true>, #qgemm.config<cta_tile = [128, 80, 128], warp_tile = [64, 80], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 1024, mma = wgmma, tail_split = 8, copy = tma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 1280, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 1408, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 1536, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 1664, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 2048, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 2432, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 2560, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 2816, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 3328, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 4096, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
// SM90A: configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 80, 128], warp_tile = [64, 80], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [256, 80, 128], warp_tile = [64, 80], stages = 4, max_m = 1280, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 1536, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 3072, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 3328, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n2056_k4128(%x: memref<?x4128xf16>, %w: memref<2056x4128xi8>, %sw: memref<2056xf32>, %y: memref<?x2056xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>) weights(%w, %sw : memref<2056x4128xi8>, memref<2056xf32>) outs(%y : memref<?x2056xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
func.func @w8a8_n2048_k4096(%x: memref<?x4096xf16>, %w: memref<2048x4096xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<2048x4096xi8>, memref<2048xf32>) outs(%y : memref<?x2048xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 1000 x 992 (N rounds up to 1024, K not a multiple of 128): the 64 x 64
// tiles of 8 stages on the producer's TMA ring go on to M = 256 as 1024 x
// 1024's do (16 x 4 = 64 lone blocks there), where 64 x 128 tiles in two
// clustered slices took M = 129 to 256 before (0.74x the time, v50).
// K has 8 K tiles, so the 64 x 128 tiles in two clustered slices of 4
// that followed (to M = 1024) are gone (unsplitShortKMiddleTiles, v58):
// the 64 x 64 tiles go on to the 8 rows of 16 columns one wave holds (M =
// 512), then the same tiles 128 rows high, two warpgroups on the same
// ring, to theirs (M = 1024).
// SM90A-LABEL: func @w8a8_n1000_k992
// SM90A: configs = [#qgemm.config<cta_tile = [16, 8, 1024], warp_tile = [16, 8], stages = 1, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 512, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 1024, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 80, 128]
// SM90A-NOT: cluster_split
// SM90A-SAME: lhs_encoding
func.func @w8a8_n1000_k992(%x: memref<?x992xf16>, %w: memref<1000x992xi8>, %sw: memref<1000xf32>, %y: memref<?x1000xf16>) {
  qgemm.matmul lhs(%x : memref<?x992xf16>) weights(%w, %sw : memref<1000x992xi8>, memref<1000xf32>) outs(%y : memref<?x1000xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 1024 x 8192 (8 MB of weights): the registers to M = 32 only, then the
// 64 x 64 tiles in four clustered slices (v58: 0.72x the time at M = 49 to
// 64, 0.9x at 33 to 48).
// SM90A-LABEL: func @w8a8_n1024_k8192
// SM90A: max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, cluster_split = true>
func.func @w8a8_n1024_k8192(%x: memref<?x8192xf16>, %w: memref<1024x8192xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<1024x8192xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// The same on 1024 x 1024 (cp.async rings); its registers keep M = 33 to
// 64 (K = 1024). With K = 2048 (16 K tiles, 8 a
// slice) the 128 x 64 tiles in two clustered slices to M = 512, then the
// 128 x 80 column band from 513, over the 64 x 128 split tiles that served
// M = 513 to 1024 before v87 (dropW8A8SplitTilesBeforeBand: 0.93x to 0.96x
// the time).
// SM90A-LABEL: func @w8a8_n1024_k1024
// SM90A: configs = [#qgemm.config<cta_tile = [16, 8, 1024], warp_tile = [16, 8], stages = 1, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [128, 80, 128]
// SM90A-NOT: cluster_split
// SM90A-SAME: lhs_encoding
// SM90A-LABEL: func @w8a8_n1024_k2048
// SM90A: #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 80, 128], warp_tile = [64, 80], stages = 4, max_m = 1280, mma = wgmma, copy = tma_producer>
func.func @w8a8_n1024_k1024(%x: memref<?x1024xf16>, %w: memref<1024x1024xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<1024x1024xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
func.func @w8a8_n1024_k2048(%x: memref<?x2048xf16>, %w: memref<1024x2048xi8>, %sw: memref<1024xf32>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<1024x2048xi8>, memref<1024xf32>) outs(%y : memref<?x1024xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 768 x 4128: the 64 x 128 tiles in two clustered slices (TMA ring, K not a
// multiple of 128) serve M = 257 to 1024 before the chain's last variant,
// unbounded 128 x 128 tiles on the producer's ring: not a column band, so
// dropW8A8SplitTilesBeforeBand leaves them (v87, e522: those tiles over
// that range, six columns of them, ran 1.31x to 1.51x the time).
// SM90A-LABEL: func @w8a8_n768_k4128
// SM90A: #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, copy = tma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], mma = wgmma, copy = tma_producer>]
func.func @w8a8_n768_k4128(%x: memref<?x4128xf16>, %w0: memref<768x4128xi8>, %w1: memref<768xf32>, %y: memref<?x768xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>) weights(%w0, %w1 : memref<768x4128xi8>, memref<768xf32>) outs(%y : memref<?x768xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A user config and target are kept as written.
// CHECK-LABEL: func @user_config_kept
// CHECK: configs = [#qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 32]>]
// CHECK-SAME: target = #qgemm.target<"sm_90a">
// SM80-LABEL: func @user_config_kept
// SM80: target = #qgemm.target<"sm_90a">
func.func @user_config_kept(%x: memref<?x1024xf16>, %w: memref<256x1024xi8>, %sw: memref<256xf32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<256x1024xi8>, memref<256xf32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 32], stages = 3>]}
  return
}

// W4A16 (int4 weights, fp16 activation, its own table): register-direct
// variants of 32-channel warp tiles to M = 8 (one token tile) and M = 16,
// the K chunks spread over warps so that the grid has about 8 warps per
// multiprocessor (4096 / 32 = 128 blocks: 8 warps of 4 chunks), the same
// warps over 32 rows to M = 32 and over 64 rows to M = 64 (K = 4096, 8 MiB
// of weights, 8 warps: each weight converted once for all the rows; on
// sm_80, not measured, 64-channel warp tiles of 16 rows to M = 64), then
// the ring with 64 x 128 x 64 tiles to M = 256 and 128 x 256 x 64 tiles.
// CHECK-LABEL: func @w4a16_g128_4096x4096
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 1024], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 32, 1024], warp_tile = [64, 32], stages = 4, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, max_m = 256>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 64]>]
// SM80-LABEL: func @w4a16_g128_4096x4096
// SM80: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [16, 64, {{[0-9]+}}], warp_tile = [16, 64], {{.*}}max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64]
// On sm_90a the variants past M = 64 are wgmma with the dequantized
// weights as its register A (operands = register_a, warpgroups of 128
// channels and every row, or of 64 channels for 256-row tiles), 4 stages,
// from the time model (64 K tiles of 0.55 us for 128 x 128 tiles at most
// one block per multiprocessor, 0.87 us two per multiprocessor, 0.85 us for
// 128 x 256, 0.79 us for 256 x 128; split traffic s x M x N x 8 bytes at
// 3 TB/s): 128 x 128 tiles with K in 4 slices to M = 128 (14.4 us against
// 20.4 for s = 2 and 35.2 for s = 1), in 2 to M = 256 (23.2 against 25.1
// for s = 4), unsplit to M = 512 (35.2 against 39 for s = 2, 50.6 for
// 256 x 128 and 54.4 for 128 x 256), then 256 x 128 (50.6 us at M = 1024
// against 54.4 for 128 x 256 and 55.7 for 128 x 128), then, in the
// sub-levels of 256 rows past M = 1024, 128 x 128 to M = 1536 (384 blocks:
// a wave of 264 at 0.87 us a K tile and a last one of 120, one a
// multiprocessor, at 0.55: 90.9 us against 101.1 for the two waves of 192
// 256 x 128 blocks), and 256 x 128 past it (M = 1792: 448 blocks, 111.4
// against 101.1). Variants that differ only in max_m share a kernel.
// From M = 49 to 64, before them, 64 x 64 register-A tiles with K (64
// tiles, under 128) in 4 slices (256 blocks). Before those the register
// variant's blocks of 32 channels and 8 warps along K take 32 rows to
// M = 32 and 64 rows to M = 48 (K = 4096, 8 MiB of weights: one wave of
// 128 blocks, each weight converted once; the 64-channel variant is gone).
// The host stub then cuts M = 1025 to 1280 into 1024 rows on the 256 x 128
// tiles (one wave of 128 blocks, 50.6 us) and a call of its own for the
// rest (at most 256 rows: 128 x 128 tiles in 2 slices, 23.2 us): 76.8 us
// with 3 us for the call, 10% under 90.9 (row_split = 1024, row_rest =
// 256); M = 1281 to 1408 would save less (35.2 us for 384 rows: 88.8
// against 90.9). The last tiles cut M = 1024 q + r the same way, r up to
// 256 (H = 1024: four rows of 256 x 128 tiles fill 128 of 132
// multiprocessors). M = 1281 to 1536, where the two-wave band of
// 192-token tiles ran, is cut too, with rests of up to 512 rows (the
// one-wave rest cut of a layer with group scales, addW4A16FullWaveRestCut;
// v90, e551: 0.87x to 0.96x the time on 3648 to 4032 wide layers).
// On sm_90a M = 65 to 96 runs the M <= 64 tiles over 80 and 96 tokens
// (64 x 64 in 4 slices: 256 blocks, 1.5 to 3 a multiprocessor), not the
// 128-row tiles, which would leave most of their rows past M; M = 97 to
// 112 tiles of 112 tokens and 64 channels in two clustered slices (v71).
// Where a variant of unsplit 128-channel tiles is one wave over its whole
// range (four rows of 32 columns), tiles of fewer tokens come first, each
// to the M where four rows of them fill the wave (addW4A16OneWaveBands):
// 160, 192 and 224 at 513 to 896 before the 256 x 128 tiles of 897 to 1024.
// M = 257 to 384 runs two rows of 160- and 192-token tiles in two
// clustered K slices (128 blocks, one wave; addW4A16SplitTwoRowBands, v64
// e252: 0.73x to 0.82x the time of the 96-token one-wave bands that served
// it) before 256 x 128 tiles in two clustered K slices at 385 to 512 (two
// rows of 32 columns in two slices: 128 blocks, one wave of two warpgroups
// a multiprocessor; addW4A16TallSplitBand, v86 e515: 0.85x to 0.91x the
// time of the one-warpgroup 128 x 128 tiles). M = 129 to 256 runs tiles
// of 128 tokens and 64 channels in two clustered K slices (two rows of 64
// columns: 256 blocks, two a multiprocessor; v66). Past M = 2304 the
// last tiles split a tail of at most half a wave along K at the M their
// cut leaves whole (2305 to 2560: 320 blocks, 56 in the last wave; v92),
// each such range a piece of the chain keeping the cut.
// SM90A-LABEL: func @w4a16_g128_4096x4096
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 1024], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 32, 1024], warp_tile = [64, 32], stages = 4, max_m = 48, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 4, max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 320, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 384, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 640, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, max_m = 896, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1024, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1280, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 512>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2304, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2560, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3328, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3584, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4352, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4608, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5376, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5632, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6400, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6656, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7424, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7680, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 1024, row_rest = 256>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 256>]
// SM90A: return
func.func @w4a16_g128_4096x4096(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<32x4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<32x4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// 4096 x 11008: 128 blocks of 32 channels (one wave), so at most 6 of the
// 86 chunks per warp: 15 warps along K (BK = 15 x 128), not the 9 of 10
// chunks that 8 warps per multiprocessor would give.
// CHECK-LABEL: func @w4a16_n4096_k11008
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 1920], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1920], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>
// On sm_90a K has 172 tiles of 64: the 64-channel register variant stops
// at M = 32 and the 64 x 128 register-A tiles in 8 slices (K of 128 tiles
// or more) serve 49 to 64, the same tiles over 48 tokens 33 to 48. The
// register variant keeps M = 17 to 32: its two rows of 64 blocks are one
// wave of 6 chunks a warp (the 32-token tiles were slower there). No 32-row register blocks: K is past 4096 (its
// 15-warp blocks of 32 rows spilled at 128 registers and ran slower).
// SM90A-LABEL: func @w4a16_n4096_k11008
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [16, 64, 1920], warp_tile = [16, 64], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 8, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 128, 64], warp_tile = [80, 128], stages = 4, split_k = 8, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, split_k = 8, max_m = 96, mma = wgmma, operands = register_a>
func.func @w4a16_n4096_k11008(%x: memref<?x11008xf16>, %wq: memref<1376x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x11008xf16>) weights(%wq, %s : memref<1376x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 28672 x 8192 with group scales and zero points: 896 blocks of 32
// channels, 2 warps along K of 32 chunks each. Both register variants
// run their chunks rolled, with 2 chunks in flight (the M <= 8 one since
// v41, with zero points only: without, it stays unrolled with 4). In
// every format the second one serves M = 9 to 16; the split 64 x 128
// wgmma tiles over 32, 48 and 64 tokens M = 17 to 64 (v65: the 32-token
// tiles 0.82x to 0.85x the time of two rows of 16-row blocks, whose
// warps walk 32 chunks, at M = 17 to 32), in two clustered K slices since
// v71 (224 columns, as many as the multiprocessors or more: 0.85x to
// 0.98x the time of eight global slices in every format). Its 224 columns of 128-channel
// tiles are more than a wave, so at M = 129 to 256 the 256 x 128 tiles
// are one row of them: 160-, 192- and 224-token bands of the same tiles
// take M = 129 to 224 (the same blocks, less work each; v63, e235). Past
// 256 two rows of them: 160 tokens to M = 320, 192 to 384, 224 to 448
// (v64, e249: 0.86x to 0.94x the time of the 128 x 256 tiles in 2.5 waves
// and the 128 x 128 ones), then the 128 x 128 tiles from 449.
// SM90A-LABEL: func @w4a16_n28672_k8192_g128z
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 2, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 2, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64]
// SM90A-SAME: max_m = 128, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 192, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer>
// SM90A-SAME: , #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 320, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 384, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, max_m = 448, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 640,
func.func @w4a16_n28672_k8192_g128z(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %s: memref<64x28672xf16>, %z: memref<64x3584xi32>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s, %z : memref<1024x28672xi32>, memref<64x28672xf16>, memref<64x3584xi32>) outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// Zero points in groups of 32: both chains run rolled with 1 chunk in
// flight (their per-block scale and zero words spilled with 2 or more at
// the 128-register bound of 7 blocks a multiprocessor; v41: 0.76x the
// unrolled time at M = 1).
// SM90A-LABEL: func @w4a16_n28672_k8192_g32z
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 2, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 2, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64]
func.func @w4a16_n28672_k8192_g32z(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %s: memref<256x28672xf16>, %z: memref<256x3584xi32>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s, %z : memref<1024x28672xi32>, memref<256x28672xf16>, memref<256x3584xi32>) outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
  return
}

// Without zero points the M <= 8 chain stays unrolled with 4 chunks in
// flight (rolled, g128 lost at M <= 8); the M <= 16 one is rolled.
// SM90A-LABEL: func @w4a16_n28672_k8192_g128(
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 2, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 2, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64]
func.func @w4a16_n28672_k8192_g128(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %s: memref<64x28672xf16>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x28672xi32>, memref<64x28672xf16>) outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// Groups of 32 without zero points: the M <= 8 chain unrolled with 4 chunks
// in flight, the M <= 16 one rolled with 1 (v41: 0.95x at M = 9 to 16).
// SM90A-LABEL: func @w4a16_n28672_k8192_g32(
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 2, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 2, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64]
func.func @w4a16_n28672_k8192_g32(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %s: memref<256x28672xf16>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x28672xi32>, memref<256x28672xf16>) outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>}
  return
}

// Per-channel scales: 4 chunks in flight for both (unrolled).
// SM90A-LABEL: func @w4a16_n28672_k8192_pc
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 2, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 2, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64]
func.func @w4a16_n28672_k8192_pc(%x: memref<?x8192xf16>, %wq: memref<1024x28672xi32>, %s: memref<28672xf16>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x28672xi32>, memref<28672xf16>) outs(%y : memref<?x28672xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 11008 x 4096 on sm_90a: the time model's levels are every 128 rows up
// to M = 512. 256 x 128 tiles win at M = 256 (86 blocks, one wave), but at
// M = 384 they take two waves (172 blocks) where three rows of 128 x 256
// tiles (129 blocks) take one, so 128 x 256 serves M = 257 to 384 (v23:
// 55.1 against 95.6 us at M = 384). Past it 128 x 128 tiles wherever their
// last wave leaves them one a multiprocessor: M = 385 to 512 (344 blocks,
// a wave of 264 and 80: 90.9 us against 101.1 for the 172 blocks of
// 256 x 128 in two waves), 769 to 896 and 1025 to 1280 (the sub-levels of
// 128 rows to M = 1024, of 256 to 2048); 256 x 128 between them and past
// 1280. At M = 385 to 512 the two-wave band takes over: 176-token tiles,
// three rows of 86 blocks, two waves of one a multiprocessor (0.89x the
// time, v56). After the 32-row blocks 64 x 128 wgmma tiles in 4 clustered K
// slices serve M = 33 to 64 (per-channel scales, 86 columns of tiles x 4
// = 344 blocks, at least 2.5 a multiprocessor; with group scales the
// 64 x 64 tiles in 4 unclustered slices, below): the 64-channel register
// variant's three rows of 16-row blocks (516) are no wave of their own.
// M = 129 to 224 on 192-channel token bands in two clustered K slices (58
// columns, 116 blocks, where 128 channels in two would be 172; v75 e361:
// 0.89x to 0.95x the time of the unsplit 128-channel bands).
// The last 256 x 128 tiles fill four and five waves at M = 1536 and 1792
// (516 and 602 blocks, 98% and 91%): M = 1537 to 1728 and 1793 to 1984,
// which they would run in one more round, run B rows on them and the rest
// as a call of its own (addW4A16TailFullWaveRestCuts, v91, e564: 0.85x to
// 0.96x the time on the g128z family).
// SM90A-LABEL: func @w4a16_n11008_k4096
// SM90A: #qgemm.config<cta_tile = [32, 32, 512], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 2, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 2, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>
// SM90A: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [160, 192, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [192, 192, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 192, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [224, 192, 64], warp_tile = [224, 64], stages = 4, split_k = 2, max_m = 224, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, max_m = 384, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [176, 128, 64], warp_tile = [176, 64], stages = 4, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 960, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 768, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1024, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1152, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1280, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1728, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1536, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1792, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1984, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1792, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2048, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2560, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2816, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3072, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3584, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3840, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4352, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4608, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5120, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5376, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5632, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6144, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6400, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6912, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7168, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7680, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7936, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
// On 11008 x 4096 the model's cuts save no 10% (1280 rows: 151.7 + 50.6 +
// 3 against 202 us), as measured (v40: 181 against 176 us at M = 1280).
// The 256 x 128 tiles bounded at M = 768 fill two waves (258 blocks of
// 264): M = 769 to 960 runs 768 rows on them and the rest as a call of its
// own, where the 128 x 128 and 256 x 128 tiles after them took a third
// wave (addW4A16FullWaveRestCuts; v88, e529: 0.82x to 0.98x the time).
// SM90A-NOT: row_split = 1024
func.func @w4a16_n11008_k4096(%x: memref<?x4096xf16>, %wq: memref<512x11008xi32>, %s: memref<11008xf16>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x11008xi32>, memref<11008xf16>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// The register-A tiles of 128 rows and more take their copies from a
// producer warpgroup (copy = tma_producer; per channel above, 128 x 256
// tiles included), but for the 128 x 256 tiles with group scales, which
// measured slower on it (v37). Before them, K = 4096: 32-row register
// blocks serve M = 17 to 32 (344 blocks of 4 warps, each weight converted
// once for the 32 rows), then, with group scales, the 64 x 64 register-A
// tiles from M = 33 (22 MiB of weights: no 64-row blocks, which read X
// again from L2 for every 32 channels; the 64-channel variant's three rows
// of 16-row blocks converted every weight and scale three times; per
// channel they serve M = 33 to 48).
// Without wgmma (sm_90) the 64-channel variant stops at M = 48 and 64-row
// blocks take M = 49 to 64, where its four rows of blocks read and convert
// every weight four times.
// On sm_90a the 64 x 64 register-A tiles of M = 33 to 64 split K in three
// slices, not four: four make 688 blocks, 1.3 waves of the four a
// multiprocessor holds, three one wave (v85, e494: 0.90x to 0.93x the time).
// On sm_90a at M = 1153 to 1280 the one-warpgroup 128 x 128 tiles (860
// blocks: three full rounds of two a multiprocessor and 68) give way to
// the unsplit 256 x 128 ones, as many rounds (430 blocks), with group
// scales (addW4A16TallPastFullRounds, v91, e561 / e566: 0.84x to 0.97x
// the time on the layers it changes, one cell of eighteen at 1.05x).
// CHECK-LABEL: func @w4a16_n11008_k4096_g128z
// CHECK: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 512], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [16, 64, 896], warp_tile = [16, 64], stages = 4, max_m = 48, operands = registers>, #qgemm.config<cta_tile = [64, 32, 512], warp_tile = [64, 32], stages = 4, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64]
// SM90A-LABEL: func @w4a16_n11008_k4096_g128z
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 512], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 3, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 3, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 2, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 2, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [160, 192, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [192, 192, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 192, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [224, 192, 64], warp_tile = [224, 64], stages = 4, split_k = 2, max_m = 224, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, max_m = 384, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [176, 128, 64], warp_tile = [176, 64], stages = 4, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 960, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 768, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1024, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1152, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1280, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1728, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1536, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1792, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1984, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1792, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2048, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2560, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2816, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3072, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3584, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3840, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4352, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4608, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5120, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5376, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5632, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6144, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6400, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6912, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7168, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7680, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7936, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n11008_k4096_g128z(%x: memref<?x4096xf16>, %wq: memref<512x11008xi32>, %s: memref<32x11008xf16>, %z: memref<32x1376xi32>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s, %z : memref<512x11008xi32>, memref<32x11008xf16>, memref<32x1376xi32>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// The 192-channel bands in two clustered slices at M = 129 to 224 take N
// of 8449 to 12672 on K of 64 tiles (v75, e360 / e361: 0.88x to 0.97x the
// time): 8576 x 4096 (67 columns of 128, 45 of 192) takes them; 8192 x 4096
// keeps its 128-channel bands in two slices (128 blocks).
// SM90A-LABEL: func @w4a16_n8576_k4096
// SM90A: max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 192, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, cluster_split = true>
func.func @w4a16_n8576_k4096(%x: memref<?x4096xf16>, %wq: memref<512x8576xi32>, %s: memref<8576xf16>, %y: memref<?x8576xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x8576xi32>, memref<8576xf16>) outs(%y : memref<?x8576xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w4a16_n8192_k4096
// SM90A: #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>
func.func @w4a16_n8192_k4096(%x: memref<?x4096xf16>, %wq: memref<512x8192xi32>, %s: memref<8192xf16>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x8192xi32>, memref<8192xf16>) outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// N = 1056 (33 x 32, not a multiple of 64): only the 32-channel register
// variants, the second one unbounded; K / 128 = 8 chunks over 8 warps.
// CHECK-LABEL: func @w4a16_n1056
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 1, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 1, operands = registers>]
func.func @w4a16_n1056(%x: memref<?x1024xf16>, %wq: memref<128x1056xi32>, %s: memref<1056xf16>, %y: memref<?x1056xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%wq, %s : memref<128x1056xi32>, memref<1056xf16>) outs(%y : memref<?x1056xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// N = 4160 (a multiple of 64, not of 128): the register variants of any
// N % 64 (8.1 MiB of weights: 32- and 64-row blocks as 4096 x 4096), then
// ring tiles 128 channels wide whose last column of blocks is half past N
// (masked); 128 x 256 tiles only where 256 divides N.
// CHECK-LABEL: func @w4a16_n4160
// CHECK: #qgemm.config<cta_tile = [32, 32, 1024], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 32, 1024], warp_tile = [64, 32], stages = 4, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, max_m = 256>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 32], stages = 4>]
func.func @w4a16_n4160(%x: memref<?x4096xf16>, %wq: memref<512x4160xi32>, %s: memref<4160xf16>, %y: memref<?x4160xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4160xi32>, memref<4160xf16>) outs(%y : memref<?x4160xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// K = 4160 (a multiple of 64, not of 128): the register variants still
// serve M <= 64 (33 chunks of 128 K, the last one masked half way: nine
// warps of 1152 K, the last warp's third chunk half past K), the ring past
// them.
// CHECK-LABEL: func @w4a16_k4160
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 1152], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1152], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [16, 64, 1408], warp_tile = [16, 64], max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, max_m = 256>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 64]>]
// On sm_90a the chain of its multiple-of-128 neighbour 4096 x 4224 (the
// tile rules weigh its 65 K tiles as that neighbour's 66): the mid tiles
// split them in 4 slices (17, 17, 17 and 14 tiles); 2 x 32 blocks of 128 x
// 128 tiles would split them in 2 (33 and 32), not in 4, which do not
// divide 66, at most half a wave: 112-token tiles take M = 97 to 112 and
// the 128 x 64 tiles, in 2 clustered slices, M = 113 to 256 (v80).
// SM90A-LABEL: func @w4a16_k4160
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 1152], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1152], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 1152], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>,
// SM90A-SAME: #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 4, max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 320, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 384, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>,
func.func @w4a16_k4160(%x: memref<?x4160xf16>, %wq: memref<520x4096xi32>, %s: memref<65x4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4160xf16>) weights(%wq, %s : memref<520x4096xi32>, memref<65x4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>}
  return
}

// N = 3136 (a multiple of 64, not of 128), K = 4864: on sm_90a the 80- and
// 96-token split tiles of its neighbour 3200 x 4864, whose rule counts the
// blocks on N rounded up to 128 (50 column tiles of 64 in 4 slices, 200
// blocks, at least 1.5 a multiprocessor; 49 give 196, which is not).
// SM90A-LABEL: func @w4a16_n3136
// SM90A: #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 4, max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>
func.func @w4a16_n3136(%x: memref<?x4864xf16>, %wq: memref<608x3136xi32>, %s: memref<152x3136xf16>, %y: memref<?x3136xf16>) {
  qgemm.matmul lhs(%x : memref<?x4864xf16>) weights(%wq, %s : memref<608x3136xi32>, memref<152x3136xf16>) outs(%y : memref<?x3136xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>}
  return
}

// BSR, N = K = 4096 (128 block rows of at most 128 blocks): one block row
// per block; up to M = 16 register-direct blocks of 16 rows with
// bit_floor(16 x 132 / 128) = 16 warps up to M = 8 and at most 8 past it,
// with split_k = 2 (the blocks of empty rows take slices of long rows)
// only where a row of 128 blocks can be longer than two slices of three
// groups: not with 16 warps (2 x 3 x 16 x 2 = 192), with 8 (96);
// up to 256, 64 rows in max(ceil(132 x 4 / 128),
// ceil(128 / 32)) = 5 slices; then 128 rows over whole rows: 4 block rows
// per tile from 35% of the blocks of a full weight on, else one.
// On sm_90a the one-row tiles are warpgroups of 64 x 32 (wgmma m64n32):
// 64 rows to M = 64 and 128 rows to M = 256, both in 5 slices, then 128
// rows unsplit. The 4-row tiles are wgmma tiles from 35% of the blocks on:
// up to M = 64 of one warpgroup with the union in 8 slices (132 / 32 = 4,
// doubled), then of two warpgroups (128 rows) on the producer's TMA ring
// in pairs, in as many slices as make one wave of blocks, one a
// multiprocessor: 132 / 32 = 4 to M = 128, 2 to 256. Past M = 256 they are 128 x 128 while their grid is
// one block a multiprocessor (132 / 32 = 4 rows of tiles: M <= 512), then
// 256 x 128 (four warpgroups), all on a TMA ring filled by a producer
// warpgroup (copy = tma_producer) in K tiles of two block columns (cta
// tile K 64, K a multiple of 64). Without pairs (K = 4128 below) the
// 256-row tiles start where they fill 90% of 132 multiprocessors with at
// least 4 rows of tiles (ceil(118.8 / 32) = 4 row tiles here: M > 768),
// the 128-row ones before them on cp.async, and only the unbounded
// 256-row ones take the producer. Each is
// followed by the one-row tiles of its M range, in
// ceil(128 / 64) = 2 slices up to M = 1024, then, 128 block rows being at
// most one a multiprocessor, in 2 planned slices (only rows longer than
// the plan's W cut) to M = 2048, unsplit after. The two split ranges are
// one kernel and the 256-row union tiles of M = 513 to 2048 one variant,
// so the pair of variants bounded at 1024 is dropped for the one at 2048.
// The 256-row union tiles past M = 1024 cut M (row_split = H, row_rest =
// R): H = 256 k for the fewest rows of tiles k whose 32 k blocks fill 95%
// of their waves of 132 (k = 4: 128 / 132), R = min(256 (132 / 32 - 0.7) /
// 1.2 = 730 down to a multiple of 128, H / 2) = min(640, 512); the bounded
// ones (M <= 1024 = H) never cut.
// CHECK-LABEL: func @bsr_4096
// SM90A-LABEL: func @bsr_4096
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 8, max_m = 64, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 5, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 128, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 5, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 256, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 5, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 1024, row_rest = 512>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 1024, row_rest = 512>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [32, 16], stages = 4, split_k = 5, max_m = 256>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 32], stages = 4, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [32, 32], stages = 4>]
func.func @bsr_4096(%x: memref<?x4096xf16>, %row_ptr: memref<129xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%row_ptr, %col_idx, %blocks : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR, N = 11008, K = 4096 on sm_90a: 86 groups of 4 block rows; 256-row
// tiles (on the producer's ring, in pairs) take over past M = 384, their
// second row of tiles half full (the 128-row ones are one wave at no M
// past 256: 132 / 86 = 1 row of them); the split tiles' union in
// clamp(132 / 86, 2, 8) = 2 slices on cp.async (one slice a wave: not
// split, so not on the producer), 4 for 64 rows. Up to M = 16 the
// register-direct blocks have bit_floor(16 x 132 / 344) = 4 warps.
// 344 block rows, more than the 132 multiprocessors: no planned one-row
// split past M = 1024. Row split: 86 k blocks fill 95% of their waves from
// k = 3 (258 / 264;
// k = 1 and 2 fill 65%): H = 768, R = 256 (132 / 86 - 0.7) / 1.2 = 178 down
// to a multiple of 128 = 128, on both 256-row union variants (the bounded
// one's max_m 1024 > 768). Past M = 1024 a rest past 768 adds two waves
// (5 rows of tiles: ceil(430 / 132) = 4 waves, 768 rows: 2): up to
// R2 = 256 (2 x 132 / 86 - 0.7) / 1.2 = 505 down to 384, a variant bounded
// at 768 + 384 = 1152 cuts rests of 257 to 384 (the bounded variant now
// serves M = 385 to 1024).
// SM90A-LABEL: func @bsr_11008
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 64, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 256, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 384, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 384, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 768, row_rest = 128>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 1152, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 768, row_rest = 384>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, max_m = 1152, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 768, row_rest = 128>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
func.func @bsr_11008(%x: memref<?x4096xf16>, %row_ptr: memref<345xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%row_ptr, %col_idx, %blocks : memref<345xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR, N = 4096, K = 11008 on sm_90a: slices of at most 32 of the 344
// columns, so the one-row tiles up to M = 256 are split in 11, of at most
// 64 up to M = 1024 (6 slices); past M = 768 the 256-row tiles from 35% of
// the blocks on, like the short unions; the same row split as 4096 x 4096
// (32 groups: H = 1024, R = 512); past M = 1024 the one-row tiles in 2
// planned slices to M = 2048 (6 to M = 1024). As on 4096 x 4096 the
// 128-row union tiles to M = 512, then the 256-row ones, on the
// producer's ring in pairs.
// SM90A-LABEL: func @bsr_k11008
// SM90A-SAME: memref<?x11008xf16>
// SM90A: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 128, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 11, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 256, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 11, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 6, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 6, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 1024, row_rest = 512>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 1024, row_rest = 512>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
func.func @bsr_k11008(%x: memref<?x11008xf16>, %row_ptr: memref<129xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x11008xf16>) weights(%row_ptr, %col_idx, %blocks : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR, N = 2080 (65 block rows, not a multiple of 4), K = 4128 (129 block
// columns: the producer's union tiles keep K tiles of one) on sm_90a:
// union tiles as for a multiple of 128 (17 groups of 4 rows, the last with
// one: the union split in 132 / 17 = 7, 14 for 64 rows); the one-row tiles
// in max(ceil(132 x 4 / 65), ceil(129 / 32)) = 9 slices to M = 256, in
// ceil(129 / 64) = 3 to M = 1024; 256-row union tiles from
// ceil(118.8 / 17) = 7 row tiles on: M > 1536; past M = 1024 the one-row
// tiles (65 block rows, at most one a multiprocessor) stay in 2 planned
// slices to M = 2048 (only rows longer than the plan's W cut). Row split:
// 17 k blocks fill
// 95% of their waves from k = 15 (255 / 264): H = 3840, R = min(256 (132 /
// 17 - 0.7) / 1.2 = 1507 down to 1408, 1920). Seven rows of tiles (119
// blocks) fill 90% of one wave, so the bounded 256-row tiles (M = 1537 to
// 2048) cut at 1792 rows, R = min(1408, 896) (v44).
// SM90A-LABEL: func @bsr_2080
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 14, max_m = 64, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 9, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 7, max_m = 256, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 9, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 3, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 1536, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 1536, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 1792, row_rest = 896>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 3840, row_rest = 1408>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
func.func @bsr_2080(%x: memref<?x4128xf16>, %row_ptr: memref<66xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x2080xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>) weights(%row_ptr, %col_idx, %blocks : memref<66xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x2080xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR, N = K = 1024 on sm_90a: 8 groups of 4 block rows, too few for the
// split union tiles up to M = 256, so the one-row tiles alone there (64
// then 128 rows, split in max(ceil(132 x 4 / 32), ceil(32 / 32)) = 17,
// clamped to 32 / 8 = 4 slices), unsplit past it (a row has at most 32
// blocks, one slice of 64); at M = 257 to 512 the one-row tiles of M <= 256
// in their 4 slices from 35% on, unsplit under it (the union tiles' grid
// there, 4 x 8 blocks, is under a quarter of a wave: v63 step 10, 0.68x to
// 0.92x the time of the union tiles); past M = 512 the union tiles from
// 35% on: 128 x 128 up to M = 2048 (their grid one block a multiprocessor: 132 /
// 8 = 16 rows of tiles; the one-row tiles of that range unsplit, the
// kernel they have to 3584 where 256-row tiles fill 90% of a wave from
// ceil(118.8 / 8) = 15 row tiles on), 256 x 128 past it, both on the
// producer's TMA ring in pairs, the 256-row ones cut at H = 4096
// (8 k blocks fill 95% of a wave from k = 16: 128 / 132), R = min(256 (132 /
// 8 - 0.7) / 1.2 = 3370 down to 3328, 2048).
// SM90A-LABEL: func @bsr_1024
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 512, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 4096, row_rest = 2048>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
func.func @bsr_1024(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%row_ptr, %col_idx, %blocks : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// N = 4160, K = 4160 (nearest 4224 x 4224: 33 columns of 128, not of
// 256). While the 128 x 128 tiles are at most one a multiprocessor
// (132 / 33 = 4 rows, M <= 512), they have 4 stages (alone on a
// multiprocessor, so with a tail split); then 3 stages, two blocks a
// multiprocessor, without a tail split (its epilogue's registers would leave
// them alone), while their grid is one wave (264 / 33 = 8 rows, M <= 1024).
// Past that, 128 x 208 tiles: 4160 is 20 columns of 208 (17 of 256 would
// leave 192 columns past N, 18 of 240 160, 19 of 224 96), filled by TMA,
// alone on a multiprocessor (4 stages of 336 rows of 128 bytes), so with a
// tail split, and their copies issued by a producer warpgroup.
// Then, from M = 513 to 4096, each 128 rows of M take 256 x 128 tiles
// (four warpgroups, 33 columns, 132 blocks a wave, by TMA, no tail split)
// where those fill their last wave at least as well (ties: the larger
// tile): at M = 640 3 rows of them fill 99 of 132 where 5 rows of the
// 128 x 128 tiles fill 165 of 264; at M = 1152 5 rows fill 165 of 264
// where 9 rows of 208 fill 180; at 1792 7 rows fill 231 of 264 where 14
// rows of 208 fill 280 of 396; 2176 297 of 396 against 340; 2560 330 of
// 396 against 400 of 528; 3200 429 of 528 against 500; 3456 462 of 528
// against 540 of 660. Past 4096 the 128 x 208 tiles. The 128 x 128
// tiles of two blocks a multiprocessor are left no M.
// Up to M = 64: 64 x 64 tiles (65 columns), K (33 tiles) in 2 slices of
// at most 17, by cp.async, 8 stages (130 blocks, one a multiprocessor);
// past M = 64 the K edge makes them TMA rings: 128 x 64 tiles to M = 128
// in two clustered slices on the producer's ring, 8 stages (130 blocks;
// the neighbour's tiles, v79 e410: 0.89x to 0.92x the time of 64 x 128
// tiles in two slices), but the 128 x 128 TMA rings of two warpgroups
// keep 4. Where three rows of 128 x 128 tiles (99) or of 256 x 128 (M = 513
// to 768) would be one partial wave, 128-row tiles of 96, 160 and 192
// columns fill it (addW8A8ColumnBands). M = 129 to 256: two rows of
// unsplit 128 x 64 tiles on the producer's ring (130 blocks; v73 e330, v74
// e341).
// SM90A-LABEL: func @w8a8_n4160_k4160
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, copy = tma_producer, cluster_split = true>
// SM90A: #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma, tail_split = 8, copy = tma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 1152, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 1280, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 1408, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 1536, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 1664, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 2432, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 3072, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 3328, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 4096, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
func.func @w8a8_n4160_k4160(%x: memref<?x4160xf16>, %w: memref<4160x4160xi8>, %sw: memref<4160xf32>, %y: memref<?x4160xf16>) {
  qgemm.matmul lhs(%x : memref<?x4160xf16>) weights(%w, %sw : memref<4160x4160xi8>, memref<4160xf32>) outs(%y : memref<?x4160xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 1024 x 4096 on sm_90a: the 128 x 128 tiles in 4 slices serve M = 65 to
// 512, 32 blocks a row of tiles. Their slices add up in a cluster while
// the grid has at most three quarters of the 132 multiprocessors' worth of
// blocks (99): in 8 slices (8 K tiles each) for the one row of tiles at
// M <= 128 (64 blocks). The 2-slice variant after it is clustered
// whatever its grid. Every 128-row variant takes a producer warpgroup
// (copy = tma_producer). From M = 129 to 256 (32 blocks of 128 x 128 in 4
// slices, a small layer) 64 x 64 tiles in 4 slices take their place (v47),
// from 257 to 512 tiles of 128 tokens and 64 channels in two clustered
// slices (four rows of 16 columns: 128 blocks, v66), and on over 192
// tokens to M = 768 and 256 tokens to 1024 (one warpgroup, 64 channels,
// four rows of 16 columns in two clustered slices: 128 blocks) where the
// one-warpgroup 128 x 128 tiles ran before v87
// (addW4A16NarrowChannelTallBands: 0.82x to 0.89x the time). From M =
// 1025 to 2048 tiles of 128 channels (two warpgroups) in two clustered
// slices, each as far as its grid is one wave: 160 tokens to M = 1280, 192
// to 1536 (8 rows, 128 blocks), then 256 to 2048 (v52), where the
// 256-token ones served the whole range before v91
// (addW4A16TallSplitTokenBands, e557 / e559: 0.78x to 0.93x the time),
// then to M = 3072 the unsplit 192 x 128 tiles (88 to 128 blocks,
// where the 256 x 128 ones were 72 to 96: addW4A16FewColumnTallTiles,
// v89, e540 / e541: 0.81x to 0.95x the time), then the unsplit 256 x 128
// tiles, M split at 4096 rows.
// Before them the register variants to M = 16, then register-A tiles of
// 64 channels over 32 and 64 tokens in 8 clustered K slices (128 blocks)
// to M = 32 and 64, where until v85 32-row blocks and the 64-channel
// 16-row blocks ran (64 blocks, each weight converted once a row of them:
// e496 / e499, 0.83x to 0.94x the time; the grid of 64-row blocks, 16
// warps of 128 registers, spilled and ran 1.6x slower), and over 80 and 96
// tokens to M = 80 and 96 before the 128 x 128 tiles (v85, e503: 0.83x to
// 0.93x the time).
// SM90A-LABEL: func @w4a16_n1024_k4096
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 8, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 8, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 8, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 64, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 64, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 1280, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 2048, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 3072, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 4096, row_rest = 2048>]
func.func @w4a16_n1024_k4096(%x: memref<?x4096xf16>, %wq: memref<512x1024xi32>, %s: memref<1024xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x1024xi32>, memref<1024xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 1152 x 4096 (18 columns of 64): the 64-channel tiles of one warpgroup
// in two clustered slices over 192 tokens to M = 576 and 256 to 768 (one
// wave each), the one-warpgroup 128 x 128 tiles in two slices to M = 896
// (126 blocks), then the 192-token tiles again to 1024, where the 128 x
// 128 tiles would be 144 blocks (v87, e525 / e526: 0.72x to 0.98x the
// time at M = 897 to 1024).
// SM90A-LABEL: func @w4a16_n1152_k4096
// SM90A: #qgemm.config<cta_tile = [192, 64, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 576, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 64, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 896, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 64, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, max_m = 1344, mma = wgmma, operands = register_a, copy = tma_producer>
func.func @w4a16_n1152_k4096(%x: memref<?x4096xf16>, %wq: memref<512x1152xi32>, %s: memref<1152xf16>, %y: memref<?x1152xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x1152xi32>, memref<1152xf16>) outs(%y : memref<?x1152xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 640 x 4096 (5 columns of 128): the one-warpgroup 128 x 128 tiles in two
// clustered slices serve M = 1025 to 1664 (at most 130 blocks); past it
// they would pass one wave, and tiles of 128 channels (two warpgroups) in
// two clustered slices take M = 1665 to 2048: over 256 tokens in v87 (80
// blocks; e527: 0.93x to 0.94x the time), over 160 since v91 (130 blocks;
// addW4A16TallSplitTokenBands, e559: 0.78x to 0.88x on 5-column layers).
// Past M = 2048 the unsplit ones would be 45 to 65
// blocks: the same tiles in two slices over 192 tokens to M = 2496 and 256
// to 3328 (each grid one wave; addW4A16FewColumnTallSplitTiles, v88, e535 /
// e536: 0.48x to 0.69x the time), then to M = 4096 unsplit ones over 192
// tokens (90 to 110 blocks, one wave, where those of 256 tokens are 70 to
// 80: addW4A16FewColumnTallTiles, v89, e540 / e541: 0.81x to 0.95x the
// time), then over 256: one wave to M = 6656 (130 blocks), where a second
// round would start; M = 6657 to 9984 runs 6656 rows on them and the rest
// (half of B at most) as a call of its own (addW4A16LastWaveRestCut to B =
// 8192, v90, e549 / e550 / e552: 0.59x to 0.85x the time).
// SM90A-LABEL: func @w4a16_n640_k4096
// SM90A: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 1664, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 2048, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 2496, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 3328, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 4096, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6656, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 9984, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 6656, row_rest = 3328>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n640_k4096(%x: memref<?x4096xf16>, %wq: memref<512x640xi32>, %s: memref<640xf16>, %y: memref<?x640xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x640xi32>, memref<640xf16>) outs(%y : memref<?x640xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 512 x 4096 (four columns of 128 channels): no clustered 2-slice 256 x 128
// tiles at M = 1025 to 2048, whose grid there (40 blocks at M = 1025) stays
// under the 80 blocks where they were measured faster (v52): 128 x 128
// tiles in two clustered slices to M = 2048. From M = 2049, where
// one-warpgroup unsplit bands of 64 to 128 tokens served to 4096 before
// v91, two-warpgroup tiles in two clustered slices over 192 tokens to M =
// 3072 and 256 to 4096, each grid one wave (addW4A16FewColumnTallSplitTiles
// from the bands, e560 / e562: 0.74x to 0.91x the time), then 256 x 128.
// SM90A-LABEL: func @w4a16_n512_k4096
// SM90A: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 2048, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 3072, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 4096, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n512_k4096(%x: memref<?x4096xf16>, %wq: memref<512x512xi32>, %s: memref<512xf16>, %y: memref<?x512xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x512xi32>, memref<512xf16>) outs(%y : memref<?x512xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 384 x 8192 (three columns of 128 channels): the two-slice tiles of two
// warpgroups go on past M = 4096 as far as each grid is one wave (3
// columns: 22 rows): over 192 tokens to M = 4224 and 256 to 5632, where
// the unsplit 256 x 128 tiles (51 to 66 blocks) served before v91
// (addW4A16FewColumnTallSplitTiles, e562: 384 x 8192 pc at M = 4224 81.2 ->
// 42.0 us, 0.52x to 0.63x the time at M = 4224 to 5632).
// SM90A-LABEL: func @w4a16_n384_k8192
// SM90A: #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 4224, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 5632, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n384_k8192(%x: memref<?x8192xf16>, %wq: memref<1024x384xi32>, %s: memref<384xf16>, %y: memref<?x384xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x384xi32>, memref<384xf16>) outs(%y : memref<?x384xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// Layers of released models outside the harness (v43, sm_90a). 18944 x
// 3584 (34 MiB, 56 K tiles): the 32-row blocks that served M = 17 to 32
// (592 blocks of 2 warps resident in one wave at 168 registers a thread)
// walk 14 chunks a warp, rolled: since v65 the register-A tiles below over
// 32 tokens serve M = 17 to 32 (0.78x the time) and over 48 tokens 33 to
// 48; 64 x 128 register-A tiles in 4 clustered slices of 14 K
// tiles (148 columns of them: 592 blocks, per-channel scales; 64 x 64 in
// 4 unclustered slices before v51, and before v43 no variant served
// M = 17 to 128 but 128 x 256 tiles, unsplit). M = 129 to 224 (v71):
// bands of 160, 192 and 224 tokens and 192 channels, three warpgroups on
// the cp.async ring (99 columns, one wave, where the 128 x 128 tiles made
// two rows of 148), then the 128 x 128 tiles to 256.
// M = 65 to 128 the same on bands of 80, 96, 112 and 128 tokens (the
// chain's M = 80 variant, 128 x 256 tiles, is unsplit).
// SM90A-LABEL: func @w4a16_n18944_k3584
// SM90A: #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 4, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>
// SM90A-SAME: , #qgemm.config<cta_tile = [80, 192, 64], warp_tile = [80, 64], stages = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 192, 64], warp_tile = [96, 64], stages = 4, max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 192, 64], warp_tile = [112, 64], stages = 4, max_m = 112, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 192, 64], warp_tile = [128, 64], stages = 4, max_m = 128, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [160, 192, 64], warp_tile = [160, 64], stages = 4, max_m = 160, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [192, 192, 64], warp_tile = [192, 64], stages = 4, max_m = 192, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [224, 192, 64], warp_tile = [224, 64], stages = 4, max_m = 224, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 256, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>
func.func @w4a16_n18944_k3584(%x: memref<?x3584xf16>, %wq: memref<448x18944xi32>, %s: memref<18944xf16>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%wq, %s : memref<448x18944xi32>, memref<18944xf16>) outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 14336 x 4096 with zero points (29 MiB): 32-row blocks at M = 17 to 32
// (448 blocks of 3 warps); on sm_90 (no wgmma, not measured) the 16-row
// blocks stop at M = 16 and the ring follows. Its 112 columns of 128-channel
// tiles are one row of a wave (addW4A16OneWaveBands): M = 65 to 96 on
// 96-token tiles, 129 to 224 on 160, 192 and 224 tokens before the 256 x 128
// tiles of M <= 256.
// SM90A-LABEL: func @w4a16_n14336_k4096_g128z
// SM90A: max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 384], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, max_m = 96, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64]
// SM90A-SAME: max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 192, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 256,
// CHECK-LABEL: func @w4a16_n14336_k4096_g128z
// CHECK: #qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, max_m = 256>
func.func @w4a16_n14336_k4096_g128z(%x: memref<?x4096xf16>, %wq: memref<512x14336xi32>, %s: memref<32x14336xf16>, %z: memref<32x1792xi32>, %y: memref<?x14336xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s, %z : memref<512x14336xi32>, memref<32x14336xf16>, memref<32x1792xi32>) outs(%y : memref<?x14336xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// 5120 x 13824: 160 blocks of 7 warps hold one a multiprocessor at 168
// registers, two waves: no 32-row blocks (1.12 to 1.38x slower, v43), two
// rows of 16-row blocks to M = 32, then 64 x 128 tiles in 8 slices (since
// v65 the 16-row blocks stop at M = 16, where their split grid of 1280
// blocks would be two rows of more than one a multiprocessor: the same
// tiles over 32 and 48 tokens take M = 17 to 48). The
// 16-row grid of 160 blocks is one to two a multiprocessor with 16 chunks a
// warp: to M = 32 its K goes in 4 slices of 4 warps (640 blocks, 20 warps a
// multiprocessor; v46), on sm_90a only (sm_80 and the default chip keep
// the unsplit blocks), after the rules that read the 16-row variant (still
// no 32-row blocks).
// SM90A-LABEL: func @w4a16_n5120_k13824
// SM90A: #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, split_k = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, split_k = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 8, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 128, 64], warp_tile = [80, 128], stages = 4, split_k = 8, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, split_k = 8, max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64]
// SM90A-NOT: cta_tile = [32, 32
// CHECK-LABEL: func @w4a16_n5120_k13824
// CHECK-NOT: split_k = 4, max_m = 8,
// CHECK: func.func
// SM80-LABEL: func @w4a16_n5120_k13824
// SM80-NOT: split_k = 4, max_m = 8,
// SM80: func.func
func.func @w4a16_n5120_k13824(%x: memref<?x13824xf16>, %wq: memref<1728x5120xi32>, %s: memref<5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x13824xf16>) weights(%wq, %s : memref<1728x5120xi32>, memref<5120xf16>) outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 5120 x 28672 with zero points: split to M = 8 only; past it the split
// chain (14 chunks a warp) would still be rolled, and spilled (356 bytes
// at 96 registers, 1.11x to 1.27x the time, v46). The unsplit one walks
// 56 chunks a warp: to M = 16 only, then the 32-token register-A tiles.
// SM90A-LABEL: func @w4a16_n5120_k28672_g128z
// SM90A: #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 896], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 8, max_m = 48, mma = wgmma, operands = register_a>
func.func @w4a16_n5120_k28672_g128z(%x: memref<?x28672xf16>, %wq: memref<3584x5120xi32>, %s: memref<224x5120xf16>, %z: memref<224x640xi32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x28672xf16>) weights(%wq, %s, %z : memref<3584x5120xi32>, memref<224x5120xf16>, memref<224x640xi32>) outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// 5120 x 13824 with groups of 32: split from M = 9 to 16 only (then the
// 32-token register-A tiles); at M <= 8
// the split blocks' per-block scale sums spilled (1.06x to 1.12x the time,
// v46).
// SM90A-LABEL: func @w4a16_n5120_k13824_g32
// SM90A: #qgemm.config<cta_tile = [16, 32, 896], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 1, split_k = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 8, max_m = 48, mma = wgmma, operands = register_a>
func.func @w4a16_n5120_k13824_g32(%x: memref<?x13824xf16>, %wq: memref<1728x5120xi32>, %s: memref<432x5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x13824xf16>) weights(%wq, %s : memref<1728x5120xi32>, memref<432x5120xf16>) outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>}
  return
}

// 5120 x 6144: the same 160 blocks, 7 chunks a warp: unsplit (the split
// was measured faster from 10 chunks a warp, 5120 x 8192, and no faster at
// 6, 5120 x 5120; v46).
// SM90A-LABEL: func @w4a16_n5120_k6144
// SM90A: #qgemm.config<cta_tile = [16, 32, 896], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>
func.func @w4a16_n5120_k6144(%x: memref<?x6144xf16>, %wq: memref<768x5120xi32>, %s: memref<5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x6144xf16>) weights(%wq, %s : memref<768x5120xi32>, memref<5120xf16>) outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 8192 x 28672: 256 blocks, also one to two a multiprocessor, but in 4
// slices they would be 32 warps a multiprocessor, whose launch bounds leave
// 64 registers a thread (416 bytes spilled, g128z 2.0x the time, v46): the
// 16-row blocks stay unsplit.
// SM90A-LABEL: func @w4a16_n8192_k28672
// SM90A: #qgemm.config<cta_tile = [16, 32, 640], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 640], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>
func.func @w4a16_n8192_k28672(%x: memref<?x28672xf16>, %wq: memref<3584x8192xi32>, %s: memref<8192xf16>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x28672xf16>) weights(%wq, %s : memref<3584x8192xi32>, memref<8192xf16>) outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 6144 x 4096 (12 MiB, K = 4096): the 32-row blocks, then no 64-row blocks
// (past 9 MiB each 32-channel block reads X again from L2) and no
// 64-channel variant, whose three rows of blocks (288) take a third wave:
// the 64 x 64 tiles from M = 33 (over 48 tokens to M = 48, v65). M = 97 to
// 128: 112-token then 128 x 64 tiles where the 128 x 128 tiles in two slices
// would make 192 blocks (v83). M = 129 to 256: the token bands of v70 / v71
// (96 blocks, 64 K tiles).
// SM90A-LABEL: func @w4a16_n6144_k4096
// SM90A: #qgemm.config<cta_tile = [16, 32, 768], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 768], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 4, max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64]
// SM90A-SAME: max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 192, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, split_k = 2, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 320,
func.func @w4a16_n6144_k4096(%x: memref<?x4096xf16>, %wq: memref<512x6144xi32>, %s: memref<6144xf16>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x6144xi32>, memref<6144xf16>) outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 5120 x 5120 (K past 4096, no 32-row blocks: one block of 7 warps a
// multiprocessor): the 64-channel variant's two rows of 80 blocks at M = 17
// to 32 are more than one a multiprocessor, so (v65) the 64 x 64 tiles
// over 32, 48 and 64 tokens serve M = 17 to 64 (0.78x the time at 17 to
// 32).
// M = 129 to 256 (v71): one row of token bands of 160 to 256 tokens in
// two clustered K slices (80 blocks, three fifths of the multiprocessors,
// 80 K tiles), where v66 had three rows of 64-token tiles to M = 192.
// SM90A-LABEL: func @w4a16_n5120_k5120
// SM90A: #qgemm.config<cta_tile = [16, 32, 896], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 4, max_m = 32, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 4, max_m = 96, mma = wgmma, operands = register_a>
// SM90A-SAME: , #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 192, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, split_k = 2, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, max_m = 288,
func.func @w4a16_n5120_k5120(%x: memref<?x5120xf16>, %wq: memref<640x5120xi32>, %s: memref<5120xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%wq, %s : memref<640x5120xi32>, memref<5120xf16>) outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 2560 x 10240: the 64-channel variant's three rows of blocks (120) are one
// wave, so it serves M = 17 to 48; the 64 x 128 tiles (160 K tiles) after.
// Their 20 columns in 8 slices are 160 blocks, under 1.5 a multiprocessor:
// no 80- and 96-token split tiles (measured slower there). Its 20 columns
// of 128-channel tiles make six rows a wave: M = 385 to 768 runs 256 x 128
// tiles in two clustered K slices (two and three rows: 80 and 120 blocks;
// addW4A16TallSplitBand, v86), the 256 x 128 tiles of 769 to 1536 start
// with 160, 192 and 224 tokens to 960, 1152 and 1344.
// SM90A-LABEL: func @w4a16_n2560_k10240
// SM90A: #qgemm.config<cta_tile = [16, 64, 2048], warp_tile = [16, 64], stages = 4, max_m = 48, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a>
// SM90A-NOT: cta_tile = [{{80|96}}, {{[0-9]+}}, 64], warp_tile = [{{[0-9]+}}, {{[0-9]+}}], stages = 4, split_k
// M = 129 to 256 (v71): token bands in four clustered slices (80 blocks).
// SM90A: #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 4, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>
// SM90A: split_k = 2, max_m = 384, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 960, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 1152, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, max_m = 1344, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1536,
func.func @w4a16_n2560_k10240(%x: memref<?x10240xf16>, %wq: memref<1280x2560xi32>, %s: memref<2560xf16>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x10240xf16>) weights(%wq, %s : memref<1280x2560xi32>, memref<2560xf16>) outs(%y : memref<?x2560xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 8960 x 1536 (24 K tiles): the 64-channel variant keeps M = 33 to 48, the
// 64 x 64 tiles in 4 slices of 6 K tiles take 49 to 64.
// SM90A-LABEL: func @w4a16_n8960_k1536
// SM90A: #qgemm.config<cta_tile = [32, 32, 512], warp_tile = [32, 32], max_m = 32, operands = registers>, #qgemm.config<cta_tile = [16, 64, 768], warp_tile = [16, 64], stages = 2, max_m = 48, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 2, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 2, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 64]
func.func @w4a16_n8960_k1536(%x: memref<?x1536xf16>, %wq: memref<192x8960xi32>, %s: memref<8960xf16>, %y: memref<?x8960xf16>) {
  qgemm.matmul lhs(%x : memref<?x1536xf16>) weights(%wq, %s : memref<192x8960xi32>, memref<8960xf16>) outs(%y : memref<?x8960xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// BSR 5120 x 5120 (160 block rows, each split in 2: 320 thread blocks):
// the M <= 8 register variant keeps 8 warps a block; with two token tiles
// (M = 9 to 16) a multiprocessor holds two blocks of 8 warps, so the split
// grid takes 4 warps a block for one wave (v43). sm_80 keeps 8 (not
// measured).
// CHECK-LABEL: func @bsr_5120
// CHECK: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>
// SM90A-LABEL: func @bsr_5120
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>
// Past M = 768 its 40 groups of four block rows in 256-row union tiles
// take a second wave (160 blocks); three rows of tiles fill 120 of the 132
// multiprocessors, so the bounded 256-row tiles (M = 769 to 1024) cut M
// at 768 rows, the rest a call of its own, while the unbounded ones keep
// the cut at 3328 rows (13 rows of tiles, 98% of four waves; v44).
// SM90A: #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 768, row_rest = 384>
// SM90A: #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 3328, row_rest = 512>
// SM80-LABEL: func @bsr_5120
// SM80: configs = [#qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>
func.func @bsr_5120(%x: memref<?x5120xf16>, %row_ptr: memref<161xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%row_ptr, %col_idx, %blocks : memref<161xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x5120xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR 14336 x 4096 (448 block rows, one thread block each; the slices of
// a split row are work items): blocks of 4 warps at M = 9 to 16 fit three
// a multiprocessor (1.13 waves), blocks of 3 warps four (one wave): 1 wave
// of 1/3 against 2 of 1/4, so 3 warps (BK = 384; v45). The M <= 8 variant
// keeps 4; sm_80 keeps 4 (not measured).
// SM90A-LABEL: func @bsr_14336
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>
// SM80-LABEL: func @bsr_14336
// SM80: configs = [#qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>
func.func @bsr_14336(%x: memref<?x4096xf16>, %row_ptr: memref<449xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x14336xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%row_ptr, %col_idx, %blocks : memref<449xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x14336xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// 32000 x 4096 (Llama-2-7B's LM head): 125 columns of 128 x 256 tiles fill
// 90% of the 132 multiprocessors unsplit, so the split 64 x 64 register-A
// tiles of M = 33 to 64 are left out and the 128 x 256 ones take M = 33
// on (0.84x to 0.88x the time, v47). Since v65 the register variant (16
// chunks a warp) stops at M = 16 and 32-token register-A tiles of 128
// channels take 17 to 32, in 4 clustered K slices (250 columns: 1000
// blocks, at most 8 a multiprocessor; 0.86x to 0.88x the time).
// SM90A-LABEL: func @w4a16_n32000_k4096
// SM90A: #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 4, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer>
// SM90A-NOT: split_k = 4, max_m = 64
// SM90A: return
func.func @w4a16_n32000_k4096(%x: memref<?x4096xf16>, %wq: memref<512x32000xi32>, %s: memref<32000xf16>, %y: memref<?x32000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x32000xi32>, memref<32000xf16>) outs(%y : memref<?x32000xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// A static M is one call of the stub: no variant cuts it (row_split), which
// the verifier would refuse; here BSR 1024 x 1024 at M = 64, whose dynamic
// form cuts its unbounded 256-row union tiles.
// SM90A-LABEL: func @bsr_static_m64
// SM90A-NOT: row_split
// SM90A: return
func.func @bsr_static_m64(%x: memref<64x1024xf16>, %rp: memref<33xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<64x1024xf16>) {
  qgemm.matmul lhs(%x : memref<64x1024xf16>) weights(%rp, %ci, %b : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<64x1024xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// 768 x 2048 (a Qwen3-30B-A3B expert): 24 blocks of 128 x 128 tiles in 4
// slices at M = 128, so M = 65 to 256 go to 64 x 64 tiles in 4 slices of
// 8 K tiles (clustered to M = 128: 96 blocks); 16384 x 3072 with zero
// points (48 K tiles): no 64-channel register variant at M = 33 to 48,
// the split 64 x 64 tiles from M = 33 (v47; over 48 tokens to M = 48
// since v65). Past the 64 x 64 tiles, M = 257 to 512 on 128 x 64 tiles in
// two clustered slices (v66: 4 rows x 12 columns x 2 slices, 96 blocks).
// M = 17 to 96 on 32-, 64-, 80- and 96-token tiles of 64 channels, in 8
// clustered slices (v85, e496 / e499 / e503: 0.80x to 0.95x the time of
// the register variants and of the 64 x 64 tiles in 4 slices).
// SM90A-LABEL: func @w4a16_n768_k2048
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 8, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 8, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 128, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>,
func.func @w4a16_n768_k2048(%x: memref<?x2048xf16>, %wq: memref<256x768xi32>, %s: memref<768xf16>, %y: memref<?x768xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%wq, %s : memref<256x768xi32>, memref<768xf16>) outs(%y : memref<?x768xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w4a16_n16384_k3072_g128z
// SM90A-NOT: cta_tile = [160, 192, 64]
// SM90A: #qgemm.config<cta_tile = [32, 32, 384], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>
// SM90A-NOT: cta_tile = [160, 192, 64]
// SM90A: return
func.func @w4a16_n16384_k3072_g128z(%x: memref<?x3072xf16>, %wq: memref<384x16384xi32>, %s: memref<24x16384xf16>, %z: memref<24x2048xi32>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>) weights(%wq, %s, %z : memref<384x16384xi32>, memref<24x16384xf16>, memref<24x2048xi32>) outs(%y : memref<?x16384xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// W8A8 512 x 3584 (Qwen2-7B's key and value projections): 64 x 128 tiles
// in two slices gave 32 blocks at M = 256; the 64 x 64 tiles in two
// clustered slices run on to M = 512, their last row of one wave (8
// columns x 2 slices x 8 rows = 128 blocks; v47). Past it the two-slice
// tiles are 128 x 64 (two warpgroups) on 8 stages to their one-wave M,
// 1024, instead of 64 x 128 on 4 (tallenNarrowSplitTiles, v58).
// SM90A-LABEL: func @w8a8_n512_k3584
// SM90A: operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 1024, mma = wgmma, cluster_split = true>
func.func @w8a8_n512_k3584(%x: memref<?x3584xf16>, %w: memref<512x3584xi8>, %sw: memref<512xf32>, %y: memref<?x512xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%w, %sw : memref<512x3584xi8>, memref<512xf32>) outs(%y : memref<?x512xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// Where the rules above do not reach: W8A8 1408 x 256 (2 K tiles: its
// wgmma rings keep 3 stages, the verifier's least, and the small-layer
// tiles need 8 K tiles); W4A16 32064 x 4096 (N not a multiple of 256: no
// 128 x 256 tiles, so the split 64 x 64 ones stay at M = 49 to 64); W4A16
// 896 x 192 (no register variants: no small-layer tiles at M = 1 to 256).
// The RUN lines parse the configured IR again.
// SM90A-LABEL: func @w8a8_n1408_k256
// SM90A: #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], max_m = 2304, mma = wgmma>
func.func @w8a8_n1408_k256(%x: memref<?x256xf16>, %w: memref<1408x256xi8>, %sw: memref<1408xf32>, %y: memref<?x1408xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<1408x256xi8>, memref<1408xf32>) outs(%y : memref<?x1408xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w4a16_n32064_k4096
// SM90A: #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>
func.func @w4a16_n32064_k4096(%x: memref<?x4096xf16>, %wq: memref<512x32064xi32>, %s: memref<32064xf16>, %y: memref<?x32064xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x32064xi32>, memref<32064xf16>) outs(%y : memref<?x32064xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w4a16_n896_k192
// K = 192: register variants of two 128-K chunks, one a warp, the second
// half past K, to M = 64; the tile rules weigh K as its neighbour's 256 (4 K
// tiles): the small layer's 64 x 64 tiles in two clustered slices (of 2 and
// 1 K tiles) to M = 256. Seven columns of 128-channel tiles make 18 rows a
// wave: 64- and 96-token tiles before the 128 x 128 ones
// (addW4A16OneWaveBands).
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 256], warp_tile = [32, 32], stages = 1, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [16, 64, 256], warp_tile = [16, 64], stages = 1, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 1152, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, max_m = 1728, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 2048,
func.func @w4a16_n896_k192(%x: memref<?x192xf16>, %wq: memref<24x896xi32>, %s: memref<896xf16>, %y: memref<?x896xf16>) {
  qgemm.matmul lhs(%x : memref<?x192xf16>) weights(%wq, %s : memref<24x896xi32>, memref<896xf16>) outs(%y : memref<?x896xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// W4A16 with a static M whose dynamic chain has a row split (4096 x 11008
// g128 at M = 64).
// SM90A-LABEL: func @w4a16_static_m64
// SM90A-NOT: row_split
// SM90A: return
func.func @w4a16_static_m64(%x: memref<64x11008xf16>, %wq: memref<1376x1024xi32>, %s: memref<86x1024xf16>, %y: memref<64x1024xf16>) {
  qgemm.matmul lhs(%x : memref<64x11008xf16>) weights(%wq, %s : memref<1376x1024xi32>, memref<86x1024xf16>) outs(%y : memref<64x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// BSR, N = 2080 (17 groups of 4 block rows), K = 11008 on sm_90a: the
// union tiles of M = 65 to 256 on the producer's ring in pairs in 132 / 17
// = 7 slices to M = 128 (119 blocks) and 3 to 256; the 128-row ones
// unsplit on it while one wave (132 / 17 = 7 rows of tiles: M <= 896),
// then the 256-row ones. The one-row tiles keep their own bounds: 11
// slices to M = 256, 6 (slices of at most 64 of the 344 columns) to 1024,
// 2 planned ones to 2048, unsplit after; the row variant at 896 is the one
// of M <= 1024.
// SM90A-LABEL: func @bsr_n2080_k11008
// SM90A: configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, split_k = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 14, max_m = 64, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 11, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 7, max_m = 128, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 11, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 3, max_m = 256, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 11, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 896, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 6, max_m = 896, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, min_fill = 35, copy = tma_producer>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 6, max_m = 1024, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 1792, row_rest = 896>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 2, max_m = 2048, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer, row_split = 3840, row_rest = 1408>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>]
func.func @bsr_n2080_k11008(%x: memref<?x11008xf16>, %rp: memref<66xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x2080xf16>) {
  qgemm.matmul lhs(%x : memref<?x11008xf16>) weights(%rp, %ci, %b : memref<66xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x2080xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR with K of 4 block columns: the union tiles split in at most 4 slices
// (one a block column; the group count alone asked for 8); K holds 2 pair
// tiles, fewer than the 4 slices that make one wave at M <= 128, so the
// tiles of M = 65 to 256 stay on cp.async in 4 slices.
// SM90A-LABEL: func @bsr_n4096_k128
// SM90A: #qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 64, mma = wgmma, min_fill = 35>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 256, mma = wgmma, min_fill = 35>
func.func @bsr_n4096_k128(%x: memref<?x128xf16>, %rp: memref<129xi32>, %ci: memref<?xi32>, %b: memref<?x32x32xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x128xf16>) weights(%rp, %ci, %b : memref<129xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x4096xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// BSR union tiles on the producer's TMA ring take K tiles of two block
// columns while their ring and tables fit the shared memory: K = 46272
// (1446 block columns) needs 232416 of the 232448 bytes sm_90a allows, K =
// 53248 (Llama-3.1-405B's down projection) would need 237648 and keeps K
// tiles of one column.
// SM90A-LABEL: func @bsr_k46272
// SM90A: #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer,
// SM90A-LABEL: func @bsr_k53248
// SM90A: #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, min_fill = 35, copy = tma_producer,
func.func @bsr_k46272(%x: memref<?x46272xf16>, %row_ptr: memref<9xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x46272xf16>) weights(%row_ptr, %col_idx, %blocks : memref<9xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x256xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
func.func @bsr_k53248(%x: memref<?x53248xf16>, %row_ptr: memref<9xi32>, %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x53248xf16>) weights(%row_ptr, %col_idx, %blocks : memref<9xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%y : memref<?x256xf16>) {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}

// W8A8 5000 x 4096: the 256 x 144 tiles of M = 513 to 640 (three rows of
// 35 columns, 105 of 132 blocks) give the whole range to 128 x 208 tiles
// (24 columns, five rows: 120 blocks, 0.72 of the 256 x 144 tile's work):
// the band reaches the variant's bound, which is then dropped, not kept
// with the same max_m (the RUN lines parse the chain again). At M = 385 to
// 512 its 128 x 128 tiles of two blocks a multiprocessor (160 blocks) give
// way to four rows of 128 x 160 bands (bandW8A8PairTiles; v77, e380: 0.61x
// to 0.62x the time), and at 641 to 768 to five rows of 128 x 240 bands
// (v78, e382: 0.70x / 0.71x at 704 / 768).
// SM90A-LABEL: func @w8a8_n5000_k4096
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 512, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 240, 128], warp_tile = [64, 240], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>
// SM90A-NOT: max_m = 640,
// SM90A: return
func.func @w8a8_n5000_k4096(%x: memref<?x4096xf16>, %w: memref<5000x4096xi8>, %sw: memref<5000xf32>, %y: memref<?x5000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<5000x4096xi8>, memref<5000xf32>) outs(%y : memref<?x5000xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 4096 x 2048: the 64 x 64 tiles in two clustered slices keep their
// two bounds (M <= 64 at most one block a multiprocessor, 8 stages; to 128
// with 4), which the column bands' pass (160 and 192 columns at M = 513 to
// 768) must not merge.
// SM90A-LABEL: func @w8a8_n4096_k2048
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>
func.func @w8a8_n4096_k2048(%x: memref<?x2048xf16>, %w: memref<4096x2048xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<4096x2048xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W4A16 K = 4032 (63 K tiles, K % 128 = 64) gets the chain of its
// multiple-of-128 neighbour K = 4096, variant for variant: the register
// variants (the last 128-K chunk masked half way) and the split tiles the
// tile rules weigh with the neighbour's 64 K tiles (the kernels' last slice
// one K tile shorter). Until v62 it had neither: ring tiles at every M,
// 1.4x to 5x slower at M <= 64 (perf notes v62).
// SM90A-LABEL: func @w4a16_n1024_k4032_g64
// SM90A: qgemm.matmul {{.*}} {configs = [[$CHAIN:.*]], lhs_encoding
// SM90A-LABEL: func @w4a16_n1024_k4096_g64
// SM90A: qgemm.matmul {{.*}} {configs = [[$CHAIN]], lhs_encoding
func.func @w4a16_n1024_k4032_g64(%x: memref<?x4032xf16>, %wq: memref<504x1024xi32>, %s: memref<63x1024xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4032xf16>) weights(%wq, %s : memref<504x1024xi32>, memref<63x1024xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>}
  return
}
func.func @w4a16_n1024_k4096_g64(%x: memref<?x4096xf16>, %wq: memref<512x1024xi32>, %s: memref<64x1024xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x1024xi32>, memref<64x1024xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>}
  return
}

// W4A16 K = 192 (three K tiles): the chain of K = 256 splits its 128 x 128
// tiles in four, more slices than K has tiles, which the verifier refuses
// (a valid matmul failed to configure until v77, found by
// scripts/fuzz-compile.py); the split is clamped to two.
// SM90A-LABEL: func @w4a16_n128_k192_g32z
// SM90A: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, operands = register_a
// SM90A-NOT: split_k = 4
// SM90A: return
func.func @w4a16_n128_k192_g32z(%x: memref<?x192xf16>, %wq: memref<24x128xi32>, %s: memref<6x128xf16>, %z: memref<6x16xi32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x192xf16>) weights(%wq, %s, %z : memref<24x128xi32>, memref<6x128xf16>, memref<6x16xi32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
  return
}

// W8A8 6816 x 7008 (K not a multiple of 128, N >= 6144): M = 65 to 256 on
// its neighbour 6784 x 7040's tiles, 128 x 64 to M = 128, 192 x 112 in two
// clustered slices to 192 (v82, e448: 0.93x to 0.95x the time of the
// unsplit 128 x 128), then unsplit 128 x 128, all on cp.async rings (since
// v64: 0.87x to 0.90x the time of the 64 x 128 split tiles and 128 x 128
// TMA tiles before at M = 128 to 256, e245); past 256 the TMA rings of the
// K edge.
// SM90A-LABEL: func @w8a8_n6816_k7008
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [192, 112, 128], warp_tile = [64, 112], stages = 5, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>
func.func @w8a8_n6816_k7008(%x: memref<?x7008xf16>, %w: memref<6816x7008xi8>, %sw: memref<6816xf32>, %y: memref<?x6816xf16>) {
  qgemm.matmul lhs(%x : memref<?x7008xf16>) weights(%w, %sw : memref<6816x7008xi8>, memref<6816xf32>) outs(%y : memref<?x6816xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 4904 x 6176 (N of 4096 to 6143) keeps the 128 x 128 TMA tiles at M
// = 129 to 256 (its neighbour's cp.async tiles were 1.10x to 1.12x slower
// at 65 / 96, e245, and 1.07x to 1.11x at 160 to 256 once the quantized
// activation's rows were aligned, v79 e409), but takes one row of unsplit
// 128 x 64 tiles on the producer's ring at M = 65 to 128 (v79, e410: 0.83x
// to 0.89x the time of the 64 x 128 tiles in two slices; on the
// consumers' ring 1.09x to 1.20x).
// SM90A-LABEL: func @w8a8_n4904_k6176
// SM90A: #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 256, mma = wgmma, copy = tma>,
func.func @w8a8_n4904_k6176(%x: memref<?x6176xf16>, %w: memref<4904x6176xi8>, %sw: memref<4904xf32>, %y: memref<?x4904xf16>) {
  qgemm.matmul lhs(%x : memref<?x6176xf16>) weights(%w, %sw : memref<4904x6176xi8>, memref<4904xf32>) outs(%y : memref<?x4904xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// 5576 x 5024 the same (e410: 0.81x to 0.85x); not where the caller
// quantized the activation: the already quantized 5576 x 5024 takes its
// neighbour's 128 x 128 tiles in two clustered slices at M = 65 to 128
// (v82, e450: 0.78x to 0.82x the time of 64 x 128 in two slices).
// SM90A-LABEL: func @w8a8_n5576_k5024
// SM90A: #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma, copy = tma_producer>
func.func @w8a8_n5576_k5024(%x: memref<?x5024xf16>, %w: memref<5576x5024xi8>, %sw: memref<5576xf32>, %y: memref<?x5576xf16>) {
  qgemm.matmul lhs(%x : memref<?x5024xf16>) weights(%w, %sw : memref<5576x5024xi8>, memref<5576xf32>) outs(%y : memref<?x5576xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n5576_k5024
// SM90A: cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>
func.func @w8a8q_n5576_k5024(%xq: memref<?x5024xi8>, %sx: memref<?xf32>, %w: memref<5576x5024xi8>, %sw: memref<5576xf32>, %y: memref<?x5576xf16>) {
  qgemm.matmul lhs(%xq : memref<?x5024xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<5576x5024xi8>, memref<5576xf32>) outs(%y : memref<?x5576xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 11304 x 5152 (89 columns of 128, N and K edges): M = 65 to 128 on
// one row of 128 x 128 tiles (89 blocks), kept by interleaveW8A8QuadTiles
// (it resampled them away for the 51 blocks of 128 x 224 tiles before v64:
// 1.16x to 1.25x the time, e255), then the interleave's 64-row steps by
// cost: 128 x 176 column bands at M = 129 to 256 and the one wave of 256 x
// 176 tiles widenW8A8QuadTiles makes at 257 to 512 (v77, e378: 0.72x to
// 0.84x the time at 336 to 464, 0.96x to 1.00x at 144 to 304); since v78
// (K off multiples of 128 counted in K tiles, 41 here) two rows of 192 x
// 176 tiles at 257 to 384 (addW8A8TripleRowWideTiles).
// SM90A-LABEL: func @w8a8_n11304_k5152
// SM90A: max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 512, mma = wgmma, copy = tma>,
func.func @w8a8_n11304_k5152(%x: memref<?x5152xf16>, %w: memref<11304x5152xi8>, %sw: memref<11304xf32>, %y: memref<?x11304xf16>) {
  qgemm.matmul lhs(%x : memref<?x5152xf16>) weights(%w, %sw : memref<11304x5152xi8>, memref<11304xf32>) outs(%y : memref<?x11304xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 4096 x 4096 on an activation already quantized (lhs_scales): the
// register variant keeps M = 17 to 32 (as fast there as at 16, v63 e233),
// where the fp16 activation's family stops it at 16 (@w8a8_4096x4096).
// Without a quantize kernel to run under, the unsplit 128 x 64 tiles of
// @w8a8_4096x4096 at M = 129 to 256 are no faster (v73, e330: 0.99x to
// 1.02x): the two-slice 128 x 128 tiles stay.
// SM90A-LABEL: func @w8a8q_n4096_k4096
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>
func.func @w8a8q_n4096_k4096(%xq: memref<?x4096xi8>, %sx: memref<?xf32>, %wq: memref<4096x4096xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>) weights(%wq, %sw : memref<4096x4096xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 14336 x 4096: the 64 x 64 tiles of M <= 64 unsplit (224 blocks)
// and one row of unsplit 128 x 128 tiles (112 blocks, 6 stages) to M =
// 128: those from M = 49 (v71, e305 / e308: 0.93x the time at M = 49 to
// 64; 13824 x 5120 0.89x). Not where the M = 65 to 128 tiles are split
// (5120 x 5120 below) or 128 x 64.
// SM90A-LABEL: func @w8a8_n14336_k4096
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, max_m = 48, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>
// M = 129 to 192 on 192 x 112 tiles (three warpgroups, TMA ring; 128
// blocks) before the 128 x 224 bands, which one wave holds: no 256-row
// tiles (v72, e311: 0.88x to 0.91x the time at M = 144 to 192).
// SM90A-SAME: #qgemm.config<cta_tile = [192, 112, 128], warp_tile = [64, 112], stages = 4, max_m = 192, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>
func.func @w8a8_n14336_k4096(%x: memref<?x4096xf16>, %w: memref<14336x4096xi8>, %sw: memref<14336xf32>, %y: memref<?x14336xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<14336x4096xi8>, memref<14336xf32>) outs(%y : memref<?x14336xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 2560 x 10240 (80 K tiles, 20 columns of 128): in two clustered K
// slices, 64 x 80 tiles at M = 65 to 128 and 128 x 80 at 129 to 256 (128
// blocks, 8 stages) where 128 x 64 and 128 x 128 tiles gave 80 (v72,
// e317: 0.88x to 0.92x the time); the 128 x 128 tiles at M = 257 to 384
// (three rows, 120 blocks, 6 stages) before the tail-split 128 x 256 tiles
// (e315: 0.80x to 0.81x).
// SM90A-LABEL: func @w8a8_n2560_k10240
// SM90A: #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 80, 128], warp_tile = [64, 80], stages = 8, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 80, 128], warp_tile = [64, 80], stages = 8, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 384, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 512, mma = wgmma, tail_split = 8, copy = tma_producer>
func.func @w8a8_n2560_k10240(%x: memref<?x10240xf16>, %w: memref<2560x10240xi8>, %sw: memref<2560xf32>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x10240xf16>) weights(%w, %sw : memref<2560x10240xi8>, memref<2560xf32>) outs(%y : memref<?x2560xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 28672 x 4096: one wave of its columns would need 224-column
// tiles, past the 112 to 144 the 192- and 256-row tiles were measured at
// (a 256 x 224 ring of 4 stages would not fit the shared memory): M = 129
// on keeps the chain's 128-row tiles, and the chain verifies (RUN lines).
// SM90A-LABEL: func @w8a8_n28672_k4096
// SM90A-NOT: cta_tile = [192,
// SM90A-NOT: cta_tile = [256,
// SM90A: return
func.func @w8a8_n28672_k4096(%x: memref<?x4096xf16>, %w: memref<28672x4096xi8>, %sw: memref<28672xf32>, %y: memref<?x28672xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<28672x4096xi8>, memref<28672xf32>) outs(%y : memref<?x28672xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 12288 x 3072: its 128 x 256 tiles pass one wave first at M = 257
// to 384 (144 blocks), before the steps the 256-row one-wave tiles were
// measured at (385 to 1024); there two rows of 192 x 192 tiles
// (addW8A8TripleRowWideTiles, v76; 24 K tiles, within the K measured
// around it, not itself measured); at 385 to 512 256 x 192 tiles (two
// rows of 64; v72, e320: 0.79x to 0.81x the time); past 512 one wave
// would need 256 columns.
// SM90A-LABEL: func @w8a8_n12288_k3072
// SM90A: #qgemm.config<cta_tile = [192, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 512, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 6>]
func.func @w8a8_n12288_k3072(%x: memref<?x3072xf16>, %w: memref<12288x3072xi8>, %sw: memref<12288xf32>, %y: memref<?x12288xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>) weights(%w, %sw : memref<12288x3072xi8>, memref<12288xf32>) outs(%y : memref<?x12288xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 18944 x 3584: past M = 128 its 128 x 256 tiles make 148 blocks,
// tail-split in 7; 192 x 144 tiles serve M = 129 to 192 and 256 x 144
// ones 193 to 256, 132 blocks each (v72, e311: 0.64x to 0.72x the time).
// SM90A-LABEL: func @w8a8_n18944_k3584
// SM90A: #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 192, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 7>]
func.func @w8a8_n18944_k3584(%x: memref<?x3584xf16>, %w: memref<18944x3584xi8>, %sw: memref<18944xf32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%w, %sw : memref<18944x3584xi8>, memref<18944xf32>) outs(%y : memref<?x18944xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// The same N on 64 K tiles, past the K the 192-row tiles were measured on:
// the 128 x 256 tiles follow M = 128 directly.
// SM90A-LABEL: func @w8a8_n18944_k8192
// SM90A: #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
func.func @w8a8_n18944_k8192(%x: memref<?x8192xf16>, %w: memref<18944x8192xi8>, %sw: memref<18944xf32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<18944x8192xi8>, memref<18944xf32>) outs(%y : memref<?x18944xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 register variants of wide layers on sm_90a (v65): where N / 16
// blocks of 8 warps (three a multiprocessor, 28 warps) are more than one
// wave, the most warps along K that divide the chunks, walk at most 16
// each and make one wave of 28 warps a multiprocessor (8192 x 2048 above:
// 512 blocks, 4 warps, seven blocks a multiprocessor; 16384 x 3072: 1024
// blocks, 3 warps of 8 chunks, nine a multiprocessor). 5120 x 5120 (320
// blocks, one wave of 8-warp blocks) keeps 8 warps, and so does 8192 x
// 28672 (512 blocks, but 224 chunks: 56 a warp on 4 were slower than 28
// on 8).
// M = 65 to 128 (v74, e345): one row of unsplit 128 x 64 tiles on the
// producer's TMA ring (80 blocks; 0.95x to 0.99x the time at M = 88 to
// 128, 1.00x to 1.01x at 65 to 80), where v71 had chosen 128 x 128 tiles
// in two clustered K slices over the 128 x 64 cp.async ones (0.83x to
// 0.91x the time). M = 129 to 192 (v72): 192 x 80
// tiles in two clustered K slices (128 blocks, 6 stages) in place of the
// unsplit 128 x 128 tiles (80 blocks; e312: 0.76x to 0.83x the time), and
// M = 193 to 256 on 256 x 80 tiles in two (5 stages; e313: 0.89x to
// 0.95x), the 128 x 128 tiles' two rows leaving 52 multiprocessors idle.
// 8192 x 2048 above (16 K tiles, 1.12x to 1.14x slower with them) keeps
// its 128 x 128 tiles from M = 129; 6144 x 4096 (96 blocks) keeps them at
// M = 193 to 256.
// SM90A-LABEL: func @w8a8_n5120_k5120
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
// SM90A-SAME: max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 80, 128], warp_tile = [64, 80], stages = 6, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [256, 80, 128], warp_tile = [64, 80], stages = 5, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, max_m = 384, mma = wgmma, cluster_split = true>
// M = 769 to 1024, where the tail-split 128 x 256 tiles' seven and eight
// rows pass one wave (140, 160 blocks): 256 x 160 tiles (four rows of 32;
// v72, e319: 0.79x to 0.82x the time).
// SM90A-SAME: #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 768, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [256, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 1024, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 1152, mma = wgmma, tail_split = 8>
func.func @w8a8_n5120_k5120(%x: memref<?x5120xf16>, %w: memref<5120x5120xi8>, %sw: memref<5120xf32>, %y: memref<?x5120xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w, %sw : memref<5120x5120xi8>, memref<5120xf32>) outs(%y : memref<?x5120xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n16384_k3072
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 384], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n16384_k3072(%x: memref<?x3072xf16>, %w: memref<16384x3072xi8>, %sw: memref<16384xf32>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>) weights(%w, %sw : memref<16384x3072xi8>, memref<16384xf32>) outs(%y : memref<?x16384xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// Not one or two warps of more than 10 chunks where the grid would keep
// fewer than 14 warps a multiprocessor (v79): 8192 x 1408 (512 blocks, one
// warp of 11 chunks: 3.9 warps a multiprocessor) and 6544 x 2720 (409
// blocks, two of 11 with the last chunk past K) take 8 warps of 2 and 3
// steps like a grid of one wave; 16384 x 2816 (1024 blocks, two of 11:
// 15.5 warps) and 6400 x 3456 (three of 9) keep theirs.
// SM90A-LABEL: func @w8a8_n8192_k1408
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n8192_k1408(%x: memref<?x1408xf16>, %w: memref<8192x1408xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x1408xf16>) weights(%w, %sw : memref<8192x1408xi8>, memref<8192xf32>) outs(%y : memref<?x8192xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n6544_k2720
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n6544_k2720(%x: memref<?x2720xf16>, %w: memref<6544x2720xi8>, %sw: memref<6544xf32>, %y: memref<?x6544xf16>) {
  qgemm.matmul lhs(%x : memref<?x2720xf16>) weights(%w, %sw : memref<6544x2720xi8>, memref<6544xf32>) outs(%y : memref<?x6544xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n16384_k2816
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n16384_k2816(%x: memref<?x2816xf16>, %w: memref<16384x2816xi8>, %sw: memref<16384xf32>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x2816xf16>) weights(%w, %sw : memref<16384x2816xi8>, memref<16384xf32>) outs(%y : memref<?x16384xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n6400_k3456
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 384], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n6400_k3456(%x: memref<?x3456xf16>, %w: memref<6400x3456xi8>, %sw: memref<6400xf32>, %y: memref<?x6400xf16>) {
  qgemm.matmul lhs(%x : memref<?x3456xf16>) weights(%w, %sw : memref<6400x3456xi8>, memref<6400xf32>) outs(%y : memref<?x6400xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W4A16 on sm_90a, M = 17 to 48 (v65): where the 64-token register-A
// tiles serve M = 33 to 64, the same tiles over 48 tokens take 33 to 48;
// over 32 tokens they take 17 to 32 from a register variant whose warps
// walk more than 12 chunks (8192 x 8192: 32-row blocks of 5 warps, 13
// chunks each). 11008 x 4096 above keeps its 32-row blocks (8 chunks, one
// wave) and gains the 48-token tiles; 2560 x 10240, whose 64-channel
// variant runs to M = 48, gains neither (below).
// SM90A-LABEL: func @w4a16_n8192_k8192
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 8, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a>
// Past M = 128 (v70): one row of token bands of 160 to 256 tokens and
// 128 channels in two clustered slices, one band each 32 of M to 256,
// where their grid (2 x 64 column tiles: 128 blocks) is three fifths of
// the multiprocessors or more and at most all of them, on K of 64 to 160
// K tiles; then the unsplit bands as before.
// SM90A-SAME: copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 192, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, split_k = 2, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, max_m = 320,
func.func @w4a16_n8192_k8192(%x: memref<?x8192xf16>, %wq: memref<1024x8192xi32>, %s: memref<8192xf16>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x8192xi32>, memref<8192xf16>) outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// Not where the bands' grid is under three fifths of the multiprocessors
// (4096 x 8192: 64 blocks in two slices; four would be 128, past the 99
// blocks of clusters of four) nor on K of fewer than 64 tiles (6144 x 3072
// below: 48).
// SM90A-LABEL: func @w4a16_n4096_k8192
// SM90A-NOT: warp_tile = [160, 64], stages = 4, split_k = {{2|4}}, max_m = 160
// SM90A: return
func.func @w4a16_n4096_k8192(%x: memref<?x8192xf16>, %wq: memref<1024x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w4a16_n6144_k3072
// SM90A-NOT: warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 160
// SM90A: return
func.func @w4a16_n6144_k3072(%x: memref<?x3072xf16>, %wq: memref<384x6144xi32>, %s: memref<6144xf16>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>) weights(%wq, %s : memref<384x6144xi32>, memref<6144xf16>) outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
// 8192 x 28672: 8 warps of 28 chunks in 512 register blocks, past one
// wave, and 128 blocks of 64 x 64 ring tiles: those take M = 1 on (v80,
// e418: 1.00x / 0.92x the time at M = 1 / 16).
// SM90A-LABEL: func @w8a8_n8192_k28672
// SM90A: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>
// SM90A-NOT: registers
// SM90A: return
func.func @w8a8_n8192_k28672(%x: memref<?x28672xf16>, %w: memref<8192x28672xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x28672xf16>) weights(%w, %sw : memref<8192x28672xi8>, memref<8192xf32>) outs(%y : memref<?x8192xf16>) {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 128256 x 4096 (Llama-3-8B's LM head): 1002 columns of 128 channels, so
// its 32-token register-A tiles of M = 17 to 32 are unsplit (two slices
// would be 2004 blocks, past 8 a multiprocessor; v65: 0.70x to 0.74x the
// time of two rows of 16-row blocks, 0.73x to 0.77x in 2 slices).
// SM90A-LABEL: func @w4a16_n128256_k4096
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, max_m = 32, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 256, 64]
func.func @w4a16_n128256_k4096(%x: memref<?x4096xf16>, %wq: memref<512x128256xi32>, %s: memref<128256xf16>, %y: memref<?x128256xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x128256xi32>, memref<128256xf16>) outs(%y : memref<?x128256xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// W4A16 on sm_90a, M = 129 to 128 R on tiles of 128 tokens and 64 channels
// in two clustered K slices, R = min(4, floor(132 / ceil(N / 64))), and
// from M = 65 where K is at most 32 tiles of 64: 1408 x 2048 (22 columns,
// R = 4: 176 blocks at M = 512; 32 K tiles) takes them from M = 97 to 512,
// after the register variants of M <= 16 and the 32- to 96-token tiles
// in 8 clustered slices of M = 17 to 96 (v85), and before the unsplit 64-token tiles of 513 to 768 (v66:
// 0.71x to 0.98x the time there).
// SM90A-LABEL: func @w4a16_n1408_k2048
// SM90A: stages = 1, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 8, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 8, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 768,
func.func @w4a16_n1408_k2048(%x: memref<?x2048xf16>, %wq: memref<256x1408xi32>, %s: memref<1408xf16>, %y: memref<?x1408xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%wq, %s : memref<256x1408xi32>, memref<1408xf16>) outs(%y : memref<?x1408xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// Not past K = 10240 (160 K tiles; 2560 x 10496 has 164: 3584 x 18944,
// 4096 x 11008 and 4096 x 14336 measured up to 1.11x slower on them), not
// past M = 128 where one row of them is more than half the multiprocessors
// (4352 x 4096: 68 columns, R = 1) and not under K = 768 (1408 x 640, 10 K
// tiles; shorter K not measured). 1408 x 640 has no rest cut past the one
// wave of its last tiles at M = 3072 either: every cut was measured on K of
// 32 tiles or more (v90).
// SM90A-LABEL: func @w4a16_n2560_k10496
// SM90A-NOT: cta_tile = [128, 64, 64]
// SM90A: return
func.func @w4a16_n2560_k10496(%x: memref<?x10496xf16>, %wq: memref<1312x2560xi32>, %s: memref<2560xf16>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x10496xf16>) weights(%wq, %s : memref<1312x2560xi32>, memref<2560xf16>) outs(%y : memref<?x2560xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// Where the 128 x 128 tiles' slices are clustered (3072 x 8192: 24
// column tiles in four slices, 96 blocks) the rule starts at M = 129, and
// there (v71) not at all: M = 129 to 256 takes v70's token bands in four
// clustered slices (96 blocks; two slices would be 48, under three fifths
// of the multiprocessors).
// SM90A-LABEL: func @w4a16_n3072_k8192
// SM90A: split_k = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 4, max_m = 160, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 4, max_m = 192, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, split_k = 4, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 320,
func.func @w4a16_n3072_k8192(%x: memref<?x8192xf16>, %wq: memref<1024x3072xi32>, %s: memref<3072xf16>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x3072xi32>, memref<3072xf16>) outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// From M = 113 (a last tile of 113 rows or more: X's whole box fills at
// most 15 rows past M; v69, e293: 0.82x to 0.95x the time at M = 113 to
// 128 on eight layers) where the chain's 128 x 128 tiles of M <= 128 split
// K through global partials: four slices of 34 column tiles make 136
// blocks, past the 99 that chooseConfigs clusters. Here that is all of
// their range (R = 1). M = 97 to 112 then takes tiles of 112 tokens the
// same way (v71, e297: 0.79x to 0.92x the time on seven layers).
// SM90A-LABEL: func @w4a16_n4352_k4096
// SM90A: max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64]
// SM90A-NOT: cta_tile = [128, 64, 64]
// SM90A: return
func.func @w4a16_n4352_k4096(%x: memref<?x4096xf16>, %wq: memref<512x4352xi32>, %s: memref<4352xf16>, %y: memref<?x4352xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4352xi32>, memref<4352xf16>) outs(%y : memref<?x4352xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w4a16_n1408_k640
// SM90A-NOT: cta_tile = [128, 64, 64]
// SM90A-NOT: row_split
// SM90A: return
func.func @w4a16_n1408_k640(%x: memref<?x640xf16>, %wq: memref<80x1408xi32>, %s: memref<1408xf16>, %y: memref<?x1408xf16>) {
  qgemm.matmul lhs(%x : memref<?x640xf16>) weights(%wq, %s : memref<80x1408xi32>, memref<1408xf16>) outs(%y : memref<?x1408xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// The 64-token split tiles past M = 128 need three rows of them in two
// slices at most two a multiprocessor: 5696 x 4096 (45 columns of 128,
// two rows) keeps its chain.
// SM90A-LABEL: func @w4a16_n5696_k4096
// SM90A-NOT: cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 2
// SM90A: return
func.func @w4a16_n5696_k4096(%x: memref<?x4096xf16>, %wq: memref<512x5696xi32>, %s: memref<5696xf16>, %y: memref<?x5696xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x5696xi32>, memref<5696xf16>) outs(%y : memref<?x5696xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// M = 193 to 256 where the 128 x 128 tiles in two clustered slices make two
// rows of more than a wave (4608 x 4096: 36 columns, 144 blocks): a
// 224-token band of 128 channels in two clustered slices to M = 224, 128 x
// 192 tiles in two to 256 (v76, e363 / e365: 0.84x to 0.86x the time at
// 208 / 224, 0.88x to 0.99x at 240 / 256). Measured on K of 64 tiles:
// 4608 x 8192 keeps its 128 x 128 tiles.
// SM90A-LABEL: func @w4a16_n4608_k4096
// SM90A: max_m = 192, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [224, 128, 64], warp_tile = [224, 64], stages = 4, split_k = 2, max_m = 224, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 192, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 128, 64]
func.func @w4a16_n4608_k4096(%x: memref<?x4096xf16>, %wq: memref<512x4608xi32>, %s: memref<4608xf16>, %y: memref<?x4608xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4608xi32>, memref<4608xf16>) outs(%y : memref<?x4608xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w4a16_n4608_k8192
// SM90A: max_m = 192, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 384, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>
func.func @w4a16_n4608_k8192(%x: memref<?x8192xf16>, %wq: memref<1024x4608xi32>, %s: memref<4608xf16>, %y: memref<?x4608xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x4608xi32>, memref<4608xf16>) outs(%y : memref<?x4608xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// W8A8 at M = 129 to 256 on two rows of unsplit 128 x 64 tiles (producer,
// 8 stages) where they make 70% to all of a wave and K has 32 to 40 tiles
// of 128 (v73 e330, v74 e341, v75 e351): 3840 x 4096 (120 blocks) and
// 3584 x 4096 (112) take them; 2816 x 4096 (88 blocks, 67%) and 4096 x
// 8192 (64 K tiles) keep the 128 x 128 tiles in two clustered slices.
// M = 257 to 384 on three rows of 128 x 96 tiles on the same ring, 4
// stages, where they make 85% to all of a wave (v75 e357 / e358: 0.73x to
// 0.86x the time on these two).
// SM90A-LABEL: func @w8a8_n3840_k4096
// SM90A: max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, max_m = 512
func.func @w8a8_n3840_k4096(%x: memref<?x4096xf16>, %w: memref<3840x4096xi8>, %sw: memref<3840xf32>, %y: memref<?x3840xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<3840x4096xi8>, memref<3840xf32>) outs(%y : memref<?x3840xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n3584_k4096
// SM90A: max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 96, 128], warp_tile = [64, 96], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128]
func.func @w8a8_n3584_k4096(%x: memref<?x4096xf16>, %w: memref<3584x4096xi8>, %sw: memref<3584xf32>, %y: memref<?x3584xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<3584x4096xi8>, memref<3584xf32>) outs(%y : memref<?x3584xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n2816_k4096
// SM90A: max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>
func.func @w8a8_n2816_k4096(%x: memref<?x4096xf16>, %w: memref<2816x4096xi8>, %sw: memref<2816xf32>, %y: memref<?x2816xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<2816x4096xi8>, memref<2816xf32>) outs(%y : memref<?x2816xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n4096_k8192
// SM90A: max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>
func.func @w8a8_n4096_k8192(%x: memref<?x8192xf16>, %w: memref<4096x8192xi8>, %sw: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<4096x8192xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 M = 65 to 128 on one row of unsplit 128 x 64 producer tiles where
// they make 60% to all of a wave and K has 32 to 40 tiles of 128 (v74,
// e345; @w8a8_n6144_k4096 and @w8a8_n5120_k5120 above take them): not on
// an activation already quantized (no quantize kernel to run under, not
// measured) nor on K of 64 tiles, which keep the 128 x 128 tiles in two
// clustered slices.
// Its register variant stops at M = 16, where 384 blocks a row pass two
// a multiprocessor (v80, e417: at M = 32 17.1 us against 12.9 on the 64 x 64
// tiles; @w8a8q_n4096_k4096's 256 keep M = 32).
// SM90A-LABEL: func @w8a8q_n6144_k4096
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8,
// SM90A-SAME: max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>
func.func @w8a8q_n6144_k4096(%xq: memref<?x4096xi8>, %sx: memref<?xf32>, %wq: memref<6144x4096xi8>, %sw: memref<6144xf32>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%xq : memref<?x4096xi8>) lhs_scales(%sx : memref<?xf32>) weights(%wq, %sw : memref<6144x4096xi8>, memref<6144xf32>) outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n6144_k8192
// SM90A: max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>
func.func @w8a8_n6144_k8192(%x: memref<?x8192xf16>, %w: memref<6144x8192xi8>, %sw: memref<6144xf32>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<6144x8192xi8>, memref<6144xf32>) outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 6000 x 4096 (N not a multiple of 128; 47 columns of 128 x 128
// tiles, the last masked): M = 129 to 192 on 192 x 96 tiles in two
// clustered K slices like 6144 x 4096 (v74, e348: 0.87x to 0.88x the time
// of the unsplit 128 x 128 tiles, which keep 193 to 256). M = 641 to 768
// on 256 x 144 tiles (four warpgroups, TMA ring), where the tail-split
// 128 x 240 tiles pass one wave (addW8A8QuadWaveTiles; v74, e349: 0.76x
// to 0.77x the time). M = 513 to 640 on five rows of 128 x 240 column
// bands in place of 128 x 128 tiles of two blocks a multiprocessor
// (v78, e382: 0.80x / 0.81x the time at 528 to 640).
// SM90A-LABEL: func @w8a8_n6000_k4096
// SM90A: max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 96, 128], warp_tile = [64, 96], stages = 5, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 240, 128], warp_tile = [64, 240], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 768, mma = wgmma, copy = tma>
func.func @w8a8_n6000_k4096(%x: memref<?x4096xf16>, %w: memref<6000x4096xi8>, %sw: memref<6000xf32>, %y: memref<?x6000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<6000x4096xi8>, memref<6000xf32>) outs(%y : memref<?x6000xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 6304 x 8160 (K off multiples of 128, N of 6144 or more: the
// neighbour's tiles at M = 65 to 256): M = 129 to 192 on its neighbour's
// 192 x 96 tiles in two clustered slices on the cp.async ring, the last K
// tile masked (v82, e448: 0.79x the time of two rows of unsplit 128 x 128).
// Not on an activation quantized by the caller (8256 x 5472: 1.04x).
// SM90A-LABEL: func @w8a8_n6304_k8160
// SM90A: max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [192, 96, 128], warp_tile = [64, 96], stages = 5, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>
func.func @w8a8_n6304_k8160(%x: memref<?x8160xf16>, %w: memref<6304x8160xi8>, %sw: memref<6304xf32>, %y: memref<?x6304xf16>) {
  qgemm.matmul lhs(%x : memref<?x8160xf16>) weights(%w, %sw : memref<6304x8160xi8>, memref<6304xf32>) outs(%y : memref<?x6304xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n8256_k5472
// SM90A: max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>
func.func @w8a8q_n8256_k5472(%xq: memref<?x5472xi8>, %sx: memref<?xf32>, %w: memref<8256x5472xi8>, %sw: memref<8256xf32>, %y: memref<?x8256xf16>) {
  qgemm.matmul lhs(%xq : memref<?x5472xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<8256x5472xi8>, memref<8256xf32>) outs(%y : memref<?x8256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A sliver layer (9224 = 72 x 128 + 8) whose 64 x 144 tiles would take a
// fourth row at M = 193 to 256 past the 64 x 128 tiles' three: 128 x 144
// tiles on the producer's TMA ring there, two rows in one wave (v82, e450:
// 0.63x the time); the same already quantized. With K off multiples of 128
// the band serves M = 129 on (dropW8A8EdgeMidRow, below).
// SM90A-LABEL: func @w8a8_n9224_k4128
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>
func.func @w8a8_n9224_k4128(%x: memref<?x4128xf16>, %w: memref<9224x4128xi8>, %sw: memref<9224xf32>, %y: memref<?x9224xf16>) {
  qgemm.matmul lhs(%x : memref<?x4128xf16>) weights(%w, %sw : memref<9224x4128xi8>, memref<9224xf32>) outs(%y : memref<?x9224xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n9360_k6144
// SM90A: max_m = 192, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>
func.func @w8a8q_n9360_k6144(%xq: memref<?x6144xi8>, %sx: memref<?xf32>, %w: memref<9360x6144xi8>, %sw: memref<9360xf32>, %y: memref<?x9360xf16>) {
  qgemm.matmul lhs(%xq : memref<?x6144xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<9360x6144xi8>, memref<9360xf32>) outs(%y : memref<?x9360xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// K off multiples of 128 on a layer of N >= 6144 (its neighbour's tiles at
// M = 65 to 256): no third row of unsplit 64 x 128 cp.async tiles at M =
// 129 to 192 before the band of 193 to 256; the band serves 129 on (v82,
// e452: 0.76x to 0.80x the time on 10640 x 6624).
// SM90A-LABEL: func @w8a8_n10640_k6624
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 176, 128], warp_tile = [64, 176], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>
func.func @w8a8_n10640_k6624(%x: memref<?x6624xf16>, %w: memref<10640x6624xi8>, %sw: memref<10640xf32>, %y: memref<?x10640xf16>) {
  qgemm.matmul lhs(%x : memref<?x6624xf16>) weights(%w, %sw : memref<10640x6624xi8>, memref<10640xf32>) outs(%y : memref<?x10640xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// An activation already quantized, K off multiples of 128 (32 K tiles or
// more), N of 4096 to 6143: its neighbour's split tiles at M = 65 to 192,
// 128 x 128 in two clustered slices on the cp.async ring, then 192 x 96 in
// two (v82, e450 / e454: 0.77x to 0.82x the time on 5720 x 5344), not the
// neighbour's 256 x 80 splits at 193 to 256. With the quantize kernel the
// same layer keeps 64 x 128 tiles in two slices to M = 128.
// SM90A-LABEL: func @w8a8q_n5720_k5344
// SM90A: max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [192, 96, 128], warp_tile = [64, 96], stages = 5, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 256, mma = wgmma, copy = tma>
func.func @w8a8q_n5720_k5344(%xq: memref<?x5344xi8>, %sx: memref<?xf32>, %w: memref<5720x5344xi8>, %sw: memref<5720xf32>, %y: memref<?x5720xf16>) {
  qgemm.matmul lhs(%xq : memref<?x5344xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<5720x5344xi8>, memref<5720xf32>) outs(%y : memref<?x5720xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n5720_k5344
// SM90A-NOT: cta_tile = [192, 96, 128]
// SM90A: return
func.func @w8a8_n5720_k5344(%x: memref<?x5344xf16>, %w: memref<5720x5344xi8>, %sw: memref<5720xf32>, %y: memref<?x5720xf16>) {
  qgemm.matmul lhs(%x : memref<?x5344xf16>) weights(%w, %sw : memref<5720x5344xi8>, memref<5720xf32>) outs(%y : memref<?x5720xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 6016 x 4096 (N a multiple of 128, not of 256): to M = 256 the chain
// of the middle of M (192 x 96 tiles in two clustered slices, then 128 x
// 128), past it the chain of a layer off multiples of 128: the unbounded
// variant on 208 columns (29 of them, the last masked) in tail-split
// slices on the producer's TMA ring, not 128 x 128 tiles (v75, e352:
// 0.60x to 0.91x the time at M = 320 to 4096 but for 512 / 640).
// SM90A-LABEL: func @w8a8_n6016_k4096
// SM90A: #qgemm.config<cta_tile = [192, 96, 128], warp_tile = [64, 96], stages = 5, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>
// SM90A-SAME: #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 4032, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
func.func @w8a8_n6016_k4096(%x: memref<?x4096xf16>, %w: memref<6016x4096xi8>, %sw: memref<6016xf32>, %y: memref<?x6016xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<6016x4096xi8>, memref<6016xf32>) outs(%y : memref<?x6016xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// N of 13952 (a multiple of 128, not of 256, no width under 256 fitting
// better): past M = 256 the chain of N rounded up to 14080, 128 x 256 tiles
// with the last column half empty, in tail-split slices (v75, e354: 0.71x
// to 0.75x the time of the 128 x 128 tiles at M = 288 to 4096); to 256
// the column bands below. 3200 (under 4096) keeps its chain to M = 640
// (e357: the rounded-up chain was 1.13x to 1.51x slower at 288 to 640)
// and takes it past (0.63x to 0.97x).
// M = 257 to 384 takes two rows of 192 x 224 tiles (addW8A8TripleRowWideTiles,
// below).
// SM90A-LABEL: func @w8a8_n13952_k4096
// SM90A: max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n13952_k4096(%x: memref<?x4096xf16>, %w: memref<13952x4096xi8>, %sw: memref<13952xf32>, %y: memref<?x13952xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<13952x4096xi8>, memref<13952xf32>) outs(%y : memref<?x13952xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n3200_k4096
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 640, mma = wgmma, tail_split = 8>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n3200_k4096(%x: memref<?x4096xf16>, %w: memref<3200x4096xi8>, %sw: memref<3200xf32>, %y: memref<?x3200xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<3200x4096xi8>, memref<3200xf32>) outs(%y : memref<?x3200xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 M = 129 to 384 where 128 x 128 tiles of two blocks a multiprocessor
// would run a grid past the multiprocessors: 128-row column bands on the
// producer's TMA ring, r rows of them one block a multiprocessor (v75,
// e354: 0.62x to 0.79x the time). 8576 x 4096: 128 x 144 at 193 to 256,
// 128 x 208 from 257; 11648 x 4096: 128 x 192 at 129 to 256. 5504 x 4096
// (43 columns: three rows fit the multiprocessors) keeps them.
// SM90A-LABEL: func @w8a8_n8576_k4096
// SM90A: #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 192, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>
func.func @w8a8_n8576_k4096(%x: memref<?x4096xf16>, %w: memref<8576x4096xi8>, %sw: memref<8576xf32>, %y: memref<?x8576xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<8576x4096xi8>, memref<8576xf32>) outs(%y : memref<?x8576xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// (Past M = 256 11648 x 4096 takes two rows of 192 x 192 tiles, below.)
// SM90A-LABEL: func @w8a8_n11648_k4096
// SM90A: max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma>
func.func @w8a8_n11648_k4096(%x: memref<?x4096xf16>, %w: memref<11648x4096xi8>, %sw: memref<11648xf32>, %y: memref<?x11648xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<11648x4096xi8>, memref<11648xf32>) outs(%y : memref<?x11648xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 256-row tiles of 128 columns whose grid passes the multiprocessors
// at M = 257 to 512 (two rows of 68 columns on 132) are as wide as makes
// them one wave, up to 192 columns (v75, e355: 0.67x to 0.79x the time at
// 449 to 512): 8640 x 4096 on 256 x 144 tiles at 385 to 512 (the
// interleave's step at 385 to 448 costs the 256 x 128 grid as the tiles
// widenW8A8QuadTiles makes of it: v77, e376 0.75x the time at 400 / 432).
// Past 768 the interleave's 64-row steps take its tail-split 128 x 240
// tiles (their bands cost less than the 256 x 128 grid) to M = 2048 (v77,
// e373 / e375).
// SM90A-LABEL: func @w8a8_n8640_k4096
// SM90A: max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 512, mma = wgmma, copy = tma>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 240, 128], warp_tile = [64, 240], stages = 4, max_m = 2048, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 2112, mma = wgmma, copy = tma>
func.func @w8a8_n8640_k4096(%x: memref<?x4096xf16>, %w: memref<8640x4096xi8>, %sw: memref<8640xf32>, %y: memref<?x8640xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<8640x4096xi8>, memref<8640xf32>) outs(%y : memref<?x8640xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// The bands take the pair tiles on the producer's ring too (10112 x 8192
// at M = 193 to 256: 128 x 160 tiles, e357: 0.54x the time).
// SM90A-LABEL: func @w8a8_n10112_k8192
// SM90A: #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 192, mma = wgmma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>
func.func @w8a8_n10112_k8192(%x: memref<?x8192xf16>, %w: memref<10112x8192xi8>, %sw: memref<10112xf32>, %y: memref<?x10112xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<10112x8192xi8>, memref<10112xf32>) outs(%y : memref<?x10112xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// And on the consumers' TMA ring, where K is not a multiple of 128 (9024 x
// 4160: 128 x 144 bands at M = 129 to 256 since v81, 128 x 208 to 384; e374: 0.81x
// to 0.91x the time), then 256 x 144 tiles to 512 (v77, e378: 0.69x /
// 0.70x the time at 400 / 432).
// SM90A-LABEL: func @w8a8_n9024_k4160
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 512, mma = wgmma, copy = tma>
func.func @w8a8_n9024_k4160(%x: memref<?x4160xf16>, %w: memref<9024x4160xi8>, %sw: memref<9024xf32>, %y: memref<?x9024xf16>) {
  qgemm.matmul lhs(%x : memref<?x4160xf16>) weights(%w, %sw : memref<9024x4160xi8>, memref<9024xf32>) outs(%y : memref<?x9024xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// N off multiples of 128 whose nearest multiple of 128 is an odd one and
// that no width under 256 fits better (9656 x 4096: 38 columns of 256, 47
// of 208) take the chain of N rounded up to 256 past M = 256, as N % 256 ==
// 128 does: 256 x 160 tiles at 385 to 512, then tail-split 128 x 256 ones,
// not 128 x 128 tiles of two blocks a multiprocessor to every M (v78,
// e381: 0.58x to 0.78x the time at M = 448 to 4096).
// SM90A-LABEL: func @w8a8_n9656_k4096
// SM90A: #qgemm.config<cta_tile = [128, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 512, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>]
func.func @w8a8_n9656_k4096(%x: memref<?x4096xf16>, %w: memref<9656x4096xi8>, %sw: memref<9656xf32>, %y: memref<?x9656xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<9656x4096xi8>, memref<9656xf32>) outs(%y : memref<?x9656xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 5504 x 4096 keeps its 128 x 128 tiles, unsplit on the producer's ring at
// M = 257 to 384 since the interleave's 64-row steps start at its first
// 128-row variant (v77, e376: 0.89x / 0.90x the time at 272 / 304).
// SM90A-LABEL: func @w8a8_n5504_k4096
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>
func.func @w8a8_n5504_k4096(%x: memref<?x4096xf16>, %w: memref<5504x4096xi8>, %sw: memref<5504xf32>, %y: memref<?x5504xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<5504x4096xi8>, memref<5504xf32>) outs(%y : memref<?x5504xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 M = 257 to 384 on two rows of 192-row tiles (three warpgroups, TMA
// ring) of the fewest multiple of 16 columns that makes them one wave, 176
// to 224, where the chain ran 256-row tiles or 128-row ones past a wave
// there (v76, e363 / e365 / e371: 0.70x to 0.88x the time on nineteen layers):
// 12032 x 4096 on 192 x 192 in place of tail-split 128 x 256 tiles (47
// columns, 141 blocks); so does 12032 x 2048 (16 K tiles, e371: 0.71x).
// 11008 x 4096 (43 columns: 129 blocks, one wave) keeps them; so does
// 12032 x 1024 (8 K tiles: not measured).
// SM90A-LABEL: func @w8a8_n12032_k4096
// SM90A: max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 192, 128]
func.func @w8a8_n12032_k4096(%x: memref<?x4096xf16>, %w: memref<12032x4096xi8>, %sw: memref<12032xf32>, %y: memref<?x12032xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<12032x4096xi8>, memref<12032xf32>) outs(%y : memref<?x12032xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_wave_n11008_k4096
// SM90A: max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 384, mma = wgmma, tail_split = 8>
func.func @w8a8_wave_n11008_k4096(%x: memref<?x4096xf16>, %w: memref<11008x4096xi8>, %sw: memref<11008xf32>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<11008x4096xi8>, memref<11008xf32>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n12032_k2048
// SM90A: #qgemm.config<cta_tile = [192, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma>
func.func @w8a8_n12032_k2048(%x: memref<?x2048xf16>, %w: memref<12032x2048xi8>, %sw: memref<12032xf32>, %y: memref<?x12032xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<12032x2048xi8>, memref<12032xf32>) outs(%y : memref<?x12032xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// SM90A-LABEL: func @w8a8_n12032_k1024
// SM90A-NOT: cta_tile = [192, 192, 128]
// SM90A: return
func.func @w8a8_n12032_k1024(%x: memref<?x1024xf16>, %w: memref<12032x1024xi8>, %sw: memref<12032xf32>, %y: memref<?x12032xf16>) {
  qgemm.matmul lhs(%x : memref<?x1024xf16>) weights(%w, %sw : memref<12032x1024xi8>, memref<12032xf32>) outs(%y : memref<?x12032xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W8A8 interleaveW8A8QuadTiles from M = 577 to 2048 in 64-row steps chosen
// by slots x tile area (v76, e366 to e369: 0.68x to 0.98x the time on 70 of
// 75 changed cells; v77, e373 / e375, to 2048): 4992 x 4096 runs 256 x 128 tiles (three rows of 39,
// one wave) at 705 to 768 where 128-row steps gave tail-split 128 x 208
// tiles (0.75x the time at 768).
// SM90A-LABEL: func @w8a8_n4992_k4096
// SM90A: #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 768, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 160, 128]
func.func @w8a8_n4992_k4096(%x: memref<?x4096xf16>, %w: memref<4992x4096xi8>, %sw: memref<4992xf32>, %y: memref<?x4992xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<4992x4096xi8>, memref<4992xf32>) outs(%y : memref<?x4992xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A grid that addW8A8ColumnBands cuts into bands costs the bands (6720 x
// 4096 at M = 769 to 896 keeps its 128 x 192 bands; by the tiles' own area
// it took tail-split 128 x 240 tiles, 1.13x the time, e367). Not where the 128-row tiles are
// two blocks a multiprocessor (@w8a8_n5000_k4096 above keeps its 128 x 208
// band at 513 to 640; by area it took 128 x 128 tiles, 1.46x to 1.50x the
// time, e368).
// SM90A-LABEL: func @w8a8_n6720_k4096
// SM90A: #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 896, mma = wgmma, copy = tma_producer>
func.func @w8a8_n6720_k4096(%x: memref<?x4096xf16>, %w: memref<6720x4096xi8>, %sw: memref<6720xf32>, %y: memref<?x6720xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<6720x4096xi8>, memref<6720xf32>) outs(%y : memref<?x6720xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// K off multiples of 128 (3296 = 25.75 K tiles): the 128 x 256 tail-split
// tiles (M = 385 to 512 and past 640) take the producer's TMA ring, not
// cp.async (v78, e393: 0.82x to 0.92x the time at M = 512 to 6400).
// SM90A-LABEL: func @w8a8_n8192_k3296
// SM90A: #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 512, mma = wgmma, tail_split = 6, copy = tma_producer>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 6, copy = tma_producer>]
// SM90A-NOT: tail_split = 6>
func.func @w8a8_n8192_k3296(%x: memref<?x3296xf16>, %w: memref<8192x3296xi8>, %sw: memref<8192xf32>, %y: memref<?x8192xf16>) {
  qgemm.matmul lhs(%x : memref<?x3296xf16>) weights(%w, %sw : memref<8192x3296xi8>, memref<8192xf32>) outs(%y : memref<?x8192xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// W4A16 from M = 97 on 112-token, then 128 x 64 tiles where the chain's
// 128 x 128 tiles of M <= 128 split K in two and make at most half a wave
// (2 x 25 blocks; v80, e415: 0.71x to 0.76x the time at M = 104 to 128).
// SM90A-LABEL: func @w4a16_n3136_k6784_g128z
// SM90A: max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>
// SM90A-NOT: max_m = 128,
// SM90A: return
func.func @w4a16_n3136_k6784_g128z(%x: memref<?x6784xf16>, %w0: memref<848x3136xi32>, %w1: memref<53x3136xf16>, %w2: memref<53x392xi32>, %y: memref<?x3136xf16>) {
  qgemm.matmul lhs(%x : memref<?x6784xf16>) weights(%w0, %w1, %w2 : memref<848x3136xi32>, memref<53x3136xf16>, memref<53x392xi32>) outs(%y : memref<?x3136xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// 2 x 34 blocks pass half a wave but 4 x 34 are within one of two blocks a
// multiprocessor: the same tiles from M = 97 (v83, e464: 4352 x 5504 0.92x to
// 0.96x the time).
// SM90A-LABEL: func @w4a16_n4352_k6272
// SM90A: max_m = 96, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112,
// SM90A: return
func.func @w4a16_n4352_k6272(%x: memref<?x6272xf16>, %wq: memref<784x4352xi32>, %s: memref<4352xf16>, %y: memref<?x4352xf16>) {
  qgemm.matmul lhs(%x : memref<?x6272xf16>) weights(%wq, %s : memref<784x4352xi32>, memref<4352xf16>) outs(%y : memref<?x4352xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// K an odd multiple of 128 (86 K tiles): the 128 x 128 tiles of M = 81 to
// 128 in 4 uneven clustered slices (96 blocks; v83, e468: 0.93x the time of
// 2 slices at M = 128), after 80-token tiles of 64 channels in 4 slices
// from one block a multiprocessor (192 blocks; e460 / e470).
// SM90A-LABEL: func @w4a16_n3072_k5504_g64z
// SM90A: max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 128,
// SM90A: return
func.func @w4a16_n3072_k5504_g64z(%x: memref<?x5504xf16>, %w0: memref<688x3072xi32>, %w1: memref<86x3072xf16>, %w2: memref<86x384xi32>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x5504xf16>) weights(%w0, %w1, %w2 : memref<688x3072xi32>, memref<86x3072xf16>, memref<86x384xi32>) outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64, zero_points = true>}
  return
}

// A small layer, K an odd multiple of 128: the 128 x 128 tiles in 4 uneven
// slices (64 blocks) pass the small-layer bound, so M = 65 to 128 runs them
// instead of 64 x 64 tiles in 2 slices to M = 256 (v83, e468: 0.84x to 0.92x
// the time at M = 80 to 256).
// SM90A-LABEL: func @w4a16_n2048_k5504_g128z
// SM90A: max_m = 64, operands = registers>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 512,
// SM90A: return
func.func @w4a16_n2048_k5504_g128z(%x: memref<?x5504xf16>, %w0: memref<688x2048xi32>, %w1: memref<43x2048xf16>, %w2: memref<43x256xi32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x5504xf16>) weights(%w0, %w1, %w2 : memref<688x2048xi32>, memref<43x2048xf16>, memref<43x256xi32>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}

// The same past 128 K tiles (130: the 80-token tiles on 64 channels in 4
// slices, not 128 in 8; e462, e469).
// SM90A-LABEL: func @w4a16_n3072_k8320
// SM90A: max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 4, max_m = 80, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 128,
// SM90A: return
func.func @w4a16_n3072_k8320(%x: memref<?x8320xf16>, %wq: memref<1040x3072xi32>, %s: memref<3072xf16>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x8320xf16>) weights(%wq, %s : memref<1040x3072xi32>, memref<3072xf16>) outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// The 128 x 128 tiles in two slices serve M = 129 to 256 (K tiles that 4
// slices do not divide), then the two-slice token bands of 160 and 192
// tokens to M = 384 (v83, e465: 0.75x to 0.81x the time at M = 272 to 384),
// then 256 x 128 tiles in two clustered slices at 385 to 512 (two rows: 128
// blocks of two warpgroups; addW4A16TallSplitBand, v86).
// SM90A-LABEL: func @w4a16_n4096_k6784_g128
// SM90A: split_k = 2, max_m = 256, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [160, 128, 64], warp_tile = [160, 64], stages = 4, split_k = 2, max_m = 320, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 384, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 512,
// SM90A: return
func.func @w4a16_n4096_k6784_g128(%x: memref<?x6784xf16>, %w0: memref<848x4096xi32>, %w1: memref<53x4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x6784xf16>) weights(%w0, %w1 : memref<848x4096xi32>, memref<53x4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// The 128 x 128 tiles of M = 97 to 128 in two slices make one wave of two
// blocks a multiprocessor or less (208 blocks): 112-token then 128 x 64
// tiles (v83, e464 / e465: 0.92x to 0.98x the time). Past one wave (11008 x
// 4224, 344 blocks) they stay.
// SM90A-LABEL: func @w4a16_n6656_k5248
// SM90A: max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [112, 64, 64], warp_tile = [112, 64], stages = 4, split_k = 2, max_m = 112, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 64], warp_tile = [128, 64], stages = 4, split_k = 2, max_m = 128,
// SM90A: return
func.func @w4a16_n6656_k5248(%x: memref<?x5248xf16>, %wq: memref<656x6656xi32>, %s: memref<6656xf16>, %y: memref<?x6656xf16>) {
  qgemm.matmul lhs(%x : memref<?x5248xf16>) weights(%wq, %s : memref<656x6656xi32>, memref<6656xf16>) outs(%y : memref<?x6656xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w4a16_n11008_k4224
// SM90A: max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 128,
// SM90A: return
func.func @w4a16_n11008_k4224(%x: memref<?x4224xf16>, %wq: memref<528x11008xi32>, %s: memref<11008xf16>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4224xf16>) weights(%wq, %s : memref<528x11008xi32>, memref<11008xf16>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// K an even multiple of 128 (88 K tiles): the 128 x 128 tiles in 4 clustered
// slices keep M = 65 to 128 (v49).
// SM90A-LABEL: func @w4a16_n3072_k5632
// SM90A: max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 128,
// SM90A: return
func.func @w4a16_n3072_k5632(%x: memref<?x5632xf16>, %wq: memref<704x3072xi32>, %s: memref<3072xf16>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x5632xf16>) weights(%wq, %s : memref<704x3072xi32>, memref<3072xf16>) outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// W8A8 on sm_90a without the register variant where the 64 x 64 ring tiles
// make 0.8 to 1.25 waves (114 blocks) on 22 chunks or more and the register
// grid of 8 warps is past one wave (456 blocks; v80, e416: 0.86x to 0.95x
// the time at M = 1 to 16).
// SM90A-LABEL: func @w8a8_n7296_k2816
// SM90A: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>
// SM90A-NOT: registers
// SM90A: return
func.func @w8a8_n7296_k2816(%x: memref<?x2816xf16>, %w: memref<7296x2816xi8>, %sw: memref<7296xf32>, %y: memref<?x7296xf16>) {
  qgemm.matmul lhs(%x : memref<?x2816xf16>) weights(%w, %sw : memref<7296x2816xi8>, memref<7296xf32>) outs(%y : memref<?x7296xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 144 ring blocks, but a register grid of one wave (576 blocks of 4 warps)
// whose warps walk 8 chunks each: it keeps its register variant (v80, e418:
// 1.15x / 1.10x the time on the ring at M = 1 / 16).
// SM90A-LABEL: func @w8a8_n9216_k4096
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n9216_k4096(%x: memref<?x4096xf16>, %w: memref<9216x4096xi8>, %sw: memref<9216xf32>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<9216x4096xi8>, memref<9216xf32>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 102 ring blocks (under 0.8 waves) keep it (so do 16 chunks:
// @w8a8_n8192_k2048, 128 ring blocks).
// SM90A-LABEL: func @w8a8_n6528_k2688
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 896], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n6528_k2688(%x: memref<?x2688xf16>, %w: memref<6528x2688xi8>, %sw: memref<6528xf32>, %y: memref<?x6528xf16>) {
  qgemm.matmul lhs(%x : memref<?x2688xf16>) weights(%w, %sw : memref<6528x2688xi8>, memref<6528xf32>) outs(%y : memref<?x6528xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// Past the band (170 ring blocks, up to two a multiprocessor) only on a
// ring that splits K in two, and a register grid of 7 warps past one wave
// (680 blocks), or, on an activation already quantized, of 3 warps of 15
// chunks (v81, e430 / e431: 0.90x to 0.94x the time at M = 16).
// SM90A-LABEL: func @w8a8_n10880_k6272
// SM90A: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>
// SM90A-NOT: registers
// SM90A: return
func.func @w8a8_n10880_k6272(%x: memref<?x6272xf16>, %w: memref<10880x6272xi8>, %sw: memref<10880xf32>, %y: memref<?x10880xf16>) {
  qgemm.matmul lhs(%x : memref<?x6272xf16>) weights(%w, %sw : memref<10880x6272xi8>, memref<10880xf32>) outs(%y : memref<?x10880xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n12160_k5760
// SM90A: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>
// SM90A-NOT: registers
// SM90A: return
func.func @w8a8q_n12160_k5760(%xq: memref<?x5760xi8>, %sx: memref<?xf32>, %w: memref<12160x5760xi8>, %sw: memref<12160xf32>, %y: memref<?x12160xf16>) {
  qgemm.matmul lhs(%xq : memref<?x5760xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<12160x5760xi8>, memref<12160xf32>) outs(%y : memref<?x12160xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 3 warps with the quantize kernel, and 7 warps on an unsplit ring (256
// ring blocks), keep the register variant (e430 / e431: 1.01x to 1.18x the
// time on the ring at M = 1 to 16).
// SM90A-LABEL: func @w8a8_n11520_k4992
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 384], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n11520_k4992(%x: memref<?x4992xf16>, %w: memref<11520x4992xi8>, %sw: memref<11520xf32>, %y: memref<?x11520xf16>) {
  qgemm.matmul lhs(%x : memref<?x4992xf16>) weights(%w, %sw : memref<11520x4992xi8>, memref<11520xf32>) outs(%y : memref<?x11520xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n16384_k6272
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 896], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n16384_k6272(%x: memref<?x6272xf16>, %w: memref<16384x6272xi8>, %sw: memref<16384xf32>, %y: memref<?x16384xf16>) {
  qgemm.matmul lhs(%x : memref<?x6272xf16>) weights(%w, %sw : memref<16384x6272xi8>, memref<16384xf32>) outs(%y : memref<?x16384xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// M = 129 to 192 on the column band (128 x 144 tiles on the producer's
// ring, to 256) where the 64 x 128 tiles would stop at 192, on K of more than
// 32 tiles (v81, e433 / e434: 0.81x to 0.96x the time at M = 136 to 192);
// 8576 x 4096 and 11008 x 4096 (32 K tiles) keep them (above).
// SM90A-LABEL: func @w8a8_n8704_k7168
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>
// SM90A-NOT: max_m = 192
// SM90A: return
func.func @w8a8_n8704_k7168(%x: memref<?x7168xf16>, %w: memref<8704x7168xi8>, %sw: memref<8704xf32>, %y: memref<?x8704xf16>) {
  qgemm.matmul lhs(%x : memref<?x7168xf16>) weights(%w, %sw : memref<8704x7168xi8>, memref<8704xf32>) outs(%y : memref<?x8704xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// K off multiples of 128 on an fp16 activation past 5.5 register blocks a
// multiprocessor (744 blocks; 726 on 132): the usual 8 warps, not the 4 that
// would make one wave (v81, e436: 0.83x the time at M = 1 to 16). Already
// quantized, or 688 blocks (11008 x 4064), the 4 warps stay.
// SM90A-LABEL: func @w8a8_n11904_k5600
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n11904_k5600(%x: memref<?x5600xf16>, %w: memref<11904x5600xi8>, %sw: memref<11904xf32>, %y: memref<?x11904xf16>) {
  qgemm.matmul lhs(%x : memref<?x5600xf16>) weights(%w, %sw : memref<11904x5600xi8>, memref<11904xf32>) outs(%y : memref<?x11904xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n12416_k6080
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8q_n12416_k6080(%xq: memref<?x6080xi8>, %sx: memref<?xf32>, %w: memref<12416x6080xi8>, %sw: memref<12416xf32>, %y: memref<?x12416xf16>) {
  qgemm.matmul lhs(%xq : memref<?x6080xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<12416x6080xi8>, memref<12416xf32>) outs(%y : memref<?x12416xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n11008_k4064
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n11008_k4064(%x: memref<?x4064xf16>, %w: memref<11008x4064xi8>, %sw: memref<11008xf32>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4064xf16>) weights(%w, %sw : memref<11008x4064xi8>, memref<11008xf32>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// With the quantize kernel the ring also takes M = 1 on from 0.75 of its
// wave (100 ring blocks) where the register grid runs 8 warps past one wave
// on 40 chunks or more (6544 x 2720, 22 chunks, keeps it: above),
// and in the band where it runs 7 warps of at most 5 chunks past one wave on
// K off multiples of 128 (v81, e438 / e439: 0.83x to 0.95x the time at M =
// 16). Already quantized (6656 x 7424), or 7 warps of 7 chunks (9216 x
// 6240), keep the register variant.
// SM90A-LABEL: func @w8a8_n6400_k7424
// SM90A: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>
// SM90A-NOT: registers
// SM90A: return
func.func @w8a8_n6400_k7424(%x: memref<?x7424xf16>, %w: memref<6400x7424xi8>, %sw: memref<6400xf32>, %y: memref<?x6400xf16>) {
  qgemm.matmul lhs(%x : memref<?x7424xf16>) weights(%w, %sw : memref<6400x7424xi8>, memref<6400xf32>) outs(%y : memref<?x6400xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n7168_k4448
// SM90A: configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>
// SM90A-NOT: registers
// SM90A: return
func.func @w8a8_n7168_k4448(%x: memref<?x4448xf16>, %w: memref<7168x4448xi8>, %sw: memref<7168xf32>, %y: memref<?x7168xf16>) {
  qgemm.matmul lhs(%x : memref<?x4448xf16>) weights(%w, %sw : memref<7168x4448xi8>, memref<7168xf32>) outs(%y : memref<?x7168xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n6656_k7424
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8q_n6656_k7424(%xq: memref<?x7424xi8>, %sx: memref<?xf32>, %w: memref<6656x7424xi8>, %sw: memref<6656xf32>, %y: memref<?x6656xf16>) {
  qgemm.matmul lhs(%xq : memref<?x7424xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<6656x7424xi8>, memref<6656xf32>) outs(%y : memref<?x6656xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n9216_k6240
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 896], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n9216_k6240(%x: memref<?x6240xf16>, %w: memref<9216x6240xi8>, %sw: memref<9216xf32>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%x : memref<?x6240xf16>) weights(%w, %sw : memref<9216x6240xi8>, memref<9216xf32>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// So at M = 257 to 320, where the 64 x 128 tiles' fifth row would end their
// wave, on K of 16 tiles or more (v81, e442: 0.77x to 0.99x the time at M =
// 272 to 320 on ten layers); 6144 x 1152 (9 K tiles) keeps them.
// SM90A-LABEL: func @w8a8_n6528_k3968
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>
// SM90A: return
func.func @w8a8_n6528_k3968(%x: memref<?x3968xf16>, %w: memref<6528x3968xi8>, %sw: memref<6528xf32>, %y: memref<?x6528xf16>) {
  qgemm.matmul lhs(%x : memref<?x3968xf16>) weights(%w, %sw : memref<6528x3968xi8>, memref<6528xf32>) outs(%y : memref<?x6528xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n6144_k1152
// SM90A: #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 320, mma = wgmma>
func.func @w8a8q_n6144_k1152(%xq: memref<?x1152xi8>, %sx: memref<?xf32>, %w: memref<6144x1152xi8>, %sw: memref<6144xf32>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%xq : memref<?x1152xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<6144x1152xi8>, memref<6144xf32>) outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// K off multiples of 128 on an fp16 activation past 5 register blocks a
// multiprocessor (702 blocks; 660 on 132) where the one-wave 4 warps would
// walk 16 chunks each (11 or more): 8 warps (v82, e446: 0.78x the time at
// M = 1 to 16). Under 5 blocks a multiprocessor (10496 x 5568, 656 blocks),
// or 8 chunks a warp (11008 x 4064, above), the 4 warps stay.
// SM90A-LABEL: func @w8a8_n11224_k8128
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n11224_k8128(%x: memref<?x8128xf16>, %w: memref<11224x8128xi8>, %sw: memref<11224xf32>, %y: memref<?x11224xf16>) {
  qgemm.matmul lhs(%x : memref<?x8128xf16>) weights(%w, %sw : memref<11224x8128xi8>, memref<11224xf32>) outs(%y : memref<?x11224xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n11392_k5568
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n11392_k5568(%x: memref<?x5568xf16>, %w: memref<11392x5568xi8>, %sw: memref<11392xf32>, %y: memref<?x11392xf16>) {
  qgemm.matmul lhs(%x : memref<?x5568xf16>) weights(%w, %sw : memref<11392x5568xi8>, memref<11392xf32>) outs(%y : memref<?x11392xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n10496_k5568
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n10496_k5568(%x: memref<?x5568xf16>, %w: memref<10496x5568xi8>, %sw: memref<10496xf32>, %y: memref<?x10496xf16>) {
  qgemm.matmul lhs(%x : memref<?x5568xf16>) weights(%w, %sw : memref<10496x5568xi8>, memref<10496xf32>) outs(%y : memref<?x10496xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// K off multiples of 128 on an fp16 activation, more than 4 register blocks a
// multiprocessor (548; 528 on 132) where the one-wave warps would be 5 of 5
// chunks (25 to 40 chunks): 4 warps of 7 (v83, e457: 0.84x the time at M = 1
// to 16). Not on 464 blocks (7424 x 3136), K of whole chunks (9216 x 3200)
// or an already quantized activation (9216 x 3136).
// SM90A-LABEL: func @w8a8_n8768_k3104
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n8768_k3104(%x: memref<?x3104xf16>, %w: memref<8768x3104xi8>, %sw: memref<8768xf32>, %y: memref<?x8768xf16>) {
  qgemm.matmul lhs(%x : memref<?x3104xf16>) weights(%w, %sw : memref<8768x3104xi8>, memref<8768xf32>) outs(%y : memref<?x8768xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n7424_k3136
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 640], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n7424_k3136(%x: memref<?x3136xf16>, %w: memref<7424x3136xi8>, %sw: memref<7424xf32>, %y: memref<?x7424xf16>) {
  qgemm.matmul lhs(%x : memref<?x3136xf16>) weights(%w, %sw : memref<7424x3136xi8>, memref<7424xf32>) outs(%y : memref<?x7424xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8_n9216_k3200
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 640], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8_n9216_k3200(%x: memref<?x3200xf16>, %w: memref<9216x3200xi8>, %sw: memref<9216xf32>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%x : memref<?x3200xf16>) weights(%w, %sw : memref<9216x3200xi8>, memref<9216xf32>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
// SM90A-LABEL: func @w8a8q_n9216_k3136
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 640], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
func.func @w8a8q_n9216_k3136(%xq: memref<?x3136xi8>, %sx: memref<?xf32>, %w: memref<9216x3136xi8>, %sw: memref<9216xf32>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%xq : memref<?x3136xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<9216x3136xi8>, memref<9216xf32>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// The register variant to M = 16 (the 64 x 64 ring tiles from 17) on an fp16
// activation from N = 4096 on K of 2048 or more (v80, e420 / e421: 0.78x to
// 0.97x the time at M = 17 to 32 on ten layers); 3072 x 3072 keeps it to 32
// (1.04x to 1.06x slower on the ring at 17 to 24).
// SM90A-LABEL: func @w8a8_n5632_k2048
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>
// SM90A-LABEL: func @w8a8_n3072_k3072
// SM90A: configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, max_m = 32, operands = registers>
func.func @w8a8_n5632_k2048(%x: memref<?x2048xf16>, %w: memref<5632x2048xi8>, %sw: memref<5632xf32>, %y: memref<?x5632xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w, %sw : memref<5632x2048xi8>, memref<5632xf32>) outs(%y : memref<?x5632xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
func.func @w8a8_n3072_k3072(%x: memref<?x3072xf16>, %w: memref<3072x3072xi8>, %sw: memref<3072xf32>, %y: memref<?x3072xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>) weights(%w, %sw : memref<3072x3072xi8>, memref<3072xf32>) outs(%y : memref<?x3072xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// So on an already quantized activation on 8-column register blocks from
// N = 2048 on K of 4096 or more (v80, e420 / e421: 0.80x to 0.95x at M = 17
// to 32); K = 3072 keeps it to 32 (1.01x to 1.04x slower on the ring).
// SM90A-LABEL: func @w8a8q_n2048_k6144
// SM90A: configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], max_m = 16, operands = registers>
// SM90A-LABEL: func @w8a8q_n2048_k3072
// SM90A: configs = [#qgemm.config<cta_tile = [16, 8, 1536], warp_tile = [16, 8], stages = 2, max_m = 32, operands = registers>
func.func @w8a8q_n2048_k6144(%xq: memref<?x6144xi8>, %sx: memref<?xf32>, %w: memref<2048x6144xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%xq : memref<?x6144xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<2048x6144xi8>, memref<2048xf32>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
func.func @w8a8q_n2048_k3072(%xq: memref<?x3072xi8>, %sx: memref<?xf32>, %w: memref<2048x3072xi8>, %sw: memref<2048xf32>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%xq : memref<?x3072xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<2048x3072xi8>, memref<2048xf32>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// N just past a multiple of 128 (10248: 256-row tiles 144 wide, a sliver):
// at M = 385 to 512 those tiles' two rows pass one wave and are widened to
// 160 columns as 256 x 128 ones are, in place of tail-split 128 x 224
// tiles (v80, e422 / e423: 0.83x to 0.89x the time on nine layers).
// SM90A-LABEL: func @w8a8_n10248_k8192
// SM90A: max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 512, mma = wgmma, copy = tma>
func.func @w8a8_n10248_k8192(%x: memref<?x8192xf16>, %w: memref<10248x8192xi8>, %sw: memref<10248xf32>, %y: memref<?x10248xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<10248x8192xi8>, memref<10248xf32>) outs(%y : memref<?x10248xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// 64 K tiles: addW8A8QuadWaveTiles's 256-row tiles at M = 385 to 512 only
// (v80, e424: 0.81x to 0.90x the time of the tail-split 128 x 256 tiles on
// ten layers of 44 to 64 K tiles), in 4 stages; the tail-split 128 x 256
// tiles from M = 513 on.
// SM90A-LABEL: func @w8a8_n9216_k8192
// SM90A: max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 512, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>]
func.func @w8a8_n9216_k8192(%x: memref<?x8192xf16>, %w: memref<9216x8192xi8>, %sw: memref<9216xf32>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w, %sw : memref<9216x8192xi8>, memref<9216xf32>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A K-edge layer of N = 4096 to 6143 on fewer than 32 K tiles (17): one
// row of 128 x 64 tiles on the producer's ring at M = 65 to 128, where its
// chain ran 64 x 128 tiles (v80, e428: 0.75x to 0.81x the time on five
// layers); the 64 x 128 tiles from M = 129.
// SM90A-LABEL: func @w8a8_n5792_k2112
// SM90A: max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 320, mma = wgmma, copy = tma>
func.func @w8a8_n5792_k2112(%x: memref<?x2112xf16>, %w: memref<5792x2112xi8>, %sw: memref<5792xf32>, %y: memref<?x5792xf16>) {
  qgemm.matmul lhs(%x : memref<?x2112xf16>) weights(%w, %sw : memref<5792x2112xi8>, memref<5792xf32>) outs(%y : memref<?x5792xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A small W8A8 layer of an odd count of K tiles (17): extendW8A8SmallLayerTiles'
// 64 x 64 tiles in two clustered slices from the register variant to the
// rows whose grid is one wave (M = 192), where the rule wanted an even count
// and the chain ran unsplit 64 x 128 tiles from M = 65 (v84, e475 / e476 /
// e478: 0.61x to 0.92x the time on the cells it moves, nineteen layers).
// SM90A-LABEL: func @w8a8_n1408_k2176
// SM90A: max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 1536, mma = wgmma>
func.func @w8a8_n1408_k2176(%x: memref<?x2176xf16>, %w0: memref<1408x2176xi8>, %w1: memref<1408xf32>, %y: memref<?x1408xf16>) {
  qgemm.matmul lhs(%x : memref<?x2176xf16>) weights(%w0, %w1 : memref<1408x2176xi8>, memref<1408xf32>) outs(%y : memref<?x1408xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A K edge (27.5 K tiles): the 64 x 64 two-slice variant on the producer's
// ring keeps M = 65 to 128 (the rule's cp.async ring was 1.05x to 1.09x its
// time there, e476), the rule's tiles run on to M = 256.
// SM90A-LABEL: func @w8a8_n896_k3520
// SM90A: max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128]
func.func @w8a8_n896_k3520(%x: memref<?x3520xf16>, %w0: memref<896x3520xi8>, %w1: memref<896xf32>, %y: memref<?x896xf16>) {
  qgemm.matmul lhs(%x : memref<?x3520xf16>) weights(%w0, %w1 : memref<896x3520xi8>, memref<896xf32>) outs(%y : memref<?x896xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}

// A small W4A16 layer whose K tiles four slices do not divide (82):
// addW4A16SmallLayerTiles' 64 x 64 tiles at M = 65 to 256 in four uneven
// slices, where they took two (v84, e477 / e478: 0.62x to 0.95x the time
// on thirteen layers), from M = 97; before them, M = 17 to 96 on 32-,
// 64-, 80- and 96-token tiles in 8 clustered slices of at most 11 K tiles
// (v85).
// SM90A-LABEL: func @w4a16_n1024_k5248_pc
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [80, 64, 64], warp_tile = [80, 64], stages = 4, split_k = 8, max_m = 80, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 8, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a>
func.func @w4a16_n1024_k5248_pc(%x: memref<?x5248xf16>, %w0: memref<656x1024xi32>, %w1: memref<1024xf16>, %y: memref<?x1024xf16>) {
  qgemm.matmul lhs(%x : memref<?x5248xf16>) weights(%w0, %w1 : memref<656x1024xi32>, memref<1024xf16>) outs(%y : memref<?x1024xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// The W4A16 register variant of M <= 8 on a grid of 3 warps along K (368
// blocks): the most warps that divide the 45 chunks evenly within 16 warps
// a multiprocessor, 5 of 9 chunks (v84, e479 to e483: 18.5 -> 14.6 us at
// M = 1); M = 9 to 16 keeps 3.
// SM90A-LABEL: func @w4a16_n11776_k5760_g128
// SM90A: [#qgemm.config<cta_tile = [16, 32, 640], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>
func.func @w4a16_n11776_k5760_g128(%x: memref<?x5760xf16>, %w0: memref<720x11776xi32>, %w1: memref<45x11776xf16>, %y: memref<?x11776xf16>) {
  qgemm.matmul lhs(%x : memref<?x5760xf16>) weights(%w0, %w1 : memref<720x11776xi32>, memref<45x11776xf16>) outs(%y : memref<?x11776xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// Not with groups of 64 (1.07x to 1.16x the time on two layers, e482 / e483).
// SM90A-LABEL: func @w4a16_n13312_k4608_g64
// SM90A: [#qgemm.config<cta_tile = [16, 32, 384], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>
func.func @w4a16_n13312_k4608_g64(%x: memref<?x4608xf16>, %w0: memref<576x13312xi32>, %w1: memref<72x13312xf16>, %y: memref<?x13312xf16>) {
  qgemm.matmul lhs(%x : memref<?x4608xf16>) weights(%w0, %w1 : memref<576x13312xi32>, memref<72x13312xf16>) outs(%y : memref<?x13312xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64>}
  return
}

// Nor where the grid gives 4 warps (336 blocks: 6 warps 1.00x, e482).
// SM90A-LABEL: func @w4a16_n10752_k4608_pc
// SM90A: [#qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>
func.func @w4a16_n10752_k4608_pc(%x: memref<?x4608xf16>, %w0: memref<576x10752xi32>, %w1: memref<10752xf16>, %y: memref<?x10752xf16>) {
  qgemm.matmul lhs(%x : memref<?x4608xf16>) weights(%w0, %w1 : memref<576x10752xi32>, memref<10752xf16>) outs(%y : memref<?x10752xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// A K-edge layer of 9 K tiles (N >= 3072): no tail split, whose two slices
// of 4.5 tiles lost to the unsplit tiles (v84, e488 / e489: 0.84x to 0.97x
// the time without); until v84 only to 8 K tiles from N = 4096.
// SM90A-LABEL: func @w8a8_n4256_k1120
// SM90A-NOT: tail_split
// SM90A: max_m = 896, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 1280, mma = wgmma, copy = tma_producer>
// SM90A-NOT: tail_split
// SM90A: return
func.func @w8a8_n4256_k1120(%x: memref<?x1120xf16>, %w0: memref<4256x1120xi8>, %w1: memref<4256xf32>, %y: memref<?x4256xf16>) {
  qgemm.matmul lhs(%x : memref<?x1120xf16>) weights(%w0, %w1 : memref<4256x1120xi8>, memref<4256xf32>) outs(%y : memref<?x4256xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}


// 12 K tiles (a tail split in three slices of 4): none either (v84, e490:
// 0.86x to 1.01x the time without on eight layers of 12 to 15 K tiles).
// SM90A-LABEL: func @w8a8_n4096_k1536
// SM90A-NOT: tail_split
// SM90A: return
func.func @w8a8_n4096_k1536(%x: memref<?x1536xf16>, %w0: memref<4096x1536xi8>, %w1: memref<4096xf32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x1536xf16>) weights(%w0, %w1 : memref<4096x1536xi8>, memref<4096xf32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}


// The 64 x 64 register-A tiles of M = 33 to 64 in three K slices where four
// make more than 1.25 waves of four blocks a multiprocessor and three make
// one: 166 columns of 64 (v85, e495, held out: 0.87x to 0.91x the time).
// SM90A-LABEL: func @w4a16_n10624_k5120_g128
// SM90A: #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 3, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 3, max_m = 64, mma = wgmma, operands = register_a>
func.func @w4a16_n10624_k5120_g128(%x: memref<?x5120xf16>, %wq: memref<640x10624xi32>, %s: memref<40x10624xf16>, %y: memref<?x10624xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%wq, %s : memref<640x10624xi32>, memref<40x10624xf16>) outs(%y : memref<?x10624xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// Not below that window: 160 columns of 64 make 640 blocks in four slices
// (1.21 waves), where three slices lost or tied (v85, e494: 0.99x to
// 1.05x); past it (14336 x 4096 g128z above) two slices, one wave, lost.
// SM90A-LABEL: func @w4a16_n10240_k4096_g64z
// SM90A: #qgemm.config<cta_tile = [48, 64, 64], warp_tile = [48, 64], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>
func.func @w4a16_n10240_k4096_g64z(%x: memref<?x4096xf16>, %wq: memref<512x10240xi32>, %s: memref<64x10240xf16>, %z: memref<64x1280xi32>, %y: memref<?x10240xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s, %z : memref<512x10240xi32>, memref<64x10240xf16>, memref<64x1280xi32>) outs(%y : memref<?x10240xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 64, zero_points = true>}
  return
}

// Not on N = 2048 (256 blocks in 8 slices, two a multiprocessor: e496,
// 0.98x to 1.06x the time): the 64-channel register variant to M = 64,
// after the 32-token tiles of M = 17 to 32 (v85, e501h / e502: 0.74x to
// 1.00x the time of the 32-row register blocks on nine layers of N = 1664
// to 2048).
// At M = 513 to 1024 the 256 x 128 tiles in two clustered K slices (96 to
// 128 blocks, one wave) instead of one-wave bands and 128 x 128 tiles of
// one warpgroup (v86, e508 / e509: 0.83x to 1.03x the time on N = 1792 to
// 2048, 0.83x to 0.99x on eight layers held out). At M = 1025 to 1536,
// where those pass one wave, unsplit 192 x 128 tiles (96 to 128 blocks,
// where 256 x 128 ones were 80 / 96; addW4A16FewColumnTallTiles, v89,
// e543: 0.83x to 0.87x the time), then the unsplit 256 x 128 tiles.
// SM90A-LABEL: func @w4a16_n2048_k4096_pc
// SM90A: max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [16, 64, 2048], warp_tile = [16, 64], stages = 2, max_m = 64, operands = registers>
// SM90A-SAME: split_k = 2, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 2048, row_rest = 1024>]
func.func @w4a16_n2048_k4096_pc(%x: memref<?x4096xf16>, %wq: memref<512x2048xi32>, %s: memref<2048xf16>, %y: memref<?x2048xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x2048xi32>, memref<2048xf16>) outs(%y : memref<?x2048xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// On N = 1536 the same tiles make 72 blocks at M = 513, under the 80 of
// the model's rule (1024 x 4096's 48 to 64 blocks measured 1.24x to 1.34x
// slower at M = 640 to 1024, e507): its one-wave bands stay to M = 768; at
// M = 769 to 1280 (96 to 120 blocks) the tiles take over
// (addW4A16TallSplitBand; v86, e510 / e512 / e513 / e514: 0.75x to 0.96x the
// time on N = 1216 to 1664), then unsplit 192 x 128 tiles to M = 2112
// while their grid is one wave (addW4A16FewColumnTallTiles, v89, e543:
// 0.82x to 0.88x the time on 1536 x 11008).
// SM90A-LABEL: func @w4a16_n1536_k4096_pc
// SM90A: split_k = 2, max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, max_m = 704, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 1280, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 2112, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 2816, row_rest = 1280>]
func.func @w4a16_n1536_k4096_pc(%x: memref<?x4096xf16>, %wq: memref<512x1536xi32>, %s: memref<1536xf16>, %y: memref<?x1536xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x1536xi32>, memref<1536xf16>) outs(%y : memref<?x1536xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// Not on K of 32 tiles (1664 x 2048: 0.98x to 1.03x the time at M = 769 to
// 1024, e510): its one-wave bands and 128 x 128 tiles stay. From M = 1281
// the unsplit tiles over 192 tokens while one wave (to 1920: 130 blocks;
// addW4A16FewColumnTallTiles from K of 32 tiles, v90, e549 / e550: 0.83x
// to 0.94x the time). The last, unbounded 256 x 128 tiles fill one wave at
// M = 2560 (130 blocks) and take a second round from 2561: M = 2561 to
// 3840 runs 2560 rows on them and the rest as a call of its own
// (addW4A16LastWaveRestCut; v89, e546 / e547: 0.58x to 0.76x the time;
// rests of half of B, v90, e548 / e550 / e552). Past it the same tiles
// fill two and three waves at M = 5120 and 7680 (260 and 390 blocks): the
// 192 rows past each run as a call of their own
// (addW4A16TailFullWaveRestCuts, v91).
// SM90A-LABEL: func @w4a16_n1664_k2048_pc
// SM90A: #qgemm.config<cta_tile = [96, 128, 64], warp_tile = [96, 128], stages = 4, max_m = 960, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1280, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, max_m = 1920, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2560, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3840, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 2560, row_rest = 1280>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5120, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5312, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 5120, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6400, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7680, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7872, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 7680, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 8192, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n1664_k2048_pc(%x: memref<?x2048xf16>, %wq: memref<256x1664xi32>, %s: memref<1664xf16>, %y: memref<?x1664xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%wq, %s : memref<256x1664xi32>, memref<1664xf16>) outs(%y : memref<?x1664xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// Where the 64-channel register variant serves M = 17 to 64 (no 32-row
// blocks: K = 8192), the register-A tiles take all of it (v85, e496 /
// e499: 1024 x 8192 g64 0.76x to 0.85x the time at M = 17 to 64; held out,
// e497 / e500, 640 x 8192 g128 0.69x to 0.73x).
// SM90A-LABEL: func @w4a16_n640_k8192_g128
// SM90A: #qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 64, 64], warp_tile = [32, 64], stages = 4, split_k = 8, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a, cluster_split = true>
func.func @w4a16_n640_k8192_g128(%x: memref<?x8192xf16>, %wq: memref<1024x640xi32>, %s: memref<64x640xf16>, %y: memref<?x640xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x640xi32>, memref<64x640xf16>) outs(%y : memref<?x640xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// Past M = 2048 on layers of three or four columns of 128 channels, where
// the one-warpgroup 128 x 128 tiles in two clustered slices pass one wave
// (4 columns: 136 blocks from M = 2113), two-warpgroup tiles of 192 then
// 256 tokens in two clustered slices as far as each grid is one wave
// (addW4A16FewColumnTallSplitTiles; v88, e531 / e532: 0.71x to 0.93x the
// time, 512 x 8192 pc 0.77x to 0.94x).
// SM90A-LABEL: func @w4a16_n512_k8192_pc
// SM90A: max_m = 2048, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [192, 128, 64], warp_tile = [192, 64], stages = 4, split_k = 2, max_m = 3072, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, split_k = 2, max_m = 4096, mma = wgmma, operands = register_a, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
func.func @w4a16_n512_k8192_pc(%x: memref<?x8192xf16>, %w0: memref<1024x512xi32>, %w1: memref<512xf16>, %y: memref<?x512xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%w0, %w1 : memref<1024x512xi32>, memref<512xf16>) outs(%y : memref<?x512xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}


// 256 x 128 tiles bounded at M = 1280 fill three waves (360 blocks of
// 396); the 128 x 128 tiles after them take a fourth round from M = 1409
// (864 blocks, two a multiprocessor): M = 1409 to 1472 runs 1280 rows on
// the 256 x 128 tiles and the rest as a call of its own
// (addW4A16FullWaveRestCuts; v88, e533: 0.92x to 0.96x the time). At
// M = 768 they fill 82 percent of one wave: no cut there.
// SM90A-LABEL: func @w4a16_n9216_k4096_pc
// SM90A: max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 64]
// SM90A-SAME: max_m = 1408, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1472, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1280, row_rest = 192>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1536,
func.func @w4a16_n9216_k4096_pc(%x: memref<?x4096xf16>, %w0: memref<512x9216xi32>, %w1: memref<9216xf16>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w0, %w1 : memref<512x9216xi32>, memref<9216xf16>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 6144 x 4096 g128 (48 columns): the 256 x 128 tiles bounded at M = 1280
// fill two waves (240 blocks of 264); the 128 x 128 tiles after them take
// a third round from M = 1409 (576 blocks, two a multiprocessor), of 48
// blocks to M = 1536, a quarter of a round or less: the cut past the two
// waves reaches M = 1536 (rest of 256 rows) instead of B + 192 (v90, e556:
// 0.76x to 0.94x the time at M = B + 193 to B + 256 on six layers).
// SM90A-LABEL: func @w4a16_n6144_k4096_g128
// SM90A: max_m = 1408, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1280, row_rest = 256>
func.func @w4a16_n6144_k4096_g128(%x: memref<?x4096xf16>, %wq: memref<512x6144xi32>, %s: memref<32x6144xf16>, %y: memref<?x6144xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x6144xi32>, memref<32x6144xf16>) outs(%y : memref<?x6144xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// 2560 x 4096 (20 columns of 128): the 256 x 128 tiles bounded at M = 1536
// fill one wave (120 blocks); the one-warpgroup 128 x 128 tiles after them
// take a second round from M = 1665 (280 blocks, two a multiprocessor):
// M = 1665 to 2304 runs 1536 rows on the 256 x 128 tiles and the rest (768
// rows at most from B = 1536, a quarter of B under it) as a call of its own
// (addW4A16FullWaveRestCuts at one wave; v89, e544 / e545: 0.71x to 0.98x
// the time; v90, e548 / e550: 0.69x to 0.93x past M = 1920).
// SM90A-LABEL: func @w4a16_n2560_k4096_pc
// SM90A: max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1664, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2304, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1536, row_rest = 768>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 2432, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 3328, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 4096,
func.func @w4a16_n2560_k4096_pc(%x: memref<?x4096xf16>, %w0: memref<512x2560xi32>, %w1: memref<2560xf16>, %y: memref<?x2560xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w0, %w1 : memref<512x2560xi32>, memref<2560xf16>) outs(%y : memref<?x2560xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// 3584 x 3584 g128 (28 columns of 128): the 256 x 128 tiles bounded at
// M = 1024 fill 112 of 132 multiprocessors (84.8 percent: under v89's
// least fill of 85, over v90's 80); the one-warpgroup 128 x 128 tiles
// serve M = 1025 to 1152 in one round, the 208-token tiles after them take
// a second from 1153: M = 1153 to 1536 runs 1024 rows on the 256 x 128 tiles and
// the rest (half of B with group scales) as a call of its own (v90, e555:
// 0.74x to 0.88x the time on five layers of 27 and 28 columns).
// SM90A-LABEL: func @w4a16_n3584_k3584_g128
// SM90A: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1152, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1536, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 512>
func.func @w4a16_n3584_k3584_g128(%x: memref<?x3584xf16>, %wq: memref<448x3584xi32>, %s: memref<28x3584xf16>, %y: memref<?x3584xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%wq, %s : memref<448x3584xi32>, memref<28x3584xf16>) outs(%y : memref<?x3584xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}

// Not at B = 512 (7680 x 2048: 120 blocks of 132 at M = 512; e545, the
// cut of 128 rows 0.97x to 1.02x the time past M = 513): the 256 x 128
// tiles bounded at 512, then the chain's own.
// SM90A-LABEL: func @w4a16_n7680_k2048_pc
// SM90A-NOT: row_split = 512, row_rest = 128
// SM90A: return
func.func @w4a16_n7680_k2048_pc(%x: memref<?x2048xf16>, %w0: memref<256x7680xi32>, %w1: memref<7680xf16>, %y: memref<?x7680xf16>) {
  qgemm.matmul lhs(%x : memref<?x2048xf16>) weights(%w0, %w1 : memref<256x7680xi32>, memref<7680xf16>) outs(%y : memref<?x7680xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}

// The rest cut at M = 512 (three waves of 256 x 128 tiles, 384 blocks of
// 396) goes before the last tiles' own cut (row_split = 512, rest 128),
// which keeps the M past 704 (v88, e530: 0.84x to 0.91x the time at
// M = 544 to 704).
// SM90A-LABEL: func @w4a16_n24576_k5120_g128z
// SM90A: max_m = 512, mma = wgmma, operands = register_a, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 704, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 192>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 768, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1152, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1280, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1664, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 1792, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2176, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2304, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 2816, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3072, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3328, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3584, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 3840, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4096, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4352, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4608, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 4864, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5120, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5760, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 5888, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6272, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6400, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6784, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 6912, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7296, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7424, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7808, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 7936, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer, row_split = 512, row_rest = 128>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 512, row_rest = 128>]
func.func @w4a16_n24576_k5120_g128z(%x: memref<?x5120xf16>, %w0: memref<640x24576xi32>, %w1: memref<40x24576xf16>, %w2: memref<40x3072xi32>, %y: memref<?x24576xf16>) {
  qgemm.matmul lhs(%x : memref<?x5120xf16>) weights(%w0, %w1, %w2 : memref<640x24576xi32>, memref<40x24576xf16>, memref<40x3072xi32>) outs(%y : memref<?x24576xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>}
  return
}


// The tail split (v92, e568 / e569): an unsplit register-A variant on the
// producer's TMA ring splits a partial last wave's tiles in up to 4 K
// slices at the M whose grid has a whole wave and then a last one of at
// most half a wave (9216 x 3072 at M = 897 to 1024 on 128 x 128 tiles,
// 576 of a wave of 264: 0.85x / 0.86x the time at 1000 / 1024; at 385 to
// 640 288 and 360), in a piece of its own; elsewhere the variant stays
// whole (M = 641 to 768 on 256 x 128 tiles: 216 and 252 blocks of a wave
// of 132). Not the split-K and clustered bands (split_k), the 128 x 256
// tiles of group scales, which keep cp.async, grids under one wave (M <=
// 128: 72 tiles), nor past M = 8192.
// SM90A-LABEL: func @w4a16_n9216_k3072_g128
// SM90A: #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a>
// SM90A-SAME: #qgemm.config<cta_tile = [96, 64, 64], warp_tile = [96, 64], stages = 4, split_k = 2, max_m = 96, mma = wgmma, operands = register_a, cluster_split = true>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 128, mma = wgmma, operands = register_a, copy = tma_producer>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128], stages = 4, max_m = 384, mma = wgmma, operands = register_a>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 640, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 768, mma = wgmma, operands = register_a, copy = tma_producer>
// SM90A-SAME: #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, max_m = 1024, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>
// SM90A-SAME: #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, max_m = 8192, mma = wgmma, operands = register_a, tail_split = 4, copy = tma_producer>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]
// SM80-LABEL: func @w4a16_n9216_k3072_g128
// SM80-NOT: tail_split
// SM80: return
func.func @w4a16_n9216_k3072_g128(%x: memref<?x3072xf16>, %wq: memref<384x9216xi32>, %s: memref<24x9216xf16>, %y: memref<?x9216xf16>) {
  qgemm.matmul lhs(%x : memref<?x3072xf16>) weights(%wq, %s : memref<384x9216xi32>, memref<24x9216xf16>) outs(%y : memref<?x9216xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}
