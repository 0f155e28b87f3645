#!/usr/bin/env bash
#===- test-sanitizers.sh - Build with ASan+UBSan and run the lit suite ----===#
#
# Configures a separate build tree (build-asan) with -DMDH_ENABLE_SANITIZERS=ON,
# builds it and runs lit over the given test/lit directories (default: the
# set in docs/reliability.md, "Sanitizers"). Any sanitizer report fails the
# test that triggered it: UBSan does not recover and ASan aborts.
#
#   scripts/test-sanitizers.sh                 # default directories
#   scripts/test-sanitizers.sh tools/mdh-run   # chosen ones (under test/lit)
#
# MDH_ASAN_BUILD_DIR (default build-asan), MDH_JOBS (default 2) and
# MDH_BUILD_LOCK (a flock file wrapped around ninja and lit) as in setup.sh.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MDH_ASAN_BUILD_DIR:-$ROOT/build-asan}"
JOBS="${MDH_JOBS:-2}"
LOCK=()
if [[ -n "${MDH_BUILD_LOCK:-}" ]]; then LOCK=(flock "$MDH_BUILD_LOCK"); fi

# The sanitizer runtimes come from libclang-rt-22-dev (scripts/setup.sh).
if [[ ! -f /usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.asan-x86_64.a ]]; then
  echo "test-sanitizers: missing the ASan runtime; run scripts/setup.sh" >&2
  exit 1
fi

if [[ ! -f "$BUILD/build.ninja" ]]; then
  # -O1: sanitized code at -O3 compiles much slower and finds nothing more.
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DMDH_ENABLE_SANITIZERS=ON >/dev/null
fi
if [[ "${MDH_SKIP_BUILD:-0}" != 1 ]]; then
  "${LOCK[@]}" ninja -C "$BUILD" -j"$JOBS" --quiet
fi

# detect_leaks=0: MLIR's registries and the tools' exit paths (llvm_shutdown
# is skipped on error) leave reachable-at-exit allocations LSan calls leaks.
# The JIT'ed kernels and libomp are not instrumented, which ASan allows.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=0:abort_on_error=1:halt_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

DIRS=("$@")
if ((${#DIRS[@]} == 0)); then
  DIRS=(Dialect Conversion Target TuningSpace bad-input examples tools)
fi
paths=()
for d in "${DIRS[@]}"; do paths+=("$BUILD/test/lit/$d"); done
if [[ -n "${MDH_BUILD_LOCK:-}" ]]; then LOCK=(flock -s "$MDH_BUILD_LOCK"); fi
"${LOCK[@]}" /usr/lib/llvm-22/bin/lit -sv "${paths[@]}"
