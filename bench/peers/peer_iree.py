"""worker.py's IREE peer: linalg_ir.py's tensor form compiled for llvm-cpu
and run on local-task (iree is imported inside the functions)."""

import os
import time

import numpy as np

from peer_common import NotApplicable, bf16_bits


# ---------------------------------------------------------------------------
# IREE (llvm-cpu, local-task)
# ---------------------------------------------------------------------------

IREE_FLAGS = ["--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=llvm-cpu",
              "--iree-llvmcpu-target-cpu=host"]


def iree_kernel(kind, dims, ins, threads, notes, work):
    import iree.compiler as ic
    import iree.runtime as ir
    import linalg_ir
    try:
        src = linalg_ir.build(kind, dims, "tensor")
    except KeyError as e:
        raise NotApplicable(str(e).strip("'"))
    with open(os.path.join(work, "iree.mlir"), "w") as f:
        f.write(src)
    t0 = time.time()
    vmfb = ic.compile_str(src, extra_args=IREE_FLAGS)
    notes.append(f"compile {time.time() - t0:.1f} s")
    ir.flags.parse_flags(f"--task_topology_max_group_count={threads}")
    config = ir.Config("local-task")
    ctx = ir.SystemContext(config=config)
    ctx.add_vm_module(ir.VmModule.copy_buffer(ctx.instance, vmfb))
    f = ctx.modules.module["main"]
    if kind == "matmul_bf16":
        ins = [bf16_bits(a).view(np.int16) for a in ins]
    dev_ins = [ir.asdevicearray(config.device, a) for a in ins]
    res = {}

    def run():
        res[0] = f(*dev_ins)

    def get():
        r = res[0]
        r = list(r) if isinstance(r, (list, tuple)) else [r]
        return [np.asarray(x.to_host()) for x in r]
    return run, get


def iree_version():
    import iree.compiler as ic
    import iree.runtime as ir
    v = getattr(ic, "version", None)
    vv = getattr(v, "VERSION", None) or getattr(v, "PACKAGE_SUFFIX", "")
    try:
        from importlib.metadata import version
        vv = version("iree-base-compiler")
        rv = version("iree-base-runtime")
    except Exception:
        rv = "?"
    del ir
    return f"iree-base-compiler {vv}, iree-base-runtime {rv}"
