// RUN: qgemm-opt %s --convert-qgemm-to-gpu -split-input-file -verify-diagnostics
// Covers: a qgemm op that the host stub could not launch as written (nested
// in a region or an inner module, past a branch, in a func with results, on
// memrefs of another memory space) is a located error, not left unlowered or
// lowered into a stub that drops what the IR says.

func.func @negative_nested_in_region(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>, %c: i1) {
  scf.if %c {
    // expected-error @+1 {{expected to be directly in the body of a func.func (one kernel family per func), found in 'scf.if'}}
    qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
        {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
         target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
  }
  return
}

// -----

func.func @negative_quantize_nested(%x: memref<?x256xf16>, %xq: memref<?x256xi8>, %sx: memref<?xf32>, %c: i1) {
  scf.if %c {
    // expected-error @+1 {{'qgemm.quantize' op expected to be directly in the body of a func.func}}
    qgemm.quantize ins(%x : memref<?x256xf16>) outs(%xq, %sx : memref<?x256xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  }
  return
}

// -----

module {
  module @inner {
    func.func @negative_nested_module(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
      // expected-error @+1 {{expected its func '@negative_nested_module' at the top level of the module the pass runs on, found in a nested 'builtin.module'}}
      qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
          {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
           target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
      return
    }
  }
}

// -----

func.func @negative_results(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) -> i32 {
  // expected-error @+1 {{expected its func '@negative_results' to return nothing (the host stub returns a status), got 1 result(s)}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

// -----

func.func @negative_not_entry_block(%x: memref<?x256xf16>, %w: memref<32x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{expected to be in the entry block of its func (the host stub launches it on every call)}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

func.func @negative_memory_space(%x: memref<?x256xf16>, %w: memref<32x64xi32, 3>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  // expected-error @+1 {{expected every operand in the default memory space (the host stub passes global device pointers), got 'memref<32x64xi32, 3>'}}
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %s : memref<32x64xi32, 3>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [16, 32, 128], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}
