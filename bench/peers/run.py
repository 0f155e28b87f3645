#!/usr/bin/env python3
"""Every CPU peer in one command: MDH against NumPy, PyTorch, TVM, IREE,
Halide, upstream MLIR, Polly and plain C on the example kernels.

For each kernel of examples/*.mlir (examples/small/*.mlir with --quick),
read through bench.py's parser, kernel by kernel (all peers of kernel 1,
then of kernel 2, ...):

  1. generate the inputs once (fixed seed), save them as .npy and compute a
     float64 reference with NumPy;
  2. MDH:        mdh-run FILE --func=KERNEL --target=openmp:host --threads=T
                 --json --input=inK=@FILE.npy --output-dir=DIR (heuristic
                 configuration); with --tune-seconds N also "MDH tuned":
                 mdh-tune --budget=Ns, then mdh-run --config;
  3. each peer in its own process (bench/peers/worker.py under the peer's
     Python): the same .npy inputs, THREADS threads, warm-up calls, then
     timed calls; it writes the outputs of its last timed call;
  4. every output (MDH's too) is checked against the float64 reference
     before its times count: a wrong result is reported as "wrong result".

Peers: NumPy (OpenBLAS), PyTorch CPU (MKL / oneDNN), TVM (default build of
the unscheduled TE; with --tvm-tune-seconds N also MetaSchedule), IREE
(llvm-cpu, local-task), Halide (Mullapudi2016 autoscheduler), upstream
MLIR (mlir-opt-22's default linalg lowering, sequential), Polly (clang-22
-O3 -march=native -fopenmp -mllvm -polly on bench/peers/loops.c) and the
same loops.c without Polly ("C loops"). scripts/setup-peers.sh installs
them; a peer that is missing or fails gets a cell that says why.

Output: a Markdown table (median ms with min-max per cell, the best peer,
and MDH / best peer speed: best peer time / MDH time, above 1 means MDH is
faster), a CSV (one row per kernel and peer) and one PNG per example file
under bench/results/peers/. Exit status 1 if MDH or any peer gave a wrong
result, MDH failed, or worker.py failed in its own code (not in a peer's:
a peer that crashes or reports an error only gets a cell saying so); 2 if
run.py itself failed.
"""

import argparse
import datetime
import os
import shutil
import sys
import tempfile
import time
import traceback

import numpy as np

from run_common import BENCH, PEERS, ROOT, TITLE, bench
from run_programs import (ONE_RUN_KINDS, build_c_libs, find_pythons,
                          kernel_reps, probe_peers, run_mdh, run_mdh_tuned,
                          run_peer, stop_servers)
from run_reference import TOL_FACTOR, check, kernel_dims, make_inputs, \
    reference
from run_report import cell, write_outputs



# ---------------------------------------------------------------------------


def parse_args():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="examples/small/*.mlir, 2 timed runs and 1 warm-up "
                    "each, no tuning, only the peers installed, one worker "
                    "process per peer")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--reps", type=int, default=None,
                    help="timed runs per measurement (default: repeat for "
                    "--min-time; quick: 2)")
    ap.add_argument("--min-time", type=float, default=1.0,
                    help="with --reps 0: seconds of timed runs (at least 3, "
                    "at most 100 runs; default 1)")
    ap.add_argument("--warmup", type=int, default=None,
                    help="untimed calls before the timed ones (peers; "
                    "mdh-run always makes one checked run; default 3, "
                    "quick 1; one only when a call takes over 1 s)")
    ap.add_argument("--tune-seconds", type=int, default=0,
                    help="also 'MDH tuned': mdh-tune --budget=Ns per kernel "
                    "(default 0: off)")
    ap.add_argument("--tvm-tune-seconds", type=int, default=0,
                    help="also 'TVM-MS': MetaSchedule for about N s per "
                    "kernel, in rounds of 64 trials (default 0: off)")
    ap.add_argument("--peers", default="",
                    help="comma-separated subset of: " +
                    ",".join(p for p, _, _ in PEERS))
    ap.add_argument("--examples", default=None,
                    help="folder of the kernel files (default examples/, "
                    "quick: examples/small/; bench/kernels: the kernels "
                    "beyond the examples)")
    ap.add_argument("--only", action="append", default=[],
                    help="only kernels whose name contains this")
    ap.add_argument("--skip", action="append", default=[],
                    help="leave out kernels whose name contains this")
    ap.add_argument("--timeout", type=int, default=None,
                    help="seconds per peer and kernel (default 300, quick "
                    "120)")
    ap.add_argument("--fresh-processes", action="store_true",
                    help="with --quick: a new worker process per kernel and "
                    "peer, as without --quick (default with --quick: one "
                    "process per peer for all kernels, to save the imports)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--build", default=os.environ.get(
        "MDH_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--out", default=os.path.join(BENCH, "results", "peers"))
    args = ap.parse_args()
    if args.quick:
        args.tune_seconds = args.tvm_tune_seconds = 0
    if args.reps is None:
        args.reps = 2 if args.quick else 0
    if args.warmup is None:
        args.warmup = 1 if args.quick else 3
    if args.timeout is None:
        args.timeout = 120 if args.quick else 300
    return args


def main():
    args = parse_args()
    started = time.time()
    for tool in ("mdh-run", "mdh-opt", "mdh-tune"):
        if not os.access(os.path.join(args.build, "bin", tool), os.X_OK):
            print(f"peers: {args.build}/bin/{tool} not found; build first "
                  "(scripts/setup.sh)")
            return 2
    # Private copies: a rebuild of build/ during the run cannot mix builds.
    snap = tempfile.mkdtemp(prefix="mdh-peers-tools-")
    work = tempfile.mkdtemp(prefix="mdh-peers-")
    stamps = {}
    for tool in ("mdh-run", "mdh-opt", "mdh-tune"):
        src = os.path.join(args.build, "bin", tool)
        stamps[src] = os.stat(src).st_mtime
        dst = os.path.join(snap, tool)
        shutil.copy2(src, dst)
        setattr(args, tool.replace("-", "_"), dst)
    args.work, args.servers = work, {}
    args.persistent = args.quick and not args.fresh_processes
    try:
        return run(args, started, stamps, work)
    except Exception:
        traceback.print_exc()
        print("peers: the harness failed")
        return 2
    finally:
        stop_servers(args)
        shutil.rmtree(snap, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


def run(args, started, stamps, work):
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    t = str(args.threads)
    args.env = dict(os.environ, OMP_NUM_THREADS=t, OPENBLAS_NUM_THREADS=t,
                    MKL_NUM_THREADS=t, TVM_NUM_THREADS=t, HL_NUM_THREADS=t,
                    PYTHONDONTWRITEBYTECODE="1")
    args.peer_python = find_pythons(args)
    wanted = [p for p, _, _ in PEERS]
    if args.peers:
        sel = args.peers.split(",")
        bad = [p for p in sel if p not in wanted]
        if bad:
            print(f"peers: unknown peer(s) {bad}; known: {wanted}")
            return 2
        wanted = [p for p in wanted if p in sel]
    if not args.tvm_tune_seconds and "tvm_ms" in wanted:
        wanted.remove("tvm_ms")
    args.c_libs, args.c_failed = build_c_libs(args, work)
    versions, missing = probe_peers(args, wanted)
    columns = wanted if not args.quick else [p for p in wanted
                                             if p in versions]

    src_dir = args.examples or os.path.join(
        ROOT, "examples", "small" if args.quick else "")
    files = sorted(os.path.join(src_dir, f) for f in os.listdir(src_dir)
                   if f.endswith(".mlir"))
    kernels, _ = bench.read_examples(args.mdh_opt, files)
    kernels = [k for k in kernels
               if not any(s in k.name for s in args.skip) and
               (not args.only or any(o in k.name for o in args.only))]

    mdh_date = datetime.datetime.fromtimestamp(
        stamps[os.path.join(args.build, "bin", "mdh-run")])
    info = bench.machine_info(args)
    header = [
        f"## CPU peers, {datetime.date.today().isoformat()}"
        + (" (--quick)" if args.quick else ""),
        "",
        f"- command: `{' '.join(['bench/peers/run.py'] + sys.argv[1:])}`",
        f"- machine: {info['cpu']}, nproc {info['nproc']}, Linux "
        f"{info['kernel']}; load average at start {bench.loadavg()}",
        f"- threads: {args.threads} for every program",
        f"- MDH: `mdh-run FILE --func=KERNEL --target=openmp:host "
        f"--threads={args.threads} --json --input=inK=@FILE.npy "
        f"--output-dir=DIR "
        + (f"--reps={args.reps}" if args.reps else
           f"--min-time={args.min_time}")
        + f"` (heuristic configuration; mdh-run built "
        f"{mdh_date:%Y-%m-%d %H:%M})",
    ]
    if args.tune_seconds:
        header.append(f"- MDH tuned: `mdh-tune --target=openmp:host "
                      f"--budget={args.tune_seconds}s --no-cache`, then "
                      "`mdh-run --config`")
    for p in wanted:
        desc = next(d for k, _, d in PEERS if k == p)
        extra = ""
        if p in ("polly", "clang") and p in args.c_cmds:
            extra = (f"; `{args.c_cmds[p]}` (bench/peers/loops_lib.c "
                     "includes loops.c)")
        if p == "tvm_ms":
            extra = f"; budget {args.tvm_tune_seconds} s per kernel"
        if p in versions:
            header.append(f"- {TITLE[p]}: {desc}: {versions[p]}{extra}")
        else:
            header.append(f"- {TITLE[p]}: {desc}: not run, {missing[p]}")
    timing = (f"{args.reps} timed runs" if args.reps else
              f"timed runs until >= 3 and >= {args.min_time} s (at most 100;"
              f" {', '.join(ONE_RUN_KINDS)}: 1)")
    header.append(
        f"- timing: peers make {args.warmup} warm-up call(s) (1 when a call "
        f"takes over 1 s), mdh-run its one untimed checked run; then "
        f"{timing}; cells: median (min-max) ms over the timed runs, the "
        "median being element n/2 of the sorted times as mdh-run takes it. "
        "Peers called from Python are timed around the Python call "
        "(perf_counter), so their times include the call's overhead; "
        "mdh-run times the kernel call in C++")
    header.append(
        f"- check: every output against a NumPy float64 reference of the "
        f"same inputs before its times count: |got - ref| <= {TOL_FACTOR:g} "
        f"* 2^-24 * sqrt(K) * sum|terms| (K: terms summed into the point); "
        "integers, max and argmax exactly; mcc_capsule at 2000 sampled "
        "points")
    header.append("- MDH/best peer: best peer's median / MDH's median "
                  "(> 1: MDH faster)")

    print("\n".join(header), flush=True)
    print()
    rows = []
    failures = []
    for k in kernels:
        dims, why = kernel_dims(k)
        row = {"kernel": k.name, "file": os.path.relpath(k.file, ROOT),
               "kind": k.kind, "sizes": "x".join(map(str, k.sizes)),
               "family": os.path.splitext(os.path.basename(k.file))[0],
               "peers": {}}
        kwork = os.path.join(work, k.name)
        os.makedirs(kwork)
        ins = make_inputs(k, args.seed)
        in_files = []
        for i, a in enumerate(ins):
            path = os.path.join(kwork, f"in{i}.npy")
            np.save(path, a)
            in_files.append(path)
        rng = np.random.default_rng(args.seed)
        refs = reference(k.kind, dims, ins, rng) if dims else None

        def judge(res, who):
            if res.get("status") == "ok":
                if refs is None:
                    res["status"], res["why"] = "error", "no reference"
                else:
                    ok, err, msg = check(res.pop("outputs"), refs)
                    res["err"] = err
                    if not ok:
                        res["status"], res["why"] = "wrong", msg
                        failures.append(f"{k.name}: {who}: wrong result "
                                        f"({msg})")
            res.pop("outputs", None)
            return res

        row["mdh"] = judge(run_mdh(args, k, in_files,
                                   os.path.join(kwork, "mdh")), "MDH")
        if row["mdh"]["status"] != "ok" and row["mdh"]["status"] != "wrong":
            failures.append(f"{k.name}: MDH: {row['mdh'].get('why')}")
        if args.tune_seconds:
            row["mdh_tuned"] = judge(run_mdh_tuned(
                args, k, in_files, os.path.join(kwork, "mdh-tuned")),
                "MDH tuned")
        if dims is None:
            for p in columns:
                row["peers"][p] = {"status": "na", "why": why}
        else:
            spec = {"kernel": k.name, "kind": k.kind, "dims": dims,
                    "inputs": in_files,
                    "outputs": [list(s) for s, _ in
                                k.arg_types[len(k.in_maps):]],
                    "threads": args.threads, "reps": kernel_reps(args, k),
                    "min_time": args.min_time, "warmup": args.warmup,
                    "tune_seconds": args.tvm_tune_seconds}
            for p in columns:
                if p not in versions:
                    row["peers"][p] = {"status": "unavailable",
                                       "why": missing[p]}
                    continue
                res = judge(run_peer(args, p, spec,
                                     os.path.join(kwork, p)), TITLE[p])
                row["peers"][p] = res
                if res.get("harness"):
                    failures.append(f"{k.name}: {TITLE[p]}: harness error "
                                    f"in worker.py: {res['why']}")
        ok_peers = {p: r for p, r in row["peers"].items()
                    if r["status"] == "ok"}
        if ok_peers:
            row["best"] = min(ok_peers, key=lambda p: ok_peers[p]["median"])
            if row["mdh"]["status"] == "ok":
                row["ratio"] = (ok_peers[row["best"]]["median"] /
                                row["mdh"]["median"])
        rows.append(row)
        tuned = (f"MDH tuned {cell(row['mdh_tuned'])}; "
                 if "mdh_tuned" in row else "")
        print(f"{k.name}: MDH {cell(row['mdh'])}; {tuned}" + "; ".join(
            f"{TITLE[p]} {cell(r)}" for p, r in row["peers"].items()) +
            (f"; MDH/best {row['ratio']:.2f}x ({TITLE[row['best']]})"
             if row.get("ratio") else ""), flush=True)
        shutil.rmtree(kwork, ignore_errors=True)

    header.append(f"- total time {time.time() - started:.0f} s; load average "
                  f"at end {bench.loadavg()}")
    base, charts = write_outputs(args, rows, columns, header, stamp)
    print()
    print(f"load average at end {bench.loadavg()}; total "
          f"{time.time() - started:.0f} s")
    print(f"table: {os.path.relpath(base + '.md', ROOT)}")
    print(f"csv:   {os.path.relpath(base + '.csv', ROOT)}")
    for c in charts:
        print(f"chart: {os.path.relpath(c, ROOT)}")
    bench.note_if_rebuilt(stamps)
    if failures:
        print(f"peers: {len(failures)} failure(s):")
        for f in failures:
            print("  " + f)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
