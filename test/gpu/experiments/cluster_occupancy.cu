// How many thread block clusters of 2, 3, 4 blocks the GPU holds at once
// for a kernel of a given block size and dynamic shared memory
// (cudaOccupancyMaxActiveClusters): whether a clustered split grid of B
// blocks is one wave. Standalone:
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a cluster_occupancy.cu
#include <cstdio>
#include <cuda_runtime.h>

__global__ void kernel(int *out) {
  extern __shared__ int smem[];
  if (out)
    out[blockIdx.x] = smem[threadIdx.x];
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("%s: %d multiprocessors\n", prop.name,
              prop.multiProcessorCount);
  // The W4A16 register-A producer tiles: 128 x 128 (256 threads, 83008
  // bytes) and 256 x 128 (384 threads, 148544 bytes).
  const int shapes[][2] = {{256, 83008}, {384, 148544}, {256, 197632}};
  for (auto [threads, bytes] : shapes) {
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         bytes);
    cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed,
                         1);
    for (int size : {1, 2, 3, 4, 8}) {
      cudaLaunchConfig_t config = {};
      config.gridDim = dim3(size * 64, 1, 1);
      config.blockDim = dim3(threads, 1, 1);
      config.dynamicSmemBytes = bytes;
      cudaLaunchAttribute attribute;
      attribute.id = cudaLaunchAttributeClusterDimension;
      attribute.val.clusterDim.x = size;
      attribute.val.clusterDim.y = 1;
      attribute.val.clusterDim.z = 1;
      config.attrs = &attribute;
      config.numAttrs = 1;
      int clusters = 0;
      cudaError_t err =
          cudaOccupancyMaxActiveClusters(&clusters, kernel, &config);
      std::printf("threads %d, shared %d bytes, cluster %d: %d clusters "
                  "(%d blocks)%s\n",
                  threads, bytes, size, clusters, clusters * size,
                  err == cudaSuccess ? "" : cudaGetErrorString(err));
    }
  }
  return 0;
}
