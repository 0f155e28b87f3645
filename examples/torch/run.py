"""PyTorch -> torch-mlir -> linalg -> MDH -> host code, checked against PyTorch.

Run with the Python of the torch virtual environment (scripts/setup-torch.sh):

    build/torch-venv/bin/python examples/torch/run.py [matmul conv mlp] \
        [--build build] [--work DIR] [--fuse]

For each model (models.py) it
  1. exports the module with torch_mlir.fx.export_and_import to
     linalg-on-tensors, with the parameters as function arguments (models.
     Functional), and writes the inputs, the parameters and PyTorch's output
     as .npy files;
  2. converts the linalg ops to mdh.compute on tensors (mlir-opt-22 with
     libMDHPlugin.so: --mdh-convert-linalg-to-mdh);
  3. bufferizes to memrefs with the output as the last argument (mlir-opt-22
     with the plugin: One-Shot Bufferize, buffer-results-to-out-params);
  4. runs the function with mdh-run --target=openmp when it holds one
     mdh.compute, else compiles the whole module through the C API
     (capi_run.py: libMDHCAPI.so, as the mdh Python package) and runs it;
  5. compares the output with PyTorch's (np.allclose, rtol=atol=1e-4).
Every command is printed; the files stay in --work (default: a temporary
directory, removed afterwards). Exit status 0 when every model matched.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import models  # noqa: E402  (imports torch)

MLIR_OPT = os.environ.get("MDH_MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
RTOL = ATOL = 1e-4

# After the conversion on tensors: mdh.compute and what is left (tensor.empty,
# reshapes) on memrefs, with the result as an out-parameter, the form
# mdh-run and the C API take (torch-mlir's function is public:
# modify-public-functions). mdh.compute bufferizes through the model the
# plugin registers.
BUFFERIZE = [
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--buffer-results-to-out-params=hoist-static-allocs modify-public-functions",
    # memref.dealloc for the intermediate buffers (the MLP's).
    "--buffer-deallocation-pipeline",
    "--canonicalize",
    "--cse",
]
# --fuse: named ops to linalg.generic, then elementwise fusion on tensors
# (weight transposes into the matmuls, bias and ReLU into their consumers).
FUSE = ["--linalg-generalize-named-ops", "--linalg-fuse-elementwise-ops", "--canonicalize"]


def run(cmd, **kw):
    print("$ " + " ".join(f"'{c}'" if " " in c or '"' in c else c for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def export(name, work, frozen):
    """Writes NAME.linalg.mlir and the .npy files; returns (argument files,
    PyTorch's output). With `frozen`, torch-mlir inlines the parameters as
    constants (memref.global after bufferization)."""
    from torch_mlir import fx

    wrapper, args, _ = models.functional(name)
    module, inputs = models.build(name)
    import torch

    with torch.no_grad():
        expected = module(*inputs).numpy()
        # The wrapper computes the same as the module it wraps.
        assert np.array_equal(wrapper(*args).numpy(), expected)
    if frozen:
        wrapper, args = module, inputs
    ir = fx.export_and_import(wrapper, *args, output_type="linalg-on-tensors", func_name=name)
    with open(os.path.join(work, f"{name}.linalg.mlir"), "w") as f:
        f.write(str(ir))
    files = []
    for k, a in enumerate(args):
        path = os.path.join(work, f"{name}.arg{k}.npy")
        np.save(path, np.ascontiguousarray(a.numpy()))
        files.append(path)
    np.save(os.path.join(work, f"{name}.torch.npy"), expected)
    return files, expected


def lower(name, work, build, fuse):
    """linalg-on-tensors -> mdh.compute on tensors -> memrefs; returns the
    path of the HL-IR. Both steps run in mlir-opt-22 with libMDHPlugin.so:
    --mdh-convert-linalg-to-mdh on the tensors (a fill of the identity
    becomes the computation's destination, any other initial value an extra
    input), then upstream One-Shot Bufferize, which bufferizes mdh.compute
    in place on its destination where it can."""
    base = os.path.join(work, name)
    src = f"{base}.linalg.mlir"
    if fuse:
        run([MLIR_OPT, *FUSE, src, "-o", f"{base}.fused.mlir"])
        src = f"{base}.fused.mlir"
    plugin = os.path.join(build, "lib", "libMDHPlugin.so")
    plugins = [f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}"]
    run([MLIR_OPT, *plugins, "--pass-pipeline=builtin.module(func.func(mdh-convert-linalg-to-mdh))",
         src, "-o", f"{base}.mdh-tensors.mlir"])
    run([MLIR_OPT, *plugins, *BUFFERIZE, f"{base}.mdh-tensors.mlir", "-o", f"{base}.mdh.mlir"])
    with open(f"{base}.mdh.mlir") as f:
        left = sorted(set(re.findall(r"linalg\.[a-z_]+", f.read())))
    if left:
        sys.exit(f"{name}: --mdh-convert-linalg-to-mdh left {', '.join(left)} (its remarks say why)")
    return f"{base}.mdh.mlir"


def count_computes(path):
    with open(path) as f:
        return len(re.findall(r'\bmdh\.compute\s+"', f.read()))


def run_mdh_run(name, hl, files, work, build):
    """Runs NAME with mdh-run; returns its output array."""
    out_dir = os.path.join(work, f"{name}.out")
    cmd = [os.path.join(build, "bin", "mdh-run"), hl, f"--func={name}", "--target=openmp", f"--output-dir={out_dir}"]
    cmd += [f"--input=arg{k}=@{p}" for k, p in enumerate(files)]
    run(cmd)
    written = sorted(f for f in os.listdir(out_dir) if f.endswith(".npy"))
    if len(written) != 1:
        raise RuntimeError(f"mdh-run wrote {written}, expected one output")
    return np.load(os.path.join(out_dir, written[0]))


def run_capi(name, hl, files, work, build):
    """Runs NAME through the C API (capi_run.py, in its own process: torch's
    libgomp and MDH's libomp stay apart); returns the output array."""
    out = os.path.join(work, f"{name}.capi.npy")
    env = dict(os.environ)
    env.setdefault("MDH_LIBRARY_PATH", os.path.join(build, "lib"))
    run([sys.executable, os.path.join(HERE, "capi_run.py"), hl, name, out, *files], env=env)
    return np.load(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*", metavar="MODEL", help=f"of {', '.join(models.MODELS)} (default: all)")
    parser.add_argument("--build", default=os.environ.get("MDH_BUILD_DIR", os.path.join(ROOT, "build")))
    parser.add_argument("--work", help="keep the intermediate files in this directory")
    parser.add_argument("--fuse", action="store_true", help="generalize and fuse elementwise ops before bufferizing")
    parser.add_argument("--frozen", action="store_true", help="export the parameters as constants, not arguments")
    parser.add_argument("--capi", action="store_true", help="run through the C API even with one mdh.compute")
    args = parser.parse_args(argv)
    for name in args.models:
        if name not in models.MODELS:
            parser.error(f"unknown model '{name}'; expected one of {', '.join(models.MODELS)}")
    args.models = args.models or list(models.MODELS)

    mdh_opt = os.path.join(args.build, "bin", "mdh-opt")
    if not os.path.isfile(mdh_opt):
        parser.error(f"no {mdh_opt}: build MDH-MLIR first (scripts/setup.sh) or pass --build")
    if "--mdh-convert-linalg-to-mdh" not in subprocess.run([mdh_opt, "--help"], capture_output=True, text=True).stdout:
        parser.error(f"{mdh_opt} has no --mdh-convert-linalg-to-mdh")

    work = args.work or tempfile.mkdtemp(prefix="mdh-torch-")
    os.makedirs(work, exist_ok=True)
    failed = []
    try:
        for name in args.models:
            print(f"== {name}", flush=True)
            files, expected = export(name, work, args.frozen)
            hl = lower(name, work, args.build, args.fuse)
            n = count_computes(hl)
            if n == 0:
                raise RuntimeError(f"{hl} holds no mdh.compute")
            if n == 1 and not args.capi:
                got = run_mdh_run(name, hl, files, work, args.build)
            else:
                got = run_capi(name, hl, files, work, args.build)
            err = float(np.max(np.abs(got - expected))) if got.shape == expected.shape else float("inf")
            ok = got.shape == expected.shape and np.allclose(got, expected, rtol=RTOL, atol=ATOL)
            print(f"{name}: {n} mdh.compute, output {tuple(got.shape)}, max |mdh - torch| = {err:.3g}: "
                  f"{'OK' if ok else 'MISMATCH'} (rtol=atol={RTOL})", flush=True)
            if not ok:
                failed.append(name)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    if failed:
        print(f"mismatch: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
