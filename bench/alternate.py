# ===- alternate.py - Two ways to run one kernel, timed in turns ----------===#
#
# Shared by bench/capi_vs_mdhrun.py and bench/python_vs_mdhrun.py: the
# mdh-run side, and the rounds that run both sides in fresh processes in
# alternating order (side A first in rounds 1, 3, ...) and summarize them as
# median, min and max per side and the ratio of the medians (A / mdh-run).
#
# ===---------------------------------------------------------------------===#

import json
import os
import statistics
import subprocess


def run_mdh_run(args, extra=()):
    """The median of `--reps` timed runs of `args.func` in one mdh-run
    process (`--check=none`: the same work as the other side)."""
    out = subprocess.run(
        [os.path.join(args.build, "bin", "mdh-run"), args.file,
         "--target=openmp", "--func=" + args.func, "--reps=" + str(args.reps),
         "--threads=" + str(args.threads), "--check=none", "--json",
         *extra],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)["kernels"][0]["median_ms"]


def summary(times):
    return (f"median {statistics.median(times):8.3f} ms  "
            f"min {min(times):8.3f}  max {max(times):8.3f}")


def alternate(rounds, label, run, run_mdh, bar=""):
    """Runs `run` (side `label`) and `run_mdh` (mdh-run) once per round, in
    turns, prints each round and the summary; returns the ratio."""
    mine, theirs = [], []
    for r in range(rounds):
        order = [(label, run), ("mdh-run", run_mdh)]
        if r % 2:
            order.reverse()
        row = {name: fn() for name, fn in order}
        mine.append(row[label])
        theirs.append(row["mdh-run"])
        print(f"round {r + 1}: {label:8} {row[label]:8.3f} ms   "
              f"mdh-run {row['mdh-run']:8.3f} ms   (first: {order[0][0]})",
              flush=True)
    print(f"{label:8} {summary(mine)}")
    print(f"mdh-run  {summary(theirs)}")
    ratio = statistics.median(mine) / statistics.median(theirs)
    print(f"ratio {label} / mdh-run (medians): {ratio:.3f}{bar}")
    return ratio
