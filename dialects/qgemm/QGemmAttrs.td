//===- QGemmAttrs.td - qgemm attributes --------------------*- tablegen -*-===//
//
// Encodings (how activations and weights are stored and scaled), the target
// chip and the tiling configuration of a qgemm kernel.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_ATTRS_TD
#define QGEMM_ATTRS_TD

include "QGemmDialect.td"
include "QGemmEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

/// A list of integers written in brackets, `[32, 32]`.
class QGemm_IntListParameter<string desc = "">
    : ArrayRefParameter<"int64_t", desc> {
  let parser = [{ ::mlir::qgemm::parseIntList($_parser) }];
  let printer = [{ ::mlir::qgemm::printIntList($_printer, $_self) }];
}

/// As QGemm_IntListParameter, empty when omitted.
class QGemm_OptionalIntListParameter<string desc = "">
    : OptionalArrayRefParameter<"int64_t", desc> {
  let parser = [{ ::mlir::qgemm::parseIntList($_parser) }];
  let printer = [{ ::mlir::qgemm::printIntList($_printer, $_self) }];
}

class QGemm_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<QGemm_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def QGemm_ActivationEncodingAttr : QGemm_Attr<"ActivationEncoding", "act"> {
  let summary = "how the activation X[M, K] enters the tensor cores";
  let description = [{
    `storage` is the element type the tensor cores consume; `scales` says how
    a quantized activation is scaled:

    - `#qgemm.act<f16>` (or `bf16`): used as is, no scales;
    - `#qgemm.act<i8, per_token>`: symmetric int8 with one fp32 scale per row
      (token), scale = absmax / 127, computed at run time;
    - `#qgemm.act<f8E4M3FN, per_block, block = 128>`: e4m3 with one fp32 scale
      per 1 x 128 block, scale = absmax / 448.

    A matmul whose lhs memref is fp16 while its encoding is quantized
    quantizes the activation itself (a fused `qgemm.quantize`).
  }];
  let parameters = (ins
    "::mlir::Type":$storage,
    DefaultValuedParameter<"::mlir::qgemm::ScaleGranularity",
        "::mlir::qgemm::ScaleGranularity::none">:$scales,
    DefaultValuedParameter<"int64_t", "0">:$block
  );
  let assemblyFormat =
      "`<` $storage (`,` $scales^)? (`,` `block` `=` $block^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True when the activation is quantized (has scales).
    bool isQuantized() const {
      return getScales() != ::mlir::qgemm::ScaleGranularity::none;
    }
  }];
}

def QGemm_WeightEncodingAttr : QGemm_Attr<"WeightEncoding", "weight"> {
  let summary = "how the weight W[N, K] is stored and scaled";
  let description = [{
    The weight encoding fixes the weight operands of `qgemm.matmul` (in order):

    - `format = int8, scales = per_channel`: (Wq i8 [N, K], sw f32 [N]);
    - `format = int4, scales = per_channel`: (Wq i32 [K/8, N], s f16 [N]);
    - `format = int4, scales = per_group, group_size = G` (G = 32, 64, 128):
      (Wq i32 [K/8, N], s f16 [K/G, N]) and, with `zero_points = true`,
      zeros i32 [K/G, N/8] (eight 4-bit zero points per word along N);
    - `format = bsr, block = [32, 32]`: (row_ptr i32 [N/32 + 1],
      col_idx i32 [nnzb], blocks f16 [nnzb, 32, 32]);
    - `format = fp8_e4m3, scales = per_block, block = [128, 128]`:
      (Wq f8E4M3FN [N, K], sw f32 [N/128, K/128]).

    int4 weights are signed (-8..7), 8 values along K in one int32, the
    value for k = 8 * i + j in bits [4j, 4j + 4) (low nibble first).

    With `fragment_order = true` (int4 only) Wq keeps its shape [K/8, N]
    but each channel's four words of a 32-K block b are in the order the
    tensor-core fragments take them: word 4b + q holds the values of
    k = 32b + 8j + 2q in nibble j and of k = 32b + 8j + 2q + 1 in nibble
    j + 4 (j = 0..3), so that one word converts into the four k-pairs a
    thread needs (the reference library's `repackInt4FragmentOrder` makes
    it from the seed layout).
  }];
  let parameters = (ins
    EnumParameter<QGemm_WeightFormat>:$format,
    DefaultValuedParameter<"::mlir::qgemm::ScaleGranularity",
        "::mlir::qgemm::ScaleGranularity::none">:$scales,
    DefaultValuedParameter<"int64_t", "0">:$group_size,
    QGemm_OptionalIntListParameter<>:$block,
    DefaultValuedParameter<"bool", "false">:$zero_points,
    DefaultValuedParameter<"bool", "false">:$fragment_order
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def QGemm_TargetAttr : QGemm_Attr<"Target", "target"> {
  let summary = "the GPU a kernel is compiled for";
  let description = [{
    `#qgemm.target<"sm_80">`, `#qgemm.target<"sm_90">` or
    `#qgemm.target<"sm_90a">` (Hopper with wgmma and TMA).
  }];
  let parameters = (ins StringRefParameter<"chip name">:$chip);
  let assemblyFormat = "`<` $chip `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The compute capability times ten (80 or 90).
    int64_t getSMVersion() const;
    /// Whether the chip has wgmma (sm_90a: the architecture-specific
    /// Hopper features).
    bool hasWgmma() const { return getChip() == "sm_90a"; }
    /// The chips qgemm can compile for.
    static ::llvm::ArrayRef<::llvm::StringRef> getSupportedChips();
    /// Largest dynamic shared memory one CTA may use on this chip, in bytes.
    int64_t getMaxSharedMemoryPerBlock() const;
    /// Multiprocessors of the reference part of this chip generation (H100 /
    /// H200 SXM for sm_90, A100 for sm_80); a cost-model input.
    int64_t getMultiprocessorCount() const;
    /// Thread blocks of `threads` threads and `sharedBytes` of dynamic shared
    /// memory that one multiprocessor holds at once (registers are not
    /// counted); at least 1.
    int64_t getResidentBlocks(int64_t sharedBytes, int64_t threads) const;
  }];
}

def QGemm_ConfigAttr : QGemm_Attr<"Config", "config"> {
  let summary = "tiling configuration of one kernel variant";
  let description = [{
    `cta_tile = [BM, BN, BK]` is the tile of Y (BM x BN) one thread block
    computes per step of BK along K; `warp_tile = [WM, WN]` the part of it one
    warp owns (every entry of both at most 4096, at most 32 warps a block);
    `stages` the depth of the cp.async ring over K; `split_k` how
    many thread blocks share one output tile along K (slices of
    ceil(K tiles / split_k) tiles, the last ones shorter; for a BSR
    register-direct variant, `split_k = 2` lets the thread blocks of empty
    block rows take slices of the long ones, chosen in the kernel from
    row_ptr, and a BSR one-row variant of 64 rows cuts only its long rows
    over the spare blocks: see the BSR scheme; a W4A16 register-direct
    variant with a bounded `max_m` takes K slices of whole 128-K chunks,
    which must divide K, the last slice adding the others' partial tiles).
    `max_m` bounds the M this variant is chosen for (0: no bound); a matmul
    lists its variants in increasing `max_m`, the last one unbounded.

    `mma` picks the tensor-core instruction: `mma_sync` (the default; warps
    of `mma.sync` m16n8k32, ldmatrix from a padded shared layout) or `wgmma`
    (sm_90a only: warpgroups of four warps issue `wgmma.mma_async` m64nNk32
    s8 or m64nNk16 f16 straight from a 128-byte-swizzled shared layout). With
    `wgmma`, `warp_tile` is the tile of one warpgroup and must be `[64, BN]`,
    and BK must be 128 bytes of the activation (one swizzle row: 128 int8 or
    64 fp16; the matmul checks which).

    `operands` picks how the operands reach the tensor cores: `shared` (the
    default: a cp.async ring in shared memory over K, read by ldmatrix or
    wgmma) or `registers` (for small M: every thread loads its weights from
    global memory straight into `mma.sync` fragment registers, `stages`
    128-byte K chunks ahead, with no shared memory and no barrier in the K
    loop). With `registers` the tile is `cta_tile = [16, BN, BK]`,
    `warp_tile = [16, WN]`: each 128-byte piece of a BK step goes to its own
    warp (BK / 128 warps along K for each WN columns), the warps' int32 sums
    are added through shared memory. Past 16 rows the grid has one block
    per 16 rows and output column block, ordered so that the blocks of one
    column block (the same weights) run together and share them through L2.
    The int4 (W4A16) kernels, whose tokens are mma's N, also take blocks of
    32 or 64 rows (`cta_tile = [32 | 64, BN, BK]`, warp tile M the same):
    every warp covers the block's rows and converts each weight word once
    for all of them.
    The K order inside a 128-byte chunk is permuted identically for both
    operands, so that each thread's fragment bytes are 32 contiguous bytes
    of a row.

    `operands = register_a` (W4A16 with `mma = wgmma` only) computes the
    transposed product Y^T = W . X^T: each warp dequantizes its weights
    straight into wgmma's register operand A (16 channels of a m64 tile),
    and the ring's X rows (128-byte swizzled) are operand B, so the
    converted weights never pass through shared memory. A warpgroup owns
    128 channels (two m64nBMk16 accumulators) and all BM rows:
    `warp_tile = [BM, 128]`, BN a multiple of 128 (BN / 128 warpgroups), BM
    a multiple of 16 and at most 128; or 64 channels (one accumulator):
    `warp_tile = [BM, 64]`, BN / 64 warpgroups, BM at most 256 (the wgmma
    N), so that each weight is dequantized once for up to 256 rows.

    `fuse_quantize = true` (register operands, `max_m` at most 8) makes the
    variant one kernel that takes the fp16 activations: every block
    quantizes the M rows itself into shared memory (absmax, scale, round half
    to even, as the quantize kernel does) while its first weights are in
    flight, and block 0 also writes the int8 rows and scales to the
    workspace. The work is repeated by every block, so it pays only for a few
    rows, where it saves the second kernel launch.

    `min_fill = P` (BSR only) makes the variant a choice by density: the
    stub picks it only when nnzb is at least P% of the (N / 32) x (K / 32)
    blocks a full weight has, and otherwise the next variant, which has the
    same `max_m` and a lower `min_fill` (the chain ends with a variant
    without one). Tiles of several block rows pay off on dense-enough
    weights only.

    `tail_split = S` (W8A8 ring variants and W4A16's register_a rings, with
    `split_k = 1`) fills a partial last wave: the grid's output tiles come
    in waves of as many blocks as the GPU holds at once; when the tiles of
    M do not fill the last wave, each of its R tiles is split along K into
    s = min(S, wave / R) slices (a run-time choice, since M is), whose
    partials (int32 for W8A8, f32 for W4A16) the last slice of the tile
    adds. The whole waves' tiles run unsplit, so the kernel takes about
    W + 1/s waves instead of W + 1. W8A8 numbers the tiles column-major
    past one wave, W4A16 row-major as the two-dimensional grid does. The
    partials take a wave's tiles of workspace. `S = 1` (the default) never
    splits.

    `stream_k = true` (W8A8 wgmma ring variants with `split_k = 1`,
    `tail_split = 1`, cp.async copies) schedules the K iterations instead of
    the tiles where a partial last wave would leave multiprocessors idle:
    with T output tiles, a wave of W blocks and R = T mod W, whole tiles run
    one per block except the last R + W (all T when T < W), whose K
    iterations are cut into W equal contiguous ranges, one per block. A
    block walks the tiles its range crosses (at most three) with one
    pipelined K loop each; a tile that several blocks share is added up by
    the last of them to finish, from the others' int32 partials, in block
    order. When R is 0 or leaves at most an eighth of a wave idle the grid
    is the tiles, as without it.

    `cluster_split = true` (a ring variant with `split_k` from 2 to 8, sm_90
    and later) launches the split_k slices of a tile as one thread block
    cluster (1, 1, split_k) and adds their partial tiles through distributed
    shared memory instead of global partials and a tile counter: every slice
    writes its accumulators into its own shared memory, the cluster meets at
    a barrier, and slice r adds rows [r R, (r + 1) R) of every slice's
    tile, R = ceil(BM / split_k) (the last slice what is left; every slice
    must get rows), in slice order, scales and stores them, then meets the
    others at a second, relaxed barrier before it exits. No workspace, no
    fence to global memory, and the sum is spread over the slices instead
    of done by the last one.

    `copy = tma` (sm_90a, `mma = wgmma`: W8A8 with `operands = shared` and
    a K tile of 128, W4A16 with `operands = register_a`, or BSR's union
    tiles with a K tile of 32, or with `copy = tma_producer` of 64: two
    block columns, where K is a multiple of 64) fills the ring with the
    tensor memory accelerator instead of cp.async: one thread issues a
    `cp.async.bulk.tensor` of the whole A tile and one of the whole B tile
    per K tile (W4A16: the X tile, then 128-byte boxes of the weight words,
    group scales and zero points; BSR: the column's X box and one 64-byte
    box a block row, a box wholly outside the blocks where a row stores
    none; with a K tile of 64 the pair's X box of 128-byte rows and two
    block boxes a row), from tensor maps that the host stub encodes for
    each call (128-byte swizzle, BSR's 64-byte but for X's 128-byte rows;
    rows past M or N and bytes past K read as zeros). Each slot has a
    `full` mbarrier that the copies complete and an `empty` one that every
    warpgroup arrives on once its
    wgmma group on the slot retired; the K loop has no block barrier, and
    `stages - 1` K tiles are in flight.

    `copy = tma_producer` is the same ring with the copies issued by a
    warpgroup of its own (warp specialization): the block launches one more
    warpgroup after the tile's, one thread of which waits on each slot's
    `empty` barrier and refills it, so no thread that issues wgmma ever
    waits for another warpgroup's release; all `stages` slots are filled
    ahead. With two warpgroups of tiles the producer gives its registers to
    them (`setmaxnreg`: 24 for the producer, 240 for the others, one block
    a multiprocessor); with W4A16's one register-A warpgroup, two blocks a
    multiprocessor, 24 and 232 (one block and no `setmaxnreg` where
    shared memory holds one, or in clusters of four slices or more); BSR's
    union tiles may have four warpgroups (24 and 112, one block).

    `row_split = H, row_rest = R` (BSR and W4A16, a dynamic M; H a multiple of BM
    below `max_m` when there is one, 1 <= R < H) cuts a call in two where
    the tiles of M would spill into a mostly idle last wave: when
    r = M mod H is in [1, R], the host stub launches this variant on the
    first M - r rows (whole multiples of H, chosen so that their tiles fill
    whole waves), then runs the last r rows as a call of their own, through
    the variant chosen for r rows (the activations and outputs offset by
    M - r rows), in stream order. `row_split = 0` (the default, with
    `row_rest = 0`) never cuts.

    ```mlir
    #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 3>
    #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4,
                  mma = wgmma>
    #qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 4,
                  max_m = 16, operands = registers>
    #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 16], stages = 4,
                  max_m = 4, operands = registers, fuse_quantize = true>
    #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [128, 128],
                  stages = 4, mma = wgmma, operands = register_a>
    #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256],
                  stages = 4, mma = wgmma, tail_split = 8>
    #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128],
                  stages = 6, mma = wgmma, copy = tma>
    #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256],
                  stages = 4, mma = wgmma, stream_k = true>
    #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128],
                  stages = 4, split_k = 2, max_m = 256, mma = wgmma,
                  cluster_split = true>
    ```
  }];
  let parameters = (ins
    QGemm_IntListParameter<>:$cta_tile,
    QGemm_IntListParameter<>:$warp_tile,
    DefaultValuedParameter<"int64_t", "3">:$stages,
    DefaultValuedParameter<"int64_t", "1">:$split_k,
    DefaultValuedParameter<"int64_t", "0">:$max_m,
    DefaultValuedParameter<"::mlir::qgemm::MmaKind",
        "::mlir::qgemm::MmaKind::mma_sync">:$mma,
    DefaultValuedParameter<"::mlir::qgemm::OperandPath",
        "::mlir::qgemm::OperandPath::shared">:$operands,
    DefaultValuedParameter<"bool", "false">:$fuse_quantize,
    DefaultValuedParameter<"int64_t", "0">:$min_fill,
    DefaultValuedParameter<"int64_t", "1">:$tail_split,
    DefaultValuedParameter<"::mlir::qgemm::CopyKind",
        "::mlir::qgemm::CopyKind::cp_async">:$copy,
    DefaultValuedParameter<"bool", "false">:$stream_k,
    DefaultValuedParameter<"bool", "false">:$cluster_split,
    DefaultValuedParameter<"int64_t", "0">:$row_split,
    DefaultValuedParameter<"int64_t", "0">:$row_rest
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  // One builder whose scheduling parameters after fuse_quantize take their
  // defaults, so that a config that uses none of them need not name them.
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<int64_t>":$cta_tile,
        "::llvm::ArrayRef<int64_t>":$warp_tile, "int64_t":$stages,
        "int64_t":$split_k, "int64_t":$max_m, "::mlir::qgemm::MmaKind":$mma,
        "::mlir::qgemm::OperandPath":$operands, "bool":$fuse_quantize,
        CArg<"int64_t", "0">:$min_fill, CArg<"int64_t", "1">:$tail_split,
        CArg<"::mlir::qgemm::CopyKind",
             "::mlir::qgemm::CopyKind::cp_async">:$copy,
        CArg<"bool", "false">:$stream_k,
        CArg<"bool", "false">:$cluster_split,
        CArg<"int64_t", "0">:$row_split, CArg<"int64_t", "0">:$row_rest), [{
      return $_get($_ctxt, cta_tile, warp_tile, stages, split_k, max_m, mma,
                   operands, fuse_quantize, min_fill, tail_split, copy,
                   stream_k, cluster_split, row_split, row_rest);
    }]>
  ];
  let extraClassDeclaration = [{
    /// This config with max_m = `maxM` and every other field the same.
    ConfigAttr withMaxM(int64_t maxM) const {
      return get(getContext(), getCtaTile(), getWarpTile(), getStages(),
                 getSplitK(), maxM, getMma(), getOperands(),
                 getFuseQuantize(), getMinFill(), getTailSplit(), getCopy(),
                 getStreamK(), getClusterSplit(), getRowSplit(),
                 getRowRest());
    }
    /// This config with row_split = `rowSplit`, row_rest = `rowRest` and
    /// every other field the same.
    ConfigAttr withRowSplit(int64_t rowSplit, int64_t rowRest) const {
      return get(getContext(), getCtaTile(), getWarpTile(), getStages(),
                 getSplitK(), getMaxM(), getMma(), getOperands(),
                 getFuseQuantize(), getMinFill(), getTailSplit(), getCopy(),
                 getStreamK(), getClusterSplit(), rowSplit, rowRest);
    }
    int64_t getBlockM() const { return getCtaTile()[0]; }
    int64_t getBlockN() const { return getCtaTile()[1]; }
    int64_t getBlockK() const { return getCtaTile()[2]; }
    int64_t getWarpM() const { return getWarpTile()[0]; }
    int64_t getWarpN() const { return getWarpTile()[1]; }
    bool isWgmma() const { return getMma() == ::mlir::qgemm::MmaKind::wgmma; }
    /// Whether the ring is filled by the tensor memory accelerator.
    /// (copy = tma or tma_producer).
    bool isTma() const {
      return getCopy() != ::mlir::qgemm::CopyKind::cp_async;
    }
    /// Whether a producer warpgroup of its own issues the TMA copies
    /// (copy = tma_producer).
    bool isTmaProducer() const {
      return getCopy() == ::mlir::qgemm::CopyKind::tma_producer;
    }
    /// Threads a block launches: the warps of the tiles, and with
    /// copy = tma_producer one more warpgroup.
    int64_t getBlockThreads() const {
      return 32 * getNumWarps() + (isTmaProducer() ? 128 : 0);
    }
    /// Whether the operands go straight into registers (no shared ring).
    bool isRegisterDirect() const {
      return getOperands() == ::mlir::qgemm::OperandPath::registers;
    }
    /// Whether wgmma's A operand is the weights, formed in registers
    /// (Y^T = W . X^T).
    bool isRegisterA() const {
      return getOperands() == ::mlir::qgemm::OperandPath::register_a;
    }
    /// Warps that share one warp tile along K (register-direct variants).
    int64_t getWarpsK() const {
      return isRegisterDirect() ? getBlockK() / kRegisterChunkBytes : 1;
    }
    /// Number of warps in one thread block (four per warpgroup tile with
    /// wgmma; BK / 128 along K for each warp tile with register operands).
    int64_t getNumWarps() const {
      return (getBlockM() / getWarpM()) * (getBlockN() / getWarpN()) *
             (isWgmma() ? 4 : 1) * getWarpsK();
    }
    /// K bytes of one register-direct chunk: 4 mma k-steps of 32, each
    /// thread holding 32 contiguous bytes of a row.
    static constexpr int64_t kRegisterChunkBytes = 128;
    /// Most K chunks one warp of a register-direct variant walks: its K
    /// loop is emitted unrolled (every chunk's registers are named values).
    static constexpr int64_t kMaxRegisterChunks = 64;
    /// Registers a thread that the launch bounds of a W4A16 register-direct
    /// block of 32 or 64 rows leave it (its accumulators and X rows spilled
    /// at 128), which bounds how many such blocks a multiprocessor holds.
    static constexpr int64_t kRowBlockRegisters = 168;
    /// The most W4A16 register-direct blocks of 32 or 64 rows and `threads`
    /// threads a multiprocessor holds: what its 2048 threads and 65536
    /// registers allow at kRowBlockRegisters a thread (their launch bounds;
    /// qgemm-configure's one-wave test).
    static int64_t getRowBlocksPerSM(int64_t threads) {
      return std::min<int64_t>(2048 / threads,
                               65536 / (threads * kRowBlockRegisters));
    }
    /// Registers a thread of a BSR register-direct block keeps under its
    /// launch bounds: two groups of loads in flight (the current one and
    /// the next: stages x (4 + tokenTiles) 16-byte vectors a group), its
    /// accumulators (8 a token tile) and about 40 more. A tighter bound
    /// made ptxas spill the loads (300 to 1400 bytes at 80 registers).
    static int64_t getBsrRegisterThreadRegisters(int64_t tokenTiles,
                                                 int64_t stages) {
      return 40 + 8 * tokenTiles + 2 * stages * 4 * (4 + tokenTiles);
    }
    /// The most BSR register-direct blocks of `threads` threads a
    /// multiprocessor holds at those registers (the lowering's launch
    /// bounds, which also cap them at one wave of the block rows;
    /// qgemm-configure's wave count).
    static int64_t getBsrRegisterBlocksPerSM(int64_t threads,
                                             int64_t tokenTiles,
                                             int64_t stages) {
      return 65536 /
             (threads * getBsrRegisterThreadRegisters(tokenTiles, stages));
    }
    /// Chunks past which a W4A16 register-direct warp with zero points, or
    /// with group scales and rows 8..15 (max_m past 8), runs its K loop
    /// rolled, `stages` chunks a step, which qgemm-configure sets to 2 for
    /// groups of 128 and to 1 for groups of 32 and 64 (more spilled their
    /// per-block scale and zero words): unrolled, its code (10118 SASS
    /// instructions for 32 chunks of g128z) outgrows the instruction cache.
    /// The rows 0..7 variant of group scales without zero points stays
    /// unrolled (rolled, it was slower). So do blocks of 32 or 64 rows in
    /// every format: unrolled, ptxas spilled their words in flight (28672 x
    /// 8192 per channel, 64 rows: 14.7 KB a thread against 224 bytes).
    static constexpr int64_t kMaxUnrolledGroupedChunks = 12;
    /// Whether a W4A16 register-direct variant of `blockM` rows and `maxM`
    /// whose warps walk more than kMaxUnrolledGroupedChunks chunks runs its
    /// K loop rolled (above): the lowering rolls it, qgemm-configure sets
    /// its stages.
    static bool isRolledW4A16Chain(int64_t groupSize, bool zeroPoints,
                                   int64_t maxM, int64_t blockM) {
      return blockM > 16 ||
             (groupSize != 0 && (zeroPoints || maxM == 0 || maxM > 8));
    }
    /// Most slices a tail_split variant splits a tile of the last wave into.
    static constexpr int64_t kMaxTailSplit = 16;
    /// The largest row_split (the stub's largest M).
    static constexpr int64_t kMaxRowSplit = int64_t(1) << 24;
    /// The largest cta_tile or warp_tile entry (a register-direct block's
    /// K of 32 warps x 128 bytes).
    static constexpr int64_t kMaxTileSize = 4096;
    /// Most slices of a cluster_split variant: the portable cluster size.
    static constexpr int64_t kMaxClusterSplit = 8;
    /// f32 / i32 padding after each row of a cluster_split variant's
    /// shared partial tile (16 bytes: the eight rows a warp's pair store
    /// touches start in different banks).
    static constexpr int64_t kClusterTilePad = 4;
    /// Shared-memory bytes of that tile, [BM, BN + kClusterTilePad] words.
    int64_t getClusterTileBytes() const {
      return getBlockM() * (getBlockN() + kClusterTilePad) * 4;
    }
  }];
}

def QGemm_ConfigArrayAttr
    : TypedArrayAttrBase<QGemm_ConfigAttr, "array of qgemm configs">;

#endif // QGEMM_ATTRS_TD
