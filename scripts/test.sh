#!/usr/bin/env bash
#===- test.sh - Set up, build and run the whole MDH-MLIR test suite -------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/setup.sh"

echo "== clang-format-22 (LLVM style, .clang-format)"
cd "$ROOT"
git ls-files -- '*.c' '*.h' '*.cpp' |
  xargs clang-format-22 --dry-run --Werror

echo "== generated docs are up to date"
ninja -C "$BUILD" mlir-doc >/dev/null
for d in mdh mdh_ll mdh_cl; do
  diff -u "$ROOT/docs/Dialects/$d.md" "$BUILD/docs/Dialects/$d.md"
done
diff -u "$ROOT/docs/Passes.md" "$BUILD/docs/MDHConversionPasses.md"
diff -u "$ROOT/docs/CLPasses.md" "$BUILD/docs/MDHCLPasses.md"

echo "== lit (check-mdh)"
ninja -C "$BUILD" -j2 check-mdh

echo "== CTest"
ctest --test-dir "$BUILD" --output-on-failure -j2

# Debian's python3 has the python3-numpy and python3-pytest of setup.sh; a
# python3 earlier on PATH (a virtualenv, pyenv) may lack them.
echo "== Python (python/tests)"
PYTHON="${MDH_PYTHON:-/usr/bin/python3}"
MDH_LIBRARY_PATH="$BUILD/lib" MDH_BUILD_DIR="$BUILD" \
  "$PYTHON" -m pytest -q "$ROOT/python/tests"

# The CPU peer benchmark's harness on the small examples, so that it cannot
# rot: every installed peer's result checked against NumPy in float64 (no
# timing claims; bench/README.md has the full run).
echo "== CPU peers (bench/peers/run.py --quick)"
bash "$ROOT/scripts/setup-peers.sh"
/usr/bin/python3 "$ROOT/bench/peers/run.py" --quick
