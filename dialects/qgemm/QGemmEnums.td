//===- QGemmEnums.td - qgemm enums -------------------------*- tablegen -*-===//
//
// Enumerations used by the qgemm encodings.
//
//===----------------------------------------------------------------------===//

#ifndef QGEMM_ENUMS_TD
#define QGEMM_ENUMS_TD

include "mlir/IR/EnumAttr.td"

def QGemm_ScaleGranularity : I32EnumAttr<"ScaleGranularity",
    "how a quantized tensor is scaled", [
      I32EnumAttrCase<"none", 0>,
      I32EnumAttrCase<"per_token", 1>,
      I32EnumAttrCase<"per_channel", 2>,
      I32EnumAttrCase<"per_group", 3>,
      I32EnumAttrCase<"per_block", 4>,
    ]> {
  let cppNamespace = "::mlir::qgemm";
  let genSpecializedAttr = 0;
}

def QGemm_WeightFormat : I32EnumAttr<"WeightFormat",
    "storage format of the weight operand", [
      I32EnumAttrCase<"int8", 0>,
      I32EnumAttrCase<"int4", 1>,
      I32EnumAttrCase<"bsr", 2>,
      I32EnumAttrCase<"fp8_e4m3", 3>,
    ]> {
  let cppNamespace = "::mlir::qgemm";
  let genSpecializedAttr = 0;
}

def QGemm_MmaKind : I32EnumAttr<"MmaKind",
    "the tensor-core instruction a kernel variant is built on", [
      I32EnumAttrCase<"mma_sync", 0>,
      I32EnumAttrCase<"wgmma", 1>,
    ]> {
  let cppNamespace = "::mlir::qgemm";
  let genSpecializedAttr = 0;
}

def QGemm_OperandPath : I32EnumAttr<"OperandPath",
    "how a kernel variant brings its operands to the tensor cores", [
      I32EnumAttrCase<"shared", 0>,
      I32EnumAttrCase<"registers", 1>,
      I32EnumAttrCase<"register_a", 2>,
    ]> {
  let cppNamespace = "::mlir::qgemm";
  let genSpecializedAttr = 0;
}

def QGemm_CopyKind : I32EnumAttr<"CopyKind",
    "how a ring variant brings its K tiles into shared memory", [
      I32EnumAttrCase<"cp_async", 0>,
      I32EnumAttrCase<"tma", 1>,
      I32EnumAttrCase<"tma_producer", 2>,
    ]> {
  let cppNamespace = "::mlir::qgemm";
  let genSpecializedAttr = 0;
}

#endif // QGEMM_ENUMS_TD
