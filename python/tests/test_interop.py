"""Arrays of other libraries: buffer-protocol objects (memoryview,
array.array, bytearray), __array_interface__ and DLPack objects run in
place, never copied; the errors for the wrong dtype, shape, contiguity or a
read-only output stay the same as for NumPy arrays."""

import array

import numpy as np
import pytest

import mdh
from mdh import compiler

import matvec

@pytest.fixture(scope="module")
def kernel():
    return mdh.compile(matvec.matvec(13, 7))


def data():
    M = np.arange(91, dtype=np.float32).reshape(13, 7) / 10
    v = np.linspace(-1, 1, 7, dtype=np.float32)
    return M, v


class ArrayInterface:
    """Exposes a NumPy array's memory through __array_interface__ only."""

    def __init__(self, a):
        self._a = a
        self.__array_interface__ = a.__array_interface__


class DLPackOnly:
    """Exposes a NumPy array's memory through __dlpack__ only (as a PyTorch
    CPU tensor does, besides __array__)."""

    def __init__(self, a, device=None):
        self._a = a
        self._device = device

    def __dlpack__(self, *args, **kwargs):
        return self._a.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._device or self._a.__dlpack_device__()


def view_of(obj):
    """The NumPy view the kernel runs on (the one whose pointer it passes)."""
    view, _ = compiler._as_array(obj, "x", mdh.f32, (0,))
    return view


@pytest.mark.parametrize(
    "wrap",
    [
        pytest.param(lambda a: a, id="ndarray"),
        pytest.param(memoryview, id="memoryview"),
        pytest.param(ArrayInterface, id="array_interface"),
        pytest.param(DLPackOnly, id="dlpack", marks=pytest.mark.skipif(
            not hasattr(np, "from_dlpack"), reason="NumPy without from_dlpack")),
    ],
)
def test_no_copy_in_and_out(kernel, wrap):
    M, v = data()
    # Views into larger arrays: the rows 2..14 of a 16-row block, and an
    # output in the middle of a larger buffer.
    block = np.zeros((16, 7), np.float32)
    block[2:15] = M
    storage = np.full(20, np.nan, np.float32)
    inputs = (wrap(block[2:15]), wrap(v))
    out = wrap(storage[4:17])
    assert np.shares_memory(view_of(inputs[0]), block)
    assert np.shares_memory(view_of(inputs[1]), v)
    assert np.shares_memory(view_of(out), storage)
    result = kernel(*inputs, out)
    assert result is out  # the object given, not a copy
    np.testing.assert_allclose(storage[4:17], M @ v, rtol=1e-5, atol=1e-5)
    assert np.isnan(storage[:4]).all() and np.isnan(storage[17:]).all()


def test_array_module_and_bytearray(kernel):
    M, v = data()
    v_buffer = array.array("f", v.tolist())
    w_buffer = bytearray(13 * 4)  # untyped bytes: typed by a cast
    w = memoryview(w_buffer).cast("f")
    assert np.shares_memory(view_of(v_buffer), np.frombuffer(v_buffer, np.float32))
    assert kernel(memoryview(M), v_buffer, w) is w
    np.testing.assert_allclose(np.frombuffer(w_buffer, np.float32), M @ v, rtol=1e-5, atol=1e-5)
    # A 2-D buffer of array.array through memoryview.cast.
    M_buffer = array.array("f", M.ravel().tolist())
    out = array.array("f", [0.0] * 13)
    kernel(memoryview(M_buffer).cast("B").cast("f", (13, 7)), v_buffer, out)
    np.testing.assert_allclose(np.array(out, np.float32), M @ v, rtol=1e-5, atol=1e-5)


def test_outputs_allocated_for_buffer_inputs(kernel):
    M, v = data()
    w = kernel(memoryview(M), array.array("f", v.tolist()))
    assert isinstance(w, np.ndarray)
    np.testing.assert_allclose(w, M @ v, rtol=1e-5, atol=1e-5)


def test_wrong_dtype_and_shape(kernel):
    M, v = data()
    with pytest.raises(TypeError, match=r"'v' has dtype float64, but the buffer holds f32"):
        kernel(M, array.array("d", v.tolist()))
    with pytest.raises(TypeError, match=r"'M' has dtype float64, but the buffer holds f32"):
        kernel(ArrayInterface(M.astype(np.float64)), v)
    with pytest.raises(ValueError, match=r"'M' has shape \(91,\), but the buffer has shape \(13, 7\)"):
        kernel(array.array("f", M.ravel().tolist()), v)
    if hasattr(np, "from_dlpack"):
        with pytest.raises(TypeError, match=r"'v' has dtype int32, but the buffer holds f32"):
            kernel(M, DLPackOnly(np.arange(7, dtype=np.int32)))


def test_non_contiguous(kernel):
    M, v = data()
    wide = np.zeros((13, 14), np.float32)
    with pytest.raises(ValueError, match=r"'M' is not C-contiguous \(strides \(56, 8\)\)"):
        kernel(memoryview(wide[:, ::2]), v)
    with pytest.raises(ValueError, match=r"'M' is not C-contiguous"):
        kernel(ArrayInterface(wide[:, ::2]), v)
    if hasattr(np, "from_dlpack"):
        with pytest.raises(ValueError, match=r"'M' is not C-contiguous"):
            kernel(DLPackOnly(wide[:, ::2]), v)


def test_read_only_output(kernel):
    M, v = data()
    with pytest.raises(ValueError, match=r"output 'w' is read-only"):
        kernel(M, v, memoryview(bytes(13 * 4)).cast("f"))
    frozen = np.zeros(13, np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match=r"output 'w' is read-only"):
        kernel(M, v, ArrayInterface(frozen))
    # Read-only inputs are fine.
    np.testing.assert_allclose(kernel(memoryview(bytes(M)).cast("f", (13, 7)), v), M @ v, rtol=1e-5, atol=1e-5)


@pytest.mark.skipif(not hasattr(np, "from_dlpack"), reason="NumPy without from_dlpack")
def test_dlpack_on_a_device_is_refused(kernel):
    M, v = data()
    cuda = (2, 0)  # kDLCUDA, device 0
    with pytest.raises(TypeError, match=r"'v' \(DLPackOnly\) is not in host memory \(DLPack device type 2, "
                       r"device 0\); copy it to the host first"):
        kernel(M, DLPackOnly(v, device=cuda))
    # A read-only output over DLPack: NumPy before 2.1 refuses to export it
    # (the producer's error comes back naming the buffer), later ones mark
    # the import read-only.
    frozen = np.zeros(13, np.float32)
    frozen.flags.writeable = False
    try:
        frozen.__dlpack__()
    except BufferError:
        with pytest.raises(TypeError, match=r"'w' \(DLPackOnly\) cannot be read as a host array through DLPack: "
                           r".*readonly"):
            kernel(M, v, DLPackOnly(frozen))
    else:
        with pytest.raises(ValueError, match=r"output 'w' is read-only"):
            kernel(M, v, DLPackOnly(frozen))
