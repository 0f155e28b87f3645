"""run.py's kernels, inputs and float64 reference: bench.py's peer
dimensions of a kernel, the inputs of fixed seed, the expected outputs
and the check of an output against them."""

import math
import zlib

import numpy as np

from peer_common import CONTRACTIONS, contraction, conv_dims
from run_common import bench

# Relative tolerance of a float output: |got - ref| <= TOL_FACTOR * 2^-24 *
# sqrt(K) * sum_k |term_k| per element, K the number of terms summed into it.
TOL_FACTOR = 8.0
EPS32 = 2.0 ** -24


# ---------------------------------------------------------------------------
# Kernels, inputs and the float64 reference
# ---------------------------------------------------------------------------


def kernel_dims(k):
    """bench.py's peer dimensions of the kernel, or (None, why)."""
    if k.kind in ("matmul_f16", "matmul_bf16") and len(k.sizes) == 3:
        M, N, K = k.sizes
        elt = k.kind.split("_")[1]
        want = (["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)"],
                ["(d0, d1, d2) -> (d0, d1)"], "cc, cc, pw(add)",
                [([M, K], elt), ([K, N], elt), ([M, N], "f32")])
        got = (k.in_maps, k.out_maps, k.combine, k.arg_types)
        if want != got:
            return None, f"layout differs from the peers': {got}"
        return [M, N, K], ""
    return bench.peer_dims(k)


NP_DTYPE = {"f32": np.float32, "i32": np.int32, "f16": np.float16,
            "bf16": np.float32}  # bf16: float32 files of bf16 values


def round_to_bf16(a):
    """float32 -> the nearest bf16 value (ties to even), kept as float32."""
    b = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return b.astype(np.uint32).view(np.float32)


def make_inputs(k, seed):
    rng = np.random.default_rng([seed, zlib.crc32(k.name.encode())])
    ins = []
    for shape, elt in k.arg_types[:len(k.in_maps)]:
        if elt == "i32":
            a = rng.integers(-100, 101, shape, dtype=np.int32)
        else:
            a = rng.uniform(-1.0, 1.0, shape).astype(np.float32)
            if elt == "f16":
                a = a.astype(np.float16)
            elif elt == "bf16":
                a = round_to_bf16(a)
        ins.append(np.ascontiguousarray(a))
    return ins


class Ref:
    """The expected value of one output: `exact` (integers, max, argmax) or
    a float64 value with the sum of absolute terms and the term count K;
    `index`: only these points (a sample), else every point."""

    def __init__(self, value, absval=None, K=1, index=None):
        self.value, self.absval, self.K, self.index = value, absval, K, index

    @property
    def exact(self):
        return self.absval is None


def conv_windows(I, P, Q, R, S, st, dil):
    """I[n, p*st + r*dil, q*st + s*dil, c] as a (n, p, q, r, s, c) view,
    without copying (I: NHWC)."""
    sN, sH, sW, sC = I.strides
    return np.lib.stride_tricks.as_strided(
        I, (I.shape[0], P, Q, R, S, I.shape[3]),
        (sN, sH * st, sW * st, sH * dil, sW * dil, sC), writeable=False)


def reference(kind, dims, ins, rng):
    f = [a.astype(np.float64) for a in ins]
    if kind == "dot":
        x, y = f
        return [Ref(np.dot(x, y), np.dot(abs(x), abs(y)), dims[0])]
    if kind == "int_dot":
        s = int(np.dot(ins[0].astype(np.int64), ins[1].astype(np.int64)))
        return [Ref(np.asarray(s & 0xFFFFFFFF, np.uint32).view(np.int32))]
    if kind == "max_reduction":
        return [Ref(np.max(ins[0]))]
    if kind == "argmax":
        i = int(np.argmax(ins[0]))
        return [Ref(ins[0][i]), Ref(np.int32(i))]
    if kind == "jacobi1d":
        x, = f
        a = abs(x)
        return [Ref((x[:-2] + x[1:-1] + x[2:]) / 3,
                    (a[:-2] + a[1:-1] + a[2:]) / 3, 3)]
    if kind == "prefix_sum":
        x, = f
        return [Ref(np.cumsum(x), np.cumsum(abs(x)), dims[0])]
    if kind == "matvec":
        A, v = f
        return [Ref(A @ v, abs(A) @ abs(v), dims[1])]
    if kind in ("matmul", "matmul_f16", "matmul_bf16", "bmatmul"):
        A, B = f
        return [Ref(A @ B, abs(A) @ abs(B), A.shape[-1])]
    if kind == "matmul_t":
        A, B = f
        return [Ref(A.T @ B.T, abs(A.T) @ abs(B.T), A.shape[0])]
    if kind in ("mcc", "mcc_dilated"):
        I, F = f
        N, P, Q, K, R, S, C, st, dil, H, W = conv_dims(kind, dims)

        def conv(I, F):
            w = conv_windows(I, P, Q, R, S, st, dil)
            return np.tensordot(w, F, axes=([3, 4, 5], [1, 2, 3]))
        return [Ref(conv(I, F), conv(abs(I), abs(F)), R * S * C)]
    if kind == "depthwise":
        I, F = f
        N, P, Q, C, R, S, st, dil, H, W = dims

        def conv(I, F):
            # (n, p, q, r, s, c) * (r, s, c), summed over r and s.
            return np.einsum("npqrsc,rsc->npqc",
                             conv_windows(I, P, Q, R, S, st, dil), F)
        return [Ref(conv(I, F), conv(abs(I), abs(F)), R * S)]
    if kind == "bmatmul_nt":
        A, B = f
        Bt, aBt = B.transpose(0, 2, 1), abs(B).transpose(0, 2, 1)
        return [Ref(A @ Bt, abs(A) @ aBt, dims[3])]
    if kind in CONTRACTIONS:
        A, B = f
        spec, size, reduced = contraction(kind, dims)

        def tc(A, B):
            return np.einsum(spec, A, B, optimize=True)
        return [Ref(tc(A, B), tc(abs(A), abs(B)),
                    math.prod(size[c] for c in reduced))]
    if kind == "row_argmax":
        x, = ins
        i = np.argmax(x, axis=1)  # the first maximum of each row
        return [Ref(x[np.arange(x.shape[0]), i]), Ref(i.astype(np.int32))]
    if kind == "mcc_capsule":
        # 1.2e11 products at the full size: 2000 sampled output points.
        I, F = ins
        N, P, Q, K, Ii, J, R, S, C, M, st, H, W = dims
        shape = (N, P, Q, K, Ii, J)
        total = int(np.prod(shape))
        flat = np.arange(total) if total <= 2000 else rng.choice(
            total, 2000, replace=False)
        idx = np.unravel_index(flat, shape)
        val, av = np.empty(len(flat)), np.empty(len(flat))
        for t, (n, p, q, k, i, j) in enumerate(zip(*idx)):
            a = I[n, p * st:p * st + R, q * st:q * st + S, :, i, :]
            b = F[k, :, :, :, :, j]
            a, b = a.astype(np.float64), b.astype(np.float64)
            val[t], av[t] = np.sum(a * b), np.sum(abs(a) * abs(b))
        return [Ref(val, av, R * S * C * M, idx)]
    raise KeyError(kind)


def check(outs, refs):
    """(ok, max error / tolerance, message)."""
    if len(outs) != len(refs):
        return False, None, f"{len(outs)} outputs, expected {len(refs)}"
    worst = 0.0
    for i, (got, ref) in enumerate(zip(outs, refs)):
        got = np.asarray(got)
        want_shape = np.shape(ref.value) if ref.index is None else None
        if ref.index is not None:
            try:
                got = got[ref.index]
            except IndexError:
                return False, None, f"out{i}: shape {got.shape}"
        elif got.shape != want_shape:
            return False, None, f"out{i}: shape {got.shape}, expected " \
                f"{want_shape}"
        if ref.exact:
            if not np.array_equal(got, np.asarray(ref.value)):
                return False, None, (f"out{i}: {got.ravel()[:3]} != "
                                     f"{np.asarray(ref.value).ravel()[:3]}")
            continue
        err = np.abs(got.astype(np.float64) - ref.value)
        tol = TOL_FACTOR * EPS32 * math.sqrt(ref.K) * ref.absval + 1e-30
        q = err / tol
        m = float(np.max(q)) if q.size else 0.0
        if not np.all(np.isfinite(got)):
            at = np.argwhere(~np.isfinite(got))[0]
            return False, None, (f"out{i}: {got[tuple(at)]} at "
                                 f"{tuple(int(v) for v in at)}")
        if not m <= 1.0:
            at = np.unravel_index(np.argmax(np.nan_to_num(q, nan=np.inf)),
                                  q.shape) if q.size else ()
            return False, m, (f"out{i}: error {m:.3g}x the tolerance at "
                              f"{tuple(int(v) for v in at)}")
        worst = max(worst, m)
    return True, worst, ""
