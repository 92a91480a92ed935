#!/usr/bin/env python3
"""Lists the cliffs of a harness bench over M: cells whose time exceeds
the time of the same kernel at a larger M by more than a margin. A
kernel's time should not fall as M grows; where it does, the chain's
variant at the smaller M is the wrong one (a tile that wastes rows, a
grid that leaves the GPU idle, a split that costs more than it gives).

    scripts/m-cliffs.py BENCH.json [BENCH.json ...] [--margin 0.08]

BENCH.json: the harness's `--bench --json` output, best over many M
(`--ms 1,2,4,...,4096`). For each kernel (BSR: each `name/pattern`) one
line: its worst ratio against cuBLAS fp16 and the M it is at, then every
cliff as `M<m> <us> > <us>@M<m2>`, the larger M whose time it exceeds by
the most. The last line counts the kernels and the cliffs. Exit status 0
(the list is the output), 2 on bad arguments.
"""
import argparse
import collections
import sys

from qgemm_fuzz import bench_ratio, bench_rows


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", nargs="+")
    parser.add_argument("--margin", type=float, default=0.08)
    args = parser.parse_args()
    if args.margin < 0:
        parser.error("--margin must be >= 0")
    rows = collections.defaultdict(dict)
    for row in bench_rows(args.bench):
        rows[row["kernel"]][row["m"]] = row
    cliffs = 0
    for kernel in sorted(rows):
        cells = sorted(rows[kernel].items())
        line = kernel
        rated = [(bench_ratio(row), m) for m, row in cells
                 if bench_ratio(row)]
        if rated:
            worst, at = min(rated)
            line += f" worst x_fp16 {worst:.2f} at M {at}"
        for i, (m, row) in enumerate(cells):
            us = row["ours"]["median_us"]
            later = [(other["ours"]["median_us"], m2) for m2, other in cells[i + 1:]]
            if not later:
                continue
            low, m2 = min(later)
            if us > (1 + args.margin) * low:
                cliffs += 1
                line += f" | M{m} {us:.1f} > {low:.1f}@M{m2}"
        print(line)
    print(f"{len(rows)} kernels, {cliffs} cliffs over {args.margin:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
