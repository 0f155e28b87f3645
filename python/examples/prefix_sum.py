"""Row-wise inclusive prefix sum (ps(add)) in the MDH DSL, checked against
np.cumsum."""

import numpy as np

import mdh
from mdh import add, cc, i32, inp_view, md_hom, out_view, ps


def prefix_sum(B, N, T=i32):
    return mdh.computation(
        out_view[T](y=[lambda b, i: (b, i)]),
        md_hom[B, N](lambda x: x, (cc, ps(add))),
        inp_view[T](x=[lambda b, i: (b, i)]),
        name="prefix_sum",
    )


def main(B=3, N=101):
    kernel = mdh.compile(prefix_sum(B, N))
    x = np.random.default_rng(3).integers(-1000, 1000, size=(B, N), dtype=np.int32)
    y = kernel(x)
    np.testing.assert_array_equal(y, np.cumsum(x, axis=1, dtype=np.int32))
    print(f"prefix sum {B}x{N}: matches np.cumsum")


if __name__ == "__main__":
    main()
