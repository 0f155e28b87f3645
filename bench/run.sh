#!/usr/bin/env bash
#===- run.sh - The host benchmark: MDH vs OpenBLAS vs plain C loops --------===#
#
#   bench/run.sh [--quick] [bench.py options]
#
# Sets up and builds (scripts/setup.sh; MDH_BENCH_NO_SETUP=1 skips it), then
# runs bench/bench.py: every kernel of examples/*.mlir through mdh-run
# --target=openmp, the OpenBLAS and plain C + OpenMP peers of
# bench/peers/, and the HL-IR -> object compile time and peak memory, one
# process per measurement. Prints a table; writes bench/results/*.csv and
# *.png. See bench/README.md.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${MDH_BENCH_NO_SETUP:-0}" != 1 ]]; then
  bash "$ROOT/scripts/setup.sh"
fi
# Debian's interpreter (python3-matplotlib is installed for it), not a
# python3 that happens to be first on PATH.
PY=/usr/bin/python3
[[ -x "$PY" ]] || PY=python3
start=$(date +%s)
status=0
"$PY" "$ROOT/bench/bench.py" "$@" || status=$?
echo "bench/run.sh: $(($(date +%s) - start)) s in all"
exit $status
