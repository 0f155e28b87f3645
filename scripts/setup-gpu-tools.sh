#!/usr/bin/env bash
#===- setup-gpu-tools.sh - SASS disassemblers for bench/gpu_mix.py --------===#
#
# Idempotent: installs NVIDIA's cuobjdump and nvdisasm from PyPI, pinned,
# into a virtual environment once, and links them into its bin/; does
# nothing when it already holds those versions. The CUDA toolkit of the
# development machines (/usr/local/cuda, CUDA 13.0) has nvcc and ptxas but
# no disassembler; bench/gpu_mix.py and its test (test/lit/bench) read the
# SASS of the compiled kernels with nvdisasm.
#
#   MDH_GPU_TOOLS_VENV   where (default: $MDH_BUILD_DIR/gpu-tools-venv, i.e.
#                        build/gpu-tools-venv)
#   MDH_SKIP_GPU_TOOLS=1 install nothing (the test of gpu_mix.py then skips)
#
# PyPI has these wheels from CUDA 13.2 on (no 13.0 or 13.1); 13.2.51 is the
# oldest. A newer disassembler reads the cubins of CUDA 13.0's ptxas. The
# wheels put the binaries in site-packages/nvidia/cu13/bin (about 6 MB).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/setup-lib.sh
source "$ROOT/scripts/setup-lib.sh"
BUILD="${MDH_BUILD_DIR:-$ROOT/build}"
VENV="${MDH_GPU_TOOLS_VENV:-$BUILD/gpu-tools-venv}"

if [[ "${MDH_SKIP_GPU_TOOLS:-0}" == 1 ]]; then
  echo "setup-gpu-tools: MDH_SKIP_GPU_TOOLS=1, not installing the disassemblers"
  exit 0
fi

REQUIREMENTS=(nvidia-cuda-cuobjdump==13.2.51 nvidia-cuda-nvdisasm==13.2.51)
TOOLS=(cuobjdump nvdisasm)
STAMP="$VENV/.mdh-requirements"
WANT="${REQUIREMENTS[*]}"
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" && -x "$VENV/bin/nvdisasm" &&
  -x "$VENV/bin/cuobjdump" ]]; then
  exit 0
fi

echo "setup-gpu-tools: installing ${REQUIREMENTS[*]} into $VENV"
mdh_fresh_venv setup-gpu-tools "$VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check \
  --no-cache-dir "${REQUIREMENTS[@]}"
PURELIB="$("$VENV/bin/python" -c \
  'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
for t in "${TOOLS[@]}"; do
  bin="$PURELIB/nvidia/cu13/bin/$t"
  if [[ ! -x "$bin" ]]; then
    echo "setup-gpu-tools: $bin missing after the install" >&2
    exit 1
  fi
  ln -sfr "$bin" "$VENV/bin/$t"
  "$VENV/bin/$t" --version >/dev/null
done
echo "$WANT" >"$STAMP"
