//===- HostStub.h - PTX extraction and host-stub generation -----*- C++ -*-===//
//
// After qgemm-lower-to-nvvm, each lowered func carries a `qgemm.launch`
// description (qgemm/Conversion/LaunchDescription.h) and its kernels sit as
// PTX in a gpu.binary. This header reads both and writes the C++ host stub
// that embeds the PTX and launches the kernels through the CUDA driver API.
// The stub is written from the func's signature and the description alone,
// for any scheme.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_TARGET_HOSTSTUB_H
#define QGEMM_TARGET_HOSTSTUB_H

#include "qgemm/Conversion/LaunchDescription.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::qgemm {

/// One lowered kernel family, ready for emission.
struct KernelFamily {
  /// The func the stub is named after (qgemm_<name>).
  std::string name;
  /// The PTX of the family's gpu.module.
  std::string ptx;
  /// The func, holding the `qgemm.launch` description.
  func::FuncOp func;
  /// The description, read and checked.
  LaunchDescription launch;
};

/// Collects every lowered func of `module` (those with a `qgemm.launch`
/// description) with the PTX of its kernels. Emits a located error for each
/// func whose description is malformed or whose PTX is missing, and fails
/// when there was one.
FailureOr<std::vector<KernelFamily>> collectKernelFamilies(ModuleOp module);

/// Writes the host stub header of `family`.
std::string emitHostStubHeader(const KernelFamily &family);

/// Writes the host stub source of `family`; `cubin` (may be empty) is
/// embedded next to the PTX and loaded first where the device runs it (the
/// compute capability of the PTX's `.target`).
std::string emitHostStubSource(const KernelFamily &family, StringRef cubin);

} // namespace mlir::qgemm

#endif // QGEMM_TARGET_HOSTSTUB_H
