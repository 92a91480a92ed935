#!/usr/bin/env python3
"""Writes an A/B run of qgemm-configure's chains for the GPU: each layer as
the current qgemm-opt configures it against the chain an older build gave
(`<name>_old`), as stubs, with the device script that checks the new
chains and benches both in both orders (docs/perf-notes.md: how a rule is
measured on layers not used to choose it).

    scripts/ab-chains.py OUT_DIR --old-opt PATH --layer SPEC [--layer ...]
        [--check-ms 1,16,...] [--bench-ms 1,16,...] [--desc TEXT]
        [--chip sm_90a] [--opt PATH] [--compile PATH] [--no-cubin]
        [--keep-unchanged] [--root DIR]

SPEC: "w8a8 N K", "w8a8q N K" (an activation already quantized), "w4a16 N K
G" with G one of pc, g32, g64, g128, each with a `z` for zero points
(g128z), or "bsr N K"; M is dynamic. A layer whose two chains are the same
text is left out (said on stderr) unless --keep-unchanged. OUT_DIR (a
folder two levels under --root, the repository root by default:
`.gpu-out/e431`) gets in/
(the input `<name>`, which qgemm-compile configures, and `<name>_old` with
the old build's chain) and the stubs; OUT_DIR.sh the device script (run it from a copy of the
repository with OUT_DIR.tar.xz beside it: it builds the harness with
test/gpu/run.sh, checks the new kernels at --check-ms, benches every kernel
at --bench-ms in both orders into $OUT/bench1.json and bench2.json);
OUT_DIR.tar.xz the stubs. Read the bench with `scripts/ab-ratios.py
bench1.json bench2.json --suffix old --base-suffix`. Exit status 0; 1 when
a configure or compile fails or no layer changed; 2 on bad arguments.
"""
import argparse
import os
import re
import subprocess
import sys
import tarfile

from qgemm_fuzz import matmul_text, run_compile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message):
    print("ab-chains: error: " + message, file=sys.stderr)
    sys.exit(1)


def parse_layer(spec):
    """(name, scheme, n, k, group, zeros) of a --layer SPEC."""
    parts = spec.split()
    if (len(parts) not in (3, 4) or
            parts[0] not in ("w8a8", "w8a8q", "w4a16", "bsr") or
            not parts[1].isdigit() or not parts[2].isdigit() or
            (len(parts) == 4) != (parts[0] == "w4a16")):
        print(f"ab-chains: error: bad layer '{spec}' (expected 'w8a8 N K', "
              "'w8a8q N K', 'w4a16 N K G' or 'bsr N K')", file=sys.stderr)
        sys.exit(2)
    scheme, n, k = parts[0], int(parts[1]), int(parts[2])
    group, zeros, tag = 0, False, ""
    if scheme == "w4a16":
        found = re.fullmatch(r"(pc|g(32|64|128))(z?)", parts[3])
        if not found:
            print(f"ab-chains: error: bad W4A16 scales '{parts[3]}' "
                  "(expected pc, g32, g64 or g128, z for zero points)",
                  file=sys.stderr)
            sys.exit(2)
        group = int(found.group(2) or 0)
        zeros = bool(found.group(3))
        tag = "_" + parts[3]
    return f"{scheme}_n{n}_k{k}{tag}", scheme, n, k, group, zeros


def configure(opt, path, chip):
    run = subprocess.run([opt, path, f"--qgemm-configure=chip={chip}"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"'{opt}' could not configure '{path}':\n{run.stderr}")
    found = re.findall(r"configs = \[.*?\], lhs_encoding", run.stdout)
    if len(found) != 1:
        fail(f"expected one configured qgemm.matmul from '{opt}' on '{path}'")
    return run.stdout, found[0]


DEVICE_SCRIPT = """#!/bin/bash
# {name} (prepared): {desc}; the configured chain against the one before
# (_old); check, bench both orders
cd "$(dirname "$0")/{up}" || exit 2
tar xJf {rel}.tar.xz -C {parent}
test/gpu/run.sh {rel} build > /tmp/build.log 2>&1 || {{ tail -30 /tmp/build.log; exit 1; }}
H={parent}/build/harness
ALL=$(cd {rel} && ls *.h | sed "s/\\.h$//" | paste -sd,)
NEW=$(cd {rel} && ls *.h | grep -v _old | sed "s/\\.h$//" | paste -sd,)
timeout 200 $H --check --kernels $NEW --ms {check_ms} > /tmp/check.log 2>&1; echo "check rc=$? pass=$(grep -c 'PASS$' /tmp/check.log) fail=$(grep -c FAIL /tmp/check.log) $SECONDS s"
grep -B2 FAIL /tmp/check.log | head
REV=$(echo $ALL | tr , '\\n' | tac | paste -sd,)
timeout 250 $H --bench --kernels $ALL --ms {bench_ms} --json $OUT/bench1.json > /tmp/bench1.log 2>&1; echo "bench1 rc=$? $SECONDS s"
timeout 250 $H --bench --kernels $REV --ms {bench_ms} --json $OUT/bench2.json > /tmp/bench2.log 2>&1; echo "bench2 rc=$? $SECONDS s"
python3 scripts/ab-ratios.py $OUT/bench1.json $OUT/bench2.json --suffix old --base-suffix | tail -40
"""


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir")
    parser.add_argument("--old-opt", required=True)
    parser.add_argument("--layer", action="append", required=True)
    parser.add_argument("--check-ms", default="1,3,16,17,33,65,100,129,300")
    parser.add_argument("--bench-ms", default="1,16,32,64,128,256,512,1024")
    parser.add_argument("--desc", default="layers not used to choose a rule")
    parser.add_argument("--chip", default="sm_90a")
    parser.add_argument("--opt",
                        default=os.path.join(ROOT, "build", "bin", "qgemm-opt"))
    parser.add_argument("--compile", default=os.path.join(
        ROOT, "build", "bin", "qgemm-compile"))
    parser.add_argument("--no-cubin", action="store_true")
    parser.add_argument("--keep-unchanged", action="store_true")
    parser.add_argument("--root", default=ROOT)
    args = parser.parse_args()
    for ms in (args.check_ms, args.bench_ms):
        if not re.fullmatch(r"\d+(,\d+)*", ms):
            print(f"ab-chains: error: bad M list '{ms}'", file=sys.stderr)
            return 2
    layers = [parse_layer(spec) for spec in args.layer]

    out_dir = os.path.abspath(args.out_dir)
    root = os.path.abspath(args.root)
    rel = os.path.relpath(out_dir, root)
    if rel.startswith("..") or len(rel.split(os.sep)) != 2:
        print(f"ab-chains: error: expected OUT_DIR two levels under "
              f"'{root}' (.gpu-out/eNNN), got '{args.out_dir}'",
              file=sys.stderr)
        return 2
    inputs = os.path.join(out_dir, "in")
    os.makedirs(inputs, exist_ok=True)

    changed = []
    for name, scheme, n, k, group, zeros in layers:
        path = os.path.join(inputs, name + ".mlir")
        with open(path, "w") as f:
            f.write(matmul_text(name, "?", n, k, scheme, group, zeros))
        _, new = configure(args.opt, path, args.chip)
        old_text, old = configure(args.old_opt, path, args.chip)
        if new == old and not args.keep_unchanged:
            print(f"ab-chains: {name}: the same chain, left out",
                  file=sys.stderr)
            os.remove(path)
            continue
        old_path = os.path.join(inputs, name + "_old.mlir")
        with open(old_path, "w") as f:
            f.write(old_text.replace(f"@{name}(", f"@{name}_old(", 1))
        changed.append(name)
    if not changed:
        fail("no layer's chain changed")

    for name in changed:
        for func in (name, name + "_old"):
            command = [args.compile, os.path.join(inputs, func + ".mlir"),
                       f"--chip={args.chip}", "--emit=stub", "-o", out_dir]
            if args.no_cubin:
                command.append("--no-cubin")
            kind, err = run_compile(command)
            if kind != "ok":
                fail(f"qgemm-compile on '{func}': {kind}\n{err}")
        print(f"{name}: new and _old")

    parent, base = os.path.split(rel)
    with tarfile.open(out_dir + ".tar.xz", "w:xz") as tar:
        tar.add(out_dir, arcname=base)
    with open(out_dir + ".sh", "w") as f:
        f.write(DEVICE_SCRIPT.format(
            name=base, desc=args.desc, up="..", rel=rel, parent=parent,
            check_ms=args.check_ms, bench_ms=args.bench_ms))
    os.chmod(out_dir + ".sh", 0o755)
    print(f"{out_dir}.sh, {out_dir}.tar.xz: {len(changed)} layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
