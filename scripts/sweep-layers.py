#!/usr/bin/env python3
"""Writes the layer inputs of an N sweep (docs/perf-notes.md v75, e353 /
e356 / e359): one func a file, dynamic M, no configs, for every N in
N0 + STEP j (j = 0 to COUNT - 1) and, with --plus 64, N + 64 too.

    scripts/sweep-layers.py --scheme w8a8|w4a16 [--k 4096] [--n0 2048]
        [--step 384] [--count 33] [--plus 64] [-o DIR]

W8A8: per-token int8 activations (quantized by the family), per-channel
int8 weights. W4A16: per-channel fp16 scales, int4 weights packed 8 a
word along K. Each file is named after its func, e.g.
DIR/w8a8_n2048_k4096.mlir; compile them with `build/bin/qgemm-compile F
--chip=sm_90a --emit=stub -o DIR/` for test/gpu/run.sh.
"""
import argparse
import os
import sys

W8A8 = """func.func @w8a8_n{n}_k{k}(%x: memref<?x{k}xf16>, %w: memref<{n}x{k}xi8>, %sw: memref<{n}xf32>, %y: memref<?x{n}xf16>) {{
  qgemm.matmul lhs(%x : memref<?x{k}xf16>) weights(%w, %sw : memref<{n}x{k}xi8>, memref<{n}xf32>) outs(%y : memref<?x{n}xf16>)
      {{lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}}
  return
}}
"""

W4A16 = """func.func @w4a16_n{n}_k{k}_pc(%x: memref<?x{k}xf16>, %wq: memref<{k8}x{n}xi32>, %scales: memref<{n}xf16>, %y: memref<?x{n}xf16>) {{
  qgemm.matmul lhs(%x : memref<?x{k}xf16>)
      weights(%wq, %scales : memref<{k8}x{n}xi32>, memref<{n}xf16>)
      outs(%y : memref<?x{n}xf16>)
      {{lhs_encoding = #qgemm.act<f16>,
       weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}}
  return
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scheme", choices=["w8a8", "w4a16"], required=True)
    parser.add_argument("--k", type=int, default=4096)
    parser.add_argument("--n0", type=int, default=2048)
    parser.add_argument("--step", type=int, default=384)
    parser.add_argument("--count", type=int, default=33)
    parser.add_argument("--plus", type=int, default=64,
                        help="also N + PLUS for every N (0: none)")
    parser.add_argument("-o", dest="out", default=".")
    args = parser.parse_args()
    if args.k <= 0 or args.k % 64 or args.n0 <= 0 or args.n0 % 8 or \
            args.step % 8 or args.plus % 8 or args.count <= 0:
        print("sweep-layers: error: K must be a positive multiple of 64, "
              "N0 / STEP / PLUS multiples of 8, COUNT positive",
              file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    written = 0
    for j in range(args.count):
        n = args.n0 + args.step * j
        for nn in [n] + ([n + args.plus] if args.plus else []):
            if args.scheme == "w8a8":
                text, name = W8A8.format(n=nn, k=args.k), \
                    "w8a8_n%d_k%d" % (nn, args.k)
            else:
                text, name = W4A16.format(n=nn, k=args.k, k8=args.k // 8), \
                    "w4a16_n%d_k%d_pc" % (nn, args.k)
            with open(os.path.join(args.out, name + ".mlir"), "w") as f:
                f.write(text)
            written += 1
    print("sweep-layers: %d layers in %s" % (written, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
