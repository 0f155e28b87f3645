#!/usr/bin/env python3
# ===- python_vs_mdhrun.py - MatMul 1024^3 from Python and from mdh-run ---===#
#
#   python3 bench/python_vs_mdhrun.py [--build build] [--rounds 5] [--reps 20]
#       [--threads N] [--size 1024] [--config FILE] [--no-hugepages]
#
# Times MatMul 1024x1024x1024 (f32) compiled for the host two ways in the
# same run: written in the DSL of the `mdh` package (python/) and called as
# a user would, `kernel(A, B, C)` on NumPy arrays with a preallocated
# output, and through `mdh-run examples/matmul.mlir --target=openmp
# --func=matmul_1024`. Issue 16's bar: the Python call costs no more than 2%
# over mdh-run's time for the same configuration.
#
# Same configuration: the parent takes the default heuristic's
# configuration once (from `mdh.compile`, or --config FILE) and passes it
# explicitly to both, `mdh.compile(..., config=TEXT)` and `mdh-run
# --config=FILE`. The configuration names its computation by a hash of the
# canonical computation and mdh-run refuses it for any other, so mdh-run
# accepting it also shows that the DSL's MatMul is examples/matmul.mlir's
# @matmul_1024 (same sizes, views, combine operators and scalar function).
#
# Each round runs both, each in a fresh process, in alternating order
# (Python first in rounds 1, 3, ...). Each process compiles once (not
# timed), runs the kernel once untimed (mdh-run: its checked run, here with
# --check=none; Python: a warm-up call), then `--reps` timed runs on
# `--threads` OpenMP threads, and reports their median. mdh-run times its
# JIT invoke; the Python side times the whole `kernel(A, B, C)` call
# (argument checks, ctypes, the run). The summary is the median, min and
# max over the rounds of those medians per path, and the ratio of the
# medians (Python / mdh-run: above 1, Python is slower).
#
# Allocation: by default the arrays are NumPy's own (as a user gets them:
# NumPy asks for transparent huge pages for large arrays); --no-hugepages
# turns that off, as mdh-run's buffers (aligned_alloc, 64 bytes) have none,
# so that only the call path differs.
#
# Needs NumPy and a build with libMDHCAPI.so and mdh-run; builds nothing.
#
# ===----------------------------------------------------------------------===#

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from alternate import alternate, run_mdh_run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def import_mdh(build):
    """The `mdh` package of this repository, on the C API library of
    `build` (MDH_LIBRARY_PATH, which the package reads first)."""
    os.environ["MDH_LIBRARY_PATH"] = os.path.join(build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import mdh

    return mdh


def matmul(mdh, n):
    """MatMul n x n x n in the DSL, with examples/matmul.mlir's views."""
    from mdh import add, cc, f32, inp_view, md_hom, mul, out_view, pw

    return mdh.computation(
        out_view[f32](C=[lambda i, j, k: (i, j)]),
        md_hom[n, n, n](mul, (cc, cc, pw(add))),
        inp_view[f32, f32](A=[lambda i, j, k: (i, k)], B=[lambda i, j, k: (k, j)]),
        name="matmul",
    )


def heuristic_config(args):
    """The default heuristic's configuration of the DSL's MatMul."""
    mdh = import_mdh(args.build)
    kernel = mdh.compile(matmul(mdh, args.size), target="openmp", num_threads=args.threads)
    return kernel.config


def python_child(args):
    """Compiles the DSL's MatMul with the given configuration and times
    `kernel(A, B, C)` in this process."""
    import numpy as np

    if args.no_hugepages:
        set_hugepage = getattr(np.core.multiarray, "_set_madvise_hugepage", None)
        if set_hugepage:
            set_hugepage(False)
    mdh = import_mdh(args.build)
    with open(args.config) as f:
        config = f.read()
    start = time.perf_counter()
    kernel = mdh.compile(matmul(mdh, args.size), target="openmp", config=config, num_threads=args.threads)
    compile_seconds = time.perf_counter() - start
    if json.loads(kernel.config) != json.loads(config):
        sys.exit("python_vs_mdhrun: the kernel does not report the configuration it was given")

    n = args.size
    rng = np.random.default_rng(1)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    B = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    C = np.empty((n, n), dtype=np.float32)

    kernel(A, B, C)  # untimed, as mdh-run's checked run
    times = []
    for _ in range(args.reps):
        t0 = time.perf_counter()
        kernel(A, B, C)
        times.append(time.perf_counter() - t0)
    times.sort()
    # A spot check that the timed runs computed the product.
    rows = rng.choice(n, 4, replace=False)
    if not np.allclose(C[rows], A[rows] @ B, rtol=1e-3, atol=1e-3):
        sys.exit("python_vs_mdhrun: C differs from A @ B")
    print(json.dumps({"median_ms": times[len(times) // 2] * 1e3, "compile_s": compile_seconds}))


def run_python(args):
    command = [
        sys.executable, os.path.abspath(__file__), "--python-child",
        "--build", args.build, "--config", args.config, "--size", str(args.size),
        "--reps", str(args.reps), "--threads", str(args.threads),
    ]
    if args.no_hugepages:
        command.append("--no-hugepages")
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["median_ms"]


def main():
    parser = argparse.ArgumentParser(
        description="Time MatMul from Python (mdh.compile, kernel(A, B, C)) "
        "and through mdh-run --target=openmp with the same configuration, "
        "alternating, in the same run.")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--size", type=int, default=1024,
                        help="MatMul size n (n x n x n); mdh-run runs "
                        "@matmul_<n> of examples/matmul.mlir")
    parser.add_argument("--config", help="JSON configuration for both "
                        "(default: the heuristic's, taken once here)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=20,
                        help="timed runs per process")
    parser.add_argument("--threads", type=int,
                        default=len(os.sched_getaffinity(0)))
    parser.add_argument("--no-hugepages", action="store_true",
                        help="NumPy without transparent huge pages, as "
                        "mdh-run's buffers")
    parser.add_argument("--python-child", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    args.file = os.path.join(ROOT, "examples", "matmul.mlir")
    args.func = f"matmul_{args.size}"
    if args.python_child:
        python_child(args)
        return

    with tempfile.TemporaryDirectory(prefix="python_vs_mdhrun-") as tmp:
        if args.config is None:
            args.config = os.path.join(tmp, "config.json")
            with open(args.config, "w") as f:
                f.write(heuristic_config(args))
        args.config = os.path.abspath(args.config)
        with open(args.config) as f:
            tiles = json.load(f).get("tiles")
        print(f"# {args.func}: Python (mdh.compile, kernel(A, B, C)) vs "
              f"mdh-run {os.path.relpath(args.file)}, {args.threads} "
              f"thread(s), {args.rounds} rounds of {args.reps} timed runs "
              f"per process, NumPy huge pages "
              f"{'off' if args.no_hugepages else 'on (its default)'}")
        print(f"# the same configuration for both (tiles {tiles})")
        alternate(args.rounds, "Python", lambda: run_python(args),
                  lambda: run_mdh_run(args, ["--config=" + args.config]),
                  " (issue 16's bar: at most 1.02)")

if __name__ == "__main__":
    main()
