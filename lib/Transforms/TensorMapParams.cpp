//===- TensorMapParams.cpp - tensor maps as grid-constant parameters ------===//
//
// qgemm-tensor-map-params: the first `qgemm.tensor_maps` arguments of a
// lowered kernel become 128-byte by-value grid-constant parameters, so that
// the CUtensorMap the host passes is read in place by cp.async.bulk.tensor.
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::qgemm {
#define GEN_PASS_DEF_QGEMMTENSORMAPPARAMS
#include "qgemm/Transforms/Passes.h.inc"
} // namespace mlir::qgemm

using namespace mlir;
using namespace mlir::qgemm;

namespace {

/// Bytes and alignment of a CUtensorMap.
constexpr int64_t kTensorMapBytes = 128, kTensorMapAlign = 64;

struct QGemmTensorMapParamsPass
    : qgemm::impl::QGemmTensorMapParamsBase<QGemmTensorMapParamsPass> {
  void runOnOperation() override {
    auto result = getOperation().walk([&](LLVM::LLVMFuncOp func) {
      auto count = func->getAttrOfType<IntegerAttr>(kTensorMapsAttrName);
      if (!count)
        return WalkResult::advance();
      if (failed(markParams(func, count.getInt())))
        return WalkResult::interrupt();
      func->removeAttr(kTensorMapsAttrName);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  LogicalResult markParams(LLVM::LLVMFuncOp func, int64_t count) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return func.emitError() << "'" << kTensorMapsAttrName
                              << "' on a function that is not a kernel";
    if (count < 0 || count > int64_t(func.getNumArguments()))
      return func.emitError()
             << "'" << kTensorMapsAttrName << "' is " << count
             << ", expected at most the " << func.getNumArguments()
             << " arguments of the kernel";
    Builder b(func.getContext());
    auto byteArray = LLVM::LLVMArrayType::get(b.getI8Type(), kTensorMapBytes);
    for (int64_t i = 0; i < count; ++i) {
      if (!isa<LLVM::LLVMPointerType>(func.getArgumentTypes()[i]))
        return func.emitError()
               << "expected tensor map argument " << i << " to be an "
               << "!llvm.ptr, got " << func.getArgumentTypes()[i];
      func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(byteArray));
      func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(kTensorMapAlign));
      func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      b.getUnitAttr());
    }
    return success();
  }
};

} // namespace
