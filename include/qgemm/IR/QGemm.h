//===- QGemm.h - qgemm dialect, attributes and operations -------*- C++ -*-===//
//
// The public C++ view of the qgemm dialect: include this header to use the
// dialect, its encodings and its operations.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_IR_QGEMM_H
#define QGEMM_IR_QGEMM_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::qgemm {
/// Parses `[a, b, ...]` (possibly empty) for the list parameters of the
/// qgemm attributes.
FailureOr<SmallVector<int64_t>> parseIntList(AsmParser &parser);
/// Prints `values` as `[a, b, ...]`.
void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values);
} // namespace mlir::qgemm

#include "qgemm/QGemmDialect.h.inc"
#include "qgemm/QGemmEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "qgemm/QGemmAttrs.h.inc"

#define GET_OP_CLASSES
#include "qgemm/QGemmOps.h.inc"

namespace mlir::qgemm {
/// Whether convert-qgemm-to-gpu has kernels for `op`'s scheme: W8A8 (int8
/// weights, an fp16 activation quantized to int8 in the kernel), W4A16 (int4
/// weights, fp16 activation) or BSR (fp16 activation).
bool hasKernelScheme(MatmulOp op);
/// The error for an op whose scheme has no kernels: qgemm-configure and
/// convert-qgemm-to-gpu give the same one.
LogicalResult emitNoKernelSchemeError(MatmulOp op);
/// The row pitch of a rank-2 memref with padded rows, layout
/// strided<[P, 1]> (offset 0, P static): P, the elements from one row to
/// the next; 0 for any other layout.
int64_t getRowPitch(MemRefType type);
} // namespace mlir::qgemm

#endif // QGEMM_IR_QGEMM_H
