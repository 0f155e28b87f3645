#!/usr/bin/env python3
# ===- python_call_overhead.py - The fixed cost of a kernel call from Python -===#
#
#   python3 bench/python_call_overhead.py [--build build] [--calls 20000]
#
# The cost a Python call adds to a kernel does not depend on the kernel's
# size: the argument checks, ctypes and mdhHostModuleRun. Timing MatMul
# 1024^3 both ways (bench/python_vs_mdhrun.py) buries it in the noise of a
# shared machine, so this times it directly on a kernel that does almost
# nothing: MatVec 13x7 on one thread, `kernel(M, v, w)` with every array
# given, 7 rounds of --calls calls, against mdh-run's time of one run of the
# same kernel (median of its --reps). The difference is the fixed cost per
# call; it prints it and its share of a call that takes 20 ms (MatMul 1024^3
# on this machine's two cores).
#
# ===---------------------------------------------------------------------===#

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    p = argparse.ArgumentParser(description="the fixed cost of a kernel call from Python")
    p.add_argument("--build", default=os.environ.get("MDH_BUILD_DIR", os.path.join(ROOT, "build")))
    p.add_argument("--calls", type=int, default=20000)
    args = p.parse_args()
    os.environ.setdefault("MDH_LIBRARY_PATH", os.path.join(args.build, "lib"))
    sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "python", "examples")]
    import numpy as np

    import matvec
    import mdh

    kernel = mdh.compile(matvec.matvec(13, 7), num_threads=1)
    M = np.ones((13, 7), np.float32)
    v = np.ones(7, np.float32)
    w = np.zeros(13, np.float32)
    for _ in range(1000):
        kernel(M, v, w)
    rounds = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(args.calls):
            kernel(M, v, w)
        rounds.append((time.perf_counter() - start) / args.calls * 1e6)
    out = subprocess.run(
        [os.path.join(args.build, "bin", "mdh-run"), os.path.join(ROOT, "examples", "small", "matvec.mlir"),
         "--target=openmp", "--threads=1", "--reps=2000", "--check=none", "--json"],
        check=True, capture_output=True, text=True).stdout
    run_us = json.loads(out)["kernels"][0]["median_ms"] * 1e3
    call_us = statistics.median(rounds)
    print(f"kernel(M, v, w) from Python, MatVec 13x7, 1 thread: median {call_us:.2f} us per call "
          f"(min {min(rounds):.2f}, max {max(rounds):.2f}; 7 rounds of {args.calls})")
    print(f"mdh-run, the same kernel: median {run_us:.2f} us per run")
    extra = call_us - run_us
    print(f"fixed cost of a Python call: {extra:.2f} us, {extra / 20000 * 100:.3f}% of a 20 ms call")


if __name__ == "__main__":
    main()
