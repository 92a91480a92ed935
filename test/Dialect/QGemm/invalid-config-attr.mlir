// RUN: qgemm-opt %s -split-input-file -verify-diagnostics
// Covers: every rejection of #qgemm.config on its own.

// expected-error @+1 {{expected cta_tile [BM, BN, BK] with 3 entries, got 2}}
func.func private @negative_cta_tile_rank() attributes {c = #qgemm.config<cta_tile = [128, 128], warp_tile = [64, 64]>}

// -----

// expected-error @+1 {{expected warp_tile [WM, WN] with 2 entries, got 3}}
func.func private @negative_warp_tile_rank() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64, 32]>}

// -----

// expected-error @+1 {{expected positive tile sizes, got cta_tile [0, 128, 64] and warp_tile [64, 64]}}
func.func private @negative_zero_tile() attributes {c = #qgemm.config<cta_tile = [0, 128, 64], warp_tile = [64, 64]>}

// -----

// A tile too large for any kernel (its warp count would overflow int64).
// expected-error @+1 {{expected tile sizes of at most 4096, got cta_tile [4611686018427387904, 4611686018427387904, 64] and warp_tile [64, 64]}}
func.func private @huge_tile() attributes {c = #qgemm.config<cta_tile = [4611686018427387904, 4611686018427387904, 64], warp_tile = [64, 64]>}

// -----

// expected-error @+1 {{expected tile sizes of at most 4096, got cta_tile [128, 128, 64] and warp_tile [8192, 64]}}
func.func private @huge_warp_tile() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [8192, 64]>}

// -----

// expected-error @+1 {{expected warp_tile [48, 64] to divide the cta tile [128, 128]}}
func.func private @negative_warp_not_dividing_cta() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [48, 64]>}

// -----

// 16 x 16 warps of 16 x 8: 256 warps, more than a thread block holds.
// expected-error @+1 {{expected at most 32 warps per thread block, got 256}}
func.func private @negative_too_many_warps() attributes {c = #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [16, 8]>}

// -----

// expected-error @+1 {{expected stages in [1, 8], got 0}}
func.func private @negative_zero_stages() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 0>}

// -----

// expected-error @+1 {{expected split_k >= 1, got 0}}
func.func private @negative_zero_split_k() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], split_k = 0>}

// -----

// expected-error @+1 {{expected max_m in [0, 2147483647] (0: no bound), got -1}}
func.func private @negative_max_m() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], max_m = -1>}

// -----

// Past the 32-bit grid's rows (a split variant's workspace, sized from
// max_m, overflowed 64 bits at 2^63 - 1).
// expected-error @+1 {{expected max_m in [0, 2147483647] (0: no bound), got 2147483648}}
func.func private @negative_huge_max_m() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], max_m = 2147483648>}

// -----

// expected-error @+1 {{expected warp_tile [64, 128] (one warpgroup per 64 rows, the whole BN) with mma = wgmma, got [64, 64]}}
func.func private @negative_wgmma_warp_tile() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 64], mma = wgmma>}

// -----

// expected-error @+1 {{expected cta tile K of 32, 64 or 128 with mma = wgmma (one 128-byte swizzled row of fp16 or int8, or one 32-wide BSR block), got 16}}
func.func private @negative_wgmma_block_k() attributes {c = #qgemm.config<cta_tile = [128, 128, 16], warp_tile = [64, 128], mma = wgmma>}

// -----

// expected-error @+1 {{expected cta tile N (512) to be a multiple of 16 and at most 256 with mma = wgmma (wgmma m64nN)}}
func.func private @negative_wgmma_block_n() attributes {c = #qgemm.config<cta_tile = [64, 512, 128], warp_tile = [64, 512], mma = wgmma>}

// -----

// expected-error @+1 {{expected stages >= 3 with mma = wgmma (the ring keeps one wgmma group in flight), got 2}}
func.func private @negative_wgmma_stages() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 2, mma = wgmma>}

// -----

// expected-error @+1 {{expected at most 32 warps per thread block, got 36}}
func.func private @negative_wgmma_warps() attributes {c = #qgemm.config<cta_tile = [576, 128, 128], warp_tile = [64, 128], mma = wgmma>}

// -----

// expected-error @+1 {{expected mma = mma_sync with operands = registers, got mma = wgmma}}
func.func private @negative_registers_wgmma() attributes {c = #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 3, max_m = 16, mma = wgmma, operands = registers>}

// -----

// expected-error @+1 {{expected cta tile M and warp tile M of 16, 32 or 64 (equal: every warp covers the block's rows) with operands = registers, got 32 and 16}}
func.func private @negative_registers_block_m() attributes {c = #qgemm.config<cta_tile = [32, 16, 1024], warp_tile = [16, 16], max_m = 16, operands = registers>}

// -----

// expected-error @+1 {{expected cta tile M and warp tile M of 16, 32 or 64 (equal: every warp covers the block's rows) with operands = registers, got 128 and 128}}
func.func private @negative_registers_block_m_128() attributes {c = #qgemm.config<cta_tile = [128, 32, 1024], warp_tile = [128, 32], max_m = 128, operands = registers>}

// -----

// expected-error @+1 {{expected cta tile K (192) to be a multiple of 128 with operands = registers (one 128-byte chunk per warp)}}
func.func private @negative_registers_block_k() attributes {c = #qgemm.config<cta_tile = [16, 16, 192], warp_tile = [16, 16], max_m = 16, operands = registers>}

// -----

// expected-error @+1 {{expected operands = shared or register_a with cluster_split = true (a ring variant's slices), got operands = registers}}
func.func private @negative_registers_cluster_split() attributes {c = #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], split_k = 2, max_m = 16, operands = registers, cluster_split = true>}


// -----

// 2 warp tiles x 32 chunks of 128 along K = 64 warps.
// expected-error @+1 {{expected at most 32 warps per thread block, got 64}}
func.func private @negative_registers_warps() attributes {c = #qgemm.config<cta_tile = [16, 32, 4096], warp_tile = [16, 16], max_m = 16, operands = registers>}

// -----

// expected-error @+1 {{expected operands = registers with fuse_quantize = true}}
func.func private @negative_fuse_shared() attributes {c = #qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 8], max_m = 4, fuse_quantize = true>}

// -----

// expected-error @+1 {{expected max_m in [1, 8] with fuse_quantize = true (every block quantizes the rows itself), got 16}}
func.func private @negative_fuse_max_m() attributes {c = #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], max_m = 16, operands = registers, fuse_quantize = true>}

// -----

// expected-error @+1 {{expected min_fill in [0, 100] (percent of the blocks of a full weight), got 150}}
func.func private @negative_min_fill() attributes {c = #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 32], min_fill = 150>}

// -----

// operands = register_a: the weights as wgmma's register A.
// expected-error @+1 {{expected mma = wgmma with operands = register_a, got mma = mma_sync}}
func.func private @negative_register_a_mma_sync() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, operands = register_a>}

// -----

// expected-error @+1 {{expected warp_tile [128, 64] or [128, 128] (one warpgroup per 64 or 128 columns, every row) with operands = register_a, got [64, 128]}}
func.func private @negative_register_a_warp_tile() attributes {c = #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 128], stages = 4, mma = wgmma, operands = register_a>}

// -----

// Two accumulators of BM / 2 registers each: BM at most 128.
// expected-error @+1 {{expected cta tile M (256) to be a multiple of 16 and at most 128 with operands = register_a and warp tile N 128 (the wgmma N of two accumulators)}}
func.func private @negative_register_a_block_m() attributes {c = #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 128], stages = 4, mma = wgmma, operands = register_a>}

// -----

// One accumulator of 64 channels: BM up to 256, the widest wgmma N.
// expected-error @+1 {{expected cta tile M (272) to be a multiple of 16 and at most 256 with operands = register_a and warp tile N 64 (the wgmma N of one accumulator)}}
func.func private @negative_register_a_block_m_64() attributes {c = #qgemm.config<cta_tile = [272, 128, 64], warp_tile = [272, 64], stages = 4, mma = wgmma, operands = register_a>}

// -----

// expected-error @+1 {{expected warp_tile [256, 64] or [256, 128] (one warpgroup per 64 or 128 columns, every row) with operands = register_a, got [256, 32]}}
func.func private @negative_register_a_warp_n() attributes {c = #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 32], stages = 4, mma = wgmma, operands = register_a>}

// -----

// expected-error @+1 {{expected cta tile K of 64 with operands = register_a (one 128-byte swizzled row of fp16), got 128}}
func.func private @negative_register_a_block_k() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a>}

// -----

// expected-error @+1 {{expected stages >= 3 with mma = wgmma (the ring keeps one wgmma group in flight), got 2}}
func.func private @negative_register_a_stages() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 2, mma = wgmma, operands = register_a>}

// -----

// expected-error @+1 {{expected tail_split in [1, 16], got 17}}
func.func private @tail_split_too_large() attributes {c = #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 17>}

// -----

// expected-error @+1 {{expected split_k = 1 and operands = shared or register_a with tail_split > 1 (a ring variant that splits only the tiles of a partial last wave), got split_k = 2, operands = shared}}
func.func private @tail_split_with_split_k() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, mma = wgmma, tail_split = 4>}

// -----

// expected-error @+1 {{expected split_k = 1 and operands = shared or register_a with tail_split > 1 (a ring variant that splits only the tiles of a partial last wave), got split_k = 1, operands = registers}}
func.func private @tail_split_registers() attributes {c = #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 2, operands = registers, tail_split = 2>}

// -----

// The TMA ring copies 128-byte swizzled rows for wgmma only.
// expected-error @+1 {{expected mma = wgmma with operands = shared and cta tile K of 128, 64 or 32, or operands = register_a, with copy = tma (a ring of swizzled rows), got mma = mma_sync, operands = shared, cta tile K 64}}
func.func private @tma_mma_sync() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 4, copy = tma>}

// -----

// A producer warpgroup fills the same TMA ring.
// expected-error @+1 {{expected mma = wgmma with operands = shared and cta tile K of 128, 64 or 32, or operands = register_a, with copy = tma_producer (a ring of swizzled rows), got mma = mma_sync, operands = shared, cta tile K 128}}
func.func private @tma_producer_mma_sync() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 64], stages = 4, copy = tma_producer>}

// -----

// The producer shares one block's registers with at most two warpgroups.
// expected-error @+1 {{expected at most two warpgroups of tiles (8 warps) with copy = tma_producer, got 12 warps}}
func.func private @tma_producer_three_warpgroups() attributes {c = #qgemm.config<cta_tile = [192, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer>}

// -----

// A TMA box has at most 256 rows.
// expected-error @+1 {{expected cta tile M and N of at most 256 (the rows of one TMA box) with copy = tma, got [320, 64]}}
func.func private @tma_box_rows() attributes {c = #qgemm.config<cta_tile = [320, 64, 128], warp_tile = [64, 64], stages = 4, mma = wgmma, copy = tma>}

// -----

// expected-error @+2 {{expected one of [cp_async, tma, tma_producer] for how a ring variant brings its K tiles into shared memory, got: bulk}}
// expected-error @+1 {{failed to parse QGemm_ConfigAttr parameter 'copy'}}
func.func private @copy_unknown() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = bulk>}

// -----

// A stream-K grid is built for the cp.async wgmma ring that splits nothing
// else.
// expected-error @+1 {{expected mma = wgmma, operands = shared, split_k = 1, tail_split = 1 and copy = cp_async with stream_k = true (a cp.async wgmma ring that schedules K iterations itself), got mma = wgmma, operands = shared, split_k = 2, tail_split = 1, copy = cp_async}}
func.func private @stream_k_with_split_k() attributes {c = #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, split_k = 2, mma = wgmma, stream_k = true>}

// -----

// expected-error @+1 {{expected mma = wgmma, operands = shared, split_k = 1, tail_split = 1 and copy = cp_async with stream_k = true (a cp.async wgmma ring that schedules K iterations itself), got mma = wgmma, operands = shared, split_k = 1, tail_split = 8, copy = cp_async}}
func.func private @stream_k_with_tail_split() attributes {c = #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, stream_k = true>}

// -----

// expected-error @+1 {{expected mma = wgmma, operands = shared, split_k = 1, tail_split = 1 and copy = cp_async with stream_k = true (a cp.async wgmma ring that schedules K iterations itself), got mma = mma_sync, operands = shared, split_k = 1, tail_split = 1, copy = cp_async}}
func.func private @stream_k_mma_sync() attributes {c = #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 4, stream_k = true>}

// -----

// expected-error @+1 {{expected mma = wgmma, operands = shared, split_k = 1, tail_split = 1 and copy = cp_async with stream_k = true (a cp.async wgmma ring that schedules K iterations itself), got mma = wgmma, operands = shared, split_k = 1, tail_split = 1, copy = tma}}
func.func private @stream_k_tma() attributes {c = #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, copy = tma, stream_k = true>}

// -----

// A cluster split needs K slices to add: split_k from 2 to 8 (the portable
// cluster size).
// expected-error @+1 {{expected split_k in [2, 8] with cluster_split = true (the slices of a tile are one cluster), got 1}}
func.func private @cluster_split_unsplit() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, cluster_split = true>}

// -----

// expected-error @+1 {{expected split_k in [2, 8] with cluster_split = true (the slices of a tile are one cluster), got 16}}
func.func private @cluster_split_too_many() attributes {c = #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 16, mma = wgmma, cluster_split = true>}

// -----

// Each slice adds ceil(BM / split_k) rows, the last what is left: 16 rows
// in 7 slices of 3 leave none to the last (64 rows in 3 slices, 22, 22 and
// 20, are valid).
// expected-error @+1 {{expected split_k (7) to leave rows to every slice of the cta tile M (16) with cluster_split = true (each slice adds ceil(BM / split_k) rows, the last what is left)}}
func.func private @cluster_split_rows() attributes {c = #qgemm.config<cta_tile = [16, 64, 128], warp_tile = [16, 64], stages = 4, split_k = 7, cluster_split = true>}

// -----

// row_split cuts M at whole multiples of H: H a multiple of the tile's rows.
// expected-error @+1 {{expected row_split in [0, 16777216] and a multiple of the cta tile M (256; 0: no split), got 1000}}
func.func private @row_split_not_tile_rows() attributes {c = #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, row_split = 1000, row_rest = 500>}

// -----

// A variant bounded at max_m <= H is never past H.
// expected-error @+1 {{expected row_split (1024) below max_m (1024): the variant would never cut M}}
func.func private @row_split_past_max_m() attributes {c = #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 1024, mma = wgmma, row_split = 1024, row_rest = 512>}

// -----

// The rows cut off are 1 to H - 1.
// expected-error @+1 {{expected row_rest in [1, row_split) with row_split > 0, 0 without, got row_split = 1024 and row_rest = 1024}}
func.func private @row_rest_too_large() attributes {c = #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, row_split = 1024, row_rest = 1024>}

// -----

// expected-error @+1 {{expected row_rest in [1, row_split) with row_split > 0, 0 without, got row_split = 0 and row_rest = 100}}
func.func private @row_rest_without_split() attributes {c = #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, row_rest = 100>}
