#!/usr/bin/env python3
"""Generates random valid kernels for the GPU harness: whatever
qgemm-compile accepts must also be correct on the GPU, so every input that
compiles here becomes a stub that test/gpu/run.sh checks there.

    scripts/fuzz-gpu.py OUT_DIR [--shapes N] [--configs N] [--seed S]
        [--chips sm_80,sm_90,sm_90a] [--compile PATH] [--opt PATH]
        [--jobs J] [--odd-configs] [--schemes w8a8,w8a8q,w4a16,bsr]
        [--no-cubin] [--neighbours] [--parity] [--min-dim D] [--pitched]

shapes: a W8A8 (fp16 activations, or already quantized ones with their
scales), W4A16 (per channel, groups of 32 / 64 / 128, with or without
zero points) or BSR matmul of random N and K, M dynamic, left to
qgemm-configure. N and K are drawn mostly from sizes that are not
multiples of 128 (multiples of 8, 32 or 64 as the scheme needs), so the
kernels' edge tiles are what is tested. With --neighbours each shape
comes with its nearest neighbour of N and K multiples of 128 (the same
name with those sizes and `_nb` last), so a bench of both shows what the
edge tiles cost (scripts/neighbour-ratios.py pairs them); with --parity
each W4A16 shape has N a multiple of 128 and K an odd one and comes with
the same shape of K + 128 (`_kp` last), the pairs the neighbours cannot
make (K tiles of 64 that four slices do not divide); --min-dim keeps
the random N and K at least that large (layer-sized shapes for a bench);
with --pitched half the W8A8 shapes have padded weight rows (a pitch P,
`_p<P>` in the name; the harness lays the weights out at the stub's
pitch).
configs: a harness kernel (test/gpu/kernels; with --odd-configs, half the
time a random shape instead) configured by qgemm-opt for a chip of
--chips, with one or two numbers of one config replaced by plausible ones
(tile sizes, stages, split_k, max_m) and sometimes a flag flipped
(cluster_split, copy: TMA with or without a producer, or cp.async) or a
scheduler of the last wave changed or added
(tail_split, stream_k): hand configs a user could write.

Each input is compiled with --emit=stub for a chip drawn from --chips (an
H200 runs the PTX of all three; past sm_90a the chip is part of the name,
`_s80` or `_s90`). Configs refused with a diagnostic are counted and
dropped; a crash, a timeout, a ptxas failure or a refused shape (the
generator draws only valid ones) is reported and makes the exit status 1. The stubs land in
OUT_DIR under the harness's names
(<scheme>_n<N>_k<K>[_<scales>|_p<P>][_s80|_s90][_fz<seed>x<i>]), the inputs in
OUT_DIR/inputs. Then, on the GPU machine: `test/gpu/fuzz-check.sh OUT_DIR`
(each family checked in a process of its own, then memcheck on a sample).
"""
import argparse
import concurrent.futures
import glob
import os
import random
import re
import subprocess
import sys

from qgemm_fuzz import FAILURES, matmul_text, neighbour_dim, run_compile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG = re.compile(r"#qgemm\.config<[^>]*>")
NUMBER = re.compile(r"(?<=[\[ =,])(\d+)(?=[\],>])")
# Per field, values a user might write.
PLAUSIBLE = {
    "cta_tile": [16, 32, 48, 64, 80, 96, 128, 144, 160, 192, 208, 224, 256],
    "warp_tile": [16, 32, 48, 64, 96, 128, 160, 192, 256],
    "stages": [1, 2, 3, 4, 5, 6, 8],
    "split_k": [1, 2, 3, 4, 6, 8],
    "max_m": [1, 8, 16, 17, 32, 48, 64, 96, 100, 128, 200, 256, 512, 1024],
}


def dim(rng, unit, lo, hi):
    """A multiple of `unit` in [lo, hi], most often not one of 128."""
    while True:
        v = rng.randrange(lo // unit, hi // unit + 1) * unit
        if v >= lo and (v % 128 or rng.random() < 0.2):
            return v


SCHEMES = ["w8a8", "w8a8q", "w4a16", "bsr"]


def random_shape(rng, chips=None, schemes=SCHEMES, low=0, pitched=False,
                 parity=False):
    """A valid shape of a scheme drawn from `schemes`: (name, text, chip,
    neighbour). With `chips`, a chip drawn from them after the shape, its
    tag in the name (else None). N and K are at least `low` (else the
    scheme's unit). With `pitched`, half the W8A8 shapes have padded weight
    rows, a pitch P of K rounded up to 16 bytes plus 0 to 128 more (`_p<P>`
    in the name). `neighbour` is (name, text) of the same matmul with N and
    K rounded to the nearest multiple of 128 (`_nb` in the name, rows not
    padded), or None where that is the shape itself. With `parity` a W4A16
    shape has N a multiple of 128 and K an odd one (K tiles of 64 that four
    slices do not divide), and `neighbour` is the same with K + 128 (`_kp`
    in the name)."""
    scheme = rng.choice(schemes)
    group, zeros, tag, pitch = 0, False, "", 0
    if scheme in ("w8a8", "w8a8q"):
        n, k = dim(rng, 8, max(8, low), 12288), dim(rng, 32, max(32, low), 8192)
        if pitched and rng.random() < 0.5:
            pitch = (k + 15) // 16 * 16 + 16 * rng.randint(0, 8)
            tag = f"_p{pitch}"
    elif scheme == "bsr":
        n, k = dim(rng, 32, max(32, low), 8192), dim(rng, 32, max(32, low), 8192)
    else:
        group, zeros = rng.choice([(0, False), (32, False), (64, False),
                                   (128, False), (32, True), (64, True),
                                   (128, True)])
        n = dim(rng, 64, max(64, low), 12288)
        k = dim(rng, max(group, 64), max(group, 64, low), 8192)
        tag = "_" + ((f"g{group}" + ("z" if zeros else "")) if group else "pc")
        if parity:
            n, k = neighbour_dim(n), k // 256 * 256 + 128
    chip = rng.choice(chips) if chips else None
    suffix = tag + (chip_tag(chip) if chip else "")
    name = f"{scheme}_n{n}_k{k}{suffix}"
    n2, k2, mark = neighbour_dim(n), neighbour_dim(k), "_nb"
    if parity and scheme == "w4a16":
        n2, k2, mark = n, k + 128, "_kp"
    suffix2 = suffix.replace(tag, "") if pitch else suffix
    name2 = f"{scheme}_n{n2}_k{k2}{suffix2}{mark}"
    neighbour = None
    if (n2, k2) != (n, k):
        neighbour = (name2,
                     matmul_text(name2, "?", n2, k2, scheme, group, zeros))
    return (name, matmul_text(name, "?", n, k, scheme, group, zeros, pitch),
            chip, neighbour)


def mutate_config(rng, text):
    """Replaces one or two numbers of one config of `text` by plausible
    values of their field; sometimes flips a flag. None when `text` has no
    config."""
    configs = list(CONFIG.finditer(text))
    if not configs:
        return None
    c = rng.choice(configs)
    body = c.group(0)
    for _ in range(rng.randint(1, 2)):
        numbers = list(NUMBER.finditer(body))
        m = rng.choice(numbers)
        field = re.findall(r"(\w+) = [^=]*$", body[:m.start()])
        values = PLAUSIBLE.get(field[-1] if field else "", PLAUSIBLE["stages"])
        body = body[:m.start()] + str(rng.choice(values)) + body[m.end():]
    if rng.random() < 0.25:
        if "cluster_split = true" in body:
            body = body.replace("cluster_split = true", "cluster_split = false")
        elif "split_k" in body:
            body = body.replace(", max_m", ", cluster_split = true, max_m", 1)
        else:  # a split to cluster
            body = body.replace(", max_m",
                                ", split_k = 2, cluster_split = true, max_m", 1)
    if rng.random() < 0.2:
        if rng.random() < 0.3:
            body = re.sub(r", copy = \w+", "", body)  # back to cp.async
        else:
            body = (body.replace("copy = tma_producer", "copy = tma")
                    if "copy = tma_producer" in body
                    else body.replace("copy = tma>", "copy = tma_producer>"))
    if rng.random() < 0.2:
        # The schedulers of a partial last wave: a tail split of another
        # width, stream-K instead, or either added to an unsplit config.
        tail = f"tail_split = {rng.choice([2, 3, 4, 8])}"
        if "tail_split" in body:
            body = re.sub(r"tail_split = \d+",
                          rng.choice(["stream_k = true", tail]), body)
        elif "stream_k = true" in body:
            body = body.replace("stream_k = true", tail)
        elif "split_k" not in body:
            body = body[:-1] + ", " + rng.choice(["stream_k = true", tail]) + ">"
    return text[:c.start()] + body + text[c.end():]


def chip_tag(chip):
    return "" if chip == "sm_90a" else "_s" + chip[3:]


def compile_one(args, name, text, chip):
    path = os.path.join(args.out, "inputs", name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    command = [args.compile, path, f"--chip={chip}", "--emit=stub",
               "-o", args.out] + (["--no-cubin"] if args.no_cubin else [])
    kind, err = run_compile(command)
    if kind == "diagnostic":
        os.remove(path)
        return name, kind, err.strip().splitlines()[0][:200]
    return name, kind, "" if kind == "ok" else err[-400:]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--shapes", type=int, default=20)
    parser.add_argument("--configs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chips", default="sm_90a",
                        help="comma-separated chips to draw from (sm_80, "
                        "sm_90, sm_90a; default sm_90a)")
    parser.add_argument("--compile",
                        default=os.path.join(ROOT, "build/bin/qgemm-compile"))
    parser.add_argument("--opt", default=os.path.join(ROOT, "build/bin/qgemm-opt"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--odd-configs", action="store_true",
                        help="mutate the configured chains of random shapes "
                        "too (half the configs), not only the harness "
                        "families'")
    parser.add_argument("--schemes", default=",".join(SCHEMES),
                        help="comma-separated schemes to draw shapes and "
                        "harness families from (default: all of "
                        + ", ".join(SCHEMES) + ")")
    parser.add_argument("--no-cubin", action="store_true",
                        help="stubs that embed the PTX only (no ptxas run)")
    parser.add_argument("--neighbours", action="store_true",
                        help="for each random shape also its nearest "
                        "neighbour whose N and K are multiples of 128 "
                        "(`_nb` in the name, skipped when it is the shape "
                        "itself), to time edge tiles against it "
                        "(scripts/neighbour-ratios.py)")
    parser.add_argument("--parity", action="store_true",
                        help="W4A16 shapes of N a multiple of 128 and K an "
                        "odd one, each beside the same with K + 128 (`_kp` "
                        "in the name; scripts/neighbour-ratios.py pairs "
                        "them): K tiles that four slices do not divide "
                        "against ones they do")
    parser.add_argument("--min-dim", type=int, default=0,
                        help="draw random shapes with N and K at least this")
    parser.add_argument("--pitched", action="store_true",
                        help="half the random W8A8 shapes with padded "
                        "weight rows (`_p<pitch>` in the name)")
    args = parser.parse_args()
    chips = args.chips.split(",")
    for chip in chips:
        if chip not in ("sm_80", "sm_90", "sm_90a"):
            parser.error(f"unknown chip '{chip}' in --chips")
    schemes = args.schemes.split(",")
    for scheme in schemes:
        if scheme not in SCHEMES:
            parser.error(f"unknown scheme '{scheme}' in --schemes")
    rng = random.Random(args.seed)
    os.makedirs(os.path.join(args.out, "inputs"), exist_ok=True)

    cases, seen, drawn = [], set(), 0
    while drawn < args.shapes:
        name, text, chip, neighbour = random_shape(
            rng, chips, schemes, args.min_dim, args.pitched, args.parity)
        if name in seen:
            continue
        drawn += 1
        seen.add(name)
        cases.append((name, text, chip))
        if neighbour and neighbour[0] not in seen and \
                (args.neighbours or neighbour[0].endswith("_kp")):
            seen.add(neighbour[0])
            cases.append((neighbour[0], neighbour[1], chip))
    num_shapes = len(cases)
    sources = sorted(
        f for f in glob.glob(os.path.join(ROOT, "test/gpu/kernels/*.mlir"))
        if os.path.basename(f).split("_n")[0] in schemes)
    configured = {}
    for i in range(args.configs):
        if args.odd_configs and rng.random() < 0.5:
            # A random shape's configured chain, mutated: hand configs on
            # edge tiles.
            old, text, _, _ = random_shape(rng, schemes=schemes)
            chip = rng.choice(chips)
            key = (old, chip)
            configured[key] = subprocess.run(
                [args.opt, f"--qgemm-configure=chip={chip}"], input=text,
                capture_output=True, text=True, check=True).stdout
        else:
            source, chip = rng.choice(sources), rng.choice(chips)
            old = os.path.basename(source)[:-len(".mlir")]
            key = (old, chip)
            if key not in configured:
                configured[key] = subprocess.run(
                    [args.opt, f"--qgemm-configure=chip={chip}", source],
                    capture_output=True, text=True, check=True).stdout
        text = mutate_config(rng, configured[key])
        if text is None:
            continue
        name = f"{old}{chip_tag(chip)}_fz{args.seed}x{i}"
        cases.append((name, text.replace(f"@{old}(", f"@{name}("), chip))

    shapes = {c[0] for c in cases[:num_shapes]}
    counts, failures = {"shapes": {}, "configs": {}}, 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, kind, detail in pool.map(lambda c: compile_one(args, *c),
                                           cases):
            group = "shapes" if name in shapes else "configs"
            counts[group][kind] = counts[group].get(kind, 0) + 1
            # A generated shape is valid by construction: a diagnostic for
            # one is a failure too.
            bad = kind in FAILURES or (group == "shapes" and kind != "ok")
            failures += bad
            print(f"{'FAIL ' if bad else ''}{kind:10} {name} {detail}".rstrip())
    print(f"seed {args.seed}, {args.chips}: " + "; ".join(
        f"{group} " + (", ".join(f"{k} {v}" for k, v in sorted(c.items()))
                       or "none") for group, c in counts.items()))
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
