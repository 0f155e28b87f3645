#!/usr/bin/env bash
#===- test-sanitizers.sh - Build with ASan+UBSan and run the lit suite ----===#
#
# Configures a separate build tree (build-asan) with -DMDH_ENABLE_SANITIZERS=ON,
# builds it and runs lit over the given test/lit directories, CTest
# (`ctest`) and the Python tests (`pytest`); by default the lit set in
# docs/reliability.md, "Sanitizers", then CTest and pytest. Any sanitizer
# report fails the test that triggered it: UBSan does not recover and ASan
# aborts.
#
#   scripts/test-sanitizers.sh                 # everything
#   scripts/test-sanitizers.sh tools/mdh-run   # chosen ones (under test/lit)
#   scripts/test-sanitizers.sh ctest pytest    # CTest and pytest only
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
  DIRS=(Dialect Conversion Target TuningSpace bad-input examples tools Plugin
    ctest pytest)
fi
paths=()
run_ctest=0
run_pytest=0
for d in "${DIRS[@]}"; do
  case "$d" in
    ctest) run_ctest=1 ;;
    pytest) run_pytest=1 ;;
    *) paths+=("$BUILD/test/lit/$d") ;;
  esac
done
if [[ -n "${MDH_BUILD_LOCK:-}" ]]; then LOCK=(flock -s "$MDH_BUILD_LOCK"); fi
# The shared ASan runtime (it carries the UBSan handlers too), for the
# uninstrumented programs that load sanitized libraries: the upstream
# mlir-opt-22 of the plugin tests (test/lit/lit.cfg.py) and Python.
ASAN_RT=/usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.asan-x86_64.so
export MDH_SANITIZER_PRELOAD="$ASAN_RT"
status=0
if ((${#paths[@]} > 0)); then
  "${LOCK[@]}" /usr/lib/llvm-22/bin/lit -sv "${paths[@]}" || status=1
fi
if ((run_ctest)); then
  # Not mdh-install-test: it builds an uninstrumented consumer against the
  # installed (sanitized) libraries and loads the installed plugin into
  # mlir-opt-22 without the runtime.
  echo "== CTest (sanitized)"
  "${LOCK[@]}" ctest --test-dir "$BUILD" --output-on-failure -j"$JOBS" \
    -E '^mdh-install-test$' || status=1
fi
if ((run_pytest)); then
  # Python is not instrumented: the runtime is preloaded for the sanitized
  # C library it loads. sitecustomize.py drops LD_PRELOAD again, so that the sanitized tools
  # the tests start (with the runtime linked in) do not get a second one.
  echo "== pytest (sanitized)"
  site="$BUILD/sanitizer-site"
  mkdir -p "$site"
  printf '%s\n' 'import os' 'os.environ.pop("LD_PRELOAD", None)' \
    >"$site/sitecustomize.py"
  PYTHON="${MDH_PYTHON:-/usr/bin/python3}"
  "${LOCK[@]}" env \
    LD_PRELOAD="$ASAN_RT" \
    PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}" \
    MDH_LIBRARY_PATH="$BUILD/lib" MDH_BUILD_DIR="$BUILD" \
    "$PYTHON" -m pytest -q "$ROOT/python/tests" || status=1
fi
exit "$status"
