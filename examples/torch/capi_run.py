"""Compiles an HL-IR module for the host through the C API and runs one of
its functions on .npy files: the stand-in for mdh-run on functions that hold
several mdh.compute ops and intermediate buffers (mdh-run runs one
computation per function).

    python capi_run.py MODULE.mlir FUNC OUT.npy IN0.npy IN1.npy ...

FUNC's arguments are the inputs in order, then one output (float32, the
shape of the last memref argument), written to OUT.npy. Uses the mdh
package of python/ (libMDHCAPI.so: MDH_LIBRARY_PATH or the build tree).
"""

import ctypes
import os
import re
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
from mdh import _capi  # noqa: E402


def output_shape(text, func):
    """The shape of the last argument of `func` in `text`."""
    m = re.search(r"func\.func @" + re.escape(func) + r"\((.*?)\)\s*(attributes|\{)", text)
    if not m:
        sys.exit(f"capi_run: no function @{func}")
    last = re.findall(r"memref<([0-9x]+)xf32>", m.group(1))[-1]
    return tuple(int(n) for n in last.split("x"))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    path, func, out_path, in_paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    with open(path) as f:
        text = f.read()
    context = _capi.Context()
    lib = context.lib
    module = context.parse(text)
    try:
        host = lib.mdhHostCompile(module.handle, _capi.MlirStringRef.of("openmp"), _capi.MlirStringRef.of(""), 0)
    finally:
        module.close()
    if not host.ptr:
        context.fail(f"compiling {path} for openmp failed")
    try:
        arrays = [np.ascontiguousarray(np.load(p)) for p in in_paths]
        out = np.zeros(output_shape(text, func), dtype=np.float32)
        arrays.append(out)
        pointers = (ctypes.c_void_p * len(arrays))(*[a.ctypes.data for a in arrays])
        if not lib.mdhHostModuleRun(host, _capi.MlirStringRef.of(func), pointers, len(arrays)).value:
            context.fail(f"running {func} failed")
    finally:
        lib.mdhHostModuleDestroy(host)
    np.save(out_path, out)


if __name__ == "__main__":
    main()
