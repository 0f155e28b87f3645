"""Inputs for mdh-run and the comparison of its output with upstream's.

make DIR: writes DIR/A.npy (13x17) and DIR/B.npy (17x19) from the formulas
of upstream-matmul.mlir's @init.
check NPY TEXT: compares mdh-run's .npy with the first memref that
upstream's printMemrefF32 printed to TEXT (same shape, |a - b| <= 1e-5 * (1 + |b|)).
"""
import re
import sys

import numpy as np


def formula(rows, cols, p, q, m, s, d):
    r = np.arange(rows).reshape(-1, 1)
    c = np.arange(cols).reshape(1, -1)
    return (((r * p + c * q) % m - s) / d).astype(np.float32)


if sys.argv[1] == "make":
    np.save(sys.argv[2] + "/A.npy", formula(13, 17, 7, 3, 11, 5, 4.0))
    np.save(sys.argv[2] + "/B.npy", formula(17, 19, 5, 2, 13, 6, 8.0))
else:
    ours = np.load(sys.argv[2])
    text = open(sys.argv[3]).read()
    sizes = [int(n) for n in re.search(r"sizes = \[([^\]]*)\]", text).group(1).split(",")]
    data = text[text.index("data =") + len("data ="):]
    data = data.split("Unranked")[0]
    values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", data)]
    theirs = np.array(values, dtype=np.float64).reshape(sizes)
    close = np.abs(ours - theirs) <= 1e-5 * (1 + np.abs(theirs))
    print("shape", ours.shape == theirs.shape, "match", int(close.sum()), "of", close.size)
