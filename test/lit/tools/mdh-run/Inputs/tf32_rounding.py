#!/usr/bin/env python3
# Inputs and the expected result of a 16x8x8 TF32 product whose B is the
# identity, so that C is A rounded to TF32 exactly: to nearest in 11
# significand bits with ties away from zero (PTX's cvt.rna.tf32.f32).
#
# usage: tf32_rounding.py make DIR | check DIR OUTPUT.npy
import sys

import numpy as np

ULP = 2.0 ** -10  # TF32's unit in the last place at 1
CASES = [
    (1 + ULP / 2, 1 + ULP),           # a tie: away from zero (even: 1)
    (-(1 + ULP / 2), -(1 + ULP)),     # the same below zero
    (1 + 3 * ULP / 4, 1 + ULP),       # above the half
    (1 + ULP / 4, 1.0),               # below the half
    (1 + 3 * ULP / 2, 1 + 2 * ULP),   # a tie above an odd last bit
    (1 + ULP, 1 + ULP),               # TF32 already
    (2.0 ** 20 + 2.0 ** 9, 2.0 ** 20 + 2.0 ** 10),  # a tie at 2^20
    (0.0, 0.0),
]


def main():
    mode, out = sys.argv[1], sys.argv[2]
    a = np.zeros((16, 8), np.float32)
    want = np.zeros((16, 8), np.float32)
    for r in range(16):
        for k in range(8):
            x, y = CASES[(r + k) % len(CASES)]
            a[r, k], want[r, k] = x, y
    if mode == "make":
        np.save(out + "/A.npy", a)
        np.save(out + "/B.npy", np.eye(8, dtype=np.float32))
        print("made", a.dtype, a.shape)
        return
    got = np.load(sys.argv[3])
    print("rounded to TF32:", bool(np.array_equal(got, want)))
    print("differs from f32:", int(np.sum(got != a)), "of", a.size)


if __name__ == "__main__":
    main()
