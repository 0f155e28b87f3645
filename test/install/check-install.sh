#!/usr/bin/env bash
#===- check-install.sh - `cmake --install` gives a working installation ---===#
#
#   check-install.sh <build dir> <source dir>
#
# Installs the build tree into a fresh prefix and checks that the tools, the
# libraries and the headers are there and that the installed tools run on
# their own (their RPATH finds libMLIR.so; nothing points back into the
# build tree's test outputs): every tool answers --version, mdh-opt lowers
# and emits a kernel, mdh-run runs one with its self-check.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
BUILD="$1"
SRC="$2"
PREFIX="$(mktemp -d)"
trap 'rm -rf "$PREFIX"' EXIT

cmake --install "$BUILD" --prefix "$PREFIX" >/dev/null
fail=0
need() {
  if [[ ! -e "$PREFIX/$1" ]]; then
    echo "check-install: missing $1" >&2
    fail=1
  fi
}
for tool in mdh-opt mdh-run mdh-translate mdh-tune; do
  need "bin/$tool"
done
for lib in libMDHCAPI.so libMDHHL.a libMDHLL.a libMDHCL.a libMDHPipelines.a \
  libMDHRegistration.a libMDHSupport.a libmdh_cuda_runtime.so; do
  need "lib/$lib"
done
for header in mdh-c/Dialects.h mdh-c/Host.h mdh-c/GPU.h \
  mdh/InitMDH.h mdh/Dialect/HL/MDHOps.h mdh/gpu_runtime.h \
  mdh/Dialect/HL/MDHOps.h.inc mdh/Support/Version.h; do
  need "include/$header"
done
((fail == 0)) || exit 1

# Each output is captured first: `cmd | grep -q` under pipefail fails when
# grep stops reading before the command has written everything.
expect() { # WHAT PATTERN OUTPUT
  if ! grep -q -- "$2" <<<"$3"; then
    echo "check-install: $1: no '$2' in:" >&2
    echo "$3" >&2
    exit 1
  fi
}
for tool in mdh-opt mdh-run mdh-translate mdh-tune; do
  expect "$tool --version" "^$tool (MDH-MLIR) " "$("$PREFIX/bin/$tool" --version)"
done
MV="$SRC/examples/small/matvec.mlir"
expect "mdh-opt --emit-cuda" "__global__" \
  "$("$PREFIX/bin/mdh-opt" "$MV" --mdh-lower-to-clir --emit-cuda)"
clir="$("$PREFIX/bin/mdh-opt" "$MV" --mdh-lower-to-clir=target=openmp)"
expect "mdh-translate --emit-c" "#pragma omp" \
  "$("$PREFIX/bin/mdh-translate" --emit-c <<<"$clir")"
expect "mdh-run" " OK$" \
  "$("$PREFIX/bin/mdh-run" "$MV" --target=openmp --reps=1)"
echo "check-install: OK ($PREFIX)"
