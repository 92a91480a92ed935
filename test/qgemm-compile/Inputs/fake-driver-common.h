// The parts of a stand-in CUDA driver that the host-stub tests share: a
// context, a module whose functions are their names, and memory operations
// that do nothing (a read gives zeros). Each test's driver adds
// cuLaunchKernelEx and cuTensorMapEncodeTiled, which print what it checks.
#ifndef QGEMM_TEST_FAKE_DRIVER_COMMON_H
#define QGEMM_TEST_FAKE_DRIVER_COMMON_H

#include <cuda.h>
#include <string.h>

extern "C" {
CUresult CUDAAPI cuCtxGetCurrent(CUcontext *context) {
  *context = reinterpret_cast<CUcontext>(0x1000);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *,
                                    unsigned int, CUjit_option *, void **) {
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
