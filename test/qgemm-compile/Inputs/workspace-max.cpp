// Prints, for a few M, each stub's _workspace_size(m), its
// _workspace_size_max(m) and the most _workspace_size gives over 1 .. m,
// worked out here; needs no GPU (the sizes do not touch the driver).
#include "bsr_dds_1024x1024.h"
#include "w4a16_g128_4096x4096.h"
#include "w8a8_m16.h"

#include <initializer_list>
#include <stdio.h>

template <typename Size, typename Max>
void print(const char *name, int64_t m, Size size, Max max) {
  size_t most = 0;
  for (int64_t i = 1; i <= m; ++i)
    most = size(i) > most ? size(i) : most;
  size_t got = max(m);
  printf("%s m=%lld size=%zu max=%zu most=%zu %s\n", name, (long long)m,
         size(m), got, most, got > size(m) ? "above" : "equal");
}

int main() {
  for (int64_t m : {0, 1, 48, 49, 256, 300, 2048})
    print(
        "w4a16", m, [](int64_t i) { return qgemm_w4a16_g128_4096x4096_workspace_size(i); },
        [](int64_t i) { return qgemm_w4a16_g128_4096x4096_workspace_size_max(i); });
  for (int64_t m : {1, 256, 2100})
    print(
        "bsr", m, [](int64_t i) { return qgemm_bsr_dds_1024x1024_workspace_size(i, 1024); },
        [](int64_t i) { return qgemm_bsr_dds_1024x1024_workspace_size_max(i, 1024); });
  // Static M = 16: only m = 16 calls.
  for (int64_t m : {15, 16, 100})
    printf("static m=%lld max=%zu size16=%zu\n", (long long)m,
           qgemm_w8a8_m16_workspace_size_max(m),
           qgemm_w8a8_m16_workspace_size(16));
  return 0;
}
