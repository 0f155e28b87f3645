#!/usr/bin/env bash
#===- main.sh - The main job: every example kernel, run and self-checked --===#
#
#   bash scripts/main.sh [--quick]
#
# Sets up and builds, then runs every kernel of examples/ at full size on
# the CPU through mdh-run --target=openmp:host: HL-IR scheduled for this machine with the default
# heuristic (LL-IR), lowered to CL-IR, optimized, compiled to OpenMP host
# code and JIT-compiled in process; each kernel is self-checked against the
# f64 reference (sampled for large outputs) and timed. One line per kernel.
# Then the GPU output for one kernel (MatVec): CUDA source compiled by nvcc,
# PTX from the gpu/nvvm pipeline assembled by ptxas, AMDGPU assembly and a
# code object (no GPU is needed: nothing runs on one). Then the benchmark
# table of bench/run.sh (OpenBLAS and plain-loop peers).
#
# --quick (what CI runs first, on its fresh clone): the same steps on the
# small examples of examples/small/, without the benchmark.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
QUICK=0
for arg in "$@"; do
  case "$arg" in
  --quick) QUICK=1 ;;
  *)
    echo "usage: bash scripts/main.sh [--quick]" >&2
    exit 2
    ;;
  esac
done
bash "$ROOT/scripts/setup.sh"
EXAMPLES="$ROOT/examples"
((QUICK)) && EXAMPLES="$ROOT/examples/small"
start=$(date +%s)

# 1.2e11 multiply-adds: one timed run is enough.
ONE_REP=(mcc_capsule)

status=0
echo "== MDH-MLIR examples on the host (target: openmp:host, heuristic configuration)"
for file in "$EXAMPLES"/*.mlir; do
  name="$(basename "$file" .mlir)"
  reps=()
  if [[ " ${ONE_REP[*]} " == *" $name "* ]]; then
    reps=(--reps=1)
  fi
  "$BUILD/bin/mdh-run" "$file" --target=openmp:host "${reps[@]}" | grep -v '^#' ||
    status=1
done

echo
echo "== GPU output for examples/matvec.mlir (compiled and assembled here, not run)"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
PATH="$PATH:/usr/local/cuda/bin"
MV="$ROOT/examples/matvec.mlir"
"$BUILD/bin/mdh-opt" "$MV" --mdh-lower-to-clir --emit-cuda -o "$OUT/matvec.cu" ||
  status=1
echo "-- CUDA (mdh-opt examples/matvec.mlir --mdh-lower-to-clir --emit-cuda), the workspace query and launch function of matvec_4096:"
sed -n '/^extern "C" size_t matvec_4096_workspace_size(/,/^}/p
  /^extern "C" cudaError_t matvec_4096(/,/^}/p' "$OUT/matvec.cu"
if command -v nvcc >/dev/null; then
  nvcc -arch=sm_90 -c "$OUT/matvec.cu" -o "$OUT/matvec.o" -Xptxas -v 2>&1 |
    grep -A1 'Function properties for .*matvec_4096_main' || status=1
else
  echo "nvcc not found: CUDA compile check skipped"
fi
"$BUILD/bin/mdh-opt" "$MV" --mdh-lower-to-ptx=chip=sm_90 |
  "$BUILD/bin/mdh-translate" --emit-ptx -o "$OUT/matvec.ptx" || status=1
echo "-- PTX (--mdh-lower-to-ptx=chip=sm_90 | mdh-translate --emit-ptx), first lines:"
grep -m 12 -v '^//\|^$' "$OUT/matvec.ptx"
if command -v ptxas >/dev/null; then
  awk '/^\/\/ gpu.binary @matvec_4096_main/{p=1;next} /^\/\/ gpu.binary/{p=0} p' \
    "$OUT/matvec.ptx" >"$OUT/main.ptx"
  ptxas -arch=sm_90 -v "$OUT/main.ptx" -o "$OUT/main.cubin" 2>&1 | grep -v '^$' ||
    status=1
fi
echo "-- AMDGPU (--mdh-lower-to-amdgpu, gfx942): assembly and code object"
"$BUILD/bin/mdh-opt" "$MV" --mdh-lower-to-amdgpu="chip=gfx942 format=isa" -o "$OUT/amd-isa.mlir" &&
  grep -o 'gpu.binary @[a-z0-9_]* *\[#gpu.object<#rocdl.target<[^>]*>' "$OUT/amd-isa.mlir" || status=1
"$BUILD/bin/mdh-opt" "$MV" --mdh-lower-to-amdgpu="chip=gfx942 format=bin" -o "$OUT/amd-bin.mlir" &&
  echo "code objects: $(grep -c 'bin = "\\7FELF' "$OUT/amd-bin.mlir") ELF object(s) for gfx942" ||
  status=1

if ((!QUICK)); then
  echo
  echo "== Benchmark: the same kernels against OpenBLAS and plain OpenMP loops (bench/run.sh)"
  MDH_BENCH_NO_SETUP=1 bash "$ROOT/bench/run.sh" || status=1
fi
echo
echo "main.sh: $(($(date +%s) - start)) s after setup, $([[ $status == 0 ]] && echo OK || echo FAILED)"
exit $status
