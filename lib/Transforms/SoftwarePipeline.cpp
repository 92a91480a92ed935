//===- SoftwarePipeline.cpp - pipelining of the cp.async K loops ----------===//
//
// qgemm-software-pipeline: turns every scf.for marked qgemm.pipeline_depth =
// D (copy a K tile, commit, wait for it, barrier, compute) into a D + 1
// stage pipeline with upstream scf::pipelineForLoop: the copies of tile
// kt + D are issued while tile kt is computed. The schedule, the predication
// of the copies past the last tile, the wait depths and the prologue order
// around griddepcontrol.wait are decided here; the pipeliner does the
// mechanical expansion. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include "llvm/ADT/SetVector.h"

#define DEBUG_TYPE "qgemm-software-pipeline"

namespace mlir::qgemm {
#define GEN_PASS_DEF_QGEMMSOFTWAREPIPELINE
#include "qgemm/Transforms/Passes.h.inc"
} // namespace mlir::qgemm

using namespace mlir;
using namespace mlir::qgemm;

namespace {

/// A pipeline schedule: every op of the loop body with its stage, in kernel
/// order.
using Schedule = std::vector<std::pair<Operation *, unsigned>>;

/// The backward slice of `op` (inclusive) restricted to the ops `keep`
/// accepts, added to `slice`.
LogicalResult addBackwardSlice(Operation *op,
                               llvm::SetVector<Operation *> &slice,
                               function_ref<bool(Operation *)> keep) {
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitBlockArguments = true;
  options.filter = keep;
  return getBackwardSlice(op, &slice, options);
}

/// Whether `op` is a memref.load from workgroup (shared) memory: a copy
/// stage may read shared data written before the loop (the gather offsets
/// of a sparse row). Run ahead of its iteration it reads a valid element
/// (predicated: element 0).
bool isSharedLoad(Operation *op) {
  auto load = dyn_cast<memref::LoadOp>(op);
  return load && nvgpu::NVGPUDialect::hasSharedMemoryAddressSpace(
                     load.getMemRefType());
}

/// Splits the body of `loop` into the copy stage (the commits and their
/// backward slice) and the compute stage (`depth`), and orders the kernel:
/// compute-stage ops up to the first barrier after a wait, the copy stage,
/// the rest. Emits a located error and fails when the loop is not of the
/// form the pass expects.
FailureOr<Schedule> buildSchedule(scf::ForOp loop, unsigned depth) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> copyStage;
  auto commits =
      llvm::to_vector(body->getOps<nvgpu::DeviceAsyncCreateGroupOp>());
  if (commits.empty())
    return loop.emitError()
           << "expected an nvgpu.device_async_create_group in the body of a "
              "loop marked "
           << kPipelineDepthAttrName;
  for (nvgpu::DeviceAsyncCreateGroupOp commit : commits)
    if (failed(addBackwardSlice(commit, copyStage, [&](Operation *op) {
          return op->getBlock() == body;
        })))
      return loop.emitError() << "cannot compute the backward slice of "
                                 "the copies";

  // Copy-stage ops run `depth` iterations ahead: they may read the
  // induction variable and values defined above the loop, not what the
  // iterations compute, and the pipeliner must be able to predicate them.
  for (Operation *op : copyStage) {
    for (Value operand : op->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && arg.getOwner() == body && arg.getArgNumber() != 0)
        return op->emitError()
               << "expected the copies of a pipelined loop not to depend on "
                  "its loop-carried values";
    }
    if (!isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op) &&
        !isMemoryEffectFree(op) && !isSharedLoad(op))
      return op->emitError()
             << "cannot run this op ahead of its iteration in a pipelined "
                "loop: only copies, commits, loads from shared memory and "
                "side-effect-free ops can be predicated";
  }

  Operation *wait = nullptr;
  for (auto w : body->getOps<nvgpu::DeviceAsyncWaitOp>()) {
    Operation *def = w.getAsyncDependencies().getDefiningOp();
    if (!def || !copyStage.contains(def))
      return w.emitError() << "expected the wait to consume a group "
                              "committed in the same iteration";
    if (!wait)
      wait = w;
  }
  if (!wait)
    return loop.emitError() << "expected an nvgpu.device_async_wait for the "
                               "copies of a loop marked "
                            << kPipelineDepthAttrName;
  Operation *barrier = nullptr;
  for (Operation *op = wait->getNextNode(); op && !barrier;
       op = op->getNextNode())
    if (isa<gpu::BarrierOp>(op))
      barrier = op;
  if (!barrier)
    return wait->emitError()
           << "expected a gpu.barrier after the wait: the copies of a later "
              "tile are issued after it";

  // Kernel order: [compute stage up to the barrier] [copy stage] [rest].
  Schedule head, copies, tail;
  for (Operation &op : body->without_terminator()) {
    if (copyStage.contains(&op))
      copies.emplace_back(&op, 0);
    else if (barrier->isBeforeInBlock(&op))
      tail.emplace_back(&op, depth);
    else
      head.emplace_back(&op, depth);
  }
  llvm::append_range(head, copies);
  llvm::append_range(head, tail);
  return head;
}

/// The predicated form of a copy-stage op for an iteration past the end:
/// copies read nothing (source size 0, source indices 0) and zero-fill;
/// shared-memory loads read element 0; commits and side-effect-free ops run
/// unchanged.
Operation *predicateCopyStageOp(RewriterBase &rewriter, Operation *op,
                                Value pred) {
  if (isSharedLoad(op)) {
    auto load = cast<memref::LoadOp>(op);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(load);
    Value zero = arith::ConstantIndexOp::create(rewriter, load.getLoc(), 0);
    SmallVector<Value> indices;
    for (Value index : load.getIndices())
      indices.push_back(
          arith::SelectOp::create(rewriter, load.getLoc(), pred, index, zero));
    rewriter.modifyOpInPlace(
        load, [&] { load.getIndicesMutable().assign(indices); });
    return load;
  }
  auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op);
  if (!copy)
    return isa<nvgpu::DeviceAsyncCreateGroupOp>(op) || isMemoryEffectFree(op)
               ? op
               : nullptr;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(copy);
  Location loc = copy.getLoc();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value elements = copy.getSrcElements();
  if (!elements)
    elements = arith::ConstantIndexOp::create(
        rewriter, loc, copy.getDstElements().getZExtValue());
  Value newElements =
      arith::SelectOp::create(rewriter, loc, pred, elements, zero);
  SmallVector<Value> indices;
  for (Value index : copy.getSrcIndices())
    indices.push_back(
        arith::SelectOp::create(rewriter, loc, pred, index, zero));
  rewriter.modifyOpInPlace(copy, [&] {
    copy.getSrcIndicesMutable().assign(indices);
    copy.getSrcElementsMutable().assign(newElements);
  });
  return copy;
}

/// Moves the prologue copies marked grid-independent, with the
/// side-effect-free ops they need, above the nearest preceding
/// griddepcontrol.wait in the block of `loop`.
void hoistGridIndependentCopies(scf::ForOp loop,
                                ArrayRef<Operation *> prologue) {
  NVVM::GriddepcontrolOp gridWait;
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode()) {
    auto g = dyn_cast<NVVM::GriddepcontrolOp>(op);
    if (g && g.getKind() == NVVM::GridDepActionKind::wait) {
      gridWait = g;
      break;
    }
  }
  if (!gridWait)
    return;
  Block *block = loop->getBlock();
  auto afterGridWait = [&](Operation *op) {
    return op->getBlock() == block && gridWait->isBeforeInBlock(op);
  };
  llvm::SetVector<Operation *> toMove;
  for (Operation *op : prologue) {
    if (!isa<nvgpu::DeviceAsyncCopyOp>(op) ||
        !op->hasAttr(kGridIndependentAttrName) || !afterGridWait(op))
      continue;
    llvm::SetVector<Operation *> slice;
    if (failed(addBackwardSlice(op, slice, afterGridWait)))
      continue;
    // Only the copy itself may have side effects.
    if (llvm::any_of(slice, [&](Operation *s) {
          return s != op && !isMemoryEffectFree(s);
        }))
      continue;
    toMove.insert(slice.begin(), slice.end());
  }
  SmallVector<Operation *> ordered(toMove.begin(), toMove.end());
  llvm::sort(ordered,
             [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
  for (Operation *op : ordered)
    op->moveBefore(gridWait);
}

LogicalResult pipelineLoop(RewriterBase &rewriter, scf::ForOp loop,
                           unsigned depth) {
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
  FailureOr<Schedule> schedule = buildSchedule(loop, depth);
  if (failed(schedule))
    return failure();

  SmallVector<Operation *> prologue;
  scf::PipeliningOption options;
  options.getScheduleFn =
      [&](scf::ForOp, std::vector<std::pair<Operation *, unsigned>> &out) {
        out = *schedule;
      };
  options.peelEpilogue = false;
  options.supportDynamicLoops = true;
  options.predicateFn = predicateCopyStageOp;
  options.annotateFn =
      [&](Operation *op, scf::PipeliningOption::PipelinerPart part, unsigned) {
        if (part == scf::PipeliningOption::PipelinerPart::Prologue)
          prologue.push_back(op);
        // Tiles kt + 1 .. kt + depth - 1 may still be in flight at the wait for
        // tile kt (the copies of tile kt + depth come after it).
        if (auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op))
          wait.setNumGroups(depth - 1);
      };
  rewriter.setInsertionPoint(loop);
  Attribute annotation = loop->getAttr(kLoopAnnotationAttrName);
  FailureOr<scf::ForOp> pipelined =
      scf::pipelineForLoop(rewriter, loop, options);
  if (failed(pipelined))
    return loop.emitError() << "upstream loop pipelining failed";
  // The loop's LLVM annotation (unroll hints) carries over.
  if (annotation)
    (*pipelined)->setAttr(kLoopAnnotationAttrName, annotation);

  // Nothing is in flight after the plain loop; keep it so: wait for the
  // zero-filling copies of the last iterations.
  for (Value result : llvm::reverse(pipelined->getResults())) {
    if (!isa<nvgpu::DeviceAsyncTokenType>(result.getType()))
      continue;
    rewriter.setInsertionPointAfter(*pipelined);
    nvgpu::DeviceAsyncWaitOp::create(rewriter, pipelined->getLoc(), result,
                                     rewriter.getI32IntegerAttr(0));
    break;
  }
  hoistGridIndependentCopies(*pipelined, prologue);
  return success();
}

struct QGemmSoftwarePipelinePass
    : public qgemm::impl::QGemmSoftwarePipelineBase<QGemmSoftwarePipelinePass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, unsigned>> loops;
    bool failedAny = false;
    getOperation().walk([&](scf::ForOp loop) {
      Attribute attr = loop->getAttr(kPipelineDepthAttrName);
      if (!attr)
        return;
      auto depth = dyn_cast<IntegerAttr>(attr);
      if (!depth || depth.getValue().getSignificantBits() > 64 ||
          depth.getInt() < 0 || depth.getInt() > 64) {
        loop.emitError() << "expected " << kPipelineDepthAttrName
                         << " to be an integer in [0, 64], got " << attr;
        failedAny = true;
        return;
      }
      loops.emplace_back(loop, unsigned(depth.getInt()));
    });
    if (failedAny)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (auto [loop, depth] : loops) {
      loop->removeAttr(kPipelineDepthAttrName);
      if (depth == 0)
        continue;
      if (failed(pipelineLoop(rewriter, loop, depth)))
        return signalPassFailure();
      ++numPipelined;
    }
  }
};

} // namespace
