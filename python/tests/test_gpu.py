"""Kernels compiled for a GPU target run on a device through the C API
(mdhGpuCompile / mdhGpuModuleRun): where no driver is installed the first
call says so; against the mock CUDA driver of test/unit/runtime (in a child
process, since the loader reads LD_LIBRARY_PATH at start-up) the arrays go
to the device, the kernels launch, the outputs come back; on a real device
the results match NumPy."""

import ctypes
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import mdh

import matvec

BUILD = Path(os.environ.get("MDH_BUILD_DIR", Path(__file__).resolve().parents[2] / "build"))
MOCK_CUDA = BUILD / "test" / "unit" / "runtime" / "mock-cuda"


def _has_cuda_driver():
    try:
        ctypes.CDLL("libcuda.so.1")
        return True
    except OSError:
        return False


@pytest.mark.skipif(_has_cuda_driver(), reason="a CUDA driver is installed")
def test_no_driver_says_so():
    kernel = mdh.compile(matvec.matvec(13, 7), target="cuda:sm_80")
    assert "__global__" in kernel.source()  # no device needed for the source
    M = np.ones((13, 7), np.float32)
    v = np.ones(7, np.float32)
    with pytest.raises(mdh.MDHError, match=r"no CUDA driver"):
        kernel(M, v)
    with pytest.raises(mdh.MDHError, match=r"no CUDA driver"):
        kernel.device


@pytest.mark.skipif(not (MOCK_CUDA / "libcuda.so.1").is_file(), reason="the mock CUDA driver is not built")
def test_mock_driver(tmp_path):
    trace = tmp_path / "trace"
    script = textwrap.dedent(
        """
        import numpy as np
        import mdh
        import matvec
        kernel = mdh.compile(matvec.matvec(13, 7), target="cuda:sm_80")
        print("device:", kernel.device)
        M = np.ones((13, 7), np.float32)
        v = np.ones(7, np.float32)
        w = np.full(13, 3.0, np.float32)
        out = kernel(M, v, w)
        # The mock runs no kernel: what comes back is what went up.
        print("same object:", out is w, "values:", sorted(set(w.tolist())))
        """
    )
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = str(MOCK_CUDA)
    env["MDH_MOCK_TRACE"] = str(trace)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(mdh.__file__).resolve().parents[1]),
                                         str(Path(__file__).resolve().parents[1] / "examples")])
    # A sanitized build (scripts/test-sanitizers.sh): this Python loads the
    # sanitized library too and needs the runtime preloaded as well.
    if os.environ.get("MDH_SANITIZER_PRELOAD"):
        env["LD_PRELOAD"] = os.environ["MDH_SANITIZER_PRELOAD"]
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "device: MDH mock CUDA device 0" in done.stdout
    assert "same object: True values: [3.0]" in done.stdout
    calls = trace.read_text().splitlines()
    assert sum(c.startswith("cuMemcpyHtoD") for c in calls) == 3
    assert any(c.startswith("cuLaunchKernel kernel=matvec") for c in calls)
    assert sum(c.startswith("cuMemcpyDtoH") for c in calls) == 1


@pytest.mark.skipif(not _has_cuda_driver(), reason="no CUDA driver: no GPU to run on")
def test_real_device_matches_numpy():
    kernel = mdh.compile(matvec.matvec(130, 70), target="cuda")
    rng = np.random.default_rng(1)
    M = rng.uniform(-1, 1, (130, 70)).astype(np.float32)
    v = rng.uniform(-1, 1, 70).astype(np.float32)
    np.testing.assert_allclose(kernel(M, v), M @ v, rtol=1e-4, atol=1e-5)
