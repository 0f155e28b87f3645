#!/usr/bin/env python3
"""The MDH-MLIR tuning benchmark: default vs tuned vs OpenBLAS.

For each kernel of examples/*.mlir, one process per step:

  * tune:     build/bin/mdh-tune FILE --func=KERNEL --target=openmp
              --budget=BUDGET (the same fixed budget for every kernel), with
              its CSV log and JSON configuration written to bench/results/;
              mdh-tune ends with an interleaved re-measurement of the
              default and the best configuration (its "re-measured
              speed-up");
  * default:  mdh-run --target=openmp (the default heuristic), as bench.py;
  * tuned:    mdh-run --target=openmp --config=<the tuned JSON>;
  * OpenBLAS: bench/peers/blas.c where BLAS has the kernel (bench.py).

Ratios are speeds (peer time / our time): above 1 means faster. Prints a
table, writes bench/results/tune-<stamp>.csv and a PNG chart of the best
time so far over the evaluations of every MatMul kernel. Every number is
measured in this run. bench/tune.sh is the command.
"""

import argparse
import csv
import datetime
import os
import re
import shlex
import shutil
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import bench  # noqa: E402  (the example reader, peers and mdh-run driver)

ROOT = bench.ROOT
REMEASURED = re.compile(r"re-measured \d+ rounds interleaved: default "
                        r"(\S+) ms, best (\S+) ms, speed-up (\S+)x")
SEARCHED = re.compile(r"mdh-tune: (\d+) evaluations \((\d+) failed\) in "
                      r"([\d.]+) s")


def tune_kernel(args, k, json_path, log_path):
    cmd = [args.mdh_tune, os.path.relpath(k.file, ROOT), "--target=openmp",
           f"--func={k.name}", f"--budget={args.budget}",
           f"--threads={args.threads}", "--no-cache", f"--log={log_path}",
           "-o", json_path]
    t0 = time.perf_counter()
    r = bench.run_capture(cmd, cwd=ROOT, env=args.env)
    out = {"cmd": " ".join(shlex.quote(c) for c in cmd),
           "wall_s": time.perf_counter() - t0}
    for line in r.stdout.splitlines():
        m = SEARCHED.search(line)
        if m:
            out.update(evals=int(m.group(1)), failed=int(m.group(2)),
                       search_s=float(m.group(3)))
        m = REMEASURED.search(line)
        if m:
            out.update(remeasured=float(m.group(3)))
        if "default configuration is not slower" in line:
            out["kept_default"] = True
    if r.returncode or not os.path.exists(json_path):
        out["error"] = (r.stderr.strip() or r.stdout.strip() or
                        f"exit {r.returncode}").splitlines()[-1][:200]
    return out


def best_so_far(log_path):
    """(evaluation, best ms) pairs of a CSV log."""
    points = []
    with open(log_path) as f:
        for row in csv.DictReader(f):
            if row["best_ms"]:
                points.append((int(row["evaluation"]), float(row["best_ms"])))
    return points


def write_chart(curves, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    for name, points, default_ms, blas_ms in curves:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        line, = ax.step(xs, ys, where="post", label=f"{name}: best so far")
        if default_ms:
            ax.axhline(default_ms, color=line.get_color(), linestyle=":",
                       label=f"{name}: default (mdh-run)")
        if blas_ms:
            ax.axhline(blas_ms, color=line.get_color(), linestyle="--",
                       label=f"{name}: OpenBLAS")
    ax.set_xlabel("evaluation")
    ax.set_ylabel("median time of the candidate [ms] (log scale)")
    ax.set_yscale("log")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def fmt(v, spec):
    return format("-", ">" + spec.split(".")[0]) if v is None else format(
        v, spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--budget", default=None,
                    help="mdh-tune budget per kernel (default 60s; quick 15s)")
    ap.add_argument("--quick", action="store_true",
                    help="budget 15s, timing 0.5 s, matmul and matvec only")
    ap.add_argument("--threads", type=int, default=0,
                    help="threads for every program (default: nproc)")
    ap.add_argument("--min-time", type=float, default=None,
                    help="seconds of timed runs per mdh-run / peer "
                    "measurement (default 2, quick 0.5)")
    ap.add_argument("--only", action="append", default=[],
                    help="only kernels whose name contains this (repeatable)")
    ap.add_argument("--skip", action="append", default=[],
                    help="leave out kernels whose name contains this")
    ap.add_argument("--build", default=os.environ.get(
        "MDH_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    args = ap.parse_args()

    args.threads = args.threads or len(os.sched_getaffinity(0))
    args.budget = args.budget or ("15s" if args.quick else "60s")
    if args.min_time is None:
        args.min_time = 0.5 if args.quick else 2.0
    if args.quick and not args.only:
        args.only = ["matmul_1024", "matvec_4096"]
    # mcc_capsule: one run takes seconds to minutes; a candidate cannot be
    # measured within any reasonable budget.
    if not any("mcc_capsule" in o for o in args.only):
        args.skip.append("mcc_capsule")
    args.reps_for = lambda k: 0
    args.mdh_run = os.path.join(args.build, "bin", "mdh-run")
    args.mdh_opt = os.path.join(args.build, "bin", "mdh-opt")
    args.mdh_tune = os.path.join(args.build, "bin", "mdh-tune")
    args.bin_dir = os.path.join(BENCH, "build")
    args.env = dict(os.environ, OMP_NUM_THREADS=str(args.threads),
                    OMP_WAIT_POLICY="passive")
    for tool in (args.mdh_run, args.mdh_opt, args.mdh_tune):
        if not os.access(tool, os.X_OK):
            sys.exit(f"tune: {tool} not found; build first")

    snap = tempfile.mkdtemp(prefix="mdh-tune-bench-")
    try:
        for attr in ("mdh_run", "mdh_opt", "mdh_tune"):
            dst = os.path.join(snap, os.path.basename(getattr(args, attr)))
            shutil.copy2(getattr(args, attr), dst)
            setattr(args, attr, dst)
        return run(args)
    finally:
        shutil.rmtree(snap, ignore_errors=True)


def run(args):
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(args.out, exist_ok=True)
    info = bench.machine_info(args)
    print(f"# mdh-tune benchmark {stamp}: {info['cpu']}, {info['nproc']} "
          f"cores, {args.threads} threads, budget {args.budget} per kernel, "
          f"load {bench.loadavg()}")
    files = sorted(os.path.join(ROOT, "examples", f)
                   for f in os.listdir(os.path.join(ROOT, "examples"))
                   if f.endswith(".mlir"))
    kernels, _ = bench.read_examples(args.mdh_opt, files)
    kernels = [k for k in kernels
               if (not args.only or any(o in k.name for o in args.only))
               and not any(s in k.name for s in args.skip)]
    _, blas_bin, _ = bench.build_peers(args)

    rows, curves = [], []
    hdr = (f"{'kernel':<26} {'default ms':>11} {'tuned ms':>10} "
           f"{'tuned/def':>9} {'re-meas.':>8} {'evals':>9} "
           f"{'OpenBLAS ms':>11} {'tuned/BLAS':>10}")
    print(hdr)
    print("-" * len(hdr))
    for k in kernels:
        base = os.path.join(args.out, f"tune-{stamp}-{k.name}")
        t = tune_kernel(args, k, base + ".json", base + ".csv")
        d = bench.run_mdh(args, k)
        tuned = ({} if "error" in t else
                 bench.run_mdh(args, k, [f"--config={base}.json"]))
        blas = {}
        dims, _ = bench.peer_dims(k)
        if dims is not None and k.kind in bench.BLAS_KINDS:
            blas = bench.run_peer(args, blas_bin, k, dims)
        row = {
            "kernel": k.name,
            "budget": args.budget,
            "default_ms": d.get("ms"), "default_ok": d.get("ok"),
            "tuned_ms": tuned.get("ms"), "tuned_ok": tuned.get("ok"),
            "tuned_speedup": (d["ms"] / tuned["ms"]
                              if "ms" in d and "ms" in tuned else None),
            "remeasured_speedup": t.get("remeasured"),
            "kept_default": t.get("kept_default", False),
            "evals": t.get("evals"), "failed": t.get("failed"),
            "search_s": t.get("search_s"),
            "blas_ms": blas.get("ms"),
            "tuned_vs_blas": (blas["ms"] / tuned["ms"]
                              if "ms" in blas and "ms" in tuned else None),
            "tune_error": t.get("error", ""),
            "tune_cmd": t["cmd"],
        }
        rows.append(row)
        evals = (f"{row['evals']}({row['failed']})" if row["evals"] is not None
                 else "error")
        flags = "" if (d.get("ok") and tuned.get("ok", True)) else "  CHECK FAILED"
        print(f"{k.name:<26} {fmt(row['default_ms'], '11.3f')} "
              f"{fmt(row['tuned_ms'], '10.3f')} "
              f"{fmt(row['tuned_speedup'], '9.2f')} "
              f"{fmt(row['remeasured_speedup'], '7.2f')}"
              f"{'*' if row['kept_default'] else ' '} {evals:>9} "
              f"{fmt(row['blas_ms'], '11.3f')} "
              f"{fmt(row['tuned_vs_blas'], '10.2f')}{flags}"
              + (f"  tune: {row['tune_error']}" if row["tune_error"] else ""),
              flush=True)
        if k.kind == "matmul" and os.path.exists(base + ".csv"):
            curves.append((k.name, best_so_far(base + ".csv"),
                           row["default_ms"], row["blas_ms"]))

    out_csv = os.path.join(args.out, f"tune-{stamp}.csv")
    with open(out_csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else [])
        w.writeheader()
        w.writerows(rows)
    print(f"\ntuned/def: mdh-run default time / mdh-run time with the tuned "
          f"configuration (separate processes); re-meas.: mdh-tune's own "
          f"interleaved re-measurement of its best against the default (*: "
          f"the default was not slower, so mdh-tune wrote the default); "
          f"evals: evaluations (failed) in the "
          f"budget; tuned/BLAS: OpenBLAS time / tuned time.\nwrote {out_csv}")
    if curves:
        png = os.path.join(args.out, f"tune-{stamp}-matmul.png")
        write_chart(curves, png,
                    f"mdh-tune --budget={args.budget}, {args.threads} threads, "
                    f"{info['cpu']} ({stamp})")
        print(f"wrote {png}")
    return 0 if all(r["default_ok"] and r["tuned_ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
