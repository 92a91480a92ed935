//===- Passes.td - qgemm conversion passes -----------------*- tablegen -*-===//
//
// Passes that lower qgemm ops to the upstream gpu / nvgpu dialects.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_CONVERSION_PASSES_TD
#define QGEMM_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertQGemmToGPU : Pass<"convert-qgemm-to-gpu", "::mlir::ModuleOp"> {
  let summary = "lower configured qgemm.matmul ops to gpu.module kernels";
  let description = [{
    Every func holding one configured `qgemm.matmul` becomes a kernel
    family: a `gpu.module @<func>_kernels` with the kernels and, on the
    func, a `qgemm.launch` description that the host stub is written from
    (the arguments' names, dims and alignment, the run-time sizes and their
    bounds, the workspace buffers, and each kernel's operands, role, block
    sizes, grid rule, dynamic shared memory and programmatic launch; schema
    in `include/qgemm/Conversion/LaunchDescription.h`). The func's arguments
    must be exactly the matmul's operands, in the default memory space; the
    func returns nothing, is a direct child of the module the pass runs on
    and holds the matmul in its entry block (a qgemm op anywhere else is a
    located error, not left unlowered).

    W8A8 with an fp16 activation lowers to two kernels:
    - `quantize`: one block per row (up to 8 warps), absmax by warp
      shuffles then across warps in shared memory, x / scale as x times
      1 / scale corrected by two fmas (bit-exact, no division per value),
      round half to even and clamp, writing int8 X and fp32 per-token
      scales to the workspace; it also zeroes the split-K tile counters;
    - `matmul_v<i>`, one per config: a K loop over a `stages`-slot ring of
      cp.async (`nvgpu.device_async_copy`, zero-filled past M) into padded
      shared memory, in its plain form (copy the tile, wait, barrier,
      compute) and marked `qgemm.pipeline_depth` for
      `qgemm-software-pipeline` (stages - 1, or stages - 2 with a wgmma group kept in flight), `nvgpu.ldmatrix` into registers, `nvgpu.mma.sync` int8
      m16n8k32 with int32 accumulators, and an epilogue that applies the
      per-token and per-channel scales and stores fp16, masking rows past M.
      With `split_k = P`, block z of the grid handles K slice z: it stores
      its int32 partial tile, counts itself in the tile's counter
      (`memref.atomic_rmw`), and the last slice (told through a
      `nvvm.barrier` OR reduction) adds the P partials and runs the
      epilogue; int32 sums make the result independent of the order.
      On sm_90 and later the block's per-channel scales are brought into
      L2 at the start (`nvvm.prefetch` level = L2), for the epilogue.
    - `matmul_v<i>` with `operands = registers` (M <= max_m, one 16-row
      tile per block): no ring and no ldmatrix; every lane loads its 32
      bytes of each 128-byte K chunk of its weight rows and activation
      rows (`vector.load`) straight into mma.sync fragments (the same K
      permutation on both operands), `stages` chunks in flight, the warps
      along K adding their sums in shared memory after the block's only
      barrier. The epilogue's per-channel scales are loaded with the
      first weights and the per-token scales right after the wait, so no
      global load follows the barrier; kernels of more than 8 warps ask
      for three resident blocks (`nvvm.maxntid`, `nvvm.minctasm = 3`).
      With `fuse_quantize` the block quantizes its rows itself.
      On sm_90 the variants with `max_m` <= `programmatic-max-m` (every
      variant by default, -1) are programmatic dependents
      of `quantize` (`nvvm.griddepcontrol.wait` before the K loop); the
      weight copies are marked `qgemm.grid_independent`, so that the
      pipelined prologue issues them before that wait.

    Before:
    ```mlir
    func.func @w8a8(%x: memref<?x4096xf16>, ...) {
      qgemm.matmul lhs(%x : memref<?x4096xf16>) ... {configs = [...], ...}
      return
    }
    ```
    After:
    ```mlir
    gpu.module @w8a8_kernels {
      gpu.func @quantize(%x: memref<?x4096xf16>, %xq: memref<?x4096xi8>, %sx: memref<?xf32>, %counters: memref<?xi32>) kernel {...}
      gpu.func @matmul_v0(...) kernel {... nvgpu.mma.sync ...}
    }
    func.func @w8a8(%x: memref<?x4096xf16>, ...) attributes {qgemm.launch = {...}} {
      return
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"programmaticMaxM", "programmatic-max-m", "int64_t",
           /*default=*/"-1",
           "launch the variants with max_m <= this bound (0: none, -1: "
           "every variant) as programmatic dependents of quantize (sm_90)">,
  ];
  let statistics = [
    Statistic<"numKernels", "num-kernels", "Number of gpu.func kernels built">,
  ];
}

#endif // QGEMM_CONVERSION_PASSES_TD
