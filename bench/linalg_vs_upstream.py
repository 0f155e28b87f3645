#!/usr/bin/env python3
# ===- linalg_vs_upstream.py - A linalg MatMul: MDH against upstream -------===#
#
# Issue 17's measure: one linalg MatMul, written for upstream MLIR (a
# `linalg.fill` of zero and a `linalg.matmul` on memrefs), taken two ways
# through the packaged mlir-opt-22:
#
#   upstream  mlir-opt-22's default lowering (convert-linalg-to-loops,
#             convert-scf-to-cf, convert-to-llvm), mlir-translate-22, clang-22
#             -O3 -march=native into a shared library, called with ctypes;
#   mdh       mlir-opt-22 with libMDHPlugin.so (--mdh-convert-linalg-to-mdh),
#             then MDH's host pipeline and JIT in mdh-run --target=openmp
#             (heuristic configuration).
#
# Both run on the same inputs; their outputs must agree (relative error
# below 1e-4: the summation orders differ). Then rounds alternate the two
# sides (bench/alternate.py) and print medians, min/max and the ratio
# upstream / mdh.
#
# Usage: bench/linalg_vs_upstream.py [--size M,N,K] [--rounds R] [--reps N]
#                                    [--threads T] [--build DIR]
#
# ===---------------------------------------------------------------------===#

import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from alternate import alternate, run_mdh_run  # noqa: E402

LLVM_BIN = "/usr/lib/llvm-22/bin"

LINALG = """\
func.func @matmul(%A: memref<{M}x{K}xf32>, %B: memref<{K}x{N}xf32>,
                  %C: memref<{M}x{N}xf32>) {{
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<{M}x{N}xf32>)
  linalg.matmul ins(%A, %B : memref<{M}x{K}xf32>, memref<{K}x{N}xf32>)
                outs(%C : memref<{M}x{N}xf32>)
  return
}}
"""

UPSTREAM_PIPELINE = ("builtin.module(func.func(convert-linalg-to-loops),"
                     "convert-scf-to-cf,convert-to-llvm,"
                     "reconcile-unrealized-casts)")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw).stdout


def build_upstream(src, work):
    llvm_mlir = os.path.join(work, "upstream.llvm.mlir")
    ll = os.path.join(work, "upstream.ll")
    so = os.path.join(work, "upstream.so")
    sh([os.path.join(LLVM_BIN, "mlir-opt"), src,
        "--pass-pipeline=" + UPSTREAM_PIPELINE, "-o", llvm_mlir])
    sh([os.path.join(LLVM_BIN, "mlir-translate"), "--mlir-to-llvmir",
        llvm_mlir, "-o", ll])
    sh(["clang-22", "-O3", "-march=native", "-shared", "-fPIC", ll, "-o",
        so])
    return so


def build_mdh(src, work, build):
    plugin = os.path.join(build, "lib", "libMDHPlugin.so")
    out = os.path.join(work, "mdh.mlir")
    sh([os.path.join(LLVM_BIN, "mlir-opt"), src,
        "--load-dialect-plugin=" + plugin, "--load-pass-plugin=" + plugin,
        "--pass-pipeline=builtin.module(func.func(mdh-convert-linalg-to-mdh))",
        "-o", out])
    return out


def memref_args(array):
    """The expanded calling convention of a memref argument: allocated and
    aligned pointers, offset, sizes, strides."""
    ptr = array.ctypes.data_as(ctypes.c_void_p)
    strides = [s // array.itemsize for s in array.strides]
    return [ptr, ptr, ctypes.c_int64(0),
            *[ctypes.c_int64(d) for d in array.shape],
            *[ctypes.c_int64(s) for s in strides]]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description="A linalg MatMul: MDH against upstream's default lowering")
    p.add_argument("--size", default="1024,1024,1024")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--build", default=os.environ.get(
        "MDH_BUILD_DIR", os.path.join(root, "build")))
    args = p.parse_args()
    M, N, K = (int(x) for x in args.size.split(","))

    work = tempfile.mkdtemp(prefix="mdh-linalg-bench-")
    src = os.path.join(work, "matmul.linalg.mlir")
    with open(src, "w") as f:
        f.write(LINALG.format(M=M, N=N, K=K))
    lib = ctypes.CDLL(build_upstream(src, work))
    mdh_file = build_mdh(src, work, args.build)
    with open(mdh_file) as f:
        if "mdh.compute" not in f.read():
            sys.exit("linalg_vs_upstream: mdh-convert-linalg-to-mdh left "
                     "the MatMul unconverted")

    rng = np.random.default_rng(1)
    A = rng.uniform(-1, 1, (M, K)).astype(np.float32)
    B = rng.uniform(-1, 1, (K, N)).astype(np.float32)
    np.save(os.path.join(work, "A.npy"), A)
    np.save(os.path.join(work, "B.npy"), B)

    def call_upstream(C):
        lib.matmul(*memref_args(A), *memref_args(B), *memref_args(C))

    # The same numbers: upstream's output against mdh-run's.
    C_up = np.full((M, N), np.nan, np.float32)
    call_upstream(C_up)
    sh([os.path.join(args.build, "bin", "mdh-run"), mdh_file,
        "--target=openmp", "--func=matmul", "--reps=1", "--check=none",
        "--threads=" + str(args.threads),
        "--input=in0=@" + os.path.join(work, "A.npy"),
        "--input=in1=@" + os.path.join(work, "B.npy"),
        "--output-dir=" + work])
    C_mdh = np.load(os.path.join(work, "matmul.out0.npy"))
    scale = np.abs(C_up).max()
    err = float(np.abs(C_mdh - C_up).max() / scale)
    print(f"MatMul {M}x{N}x{K}: max |mdh - upstream| / max |upstream| = "
          f"{err:.2e}")
    if not err < 1e-4:
        sys.exit("linalg_vs_upstream: the outputs differ")

    def run_upstream():
        C = np.empty((M, N), np.float32)
        times = []
        for _ in range(args.reps):
            t = time.perf_counter()
            call_upstream(C)
            times.append((time.perf_counter() - t) * 1e3)
        return statistics.median(times)

    class MdhArgs:
        pass
    margs = MdhArgs()
    margs.build, margs.file, margs.func = args.build, mdh_file, "matmul"
    margs.reps, margs.threads = args.reps, args.threads
    print(f"upstream: 1 thread (its default lowering is sequential); "
          f"mdh: {args.threads} OpenMP thread(s)")
    ratio = alternate(args.rounds, "upstream", run_upstream,
                      lambda: run_mdh_run(margs))
    print(f"mdh is {ratio:.1f}x faster than upstream's default lowering")


if __name__ == "__main__":
    main()
