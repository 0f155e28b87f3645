#!/usr/bin/env bash
#===- main.sh - The main job: every example kernel, run and self-checked --===#
#
# Sets up and builds, then runs every kernel of examples/ at full size on
# the CPU through mdh-run --target=openmp: HL-IR scheduled with the default
# heuristic (LL-IR), lowered to CL-IR, optimized, compiled to OpenMP host
# code and JIT-compiled in process; each kernel is self-checked against the
# f64 reference (sampled for large outputs) and timed. One line per kernel.
# Then the benchmark table of bench/run.sh (OpenBLAS and plain-loop peers).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/setup.sh"

# 1.2e11 multiply-adds: one timed run is enough.
ONE_REP=(mcc_capsule)

status=0
echo "== MDH-MLIR examples on the host (target: openmp, heuristic configuration)"
for file in "$ROOT"/examples/*.mlir; do
  name="$(basename "$file" .mlir)"
  reps=()
  if [[ " ${ONE_REP[*]} " == *" $name "* ]]; then
    reps=(--reps=1)
  fi
  "$BUILD/bin/mdh-run" "$file" --target=openmp "${reps[@]}" | grep -v '^#' ||
    status=1
done
echo
echo "== Benchmark: the same kernels against OpenBLAS and plain OpenMP loops (bench/run.sh)"
MDH_BENCH_NO_SETUP=1 bash "$ROOT/bench/run.sh" || status=1
exit $status
