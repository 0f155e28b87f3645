#!/usr/bin/env bash
#===- run.sh - MDH against every CPU peer: bench/peers/run.py ------------===#
#
#   bench/peers/run.sh [--quick] [run.py options]
#
# Installs the peers first (scripts/setup-peers.sh: idempotent, pinned;
# MDH_BENCH_NO_SETUP=1 or --quick skips it: --quick uses only the peers
# already installed), then runs bench/peers/run.py under Debian's
# /usr/bin/python3 (NumPy and matplotlib for the reference and the charts).
# Needs the MDH tools built (build/bin/mdh-run, mdh-opt, mdh-tune:
# scripts/setup.sh). Writes bench/results/peers/peers-*.{md,csv,png}; see
# bench/README.md.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
quick=0
for a in "$@"; do [[ "$a" == --quick ]] && quick=1; done
if [[ "${MDH_BENCH_NO_SETUP:-0}" != 1 && $quick == 0 ]]; then
  bash "$ROOT/scripts/setup-peers.sh"
fi
PY=/usr/bin/python3
[[ -x "$PY" ]] || PY=python3
start=$(date +%s)
status=0
"$PY" "$ROOT/bench/peers/run.py" "$@" || status=$?
echo "bench/peers/run.sh: $(($(date +%s) - start)) s in all"
exit $status
