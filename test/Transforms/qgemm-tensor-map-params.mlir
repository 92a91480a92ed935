// RUN: qgemm-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(qgemm-tensor-map-params))' | FileCheck %s
// Covers: the first `qgemm.tensor_maps` arguments of a lowered kernel
// become 128-byte, 64-byte-aligned by-value grid-constant parameters (what
// a CUtensorMap passed by the host needs); the other arguments and the
// kernels without the attribute are left alone, and the attribute is
// removed. A count past the arguments, a tensor map that is not a pointer
// and the attribute on a non-kernel are errors.

// CHECK-LABEL: llvm.func @two_maps(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr)
// CHECK-NOT: qgemm.tensor_maps
// CHECK-SAME: {
// CHECK-LABEL: llvm.func @no_maps(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr)
gpu.module @kernels {
  llvm.func @two_maps(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) attributes {nvvm.kernel, qgemm.tensor_maps = 2 : i64} {
    llvm.return
  }
  llvm.func @no_maps(%a: !llvm.ptr) attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{'qgemm.tensor_maps' is 2, expected at most the 1 arguments of the kernel}}
  llvm.func @too_many(%a: !llvm.ptr) attributes {nvvm.kernel, qgemm.tensor_maps = 2 : i64} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{expected tensor map argument 0 to be an !llvm.ptr, got 'i64'}}
  llvm.func @not_pointer(%a: i64) attributes {nvvm.kernel, qgemm.tensor_maps = 1 : i64} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{'qgemm.tensor_maps' on a function that is not a kernel}}
  llvm.func @device(%a: !llvm.ptr) attributes {qgemm.tensor_maps = 1 : i64} {
    llvm.return
  }
}
