// Two kernel families already lowered by hand: each func carries a
// qgemm.launch description and its kernels sit in a gpu.binary (placeholder
// PTX: the stubs are only compiled and linked, never loaded). Used by
// host-stub-lowered.test.
module attributes {gpu.container_module} {
  // BSR dense x sparse, N = K = 1024, 32 x 32 blocks: nnzb stored blocks.
  // The matmul kernels come first here; the stub launches the prologue
  // before them anyway. bsr_v1 does the prologue's work itself.
  func.func @bsr_dds_1024x1024(%x: memref<?x1024xf16>, %row_ptr: memref<33xi32>,
                               %col_idx: memref<?xi32>, %blocks: memref<?x32x32xf16>,
                               %y: memref<?x1024xf16>) attributes {qgemm.launch = {
      scheme = "bsr", summary = "Y[M, 1024] = X[M, 1024] . W^T, W in 32 x 32 BSR blocks",
      module = @bsr_dds_1024x1024_kernels, n = 1024,
      args = [{name = "x", dims = ["m", 1024], align = 16},
              {name = "row_ptr", dims = [33], align = 4},
              {name = "col_idx", dims = ["nnzb"], align = 4},
              {name = "blocks", dims = ["nnzb", 32, 32], align = 16},
              {name = "y", dims = ["m", 1024], align = 16}],
      max_sizes = {m = 16777216, nnzb = 1024},
      workspace = {align = 16, section_align = 256, buffers = [
          {name = "block_rows", element_type = i32, dims = ["nnzb"]},
          {name = "partials", element_type = i32, derived = "split_k_partials"},
          {name = "counters", element_type = i32, derived = "split_k_counters"}]},
      kernels = [
          {kernel = "bsr_v0", role = "matmul", threads = 128, shared_memory = 20480,
           block_m = 16, block_n = 32, split_k = 2, max_m = 16, programmatic = true,
           operands = ["x", "row_ptr", "col_idx", "blocks", "block_rows", "y", "partials", "counters"]},
          {kernel = "bsr_v1", role = "matmul", threads = 128, shared_memory = 40960,
           block_m = 64, block_n = 32, split_k = 1, max_m = 0, replaces_prologue = true,
           operands = ["x", "row_ptr", "col_idx", "blocks", "y"]},
          {kernel = "bsr_rows", role = "prologue", threads = 64, shared_memory = 0,
           rows_per_block = 64, operands = ["row_ptr", "col_idx", "block_rows", "counters"]}]}} {
    return
  }
  gpu.binary @bsr_dds_1024x1024_kernels [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "// placeholder PTX\0A.version 8.0\0A.target sm_90\0A.address_size 64\0A">]

  // W4A16 per channel, N = K = 256: no workspace, no prologue.
  func.func @w4a16_256x256(%x: memref<?x256xf16>, %wq: memref<32x256xi32>,
                           %scales: memref<256xf16>, %y: memref<?x256xf16>) attributes {qgemm.launch = {
      scheme = "w4a16", summary = "Y[M, 256] = X[M, 256] . (Wq * s)^T",
      module = @w4a16_256x256_kernels, n = 256,
      args = [{name = "x", dims = ["m", 256], align = 16},
              {name = "wq", dims = [32, 256], align = 16},
              {name = "scales", dims = [256], align = 16},
              {name = "y", dims = ["m", 256], align = 16}],
      max_sizes = {m = 16777216},
      workspace = {align = 1, section_align = 256, buffers = []},
      kernels = [
          {kernel = "matmul_v0", role = "matmul", threads = 128, shared_memory = 0,
           block_m = 64, block_n = 64, split_k = 1, max_m = 0,
           operands = ["x", "wq", "scales", "y"]}]}} {
    return
  }
  gpu.binary @w4a16_256x256_kernels [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "// placeholder PTX\0A">]
}
