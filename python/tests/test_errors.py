"""Error paths: a missing library, bad arrays, bad targets and
configurations; each raises a Python exception with a clear message."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mdh
from mdh import _capi

import matvec

PACKAGE_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def kernel():
    return mdh.compile(matvec.matvec(13, 7))


def arrays():
    return np.ones((13, 7), np.float32), np.ones(7, np.float32)


def test_library_in_use_is_reported():
    path, where = _capi.find_library()
    assert path.endswith("libMDHCAPI.so") and where
    assert mdh.library_path() == _capi.library().path


def test_missing_library(monkeypatch, tmp_path):
    monkeypatch.setenv("MDH_LIBRARY_PATH", str(tmp_path / "nowhere"))
    with pytest.raises(mdh.LibraryNotFoundError, match=r"MDH_LIBRARY_PATH=.*nowhere.*: no file"):
        _capi.find_library()
    # A folder without the library.
    monkeypatch.setenv("MDH_LIBRARY_PATH", str(tmp_path))
    with pytest.raises(mdh.LibraryNotFoundError, match=r"libMDHCAPI.so"):
        _capi.find_library()


def test_not_a_library(tmp_path):
    fake = tmp_path / "libMDHCAPI.so"
    fake.write_text("not a shared library")
    with pytest.raises(mdh.LibraryNotFoundError, match=r"cannot load .*libMDHCAPI.so \(found via test\)"):
        _capi._Library(str(fake), "test")


def test_missing_library_in_a_fresh_process(tmp_path):
    # End to end: the first use of the C API fails with the message.
    env = dict(os.environ, MDH_LIBRARY_PATH=str(tmp_path / "missing.so"),
               PYTHONPATH=os.pathsep.join([str(PACKAGE_ROOT), str(PACKAGE_ROOT / "examples")]))
    code = "import mdh, matvec\ntry:\n    mdh.compile(matvec.matvec(3, 2))\n" \
           "except mdh.LibraryNotFoundError as e:\n    print('caught:', e)\n"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "caught: MDH_LIBRARY_PATH=" in out.stdout and "missing.so" in out.stdout


def test_wrong_dtype(kernel):
    M, v = arrays()
    with pytest.raises(TypeError, match=r"'M' has dtype float64, but the buffer holds f32 \(expected dtype float32\)"):
        kernel(M.astype(np.float64), v)


def test_wrong_shape(kernel):
    M, v = arrays()
    with pytest.raises(ValueError, match=r"'v' has shape \(8,\), but the buffer has shape \(7,\)"):
        kernel(M, np.ones(8, np.float32))


def test_non_contiguous_input(kernel):
    M, v = arrays()
    wide = np.ones((13, 14), np.float32)[:, ::2]
    with pytest.raises(ValueError, match=r"'M' is not C-contiguous .*np.ascontiguousarray\(M\)"):
        kernel(wide, v)
    with pytest.raises(ValueError, match=r"'M' has shape \(7, 13\)"):
        kernel(M.T, v)  # a transposed view has the wrong shape first


def test_not_an_array(kernel):
    M, v = arrays()
    # A list would need a copy (and an output could not be written back).
    with pytest.raises(TypeError, match=r"'v' must be an array of shape \(7,\) and dtype float32 \(NumPy, or an "
                       r"object with the buffer protocol, __array_interface__ or __dlpack__\), got list"):
        kernel(M, [1.0] * 7)
    with pytest.raises(TypeError, match=r"'w' must be an array .*got int"):
        kernel(M, v, 3)


def test_bad_calls(kernel):
    M, v = arrays()
    with pytest.raises(TypeError, match=r"matvec is missing input 'v'"):
        kernel(M)
    with pytest.raises(TypeError, match=r"matvec takes at most 3 arrays, got 4"):
        kernel(M, v, np.zeros(13, np.float32), v)
    with pytest.raises(TypeError, match=r"matvec has no buffer 'x'"):
        kernel(M, v, x=v)
    with pytest.raises(TypeError, match=r"buffer 'M' given twice"):
        kernel(M, v, M=M)
    w = np.zeros(13, np.float32)
    w.flags.writeable = False
    with pytest.raises(ValueError, match=r"output 'w' is read-only"):
        kernel(M, v, w)


def test_overlapping_output_is_refused_by_the_c_api(kernel):
    M, _ = arrays()
    storage = np.ones(20, np.float32)
    with pytest.raises(mdh.MDHError, match=r"running 'matvec' failed:\n.*error: .*overlap"):
        kernel(M, storage[:7], storage[5:18])  # v and w share storage[5:7]
    # Disjoint parts of one array are fine.
    np.testing.assert_allclose(kernel(M, storage[:7], storage[7:]), np.full(13, 7.0))


def test_unknown_target():
    with pytest.raises(mdh.MDHError, match=r"unknown target 'tpu'; expected openmp, openmp:host"):
        mdh.compile(matvec.matvec(3, 2), target="tpu")
    with pytest.raises(mdh.MDHError, match=r"expected an integer value for 'cores', got 'zero'"):
        mdh.compile(matvec.matvec(3, 2), target="openmp,cores=zero")


def test_invalid_config():
    with pytest.raises(mdh.MDHError, match=r"compiling 'matvec' for 'openmp:host' failed:\n.*error: "):
        mdh.compile(matvec.matvec(3, 2), config='{"format": "mdh-config-v1"}')
    with pytest.raises(TypeError, match=r"config must be None, a dict or JSON text"):
        mdh.compile(matvec.matvec(3, 2), config=42)


def test_compile_needs_a_computation():
    with pytest.raises(TypeError, match=r"compile\(\) takes an mdh.Computation, got str"):
        mdh.compile("func.func @f() { return }")
