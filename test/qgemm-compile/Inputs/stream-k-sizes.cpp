// Prints the workspace size of the w8a8_stream_k stub for a few M; needs no
// GPU (the size does not touch the driver).
#include "w8a8_stream_k.h"

#include <stdio.h>

int main() {
  const int64_t ms[] = {1, 4096};
  for (int64_t m : ms)
    printf("m=%lld bytes=%zu\n", (long long)m,
           qgemm_w8a8_stream_k_workspace_size(m));
  return 0;
}
