#!/usr/bin/env python3
"""Ablation of the CL-IR optimizations on the host (openmp) path.

For every kernel of examples/*.mlir (mcc_capsule, the longest, left out) and every CL-IR optimization mdh-run knows, one mdh-run process
with that one optimization disabled (--disable-pass=NAME), next to runs
with all of them on: the baseline is measured twice per kernel, first and
last, and its median time is the mean of the two; the spread of the two
('noise') shows how far apart two identical runs were. The table gives
percent change in median time, (t_disabled / t_baseline - 1) * 100:
positive = slower without the pass (the pass helps).
bench/ablation.sh is the command; `ablation.py --help` lists the options.
"""

import argparse
import csv
import datetime
import os
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def pass_names(mdh_run, some_file):
    """The CL-IR optimizations, from mdh-run's own list (its error message
    for an unknown name), so that the table follows the pipeline."""
    r = bench.run_capture([mdh_run, some_file, "--target=openmp",
                           "--disable-pass=list-the-passes"])
    m = re.search(r"known: (.*)$", r.stderr.strip(), re.M)
    if not m:
        sys.exit(f"ablation: cannot read the pass list from mdh-run:\n"
                 f"{r.stderr}")
    return [p.strip() for p in m.group(1).split(",") if p.strip()]


def lowered(args, src, disable=None):
    """The kernel's LLVM-dialect module as mdh-opt lowers it (all CL-IR
    optimizations, or all but `disable`), or None if that fails."""
    pipe = "--mdh-host-to-llvm" + (f"=disable={disable}" if disable else "")
    r = bench.run_capture([args.mdh_opt, src, "--mdh-lower-to-clir=target=openmp",
                           pipe])
    return r.stdout if r.returncode == 0 else None


def short(name):
    return name.removeprefix("mdh-cl-")


def code(name):
    """A column label: the initials of the pass name, e.g. 'AIR' for
    mdh-cl-accumulate-in-registers."""
    return "".join(w[0] for w in short(name).split("-")).upper()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="min-time 0.1 s instead of 0.3 s")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--min-time", type=float, default=None,
                    help="seconds of timed runs per measurement (>= 3 runs, "
                    "<= 100; default 0.3, quick 0.1)")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--skip", action="append", default=["mcc_capsule"])
    ap.add_argument("--build", default=os.environ.get(
        "MDH_BUILD_DIR", os.path.join(bench.ROOT, "build")))
    ap.add_argument("--out", default=os.path.join(bench.BENCH, "results"))
    args = ap.parse_args()
    args.threads = args.threads or len(os.sched_getaffinity(0))
    if args.min_time is None:
        args.min_time = 0.1 if args.quick else 0.3
    args.reps_for = lambda k: 0
    args.mdh_run = os.path.join(args.build, "bin", "mdh-run")
    args.mdh_opt = os.path.join(args.build, "bin", "mdh-opt")
    args.env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    for tool in (args.mdh_run, args.mdh_opt):
        if not os.access(tool, os.X_OK):
            sys.exit(f"ablation: {tool} not found; build first "
                     "(scripts/setup.sh)")

    started = time.time()
    snap, stamps = bench.snapshot_tools(args)
    try:
        return run_ablation(args, started, stamps)
    finally:
        shutil.rmtree(snap, ignore_errors=True)


def run_ablation(args, started, stamps):
    files = sorted(os.path.join(bench.ROOT, "examples", f)
                   for f in os.listdir(os.path.join(bench.ROOT, "examples"))
                   if f.endswith(".mlir"))
    kernels, combiners = bench.read_examples(args.mdh_opt, files)
    skipped = [k.name for k in kernels
               if any(s in k.name for s in args.skip) or
               (args.only and not any(o in k.name for o in args.only))]
    kernels = [k for k in kernels if k.name not in skipped]
    passes = pass_names(args.mdh_run, files[0])
    info = bench.machine_info(args)

    print("== CL-IR optimization ablation" + (" (quick)" if args.quick
                                              else ""))
    print(f"machine: {info['cpu']}, nproc {info['nproc']}; threads "
          f"{args.threads}; load average at start {bench.loadavg()}")
    print(f"tools:   copies of {bench.tool_dates(stamps)}")
    print("command per measurement (one process each):")
    print(f"  mdh-run FILE "
          f"--target=openmp --threads={args.threads} --func=KERNEL "
          f"--min-time={args.min_time} [--disable-pass=NAME]")
    print(f"order per kernel: all passes on, then each pass disabled, then "
          f"all on again; left out: {', '.join(skipped) or 'none'}")
    print("cell = % change of the median time with that pass disabled vs all "
          "on (baseline = mean of the two all-on runs): + = slower without "
          "it (the pass helps). 'noise' = |difference of the two all-on "
          "runs| / their mean. Shared, noisy machine: medians, and read "
          "changes within the noise as none.")
    print("(+x%) in parentheses: with that pass disabled mdh-opt "
          "--mdh-lower-to-clir=target=openmp --mdh-host-to-llvm=disable=NAME "
          "gives the same code as with all passes on (the pass does nothing "
          "to this kernel, or is not on by default): the change is noise.")
    print("columns (CL-IR optimizations, in pipeline order):")
    for p in passes:
        print(f"  {code(p):<5} {p}")
    print(flush=True)

    cols = [code(p) for p in passes]
    w = max(8, max(len(c) for c in cols))
    hdr = (f"{'kernel':<26} {'all-on ms':>10} {'noise':>6} " +
           " ".join(f"{c:>{w}}" for c in cols))
    print(hdr)
    print("-" * len(hdr), flush=True)
    rows, failures = [], 0
    for k in kernels:
        with tempfile.TemporaryDirectory(prefix="mdh-ablation-") as work:
            src = os.path.join(work, "k.mlir")
            bench.write_kernel_module(k, combiners, src)
            code_on = lowered(args, src)
            same = {p: code_on is not None and lowered(args, src, p) == code_on
                    for p in passes}
        runs = [("", bench.run_mdh(args, k))]
        for p in passes:
            runs.append((p, bench.run_mdh(args, k, [f"--disable-pass={p}"])))
        runs.append(("", bench.run_mdh(args, k)))
        base = [r for p, r in runs if not p and "ms" in r]
        b = sum(r["ms"] for r in base) / len(base) if base else None
        noise = (abs(base[0]["ms"] - base[1]["ms"]) / b * 100
                 if len(base) == 2 and b else None)
        row = {"kernel": k.name, "file": os.path.relpath(k.file, bench.ROOT),
               "baseline_ms": b, "baseline_1_ms": runs[0][1].get("ms"),
               "baseline_2_ms": runs[-1][1].get("ms"), "noise_pct": noise,
               "threads": args.threads, "min_time_s": args.min_time}
        cells = []
        for p, r in runs[1:-1]:
            row[f"{p}_ms"] = r.get("ms")
            if "ms" not in r or not r.get("ok"):
                failures += 1
                row[f"{p}_pct"] = None
                row[f"{p}_note"] = r.get("error") or "check FAIL"
                cells.append("FAIL" if "ms" in r else "error")
                continue
            pct = (r["ms"] / b - 1) * 100 if b else None
            row[f"{p}_pct"] = pct
            row[f"{p}_same_code"] = same[p]
            cell = bench.fmt(pct, "+.1f") + "%" if pct is not None else "-"
            cells.append(f"({cell})" if same[p] else cell)
        failures += sum(1 for _, r in (runs[0], runs[-1])
                        if "ms" not in r or not r.get("ok"))
        rows.append(row)
        print(f"{k.name:<26} {bench.fmt(b, '10.3f'):>10} "
              f"{bench.fmt(noise, '5.1f') + '%' if noise is not None else '-':>6} "
              + " ".join(f"{c:>{w}}" for c in cells), flush=True)
        for p, r in runs:
            if "error" in r:
                print(f"  note: {short(p) or 'all-on'}: {r['error']}")

    os.makedirs(args.out, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = os.path.join(args.out, f"ablation-{stamp}" +
                        ("-quick" if args.quick else "") + ".csv")
    fields = []
    for r in rows:
        fields += [f for f in r if f not in fields]
    with open(path, "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=fields)
        wr.writeheader()
        wr.writerows([{n: round(v, 6) if isinstance(v, float) else v
                       for n, v in r.items()} for r in rows])
    print()
    print(f"load average at end {bench.loadavg()}; total ablation time "
          f"{time.time() - started:.0f} s")
    print(f"csv: {os.path.relpath(path, bench.ROOT)}")
    bench.note_if_rebuilt(stamps)
    if failures:
        print(f"ablation: {failures} failed run(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
