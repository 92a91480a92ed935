#!/usr/bin/env python3
"""Runs qgemm-compile on random inputs and reports any run that crashes
instead of answering with a diagnostic: every input either compiles or is
refused with an error and exit status 1; a signal, an assertion, an LLVM
fatal error, an exit status other than 0 or 1, a silent failure or a ptxas
failure after the verifier accepted the input is a bug.

    scripts/fuzz-compile.py [--mode configs|shapes] [--runs N] [--seed S]
        [--compile PATH] [--opt PATH] [--keep DIR] [--no-cubin]

configs: a harness kernel or example, configured by qgemm-opt for a random
chip, with one to three numbers of its configs replaced (tile sizes,
stages, split_k, max_m: 0, 1, odd sizes, powers of two, 2^31, 2^40) and
sometimes a flag flipped (cluster_split, copy = tma).
shapes: a W8A8 (fp16 or already quantized activations), W4A16 (per
channel, groups of 32 / 64 / 128, zero points) or BSR matmul of random N and K (0, 3, 8 ... 131072) and static or
dynamic M, left to qgemm-configure.

Each failing input is written to --keep (default /tmp/qgemm-fuzz) with
the command; the exit status is the number of failures (at most 100).
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys

from qgemm_fuzz import FAILURES, matmul_text, run_compile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHIPS = ["sm_80", "sm_90", "sm_90a"]
VALUES = [0, 1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 48, 64, 80, 96, 100, 128,
          192, 256, 384, 512, 1024, 2048, 4096, -1, 1 << 31, 1 << 40]
DIMS = [0, 3, 8, 16, 24, 32, 40, 64, 96, 128, 192, 200, 256, 320, 384, 1000,
        1024, 1056, 2048, 2056, 4096, 4160, 8192, 11008, 14336, 28672,
        65536, 131072]
CONFIG_NUMBER = re.compile(r"(?<=[\[ =,])(\d+)(?=[\],>])")


def config_numbers(text):
    return [m for m in CONFIG_NUMBER.finditer(text)
            if "config<" in text[max(0, m.start() - 300):m.start()]]


def mutate_configs(rng, args, cache):
    sources = sorted(glob.glob(os.path.join(ROOT, "test/gpu/kernels/*.mlir")) +
                     glob.glob(os.path.join(ROOT, "examples/*.mlir")))
    source, chip = rng.choice(sources), rng.choice(CHIPS)
    if (source, chip) not in cache:
        cache[(source, chip)] = subprocess.run(
            [args.opt, f"--qgemm-configure=chip={chip}", source],
            capture_output=True, text=True).stdout
    text = cache[(source, chip)]
    for _ in range(rng.randint(1, 3)):
        numbers = config_numbers(text)
        if not numbers:
            return None
        m = rng.choice(numbers)
        text = text[:m.start()] + str(rng.choice(VALUES)) + text[m.end():]
    if rng.random() < 0.3:
        text = text.replace("cluster_split = true",
                            rng.choice(["cluster_split = false",
                                        "cluster_split = true, stream_k = true"]),
                            1)
    if rng.random() < 0.2:
        text = text.replace("copy = tma_producer", "copy = tma", 1)
    return text, chip


def random_shape(rng):
    n, k = rng.choice(DIMS), rng.choice(DIMS)
    m = rng.choice(["?", "?", "?", 1, 7, 16, 100, 4096])
    scheme = rng.choice(["w8a8", "w8a8q", "w4a16", "bsr"])
    group, zeros = 0, False
    if scheme == "w4a16":
        group, zeros = rng.choice([(0, False), (32, False), (64, False),
                                   (128, False), (32, True), (128, True)])
    return matmul_text("f", m, n, k, scheme, group, zeros), rng.choice(CHIPS)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["configs", "shapes"],
                        default="configs")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compile",
                        default=os.path.join(ROOT, "build/bin/qgemm-compile"))
    parser.add_argument("--opt", default=os.path.join(ROOT, "build/bin/qgemm-opt"))
    parser.add_argument("--keep", default="/tmp/qgemm-fuzz")
    parser.add_argument("--no-cubin", action="store_true",
                        help="do not run ptxas (faster; finds no ptxas failure)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.keep, exist_ok=True)
    cache, counts, failures = {}, {}, 0
    for run in range(args.runs):
        case = (mutate_configs(rng, args, cache) if args.mode == "configs"
                else random_shape(rng))
        if case is None:
            continue
        text, chip = case
        path = os.path.join(args.keep, f"input-{args.seed}.mlir")
        with open(path, "w") as f:
            f.write(text)
        command = [args.compile, path, f"--chip={chip}", "--emit=all",
                   "-o", os.path.join(args.keep, f"out-{args.seed}")]
        if args.no_cubin:
            command.append("--no-cubin")
        kind, err = run_compile(command)
        counts[kind] = counts.get(kind, 0) + 1
        if kind in FAILURES:
            failures += 1
            keep = os.path.join(args.keep, f"{kind}-{args.seed}-{run}.mlir")
            with open(keep, "w") as f:
                f.write(f"// {' '.join(command[:1] + ['%s'] + command[2:])}\n")
                f.write(text)
            tail = err[-400:].replace("\n", " | ")
            print(f"{kind}: {keep} ({chip}): {tail}")
    print(f"{args.runs} runs ({args.mode}, seed {args.seed}): " +
          ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return min(failures, 100)


if __name__ == "__main__":
    sys.exit(main())
