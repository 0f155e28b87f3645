#!/usr/bin/env bash
# Sizes and build costs of the tuning spaces (docs/tuning-parameters.md).
#
#   bench/space-sizes.sh [BUILD_DIR]
#
# 1. MatMul 1024^3 on cuda (sm_90) alone, in a fresh process: build time of
#    the space and peak resident set size (VmHWM) over the baseline of the
#    same program before it parses anything (libMLIR.so loaded).
# 2. Every example kernel on openmp, cuda:sm_90 and hip:gfx942: number of
#    configurations, trees, tunable parameters, stored nodes and edges,
#    memory of the trees and build time.
#
# Build the tool first: ninja -C BUILD_DIR mdh-space-report
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
report="$build/test/unit/mdh-space/mdh-space-report"
if [[ ! -x "$report" ]]; then
  echo "error: $report not found; run: ninja -C $build mdh-space-report" >&2
  exit 1
fi

echo "== MatMul 1024^3 on cuda:sm_90, alone"
"$report" --examples "$root/examples" --kernel "matmul.mlir @matmul_1024" \
  --target cuda:sm_90
echo
echo "== Every example on every target"
"$report" --examples "$root/examples"
