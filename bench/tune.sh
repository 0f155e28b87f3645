#!/usr/bin/env bash
#===- tune.sh - The tuning benchmark: default vs tuned vs OpenBLAS ---------===#
#
#   bench/tune.sh [--quick] [--budget=60s] [tune.py options]
#
# Tunes every example kernel (but mcc_capsule) with mdh-tune under one fixed
# budget per kernel (60 s unless --budget says otherwise), then measures the
# default and the tuned configuration with mdh-run and OpenBLAS where it has
# the kernel, each in its own process. Prints a table; writes
# bench/results/tune-*.csv, the tuner's logs and configurations, and a PNG of
# the best time so far over the evaluations of the MatMul kernels. Builds
# nothing: run scripts/setup.sh (or bench/run.sh) first.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY=/usr/bin/python3
[[ -x "$PY" ]] || PY=python3
start=$(date +%s)
status=0
"$PY" "$ROOT/bench/tune.py" "$@" || status=$?
echo "bench/tune.sh: $(($(date +%s) - start)) s in all"
exit $status
