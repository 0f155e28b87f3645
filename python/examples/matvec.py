"""MatVec in the MDH DSL: w[i] = sum_k M[i, k] * v[k], checked against M @ v."""

import numpy as np

import mdh
from mdh import add, cc, f32, inp_view, md_hom, mul, out_view, pw


def matvec(I, K, T=f32):
    return mdh.computation(
        out_view[T](w=[lambda i, k: i]),
        md_hom[I, K](mul, (cc, pw(add))),
        inp_view[T, T](M=[lambda i, k: (i, k)], v=[lambda i, k: k]),
        name="matvec",
    )


def main(I=1031, K=257):
    kernel = mdh.compile(matvec(I, K), target="openmp")
    rng = np.random.default_rng(0)
    M = rng.standard_normal((I, K), dtype=np.float32)
    v = rng.standard_normal(K, dtype=np.float32)
    w = kernel(M, v)
    np.testing.assert_allclose(w, M @ v, rtol=1e-4, atol=1e-4)
    print(f"matvec {I}x{K}: matches M @ v (library {kernel.library})")


if __name__ == "__main__":
    main()
