//===- Passes.td - qgemm transformation passes -------------*- tablegen -*-===//
//
// Passes that work on qgemm ops before they are lowered, and on the kernels
// the lowering builds.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TRANSFORMS_PASSES_TD
#define QGEMM_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def QGemmConfigure : Pass<"qgemm-configure", "::mlir::ModuleOp"> {
  let summary = "choose the target and the tiling variants of every qgemm.matmul";
  let description = [{
    Fills `target` (from the `chip` option) and `configs` on every
    `qgemm.matmul` that lacks them, and checks every config (given or chosen)
    against the shared-memory budget of the target. Tiles need not divide N
    or K (the kernels mask edge tiles): the rule below reads N and K as the
    nearest multiples of 128 (N128, K128; at least 128). The rule, per
    scheme with 8-bit activations (int8 mma m16n8k32):

    - M <= 64 (`max_m = 64`): register operands
      (`operands = registers`): warp_tile [16, WN] with WN = 16 when N128 / 16
      thread blocks are at least the multiprocessors (132 on sm_90, 108 on
      sm_80), else 8; BN = WN; up to 8 warps (16 with WN = 8) split K inside
      the block, one 128-byte chunk each per BK step (cta_tile
      [16, WN, 128 x warps]), taking the largest such count that divides
      the ceil(K / 128) chunks, or (K not a multiple of 128) the whole
      floor(K / 128) chunks when that gives each warp fewer steps, or all
      8 (16) warps when that gives fewer (K = 11008: 86 chunks, 8 warps of
      11 steps, the last ones skipping the steps past K; v15); `stages` (chunks in flight in registers) is 2 with WN = 16
      (v9: faster than 4, which left room for only two blocks per
      multiprocessor) and 8 with WN = 8, capped by the chunks of one warp.
      The kernel is bound by the weight bytes and the chain of instructions between them,
      so each thread keeps its weights in flight in registers with no ring
      and no barrier per K step; past 16 rows the grid has one block per
      16 rows and column block (docs/perf-notes.md, v8). On sm_90a, when
      wgmma tiles follow and the weights exceed 32 MiB, it serves M <= 16
      only (it reads the weights once per 16 rows; v9: 11008 x 4096 at
      M = 33 took 34.3 us against 23.1 with wgmma tiles), else M <= 32
      when N128 >= 2048 (v15: 4096 x 4096 at M = 64, 20.1 us against 16.2
      with wgmma tiles; v20: at M = 33 to 48 the 64 x 64 wgmma tiles
      below were 6 to 27% faster);
    - M = 1 (`max_m = 1`, ahead of the variant above) on sm_90 and later
      when K >= 4096 and the grid of that variant has at most two blocks
      per multiprocessor: the same tiles with `fuse_quantize = true`, one
      kernel that quantizes the row in every block (v9: 4096 x 4096 11.06
      -> 10.45 us, 1024 x 4096 7.65 -> 7.36 us; slower for K = 1024, for
      11008 x 4096 and for M >= 2);
    - M <= 16 otherwise (more than 64 chunks per warp): cta_tile
      [16, BN, BK], one 16-row mma tile
      per warp, 4 warps side by side along N; BN = 32, BK = 128, the
      deepest ring that fits (up to 8 stages);
    - M <= 64 (`max_m = 64`) without register operands: cta_tile
      [32, BN, BK], warp_tile [16, BN/2],
      6 stages (twice the thread blocks of 64 x 64 tiles on a weight-bound
      shape);
    - M <= 256 (`max_m = 256`): cta_tile [64, 64, 64], warp_tile [32, 32],
      4 stages;
    - otherwise: cta_tile [128, 128, 64], warp_tile [64, 64], 4 stages.

    On sm_90a, when K128 has at least two 128-byte tiles, the variants past
    M = 64 use wgmma (`mma = wgmma`, 128-byte
    swizzled K tiles of 128):

    - M <= 64 when N128 >= 2048, M <= 128 where the tiles below serve M
      up to 1024: cta_tile [64, 64, 128], one warpgroup, K in the most
      slices (up to 4) that keep 8 K tiles a slice and at most three
      blocks a multiprocessor (v20: 4096 x 4096 at M = 64, 14.7 us against
      16.0; 2048 x 4096 at M = 128, 14.9 against 17.5);
    - M <= 256: cta_tile [64, 128, 128], one warpgroup, 4 stages (from
      M = 17 or 65 when the variants above stop at 16 or 64), up to the
      last M whose rows of tiles fit one wave when that is less (v22:
      11008 x 4096 stops at M = 192; at M = 256 the 128 x 256 tiles take
      30.7 us against 46.6 in two waves), or more when K has fewer than 32
      K tiles (v22: 4096 x 1024 to M = 512, 12.1 against 20.3 us); it serves
      M up to 1024 instead, with `split_k = 2`, when the unbounded variant's
      tiles would give fewer thread blocks than half the multiprocessors at
      M = 1024 (docs/perf-notes.md, v9), or to the last M whose split grid
      fits one wave when that is less (v22: 2048 x 4096 to M = 512; at
      M = 640 to 1024 the 128 x 128 tiles below take 22 to 24 us against
      28 to 33); an odd number of K tiles gives the second slice one tile
      fewer (v15).
      Otherwise, when K has at least 32 K tiles, K is split in
      two while the split grid stays one wave: these tiles up to M = 128
      (two blocks a multiprocessor; in four slices when they keep 16 K
      tiles and the grid still fits, v20), then cta_tile [128, 128, 128] up
      to M = 256 (v15: 4096 x 4096 at M = 128 / 256, 19.2 / 19.5 us against
      22.2 / 22.3 unsplit);
    - M <= 2048, only when the tiles below would give fewer thread blocks
      than multiprocessors at M = 2048: cta_tile [128, 128, 128], two
      warpgroups of [64, 128], 4 stages; 144 columns instead of 128 when N
      passes a multiple of 128 by at most 16 and that saves a column of
      tiles (v22: 2056 x 4128 at M = 1024, 31.1 against 46.0 us);
    - otherwise: cta_tile [128, 256, 128], two warpgroups of [64, 256],
      4 stages, when N128 has at least 4 columns of 256; else
      cta_tile [128, 128, 128], two warpgroups of [64, 128], 3 stages,
      and before it, when N128 >= 2048, the same tiles with 4 stages up
      to the M whose tiles are at most one a multiprocessor (v22: 4160 x
      4160, M = 257 to 512: 28.0 against 39.9 us at M = 512).
    When K is not a multiple of 128, the wgmma variants past M = 64, but
    for 128 x 256 tiles, fill their ring by TMA (`copy = tma`), which zero
    fills the bytes past K in hardware (v23: 4160 x 4160 at M = 512, 23.5
    against 28.4 us).

    W4A16 (int4 weights, fp16 activations): register variants of 32- and
    64-channel warp tiles up to M = 64 when K is a multiple of 128, then
    the cp.async ring (mma.sync m16n8k16; K tiles of 64). On sm_90a the ring
    variants use wgmma with the weights dequantized into its register
    operand A (`operands = register_a`), chosen per power-of-two M level
    from 128 by a measured time model: 128 x 128 tiles with K in 1, 2 or 4
    slices, 128 x 256 tiles where 256 divides N, or 256 x 128 tiles of
    64-channel warpgroups, which also serve every M past the last level
    (docs/perf-notes.md, v15, v17, v23); before them, where N / 128 x 8 blocks fill the
    multiprocessors and K has 64 K tiles, 64 x 128 tiles with K in 8
    slices serve M = 49 to 64 (33 to 64 when K has 128 K tiles, 17 to 64
    without a 64-channel register variant; v20). BSR: see the BSR comment in Configure.cpp.

    The wgmma variants that split K (W8A8 and W4A16) add their slices in
    a thread block cluster (`cluster_split = true`): in two slices always;
    in four while the grid has at most three quarters of the
    multiprocessors' worth of blocks, a variant that goes past that M
    being cut in two (the rest keeps the global reduction); and in eight,
    ahead of four, on the rows of tiles whose 8-slice grid stays in that
    bound when each slice keeps 8 K tiles or more; in four at any grid
    when three blocks fit a multiprocessor (shared memory and threads;
    not the register-A tiles, two blocks a multiprocessor by registers)
    (docs/perf-notes.md, v26, v27: W4A16 1024 x 4096 at M = 65 to 128
    19.4 -> 13.1 us, at M = 192 to 384 13 to 18% faster; the W8A8 64 x 64
    tiles 2 to 9% faster; larger clustered grids of bigger blocks were up
    to 1.36x slower).

    Stages are capped by
    the number of K tiles plus one. `split_k` and `fuse_quantize` are chosen
    only in the cases above (elsewhere measured slower,
    docs/perf-notes.md); both are kept in a config written by hand.

    Before:
    ```mlir
    qgemm.matmul lhs(%x : memref<?x4096xf16>) ... {lhs_encoding = ..., weight_encoding = ...}
    ```
    After:
    ```mlir
    qgemm.matmul lhs(%x : memref<?x4096xf16>) ... {configs = [
        #qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 8], stages = 8, max_m = 16>,
        #qgemm.config<cta_tile = [32, 32, 128], warp_tile = [16, 16], stages = 6, max_m = 64>,
        #qgemm.config<cta_tile = [64, 64, 64], warp_tile = [32, 32], stages = 4, max_m = 256>,
        #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [64, 64], stages = 4>],
        lhs_encoding = ..., target = #qgemm.target<"sm_90">, weight_encoding = ...}
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "target chip when the op has none (sm_80, sm_90, sm_90a)">,
    Option<"requireChip", "require-chip", "bool", /*default=*/"false",
           "fail on an op whose own target needs more than `chip` (a newer "
           "SM, or wgmma on sm_90a): set by qgemm-lower-to-nvvm, whose PTX is "
           "for `chip`">,
  ];
  let dependentDialects = ["::mlir::qgemm::QGemmDialect"];
  let statistics = [
    Statistic<"numConfigured", "num-configured",
              "Number of matmuls whose configs were chosen">,
  ];
}

def QGemmSoftwarePipeline
    : Pass<"qgemm-software-pipeline", "::mlir::ModuleOp"> {
  let summary = "software-pipeline the cp.async K loops of the kernels";
  let description = [{
    Pipelines every `scf.for` marked `qgemm.pipeline_depth = D` (set by
    `convert-qgemm-to-gpu` on the K loop of each matmul kernel) on upstream
    SCF loop pipelining (`scf::pipelineForLoop`). The marked loop is the
    plain, correct form: each iteration issues the `nvgpu.device_async_copy`
    ops of its K tile into its ring slot, commits them
    (`nvgpu.device_async_create_group`), waits for that group
    (`nvgpu.device_async_wait`), passes a `gpu.barrier` and computes. The
    pass turns it into a D + 1 stage pipeline:

    - stage 0: the copies, the commit and everything they are computed
      from (their backward slice in the loop body); stage D: the rest;
    - kernel order: the stage-D ops up to the first `gpu.barrier` after the
      wait (the tile to consume has landed and every thread is done with
      the slot about to be refilled), then the copies of the tile D
      iterations ahead, then the compute;
    - the prologue issues the first D tiles; the epilogue is not peeled:
      in the last D iterations (and in the prologue when the loop has at
      most D iterations) the copies read nothing and zero-fill (their
      source size becomes 0, their source indices 0);
    - each wait keeps D - 1 groups in flight, and a wait for all groups
      follows the loop, so nothing is in flight after it (as in the plain
      loop);
    - copies marked `qgemm.grid_independent` (their source is not written
      by the prerequisite grid of a programmatic launch) move, in the
      prologue, above a preceding `nvvm.griddepcontrol.wait`, together
      with the side-effect-free ops they need.

    The ring must have enough slots for the depth (the lowering's
    contract): at least D + 1, so that the slot refilled after the barrier
    is one every thread has finished reading, plus one per group of
    asynchronous readers (wgmma) left in flight past it. Loop-invariant
    code is hoisted first. A marked loop
    that does not have this form is a located error.

    Before (depth 2):
    ```mlir
    scf.for %kt = %c0 to %c32 step %c1 iter_args(%acc = %zero) {
      %t = nvgpu.device_async_copy ...
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      ... compute ...
    } {qgemm.pipeline_depth = 2 : i64}
    ```
    After: two copy groups before the loop; in the loop `wait {numGroups =
    1}`, the barrier, the copy of tile %kt + 2 (zero-fill past the end),
    its commit, then the compute of tile %kt.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numPipelined", "num-pipelined", "Number of loops pipelined">,
  ];
}

def QGemmTensorMapParams
    : Pass<"qgemm-tensor-map-params", "::mlir::gpu::GPUModuleOp"> {
  let summary = "make the tensor-map arguments of lowered kernels grid-constant parameters";
  let description = [{
    A kernel whose ring is filled by TMA (`copy = tma`) takes its tensor
    maps as its first arguments, `!llvm.ptr` values that its
    `cp.async.bulk.tensor` copies read, and says how many in the function
    attribute `qgemm.tensor_maps = N`. After convert-gpu-to-nvvm this pass
    makes each of those arguments of the `llvm.func` a 128-byte, 64-byte
    aligned by-value kernel parameter that the kernel reads in place
    (`llvm.byval = !llvm.array<128 x i8>`, `llvm.align = 64`,
    `nvvm.grid_constant`): PTX `.param .align 64 .b8 p[128]` whose generic
    address (`cvta.param`) the copies use, which is what a CUtensorMap
    passed by the host needs. The attribute is removed. An attribute that
    names more arguments than the kernel has, or arguments that are not
    pointers, is a located error.

    Before:
    ```mlir
    llvm.func @k(%map: !llvm.ptr, ...) attributes {nvvm.kernel,
                                                   qgemm.tensor_maps = 1}
    ```
    After:
    ```mlir
    llvm.func @k(%map: !llvm.ptr {llvm.align = 64 : i64,
                                  llvm.byval = !llvm.array<128 x i8>,
                                  nvvm.grid_constant}, ...)
        attributes {nvvm.kernel}
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
  ];
}

def QGemmModuleToPtx : Pass<"qgemm-module-to-ptx", "::mlir::ModuleOp"> {
  let summary = "serialize every gpu.module to PTX, its kernels translated in parallel";
  let description = [{
    Does what `gpu-module-to-binary{format=isa}` does (each gpu.module with
    its target attributes becomes a gpu.binary of the same name holding one
    PTX object per target) in less time: every kernel of a gpu.module is
    translated to LLVM IR, optimized and compiled to PTX as a module of its
    own, the kernels on the context's threads, and the PTX texts are
    joined in the order of the kernels: the header and the module-scope
    declarations once (in the order of the module's globals), then the
    kernels, the branch labels and local depot of kernel i renumbered to i
    as the back end numbers the functions of one module. A global that
    several kernels use stays at module scope: each part ends with a
    function (left out of the text) that passes its address to an empty
    inline-PTX statement, since the NVPTX back end moves a shared variable
    that one function uses into that function. The text is the one
    upstream gives on the whole module, byte for byte, for the kernels
    the lowering builds (every harness family and example, for sm_80,
    sm_90 and sm_90a, docs/perf-notes.md v27; the lit test compares the
    two); a kernel reading a shared variable that no kernel writes could
    differ, since the extra use keeps LLVM from folding its loads. The
    objects leave out the compile times upstream records in their
    properties, so the output is the same from run to run.

    W4A16 4096 x 4096 on two cores: the pass takes 0.33 s where upstream
    took 0.57 s.

    A gpu.module with one kernel, or with a function that is not a kernel
    and has a body (it would be compiled into every part), is serialized
    whole. With threading disabled (`--mlir-disable-threading`) the kernels
    are translated one after the other; the PTX does not change. A module
    without a target attribute is an error.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // QGEMM_TRANSFORMS_PASSES_TD
