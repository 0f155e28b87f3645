"""MatMul in the MDH DSL (the talk's form with @mdh.kernel), checked against A @ B."""

import numpy as np

import mdh
from mdh import add, cc, f32, inp_view, md_hom, mul, out_view, pw


def matmul(I, J, K, T=f32):
    @mdh.kernel
    def matmul():
        return (
            out_view[T](C=[lambda i, j, k: (i, j)]),
            md_hom[I, J, K](mul, (cc, cc, pw(add))),
            inp_view[T, T](A=[lambda i, j, k: (i, k)], B=[lambda i, j, k: (k, j)]),
        )

    return matmul


def main(I=67, J=61, K=59):
    kernel = mdh.compile(matmul(I, J, K))
    rng = np.random.default_rng(1)
    A = rng.standard_normal((I, K)).astype(np.float32)
    B = rng.standard_normal((K, J)).astype(np.float32)
    C = kernel(A, B)
    np.testing.assert_allclose(C, A @ B, rtol=1e-4, atol=1e-4)
    print(f"matmul {I}x{J}x{K}: matches A @ B")


if __name__ == "__main__":
    main()
