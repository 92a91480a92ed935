//===- qgemm-opt.cpp - qgemm optimizer driver -----------------------------===//
//
// MlirOptMain with the qgemm dialect, the upstream dialects qgemm lowers
// through, their passes and the translations PTX emission needs.
//
//===----------------------------------------------------------------------===//

#include "qgemm/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  qgemm::registerAllDialects(registry);
  qgemm::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "qgemm optimizer driver\n", registry));
}
