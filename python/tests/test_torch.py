"""PyTorch end to end: examples/torch/run.py exports each model with
torch-mlir, lowers it to MDH, runs it on the host and compares with PyTorch.

torch and torch-mlir live in the virtual environment of
scripts/setup-torch.sh (which scripts/setup.sh runs); the tests skip, saying
so, only when that environment is absent (MDH_SKIP_TORCH=1 at setup).
"""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("MDH_BUILD_DIR", ROOT / "build"))
VENV = Path(os.environ.get("MDH_TORCH_VENV", BUILD / "torch-venv"))
PYTHON = VENV / "bin" / "python"
RUN = ROOT / "examples" / "torch" / "run.py"

pytestmark = pytest.mark.skipif(
    not PYTHON.is_file(),
    reason=f"no torch virtual environment at {VENV}: run scripts/setup-torch.sh "
    "(scripts/setup.sh does, unless MDH_SKIP_TORCH=1)",
)


def _run(*args):
    env = dict(os.environ, MDH_BUILD_DIR=str(BUILD), MDH_LIBRARY_PATH=str(BUILD / "lib"))
    return subprocess.run(
        [str(PYTHON), str(RUN), "--build", str(BUILD), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


@pytest.mark.parametrize("model", ["matmul", "conv", "mlp"])
def test_model_matches_pytorch(model):
    result = _run(model)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{model}: " in result.stdout and ": OK" in result.stdout, result.stdout


def test_fused_mlp_matches_pytorch():
    # Elementwise fusion before bufferizing: the weight transposes, the bias
    # and the ReLU end up inside the two matmul computations.
    result = _run("mlp", "--fuse")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "mlp: " in result.stdout and ": OK" in result.stdout, result.stdout
