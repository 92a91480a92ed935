//===- InitAll.cpp - register everything the qgemm tools use --------------===//
//
// The single place that decides which dialects, extensions, translations and
// passes the qgemm tools know about.
//
//===----------------------------------------------------------------------===//

#include "qgemm/InitAll.h"

#include "qgemm/Conversion/Passes.h"
#include "qgemm/IR/QGemm.h"
#include "qgemm/Pipelines/Pipelines.h"
#include "qgemm/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

void qgemm::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::qgemm::QGemmDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::index::IndexDialect, mlir::LLVM::LLVMDialect,
                  mlir::NVVM::NVVMDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::nvgpu::NVGPUDialect,
                  mlir::scf::SCFDialect, mlir::vector::VectorDialect>();
  // The convert-to-llvm interfaces and the other upstream extensions.
  mlir::registerAllExtensions(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerGPUDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
}

void qgemm::registerAllPasses() {
  mlir::registerAllPasses();
  mlir::qgemm::registerQGemmTransformsPasses();
  mlir::qgemm::registerQGemmConversionPasses();
  mlir::qgemm::registerQGemmPipelines();
}
