#!/usr/bin/env bash
#===- check-install.sh - `cmake --install` gives a working installation ---===#
#
#   check-install.sh <build dir> <source dir> [<C++ compiler> [<linker>]]
#
# Installs the build tree into a fresh prefix and checks that the tools, the
# libraries, the headers and the CMake package are there and that the
# installed tools run on their own (their RPATH finds libMLIR.so; nothing
# points back into the build tree's test outputs): every tool answers
# --version, mdh-opt lowers and emits a kernel, mdh-run runs one with its
# self-check. Then the consumer project (consumer/) is configured with
# find_package(MDH) against the prefix alone, built with the given compiler
# and linker (lld: -fuse-ld=lld), and lowers a kernel to CL-IR.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
BUILD="$1"
SRC="$2"
CXX_COMPILER="${3:-c++}"
LINKER="${4:-}"
PREFIX="$(mktemp -d)"
CONSUMER="$(mktemp -d)"
trap 'rm -rf "$PREFIX" "$CONSUMER"' EXIT

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
for lib in libMDHCAPI.so libMDHPlugin.so libMDHHL.a libMDHLL.a libMDHCL.a \
  libMDHPipelines.a libMDHRegistration.a libMDHSupport.a libmdh_cuda_runtime.so; do
  need "lib/$lib"
done
for header in mdh-c/Dialects.h mdh-c/Host.h mdh-c/GPU.h \
  mdh/InitMDH.h mdh/Dialect/HL/MDHOps.h mdh/gpu_runtime.h \
  mdh/Dialect/HL/MDHOps.h.inc mdh/Support/Version.h; do
  need "include/$header"
done
for file in MDHConfig.cmake MDHConfigVersion.cmake MDHTargets.cmake; do
  need "lib/cmake/mdh/$file"
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

# The installed plugin loads into the packaged upstream mlir-opt (it links
# the libMLIR.so that mlir-opt links) and runs the host pipeline.
UPSTREAM_OPT="$(command -v mlir-opt-22 || true)"
if [[ -n "$UPSTREAM_OPT" ]]; then
  PLUGIN="$PREFIX/lib/libMDHPlugin.so"
  expect "mlir-opt-22 with libMDHPlugin.so" "omp.parallel" \
    "$("$UPSTREAM_OPT" --load-dialect-plugin="$PLUGIN" \
      --load-pass-plugin="$PLUGIN" "$MV" \
      --pass-pipeline='builtin.module(mdh-lower-to-clir{target=openmp},mdh-host-to-llvm)')"
fi

# The consumer sees the installed tree only: CMAKE_PREFIX_PATH is the
# prefix, and the source and build trees are nowhere on its command line.
linker_flags=()
if [[ -n "$LINKER" ]]; then
  linker_flags=("-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=$LINKER")
fi
configured="$(cmake -G Ninja -S "$SRC/test/install/consumer" -B "$CONSUMER" \
  -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_CXX_COMPILER="$CXX_COMPILER" \
  "${linker_flags[@]}" 2>&1)" || {
  echo "$configured" >&2
  exit 1
}
expect "consumer: find_package(MDH)" "Using MDHConfig.cmake .* in: $PREFIX/lib/cmake/mdh" \
  "$configured"
built="$(ninja -C "$CONSUMER" -j2 2>&1)" || {
  echo "$built" >&2
  exit 1
}
lowered="$("$CONSUMER/mdh-consumer" "$MV")"
expect "consumer" "mdh_cl.par_for" "$lowered"
expect "consumer" "^mdh-consumer: [0-9]* mdh_cl ops$" "$lowered"
echo "check-install: OK ($PREFIX)"
