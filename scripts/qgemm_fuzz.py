"""What the fuzz scripts (fuzz-compile.py, fuzz-gpu.py) and the bench
readers (neighbour-ratios.py, m-cliffs.py) share: the text of a func
holding one qgemm.matmul of a scheme and shape, how a qgemm-compile run is
classified, a size's multiple-of-128 neighbour, and the rows of a harness
bench with their ratios against cuBLAS fp16."""
import json
import subprocess

def neighbour_dim(v):
    """The multiple of 128 nearest to `v` (ties up), at least 128: the N or
    K of a shape's neighbour (fuzz-gpu.py --neighbours)."""
    return max(128, (v + 64) // 128 * 128)


def bench_rows(paths):
    """The "results" rows of the harness's `--bench --json` files, in
    order."""
    rows = []
    for path in paths:
        with open(path) as f:
            rows.extend(json.load(f).get("results", []))
    return rows


def bench_ratio(row):
    """A bench row's ratio against cuBLAS fp16 (its time over ours; for BSR
    cuBLAS on the densified weight), None where that peer did not run."""
    for key in ("speedup_vs_fp16", "speedup_vs_cublas"):
        if row.get(key) is not None:
            return row[key]
    return None


# The kinds of run that are bugs: the others are "ok" and "diagnostic".
FAILURES = ("crash", "ptxas", "configure", "timeout")


def run_compile(command):
    """Runs qgemm-compile `command`; returns (kind, stderr). Kinds: "ok";
    "diagnostic" (exit 1 with a message); "crash" (a signal, an assertion,
    an LLVM fatal error, another exit status or a silent failure); "ptxas"
    (ptxas refused what the verifier accepted); "configure" (qgemm-configure
    chose configs its own verifier refused); "timeout"."""
    try:
        r = subprocess.run(command, capture_output=True, text=True,
                           timeout=600)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    err = r.stderr
    if (r.returncode not in (0, 1) or "LLVM ERROR" in err or
            "Assertion" in err or "Stack dump" in err or
            (r.returncode == 1 and not err.strip())):
        return "crash", err
    if "ptxas failed" in err:
        return "ptxas", err
    if "a bug of qgemm-configure" in err:
        return "configure", err
    return ("ok" if r.returncode == 0 else "diagnostic"), err


def matmul_text(name, m, n, k, scheme, group=0, zeros=False, pitch=0):
    """func @`name` with one `scheme` matmul ("w8a8", "w8a8q": W8A8 on an
    already quantized activation, "w4a16" or "bsr") of M = `m` ("?" for a
    dynamic M), N = `n`, K = `k`; W4A16 per channel (`group` 0) or per
    group of `group` along K, with zero points when `zeros`; W8A8 weight
    rows `pitch` bytes apart when it is not 0 (strided<[pitch, 1]>).
    Degenerate sizes (0, or K or N under one word) still give well-formed
    types, for the verifier to refuse."""
    x, y = f"memref<{m}x{k}xf16>", f"memref<{m}x{n}xf16>"
    lhs = [("%x", x)]
    if scheme == "w8a8q":
        lhs = [("%xq", f"memref<{m}x{k}xi8>"), ("%sx", f"memref<{m}xf32>")]
        scheme = "w8a8"
    if scheme == "w8a8":
        layout = f", strided<[{pitch}, 1]>" if pitch else ""
        weights = [f"memref<{n}x{k}xi8{layout}>", f"memref<{n}xf32>"]
        encodings = ("#qgemm.act<i8, per_token>",
                     "#qgemm.weight<format = int8, scales = per_channel>")
    elif scheme == "bsr":
        weights = [f"memref<{max(n // 32, 0) + 1}xi32>", "memref<?xi32>",
                   "memref<?x32x32xf16>"]
        encodings = ("#qgemm.act<f16>",
                     "#qgemm.weight<format = bsr, block = [32, 32]>")
    elif scheme == "w4a16":
        rows = max(k // group, 1) if group else 0
        weights = [f"memref<{max(k // 8, 1)}x{n}xi32>",
                   f"memref<{rows}x{n}xf16>" if group else f"memref<{n}xf16>"]
        scales = (f"scales = per_group, group_size = {group}"
                  if group else "scales = per_channel")
        if zeros:
            weights.append(f"memref<{rows}x{max(n // 8, 1)}xi32>")
            scales += ", zero_points = true"
        encodings = ("#qgemm.act<f16>",
                     f"#qgemm.weight<format = int4, {scales}>")
    else:
        raise ValueError(f"unknown scheme {scheme}")
    names = [f"%w{i}" for i in range(len(weights))]
    params = ", ".join(f"{a}: {t}" for a, t in lhs + list(zip(names, weights)))
    operands = f"lhs({lhs[0][0]} : {lhs[0][1]})"
    if len(lhs) > 1:
        operands += f" lhs_scales({lhs[1][0]} : {lhs[1][1]})"
    return (f"func.func @{name}({params}, %y: {y}) {{\n"
            f"  qgemm.matmul {operands} weights({', '.join(names)} : "
            f"{', '.join(weights)}) outs(%y : {y})\n"
            f"      {{lhs_encoding = {encodings[0]}, "
            f"weight_encoding = {encodings[1]}}}\n"
            f"  return\n}}\n")
