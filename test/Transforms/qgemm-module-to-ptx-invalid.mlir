// RUN: qgemm-opt %s --qgemm-module-to-ptx --split-input-file --verify-diagnostics
// Covers: a gpu.module without a target attribute is a located error.

// expected-error @below {{the module has no target attributes}}
gpu.module @untargeted {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
    llvm.return
  }
}
