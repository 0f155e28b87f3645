#!/usr/bin/env bash
#===- main.sh - The main job: every example kernel, run and self-checked --===#
#
# Sets up and builds, then runs every kernel of examples/ on the CPU through
# mdh-run: at full size (sampled self-check against the f64 reference) where
# the oracle finishes in a few seconds, otherwise the small variant of
# examples/small/ (every point checked). One line per kernel.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/setup.sh"

# Full size takes the oracle about a minute (1.2e11 multiply-adds).
SMALL_ONLY=(mcc_capsule)

status=0
echo "== MDH-MLIR examples on the host (target: oracle loops, JIT in process)"
for file in "$ROOT"/examples/*.mlir; do
  name="$(basename "$file" .mlir)"
  if [[ " ${SMALL_ONLY[*]} " == *" $name "* ]]; then
    echo "-- $name: small variant (full size is too slow for the oracle)"
    file="$ROOT/examples/small/$name.mlir"
  else
    echo "-- $name: full size"
  fi
  "$BUILD/bin/mdh-run" "$file" | grep -v '^#' || status=1
done
exit $status
