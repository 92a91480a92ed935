#!/usr/bin/env python3
"""Estimates, from A/B runs already measured, what a candidate
qgemm-configure would do to their cells, without a GPU.

    scripts/chain-sim.py --candidate OPT --base OPT
        RUN [RUN ...] [--chip sm_90a] [--report 0.03]

RUN: `BENCH_DIR:OLD_OPT:NEW_OPT:INPUT_DIR[:FROM_M:TO_M]`. BENCH_DIR holds
the harness's `--bench --json` files of an A/B run (every `*.json` in it:
both bench orders), whose kernels are `<f>` (configured by NEW_OPT) and
`<f>_old` (configured by OLD_OPT); INPUT_DIR holds `<f>.mlir`, the
unconfigured matmul of each; FROM_M / TO_M bound the cells taken (default:
all). Each cell (kernel, M) timed both ways has two known times: that of
OLD_OPT's variant at M and that of NEW_OPT's (the geometric mean over the
files). --base is the qgemm-opt whose chains the estimate is against (the
head), --candidate the one to estimate. Any of the four may instead be a
directory of configured IR, `<f>.mlir` each (as the A/B runs keep their
`_old` inputs). A cell where the candidate's
variant at M is the base's is unchanged; where both are among the two
variants timed, its ratio is known (candidate time / base time); else it
is unknown (a variant no run timed). Variants compare by their config with
max_m left out.

Output: the counts of unchanged, known and unknown cells (and of the cells
of layers one of the builds refused to configure: a chain its own verifier
rejects, listed by name); the geometric
mean of the known ratios, how many are under 0.95 and over 1.05, and every
known cell whose ratio is off 1 by more than --report. It is an estimate:
a cell timed in one run is not timed against the candidate's neighbours,
and unknown cells need a run. Exit status 0, 2 on bad arguments.
"""
import argparse
import collections
import glob
import json
import math
import os
import re
import subprocess
import sys

CONFIG = re.compile(r"#qgemm\.config<([^>]*)>")
MAX_M = re.compile(r",? ?max_m = (\d+)")


def chain(opt, path, chip):
    """The configs of `path`'s matmul as configured by `opt` (a qgemm-opt,
    or a directory holding the configured IR as `<name>.mlir`): a list of
    (max_m, config without max_m), the unbounded one last."""
    if os.path.isdir(opt):
        configured = os.path.join(opt, os.path.basename(path))
        if not os.path.exists(configured):
            print("chain-sim: no %s" % configured)
            return None
        with open(configured) as f:
            text = f.read()
    else:
        out = subprocess.run([opt, path, "--qgemm-configure=chip=" + chip],
                             capture_output=True, text=True, check=False)
        if out.returncode != 0:
            first = (out.stderr.splitlines() or ["(no message)"])[0]
            print("chain-sim: %s refused %s: %s" % (opt, path, first[:300]))
            return None
        text = out.stdout
    result = []
    for body in CONFIG.findall(text):
        bound = MAX_M.search(body)
        result.append((int(bound.group(1)) if bound else 1 << 62,
                       MAX_M.sub("", body)))
    return result


def variant_at(configs, m):
    for bound, body in configs:
        if bound >= m:
            return body
    return None


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def parse_run(text):
    parts = text.split(":")
    if len(parts) not in (4, 6):
        raise argparse.ArgumentTypeError(
            "RUN is BENCH_DIR:OLD_OPT:NEW_OPT:INPUT_DIR[:FROM_M:TO_M]: " + text)
    lo, hi = (int(parts[4]), int(parts[5])) if len(parts) == 6 else (0, 1 << 62)
    return parts[0], parts[1], parts[2], parts[3], lo, hi


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="+", type=parse_run, metavar="RUN")
    parser.add_argument("--candidate", required=True)
    parser.add_argument("--base", required=True)
    parser.add_argument("--chip", default="sm_90a")
    parser.add_argument("--report", type=float, default=0.03)
    args = parser.parse_args()

    cache = {}

    def configs(opt, path):
        if (opt, path) not in cache:
            cache[(opt, path)] = chain(opt, path, args.chip)
        return cache[(opt, path)]

    known, unknown, same, refused = [], 0, 0, 0
    for bench_dir, old_opt, new_opt, input_dir, lo, hi in args.runs:
        files = sorted(glob.glob(os.path.join(bench_dir, "*.json")))
        if not files:
            sys.exit("chain-sim: no *.json in " + bench_dir)
        times = collections.defaultdict(list)
        for path in files:
            with open(path) as f:
                for row in json.load(f)["results"]:
                    times[(row["kernel"], row["m"])].append(
                        row["ours"]["median_us"])
        kernels = sorted({k for k, _ in times if not k.endswith("_old")})
        for kernel in kernels:
            path = os.path.join(input_dir, kernel + ".mlir")
            if not os.path.exists(path):
                continue
            old, new = configs(old_opt, path), configs(new_opt, path)
            base, cand = configs(args.base, path), configs(args.candidate, path)
            if None in (old, new, base, cand):
                refused += sum(1 for k, _ in times if k == kernel)
                continue
            for m in sorted({m for k, m in times if k == kernel}):
                if not lo <= m <= hi or (kernel + "_old", m) not in times:
                    continue
                b, c = variant_at(base, m), variant_at(cand, m)
                if b == c:
                    same += 1
                    continue
                timed = {variant_at(old, m): geomean(times[(kernel + "_old", m)]),
                         variant_at(new, m): geomean(times[(kernel, m)])}
                if b in timed and c in timed:
                    known.append((kernel, m, timed[c] / timed[b]))
                else:
                    unknown += 1
    print("cells unchanged %d, changed and known %d, changed and unknown %d"
          % (same, len(known), unknown))
    if refused:
        print("cells of layers a qgemm-opt refused (a chain the verifier "
              "rejects: a bug of that build): %d" % refused)
    if known:
        ratios = [r for _, _, r in known]
        print("known: geometric mean %.3f, %d under 0.95, %d over 1.05, "
              "%.2f to %.2f" % (geomean(ratios), sum(r < 0.95 for r in ratios),
                                sum(r > 1.05 for r in ratios), min(ratios),
                                max(ratios)))
        for kernel, m, ratio in sorted(known, key=lambda cell: cell[2]):
            if abs(ratio - 1) > args.report:
                print("  %s M=%d %.2f" % (kernel, m, ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
