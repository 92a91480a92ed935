//===- QGemmDialect.td - qgemm dialect definition ----------*- tablegen -*-===//
//
// The `qgemm` dialect describes quantized and block-sparse matrix
// multiplications Y[M, N] = X[M, K] . W[N, K]^T on buffers, together with the
// encodings of their operands, the target they are compiled for and the
// tiling configuration that the lowering uses.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_DIALECT_TD
#define QGEMM_DIALECT_TD

include "mlir/IR/OpBase.td"

def QGemm_Dialect : Dialect {
  let name = "qgemm";
  let cppNamespace = "::mlir::qgemm";
  let summary = "Quantized and block-sparse GEMM kernels for NVIDIA GPUs";
  let description = [{
    One `qgemm.matmul` op describes every scheme: the activation encoding
    (`#qgemm.act`) and the weight encoding (`#qgemm.weight`) say how the
    operands are stored and scaled, so W8A8, W4A16 and BSR (and later W4A8,
    int4 with zero points and FP8 block-scaled) share one op, one verifier
    and one lowering. `qgemm.quantize` is the dynamic per-token (or per-block)
    activation quantization step.
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // QGEMM_DIALECT_TD
