#!/usr/bin/env python3
"""What an expert would read off the compiled GPU kernels (issue 14).

    /usr/bin/python3 bench/gpu_mix.py [--quick] [--build build] [--out DIR]
        [--min-matmul-ffma PCT|cuda=PCT,nvvm=PCT] [--check] [--jobs N]
        [--no-amd] [--chips sm_80,sm_90] [--config A.json[,B.json]]
        [examples/x.mlir ...]

No GPU is needed: every number comes from the compilers and disassemblers
run here. For each example kernel (`examples/*.mlir`, the default
heuristic's configuration), for sm_80 and sm_90, both NVIDIA paths:

  cuda  `mdh-opt K.mlir --mdh-lower-to-clir=target=cuda:<chip> --emit-cuda`,
        then `nvcc -arch=<chip> -cubin -O3 -Xptxas -v`;
  nvvm  `mdh-opt K.mlir --mdh-lower-to-ptx=chip=<chip>`, the PTX of each
        gpu.binary, then `ptxas -arch=<chip> -v`;

and for AMD, `mdh-opt K.mlir --mdh-lower-to-amdgpu=chip=gfx942` (the
AMDGPU assembly of each gpu.binary). Per kernel: registers, spill stores /
loads, stack frame, static shared memory (+ dynamic, from the launch),
threads per block and blocks (the launch geometry: the `// Phase` comment
of the emitted CUDA, the constants of `gpu.launch_func` for nvvm and amd),
and the instruction mix of the hot loop of its SASS (`nvdisasm -c`, from
scripts/setup-gpu-tools.sh) or AMDGPU assembly.

The hot loop and what its mix counts: bench/gpu_isa.py (the parsers).

Roofline (a model, not a measurement): per computation, FLOPs = iteration
points x (float operations of the body, plus one for a float reduction),
as mdh-run counts them (here read from the text: arith.*f but compares,
constants and conversions, and math.*); bytes = the sizes of the function's
arguments, each once (the minimal DRAM traffic). Peaks: sm_90 = H100 SXM,
67 TFLOP/s FP32 (FFMA = 2 flops), 3.35 TB/s; sm_80 = A100, 19.5 TFLOP/s,
1.56 TB/s; roof = min(peak, AI x bandwidth). The issue efficiency of the
main kernel's hot loop, e = (2 FFMA + FADD + FMUL + FMNMX) / (2
instructions), is the fraction of the FP32 peak that its instruction stream
reaches when a scheduler issues one warp instruction per cycle; the model's
estimate is min(roof, e x peak), printed as a fraction of roof ("-": the
hot loop does no FP32 arithmetic, e.g. integer or select-only kernels). It
ignores latency, occupancy, bank conflicts, the combine kernels and
anything outside the hot loop. No AMD roofline.

--quick: matmul.mlir and dot.mlir, sm_90, both NVIDIA paths, no AMD; it
(and --check) exits 1 on any spill, any stack frame, a kernel that does not
compile, a vendor tool that fails, or a matmul_1024_main hot loop whose FFMA
share is below --min-matmul-ffma (per path). Exit 2: a tool is missing.
--config: the configurations to measure instead of the default
heuristic's (`config=` of the pipelines; one file argument, NVIDIA only,
and a configuration names its chip: pair it with --chips). It is how a
schedule is judged before the heuristic picks it.
Outputs: the Markdown tables on stdout and in gpu_mix.md; gpu_mix.csv,
gpu_mix_roofline.csv, gpu_mix.json and every intermediate file (.cu, .ptx,
.cubin, .sass, .s) under --out (default <build>/bench/gpu_mix).
"""

import argparse
import csv
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_isa import amd_kernel, ptxas_info, sass_functions, sass_mix  # noqa

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CUDA_BIN = "/usr/local/cuda/bin"
# Model peaks: FP32 FLOP/s (FFMA = 2) and DRAM bytes/s.
PEAKS = {"sm_80": ("A100", 19.5e12, 1.56e12),
         "sm_90": ("H100 SXM", 67e12, 3.35e12)}
# Ratchets: just below what matmul_1024_main's hot loop measures on sm_90
# (sm_80 is as high) since the heuristic picks 8 x 8 register tiles for
# contractions, the NVVM path unrolls register tiles fully and full blocks
# copy with 128-bit loads (2026-11-26): cuda 83.7%, nvvm 89.5% (issue 14's
# target: 75%). Before: cuda 66.8%, nvvm 41.0% (4 x 4 tiles); at e49b3c6:
# cuda 11.8%, nvvm 0.0%.
MIN_MATMUL_FFMA = "cuda=82,nvvm=87"
QUICK_FILES = ["matmul.mlir", "dot.mlir"]
QUICK_KERNEL = "matmul_1024_main"
AMD_CHIP = "gfx942"


# CL-IR passes run between --mdh-lower-to-clir and the emitters or
# back ends (--cl-pass), e.g. the opt-in mdh-cl-pad-shared-tiles.
CL_PASSES = []


def find_tool(name, extra_dirs):
    for d in extra_dirs:
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return p
    return shutil.which(name) or shutil.which(name, path=CUDA_BIN)


def run(cmd):
    """Runs cmd; returns (returncode, stdout + stderr)."""
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def mlir_string(s):
    """The bytes of an MLIR string literal body (\\XX, \\\\, \\", \\n, \\t)."""
    esc = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}
    return re.sub(r'\\([0-9A-Fa-f]{2}|[\\"nt])',
                  lambda m: esc.get(m.group(1)) or chr(int(m.group(1), 16)),
                  s)


def binaries(mlir, key):
    """{kernel: text} of the `key = "..."` objects of the gpu.binary ops."""
    pat = r'gpu\.binary @(\w+) .*?\b%s = "((?:[^"\\]|\\.)*)"' % key
    return {m.group(1): mlir_string(m.group(2))
            for m in re.finditer(pat, mlir)}


def launches(mlir):
    """{kernel: (threads, blocks, dynamic smem)} from gpu.launch_func."""
    out, consts = {}, {}
    for line in mlir.splitlines():
        if re.match(r"\s*llvm\.func ", line):
            consts = {}
        m = re.match(r"\s*(%\w+) = llvm\.mlir\.constant\((-?\d+) : \w+\)",
                     line)
        if m:
            consts[m.group(1)] = int(m.group(2))
        m = re.search(r"gpu\.launch_func\s+@\w+::@(\w+) blocks in \(([^)]*)\)"
                      r" threads in \(([^)]*)\)", line)
        if not m:
            continue
        dims = []
        for part in (m.group(2), m.group(3)):
            vals = [consts.get(v.strip()) for v in part.split(",")]
            dims.append(None if None in vals else
                        vals[0] * vals[1] * vals[2])
        dyn = re.search(r"dynamic_shared_memory_size (%\w+)", line)
        out[m.group(1)] = (dims[1], dims[0],
                           consts.get(dyn.group(1), 0) if dyn else 0)
    return out


def cuda_geometry(source):
    """{kernel: (threads, blocks, shared bytes)} from the `// Phase` notes."""
    out = {}
    for m in re.finditer(r'// Phase "\w+": grid \((\d+), (\d+), (\d+)\), '
                         r"block \((\d+), (\d+), (\d+)\)(?:, (\d+) bytes)?"
                         r".*\n__global__[^\n]*\n(\w+)\(", source):
        g = [int(x) for x in m.groups()[:6]]
        out[m.group(8)] = (g[3] * g[4] * g[5], g[0] * g[1] * g[2],
                           int(m.group(7) or 0))
    return out


# ---- Computations (roofline inputs) ----------------------------------------

ELEM_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1,
              "i16": 2, "i32": 4, "i64": 8, "index": 8}
FLOAT_OP = re.compile(r"= (?:arith\.(?!cmpf|constant|truncf|fptosi|fptoui)"
                      r"\w+f\b|math\.\w+)")


def computations(path):
    """{function: (flops, bytes)} of the mdh.compute ops of an example."""
    out = {}
    text = open(path).read()
    for chunk in re.split(r"\n(?=func\.func @)", text):
        m = re.match(r"func\.func @(\w+)\((.*?)\)\s*\{", chunk, re.S)
        c = re.search(r"mdh\.compute \"\w+\" sizes\(([\d, ]+)\)\s*"
                      r"combine\(([^\n]*)\)", chunk)
        if not m or not c:
            continue
        nbytes = 0
        for shape, elem in re.findall(r"memref<((?:\d+x)*)(\w+)>",
                                      m.group(2)):
            size = ELEM_BYTES.get(elem, 4)
            for d in filter(None, shape.split("x")):
                size *= int(d)
            nbytes += size
        points = 1
        for n in c.group(1).split(","):
            points *= int(n)
        body = chunk[chunk.find("^bb0"):]
        body = body[:body.find("mdh.yield")]
        yielded = re.search(r"mdh\.yield [^:]*: ([^\n]*)", chunk)
        per_point = len(FLOAT_OP.findall(body))
        if re.search(r"\b(pw|ps)\(", c.group(2)) and yielded:
            per_point += sum(1 for t in yielded.group(1).split(",")
                             if t.strip() in ("f16", "bf16", "f32", "f64"))
        out[m.group(1)] = (per_point * points, nbytes)
    return out


# ---- One example file on one chip ------------------------------------------

def nvidia_job(tools, path, chip, out, config=None):
    """Rows for both NVIDIA paths of one file on one chip, or a skip note."""
    extra = " config=" + config if config else ""
    stem = os.path.splitext(os.path.basename(path))[0]
    base = os.path.join(out, "files", chip, stem)
    os.makedirs(os.path.dirname(base), exist_ok=True)
    rows, notes = [], []

    def fail(path_name, what, text):
        # "skipped": mdh-opt refuses the kernel for this target; "error": a
        # vendor tool rejects what mdh-opt made (a bug, a failed check).
        first = next((l for l in text.splitlines() if "error" in l),
                     text.strip().splitlines()[-1] if text.strip() else "")
        notes.append("%s: %s %s %s: %s" % (
            "skipped" if what.startswith("not") else "error", stem,
            path_name, chip, what + ": " + first.strip()))

    # cuda: emitted source through nvcc.
    rc, log = run([tools["mdh-opt"], path,
                   "--mdh-lower-to-clir=target=cuda:" + chip + extra]
                  + CL_PASSES + ["--emit-cuda", "-o", base + ".cu"])
    if rc:
        fail("cuda", "not GPU-compilable (mdh-opt --emit-cuda)", log)
    else:
        rc, log = run([tools["nvcc"], "-arch=" + chip, "-cubin", "-O3",
                       "-Xptxas", "-v", base + ".cu", "-o", base + ".cubin"])
        if rc:
            fail("cuda", "nvcc failed", log)
        else:
            info = ptxas_info(log)
            geo = cuda_geometry(open(base + ".cu").read())
            rows += sass_rows(tools, base + ".cubin", "cuda", chip, info,
                              geo)
    # nvvm: upstream's NVPTX back end, PTX through ptxas.
    # With CL passes: through CL-IR (the same pipeline from there on).
    via_cl = (["--mdh-lower-to-clir=target=cuda:" + chip + extra] + CL_PASSES
              + ["--mdh-lower-to-ptx=chip=" + chip]) if CL_PASSES else \
        ["--mdh-lower-to-ptx=chip=" + chip + extra]
    rc, log = run([tools["mdh-opt"], path] + via_cl + ["-o", base + ".nvvm.mlir"])
    if rc:
        fail("nvvm", "not GPU-compilable (mdh-opt --mdh-lower-to-ptx)", log)
        return rows, notes
    mlir = open(base + ".nvvm.mlir").read()
    geo = launches(mlir)
    for kernel, ptx in binaries(mlir, "assembly").items():
        kbase = "%s.%s" % (base, kernel)
        with open(kbase + ".ptx", "w") as f:
            f.write(ptx)
        rc, log = run([tools["ptxas"], "-arch=" + chip, "-O3", "-v",
                       kbase + ".ptx", "-o", kbase + ".cubin"])
        if rc:
            fail("nvvm", "ptxas failed on " + kernel, log)
            continue
        rows += sass_rows(tools, kbase + ".cubin", "nvvm", chip,
                          ptxas_info(log), geo)
    return rows, notes


def sass_rows(tools, cubin, path_name, chip, info, geo):
    rc, sass = run([tools["nvdisasm"], "-c", cubin])
    if rc:
        raise RuntimeError("nvdisasm failed on %s: %s" % (cubin, sass))
    with open(os.path.splitext(cubin)[0] + ".sass", "w") as f:
        f.write(sass)
    rows = []
    for kernel, func in sass_functions(sass).items():
        r = {"kernel": kernel, "path": path_name, "chip": chip}
        r.update(info.get(kernel, {}))
        threads, blocks, smem = geo.get(kernel, (None, None, 0))
        r.update(threads=threads, blocks=blocks)
        # nvvm: the launch's dynamic shared memory comes on top of ptxas's
        # static smem; cuda: the note counts all of it (over 48 KiB it is
        # the kernel's `extern __shared__`, which ptxas does not count).
        static = r.get("smem") or 0
        r["smem"] = max(static, smem) if path_name == "cuda" else static + smem
        r.update(sass_mix(func))
        rows.append(r)
    return rows


def amd_job(tools, path, out):
    stem = os.path.splitext(os.path.basename(path))[0]
    base = os.path.join(out, "files", AMD_CHIP, stem)
    os.makedirs(os.path.dirname(base), exist_ok=True)
    via_cl = (["--mdh-lower-to-clir=target=hip:" + AMD_CHIP] + CL_PASSES
              if CL_PASSES else [])
    rc, log = run([tools["mdh-opt"], path] + via_cl +
                  ["--mdh-lower-to-amdgpu=chip=" + AMD_CHIP,
                   "-o", base + ".amdgpu.mlir"])
    if rc:
        first = next((l for l in log.splitlines() if "error" in l), log)
        return [], ["skipped: %s amd %s: not GPU-compilable (mdh-opt "
                    "--mdh-lower-to-amdgpu): %s" % (stem, AMD_CHIP,
                                                    first.strip())]
    mlir = open(base + ".amdgpu.mlir").read()
    geo = launches(mlir)
    rows = []
    for kernel, asm in binaries(mlir, "assembly").items():
        with open("%s.%s.s" % (base, kernel), "w") as f:
            f.write(asm)
        threads, blocks, _ = geo.get(kernel, (None, None, 0))
        r = {"kernel": kernel, "path": "amd", "chip": AMD_CHIP,
             "threads": threads, "blocks": blocks}
        r.update(amd_kernel(asm))
        rows.append(r)
    return rows, []


# ---- Output ----------------------------------------------------------------

def fmt(v, spec="%d"):
    return "-" if v is None else spec % v


def nvidia_table(rows):
    head = ["kernel", "path", "chip", "regs", "spill st/ld", "stack", "smem",
            "thr", "blocks", "hot loop", "instr", "FFMA%", "HMMA%", "MAC/instr",
            "FP%",
            "ISETP%", "INT%", "LDG (.128)", "STG (.128)", "LD/ST gen",
            "LDS (.128)", "LDSM", "STS (.128)", "LDS B/FFMA", "LDS B/HMMA",
            "SHFL",
            "LDGSTS", "BAR", "CALL"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [r["kernel"], r["path"], r["chip"], fmt(r.get("regs")),
                 "%s/%s" % (fmt(r.get("spill_st")), fmt(r.get("spill_ld"))),
                 fmt(r.get("stack")), fmt(r.get("smem")), fmt(r["threads"]),
                 fmt(r["blocks"]), r["loop"], str(r["instrs"]),
                 "%.1f" % r["ffma_pct"], "%.1f" % r["hmma_pct"],
                 "%.0f" % r["macs_per_instr"],
                 "%.1f" % r["fp_pct"],
                 "%.1f" % r["isetp_pct"], "%.1f" % r["int_pct"],
                 "%d (%d)" % (r["ldg"], r["ldg128"]),
                 "%d (%d)" % (r["stg"], r["stg128"]), str(r["ld_st_generic"]),
                 "%d (%d)" % (r["lds"], r["lds128"]), str(r["ldsm"]),
                 "%d (%d)" % (r["sts"], r["sts128"]),
                 fmt(r["lds_bytes_per_ffma"], "%.2f"),
                 fmt(r["lds_bytes_per_hmma"], "%.1f"), str(r["shfl"]),
                 str(r["ldgsts"]), str(r["bar"]), str(r["call"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def amd_table(rows):
    head = ["kernel", "chip", "VGPR", "AGPR", "SGPR", "spills V/S", "scratch",
            "LDS", "thr", "blocks", "hot loop", "instr", "FMA%", "MFMA%",
            "MAC/instr", "FP%",
            "ds_read",
            "ds_write", "global/buffer load", "s_barrier"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [r["kernel"], r["chip"], fmt(r["vgpr"]), fmt(r["agpr"]),
                 fmt(r["sgpr"]), "%s/%s" % (fmt(r["vgpr_spill"]),
                                            fmt(r["sgpr_spill"])),
                 fmt(r["scratch"]),
                 fmt(r["lds"]), fmt(r["threads"]), fmt(r["blocks"]),
                 r["loop"], str(r["instrs"]), "%.1f" % r["fma_pct"],
                 "%.1f" % r["mfma_pct"], "%.0f" % r["macs_per_instr"],
                 "%.1f" % r["fp_pct"], str(r["ds_read"]), str(r["ds_write"]),
                 str(r["global_load"]), str(r["barrier"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def roofline(comps, rows, chips):
    """Model rows per (computation, chip); see the module docstring."""
    main = {(r["kernel"], r["path"], r["chip"]): r for r in rows}
    out = []
    for func, (flops, nbytes) in comps.items():
        for chip in chips:
            name, peak, bw = PEAKS[chip]
            ai = flops / nbytes if nbytes else 0.0
            roof = min(peak, ai * bw)
            r = {"computation": func, "chip": chip, "model_gpu": name,
                 "gflop": flops / 1e9, "mbytes": nbytes / 1e6, "ai": ai,
                 "roof_tflops": roof / 1e12,
                 "bound": "compute" if ai * bw >= peak else "memory"}
            for p in ("cuda", "nvvm"):
                k = main.get((func + "_main", p, chip))
                e = k["issue_eff"] if k else None
                r[p + "_issue_eff"] = e
                r[p + "_est_of_roof"] = (min(1.0, e * peak / roof)
                                         if e is not None and roof else None)
            out.append(r)
    return out


def roofline_table(rows):
    head = ["computation", "chip (model)", "GFLOP", "MB", "FLOP/B",
            "roof TFLOP/s", "bound", "cuda e", "cuda est/roof", "nvvm e",
            "nvvm est/roof"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    pct = lambda v: "-" if v is None else "%.0f%%" % (100 * v)
    for r in rows:
        lines.append("| " + " | ".join([
            r["computation"], "%s (%s)" % (r["chip"], r["model_gpu"]),
            "%.3f" % r["gflop"], "%.1f" % r["mbytes"], "%.2f" % r["ai"],
            "%.2f" % r["roof_tflops"], r["bound"],
            pct(r["cuda_issue_eff"]), pct(r["cuda_est_of_roof"]),
            pct(r["nvvm_issue_eff"]), pct(r["nvvm_est_of_roof"])]) + " |")
    return "\n".join(lines)


def write_csv(path, rows):
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)


def ffma_limits(spec):
    """{path: percent} from "PCT" (both paths) or "cuda=PCT,nvvm=PCT"."""
    if "=" not in spec:
        return {"cuda": float(spec), "nvvm": float(spec)}
    limits = {"cuda": 0.0, "nvvm": 0.0}
    for part in spec.split(","):
        key, _, val = part.partition("=")
        if key.strip() not in limits:
            raise ValueError("unknown path '%s' in --min-matmul-ffma" % key)
        limits[key.strip()] = float(val)
    return limits


def checks(rows, amd_rows, min_ffma, chips, comps):
    bad = []
    for r in rows:
        if r.get("spill_st") or r.get("spill_ld"):
            bad.append("%s %s %s: spills %d/%d bytes" % (
                r["kernel"], r["path"], r["chip"], r["spill_st"],
                r["spill_ld"]))
        if r.get("stack"):
            bad.append("%s %s %s: %d-byte stack frame" % (
                r["kernel"], r["path"], r["chip"], r["stack"]))
    for r in amd_rows:
        if r["vgpr_spill"] or r["sgpr_spill"] or r["scratch"]:
            bad.append("%s amd %s: %s VGPR / %s SGPR spills, %s bytes "
                       "scratch" % (r["kernel"], r["chip"], r["vgpr_spill"],
                                    r["sgpr_spill"], r["scratch"]))
    # The ratchet applies when matmul_1024 is among the inputs.
    for chip in chips if QUICK_KERNEL.rsplit("_", 1)[0] in comps else []:
        for p in ("cuda", "nvvm"):
            r = [r for r in rows if (r["kernel"], r["path"], r["chip"]) ==
                 (QUICK_KERNEL, p, chip)]
            if not r:
                bad.append("%s %s %s: not measured" % (QUICK_KERNEL, p, chip))
            elif r[0]["ffma_pct"] < min_ffma[p]:
                bad.append("%s %s %s: hot-loop FFMA share %.1f%% < %.1f%%" % (
                    QUICK_KERNEL, p, chip, r[0]["ffma_pct"], min_ffma[p]))
    return bad


def git_state():
    rc, sha = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    if rc:
        return "unknown"
    rc, _ = run(["git", "-C", ROOT, "diff", "--quiet", "HEAD"])
    return sha.strip() + (" + uncommitted changes" if rc else "")


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("files", nargs="*", help="default: examples/*.mlir")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 on a failed check (implied by --quick)")
    ap.add_argument("--build", default="build")
    ap.add_argument("--out", help="default: <build>/bench/gpu_mix")
    ap.add_argument("--min-matmul-ffma", type=ffma_limits,
                    default=ffma_limits(MIN_MATMUL_FFMA),
                    help="PCT or cuda=PCT,nvvm=PCT (default %s, a ratchet)"
                    % MIN_MATMUL_FFMA)
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--no-amd", action="store_true")
    ap.add_argument("--cl-pass", action="append", default=[],
                    help="a CL-IR pass (e.g. mdh-cl-pad-shared-tiles) run "
                         "on --mdh-lower-to-clir's output before the "
                         "emitters and back ends; repeatable")
    ap.add_argument("--chips", help="comma-separated (default sm_80,sm_90; "
                    "sm_90 with --quick)")
    ap.add_argument("--config", help="configuration JSON file(s), comma-"
                    "separated, instead of the heuristic's (one input file; "
                    "implies --no-amd)")
    args = ap.parse_args()
    CL_PASSES[:] = ["--" + p.lstrip("-") for p in args.cl_pass]
    if args.config and len(args.files) != 1:
        ap.error("--config needs exactly one input file")
    start = time.time()
    build = os.path.join(ROOT, args.build)
    out = os.path.abspath(args.out or os.path.join(build, "bench", "gpu_mix"))
    venv_bin = os.path.join(build, "gpu-tools-venv", "bin")
    opt = os.path.join(build, "bin", "mdh-opt")
    tools = {"mdh-opt": opt if os.access(opt, os.X_OK) else None,
             "nvcc": find_tool("nvcc", []), "ptxas": find_tool("ptxas", []),
             "nvdisasm": find_tool("nvdisasm", [venv_bin])}
    missing = [t for t, p in tools.items() if not p]
    if missing:
        print("gpu_mix.py: not found: %s (mdh-opt: build it in --build; "
              "nvcc/ptxas: the "
              "CUDA toolkit in %s or PATH; nvdisasm: "
              "scripts/setup-gpu-tools.sh)" % (", ".join(missing), CUDA_BIN),
              file=sys.stderr)
        return 2
    chips = (args.chips.split(",") if args.chips else
             ["sm_90"] if args.quick else ["sm_80", "sm_90"])
    config = (",".join(os.path.abspath(c) for c in args.config.split(","))
              if args.config else None)
    files = args.files or [
        os.path.join(ROOT, "examples", f) for f in
        (QUICK_FILES if args.quick else
         sorted(f for f in os.listdir(os.path.join(ROOT, "examples"))
                if f.endswith(".mlir")))]
    amd = not (args.quick or args.no_amd or config)
    os.makedirs(out, exist_ok=True)

    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        nv = [pool.submit(nvidia_job, tools, f, c, out, config)
              for f in files for c in chips]
        am = [pool.submit(amd_job, tools, f, out) for f in files] if amd \
            else []
        results = [j.result() for j in nv]
        amd_results = [j.result() for j in am]
    rows = [r for rs, _ in results for r in rs]
    notes = [n for _, ns in results + amd_results for n in ns]
    amd_rows = [r for rs, _ in amd_results for r in rs]
    order = {"cuda": 0, "nvvm": 1}
    rows.sort(key=lambda r: (r["kernel"], r["chip"], order[r["path"]]))
    comps = {}
    for f in files:
        comps.update(computations(f))
    roof = roofline(comps, rows, chips)

    _, nvcc_v = run([tools["nvcc"], "--version"])
    _, dis_v = run([tools["nvdisasm"], "--version"])
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    commit = git_state()
    bad = checks(rows, amd_rows, args.min_matmul_ffma, chips, comps)
    # A tool failing on generated code always fails; with --quick, so does
    # a kernel of the subset that does not compile at all.
    bad += [n for n in notes if args.quick or n.startswith("error")]
    report = [
        "# GPU instruction mix (bench/gpu_mix.py%s), %s, commit %s" % (
            " --quick" if args.quick else "", when, commit),
        "nvcc/ptxas: %s; nvdisasm: %s\n" % (
            nvcc_v.strip().splitlines()[-1], dis_v.strip().splitlines()[-1]),
        nvidia_table(rows)]
    if amd_rows:
        report.append("\n" + amd_table(amd_rows))
    report += ["\nRoofline model (not a measurement; see the docstring):\n",
               roofline_table(roof)] + notes
    report.append("\nchecks (no spills, no stack frames, %s hot-loop FFMA "
                  "share >= cuda %.1f%%, nvvm %.1f%%): %s" % (
                      QUICK_KERNEL, args.min_matmul_ffma["cuda"],
                      args.min_matmul_ffma["nvvm"],
                      "OK" if not bad else "%d failed" % len(bad)))
    report += ["  FAIL " + b for b in bad]
    print("\n".join(report))

    with open(os.path.join(out, "gpu_mix.md"), "w") as f:
        f.write("\n".join(report) + "\n")
    write_csv(os.path.join(out, "gpu_mix.csv"), rows + amd_rows)
    write_csv(os.path.join(out, "gpu_mix_roofline.csv"), roof)
    with open(os.path.join(out, "gpu_mix.json"), "w") as f:
        json.dump({"date": when, "commit": commit, "quick": args.quick,
                   "min_matmul_ffma": args.min_matmul_ffma,
                   "nvidia": rows, "amd": amd_rows, "roofline": roof,
                   "notes": notes, "failed_checks": bad}, f, indent=1)
    print("wrote %s/gpu_mix{.md,.csv,_roofline.csv,.json} and files/ in "
          "%.1f s" % (out, time.time() - start))
    return 1 if bad and (args.quick or args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
