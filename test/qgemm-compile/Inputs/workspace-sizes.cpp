// Prints the workspace size of the w8a8_n1024_k4096 stub for a few M; needs
// no GPU (the size does not touch the driver).
#include "w8a8_n1024_k4096.h"

#include <stdio.h>

int main() {
  const int64_t ms[] = {0, 1, 16, 17, 4096};
  for (int64_t m : ms)
    printf("m=%lld bytes=%zu\n", (long long)m,
           qgemm_w8a8_n1024_k4096_workspace_size(m));
  return 0;
}
