//===- Passes.td - qgemm transformation passes -------------*- tablegen -*-===//
//
// Passes that work on qgemm ops before they are lowered.
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
    against the shared-memory budget of the target. The rule, per scheme
    with 8-bit activations (int8 mma m16n8k32):

    - M <= 16 (`max_m = 16`): cta_tile [16, BN, BK], one 16-row mma tile per
      warp, 4 warps side by side along N; BN = 32 when it divides N (the
      most thread blocks for a weight-streaming kernel), BK = 128, the
      deepest ring that fits (up to 8 stages): the kernel is bound by the
      weight bytes, so it keeps as many of them in flight as it can. When
      N / BN thread blocks are fewer than half the multiprocessors (132 on
      sm_90, 108 on sm_80), K is split in 2, 4 or 8 slices (`split_k`)
      until they are not, keeping at least two K tiles per slice;
    - M <= 64 (`max_m = 64`): cta_tile [32, BN, BK], warp_tile [16, BN/2],
      6 stages (twice the thread blocks of 64 x 64 tiles on a weight-bound
      shape);
    - M <= 256 (`max_m = 256`): cta_tile [64, 64, 64], warp_tile [32, 32],
      4 stages;
    - otherwise: cta_tile [128, 128, 64], warp_tile [64, 64], 4 stages.

    On sm_90a, when 128 divides N and K (and K has at least two 128-byte
    tiles), the variants past M = 64 use wgmma (`mma = wgmma`, 128-byte
    swizzled K tiles of 128):

    - M <= 256: cta_tile [64, 128, 128], one warpgroup, 4 stages; it serves
      M up to 1024 instead when the unbounded variant's tiles would give
      fewer thread blocks than half the multiprocessors at M = 1024;
    - otherwise: cta_tile [128, 256, 128], two warpgroups of [64, 256],
      4 stages, when N has at least 16 columns of 256; else
      cta_tile [128, 128, 128], two warpgroups of [64, 128], 3 stages.

    BN falls back to the largest of 128, 64, 32, 16, 8 that divides N, and
    BK to the largest of 128, 64, 32 that divides K. Stages are capped by
    the number of K tiles (of one slice) plus one.

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
  ];
  let dependentDialects = ["::mlir::qgemm::QGemmDialect"];
  let statistics = [
    Statistic<"numConfigured", "num-configured",
              "Number of matmuls whose configs were chosen">,
  ];
}

#endif // QGEMM_TRANSFORMS_PASSES_TD
