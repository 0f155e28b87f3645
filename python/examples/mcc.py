"""Multi-channel convolution (MCC) with stride 2 in the MDH DSL, NHWC input,
KRSC filter, NPQK output; checked against a NumPy einsum."""

import numpy as np

import mdh
from mdh import add, cc, f32, inp_view, md_hom, mul, out_view, pw


def mcc(N, P, Q, K, R, S, C, stride=2, T=f32):
    return mdh.computation(
        out_view[T](O=[lambda n, p, q, k, r, s, c: (n, p, q, k)]),
        md_hom[N, P, Q, K, R, S, C](mul, (cc, cc, cc, cc, pw(add), pw(add), pw(add))),
        inp_view[T, T](
            I=[lambda n, p, q, k, r, s, c: (n, stride * p + r, stride * q + s, c)],
            F=[lambda n, p, q, k, r, s, c: (k, r, s, c)],
        ),
        name="mcc",
    )


def reference(I, F, P, Q, stride):
    R, S = F.shape[1], F.shape[2]
    out = np.zeros((I.shape[0], P, Q, F.shape[0]), dtype=np.float64)
    for r in range(R):
        for s in range(S):
            window = I[:, r : r + stride * P : stride, s : s + stride * Q : stride, :]
            out += np.einsum("npqc,kc->npqk", window, F[:, r, s, :])
    return out


def main(N=2, P=5, Q=3, K=7, R=3, S=2, C=11, stride=2):
    computation = mcc(N, P, Q, K, R, S, C, stride)
    kernel = mdh.compile(computation)
    shape_I = computation.inputs[0][2]  # inferred: (N, 2*(P-1)+R, 2*(Q-1)+S, C)
    rng = np.random.default_rng(2)
    I = rng.standard_normal(shape_I).astype(np.float32)
    F = rng.standard_normal((K, R, S, C)).astype(np.float32)
    O = kernel(I, F)
    np.testing.assert_allclose(O, reference(I, F, P, Q, stride), rtol=1e-4, atol=1e-4)
    print(f"mcc input {shape_I}, filter {F.shape}: matches NumPy")


if __name__ == "__main__":
    main()
