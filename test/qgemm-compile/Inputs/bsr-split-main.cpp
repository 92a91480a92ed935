// Prints the workspace sizes of the bsr_split stub at an M of its split
// register-direct variant and at one past it.
#include "bsr_split.h"

#include <cstdio>

int main() {
  std::printf("workspace m=16 nnzb=100: %zu\n",
              qgemm_bsr_split_workspace_size(16, 100));
  std::printf("workspace m=17 nnzb=100: %zu\n",
              qgemm_bsr_split_workspace_size(17, 100));
  return 0;
}
