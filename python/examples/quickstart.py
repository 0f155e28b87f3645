import numpy as np
import mdh
from mdh import f32, cc, pw, add, mul, inp_view, out_view, md_hom

# MatVec in the MDH DSL: w[i] = sum_k M[i, k] * v[k].
matvec = mdh.computation(
    out_view[f32](w=[lambda i, k: i]),
    md_hom[13, 7](mul, (cc, pw(add))),
    inp_view[f32, f32](M=[lambda i, k: (i, k)], v=[lambda i, k: k]),
    name="matvec",
)
kernel = mdh.compile(matvec, target="openmp")
M = np.arange(91, dtype=np.float32).reshape(13, 7)
v = np.ones(7, dtype=np.float32)
w = kernel(M, v)
print(w[:4], np.allclose(w, M @ v))
# Tune it on this machine for 10 s (a progress bar when stderr is a terminal).
tuned = kernel.tune(budget=10)
print(tuned.tuning["evaluations"], "configurations measured;", np.allclose(tuned(M, v), M @ v))
print(mdh.compile(matvec, target="cuda:sm_80").source().splitlines()[0])
