#!/usr/bin/env python3
"""One peer, one kernel, one process: the measuring side of bench/peers/run.py.

    worker.py PEER SPEC.json     build, warm up, time, write the outputs
    worker.py --probe PEER       print the peer's version as JSON, or fail
    worker.py --serve PEER       the same for many kernels in one process
                                 (run.py --quick): a spec file per line of
                                 stdin, or "--probe"

SPEC.json (written by run.py) names the kernel kind, bench.py's peer
dimensions, the input .npy files (the same files every peer and mdh-run
read), the timing policy and the folder for the results: result.json
(times of the timed runs in ms, build seconds, version, notes) and
out0.npy, out1.npy, ... (the outputs of the last timed run, which run.py
checks against its float64 reference before it counts the times).

Runs under the Python of the peer (build/peers-venv, build/torch-venv or
/usr/bin/python3); needs NumPy and the peer's own package only. Every peer
runs with THREADS threads (spec["threads"]; run.py also sets
OMP_NUM_THREADS and the other thread variables).

Kinds (bench.py's names): dot, int_dot, max_reduction, argmax, jacobi1d,
prefix_sum, matvec, matmul, matmul_t, bmatmul, mcc, mcc_capsule,
matmul_f16, matmul_bf16, and those of bench/kernels/: mcc_dilated,
depthwise, bmatmul_nt, tensor_contraction, attention_context, row_argmax.
bf16 inputs arrive as float32 .npy files holding bf16 values exactly
(mdh-run's convention); a peer without a bf16 type gets the bf16 bit
patterns (uint16) and widens them inside its timed code.
"""

import json
import os
import sys
import time
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# The peers (each imports its own package only inside its functions).
from peer_common import NotApplicable, PeerFailure  # noqa: E402
from peer_halide import halide_kernel, halide_version  # noqa: E402
from peer_iree import iree_kernel, iree_version  # noqa: E402
from peer_native import (UPSTREAM_PIPELINE, c_kernel,  # noqa: E402
                         mlir_kernel)
from peer_numpy_torch import (numpy_kernel, numpy_version,  # noqa: E402
                              torch_kernel, torch_version)
from peer_tvm import tvm_kernel, tvm_version  # noqa: E402


OUR_FILES = ("worker.py", "linalg_ir.py", "peer_common.py",
             "peer_numpy_torch.py", "peer_tvm.py", "peer_iree.py",
             "peer_halide.py", "peer_native.py")


def blame(e):
    """'peer' when the peer failed, 'harness' when this code did: an
    exception raised in worker.py, its peer_*.py modules or linalg_ir.py
    other than PeerFailure (an AttributeError after an API change, a wrong
    shape) is the harness's; one raised inside the peer's package is the
    peer's."""
    if isinstance(e, PeerFailure):
        return "peer"
    tb = traceback.extract_tb(e.__traceback__)
    return "harness" if tb and os.path.basename(
        tb[-1].filename) in OUR_FILES else "peer"


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------


def measure(run, spec):
    """Warm-up calls, then timed calls (ms). The policy of mdh-run's
    --min-time/--reps: `reps` calls if reps > 0, else at least 3 calls and
    until min_time seconds have passed, at most 100. Warm-up: `warmup`
    calls, fewer when one call takes over a second (at least one)."""
    for w in range(spec["warmup"]):
        t0 = time.perf_counter()
        run()
        if time.perf_counter() - t0 > 1.0:
            break
    times, total = [], 0.0
    while True:
        t0 = time.perf_counter_ns()
        run()
        dt = (time.perf_counter_ns() - t0) / 1e6
        times.append(dt)
        total += dt / 1e3
        n = len(times)
        if spec["reps"] > 0:
            if n >= spec["reps"]:
                break
        elif (n >= 3 and total >= spec["min_time"]) or n >= 100:
            break
    return times


# ---------------------------------------------------------------------------


PEERS = {
    "numpy": (lambda: numpy_version(), None),
    "torch": (lambda: torch_version(), None),
    "tvm": (lambda: tvm_version(), None),
    "tvm_ms": (lambda: tvm_version() + " + MetaSchedule", None),
    "iree": (lambda: iree_version(), None),
    "halide": (lambda: halide_version(), None),
    "mlir": (lambda: tool_version("/usr/lib/llvm-22/bin/mlir-opt") +
             ", --pass-pipeline=" + UPSTREAM_PIPELINE + ", clang-22 -O3 "
             "-march=native", None),
    "clang": (lambda: tool_version("clang-22"), None),
    "polly": (lambda: tool_version("clang-22"), None),
}


def tool_version(tool):
    import subprocess
    out = subprocess.run([tool, "--version"], capture_output=True,
                         text=True, check=True).stdout
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    return next((line for line in lines if "version" in line.lower()),
                lines[0] if lines else tool)


def probe(peer):
    if peer == "tvm_ms":
        import xgboost  # noqa: F401  the cost model
        import cloudpickle  # noqa: F401
    return PEERS[peer][0]()


def build_kernel(peer, spec, ins, notes):
    kind, dims, threads = spec["kind"], spec["dims"], spec["threads"]
    if peer == "numpy":
        return numpy_kernel(kind, dims, ins)
    if peer == "torch":
        return torch_kernel(kind, dims, ins, threads)
    if peer in ("tvm", "tvm_ms"):
        return tvm_kernel(kind, dims, ins, spec, peer == "tvm_ms", notes)
    if peer == "iree":
        return iree_kernel(kind, dims, ins, threads, notes, spec["out_dir"])
    if peer == "halide":
        return halide_kernel(kind, dims, ins, threads, notes)
    if peer == "mlir":
        return mlir_kernel(kind, dims, ins, spec, notes)
    if peer in ("clang", "polly"):
        return c_kernel(kind, dims, ins, spec, notes)
    raise KeyError(peer)


def do_spec(peer, spec_file):
    """Measures one kernel as SPEC_FILE says; writes result.json."""
    with open(spec_file) as f:
        spec = json.load(f)
    out = {"peer": peer}
    notes = []
    result_file = os.path.join(spec["out_dir"], "result.json")
    try:
        ins = [np.load(p) for p in spec["inputs"]]
        t0 = time.time()
        run, get = build_kernel(peer, spec, ins, notes)
        out["build_s"] = time.time() - t0
        out["times_ms"] = measure(run, spec)
        for i, a in enumerate(get()):
            np.save(os.path.join(spec["out_dir"], f"out{i}.npy"),
                    np.asarray(a))
    except NotApplicable as e:
        out["na"] = str(e)
    except Exception as e:  # the cell says why
        msg = (str(e).strip().splitlines() or [type(e).__name__])[0]
        name = "" if isinstance(e, PeerFailure) else type(e).__name__ + ": "
        out["error"] = f"{name}{msg}"[:300]
        out["blame"] = blame(e)
        traceback.print_exc()
    out["notes"] = notes
    with open(result_file, "w") as f:
        json.dump(out, f)


DONE = "MDH-PEERS-DONE"


def serve(peer):
    """Many kernels, one process: reads a spec file per line of stdin,
    measures it, prints DONE; a line "--probe" prints the version. The
    peer's own prints go to stderr, so stdout carries only these lines."""
    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    for line in sys.stdin:
        line = line.strip()
        if line == "--probe":
            try:
                proto.write(json.dumps({"version": probe(peer)}) + "\n")
            except Exception as e:
                proto.write(json.dumps({"error": f"{type(e).__name__}: "
                                        f"{e}"}) + "\n")
        elif line:
            do_spec(peer, line)
            proto.write(DONE + "\n")
        proto.flush()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--probe":
        print(json.dumps({"version": probe(sys.argv[2])}))
    elif len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve(sys.argv[2])
    else:
        do_spec(sys.argv[1], sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
