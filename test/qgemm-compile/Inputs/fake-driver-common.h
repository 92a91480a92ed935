// The parts of a stand-in CUDA driver that the host-stub tests share: a
// context on a device of compute capability gFakeMajor.gFakeMinor (9.0
// unless a test changes it; a negative major makes the query fail), a
// module whose functions are their names (each image loaded is printed
// with gFakePrintLoads: "cubin" for an ELF file, else "ptx"), and memory
// operations that do nothing (a read gives zeros). Each test's driver adds
// cuLaunchKernelEx and cuTensorMapEncodeTiled, which print what it checks.
#ifndef QGEMM_TEST_FAKE_DRIVER_COMMON_H
#define QGEMM_TEST_FAKE_DRIVER_COMMON_H

#include <cuda.h>
#include <string.h>

#include <stdio.h>

static int gFakeMajor = 9, gFakeMinor = 0;
static bool gFakePrintLoads = false;

extern "C" {
CUresult CUDAAPI cuCtxGetCurrent(CUcontext *context) {
  *context = reinterpret_cast<CUcontext>(0x1000);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuCtxGetDevice(CUdevice *device) {
  *device = 0;
  return gFakeMajor < 0 ? CUDA_ERROR_INVALID_CONTEXT : CUDA_SUCCESS;
}
CUresult CUDAAPI cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                                      CUdevice) {
  *value =
      attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR   ? gFakeMajor
      : attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? gFakeMinor
                                                                  : 0;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image,
                                    unsigned int, CUjit_option *, void **) {
  if (gFakePrintLoads)
    printf("load %s\n", memcmp(image,
                               "\x7f"
                               "ELF",
                               4) == 0
                            ? "cubin"
                            : "ptx");
  *module = reinterpret_cast<CUmodule>(0x2000);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuModuleGetFunction(CUfunction *function, CUmodule,
                                     const char *name) {
  *function = reinterpret_cast<CUfunction>(strdup(name));
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) {
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr, unsigned int, size_t, CUstream) {
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemcpyDtoHAsync(void *out, CUdeviceptr, size_t bytes,
                                   CUstream) {
  memset(out, 0, bytes);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }
}

#endif // QGEMM_TEST_FAKE_DRIVER_COMMON_H
