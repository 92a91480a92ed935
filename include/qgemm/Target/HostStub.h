//===- HostStub.h - PTX extraction and host-stub generation -----*- C++ -*-===//
//
// After qgemm-lower-to-nvvm, each lowered func carries a `qgemm.launch`
// description and its kernels sit as PTX in a gpu.binary. This header reads
// both and writes the C++ host stub that embeds the PTX and launches the
// kernels through the CUDA driver API.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TARGET_HOSTSTUB_H
#define QGEMM_TARGET_HOSTSTUB_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::qgemm {

/// One lowered kernel family, ready for emission.
struct KernelFamily {
  /// The func the stub is named after (qgemm_<name>).
  std::string name;
  /// The PTX of the family's gpu.module.
  std::string ptx;
  /// The func, holding the `qgemm.launch` description.
  func::FuncOp func;
};

/// Collects every lowered func of `module` with the PTX of its kernels.
/// Emits a located error and fails when a description or its PTX is
/// missing.
FailureOr<SmallVector<KernelFamily>> collectKernelFamilies(ModuleOp module);

/// Writes the host stub header of `family`.
std::string emitHostStubHeader(const KernelFamily &family);

/// Writes the host stub source of `family`; `cubin` (may be empty) is
/// embedded next to the PTX and tried first at load time.
std::string emitHostStubSource(const KernelFamily &family,
                               StringRef cubin);

} // namespace mlir::qgemm

#endif // QGEMM_TARGET_HOSTSTUB_H
