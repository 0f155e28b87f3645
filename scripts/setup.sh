#!/usr/bin/env bash
#===- setup.sh - Install dependencies, configure and build MDH-MLIR -------===#
#
# Idempotent: installs only missing Debian packages, configures only once,
# and lets Ninja rebuild only what changed. Works as root on a fresh
# Debian 12 (bookworm) machine; uses sudo when not root.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup-lib.sh
source "$ROOT/scripts/setup-lib.sh"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
JOBS="${MDH_JOBS:-2}"

# docs/design.md §9. LLVM/MLIR 22 come from bookworm-security.
PACKAGES=(
  cmake ninja-build python3
  llvm-22 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  clang-22 clang-format-22 lld-22 libomp-22-dev
  # scripts/test-sanitizers.sh: clang-22's ASan and UBSan runtimes
  # (/usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.{asan,ubsan}*).
  libclang-rt-22-dev
  # bench/: the OpenBLAS peer (Debian's OpenMP build) and the chart.
  libopenblas0-openmp libopenblas-openmp-dev python3-matplotlib
  # GPU targets (compile-only checks): HIP headers and hipcc for gfx90a, the
  # AMDGPU device libraries (amdgcn/bitcode) for the rocdl path.
  hipcc libamdhip64-dev rocm-device-libs
  # python/: the package's one run-time dependency and its tests.
  python3-numpy python3-pytest
  # examples/torch: a virtual environment for torch and torch-mlir.
  python3-venv
)

mdh_install_packages setup "${PACKAGES[@]}"

if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C "$BUILD" -j"$JOBS" --quiet

# examples/torch and its test: torch (CPU) and torch-mlir from PyPI.
bash "$ROOT/scripts/setup-torch.sh"

# bench/gpu_mix.py and its test: NVIDIA's SASS disassemblers from PyPI.
bash "$ROOT/scripts/setup-gpu-tools.sh"
