// A stand-in for the CUDA driver (no GPU) whose device reports the compute
// capability given on the command line (`fail`: the query fails) and which
// prints each image the bsr_dds_1024x1024 stub loads: whether the stub
// loads its cubin or its PTX on that device.
#include "bsr_dds_1024x1024.h"

#include <stdlib.h>
#include <string.h>

#include "fake-driver-common.h"

extern "C" {
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *, CUfunction, void **,
                                  void **) {
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
    const cuuint64_t *, const cuuint32_t *, const cuuint32_t *,
    CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
    CUtensorMapFloatOOBfill) {
  return CUDA_SUCCESS;
}
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "fail") == 0) {
    gFakeMajor = -1;
  } else if (argc == 3) {
    gFakeMajor = atoi(argv[1]);
    gFakeMinor = atoi(argv[2]);
  } else {
    fprintf(stderr, "usage: %s MAJOR MINOR | fail\n", argv[0]);
    return 2;
  }
  gFakePrintLoads = true;
  const CUdeviceptr x = 0x100000, rowPtr = 0x200000, y = 0x500000,
                    workspace = 0x600000;
  // nnzb = 0: col_idx and blocks may be null. Twice: one load a context.
  for (int call = 0; call < 2; ++call) {
    qgemm_status status = qgemm_bsr_dds_1024x1024(x, rowPtr, 0, 0, y, 1, 0,
                                                  workspace, nullptr);
    printf("call %d: status %d\n", call, (int)status);
  }
  return 0;
}
