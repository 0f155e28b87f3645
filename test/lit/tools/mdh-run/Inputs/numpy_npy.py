"""NumPy's side of the .npy tests of mdh-run (npy-numpy.test, which needs
NumPy): `make DIR` writes inputs with numpy.save, `check DIR KERNELS...`
loads what mdh-run wrote with numpy.load and compares it with NumPy's own
result."""

import os
import sys

import numpy as np


def make(d):
    rng = np.random.default_rng(5)
    m = rng.uniform(-1, 1, (13, 7)).astype(np.float32)
    v = rng.uniform(-1, 1, 7).astype(np.float32)
    np.save(os.path.join(d, "M.npy"), m)
    np.save(os.path.join(d, "v.npy"), v)
    np.save(os.path.join(d, "MF.npy"), np.asfortranarray(m))
    with open(os.path.join(d, "v2.npy"), "wb") as f:
        np.lib.format.write_array(f, v, version=(2, 0))
    np.save(os.path.join(d, "i8.npy"), np.array([-128, 127, -1, 5], np.int8))
    np.save(os.path.join(d, "u32.npy"),
            np.array([4294967295, 0, 7], np.uint32))
    np.save(os.path.join(d, "f16.npy"), np.array([1.5, -2, 65504], np.float16))
    np.save(os.path.join(d, "bf16.npy"),
            np.array([1 + 2**-8, 1 + 3 * 2**-8, -0.5], np.float32))
    print("made", np.isfortran(np.load(os.path.join(d, "MF.npy"))))


def check(d, outs):
    m = np.load(os.path.join(d, "M.npy")).astype(np.float64)
    v = np.load(os.path.join(d, "v.npy")).astype(np.float64)
    for out in outs:
        w = np.load(os.path.join(d, out, "matvec_small.out0.npy"))
        err = np.abs(w - m @ v).max()
        print("%s: matvec %s %s error below 1e-5: %s"
              % (out, w.dtype, w.shape, err < 1e-5))


def types(d):
    for name in ["copy_i8", "copy_i32", "copy_f16", "copy_bf16"]:
        a = np.load(os.path.join(d, "t", name + ".out0.npy"))
        print(name, a.dtype, a.shape, a.tolist())


if __name__ == "__main__":
    {"make": lambda: make(sys.argv[2]),
     "check": lambda: check(sys.argv[2], sys.argv[3:]),
     "types": lambda: types(sys.argv[2])}[sys.argv[1]]()
