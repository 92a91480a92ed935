#!/usr/bin/env python3
"""Pairs each edge shape of a harness bench with its multiple-of-128
neighbour and prints how far the edge shape's ratio against cuBLAS fp16 is
from the neighbour's.

    scripts/neighbour-ratios.py BENCH.json [BENCH.json ...] [--bound 0.85]

BENCH.json: the harness's `--bench --json` output. A neighbour is a kernel
named like the edge kernel with N and K rounded to the nearest multiple of
128 and `_nb` last (scripts/fuzz-gpu.py --neighbours writes both), or for
a W4A16 kernel of K an odd multiple of 128 the same with K + 128 and `_kp`
last (fuzz-gpu.py --parity); an
edge kernel with padded weight rows (`_p<pitch>` or `_pd` in its name)
pairs with the unpadded neighbour. The harness's own pairs (kernels whose
name has no `_nb`) are not matched. For
every M the two share, the line gives both times, both ratios (cuBLAS fp16
time over ours, each against cuBLAS on its own shape) and edge / neighbour
ratio; `<` marks a cell under --bound (issue 15 asks for within 15%: 0.85).
The last line counts the cells and those under the bound. BSR kernels have
one result per weight pattern (`name/pattern`); they pair per pattern.
Exit status 0 (the table is the output), 2 on bad arguments.
"""
import argparse
import re
import sys

from qgemm_fuzz import bench_ratio, bench_rows, neighbour_dim

NAME = re.compile(r"^(?P<scheme>[a-z0-9]+)_n(?P<n>\d+)_k(?P<k>\d+)(?P<rest>.*)$")


def neighbour_name(kernel):
    """The `_nb` neighbour's name of an edge kernel name (None when it is
    one already or N and K are multiples of 128), or for a W4A16 kernel
    whose K is an odd multiple of 128 its K + 128 partner's, `_kp` last
    (fuzz-gpu.py --parity: K tiles of 64 that four slices do not divide,
    against ones they do)."""
    base, _, pattern = kernel.partition("/")
    m = NAME.match(base)
    if not m or base.endswith("_nb") or base.endswith("_kp"):
        return None
    n, k = int(m["n"]), int(m["k"])
    n2, k2 = neighbour_dim(n), neighbour_dim(k)
    if (n2, k2) == (n, k):
        if m["scheme"] != "w4a16" or (k // 128) % 2 == 0:
            return None
        name = f"{m['scheme']}_n{n}_k{k + 128}{m['rest']}_kp"
        return name + ("/" + pattern if pattern else "")
    # Padded weight rows (fuzz-gpu.py --pitched: _p<pitch>; _pd by hand):
    # the neighbour's rows are not padded.
    rest = re.sub(r"_p(\d+|d)(?=_|$)", "", m["rest"])
    name = f"{m['scheme']}_n{n2}_k{k2}{rest}_nb"
    return name + ("/" + pattern if pattern else "")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", nargs="+")
    parser.add_argument("--bound", type=float, default=0.85)
    args = parser.parse_args()
    rows = {(row["kernel"], row["m"]): row for row in bench_rows(args.bench)}
    cells = under = 0
    print(f"{'edge kernel':34} {'M':>5} {'edge_us':>8} {'nb_us':>8} "
          f"{'x_edge':>6} {'x_nb':>6} {'edge/nb':>7}")
    for (kernel, m), row in sorted(rows.items()):
        nb = neighbour_name(kernel)
        other = rows.get((nb, m)) if nb else None
        if other is None:
            continue
        r1, r2 = bench_ratio(row), bench_ratio(other)
        if not r1 or not r2:
            continue
        rel = r1 / r2
        cells += 1
        under += rel < args.bound
        print(f"{kernel:34} {m:5} {row['ours']['median_us']:8.2f} "
              f"{other['ours']['median_us']:8.2f} {r1:6.2f} {r2:6.2f} "
              f"{rel:7.2f}{' <' if rel < args.bound else ''}")
    print(f"{cells} cells paired, {under} under {args.bound}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
