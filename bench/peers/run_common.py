"""What run.py and its modules (run_*.py) share: the paths, bench.py (the
example parser and the peers' layouts) and the table of peers."""

import os
import sys

PEERS_DIR = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(PEERS_DIR)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import bench  # noqa: E402,F401  the example parser and the peers' layouts

# (key, column title, what it is); the order of the table's columns.
PEERS = [
    ("numpy", "NumPy", "NumPy (OpenBLAS)"),
    ("torch", "PyTorch", "PyTorch CPU (MKL GEMM, oneDNN conv)"),
    ("tvm", "TVM", "TVM, default build of the unscheduled TE"),
    ("tvm_ms", "TVM-MS", "TVM, MetaSchedule-tuned"),
    ("iree", "IREE", "IREE llvm-cpu, local-task"),
    ("halide", "Halide", "Halide JIT, Mullapudi2016 autoscheduler"),
    ("mlir", "MLIR", "mlir-opt-22 default linalg lowering (1 thread)"),
    ("polly", "Polly", "bench/peers/loops.c with Polly"),
    ("clang", "C loops", "bench/peers/loops.c without Polly"),
]
TITLE = {k: t for k, t, _ in PEERS}
