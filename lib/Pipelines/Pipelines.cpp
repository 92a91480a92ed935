//===- Pipelines.cpp - qgemm named pass pipelines -------------------------===//
//
// qgemm-lower-to-nvvm: qgemm ops -> gpu.module kernels -> NVVM -> PTX.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Pipelines/Pipelines.h"

#include "qgemm/Conversion/Passes.h"
#include "qgemm/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::qgemm::buildLowerToNVVMPipeline(OpPassManager &pm,
                                           const LowerToNVVMOptions &options) {
  QGemmConfigureOptions configure;
  configure.chip = options.chip;
  configure.requireChip = true;
  pm.addPass(createQGemmConfigure(configure));
  ConvertQGemmToGPUOptions convert;
  convert.programmaticMaxM = options.programmaticMaxM;
  pm.addPass(createConvertQGemmToGPU(convert));
  pm.addPass(createQGemmSoftwarePipeline());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // The kernels: structured ops to NVVM. The kernels use no math ops and no
  // scalar float min/max, which convert-gpu-to-nvvm would turn into
  // libdevice calls. The passes that work within one function run on each
  // kernel of a module in parallel; convert-gpu-to-nvvm and
  // qgemm-tensor-map-params need the module (its globals, the kernels'
  // signatures).
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  OpPassManager &gpuFuncs = kernels.nest<gpu::GPUFuncOp>();
  gpuFuncs.addPass(createSCFToControlFlowPass());
  gpuFuncs.addPass(createConvertNVGPUToNVVMPass());
  gpuFuncs.addPass(memref::createExpandStridedMetadataPass());
  // convert-gpu-to-nvvm first: it maps the workgroup address space that
  // vector loads and stores of shared memory need.
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createQGemmTensorMapParams());
  OpPassManager &llvmFuncs = kernels.nest<LLVM::LLVMFuncOp>();
  llvmFuncs.addPass(createConvertVectorToLLVMPass());
  // wgmma.mma_async is an inline-PTX op: turn it into llvm.inline_asm.
  llvmFuncs.addPass(createConvertNVVMToLLVMPass());
  llvmFuncs.addPass(createCanonicalizerPass());
  llvmFuncs.addPass(createCSEPass());
  llvmFuncs.addPass(createReconcileUnrealizedCastsPass());

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.optLevel = options.optLevel;
  target.features = "+ptx80";
  pm.addPass(createGpuNVVMAttachTarget(target));
  // gpu-module-to-binary{format=isa}, the kernels of a module translated in
  // parallel.
  if (options.emitBinary)
    pm.addPass(createQGemmModuleToPtx());
}

void mlir::qgemm::registerQGemmPipelines() {
  PassPipelineRegistration<LowerToNVVMOptions>(
      "qgemm-lower-to-nvvm",
      "Lower qgemm ops to gpu.binary ops holding PTX for the chosen chip",
      buildLowerToNVVMPipeline);
}
