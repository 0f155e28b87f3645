#!/usr/bin/env bash
#===- setup-torch.sh - PyTorch and torch-mlir for examples/torch ---------===#
#
# Idempotent: creates a virtual environment with torch (run on the CPU) and
# torch-mlir from PyPI, pinned, once; does nothing when it already holds
# those versions. examples/torch and python/tests/test_torch.py use it.
#
#   MDH_TORCH_VENV   where (default: $MDH_BUILD_DIR/torch-venv, i.e. build/)
#   MDH_SKIP_TORCH=1 install nothing (the PyTorch tests then skip)
#   MDH_TORCH_CUDA_STUBS=1  torch without its nvidia-* dependencies, with
#                    stub CUDA libraries (scripts/torch-cuda-stubs.py)
#
# PyPI's torch for Linux is the CUDA build: its libraries link libcudart,
# libcublas, libcudnn, ... so `pip install --no-deps torch` alone fails at
# `import torch` (libcufile.so.0 missing). With its dependencies it is about
# 2.8 GB to download and 5.7 GB installed; with the stubs instead of the
# nvidia-* wheels and triton, 0.6 GB and 1.7 GB (measured, torch 2.15.0).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup-lib.sh
source "$ROOT/scripts/setup-lib.sh"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
VENV="${MDH_TORCH_VENV:-$BUILD/torch-venv}"

if [[ "${MDH_SKIP_TORCH:-0}" == 1 ]]; then
  echo "setup-torch: MDH_SKIP_TORCH=1, not installing PyTorch"
  exit 0
fi

# torch-mlir's wheels are built against one torch; PyPI keeps one nightly.
REQUIREMENTS=(torch==2.15.0 torch-mlir==20261001 numpy)
# torch's own dependencies without cuda-toolkit, nvidia-*, triton.
TORCH_DEPS=(filelock "typing-extensions>=4.13.0" "setuptools>=77.0.3"
  "sympy>=1.13.3" "networkx>=2.5.1" jinja2 "fsspec>=0.8.5" packaging)
STUBS="${MDH_TORCH_CUDA_STUBS:-0}"
STAMP="$VENV/.mdh-requirements"
WANT="${REQUIREMENTS[*]} stubs=$STUBS"
if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" ]]; then
  exit 0
fi

echo "setup-torch: installing ${REQUIREMENTS[*]} into $VENV (CUDA stubs: $STUBS)"
# Debian's python3 (3.11): torch-mlir's wheels are cp311.
mdh_fresh_venv setup-torch "$VENV"
PIP=("$VENV/bin/python" -m pip install -q --disable-pip-version-check
  --no-cache-dir)
if [[ "$STUBS" == 1 ]]; then
  echo "setup-torch: pip will report torch's CUDA requirements as missing;" \
    "the stubs stand in for them"
  "${PIP[@]}" --no-deps "${REQUIREMENTS[@]}"
  "${PIP[@]}" "${TORCH_DEPS[@]}"
  "$VENV/bin/python" "$ROOT/scripts/torch-cuda-stubs.py" \
    "$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" \
    clang-22
else
  "${PIP[@]}" "${REQUIREMENTS[@]}"
fi
"$VENV/bin/python" -c "import torch, torch_mlir.fx"
echo "$WANT" >"$STAMP"
