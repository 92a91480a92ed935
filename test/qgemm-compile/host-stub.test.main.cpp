// Embedding example for host-stub.test: links against the generated stub.
#include "w8a8_4096x4096.h"

int main() {
  // Without a context the call fails cleanly; M = 0 is a no-op.
  if (qgemm_w8a8_4096x4096(0, 0, 0, 0, 0, 0, nullptr) != QGEMM_SUCCESS)
    return 1;
  return qgemm_w8a8_4096x4096_workspace_size(16) ==
                 16 * 4096 + 256 ? 0 : 2;
}
