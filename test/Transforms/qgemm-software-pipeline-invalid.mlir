// RUN: qgemm-opt %s --qgemm-software-pipeline -split-input-file -verify-diagnostics
// Covers: loops marked qgemm.pipeline_depth that the pass cannot pipeline
// are located errors (bad depth, no commit, no wait, no barrier after the
// wait, copies that depend on loop-carried values or on memory reads).

func.func @negative_depth_not_integer(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected qgemm.pipeline_depth to be an integer in [0, 64], got "two"}}
  scf.for %i = %c0 to %n step %c1 {
  } {qgemm.pipeline_depth = "two"}
  return
}

// -----

func.func @negative_depth_negative(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected qgemm.pipeline_depth to be an integer in [0, 64], got -1 : i64}}
  scf.for %i = %c0 to %n step %c1 {
  } {qgemm.pipeline_depth = -1 : i64}
  return
}

// -----

// 2^64 + 2 in 128 bits: out of range, not depth 2.
func.func @negative_depth_wide(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected qgemm.pipeline_depth to be an integer in [0, 64], got 18446744073709551618 : i128}}
  scf.for %i = %c0 to %n step %c1 {
  } {qgemm.pipeline_depth = 18446744073709551618 : i128}
  return
}

// -----

func.func @negative_no_commit(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected an nvgpu.device_async_create_group in the body of a loop marked qgemm.pipeline_depth}}
  scf.for %i = %c0 to %n step %c1 {
    gpu.barrier
  } {qgemm.pipeline_depth = 2 : i64}
  return
}

// -----

func.func @negative_no_wait(%src: memref<64x256xi8>, %dst: memref<2x64x16xi8, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{expected an nvgpu.device_async_wait for the copies of a loop marked qgemm.pipeline_depth}}
  scf.for %i = %c0 to %c8 step %c1 {
    %t = nvgpu.device_async_copy %src[%c0, %i], %dst[%c0, %c0, %c0], 16 : memref<64x256xi8> to memref<2x64x16xi8, 3>
    %g = nvgpu.device_async_create_group %t
    gpu.barrier
  } {qgemm.pipeline_depth = 1 : i64}
  return
}

// -----

func.func @negative_no_barrier(%src: memref<64x256xi8>, %dst: memref<2x64x16xi8, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %t = nvgpu.device_async_copy %src[%c0, %i], %dst[%c0, %c0, %c0], 16 : memref<64x256xi8> to memref<2x64x16xi8, 3>
    %g = nvgpu.device_async_create_group %t
    // expected-error @+1 {{expected a gpu.barrier after the wait: the copies of a later tile are issued after it}}
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
  } {qgemm.pipeline_depth = 1 : i64}
  return
}

// -----

func.func @negative_copy_uses_iter_arg(%src: memref<64x256xi8>, %dst: memref<2x64x16xi8, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%col = %c0) -> (index) {
    // expected-error @+1 {{expected the copies of a pipelined loop not to depend on its loop-carried values}}
    %t = nvgpu.device_async_copy %src[%c0, %col], %dst[%c0, %c0, %c0], 16 : memref<64x256xi8> to memref<2x64x16xi8, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.barrier
    %next = arith.addi %col, %c1 : index
    scf.yield %next : index
  } {qgemm.pipeline_depth = 1 : i64}
  return
}

// -----

func.func @negative_copy_index_from_memory(%src: memref<64x256xi8>, %dst: memref<2x64x16xi8, 3>, %cols: memref<8xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @+1 {{cannot run this op ahead of its iteration in a pipelined loop: only copies, commits, loads from shared memory and side-effect-free ops can be predicated}}
    %col = memref.load %cols[%i] : memref<8xindex>
    %t = nvgpu.device_async_copy %src[%c0, %col], %dst[%c0, %c0, %c0], 16 : memref<64x256xi8> to memref<2x64x16xi8, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.barrier
  } {qgemm.pipeline_depth = 1 : i64}
  return
}
