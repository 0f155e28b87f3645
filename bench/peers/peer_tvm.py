"""worker.py's TVM peer: the kernels in TE, the default build and the
MetaSchedule-tuned one (tvm is imported inside the functions)."""

import os
import time

import numpy as np

from peer_common import (CONTRACTIONS, NotApplicable, PeerFailure,
                         bf16_bits, contraction, conv_dims)


# ---------------------------------------------------------------------------
# TVM (TE -> TIR -> LLVM; default build, or MetaSchedule-tuned)
# ---------------------------------------------------------------------------


def tvm_target():
    import tvm
    return tvm.target.Target({"kind": "llvm", "mcpu": "znver5",
                              "num-cores": int(os.environ.get(
                                  "TVM_NUM_THREADS", "2"))})


def argmax_reducer():
    """argmax as a TE commutative reducer over (index, value) pairs: the
    larger value, then the lower index."""
    from tvm import te, tirx

    def fcombine(a, b):
        pick = tirx.Or(b[1] > a[1], tirx.And(b[1] == a[1], b[0] < a[0]))
        return (tirx.Select(pick, b[0], a[0]),
                tirx.Select(pick, b[1], a[1]))

    def fidentity(t0, t1):
        return tirx.const(2**31 - 1, t0), te.min_value(t1)
    return te.comm_reducer(fcombine, fidentity, name="argmax")


def tvm_func(kind, dims):
    """The computation in TE, as a TIR PrimFunc (inputs, then outputs)."""
    from tvm import te, tirx
    f32 = "float32"

    def ph(shape, dt, name):
        return te.placeholder(tuple(shape), dt, name=name)
    if kind in ("dot", "int_dot"):
        n = dims[0]
        dt = "int32" if kind == "int_dot" else f32
        x, y = ph([n], dt, "x"), ph([n], dt, "y")
        k = te.reduce_axis((0, n), "k")
        r = te.compute((), lambda: te.sum(x[k] * y[k], axis=k), name="r")
        return te.create_prim_func([x, y, r])
    if kind == "max_reduction":
        n = dims[0]
        x = ph([n], f32, "x")
        k = te.reduce_axis((0, n), "k")
        r = te.compute((), lambda: te.max(x[k], axis=k), name="r")
        return te.create_prim_func([x, r])
    if kind == "argmax":
        n = dims[0]
        x = ph([n], f32, "x")
        k = te.reduce_axis((0, n), "k")
        idx, val = te.compute((), lambda: argmax_reducer()(
            (k.var.astype("int32"), x[k]), axis=k), name="am")
        return te.create_prim_func([x, val, idx])
    if kind == "row_argmax":
        M, N = dims
        x = ph([M, N], f32, "x")
        k = te.reduce_axis((0, N), "k")
        idx, val = te.compute((M,), lambda i: argmax_reducer()(
            (k.var.astype("int32"), x[i, k]), axis=k), name="am")
        return te.create_prim_func([x, val, idx])
    if kind == "jacobi1d":
        n = dims[0]
        x = ph([n + 2], f32, "x")
        y = te.compute((n,), lambda i: (x[i] + x[i + 1] + x[i + 2]) /
                       tirx.const(3.0, f32), name="y")
        return te.create_prim_func([x, y])
    if kind == "prefix_sum":
        from tvm import topi
        n = dims[0]
        x = ph([n], f32, "x")
        return te.create_prim_func([x, topi.cumsum(x, axis=0)])
    if kind == "matvec":
        M, K = dims
        A, v = ph([M, K], f32, "A"), ph([K], f32, "v")
        k = te.reduce_axis((0, K), "k")
        w = te.compute((M,), lambda i: te.sum(A[i, k] * v[k], axis=k),
                       name="w")
        return te.create_prim_func([A, v, w])
    if kind in ("matmul", "matmul_f16", "matmul_bf16", "matmul_t"):
        M, N, K = dims
        dt = {"matmul": f32, "matmul_t": f32, "matmul_f16": "float16",
              "matmul_bf16": "uint16"}[kind]
        if kind == "matmul_t":
            A, B = ph([K, M], dt, "A"), ph([N, K], dt, "B")
        else:
            A, B = ph([M, K], dt, "A"), ph([K, N], dt, "B")
        k = te.reduce_axis((0, K), "k")

        def widen(e):
            if kind == "matmul_f16":
                return e.astype(f32)
            if kind == "matmul_bf16":
                return tirx.reinterpret(f32, e.astype("uint32") <<
                                        tirx.const(16, "uint32"))
            return e
        if kind == "matmul_t":
            C = te.compute((M, N), lambda i, j: te.sum(A[k, i] * B[j, k],
                                                       axis=k), name="C")
        else:
            C = te.compute((M, N), lambda i, j: te.sum(
                widen(A[i, k]) * widen(B[k, j]), axis=k), name="C")
        return te.create_prim_func([A, B, C])
    if kind == "bmatmul":
        Bn, M, N, K = dims
        A, B = ph([Bn, M, K], f32, "A"), ph([Bn, K, N], f32, "B")
        k = te.reduce_axis((0, K), "k")
        C = te.compute((Bn, M, N), lambda b, i, j: te.sum(
            A[b, i, k] * B[b, k, j], axis=k), name="C")
        return te.create_prim_func([A, B, C])
    if kind in ("mcc", "mcc_dilated"):
        N, P, Q, K, R, S, C, st, dil, H, W = conv_dims(kind, dims)
        I, F = ph([N, H, W, C], f32, "I"), ph([K, R, S, C], f32, "F")
        r, s, c = (te.reduce_axis((0, R), "r"), te.reduce_axis((0, S), "s"),
                   te.reduce_axis((0, C), "c"))
        O = te.compute((N, P, Q, K), lambda n, p, q, k: te.sum(
            I[n, p * st + r * dil, q * st + s * dil, c] * F[k, r, s, c],
            axis=[r, s, c]), name="O")
        return te.create_prim_func([I, F, O])
    if kind == "depthwise":
        N, P, Q, C, R, S, st, dil, H, W = dims
        I, F = ph([N, H, W, C], f32, "I"), ph([R, S, C], f32, "F")
        r, s = te.reduce_axis((0, R), "r"), te.reduce_axis((0, S), "s")
        O = te.compute((N, P, Q, C), lambda n, p, q, c: te.sum(
            I[n, p * st + r * dil, q * st + s * dil, c] * F[r, s, c],
            axis=[r, s]), name="O")
        return te.create_prim_func([I, F, O])
    if kind == "bmatmul_nt":
        Bn, M, N, K = dims
        A, B = ph([Bn, M, K], f32, "A"), ph([Bn, N, K], f32, "B")
        k = te.reduce_axis((0, K), "k")
        C = te.compute((Bn, M, N), lambda b, i, j: te.sum(
            A[b, i, k] * B[b, j, k], axis=k), name="C")
        return te.create_prim_func([A, B, C])
    if kind in CONTRACTIONS:
        spec, size, reduced = contraction(kind, dims)
        (sa, sb), so = spec.split("->")[0].split(","), spec.split("->")[1]
        A = ph([size[c] for c in sa], f32, "A")
        B = ph([size[c] for c in sb], f32, "B")
        axes = {c: te.reduce_axis((0, size[c]), c) for c in reduced}

        def body(*out_idx):
            at = dict(zip(so, out_idx), **axes)
            return te.sum(A[tuple(at[c] for c in sa)] *
                          B[tuple(at[c] for c in sb)],
                          axis=list(axes.values()))
        C = te.compute([size[c] for c in so], body, name="C")
        return te.create_prim_func([A, B, C])
    if kind == "mcc_capsule":
        N, P, Q, K, Ii, J, R, S, C, M, st, H, W = dims
        I = ph([N, H, W, C, Ii, M], f32, "I")
        F = ph([K, R, S, C, M, J], f32, "F")
        r, s, c, m = (te.reduce_axis((0, R), "r"), te.reduce_axis((0, S), "s"),
                      te.reduce_axis((0, C), "c"), te.reduce_axis((0, M), "m"))
        O = te.compute((N, P, Q, K, Ii, J), lambda n, p, q, k, i, j: te.sum(
            I[n, p * st + r, q * st + s, c, i, m] * F[k, r, s, c, m, j],
            axis=[r, s, c, m]), name="O")
        return te.create_prim_func([I, F, O])
    raise NotApplicable(f"no TVM form of {kind}")


def tvm_tune(func, target, seconds, work_dir, notes):
    """MetaSchedule (evolutionary search, XGBoost cost model, batches of 16
    candidates) until the wall-clock budget is spent: a measure callback
    ends the task at the first batch that finishes after it. Returns the
    best schedule's module."""
    from tvm.ir.utils import derived_object
    from tvm.s_tir import meta_schedule as ms

    t0 = time.time()
    state = {"batches": 0}

    @derived_object
    class Deadline(ms.measure_callback.PyMeasureCallback):
        def apply(self, task_scheduler, task_id, candidates, builds, runs):
            state["batches"] += 1
            if time.time() - t0 > seconds:
                task_scheduler.terminate_task(task_id)

    callbacks = list(ms.measure_callback.MeasureCallback.create("default"))
    db = ms.tune_tir(mod=func, target=target, work_dir=work_dir,
                     max_trials_global=100000, num_trials_per_iter=16,
                     num_tuning_cores=int(os.environ.get("TVM_NUM_THREADS",
                                                         "2")),
                     measure_callbacks=callbacks + [Deadline()], seed=1)
    notes.append(f"MetaSchedule: {state['batches']} batch(es) of 16 "
                 f"candidates in {time.time() - t0:.0f} s")
    sch = ms.tir_integration.compile_tir(db, func, target)
    if sch is None:
        raise PeerFailure("MetaSchedule found no valid schedule")
    return sch.mod


def tvm_kernel(kind, dims, ins, spec, tuned, notes):
    import tvm
    func = tvm_func(kind, dims)
    target = tvm_target()
    mod = func
    if tuned:
        mod = tvm_tune(func, target, spec["tune_seconds"],
                       os.path.join(spec["out_dir"], "ms"), notes)
    t0 = time.time()
    lib = tvm.compile(mod, target=target)
    notes.append(f"build {time.time() - t0:.1f} s")
    dev = tvm.cpu()
    if kind == "matmul_bf16":
        ins = [bf16_bits(a) for a in ins]
    args = [tvm.runtime.tensor(a, dev) for a in ins]
    import linalg_ir
    _, sig = linalg_ir.signature(kind, dims)
    outs = [tvm.runtime.tensor(np.zeros(shape, {"f32": np.float32,
                                                "i32": np.int32}[e]), dev)
            for shape, e in sig]
    f = lib["main"]
    allargs = args + outs

    def run():
        f(*allargs)

    def get():
        o = [x.numpy() for x in outs]
        if kind == "argmax":  # (value, index) as mdh-run writes them
            o = [o[0], o[1].astype(np.int32)]
        return o
    return run, get


def tvm_version():
    import tvm
    return f"tvm {tvm.__version__} (target {tvm_target()})"
