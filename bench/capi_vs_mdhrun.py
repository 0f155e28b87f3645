#!/usr/bin/env python3
# ===- capi_vs_mdhrun.py - One kernel through the C API and mdh-run -------===#
#
#   python3 bench/capi_vs_mdhrun.py [--build build] [--rounds 5] [--reps 20]
#       [--threads N] [--file examples/jacobi1d.mlir]
#       [--func jacobi1d_16777216]
#
# Times one kernel compiled for the host two ways in the same run: through
# the C API (libMDHCAPI.so loaded with ctypes: mdhHostCompile with target
# "openmp" and the heuristic's configuration, then mdhHostModuleRun) and
# through `mdh-run --target=openmp`. Both compile through lib/Compiler, so
# they should run the same code at the same speed (issue 13: the C API
# within 10% of mdh-run).
#
# Each round runs both, each in a fresh process, in alternating order (the
# C API first in rounds 1, 3, ...). Each process compiles the kernel once, fills
# the inputs with uniform random floats in [-1, 1] and the outputs with NaN,
# runs the kernel once untimed (mdh-run: its checked run; here without the
# check), then `--reps` timed runs on `--threads` OpenMP threads, and
# reports their median. bench/README.md describes it too. The summary is the median, min and max over the
# rounds of those medians per path, and the ratio of the medians
# (C API / mdh-run: above 1, the C API is slower).
#
# Needs NumPy (Debian: python3-numpy, which scripts/setup.sh installs with
# python3-matplotlib) and a build with libMDHCAPI.so and mdh-run.
#
# ===----------------------------------------------------------------------===#

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from alternate import alternate, run_mdh_run  # noqa: E402


class _Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    @classmethod
    def of(cls, text):
        data = text.encode()
        return cls(data, len(data))


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


def load_capi(build):
    """libMDHCAPI.so with the signatures of the functions used here."""
    lib = ctypes.CDLL(os.path.join(build, "lib", "libMDHCAPI.so"))
    signatures = {
        "mlirContextCreate": ([], _Handle),
        "mlirContextDestroy": ([_Handle], None),
        "mlirDialectRegistryCreate": ([], _Handle),
        "mlirDialectRegistryDestroy": ([_Handle], None),
        "mlirContextAppendDialectRegistry": ([_Handle, _Handle], None),
        "mdhRegisterAllDialects": ([_Handle], None),
        "mlirModuleCreateParse": ([_Handle, StringRef], _Handle),
        "mlirModuleDestroy": ([_Handle], None),
        "mdhHostCompile": ([_Handle, StringRef, StringRef, ctypes.c_int],
                           _Handle),
        "mdhHostModuleDestroy": ([_Handle], None),
        "mdhHostModuleRun": ([_Handle, StringRef,
                              ctypes.POINTER(ctypes.c_void_p), ctypes.c_ssize_t],
                             LogicalResult),
    }
    for name, (args, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = args
        function.restype = result
    return lib


DTYPES = {"f32": "float32", "f64": "float64", "i32": "int32", "i64": "int64"}


def argument_types(source, func):
    """The (shape, dtype) of each memref argument of `func` in `source`."""
    m = re.search(r"func\.func\s+@" + re.escape(func) + r"\s*\((.*?)\)\s*\{",
                  source, re.S)
    if not m:
        sys.exit(f"capi_vs_mdhrun: no function @{func} in the file")
    types = []
    for dims, element in re.findall(r"memref<((?:\d+x)*)(\w+)>", m.group(1)):
        if element not in DTYPES:
            sys.exit(f"capi_vs_mdhrun: element type {element} not supported")
        types.append(([int(d) for d in dims.split("x") if d], DTYPES[element]))
    return types


def capi_child(args):
    """Compiles and times the kernel through the C API in this process."""
    import numpy as np

    with open(args.file) as f:
        source = f.read()
    lib = load_capi(args.build)
    ctx = lib.mlirContextCreate()
    registry = lib.mlirDialectRegistryCreate()
    lib.mdhRegisterAllDialects(registry)
    lib.mlirContextAppendDialectRegistry(ctx, registry)
    module = lib.mlirModuleCreateParse(ctx, StringRef.of(source))
    if not module.ptr:
        sys.exit("capi_vs_mdhrun: the file does not parse")
    start = time.perf_counter()
    host = lib.mdhHostCompile(module, StringRef.of("openmp"), StringRef.of(""),
                              args.threads)
    compile_seconds = time.perf_counter() - start
    lib.mlirModuleDestroy(module)
    if not host.ptr:
        sys.exit("capi_vs_mdhrun: mdhHostCompile failed")

    # The buffers as mdh-run allocates them (HostBuffer: aligned_alloc(64),
    # no huge pages), so that only the compiled code differs: NumPy asks for
    # transparent huge pages for large arrays (madvise), which alone makes
    # a streaming kernel about 10% faster here.
    set_hugepage = getattr(np.core.multiarray, "_set_madvise_hugepage", None)
    if set_hugepage:
        set_hugepage(False)

    def aligned(shape, dtype):
        count = int(np.prod(shape))
        itemsize = np.dtype(dtype).itemsize
        raw = np.empty(count * itemsize + 64, dtype=np.uint8)
        offset = (-raw.ctypes.data) % 64
        return raw[offset:offset + count * itemsize].view(dtype).reshape(shape)

    rng = np.random.default_rng(1)
    arrays = []
    for shape, dtype in argument_types(source, args.func):
        # Outputs too: their initial values do not change the time.
        a = aligned(shape, dtype)
        if np.issubdtype(np.dtype(dtype), np.floating):
            a[...] = rng.uniform(-1, 1, shape)
        else:
            a[...] = rng.integers(-100, 100, shape)
        arrays.append(a)
    buffers = (ctypes.c_void_p * len(arrays))(
        *[a.ctypes.data_as(ctypes.c_void_p) for a in arrays])
    name = StringRef.of(args.func)

    def call():
        t0 = time.perf_counter()
        result = lib.mdhHostModuleRun(host, name, buffers, len(arrays))
        t1 = time.perf_counter()
        if not result.value:
            sys.exit("capi_vs_mdhrun: mdhHostModuleRun failed")
        return t1 - t0

    call()  # untimed, as mdh-run's checked run
    times = sorted(call() for _ in range(args.reps))
    lib.mdhHostModuleDestroy(host)
    lib.mlirDialectRegistryDestroy(registry)
    lib.mlirContextDestroy(ctx)
    print(json.dumps({"median_ms": times[len(times) // 2] * 1e3,
                      "compile_s": compile_seconds}))


def run_capi(args):
    out = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--capi-child",
         "--build", args.build, "--file", args.file, "--func", args.func,
         "--reps", str(args.reps), "--threads", str(args.threads)],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)["median_ms"]


def main():
    parser = argparse.ArgumentParser(
        description="Time one kernel through the C API and through mdh-run "
        "--target=openmp, alternating, in the same run.")
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    parser.add_argument("--build", default=os.path.join(root, "build"))
    parser.add_argument("--file",
                        default=os.path.join(root, "examples", "jacobi1d.mlir"))
    parser.add_argument("--func", default="jacobi1d_16777216")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=20,
                        help="timed runs per process")
    parser.add_argument("--threads", type=int,
                        default=len(os.sched_getaffinity(0)))
    parser.add_argument("--capi-child", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    if args.capi_child:
        capi_child(args)
        return

    print(f"# {args.func} ({os.path.relpath(args.file)}), {args.threads} "
          f"thread(s), {args.rounds} rounds of {args.reps} timed runs per "
          f"process")
    alternate(args.rounds, "C API", lambda: run_capi(args),
              lambda: run_mdh_run(args))

if __name__ == "__main__":
    main()
