"""worker.py's peers in native libraries called through ctypes: upstream
MLIR (linalg_ir.py's memref form through mlir-opt-22 and clang-22) and
loops.c (plain C loops, Polly) through the loops_lib.c shim."""

import ctypes
import os
import time

import numpy as np

from peer_common import NotApplicable, PeerFailure, bf16_bits


# ---------------------------------------------------------------------------
# Native libraries called through ctypes: upstream MLIR, C loops, Polly
# ---------------------------------------------------------------------------


def memref_args(a):
    """The expanded calling convention of a memref argument."""
    ptr = a.ctypes.data_as(ctypes.c_void_p)
    strides = [s // a.itemsize for s in a.strides]
    return [ptr, ptr, ctypes.c_int64(0),
            *[ctypes.c_int64(d) for d in a.shape],
            *[ctypes.c_int64(s) for s in strides]]


def mlir_kernel(kind, dims, ins, spec, notes):
    import linalg_ir
    try:
        src = linalg_ir.build(kind, dims, "memref")
    except KeyError as e:
        raise NotApplicable(str(e).strip("'"))
    _, outs_sig = linalg_ir.signature(kind, dims)
    so = os.path.join(spec["out_dir"], "upstream.so")
    t0 = time.time()
    build_upstream(src, spec["out_dir"], so)
    notes.append(f"build {time.time() - t0:.1f} s")
    lib = ctypes.CDLL(so)
    if kind == "matmul_bf16":
        ins = [bf16_bits(a).view(np.int16) for a in ins]
    np_elt = {"f32": np.float32, "i32": np.int32}
    outs = [np.zeros(shape, np_elt[e]) for shape, e in outs_sig]
    args = [x for a in ins + outs for x in memref_args(a)]
    f = lib.main
    f.restype = None
    return lambda: f(*args), lambda: outs


UPSTREAM_PIPELINE = ("builtin.module(func.func(convert-linalg-to-loops),"
                     "expand-strided-metadata,lower-affine,convert-scf-to-cf,"
                     "convert-to-llvm,reconcile-unrealized-casts)")


def build_upstream(src, work, so):
    import subprocess
    llvm_bin = "/usr/lib/llvm-22/bin"
    base = os.path.join(work, "upstream")
    with open(base + ".mlir", "w") as f:
        f.write(src)
    for cmd in ([f"{llvm_bin}/mlir-opt", base + ".mlir",
                 "--pass-pipeline=" + UPSTREAM_PIPELINE, "-o",
                 base + ".llvm.mlir"],
                [f"{llvm_bin}/mlir-translate", "--mlir-to-llvmir",
                 base + ".llvm.mlir", "-o", base + ".ll"],
                ["clang-22", "-O3", "-march=native", "-shared", "-fPIC",
                 base + ".ll", "-o", so]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise PeerFailure(f"{os.path.basename(cmd[0])}: " +
                               (r.stderr.strip().splitlines() or ["?"])[0])


# bench/peers/loops.c through the shim (the kinds loops.c implements).
C_KINDS = ("dot", "int_dot", "max_reduction", "argmax", "jacobi1d",
           "prefix_sum", "matvec", "matmul", "matmul_t", "bmatmul", "mcc",
           "mcc_capsule", "mcc_dilated", "depthwise", "bmatmul_nt",
           "tensor_contraction", "row_argmax", "attention_context")


def c_kernel(kind, dims, ins, spec, notes):
    if kind not in C_KINDS:
        raise NotApplicable(f"loops.c has no {kind}")
    import linalg_ir
    lib = ctypes.CDLL(spec["c_library"])
    _, sig = linalg_ir.signature(kind, dims)
    outs = [np.full(s, np.nan if e == "f32" else 0,
                    np.float32 if e == "f32" else np.int32) for s, e in sig]
    cdims = (ctypes.c_long * len(dims))(*dims)
    ptr = [a.ctypes.data_as(ctypes.c_void_p) for a in ins]
    while len(ptr) < 2:
        ptr.append(ctypes.c_void_p(0))
    # Output arrays (a scalar result comes back through peer_out_f/_i): the
    # first, and the second of row_argmax (its columns).
    optr = [o.ctypes.data_as(ctypes.c_void_p) for o in outs]
    while len(optr) < 2:
        optr.append(ctypes.c_void_p(0))
    f = lib.peer_run
    f.restype = ctypes.c_int
    f.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_long),
                  ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                  ctypes.c_void_p, ctypes.c_void_p]
    kb = kind.encode()
    lib.peer_out_f.restype = ctypes.c_float
    lib.peer_out_i.restype = ctypes.c_int

    def run():
        if f(kb, cdims, len(dims), ptr[0], ptr[1], optr[0], optr[1]):
            raise PeerFailure("peer_run refused the kernel")

    def get():
        if kind in ("dot", "max_reduction"):
            return [np.asarray(lib.peer_out_f(), np.float32)]
        if kind == "int_dot":
            return [np.asarray(lib.peer_out_i(), np.int32)]
        if kind == "argmax":
            return [np.asarray(lib.peer_out_f(), np.float32),
                    np.asarray(lib.peer_out_i(), np.int32)]
        return outs
    notes.append(os.path.basename(spec["c_library"]))
    return run, get
