// RUN: not qgemm-compile %s --emit=stub --no-cubin -o %t 2>&1 | FileCheck %s
// Covers: the host-stub writer checks the qgemm.launch description of every
// func of an already-lowered input before it writes anything, and reports
// each malformed one as an error located at its func. Every func below has
// a valid description but for the change its comment names.

// A required field is missing.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch lacks field 'kernels' (expected an array)
func.func @missing_field(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @missing_field_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []}}} {
  return
}

// A misspelt field.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch has unknown field 'kernels_' (expected one of scheme, summary, module, n, args, max_sizes, workspace, kernels, static_m)
func.func @unknown_top_field(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @unknown_top_field_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels_ = []}} {
  return
}

// A kernel lacks a required field.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') lacks field 'block_m' (expected an integer)
func.func @missing_kernel_field(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @missing_kernel_field_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// An operand names nothing.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') operand "z" names no argument or workspace buffer (expected one of x, y)
func.func @unknown_operand(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @unknown_operand_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "z"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A misspelt kernel field.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') has unknown field 'thread' (expected one of kernel, role, operands, threads, shared_memory, programmatic, tensor_maps, block_m, block_n, split_k, max_m, replaces_prologue, min_sizes, tail_split, stream_k_tiles, wave_blocks, cluster_split, split_in_kernel, ring_plan, row_split, row_rest)
func.func @unknown_kernel_field(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @unknown_kernel_field_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], thread = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A prologue field on a matmul kernel.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') has unknown field 'rows_per_block' (expected one of kernel, role, operands, threads, shared_memory, programmatic, tensor_maps, block_m, block_n, split_k, max_m, replaces_prologue, min_sizes, tail_split, stream_k_tiles, wave_blocks, cluster_split, split_in_kernel, ring_plan, row_split, row_rest)
func.func @prologue_field_on_matmul(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @prologue_field_on_matmul_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, rows_per_block = 1}]}} {
  return
}

// A field of the wrong kind.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch field 'n' is "64", expected an integer
func.func @wrong_type(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @wrong_type_kernels, n = "64",
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A flag that is not a boolean.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'programmatic' is 1 : i64, expected a boolean
func.func @wrong_bool(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @wrong_bool_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, programmatic = 1}]}} {
  return
}

// An args entry that is not a dictionary.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 is 16 : i64, expected a dictionary
func.func @not_a_dictionary(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @not_a_dictionary_kernels, n = 64,
    args = [16, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Fewer entries than func arguments.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch describes 1 of the func's 2 arguments (expected one entry in 'args' per argument)
func.func @argument_count(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @argument_count_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Padded rows described with a pitch the argument's layout does not have.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') has pitch 96, expected a func argument of rank 2 with a static second dim of at most 96 and layout strided<[96, 1]>, got 'memref<?x64xf16, strided<[128, 1]>>'
func.func @pitch_mismatch(%x: memref<?x64xf16, strided<[128, 1]>>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @pitch_mismatch_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16, pitch = 96}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Padded rows not described: the argument's layout needs its pitch.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') describes a func argument of type 'memref<?x64xf16, strided<[128, 1]>>', expected a memref with the identity (row-major) layout
func.func @pitch_missing(%x: memref<?x64xf16, strided<[128, 1]>>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @pitch_missing_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A func argument that is no memref.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #1 ('y') describes a func argument of type 'i64', expected a memref with the identity (row-major) layout
func.func @not_a_memref(%x: memref<?x64xf16>, %y: i64) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @not_a_memref_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A func argument of elements that are not whole bytes (the stub steps
// through buffers in bytes): index, i1.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') describes a func argument of type 'memref<?x64xindex>', expected a memref of integers or floats of 8, 16, 32 or 64 bits
func.func @index_elements(%x: memref<?x64xindex>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @index_elements_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, row_split = 64, row_rest = 8}]}} {
  return
}

// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #1 ('y') describes a func argument of type 'memref<?x64xi1>', expected a memref of integers or floats of 8, 16, 32 or 64 bits
func.func @bit_elements(%x: memref<?x64xf16>, %y: memref<?x64xi1>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @bit_elements_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Fields past the stub's 32 bits: a shared memory of 2^40 bytes (written
// into an unsigned field), an n of 2^64 + 256 in 128 bits (not 256).
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'shared_memory' is 1099511627776, expected at most 2147483647
func.func @huge_shared_memory(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @huge_shared_memory_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 1099511627776, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch field 'n' is 18446744073709551872, expected at most 2147483647
func.func @wide_n(%x: memref<?x64xf16>, %y: memref<?x256xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 256] = X[M, 64]", module = @wide_n_kernels, n = 18446744073709551872 : i128,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 256], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Two validate kernels (the stub runs one).
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch has more than one kernel with role 'validate' (expected at most one)
func.func @two_validates(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @two_validates_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "status", element_type = i32, dims = [1]}]},
    kernels = [{kernel = "check_a", role = "validate", threads = 128, shared_memory = 0, blocks = 1, operands = ["x", "status"]},
               {kernel = "check_b", role = "validate", threads = 128, shared_memory = 0, blocks = 1, operands = ["y", "status"]},
               {kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Matmul variants out of order: a bounded one after the unbounded one would
// never run, one below an earlier bound neither.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #1 ('small') has max_m = 16 after an unbounded variant (expected the variants in order of max_m, the unbounded ones last)
func.func @bound_after_unbounded(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @bound_after_unbounded_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "any", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 64, block_n = 64, split_k = 1, max_m = 0},
               {kernel = "small", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 16}]}} {
  return
}

// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #1 ('small') has max_m = 16 below the 64 of an earlier variant (expected the variants in order of max_m, the unbounded ones last)
func.func @bounds_out_of_order(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @bounds_out_of_order_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "big", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 64, block_n = 64, split_k = 1, max_m = 64},
               {kernel = "small", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 16},
               {kernel = "any", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 64, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Fewer dims than the memref's rank.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') has 1 dims, expected 2 ('memref<?x64xf16>')
func.func @rank_mismatch(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @rank_mismatch_kernels, n = 64,
    args = [{name = "x", dims = ["m"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A static extent that differs from the type's.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') dim #1 is 32, expected 64 ('memref<?x64xf16>')
func.func @static_dim_mismatch(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @static_dim_mismatch_kernels, n = 64,
    args = [{name = "x", dims = ["m", 32], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A size name where the type is static.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') dim #1 is 'k', expected 64 ('memref<?x64xf16>')
func.func @named_static_dim(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @named_static_dim_kernels, n = 64,
    args = [{name = "x", dims = ["m", "k"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// An extent where the type is dynamic.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') dim #0 is 16, expected the name of a run-time size ('memref<?x64xf16>' is dynamic there)
func.func @dynamic_dim_as_extent(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @dynamic_dim_as_extent_kernels, n = 64,
    args = [{name = "x", dims = [16, 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A dim that is neither an extent nor a name.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') dim "M" is neither an extent (an integer >= 0) nor the name of a run-time size (a lowercase identifier)
func.func @bad_dim(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @bad_dim_kernels, n = 64,
    args = [{name = "x", dims = ["M", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// An alignment that is not a power of 2.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #0 ('x') field 'align' is 12, expected a power of 2
func.func @align_not_power_of_2(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @align_not_power_of_2_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 12}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A name the stub uses itself.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch argument #1 ('stream') name 'stream' is not usable in C (expected a lowercase identifier other than workspace, stream, a keyword or a name ending in _t)
func.func @reserved_name(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @reserved_name_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "stream", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// No run-time size m.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch arguments name no run-time size 'm' (expected the rows M as a dim of some argument)
func.func @no_m(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @no_m_kernels, n = 64,
    args = [{name = "x", dims = ["rows", 64], align = 16}, {name = "y", dims = ["rows", 64], align = 16}],
    max_sizes = {rows = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A run-time size without a bound.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch max_sizes lacks field 'nnzb' (expected an integer)
func.func @missing_bound(%x: memref<?x64xf16>, %y: memref<?x64xf16>, %idx: memref<?xi32>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @missing_bound_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}, {name = "idx", dims = ["nnzb"], align = 4}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A bound for a size no argument has.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch field 'max_sizes' bounds 'k', which no argument dim names
func.func @extra_bound(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @extra_bound_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024, k = 4},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A buffer named like an argument.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch names 'x' twice (expected distinct names for arguments, run-time sizes and workspace buffers)
func.func @duplicate_name(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @duplicate_name_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "x", element_type = i8, dims = ["m"]}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// Split-K counters without the partials they count (the stub sized none).
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace has a 'split_k_counters' buffer and no 'split_k_partials' one (expected both or neither)
func.func @counters_alone(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @counters_alone_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "counters", element_type = i32, derived = "split_k_counters"}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y", "counters"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 2, max_m = 0}]}} {
  return
}

// A buffer with both dims and derived.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace buffer #0 ('t') needs exactly one of 'dims' and 'derived'
func.func @dims_and_derived(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @dims_and_derived_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "t", element_type = i32, dims = ["m"], derived = "split_k_counters"}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// An unknown derived size.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace buffer #0 ('t') field 'derived' is 'split_k_tiles', expected 'split_k_partials' or 'split_k_counters'
func.func @unknown_derived(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @unknown_derived_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "t", element_type = i32, derived = "split_k_tiles"}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A buffer sized by a size no argument has.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace buffer #0 ('t') dim 'q' is not a run-time size of the arguments
func.func @buffer_unknown_size(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @buffer_unknown_size_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "t", element_type = i32, dims = ["q"]}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A buffer of int4 elements.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace buffer #0 ('t') element type is 'i4', expected an integer or float of whole bytes
func.func @sub_byte_element(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @sub_byte_element_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "t", element_type = i4, dims = ["m"]}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A section alignment that is not a power of 2.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace alignments are 16 and 100, expected powers of 2
func.func @workspace_align(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @workspace_align_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 100, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// An unknown role.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') role is 'epilogue', expected 'prologue', 'matmul' or 'validate'
func.func @unknown_role(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @unknown_role_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "epilogue", operands = ["x", "y"], threads = 128, shared_memory = 0}]}} {
  return
}

// Only a prologue kernel.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch has no kernel with role 'matmul' (expected at least one)
func.func @no_matmul(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @no_matmul_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "prologue", operands = ["x", "y"], threads = 128, shared_memory = 0, rows_per_block = 1}]}} {
  return
}

// A kernel name that is no symbol.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy all') name 'copy all' is not a kernel symbol (expected letters, digits and _)
func.func @bad_kernel_name(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @bad_kernel_name_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy all", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// No threads.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'threads' is 0, expected at least 1
func.func @zero_threads(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @zero_threads_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 0, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// More threads than a block holds.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'threads' is 2048, expected at most 1024
func.func @too_many_threads(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @too_many_threads_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 2048, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// More K slices than the grid's z extent.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'split_k' is 70000, expected at most 65535 (the grid's z extent)
func.func @split_k_over_grid(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @split_k_over_grid_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 70000, max_m = 0}]}} {
  return
}

// A summary of two lines.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch text 'Y = X
func.func @summary_two_lines(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y = X\0Aon two lines", module = @summary_two_lines_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A valid description without its gpu.binary.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: expected a gpu.binary @missing_binary_kernels holding the kernels of this func (run qgemm-lower-to-nvvm)
func.func @missing_binary(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @missing_binary_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A func name that C cannot spell.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: expected a func name usable in C for the stub's qgemm_<name> functions, got 'bad-name'
func.func @"bad-name"(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @bad_name_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A static M that max_sizes bounds differently.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch field 'max_sizes' bounds 'm' by 1024, expected the static M 16
func.func @static_m_bound(%x: memref<16x64xf16>, %y: memref<16x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[16, 64] = X[16, 64]", module = @static_m_bound_kernels, n = 64, static_m = 16,
    args = [{name = "x", dims = [16, 64], align = 16}, {name = "y", dims = [16, 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A kept-zero buffer whose place would move with a size.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch workspace buffer #0 ('counters') is kept_zero, expected static dims (its place must not move with a size)
func.func @kept_zero_dynamic(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @kept_zero_dynamic_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = [{name = "counters", element_type = i32, dims = ["m"], kept_zero = true}]},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A validate kernel without its status buffer.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('check') has 0 workspace operands, expected one (the validate status)
func.func @validate_no_status(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @validate_no_status_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "check", role = "validate", operands = ["x"], threads = 128, shared_memory = 0, blocks = 1},
               {kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}

// A tail split without the wave it fills.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'tail_split' is 8, which needs split_k = 1 and a field 'wave_blocks'
func.func @tail_split_no_wave(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @tail_split_no_wave_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, tail_split = 8}]}} {
  return
}

// A cluster split of a tile that is not split.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'cluster_split' is true with split_k = 1, expected split_k in [2, 8]
func.func @cluster_split_unsplit(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @cluster_split_unsplit_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, cluster_split = true}]}} {
  return
}

// Work items looped over in the kernel need a split.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'split_in_kernel' is true with split_k = 1, expected split_k >= 2 and no cluster split
func.func @split_in_kernel_unsplit(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @split_in_kernel_unsplit_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, split_in_kernel = true}]}} {
  return
}

// A stream-K grid without the wave it spreads over.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'stream_k_tiles' is 32, which needs split_k = 1, no 'tail_split' and a field 'wave_blocks'
func.func @stream_k_no_wave(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @stream_k_no_wave_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, stream_k_tiles = 32}]}} {
  return
}

// A stream-K grid that is also a tail split.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'stream_k_tiles' is 32, which needs split_k = 1, no 'tail_split' and a field 'wave_blocks'
func.func @stream_k_tail_split(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @stream_k_tail_split_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, stream_k_tiles = 32, tail_split = 4, wave_blocks = 132}]}} {
  return
}

// A stream-K field of the wrong kind.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'stream_k_tiles' is 0, expected at least 1
func.func @stream_k_zero(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @stream_k_zero_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, stream_k_tiles = 0, wave_blocks = 132}]}} {
  return
}

// A tensor map whose row bytes are not the operand's (64 f16 = 128 bytes).
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') tensor map 0 field 'row_bytes' is 64, expected 128 (the bytes of a row of 'x', a multiple of 16)
func.func @tensor_map_row_bytes(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @tensor_map_row_bytes_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0,
                tensor_maps = [{operand = "x", row_bytes = 64, box_rows = 16}]}]}} {
  return
}

// A tensor map box of more rows than a copy takes.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') tensor map 0 field 'box_rows' is 512, expected at most 256
func.func @tensor_map_box_rows(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @tensor_map_box_rows_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0,
                tensor_maps = [{operand = "x", row_bytes = 128, box_rows = 512}]}]}} {
  return
}

// A box is 128 or 64 bytes wide (the swizzle's row).
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') tensor map 0 field 'box_bytes' is 32, expected 64 or 128
func.func @tensor_map_box_bytes(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @tensor_map_box_bytes_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0,
                tensor_maps = [{operand = "x", row_bytes = 128, box_rows = 16, box_bytes = 32}]}]}} {
  return
}

// A tensor map of a rank-3 operand whose inner dims are dynamic.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') tensor map 0 operand 'b' is not an argument or buffer of rank 2 or more whose dims past the first are static
func.func @tensor_map_rank3_dynamic(%x: memref<?x64xf16>, %b: memref<?x?x32xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @tensor_map_rank3_dynamic_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "b", dims = ["m", "m", 32], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "b", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0,
                tensor_maps = [{operand = "b", row_bytes = 64, box_rows = 32, box_bytes = 64}]}]}} {
  return
}

// A tensor map of something that is not a matrix with static rows.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') tensor map 0 operand 'z' is not an argument or buffer of rank 2 or more whose dims past the first are static
func.func @tensor_map_operand(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @tensor_map_operand_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0,
                tensor_maps = [{operand = "z", row_bytes = 128, box_rows = 16}]}]}} {
  return
}

// A ring plan needs a split whose blocks with z > 0 take its items.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') has a 'ring_plan' with split_k = 1, expected split_k >= 2 without cluster_split, split_in_kernel, tail_split or stream_k_tiles
func.func @ring_plan_unsplit(%x: memref<?x64xf16>, %c: memref<?xi32>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @ring_plan_unsplit_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "c", dims = ["nnzb"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024, nnzb = 4},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "c", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 32, split_k = 1, max_m = 64,
                ring_plan = {size = "nnzb", min_slice = 12, max_slice = 26, spare = 2, wave_items = 1056}}]}} {
  return
}

// A ring plan divides a run-time size other than m.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') ring_plan field 'size' is 'm', expected a run-time size other than m
func.func @ring_plan_size(%x: memref<?x64xf16>, %c: memref<?xi32>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @ring_plan_size_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "c", dims = ["nnzb"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024, nnzb = 4},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "c", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 32, split_k = 2, max_m = 64,
                ring_plan = {size = "m", min_slice = 12, max_slice = 26, spare = 2, wave_items = 1056}}]}} {
  return
}

// A ring plan's spare blocks are the grid's blocks with z > 0.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') ring_plan field 'spare' is 3, expected 2 (ceil(64 / 32) x (split_k - 1))
func.func @ring_plan_spare(%x: memref<?x64xf16>, %c: memref<?xi32>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @ring_plan_spare_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "c", dims = ["nnzb"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024, nnzb = 4},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "c", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 32, split_k = 2, max_m = 64,
                ring_plan = {size = "nnzb", min_slice = 12, max_slice = 26, spare = 3, wave_items = 1056}}]}} {
  return
}

// A ring plan's longest slice is at least its shortest.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') ring_plan field 'max_slice' is 8, expected 12 (min_slice) to 2147483647
func.func @ring_plan_slices(%x: memref<?x64xf16>, %c: memref<?xi32>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @ring_plan_slices_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "c", dims = ["nnzb"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024, nnzb = 4},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "c", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 32, split_k = 2, max_m = 64,
                ring_plan = {size = "nnzb", min_slice = 12, max_slice = 8, spare = 2, wave_items = 1056}}]}} {
  return
}

// A ring plan has five fields.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') ring_plan has unknown field 'stages' (expected one of size, min_slice, max_slice, spare, wave_items)
func.func @ring_plan_field(%x: memref<?x64xf16>, %c: memref<?xi32>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @ring_plan_field_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "c", dims = ["nnzb"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024, nnzb = 4},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "c", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 32, split_k = 2, max_m = 64,
                ring_plan = {size = "nnzb", min_slice = 12, max_slice = 26, spare = 2, wave_items = 1056, stages = 4}}]}} {
  return
}

// A row split cuts M at whole multiples of H: H a multiple of block_m.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'row_split' is 100, expected a multiple of block_m (16) of at most 16777216, below max_m, with a dynamic M that is only ever an argument's first dim
func.func @row_split_tile(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @row_split_tile_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, row_split = 100, row_rest = 50}]}} {
  return
}

// The stub offsets an argument's rows only when m is its first dim.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'row_split' is 256, expected a multiple of block_m (16) of at most 16777216, below max_m, with a dynamic M that is only ever an argument's first dim
func.func @row_split_transposed(%x: memref<64x?xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[64, M]^T", module = @row_split_transposed_kernels, n = 64,
    args = [{name = "x", dims = [64, "m"], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, row_split = 256, row_rest = 128}]}} {
  return
}

// The rows cut off: 1 to row_split - 1, and only with a row split.
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: qgemm.launch kernel #0 ('copy') field 'row_rest' is 64, expected 1 to row_split - 1 with a row_split, absent or 0 without
func.func @row_rest_alone(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @row_rest_alone_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0, row_rest = 64}]}} {
  return
}

// PTX that ends the stub's raw string literal.
func.func @raw_string_end(%x: memref<?x64xf16>, %y: memref<?x64xf16>) attributes {qgemm.launch = {
    scheme = "test", summary = "Y[M, 64] = X[M, 64]", module = @raw_string_end_kernels, n = 64,
    args = [{name = "x", dims = ["m", 64], align = 16}, {name = "y", dims = ["m", 64], align = 16}],
    max_sizes = {m = 1024},
    workspace = {align = 16, section_align = 256, buffers = []},
    kernels = [{kernel = "copy", role = "matmul", operands = ["x", "y"], threads = 128, shared_memory = 0, block_m = 16, block_n = 64, split_k = 1, max_m = 0}]}} {
  return
}
// CHECK: launch-description-errors.mlir:[[@LINE+1]]:1: error: expected PTX without ')qgemm_ptx"' (the end of the stub's raw string literal)
gpu.binary @raw_string_end_kernels [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "// )qgemm_ptx\22 ; int oops = 1;\0A">]
