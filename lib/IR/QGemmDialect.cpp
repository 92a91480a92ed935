//===- QGemmDialect.cpp - qgemm dialect registration ----------------------===//
//
// Registers the qgemm attributes and operations with the dialect.
//
//===----------------------------------------------------------------------===//

#include "qgemm/IR/QGemm.h"

#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::qgemm;

#include "qgemm/QGemmDialect.cpp.inc"
#include "qgemm/QGemmEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "qgemm/QGemmAttrs.cpp.inc"

FailureOr<SmallVector<int64_t>> mlir::qgemm::parseIntList(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            return parser.parseInteger(values.emplace_back());
          })))
    return failure();
  return values;
}

void mlir::qgemm::printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

void QGemmDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "qgemm/QGemmAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "qgemm/QGemmOps.cpp.inc"
      >();
}
