"""worker.py's Halide peer: the kernels as Halide pipelines, JIT-compiled
after the autoscheduler (halide is imported inside the functions)."""

import os
import time

import numpy as np

from peer_common import (CONTRACTIONS, NotApplicable, bf16_bits, contraction,
                         conv_dims)


# ---------------------------------------------------------------------------
# Halide (JIT, Mullapudi2016 autoscheduler)
# ---------------------------------------------------------------------------

HALIDE_AUTOSCHEDULER = "Mullapudi2016"


def halide_kernel(kind, dims, ins, threads, notes):
    import halide as hl
    libdir = os.path.join(os.path.dirname(hl.__file__), "lib64")
    hl.load_plugin(os.path.join(libdir, "libautoschedule_"
                                f"{HALIDE_AUTOSCHEDULER.lower()}.so"))
    f32 = hl.Float(32)
    # Halide's dimension 0 is the innermost: hl.Buffer(ndarray) reverses the
    # NumPy axes, so every index below is written in reversed order.
    if kind == "matmul_bf16":
        ins = [bf16_bits(a) for a in ins]
    elt = {np.dtype(np.float32): f32, np.dtype(np.int32): hl.Int(32),
           np.dtype(np.float16): hl.Float(16),
           np.dtype(np.uint16): hl.UInt(16)}
    params = [hl.ImageParam(elt[a.dtype], a.ndim, f"in{i}")
              for i, a in enumerate(ins)]
    for p, a in zip(params, ins):
        p.set_estimates([(0, d) for d in reversed(a.shape)])
        p.set(hl.Buffer(a))
    v = [hl.Var(f"v{i}") for i in range(6)]
    outs, out_arrays = [], []

    def out(func, shape, dtype):
        func.set_estimates([(0, d) for d in reversed(shape)])
        outs.append(func)
        out_arrays.append(np.zeros(shape, dtype))

    def widen(e):
        if kind == "matmul_f16":
            return hl.cast(f32, e)
        if kind == "matmul_bf16":
            return hl.reinterpret(f32, hl.cast(hl.UInt(32), e) << 16)
        return e
    if kind in ("dot", "int_dot", "max_reduction", "argmax"):
        n = dims[0]
        r = hl.RDom([(0, n)])
        f = hl.Func("r")
        if kind == "dot":
            f[()] = hl.f32(0)
            f[()] += params[0][r.x] * params[1][r.x]
            out(f, (), np.float32)
        elif kind == "int_dot":  # unsigned: wraps (signed overflow is UB)
            u = hl.UInt(32)
            f[()] = hl.cast(u, 0)
            f[()] += hl.cast(u, params[0][r.x]) * hl.cast(u, params[1][r.x])
            out(f, (), np.uint32)
        elif kind == "max_reduction":
            f[()] = hl.maximum(params[0][r.x])
            out(f, (), np.float32)
        else:
            g = hl.Func("am")
            g[()] = hl.argmax(params[0][r.x])  # (index, value), first max
            fi, fv = hl.Func("idx"), hl.Func("val")
            fi[()] = hl.cast(hl.Int(32), g[()][0])
            fv[()] = g[()][1]
            out(fv, (), np.float32)
            out(fi, (), np.int32)
    elif kind == "jacobi1d":
        x = params[0]
        f = hl.Func("y")
        f[v[0]] = (x[v[0]] + x[v[0] + 1] + x[v[0] + 2]) / hl.f32(3)
        out(f, (dims[0],), np.float32)
    elif kind == "prefix_sum":
        n = dims[0]
        x = params[0]
        f = hl.Func("y")
        r = hl.RDom([(1, n - 1)])
        f[v[0]] = x[v[0]]
        f[r.x] = f[r.x - 1] + x[r.x]
        out(f, (n,), np.float32)
    elif kind == "matvec":
        M, K = dims
        r = hl.RDom([(0, K)])
        f = hl.Func("w")
        f[v[0]] = hl.f32(0)
        f[v[0]] += params[0][r.x, v[0]] * params[1][r.x]
        out(f, (M,), np.float32)
    elif kind in ("matmul", "matmul_f16", "matmul_bf16", "matmul_t"):
        M, N, K = dims
        r = hl.RDom([(0, K)])
        A, B = params
        f = hl.Func("C")
        j, i = v[0], v[1]
        f[j, i] = hl.f32(0)
        if kind == "matmul_t":  # A[k][i], B[j][k]
            f[j, i] += A[i, r.x] * B[r.x, j]
        else:
            f[j, i] += widen(A[r.x, i]) * widen(B[j, r.x])
        out(f, (M, N), np.float32)
    elif kind == "bmatmul":
        Bn, M, N, K = dims
        r = hl.RDom([(0, K)])
        A, B = params
        f = hl.Func("C")
        j, i, b = v[0], v[1], v[2]
        f[j, i, b] = hl.f32(0)
        f[j, i, b] += A[r.x, i, b] * B[j, r.x, b]
        out(f, (Bn, M, N), np.float32)
    elif kind in ("mcc", "mcc_dilated"):
        N, P, Q, K, R, S, C, st, dil, H, W = conv_dims(kind, dims)
        I, F = params
        r = hl.RDom([(0, C), (0, S), (0, R)])
        f = hl.Func("O")
        k, q, p, n = v[0], v[1], v[2], v[3]
        f[k, q, p, n] = hl.f32(0)
        f[k, q, p, n] += (I[r.x, q * st + r.y * dil, p * st + r.z * dil, n] *
                          F[r.x, r.y, r.z, k])
        out(f, (N, P, Q, K), np.float32)
    elif kind == "depthwise":
        N, P, Q, C, R, S, st, dil, H, W = dims
        I, F = params
        r = hl.RDom([(0, S), (0, R)])
        f = hl.Func("O")
        c, q, p, n = v[0], v[1], v[2], v[3]
        f[c, q, p, n] = hl.f32(0)
        f[c, q, p, n] += (I[c, q * st + r.x * dil, p * st + r.y * dil, n] *
                          F[c, r.x, r.y])
        out(f, (N, P, Q, C), np.float32)
    elif kind == "bmatmul_nt":
        Bn, M, N, K = dims
        r = hl.RDom([(0, K)])
        A, B = params
        f = hl.Func("C")
        j, i, b = v[0], v[1], v[2]
        f[j, i, b] = hl.f32(0)
        f[j, i, b] += A[r.x, i, b] * B[r.x, j, b]
        out(f, (Bn, M, N), np.float32)
    elif kind in CONTRACTIONS:
        # The einsum subscripts with every index list reversed.
        spec, size, reduced = contraction(kind, dims)
        (sa, sb), so = spec.split("->")[0].split(","), spec.split("->")[1]
        A, B = params
        r = hl.RDom([(0, size[c]) for c in reduced])
        at = dict(zip(reversed(so), v))
        at.update(zip(reduced, [r[i] for i in range(len(reduced))]))
        f = hl.Func("C")
        lhs = [at[c] for c in reversed(so)]
        f[lhs] = hl.f32(0)
        f[lhs] += (A[[at[c] for c in reversed(sa)]] *
                   B[[at[c] for c in reversed(sb)]])
        out(f, tuple(size[c] for c in so), np.float32)
    elif kind == "row_argmax":
        M, N = dims
        r = hl.RDom([(0, N)])
        g = hl.Func("am")
        g[v[0]] = hl.argmax(params[0][r.x, v[0]])  # (column, value), first
        fi, fv = hl.Func("idx"), hl.Func("val")
        fi[v[0]] = hl.cast(hl.Int(32), g[v[0]][0])
        fv[v[0]] = g[v[0]][1]
        out(fv, (M,), np.float32)
        out(fi, (M,), np.int32)
    elif kind == "mcc_capsule":
        N, P, Q, K, Ii, J, R, S, C, M, st, H, W = dims
        I, F = params
        r = hl.RDom([(0, M), (0, C), (0, S), (0, R)])
        f = hl.Func("O")
        j, i, k, q, p, n = v
        f[j, i, k, q, p, n] = hl.f32(0)
        f[j, i, k, q, p, n] += (
            I[r.x, i, r.y, q * st + r.z, p * st + r.w, n] *
            F[j, r.x, r.y, r.z, r.w, k])
        out(f, (N, P, Q, K, Ii, J), np.float32)
    else:
        raise NotApplicable(f"no Halide form of {kind}")
    target = hl.get_host_target()
    p = hl.Pipeline(outs)
    t0 = time.time()
    p.apply_autoscheduler(target, hl.AutoschedulerParams(
        HALIDE_AUTOSCHEDULER, {"parallelism": str(threads)}))
    p.compile_jit(target)
    notes.append(f"autoschedule + JIT {time.time() - t0:.1f} s")
    bufs = [hl.Buffer(a) for a in out_arrays]
    realize_arg = bufs if len(bufs) > 1 else bufs[0]

    def run():
        p.realize(realize_arg)

    def get():
        o = list(out_arrays)
        if kind == "int_dot":
            o = [o[0].view(np.int32)]
        return o
    return run, get


def halide_version():
    import halide as hl
    try:
        from importlib.metadata import version
        v = version("halide")
    except Exception:
        v = "?"
    return (f"halide {v} ({HALIDE_AUTOSCHEDULER} autoscheduler, target "
            f"{hl.get_host_target()})")
