#!/usr/bin/env python3
"""Pairs the kernels of an A/B harness bench and prints, for every M they
share, the time of one over the other: a hand config against the chain it
replaces, or a configured chain against the one before.

    scripts/ab-ratios.py BENCH.json [BENCH.json ...] --suffix SUFFIX
        [--base-suffix]

BENCH.json: the harness's `--bench --json` output; give the runs of both
bench orders (the kernel list and its reverse) and each cell's time is the
geometric mean of its medians over all of them. A pair is a kernel
`<name>_<SUFFIX>` and the kernel `<name>`: the suffixed one is the new one
(a hand config: `_nr`, `_q160`), or with --base-suffix the base (the chain
before, `_old`, against the configured `<name>`). Per pair a line of `M:ratio`
cells (new time over base time: under 1 is faster), the range, then the
base and new times and both ratios against cuBLAS fp16 at the pair's best
cell (the smallest ratio). A BSR row's kernel carries its weight pattern
(`bsr_n1024_k1024_old/d=0.5`): the suffix goes on the name before the `/`
and the pattern stays part of the pair (its ratio is against cuBLAS fp16 on
the densified weight).
The last line: the pairs, the cells, the geometric mean of every cell and
how many cells are under 0.95 and over 1.05. Exit status 0 (the table is
the output), 1 when no pair is found, 2 on bad arguments.
"""
import argparse
import collections
import math
import sys

from qgemm_fuzz import bench_rows


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", nargs="+")
    parser.add_argument("--suffix", required=True)
    parser.add_argument("--base-suffix", action="store_true")
    args = parser.parse_args()
    suffix = "_" + args.suffix.lstrip("_")

    ours = collections.defaultdict(list)
    fp16 = collections.defaultdict(list)
    for row in bench_rows(args.bench):
        key = (row["kernel"], row["m"])
        ours[key].append(row["ours"]["median_us"])
        peer = row.get("cublas_fp16") or row.get("cublas_fp16_dense")
        if peer:
            fp16[key].append(peer["median_us"])

    pairs = collections.defaultdict(dict)
    for (kernel, m) in ours:
        # A BSR row names its weight pattern after the kernel: `name/d=0.5`.
        name, slash, variant = kernel.partition("/")
        if not name.endswith(suffix):
            continue
        plain = name[:-len(suffix)] + slash + variant
        if (plain, m) not in ours:
            continue
        new, base = (plain, kernel) if args.base_suffix else (kernel, plain)
        pairs[plain][m] = (geomean(ours[(base, m)]), geomean(ours[(new, m)]),
                           fp16.get((base, m)))
    if not pairs:
        print(f"ab-ratios: no kernel pair with the suffix '{suffix}'",
              file=sys.stderr)
        return 1

    every = []
    for plain in sorted(pairs):
        cells = pairs[plain]
        ratios = {m: new / base for m, (base, new, _) in cells.items()}
        every.extend(ratios.values())
        text = " ".join(f"{m}:{ratios[m]:.2f}" for m in sorted(ratios))
        best = min(ratios, key=lambda m: (ratios[m], m))
        base, new, peer = cells[best]
        line = (f"{plain:28} {text} | {min(ratios.values()):.2f} to "
                f"{max(ratios.values()):.2f} | M={best} {base:.1f} -> "
                f"{new:.1f} us")
        if peer:
            cublas = geomean(peer)
            line += f", x fp16 {cublas / base:.2f} -> {cublas / new:.2f}"
        print(line)
    faster = sum(r < 0.95 for r in every)
    slower = sum(r > 1.05 for r in every)
    print(f"{len(pairs)} pairs, {len(every)} cells, geomean "
          f"{geomean(every):.3f}, {faster} under 0.95, {slower} over 1.05")
    return 0


if __name__ == "__main__":
    sys.exit(main())
