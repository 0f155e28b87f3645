"""compile() and run against NumPy at small prime sizes; the printed IR and
source of every target."""

import json

import numpy as np
import pytest

import mdh
from mdh import add, cc, inp_view, md_hom, mul, out_view, pw

import argmax
import matmul
import matvec
import mcc
import prefix_sum


def test_matvec():
    matvec.main(I=13, K=7)


def test_matmul():
    matmul.main(I=13, J=7, K=11)


def test_mcc():
    mcc.main(N=2, P=3, Q=5, K=7, R=3, S=3, C=11, stride=2)


def test_prefix_sum():
    prefix_sum.main(B=3, N=17)


def test_argmax():
    argmax.main(R=5, K=17)


@pytest.mark.parametrize("T", [mdh.f16, mdh.f64, mdh.i8, mdh.i16, mdh.i64], ids=str)
def test_element_types(T):
    comp = mdh.computation(
        out_view[T](y=[lambda i, k: i]),
        md_hom[11, 5](lambda a, b: a * b + 1, (cc, pw(add))),
        inp_view[T, T](A=[lambda i, k: (i, k)], b=[lambda i, k: k]),
        name="affine_sum",
    )
    kernel = mdh.compile(comp)
    dtype = np.dtype(T.dtype)
    A = (np.arange(55).reshape(11, 5) % 7 - 3).astype(dtype)
    b = np.array([1, -2, 3, 0, 2], dtype=dtype)
    y = kernel(A, b)
    assert y.dtype == dtype
    np.testing.assert_array_equal(y, (A * b + 1).sum(axis=1, dtype=dtype))


def test_bf16_as_raw_bits():
    comp = mdh.computation(
        out_view[mdh.bf16](r=[lambda k: ()]), md_hom[7](mul, (pw(add),)),
        inp_view[mdh.bf16, mdh.bf16](x=[lambda k: k], y=[lambda k: k]), name="dot_bf16")
    one, two = 0x3F80, 0x4000  # 1.0 and 2.0 as bf16 bits
    x = np.full(7, one, dtype=np.uint16)
    y = np.full(7, two, dtype=np.uint16)
    assert int(mdh.compile(comp)(x, y)) == 0x4160  # 14.0


def test_outputs_given_keywords_and_threads():
    kernel = mdh.compile(matvec.matvec(13, 7), num_threads=1)
    M = np.arange(91, dtype=np.float32).reshape(13, 7)
    v = np.ones(7, dtype=np.float32)
    w = np.full(13, -1, dtype=np.float32)
    result = kernel(v=v, M=M, w=w)
    assert result is w
    np.testing.assert_allclose(w, M.sum(axis=1))
    # Runs again on the same kernel with fresh arrays.
    np.testing.assert_allclose(kernel(2 * M, v), 2 * M.sum(axis=1))


def test_explicit_config_round_trips():
    comp = matmul.matmul(13, 7, 11)
    default = mdh.compile(comp)
    config = default.config_dict
    assert config["format"] == "mdh-config-v1" and config["sizes"] == [13, 7, 11]
    config["tiles"][1:] = [[1, 1, 1]] * (len(config["tiles"]) - 1)
    again = mdh.compile(comp, config=config)
    assert again.config_dict["tiles"][3] == [1, 1, 1]
    A = np.random.default_rng(5).standard_normal((13, 11)).astype(np.float32)
    B = np.random.default_rng(6).standard_normal((11, 7)).astype(np.float32)
    np.testing.assert_allclose(again(A, B), A @ B, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(default(A, B), A @ B, rtol=1e-5, atol=1e-5)


def test_host_emission():
    kernel = mdh.compile(matvec.matvec(13, 7), target="openmp")
    assert 'mdh.compute "matvec"' in kernel.hl_ir()
    cl = kernel.cl_ir()
    assert "mdh_cl." in cl and "mdh.compute" not in cl
    source = kernel.source()
    assert "#pragma omp" in source and "void matvec(" in source
    assert json.loads(kernel.config)["target"] == "openmp"
    if kernel._lib.mdhHostModuleGetLLVMIR is not None:
        assert "define " in kernel.llvm_ir()


@pytest.mark.parametrize("target, marker", [("cuda", "__global__"), ("cuda:sm_80", "__global__"),
                                            ("hip", "__global__")])
def test_gpu_emission(target, marker):
    kernel = mdh.compile(matvec.matvec(13, 7), target=target)
    source = kernel.source()
    assert marker in source and "matvec(" in source
    assert json.loads(kernel.config)["target"].startswith(target.split(":")[0])
    assert "mdh_cl." in kernel.cl_ir()
    if target == "hip":
        assert "hip" in source.lower()


def test_target_overrides_reach_the_config():
    kernel = mdh.compile(matvec.matvec(13, 7), target="openmp,cores=3")
    assert kernel.config_dict["target"] == "openmp,cores=3"
