#!/usr/bin/env bash
#===- setup-peers.sh - The CPU peers of bench/peers/run.py ---------------===#
#
# Idempotent: installs the Debian packages the peers need only when they are
# missing, and creates a virtual environment with the PyPI peers, pinned,
# once; does nothing when it already holds those versions. PyTorch comes
# from scripts/setup-torch.sh (build/torch-venv), which this runs too.
#
#   MDH_PEERS_VENV   where (default: $MDH_BUILD_DIR/peers-venv, i.e. build/)
#   MDH_SKIP_PEERS=1 install nothing (run.py then shows those peers as not
#                    installed)
#
# What is installed (bench/README.md, "bench/peers/run.py"):
#   Debian: clang-22 and libomp-22-dev (C loops), llvm-22-linker-tools
#           (LLVMPolly.so: clang-22 -mllvm -polly), mlir-22-tools
#           (mlir-opt-22, mlir-translate-22: upstream MLIR), python3-venv,
#           python3-numpy and python3-matplotlib (the driver and its charts)
#   PyPI:   NumPy (with its OpenBLAS), TVM (apache-tvm with the
#           apache-tvm-ffi it needs, cloudpickle and XGBoost for
#           MetaSchedule), IREE (compiler and runtime), Halide; about 1 GB.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup-lib.sh
source "$ROOT/scripts/setup-lib.sh"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
VENV="${MDH_PEERS_VENV:-$BUILD/peers-venv}"

if [[ "${MDH_SKIP_PEERS:-0}" == 1 ]]; then
  echo "setup-peers: MDH_SKIP_PEERS=1, not installing the peers"
  exit 0
fi

PACKAGES=(clang-22 libomp-22-dev llvm-22-linker-tools mlir-22-tools
  python3-venv python3-numpy python3-matplotlib)
mdh_install_packages setup-peers "${PACKAGES[@]}"

# PyTorch (CPU use of the CUDA wheel) and torch-mlir: their own script.
bash "$ROOT/scripts/setup-torch.sh"

# apache-tvm 0.27.0.post1 needs apache-tvm-ffi 0.1.14.post1 (pip would take
# a newer one); xgboost-cpu is XGBoost without the CUDA/NCCL wheels.
REQUIREMENTS=(numpy==2.4.6
  apache-tvm==0.27.0.post1 apache-tvm-ffi==0.1.14.post1 cloudpickle==3.1.2
  xgboost-cpu==3.2.0 iree-base-compiler==3.13.0 iree-base-runtime==3.13.0
  halide==21.0.0)
STAMP="$VENV/.mdh-requirements"
WANT="${REQUIREMENTS[*]}"
if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" ]]; then
  exit 0
fi

echo "setup-peers: installing ${REQUIREMENTS[*]} into $VENV"
mdh_fresh_venv setup-peers "$VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check \
  --no-cache-dir "${REQUIREMENTS[@]}"
"$VENV/bin/python" -c "import numpy, tvm, xgboost, cloudpickle, \
iree.compiler, iree.runtime, halide"
echo "$WANT" >"$STAMP"
