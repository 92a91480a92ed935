#!/usr/bin/env python3
"""Writes a hand-config experiment: a kernel family as qgemm-configure gives
it, with the variants up to some M replaced, for the A/B runs that
docs/perf-notes.md cites (test/gpu/experiments).

    scripts/hand-configs.py INPUT --tag TAG --head SPEC [--head SPEC ...]
        [--chip sm_90a] [--desc TEXT] [--opt PATH] [-o DIR]

INPUT holds one func with one qgemm.matmul and no configs. qgemm-opt
--qgemm-configure=chip=CHIP gives its chain of variants (ordered by max_m).
The new chain is the --head variants, in order, then every configured
variant whose max_m is past the last head's (or unbounded). A SPEC is
either a config body ("cta_tile = [64, 64, 64], warp_tile = [64, 64],
stages = 4, split_k = 4, max_m = 64, mma = wgmma, operands = register_a")
or "#N[@M]": the configured variant N (from 0), with max_m M when given.
The func is renamed <name>_<TAG> and written, configured IR with a header
line, to DIR/<name>_<TAG>.mlir (DIR defaults to test/gpu/experiments).
qgemm-opt parses the result before it is written: a chain the verifier
refuses is an error (exit 1), nothing written.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message):
    print("hand-configs: error: " + message, file=sys.stderr)
    sys.exit(1)


def configured(opt, path, chip):
    run = subprocess.run([opt, path, "--qgemm-configure=chip=" + chip],
                         capture_output=True, text=True)
    if run.returncode != 0:
        fail("qgemm-opt could not configure '%s':\n%s" % (path, run.stderr))
    out = run.stdout
    found = list(re.finditer(r"configs = \[(.*?)\], lhs_encoding", out))
    if len(found) != 1:
        fail("expected one configured qgemm.matmul in '%s', found %d" %
             (path, len(found)))
    match = found[0]
    configs = ["#qgemm.config<" + c.strip().rstrip(",").rstrip(">") + ">"
               for c in match.group(1).split("#qgemm.config<")[1:]]
    return out, match, configs


def max_m(config):
    found = re.search(r"max_m = (\d+)", config)
    return int(found.group(1)) if found else 0


def with_max_m(config, bound):
    if bound == 0:
        return re.sub(r", max_m = \d+", "", config)
    if max_m(config):
        return re.sub(r"max_m = \d+", "max_m = %d" % bound, config)
    # max_m follows split_k (or stages, warp_tile) in the printed form.
    for field in ("split_k", "stages", "warp_tile"):
        found = re.search(field + r" = (\[[^\]]*\]|\d+)", config)
        if found:
            return (config[:found.end()] + ", max_m = %d" % bound +
                    config[found.end():])
    fail("cannot place max_m in '%s'" % config)


def resolve(spec, configs):
    found = re.fullmatch(r"#(\d+)(?:@(\d+))?", spec.strip())
    if not found:
        return "#qgemm.config<" + spec.strip() + ">"
    index = int(found.group(1))
    if index >= len(configs):
        fail("'%s': the configured chain has %d variants" %
             (spec, len(configs)))
    config = configs[index]
    return with_max_m(config, int(found.group(2))) if found.group(2) else config


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("--tag", required=True)
    parser.add_argument("--head", action="append", required=True,
                        metavar="SPEC")
    parser.add_argument("--chip", default="sm_90a")
    parser.add_argument("--desc", default="")
    parser.add_argument("--opt",
                        default=os.path.join(ROOT, "build", "bin", "qgemm-opt"))
    parser.add_argument("-o", dest="out_dir",
                        default=os.path.join(ROOT, "test", "gpu", "experiments"))
    args = parser.parse_args()
    if not re.fullmatch(r"[A-Za-z0-9]+", args.tag):
        fail("expected a tag of letters and digits, got '%s'" % args.tag)

    out, match, configs = configured(args.opt, args.input, args.chip)
    head = [resolve(spec, configs) for spec in args.head]
    last = max_m(head[-1])
    if last == 0:
        tail = []
    else:
        tail = [c for c in configs if max_m(c) == 0 or max_m(c) > last]
    text = out[:match.start(1)] + ", ".join(head + tail) + out[match.end(1):]
    names = re.findall(r"func\.func @(\w+)\(", out)
    if len(names) != 1:
        fail("expected one func in '%s', found %d" % (args.input, len(names)))
    old = names[0]
    new = old + "_" + args.tag
    text = text.replace("@" + old + "(", "@" + new + "(", 1)
    desc = (", " + args.desc) if args.desc else ""
    text = ("// %s: %s as qgemm-configure gave it (chip=%s)%s (hand configs).\n"
            % (new, old, args.chip, desc)) + text

    check = subprocess.run([args.opt, "-"], input=text, capture_output=True,
                           text=True)
    if check.returncode != 0:
        fail("qgemm-opt refuses the new chain:\n" + check.stderr)
    os.makedirs(args.out_dir, exist_ok=True)
    path = os.path.join(args.out_dir, new + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    print(path)


if __name__ == "__main__":
    main()
