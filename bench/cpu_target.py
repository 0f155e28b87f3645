#!/usr/bin/env python3
# ===- cpu_target.py - Host schedules against the fixed CPU model ---------===#
#
# Every example kernel through mdh-run with --target=openmp:host (schedules
# for this machine: its vector width, registers, cores and caches; the
# default) and --target=openmp (the fixed generic model: 16 cores, AVX2),
# alternating fresh processes ROUNDS times. Prints per kernel the median of
# the per-round medians with the min and max of all timed runs, and the
# ratio generic / host (above 1: the host schedule is faster).
#
#   python3 bench/cpu_target.py [BUILD] [--rounds N] [--reps N] [--threads N]
#
# ===----------------------------------------------------------------------===#
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ("openmp:host", "openmp")


def run(build, path, target, reps, threads):
    cmd = [os.path.join(build, "bin", "mdh-run"), path, f"--target={target}",
           f"--reps={reps}", "--json", "--check=sampled"]
    if threads:
        cmd.append(f"--threads={threads}")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"cpu_target: {' '.join(cmd)} failed:\n{out.stderr}")
    return json.loads(out.stdout)["kernels"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    examples = sorted(f for f in os.listdir(os.path.join(ROOT, "examples"))
                      if f.endswith(".mlir"))
    print(f"{'kernel':28} {'openmp:host ms (min-max)':>28} "
          f"{'openmp ms (min-max)':>28} {'openmp/host':>11}")
    for name in examples:
        path = os.path.join(ROOT, "examples", name)
        times = {}
        for _ in range(args.rounds):
            for target in TARGETS:
                for k in run(args.build, path, target, args.reps, args.threads):
                    t = times.setdefault((k["name"], target), [[], [], []])
                    t[0].append(k["median_ms"])
                    t[1].append(k["min_ms"])
                    t[2].append(k["max_ms"])
        kernels = dict.fromkeys(k for k, _ in times)
        for kernel in kernels:
            cells = []
            for target in TARGETS:
                med, lo, hi = times[(kernel, target)]
                cells.append((statistics.median(med), min(lo), max(hi)))
            text = [f"{m:9.3f} ({lo:.3f}-{hi:.3f})" for m, lo, hi in cells]
            print(f"{kernel:28} {text[0]:>28} {text[1]:>28} "
                  f"{cells[1][0] / cells[0][0]:10.2f}x", flush=True)


if __name__ == "__main__":
    main()
