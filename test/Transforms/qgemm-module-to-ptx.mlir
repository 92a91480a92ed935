// RUN: qgemm-opt %s --qgemm-module-to-ptx -o %t.ours.mlir
// RUN: qgemm-opt %s --qgemm-module-to-ptx --mlir-disable-threading -o %t.serial.mlir
// RUN: qgemm-opt %s --gpu-module-to-binary=format=isa | sed -E "s/LLVMIRToISATimeInMs = [0-9]+ : i64, //" > %t.upstream.mlir
// RUN: diff %t.ours.mlir %t.upstream.mlir
// RUN: diff %t.serial.mlir %t.upstream.mlir
// RUN: FileCheck %s < %t.ours.mlir
// Covers: qgemm-module-to-ptx, the kernels of a gpu.module compiled one at
// a time and their PTX joined, gives the text of upstream
// gpu-module-to-binary{format=isa} on the whole module (less the compile
// time upstream records in the object's properties), with and without
// threads: a shared variable two kernels use stays at module scope, one
// that a single kernel uses is moved into it, the branch labels and the
// local depot of the third kernel are numbered 2, and the keeper function
// is not in the text. A module whose kernels call a device function, and a
// module of one kernel, are compiled whole (same text again).

// CHECK: gpu.binary @kernels
// CHECK-SAME: properties = {O = 2 : i32}
// CHECK-SAME: // .globl\09k0\0A.shared .align 16 .b8 shmem;\0A// wg_k1 has been demoted\0A\0A.visible .entry k0(
// CHECK-SAME: $L__BB0_2:
// CHECK-SAME: .entry k1(
// CHECK-SAME: // demoted variable\0A\09.shared .align 4 .b8 wg_k1[32];
// CHECK-SAME: $L__BB1_2:
// CHECK-SAME: .entry k2(
// CHECK-SAME: __local_depot2[32];
// CHECK-SAME: $L__BB2_2:
// CHECK-NOT: __qgemm_module_scope
// CHECK: gpu.binary @calls
// CHECK-SAME: .func  (.param .b32 func_retval0) helper(
// CHECK-SAME: .entry c0(
// CHECK-SAME: .entry c1(
// CHECK: gpu.binary @one
// CHECK-SAME: .entry single(

gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  llvm.mlir.global internal @shmem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @wg_k1() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<32 x i8>
  llvm.func @k0(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    %s = llvm.mlir.addressof @shmem : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.store %n, %s : i32, !llvm.ptr<3>
    nvvm.barrier0
    llvm.br ^loop(%c0, %c0 : i32, i32)
  ^loop(%j: i32, %acc: i32):
    %q = llvm.getelementptr %s[%j] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    %v = llvm.load %q : !llvm.ptr<3> -> i32
    %a = llvm.add %acc, %v : i32
    %next = llvm.add %j, %c1 : i32
    %more = llvm.icmp "slt" %next, %n : i32
    llvm.cond_br %more, ^loop(%next, %a : i32, i32), ^done
  ^done:
    llvm.store %a, %p : i32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @k1(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    %s = llvm.mlir.addressof @shmem : !llvm.ptr<3>
    %w = llvm.mlir.addressof @wg_k1 : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.store %n, %s : i32, !llvm.ptr<3>
    llvm.store %n, %w : i32, !llvm.ptr<3>
    nvvm.barrier0
    llvm.br ^loop(%c0, %c0 : i32, i32)
  ^loop(%j: i32, %acc: i32):
    %q = llvm.getelementptr %s[%j] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    %v = llvm.load %q : !llvm.ptr<3> -> i32
    %r = llvm.getelementptr %w[%j] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %u = llvm.load %r : !llvm.ptr<3> -> i8
    %ue = llvm.zext %u : i8 to i32
    %a0 = llvm.add %acc, %v : i32
    %a = llvm.add %a0, %ue : i32
    %next = llvm.add %j, %c1 : i32
    %more = llvm.icmp "slt" %next, %n : i32
    llvm.cond_br %more, ^loop(%next, %a : i32, i32), ^done
  ^done:
    llvm.store %a, %p : i32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @k2(%p: !llvm.ptr<1>, %n: i32, %i: i32) attributes {gpu.kernel, nvvm.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c7 = llvm.mlir.constant(7 : i32) : i32
    %c8 = llvm.mlir.constant(8 : i32) : i32
    %buf = llvm.alloca %c8 x i32 : (i32) -> !llvm.ptr
    llvm.br ^fill(%c0 : i32)
  ^fill(%f: i32):
    %fs = llvm.getelementptr %buf[%f] : (!llvm.ptr, i32) -> !llvm.ptr, i32
    %fv = llvm.mul %f, %i : i32
    llvm.store %fv, %fs : i32, !llvm.ptr
    %fn = llvm.add %f, %c1 : i32
    %fm = llvm.icmp "slt" %fn, %n : i32
    llvm.cond_br %fm, ^fill(%fn : i32), ^read
  ^read:
    %k = llvm.and %i, %c7 : i32
    %rs = llvm.getelementptr %buf[%k] : (!llvm.ptr, i32) -> !llvm.ptr, i32
    %rv = llvm.load %rs : !llvm.ptr -> i32
    llvm.store %rv, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

gpu.module @calls [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
  llvm.func @helper(%x: i32) -> i32 attributes {passthrough = ["noinline"]} {
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %y = llvm.mul %x, %c3 : i32
    llvm.return %y : i32
  }
  llvm.func @c0(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    %y = llvm.call @helper(%n) : (i32) -> i32
    llvm.store %y, %p : i32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @c1(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    %y = llvm.call @helper(%n) : (i32) -> i32
    %z = llvm.add %y, %n : i32
    llvm.store %z, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

gpu.module @one [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  llvm.func @single(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    llvm.store %n, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

// A module that already has a symbol named like the keeper is compiled
// whole (same text as upstream, checked by the diff above).
// CHECK: gpu.binary @named
// CHECK-SAME: .entry __qgemm_module_scope(
// CHECK-SAME: .entry n1(
gpu.module @named [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  llvm.func @__qgemm_module_scope(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    llvm.store %n, %p : i32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @n1(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %m = llvm.add %n, %c1 : i32
    llvm.store %m, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}
