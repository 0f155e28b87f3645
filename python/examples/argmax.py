"""Row-wise argmax with a custom combiner over (value, index) pairs and
mdh.index, checked against np.max / np.argmax."""

import numpy as np

import mdh
from mdh import cc, f32, i32, inp_view, md_hom, out_view, pw, select


# Keeps the larger value; on a tie the smaller index, which keeps the
# combiner associative and commutative (np.argmax returns the first maximum).
@mdh.combiner(f32, i32, identity=(float("-inf"), 0))
def max_with_index(v0, i0, v1, i1):
    take = (v1 > v0) | ((v1 == v0) & (i1 < i0))
    return select(take, v1, v0), select(take, i1, i0)


def argmax(R, K):
    return mdh.computation(
        out_view[f32, i32](value=[lambda r, k: r], position=[lambda r, k: r]),
        md_hom[R, K](lambda x: (x, mdh.cast(mdh.index(1), i32)), (cc, pw(max_with_index))),
        inp_view[f32](x=[lambda r, k: (r, k)]),
        name="argmax",
    )


def main(R=5, K=97):
    kernel = mdh.compile(argmax(R, K))
    x = np.random.default_rng(4).standard_normal((R, K)).astype(np.float32)
    x[1, 2] = x[1, K - 3] = 100.0  # a tie: the first position wins
    value, position = kernel(x)
    np.testing.assert_array_equal(value, x.max(axis=1))
    np.testing.assert_array_equal(position, x.argmax(axis=1))
    print(f"argmax {R}x{K}: matches np.max / np.argmax (row 1: position {position[1]})")


if __name__ == "__main__":
    main()
