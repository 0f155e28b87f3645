#!/usr/bin/env bash
#===- ablation.sh - Each CL-IR optimization disabled, one at a time --------===#
#
#   bench/ablation.sh [--quick] [ablation.py options]
#
# Sets up and builds (scripts/setup.sh; MDH_BENCH_NO_SETUP=1 skips it), then
# runs bench/ablation.py: for every example kernel but mcc_capsule and every
# CL-IR optimization, mdh-run --target=openmp --disable-pass=NAME against
# all passes on, one process per measurement; prints the percent change per
# kernel x pass and writes bench/results/ablation-*.csv. See bench/README.md.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${MDH_BENCH_NO_SETUP:-0}" != 1 ]]; then
  bash "$ROOT/scripts/setup.sh"
fi
PY=/usr/bin/python3
[[ -x "$PY" ]] || PY=python3
start=$(date +%s)
status=0
"$PY" "$ROOT/bench/ablation.py" "$@" || status=$?
echo "bench/ablation.sh: $(($(date +%s) - start)) s in all"
exit $status
