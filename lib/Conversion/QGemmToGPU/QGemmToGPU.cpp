//===- QGemmToGPU.cpp - lower qgemm.matmul to gpu.module kernels ----------===//
//
// convert-qgemm-to-gpu: turns every configured qgemm.matmul into a family of
// gpu.func kernels built from upstream gpu, nvgpu, scf, vector, memref and
// arith ops, and describes on the enclosing func how the host launches them
// (the host stub generator reads that description).
//
// The kernels come from a small library of parts in this directory, composed
// per scheme as CUTLASS composes a GEMM kernel:
//   KernelBuilder.h  index arithmetic, kernel creation, warp reductions,
//                    shared-memory views, the accumulator Pair;
//   Quantize.h       per-token int8 quantization (standalone and fused);
//   Mainloop.h       how A and B tiles reach the tensor core: RingMainloop
//                    (cp.async ring; ldmatrix + mma.sync, or 128-byte
//                    swizzle + descriptors + wgmma) and RegisterMainloop
//                    (operands straight into fragment registers), each with
//                    a hook for the scheme's operand step;
//   Epilogue.h       direct or staged stores, the split-K reduction and the
//                    register-direct sums, with the scaling as a hook;
//   TileScheduler.h  the block's tile and K slice, the row-block order,
//                    programmatic launch;
//   W8A8.h, W4A16.h, Bsr.h  the schemes: their hooks and kernel families.
// lowerMatmulToGPU (below) checks what every scheme needs and dispatches on
// the scheme. A new scheme adds a file with its hooks and kernel family and
// a case in the dispatch; it does not edit another scheme's builders.
//
// On sm_90 and later the variants (those with max_m <= programmatic-max-m;
// all by default) are launched as programmatic dependents of the prologue
// kernel (W8A8: quantize): they wait (griddepcontrol.wait) for its writes
// before the K loop, and the pipelined prologue issues the weight copies,
// marked independent of it, before that. Measured on the H200
// (docs/perf-notes.md, v9): 0.4 to 2.3 us faster for every variant.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Conversion/LaunchDescription.h"
#include "qgemm/Conversion/Passes.h"
#include "qgemm/Transforms/Passes.h"

#include "Bsr.h"
#include "W4A16.h"
#include "W8A8.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-qgemm-to-gpu"

namespace mlir::qgemm {
#define GEN_PASS_DEF_CONVERTQGEMMTOGPU
#include "qgemm/Conversion/Passes.h.inc"
} // namespace mlir::qgemm

using namespace mlir;
using namespace mlir::qgemm;

namespace {

/// Alignment of the workspace sections, in bytes.
constexpr int64_t kWorkspaceAlign = 256;

/// Checks what every lowering needs of a configured `op` in `func`: operands
/// that are func arguments and configs the kernels can build. A static M is
/// lowered like a dynamic one; the host stub accepts only that M.
LogicalResult checkLowerable(func::FuncOp func, MatmulOp op) {
  // The host stub is a C++ function returning a status: the func's results
  // would have nowhere to go.
  if (func.getNumResults() != 0)
    return op.emitOpError() << "expected its func '@" << func.getSymName()
                            << "' to return nothing (the host stub returns a "
                               "status), got "
                            << func.getNumResults() << " result(s)";
  // The stub launches the family on every call: a matmul past a branch of
  // the func's body would run unconditionally.
  if (op->getBlock() != &func.getBody().front())
    return op.emitOpError() << "expected to be in the entry block of its "
                               "func (the host stub launches it on every "
                               "call)";
  for (Value operand : op->getOperands()) {
    // The stub passes device pointers the kernels read as global memory.
    auto type = cast<MemRefType>(operand.getType());
    if (type.getMemorySpace())
      return op.emitOpError()
             << "expected every operand in the default memory space (the "
                "host stub passes global device pointers), got "
             << type;
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner()->getParentOp() != func)
      return op.emitOpError()
             << "expected every operand to be an argument of the enclosing "
                "func (the host stub passes them)";
  }
  for (auto config : op.getConfigsAttr().getAsRange<ConfigAttr>()) {
    // Only W8A8 quantizes its activations (a W4A16 or BSR kernel reads the
    // fp16 rows as they are).
    if (config.getFuseQuantize() && !kernel::isW8A8(op))
      return op.emitOpError()
             << "expected fuse_quantize = false: the "
             << (kernel::isBsr(op) ? "BSR" : "W4A16")
             << " kernels take the fp16 activations unquantized, got config "
             << config;
    if (config.getFuseQuantize() && kernel::isPreQuantizedW8A8(op))
      return op.emitOpError()
             << "expected fuse_quantize = false: the activation is already "
                "quantized (lhs "
             << op.getLhs().getType() << " with lhs_scales), got config "
             << config;
    // The BSR and W4A16 register kernels split over the grid (slices of a
    // block row's stored blocks, of K); W8A8's split K between their warps.
    if (config.isRegisterDirect() && config.getSplitK() != 1 &&
        !kernel::isBsr(op) && !kernel::isW4A16(op))
      return op.emitOpError()
             << "expected split_k = 1 with operands = registers (the warps "
                "split K inside the block; only BSR and W4A16 split a "
                "register kernel's work over the grid), got "
             << config.getSplitK();
    // W4A16 register variants walk K in their own chunks
    // (checkW4A16Lowerable) and BSR slices count stored blocks
    // (checkBsrLowerable): the checks below are not theirs. A ring's
    // split_k need not divide the K tiles (the last slices are shorter).
    if ((config.isRegisterDirect() && kernel::isW4A16(op)) || kernel::isBsr(op))
      continue;
    int64_t kTiles = llvm::divideCeil(op.getK(), config.getBlockK());
    if (!config.isRegisterDirect() && config.getStages() < 2)
      return op.emitOpError() << "expected stages >= 2 for the cp.async "
                                 "ring, got "
                              << config.getStages();
    if (config.isRegisterDirect() && kTiles > ConfigAttr::kMaxRegisterChunks)
      return op.emitOpError()
             << "expected at most " << ConfigAttr::kMaxRegisterChunks
             << " K chunks per warp with operands = registers, got " << kTiles
             << " (K / cta tile K); use a larger cta tile K";
    // Tiles need not divide N or K: the mainloops zero-fill and the
    // epilogues mask the edge tiles (a scheme that cannot says so).
    if (failed(checkSharedMemory(op, config)))
      return failure();
    // A wgmma block of more than 256 threads without a producer runs under
    // launch bounds of one block a multiprocessor, 65536 / threads
    // registers a thread; a warpgroup's accumulators take WM x WN / 128 of
    // them and the rest about 32 (W8A8 on four warpgroups, ptxas: 64 x 160
    // at 128 registers, 64 x 176 and 64 x 192 spilling 76 and 148 bytes,
    // 64 x 208 refused, C7602; W4A16 256 x 256 register-A tiles need 194).
    if (config.isWgmma() && !config.isTmaProducer() &&
        config.getBlockThreads() > 256) {
      constexpr int64_t kRegistersPerSM = 65536, kOtherRegisters = 32;
      int64_t registers = kRegistersPerSM / config.getBlockThreads();
      int64_t accumulators = config.getWarpM() * config.getWarpN() / 128;
      if (accumulators + kOtherRegisters > registers)
        return op.emitOpError()
               << "expected at most " << registers - kOtherRegisters
               << " accumulator registers a thread (warp tile M x N / 128) "
                  "for config "
               << config << ": a thread of its " << config.getBlockThreads()
               << " has " << registers << " registers and needs about "
               << kOtherRegisters << " more, got " << accumulators;
    }
  }
  return success();
}

} // namespace

LogicalResult mlir::qgemm::lowerMatmulToGPU(func::FuncOp func, MatmulOp op,
                                            int64_t programmaticMaxM) {
  MLIRContext *ctx = op.getContext();
  if (!op.getConfigsAttr() || !op.getTargetAttr())
    return op.emitOpError()
           << "expected target and configs (run qgemm-configure first)";
  // The schemes with a lowering; each builds its kernel family.
  bool w8a8 = kernel::isW8A8(op), w4a16 = kernel::isW4A16(op),
       bsr = kernel::isBsr(op);
  if (!w8a8 && !w4a16 && !bsr)
    return emitNoKernelSchemeError(op);
  if (failed(checkLowerable(func, op)))
    return failure();
  if (w4a16 && failed(kernel::checkW4A16Lowerable(op)))
    return failure();
  if (bsr && failed(kernel::checkBsrLowerable(op)))
    return failure();

  ImplicitLocOpBuilder b(op.getLoc(), ctx);
  auto moduleOp = func->getParentOfType<ModuleOp>();
  moduleOp->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
  b.setInsertionPointAfter(func);
  std::string moduleName = (func.getSymName() + "_kernels").str();
  if (Operation *taken = SymbolTable::lookupSymbolIn(moduleOp, moduleName))
    return (func.emitError() << "cannot name its kernels' gpu.module '@"
                             << moduleName << "': the name is taken")
               .attachNote(taken->getLoc())
           << "by this '" << taken->getName() << "'";
  auto gpuModule = gpu::GPUModuleOp::create(b, moduleName);
  SymbolTable(moduleOp).insert(gpuModule);
  SmallVector<LaunchKernel, 0> kernels;
  if (w8a8)
    kernels = kernel::buildW8A8Kernels(b, gpuModule, op, programmaticMaxM);
  else if (w4a16)
    kernels = kernel::buildW4A16Kernels(b, gpuModule, op);
  else
    kernels = kernel::buildBsrKernels(b, gpuModule, op);

  // The M cut is the stub's (row_split), the same for every scheme: each
  // scheme builds one matmul kernel entry per config, in order.
  auto configs = op.getConfigsAttr().getAsRange<ConfigAttr>();
  auto config = configs.begin();
  for (LaunchKernel &kernel : kernels) {
    if (kernel.role != KernelRole::Matmul || config == configs.end())
      continue;
    ConfigAttr variant = *config++;
    kernel.rowSplit = variant.getRowSplit();
    kernel.rowRest = variant.getRowRest();
  }

  // The host side: the func keeps its signature and says how to launch
  // (qgemm/Conversion/LaunchDescription.h).
  FailureOr<DictionaryAttr> launch;
  if (w8a8)
    launch = buildW8A8LaunchDescription(func, op, gpuModule, kernels,
                                        kWorkspaceAlign);
  else if (w4a16)
    launch = buildW4A16LaunchDescription(func, op, gpuModule, kernels,
                                         kWorkspaceAlign);
  else
    launch = buildBsrLaunchDescription(func, op, gpuModule, kernels,
                                       kWorkspaceAlign);
  if (failed(launch))
    return failure();
  func->setAttr(kLaunchAttrName, *launch);
  op.erase();
  return success();
}

namespace {
struct ConvertQGemmToGPUPass
    : public qgemm::impl::ConvertQGemmToGPUBase<ConvertQGemmToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    if (programmaticMaxM < -1) {
      getOperation().emitError()
          << "expected programmatic-max-m >= -1 (-1: every variant, 0: "
             "none), got "
          << static_cast<int64_t>(programmaticMaxM);
      return signalPassFailure();
    }
    SmallVector<std::pair<func::FuncOp, MatmulOp>> work;
    bool failedAny = false;
    // Only the funcs of this module are kernel families (one host stub
    // each): a qgemm op anywhere else would be silently left unlowered.
    ModuleOp root = getOperation();
    root.walk([&](Operation *op) {
      if (!isa<MatmulOp, QuantizeOp>(op))
        return;
      Operation *parent = op->getParentOp();
      if (!isa<func::FuncOp>(parent)) {
        op->emitOpError() << "expected to be directly in the body of a "
                             "func.func (one kernel family per func), found "
                             "in '"
                          << parent->getName() << "'";
        failedAny = true;
      } else if (parent->getParentOp() != root) {
        op->emitOpError() << "expected its func '@"
                          << cast<func::FuncOp>(parent).getSymName()
                          << "' at the top level of the module the pass "
                             "runs on, found in a nested '"
                          << parent->getParentOp()->getName() << "'";
        failedAny = true;
      }
    });
    if (failedAny)
      return signalPassFailure();
    for (auto func : root.getOps<func::FuncOp>()) {
      auto ops = llvm::to_vector(func.getOps<MatmulOp>());
      if (ops.empty()) {
        // A quantize has kernels only as part of a W8A8 matmul's family
        // (its lhs quantized in the kernels): alone it would stay in the
        // output, unlowered, and get no stub.
        for (QuantizeOp quantize : func.getOps<QuantizeOp>()) {
          quantize.emitOpError()
              << "has no kernels of its own: the activation is quantized "
                 "by the kernels of a qgemm.matmul whose lhs encoding is "
                 "quantized (W8A8); lower that matmul instead";
          failedAny = true;
        }
        continue;
      }
      size_t numQGemmOps =
          ops.size() + llvm::range_size(func.getOps<QuantizeOp>());
      if (numQGemmOps > 1) {
        func.emitError() << "expected exactly one qgemm.matmul per func (one "
                            "kernel family per host stub), got "
                         << numQGemmOps << " qgemm ops";
        failedAny = true;
        continue;
      }
      work.emplace_back(func, ops.front());
    }
    if (failedAny)
      return signalPassFailure();
    for (auto [func, op] : work) {
      int64_t variants = op.getConfigsAttr() ? op.getConfigsAttr().size() : 0;
      if (failed(lowerMatmulToGPU(func, op, programmaticMaxM)))
        return signalPassFailure();
      numKernels += 1 + variants;
    }
  }
};
} // namespace
