#!/usr/bin/env python3
"""Differential test of the scheduled code paths against the oracle.

Every example kernel at small, odd sizes (examples/small/) is compiled with
configurations drawn uniformly at random from its search space on the
`openmp` schedule, for each of the host code paths named by --targets
(`openmp`: the CL-IR lowered to LLVM and JIT-compiled; `c`: the same CL-IR
printed as C and compiled by clang-22, one compilation per kernel file and
configuration), run on an odd number of threads, and checked element by
element against the f64 reference of docs/semantics.md (`mdh-run
--check=full --reps=1`, the check the oracle path passes too). The test then
asserts its own coverage: over all draws, partial tiles, packed and in-place
inputs, non-identity orders on every level, both assignment kinds, and pw
dimensions split over threads (a second phase) must all have occurred.

The runs are independent and go --jobs at a time (default: one per core).

usage: differential.py BUILD_DIR SOURCE_DIR [--configs N] [--seed S]
                       [--threads T] [--targets openmp[,c]] [--jobs J]
"""

import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tempfile
import time


# Runs go several at a time, each on --threads OpenMP threads: idle workers
# sleep at once instead of spinning for libomp's default 200 ms, which on an
# oversubscribed machine only steals time from the other runs.
ENV = dict(os.environ, KMP_BLOCKTIME=os.environ.get("KMP_BLOCKTIME", "0"))


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("source")
    ap.add_argument("--configs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--threads", type=int, default=3)
    ap.add_argument("--targets", default="openmp")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    start = time.monotonic()

    sample = os.path.join(args.build, "test/unit/mdh-space/mdh-space-sample")
    mdh_run = os.path.join(args.build, "bin/mdh-run")
    mdh_opt = os.path.join(args.build, "bin/mdh-opt")
    kernels = sorted(glob.glob(os.path.join(args.source, "examples/small/*.mlir")))
    targets = args.targets.split(",")
    for target in targets:
        if target not in ("openmp", "c"):
            print(f"unknown target '{target}': expected openmp or c")
            return 1

    seen = {
        "partial tile": 0,
        "packed input": 0,
        "in-place input": 0,
        "transposed copy": 0,
        "blocked assignment": 0,
        "strided assignment": 0,
        "pw split over threads": 0,
    }
    orders_seen = [0, 0, 0, 0]
    failures = []
    # (name, kernel, config, target) of every mdh-run to do; seconds spent
    # in mdh-run per target.
    runs = []
    seconds = {}

    def run_one(job):
        name, kernel, config, target = job
        t0 = time.monotonic()
        try:
            r = run([mdh_run, kernel, f"--target={target}",
                     f"--config={config}", "--check=full", "--reps=1",
                     f"--threads={args.threads}"], timeout=600)
            ok = r.returncode == 0 and "FAIL" not in r.stdout
            out = f"{r.stdout}{r.stderr}"
        except subprocess.TimeoutExpired:
            ok, out = False, "timed out after 600 s\n"
        return ok, out, time.monotonic() - t0

    with tempfile.TemporaryDirectory() as tmp:
        for kernel in kernels:
            name = os.path.basename(kernel)[:-5]
            prefix = os.path.join(tmp, name)
            r = run([sample, kernel, "openmp", str(args.seed), prefix,
                     str(args.configs)])
            if r.returncode != 0:
                failures.append(f"{name}: sampling failed: {r.stderr.strip()}")
                continue
            for n in range(args.configs):
                files = sorted(glob.glob(f"{prefix}.{n}.*.json"))
                config = ",".join(files)
                for f in files:
                    c = json.load(open(f))
                    sizes, tiles = c["sizes"], c["tiles"]
                    for l, level in enumerate(tiles):
                        enclosing = sizes if l == 0 else tiles[l - 1]
                        if any(e % t for e, t in zip(enclosing, level)):
                            seen["partial tile"] += 1
                        if c["orders"][l] != sorted(c["orders"][l]):
                            orders_seen[l] += 1
                    kind = c["assignment_kind"][0]
                    seen[f"{kind} assignment"] += 1
                    for inp in c["inputs"]:
                        if "packed" in inp["regions"]:
                            seen["packed input"] += 1
                            if any(r == "packed" and lay == "transposed"
                                   for r, lay in zip(inp["regions"],
                                                     inp["layouts"])):
                                seen["transposed copy"] += 1
                        else:
                            seen["in-place input"] += 1
                ll = run([mdh_opt, kernel,
                          f"--mdh-hl-to-ll=target=openmp config={config}"])
                if "across 0 in device sync phase" in ll.stdout:
                    seen["pw split over threads"] += 1
                for target in targets:
                    runs.append((name, kernel, config, target))

        # The configuration files stay in `tmp` until every run is done.
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for job, (ok, out, secs) in zip(runs, pool.map(run_one, runs)):
                name, _, config, target = job
                seconds[name, target] = seconds.get((name, target), 0) + secs
                if not ok:
                    failures.append(f"{name} [{target}] with {config}:\n"
                                    f"{out}")

    print(f"{len(runs)} runs: {len(kernels)} kernels x {args.configs} "
          f"configurations x {len(targets)} target(s), {args.jobs} at a "
          f"time, {args.threads} threads each")
    names = sorted({name for name, _ in seconds})
    print(f"  seconds in mdh-run   {' '.join(f'{t:>7}' for t in targets)}")
    for name in names + ["total"]:
        row = [sum(v for (n, t), v in seconds.items()
                   if t == target and name in (n, "total"))
               for target in targets]
        print(f"  {name:20} {' '.join(f'{v:7.1f}' for v in row)}")
    for what, count in seen.items():
        print(f"  {what:24} drawn {count} times")
    for l, count in enumerate(orders_seen):
        print(f"  non-identity order, level {l}: drawn {count} times")
    missing = [w for w, c in seen.items() if c == 0]
    missing += [f"non-identity order on level {l}"
                for l, c in enumerate(orders_seen) if c == 0]
    for f in failures:
        print("FAIL:", f)
    if missing:
        print("coverage missing:", ", ".join(missing))
    if failures or missing:
        return 1
    print(f"OK ({time.monotonic() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
