#!/usr/bin/env python3
"""The MDH-MLIR host benchmark: every example kernel against its peers.

For each kernel of examples/*.mlir (one process per measurement):

  * MDH:      build/bin/mdh-run FILE --target=openmp:host --func=KERNEL (default
              heuristic configuration), its printed median, GFLOP/s, GB/s
              and self-check;
  * OpenBLAS: bench/peers/blas.c (cblas_sdot / sgemv / sgemm) where BLAS has
              the kernel, against Debian's OpenMP build of OpenBLAS;
  * plain C:  bench/peers/loops.c, the same computation as plain loops with
              `omp parallel for` and `simd` reductions;
  * compile:  HL-IR -> object file, one process per stage (mdh-opt, then
              mlir-translate, opt -O3, llc -O3), wall time summed over the
              stages and the largest peak resident set size of a stage.

Ratios are MDH speed / peer speed = peer median time / MDH median time:
above 1 means MDH is faster. Every number printed is measured in this run.
bench/run.sh is the command; `bench.py --help` lists the options.
"""

import argparse
import csv
import datetime
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
LLVM_BIN = "/usr/lib/llvm-22/bin"
CLANG = "clang-22"
CFLAGS = ["-O3", "-march=native"]
OPENBLAS_INC = "/usr/include/x86_64-linux-gnu/openblas-openmp"
OPENBLAS_LIB = "/usr/lib/x86_64-linux-gnu/openblas-openmp"

# ---------------------------------------------------------------------------
# Reading the examples
# ---------------------------------------------------------------------------


class Kernel:
    """One func.func of an example file holding one mdh.compute."""

    def __init__(self, file, name):
        self.file = file
        self.name = name
        self.kind = None  # the mdh.compute name, e.g. "matmul"
        self.sizes = []
        self.combine = ""
        self.in_maps = []
        self.out_maps = []
        self.arg_types = []  # (shape list, element type) per argument
        self.body_ops = []
        self.text = []  # the func's lines in mdh-opt's printed form


def run_capture(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


def parse_memref(t):
    m = re.fullmatch(r"memref<(.*)>", t.strip())
    parts = m.group(1).split("x")
    return [int(p) for p in parts[:-1]], parts[-1]


def read_examples(mdh_opt, files):
    """Kernels and top-level combiners of each file, from mdh-opt's printed
    (normalized) form: index maps as (d0, ...) -> (...)."""
    kernels, combiners = [], {}
    for f in files:
        r = run_capture([mdh_opt, f])
        if r.returncode:
            sys.exit(f"bench: mdh-opt {f} failed:\n{r.stderr}")
        lines = r.stdout.splitlines()
        combiners[f] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            if re.match(r"  \S", line) and not line.startswith("  }"):
                j = i
                while not lines[j].startswith("  }"):
                    j += 1
                block = lines[i:j + 1]
                if line.startswith("  func.func @"):
                    kernels.append(parse_func(f, block))
                else:
                    combiners[f].append(block)
                i = j + 1
            else:
                i += 1
    return kernels, combiners


def parse_func(f, block):
    m = re.match(r"  func\.func @(\w+)\((.*)\) \{", block[0])
    k = Kernel(f, m.group(1))
    k.text = block
    k.arg_types = [parse_memref(t) for t in re.findall(r"memref<[^>]*>",
                                                        m.group(2))]
    in_body = False
    for line in block[1:]:
        s = line.strip()
        # precision(tf32) changes nothing on the CPU targets, which read
        # every input exactly: the peers compute the same.
        s = re.sub(r" precision\(\w+\)$", "", s)
        c = re.match(r'mdh\.compute "(\w+)" sizes\(([^)]*)\) combine\((.*)\)$',
                     s)
        if c:
            k.kind = c.group(1)
            k.sizes = [int(v) for v in c.group(2).split(",")]
            k.combine = c.group(3)
        elif s.startswith("ins("):
            k.in_maps = re.findall(r"\[([^\]]*)\]", s)
        elif s.startswith("outs("):
            k.out_maps = re.findall(r"\[([^\]]*)\]", s)
            in_body = True
        elif in_body and (s.startswith("%") or s.startswith("mdh.yield")):
            op = re.match(r"(?:%\S+ = )?([\w.]+)", s).group(1)
            k.body_ops.append(op)
    return k


# What the peers implement (bench/peers/kernels.h), as mdh-opt prints it.
def _dl(n):
    return "(" + ", ".join(f"d{i}" for i in range(n)) + ")"


def _m(n, res):
    return f"{_dl(n)} -> ({res})"


def peer_layout(k):
    """(expected in maps, out maps, combine, arg types, body ops, peer dims)
    for the kernel's kind and sizes, or None if no peer implements it."""
    s, f32, i32 = k.sizes, "f32", "i32"
    red1 = [_m(1, "")]
    if k.kind == "dot" and len(s) == 1:
        return ([_m(1, "d0")] * 2, red1, "pw(add)",
                [([s[0]], f32)] * 2 + [([], f32)], ["arith.mulf", "mdh.yield"],
                s)
    if k.kind == "int_dot" and len(s) == 1:
        return ([_m(1, "d0")] * 2, red1, "pw(add)",
                [([s[0]], i32)] * 2 + [([], i32)], ["arith.muli", "mdh.yield"],
                s)
    if k.kind == "max_reduction" and len(s) == 1:
        return ([_m(1, "d0")], red1, "pw(max)", [([s[0]], f32), ([], f32)],
                ["mdh.yield"], s)
    if k.kind == "argmax" and len(s) == 1:
        return ([_m(1, "d0")], red1 * 2, "pw(@argmax)",
                [([s[0]], f32), ([], f32), ([], i32)],
                ["mdh.index", "arith.index_cast", "mdh.yield"], s)
    if k.kind == "jacobi1d" and len(s) == 1:
        # One view with three maps: one [...] group.
        return ([", ".join((_m(1, "d0"), _m(1, "d0 + 1"), _m(1, "d0 + 2")))],
                [_m(1, "d0")], "cc", [([s[0] + 2], f32), ([s[0]], f32)],
                ["arith.constant", "arith.addf", "arith.addf", "arith.divf",
                 "mdh.yield"], s)
    if k.kind == "prefix_sum" and len(s) == 1:
        return ([_m(1, "d0")], [_m(1, "d0")], "ps(add)",
                [([s[0]], f32), ([s[0]], f32)], ["mdh.yield"], s)
    mul = ["arith.mulf", "mdh.yield"]
    if k.kind == "matvec" and len(s) == 2:
        M, K = s
        return ([_m(2, "d0, d1"), _m(2, "d1")], [_m(2, "d0")], "cc, pw(add)",
                [([M, K], f32), ([K], f32), ([M], f32)], mul, s)
    if k.kind == "matmul" and len(s) == 3:
        M, N, K = s
        return ([_m(3, "d0, d2"), _m(3, "d2, d1")], [_m(3, "d0, d1")],
                "cc, cc, pw(add)", [([M, K], f32), ([K, N], f32),
                                    ([M, N], f32)], mul, s)
    if k.kind == "matmul_t" and len(s) == 3:
        M, N, K = s
        return ([_m(3, "d2, d0"), _m(3, "d1, d2")], [_m(3, "d0, d1")],
                "cc, cc, pw(add)", [([K, M], f32), ([N, K], f32),
                                    ([M, N], f32)], mul, s)
    if k.kind == "bmatmul" and len(s) == 4:
        B, M, N, K = s
        return ([_m(4, "d0, d1, d3"), _m(4, "d0, d3, d2")],
                [_m(4, "d0, d1, d2")], "cc, cc, cc, pw(add)",
                [([B, M, K], f32), ([B, K, N], f32), ([B, M, N], f32)], mul, s)
    if k.kind in ("mcc", "mcc_capsule") and k.in_maps and k.arg_types:
        g = re.search(r"d1 \* (\d+) \+", k.in_maps[0])
        st = int(g.group(1)) if g else 1
        x = "" if st == 1 else f" * {st}"
        H, W = k.arg_types[0][0][1:3] if len(k.arg_types[0][0]) > 2 else (0, 0)
        if k.kind == "mcc" and len(s) == 7:
            N, P, Q, K, R, S, C = s
            return ([_m(7, f"d0, d1{x} + d4, d2{x} + d5, d6"),
                     _m(7, "d3, d4, d5, d6")], [_m(7, "d0, d1, d2, d3")],
                    "cc, cc, cc, cc, pw(add), pw(add), pw(add)",
                    [([N, H, W, C], f32), ([K, R, S, C], f32),
                     ([N, P, Q, K], f32)], mul, s + [st, H, W])
        if k.kind == "mcc_capsule" and len(s) == 10:
            N, P, Q, K, I, J, R, S, C, M = s
            return ([_m(10, f"d0, d1{x} + d6, d2{x} + d7, d8, d4, d9"),
                     _m(10, "d3, d6, d7, d8, d9, d5")],
                    [_m(10, "d0, d1, d2, d3, d4, d5")],
                    "cc, cc, cc, cc, cc, cc, pw(add), pw(add), pw(add), "
                    "pw(add)",
                    [([N, H, W, C, I, M], f32), ([K, R, S, C, M, J], f32),
                     ([N, P, Q, K, I, J], f32)], mul, s + [st, H, W])
    return _beyond_examples_layout(k, mul)


def _window(in_map, out_d, win_d):
    """(stride, dilation) of the window term `dOUT * st + dWIN * dil` of a
    printed input map (mdh-opt leaves out a factor of 1), or (1, 1) when
    the map has no such term (the layout comparison then rejects it)."""
    g = re.search(rf"\b{out_d}(?: \* (\d+))? \+ {win_d}(?: \* (\d+))?\b",
                  in_map)
    if not g:
        return 1, 1
    return int(g.group(1) or 1), int(g.group(2) or 1)


def _term(d, factor):
    return d if factor == 1 else f"{d} * {factor}"


def _beyond_examples_layout(k, mul):
    """peer_layout of the kinds of bench/kernels/*.mlir (bench/README.md,
    "Kernels beyond the examples"); None for any other kind. The
    convolutions' stride and dilation are read from the input map, so one
    kind covers every stride and dilation; the input's spatial sizes H, W
    go to the peers too, since the input may be larger than the window
    needs."""
    s, f32, i32 = k.sizes, "f32", "i32"
    img = k.arg_types[0][0] if k.arg_types else []
    H, W = img[1:3] if len(img) == 4 else (0, 0)
    if k.kind == "mcc_dilated" and len(s) == 7 and k.in_maps:
        # mcc with a dilation: N P Q K R S C ST DIL H W.
        N, P, Q, K, R, S, C = s
        st, dil = _window(k.in_maps[0], "d1", "d4")
        h = f"{_term('d1', st)} + {_term('d4', dil)}"
        w = f"{_term('d2', st)} + {_term('d5', dil)}"
        return ([_m(7, f"d0, {h}, {w}, d6"), _m(7, "d3, d4, d5, d6")],
                [_m(7, "d0, d1, d2, d3")],
                "cc, cc, cc, cc, pw(add), pw(add), pw(add)",
                [([N, H, W, C], f32), ([K, R, S, C], f32),
                 ([N, P, Q, K], f32)], mul, s + [st, dil, H, W])
    if k.kind == "depthwise" and len(s) == 6 and k.in_maps:
        # One RxS filter per channel, RSC (HWC) layout: N P Q C R S ST DIL H W.
        N, P, Q, C, R, S = s
        st, dil = _window(k.in_maps[0], "d1", "d4")
        h = f"{_term('d1', st)} + {_term('d4', dil)}"
        w = f"{_term('d2', st)} + {_term('d5', dil)}"
        return ([_m(6, f"d0, {h}, {w}, d3"), _m(6, "d4, d5, d3")],
                [_m(6, "d0, d1, d2, d3")], "cc, cc, cc, cc, pw(add), pw(add)",
                [([N, H, W, C], f32), ([R, S, C], f32), ([N, P, Q, C], f32)],
                mul, s + [st, dil, H, W])
    if k.kind == "bmatmul_nt" and len(s) == 4:
        # C[b][i][j] = sum_k A[b][i][k] * B[b][j][k]: B M N K.
        B, M, N, K = s
        return ([_m(4, "d0, d1, d3"), _m(4, "d0, d2, d3")],
                [_m(4, "d0, d1, d2")], "cc, cc, cc, pw(add)",
                [([B, M, K], f32), ([B, N, K], f32), ([B, M, N], f32)], mul, s)
    if k.kind == "tensor_contraction" and len(s) == 6:
        # C[a][b][c][d] = sum_{e,f} A[a][e][b][f] * B[d][f][c][e]: A B C D E F.
        A, B, C, D, E, F = s
        return ([_m(6, "d0, d4, d1, d5"), _m(6, "d3, d5, d2, d4")],
                [_m(6, "d0, d1, d2, d3")],
                "cc, cc, cc, cc, pw(add), pw(add)",
                [([A, E, B, F], f32), ([D, F, C, E], f32),
                 ([A, B, C, D], f32)], mul, s)
    if k.kind == "attention_context" and len(s) == 5:
        # O[b][s][h][d] = sum_t P[b][h][s][t] * V[b][t][h][d]: B S H D T.
        B, S, H, D, T = s
        return ([_m(5, "d0, d2, d1, d4"), _m(5, "d0, d4, d2, d3")],
                [_m(5, "d0, d1, d2, d3")], "cc, cc, cc, cc, pw(add)",
                [([B, H, S, T], f32), ([B, T, H, D], f32),
                 ([B, S, H, D], f32)], mul, s)
    if k.kind == "row_argmax" and len(s) == 2:
        # Per row: the largest value and its first column: M N.
        M, N = s
        return ([_m(2, "d0, d1")], [_m(2, "d0")] * 2, "cc, pw(@argmax)",
                [([M, N], f32), ([M], f32), ([M], i32)],
                ["mdh.index", "arith.index_cast", "mdh.yield"], s)
    return None


def peer_dims(k):
    """The DIM arguments of the peers, or (None, why) when the kernel's
    layout is not the one the peers implement."""
    e = peer_layout(k)
    if e is None:
        return None, f"no peer for '{k.kind}' with {len(k.sizes)} dims"
    ins, outs, comb, types, body, dims = e
    got = (k.in_maps, k.out_maps, k.combine, k.arg_types, k.body_ops)
    for what, want, have in zip(("in maps", "out maps", "combine",
                                 "argument types", "body"),
                                (ins, outs, comb, types, body), got):
        if want != have:
            return None, f"{what} differ from the peer's: {have} vs {want}"
    if k.kind in ("mcc", "mcc_capsule"):
        # The input may be padded: the largest index read must fit.
        st, H, W = dims[-3:]
        P, Q = k.sizes[1], k.sizes[2]
        R, S = (k.sizes[4], k.sizes[5]) if k.kind == "mcc" else (k.sizes[6],
                                                                 k.sizes[7])
        if (P - 1) * st + R > H or (Q - 1) * st + S > W:
            return None, "input too small for the window"
    if k.kind in ("mcc_dilated", "depthwise"):
        st, dil, H, W = dims[-4:]
        P, Q, R, S = k.sizes[1], k.sizes[2], k.sizes[4], k.sizes[5]
        if (P - 1) * st + (R - 1) * dil >= H or \
                (Q - 1) * st + (S - 1) * dil >= W:
            return None, "input too small for the window"
    return dims, ""


BLAS_KINDS = {"dot": "cblas_sdot", "matvec": "cblas_sgemv",
              "matmul": "cblas_sgemm", "matmul_t": "cblas_sgemm TransA TransB",
              "bmatmul": "cblas_sgemm per batch"}

# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

MDH_LINE = re.compile(
    r"^(\S+)\s+(\S+)\s+([\d.]+) ms(?: \([\d.]+-[\d.]+\))?\s+([\d.]+) GFLOP/s\s+([\d.]+) GB/s\s+"
    r"(.*?)\s+(OK|FAIL)$")
MDH_HEADER = re.compile(r"compiled (\d+) kernel\(s\) in ([\d.]+) s")


def mdh_run_cmd(args, k, extra=()):
    cmd = [args.mdh_run, os.path.relpath(k.file, ROOT), "--target=openmp:host",
           f"--threads={args.threads}", f"--func={k.name}"]
    cmd += [f"--reps={args.reps_for(k)}"] if args.reps_for(k) else [
        f"--min-time={args.min_time}"]
    return cmd + list(extra)


def run_mdh(args, k, extra=()):
    """Runs mdh-run for one kernel; a dict with ms, gflops, gbs, check, ok,
    jit_s, or error."""
    cmd = mdh_run_cmd(args, k, extra)
    r = run_capture(cmd, cwd=ROOT, env=args.env)
    out = {"cmd": " ".join(shlex.quote(c) for c in cmd)}
    for line in r.stdout.splitlines():
        h = MDH_HEADER.search(line)
        if h and line.startswith("#"):
            out["jit_s"] = float(h.group(2))
        m = MDH_LINE.match(line)
        if m and m.group(1) == k.name:
            out.update(ms=float(m.group(3)), gflops=float(m.group(4)),
                       gbs=float(m.group(5)), check=m.group(6),
                       ok=m.group(7) == "OK")
    if "ms" not in out:
        out["error"] = (r.stderr.strip() or r.stdout.strip() or
                        f"exit {r.returncode}").splitlines()[-1][:200]
    elif r.returncode and out.get("ok"):
        out["ok"] = False
    return out


PEER_LINE = re.compile(r"PEER median_ms=([\d.]+) runs=(\d+) check=(\w+) "
                       r"check_points=(\d+) max_rel_err=(\S+) detail=(\S*)")


def run_peer(args, binary, k, dims):
    reps = args.reps_for(k)
    warmup = 0 if reps and k.kind == "mcc_capsule" else 1
    cmd = [binary, k.kind, str(reps), str(args.min_time), str(warmup)]
    cmd += [str(d) for d in dims]
    r = run_capture(cmd, env=args.env)
    out = {"cmd": " ".join(shlex.quote(c) for c in cmd)}
    m = PEER_LINE.search(r.stdout)
    if not m:
        out["error"] = (r.stderr.strip() or f"exit {r.returncode}")[:200]
        return out
    out.update(ms=float(m.group(1)), runs=int(m.group(2)),
               ok=m.group(3) == "OK", check=f"{m.group(4)} pts",
               max_rel_err=m.group(5), detail=m.group(6))
    return out


def timed_process(cmd):
    """Wall seconds and peak RSS (MiB) of one process, via wait4."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode:
            err.seek(0)
            msg = err.read().decode(errors="replace").strip()
            raise RuntimeError(f"{cmd[0]} failed: {msg[-300:]}")
    return wall, ru.ru_maxrss / 1024.0


def compile_stages(args, src, work):
    base = os.path.join(work, "k")
    return [
        ("mdh-opt", [args.mdh_opt, src, "--mdh-lower-to-clir=target=openmp:host",
                     "--mdh-host-to-llvm", "-o", base + ".llvm.mlir"]),
        ("mlir-translate", [f"{LLVM_BIN}/mlir-translate", "--mlir-to-llvmir",
                            base + ".llvm.mlir", "-o", base + ".ll"]),
        ("opt", [f"{LLVM_BIN}/opt", "-O3", base + ".ll", "-o", base + ".bc"]),
        ("llc", [f"{LLVM_BIN}/llc", "-O3", "-mcpu=native", "-filetype=obj",
                 base + ".bc", "-o", base + ".o"]),
    ]


def write_kernel_module(k, combiners, path):
    """The kernel alone: its func and the combiners of its file."""
    with open(path, "w") as f:
        f.write("module {\n")
        for block in combiners.get(k.file, []) + [k.text]:
            f.write("\n".join(block) + "\n")
        f.write("}\n")


def measure_compile(args, k, combiners):
    """Cold compile of one kernel (its own module: the func and the file's
    combiners), HL-IR -> .o: per run, wall time summed over the stage
    processes and the largest stage peak RSS; median over the runs."""
    with tempfile.TemporaryDirectory(prefix="mdh-bench-") as work:
        src = os.path.join(work, "k.mlir")
        write_kernel_module(k, combiners, src)
        totals, peaks, stages = [], [], {}
        try:
            for _ in range(args.compile_runs):
                total, peak = 0.0, 0.0
                for name, cmd in compile_stages(args, src, work):
                    wall, rss = timed_process(cmd)
                    total += wall
                    peak = max(peak, rss)
                    stages.setdefault(name, []).append(wall)
                totals.append(total)
                peaks.append(peak)
        except RuntimeError as e:
            return {"error": str(e)}
        obj = os.path.getsize(os.path.join(work, "k.o"))
    return {"s": statistics.median(totals), "peak_mb": statistics.median(peaks),
            "stages": {n: statistics.median(v) for n, v in stages.items()},
            "obj_bytes": obj}


def build_peers(args):
    os.makedirs(args.bin_dir, exist_ok=True)
    peers = os.path.join(BENCH, "peers")
    loops = os.path.join(args.bin_dir, "loops")
    blas = os.path.join(args.bin_dir, "blas")
    cmds = [
        [CLANG] + CFLAGS + ["-fopenmp", os.path.join(peers, "loops.c"), "-o",
                            loops, "-lm"],
        [CLANG] + CFLAGS + [f"-I{OPENBLAS_INC}", os.path.join(peers, "blas.c"),
                            "-o", blas, f"-L{OPENBLAS_LIB}",
                            f"-Wl,-rpath,{OPENBLAS_LIB}", "-lopenblas", "-lm"],
    ]
    for cmd in cmds:
        r = run_capture(cmd)
        if r.returncode:
            sys.exit(f"bench: building a peer failed: {' '.join(cmd)}\n"
                     f"{r.stderr}")
    return loops, blas, cmds


# ---------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------


def machine_info(args):
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {
        "nproc": run_capture(["nproc"]).stdout.strip(),
        "cpu": model,
        "kernel": platform.release(),
        "clang": run_capture([CLANG, "--version"]).stdout.splitlines()[0],
    }
    return info


def snapshot_tools(args):
    """Copies mdh-run and mdh-opt (the project's libraries are linked in
    statically) to a private folder and points args at the copies, so that
    a rebuild of build/ while the benchmark runs cannot mix two builds.
    Returns the folder (remove it at the end) and the build dates."""
    snap = tempfile.mkdtemp(prefix="mdh-bench-tools-")
    stamps = {}
    for attr in ("mdh_run", "mdh_opt"):
        src = getattr(args, attr)
        stamps[src] = os.stat(src).st_mtime
        dst = os.path.join(snap, os.path.basename(src))
        shutil.copy2(src, dst)
        setattr(args, attr, dst)
    return snap, stamps


def tool_dates(stamps):
    return ", ".join(
        f"{os.path.relpath(t, ROOT)} built "
        f"{datetime.datetime.fromtimestamp(m).strftime('%Y-%m-%d %H:%M:%S')}"
        for t, m in stamps.items())


def note_if_rebuilt(stamps):
    changed = [os.path.relpath(t, ROOT) for t, m in stamps.items()
               if not os.path.exists(t) or os.stat(t).st_mtime != m]
    if changed:
        print(f"note: {', '.join(changed)} rebuilt while this ran; every "
              "measurement used the copies taken at the start")


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def fmt(v, spec, missing="-"):
    return missing if v is None else format(v, spec)


def ratio(peer, mdh):
    if not peer or not mdh or "ms" not in peer or "ms" not in mdh:
        return None
    return peer["ms"] / mdh["ms"]


def write_chart(rows, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [r["kernel"] for r in rows]
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(max(8, 0.7 * len(rows)), 9))
    width = 0.4
    xs = range(len(rows))
    for off, key, label, color in ((-width / 2, "ratio_blas", "vs OpenBLAS",
                                    "tab:blue"),
                                   (width / 2, "ratio_c", "vs plain C loops",
                                    "tab:orange")):
        vals = [r[key] if r[key] else 0 for r in rows]
        bars = ax1.bar([x + off for x in xs], vals, width, label=label,
                       color=color)
        for b, v in zip(bars, vals):
            if v:
                ax1.annotate(f"{v:.2g}", (b.get_x() + b.get_width() / 2, v),
                             ha="center", va="bottom", fontsize=7)
    ax1.axhline(1.0, color="black", linewidth=0.8)
    ax1.set_yscale("log")
    ax1.set_ylabel("MDH speed / peer speed\n(>1: MDH faster; log scale)")
    ax1.set_xticks(list(xs))
    ax1.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
    ax1.legend(fontsize=8)
    ax1.set_title(title, fontsize=9)
    comp = [r["compile_s"] or 0 for r in rows]
    ax2.bar(list(xs), comp, 0.6, color="tab:green")
    positive = [v for v in comp if v > 0]
    if positive and max(positive) > 20 * min(positive):
        ax2.set_yscale("log")
        ax2.set_ylabel("HL-IR -> .o compile time [s]\n(log scale)")
    else:
        ax2.set_ylabel("HL-IR -> .o compile time [s]")
    ax2.set_xticks(list(xs))
    ax2.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
    ax2b = ax2.twinx()
    ax2b.plot(list(xs), [r["peak_mb"] or 0 for r in rows], "o",
              color="tab:red", label="peak RSS of a stage [MB]")
    ax2b.set_ylabel("peak RSS [MB]")
    ax2b.set_ylim(0, 1.2 * max([r["peak_mb"] or 0 for r in rows] + [1]))
    ax2b.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="shorter timing (min-time 0.5 s), one compile run, "
                    "mcc_capsule (the longest kernel) left out")
    ap.add_argument("--threads", type=int, default=0,
                    help="threads for every program (default: nproc)")
    ap.add_argument("--min-time", type=float, default=None,
                    help="seconds of timed runs per measurement (at least 3 "
                    "and at most 100 runs; default 2, quick 0.5)")
    ap.add_argument("--compile-runs", type=int, default=None,
                    help="compile measurements per kernel (median; default 3, "
                    "quick 1)")
    ap.add_argument("--only", action="append", default=[],
                    help="only kernels whose name contains this (repeatable)")
    ap.add_argument("--skip", action="append", default=[],
                    help="leave out kernels whose name contains this")
    ap.add_argument("--build", default=os.environ.get("MDH_BUILD_DIR",
                                                      os.path.join(ROOT,
                                                                   "build")))
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    args = ap.parse_args()

    args.threads = args.threads or len(os.sched_getaffinity(0))
    if args.min_time is None:
        args.min_time = 0.5 if args.quick else 2.0
    if args.compile_runs is None:
        args.compile_runs = 1 if args.quick else 3
    if args.quick:
        args.skip.append("mcc_capsule")
    # mcc_capsule: 1.2e11 multiply-adds: one timed run (mdh-run also runs it
    # once more, untimed, for its check; the C peer skips its warm-up).
    args.reps_for = lambda k: 1 if k.kind == "mcc_capsule" else 0
    args.mdh_run = os.path.join(args.build, "bin", "mdh-run")
    args.mdh_opt = os.path.join(args.build, "bin", "mdh-opt")
    args.bin_dir = os.path.join(BENCH, "build")
    args.env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    for tool in (args.mdh_run, args.mdh_opt):
        if not os.access(tool, os.X_OK):
            sys.exit(f"bench: {tool} not found; build first (scripts/setup.sh)")

    started = time.time()
    snap, stamps = snapshot_tools(args)
    try:
        return run_benchmark(args, started, stamps)
    finally:
        shutil.rmtree(snap, ignore_errors=True)


def run_benchmark(args, started, stamps):
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    info = machine_info(args)
    loops_bin, blas_bin, build_cmds = build_peers(args)
    blas_info = dict(l.split("=", 1) for l in run_capture(
        [blas_bin, "--info"], env=args.env).stdout.splitlines() if "=" in l)

    files = sorted(os.path.join(ROOT, "examples", f)
                   for f in os.listdir(os.path.join(ROOT, "examples"))
                   if f.endswith(".mlir"))
    kernels, combiners = read_examples(args.mdh_opt, files)
    skipped = [k.name for k in kernels
               if any(s in k.name for s in args.skip) or
               (args.only and not any(o in k.name for o in args.only))]
    kernels = [k for k in kernels if k.name not in skipped]

    print("== MDH-MLIR host benchmark" + (" (quick)" if args.quick else ""))
    print(f"machine: {info['cpu']}, nproc {info['nproc']}, Linux "
          f"{info['kernel']}; load average at start {loadavg()}")
    print(f"threads: {args.threads} for every program (mdh-run --threads, "
          f"OMP_NUM_THREADS)")
    print(f"tools:   copies of {tool_dates(stamps)}")
    print(f"MDH:      mdh-run FILE --target=openmp:host "
          f"--threads={args.threads} --func=KERNEL --min-time={args.min_time}"
          " (default heuristic configuration)")
    print(f"OpenBLAS: {blas_info.get('openblas_config', '?')}; core "
          f"{blas_info.get('openblas_core', '?')}")
    print(f"peers:    {info['clang']}")
    for cmd in build_cmds:
        print("          " + " ".join(os.path.relpath(c, ROOT)
                                     if c.startswith(ROOT) else c
                                     for c in cmd))
    print(f"timing:   medians; each program repeats until >= 3 runs and >= "
          f"{args.min_time} s (at most 100) after an untimed, checked run; "
          "mcc_capsule: 1 timed run")
    print("compile:  HL-IR -> .o per kernel, fresh processes: mdh-opt "
          "--mdh-lower-to-clir=target=openmp:host --mdh-host-to-llvm | mlir-translate "
          "--mlir-to-llvmir | opt -O3 | llc -O3 -mcpu=native; 's' = wall time "
          "summed over the 4 stages, 'MB' = peak RSS of the largest stage; "
          f"median of {args.compile_runs} run(s)")
    if skipped:
        print(f"left out: {', '.join(skipped)} (--quick leaves out "
              "mcc_capsule, the longest kernel; --only/--skip the rest)")
    print("ratio = MDH speed / peer speed = peer time / MDH time: > 1 means "
          "MDH is faster. Medians of repeated runs; on a shared, noisy "
          "machine read small differences as ties (bench/ablation.sh's "
          "'noise' column shows the run-to-run spread of mdh-run).")
    print(flush=True)

    rows = []
    failures = 0
    hdr = (f"{'kernel':<26} {'MDH ms':>10} {'GFLOP/s':>8} {'GB/s':>7} "
           f"{'BLAS ms':>10} {'ratio':>7} {'C ms':>10} {'ratio':>7} "
           f"{'comp s':>7} {'MB':>6}  check MDH/BLAS/C")
    print(hdr)
    print("-" * len(hdr), flush=True)
    for k in kernels:
        mdh = run_mdh(args, k)
        dims, why = peer_dims(k)
        blas = c = None
        if dims is not None:
            c = run_peer(args, loops_bin, k, dims)
            if k.kind in BLAS_KINDS:
                blas = run_peer(args, blas_bin, k, dims)
        comp = measure_compile(args, k, combiners)
        row = {
            "kernel": k.name, "file": os.path.relpath(k.file, ROOT),
            "sizes": "x".join(map(str, k.sizes)),
            "mdh_ms": mdh.get("ms"), "mdh_gflops": mdh.get("gflops"),
            "mdh_gbs": mdh.get("gbs"), "mdh_check": mdh.get("check"),
            "mdh_ok": mdh.get("ok"), "mdh_jit_s": mdh.get("jit_s"),
            "blas_routine": BLAS_KINDS.get(k.kind) if blas else None,
            "blas_ms": blas.get("ms") if blas else None,
            "blas_runs": blas.get("runs") if blas else None,
            "blas_ok": blas.get("ok") if blas else None,
            "ratio_blas": ratio(blas, mdh),
            "c_ms": c.get("ms") if c else None,
            "c_runs": c.get("runs") if c else None,
            "c_ok": c.get("ok") if c else None,
            "ratio_c": ratio(c, mdh),
            "compile_s": comp.get("s"), "peak_mb": comp.get("peak_mb"),
            "obj_bytes": comp.get("obj_bytes"),
            "threads": args.threads, "min_time_s": args.min_time,
            "reps": args.reps_for(k) or "auto",
            "notes": "; ".join(x for x in (
                mdh.get("error") and f"MDH: {mdh['error']}",
                why and f"peers: {why}",
                blas and blas.get("error") and f"BLAS: {blas['error']}",
                c and c.get("error") and f"C: {c['error']}",
                comp.get("error") and f"compile: {comp['error']}") if x),
        }
        for n, v in comp.get("stages", {}).items():
            row[f"compile_{n.replace('-', '_')}_s"] = v
        rows.append(row)

        def okstr(ok, present):
            return "-" if not present else ("OK" if ok else "FAIL")
        checks = "/".join((okstr(row["mdh_ok"], "ms" in mdh),
                           okstr(row["blas_ok"], blas),
                           okstr(row["c_ok"], c)))
        failures += checks.count("FAIL") + (0 if "ms" in mdh else 1)
        failures += bool((blas and "error" in blas) or (c and "error" in c) or
                         "error" in comp)
        print(f"{k.name:<26} {fmt(row['mdh_ms'], '10.3f'):>10} "
              f"{fmt(row['mdh_gflops'], '8.2f'):>8} "
              f"{fmt(row['mdh_gbs'], '7.2f'):>7} "
              f"{fmt(row['blas_ms'], '10.3f'):>10} "
              f"{fmt(row['ratio_blas'], '7.2f'):>7} "
              f"{fmt(row['c_ms'], '10.3f'):>10} "
              f"{fmt(row['ratio_c'], '7.2f'):>7} "
              f"{fmt(row['compile_s'], '7.2f'):>7} "
              f"{fmt(row['peak_mb'], '6.0f'):>6}  {checks}", flush=True)
        if row["notes"]:
            print(f"  note: {row['notes']}", flush=True)

    os.makedirs(args.out, exist_ok=True)
    base = os.path.join(args.out, f"bench-{stamp}" +
                        ("-quick" if args.quick else ""))
    fields = []
    for r in rows:
        fields += [f for f in r if f not in fields]
    with open(base + ".csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows([{f: round(v, 6) if isinstance(v, float) else v
                      for f, v in r.items()} for r in rows])
    title = (f"MDH-MLIR openmp:host vs OpenBLAS / plain C, {args.threads} threads,"
             f" {info['cpu']} (nproc {info['nproc']}), {stamp}; medians")
    chart = ""
    try:
        write_chart(rows, base + ".png", title)
        chart = base + ".png"
    except ImportError as e:
        print(f"bench: no chart ({e}); install python3-matplotlib")
    elapsed = time.time() - started
    print()
    print("ratio columns: MDH speed / peer speed (> 1: MDH faster). "
          "GFLOP/s and GB/s: MDH's, as mdh-run prints them.")
    print(f"load average at end {loadavg()}; total benchmark time "
          f"{elapsed:.0f} s")
    print(f"csv:   {os.path.relpath(base + '.csv', ROOT)}")
    if chart:
        print(f"chart: {os.path.relpath(chart, ROOT)}")
    note_if_rebuilt(stamps)
    if failures:
        print(f"bench: {failures} failed measurement(s) or check(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
