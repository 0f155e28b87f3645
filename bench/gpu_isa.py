#!/usr/bin/env python3
"""Reading compiled GPU kernels: ptxas -v reports, SASS, AMDGPU assembly.

The parsers of bench/gpu_mix.py, apart so that they can be tested on fixed
inputs (test/lit/bench):

    python3 bench/gpu_isa.py sass FILE     # `nvdisasm -c` output
    python3 bench/gpu_isa.py amdgpu FILE   # AMDGPU assembly (one kernel)
    python3 bench/gpu_isa.py ptxas FILE    # `ptxas -v` / `nvcc -Xptxas -v`

print one JSON object per kernel (sorted keys).

SASS lines are `/*addr*/ [@[!]P|UP pred] OPCODE.MODIFIERS operands ;`; the
opcode is the first token after the predicate, its base the part before
the first dot (LDG.E.128 -> LDG, width 16 bytes). NOPs are left out.

Hot loop: a loop is a backward branch (`BRA` to an earlier `.L_x_N`; AMD:
`s_branch`/`s_cbranch_*` to an earlier `.LBB` label) and spans the
instructions from its target to its last back edge (a static span: both
sides of every branch in it, nested loops once). The hot loop is the loop
whose own instructions (those not inside a loop nested in it) do the most
FP32 work: 2 per FFMA, 1 per FADD, FMUL, FMNMX (AMD: 2 per v_fma*/v_fmac*/
v_mac*, 1 per v_add/sub/mul/max/min_f*, twice that for v_pk_*; tensor and
matrix cores: a lane's share of the products of an HMMA or v_mfma). When no
loop does FP32 work, it is the whole kernel if the kernel does any (its
loops over register tiles were unrolled in full), else the outermost loop
with the most instructions; without loops, the whole kernel. Its mix counts every instruction of its span: FP% =
FADD, FMUL, FSEL, FMNMX; INT% = IMAD*, IADD3, IADD, VIADD; LDS bytes/FFMA =
the bytes the span's LDS and LDSM (ldmatrix: 4 per 8x8 block) instructions
load per lane (by width) per FFMA (or HMMA); issue_eff =
FP32 work / (2 x instructions), the fraction of the FP32 peak that the
instruction stream reaches at one warp instruction per cycle.
"""

import json
import re
import sys


def demangle(name):
    """The name of a mangled function (`_Z16matmul_1024_mainPKfS0_Pf`)."""
    m = re.match(r"_Z(\d+)(\w+)", name)
    return m.group(2)[:int(m.group(1))] if m else name


def ptxas_info(text):
    """{kernel: resource dict} from `ptxas -v` output."""
    out = {}
    for chunk in re.split(r"Compiling entry function '", text)[1:]:
        name = demangle(chunk.split("'", 1)[0])
        r = {}
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                      r"(\d+) bytes spill loads", chunk)
        if m:
            r["stack"], r["spill_st"], r["spill_ld"] = map(int, m.groups())
        m = re.search(r"Used (\d+) registers", chunk)
        r["regs"] = int(m.group(1)) if m else None
        m = re.search(r"(\d+) bytes smem", chunk)
        r["smem"] = int(m.group(1)) if m else 0
        out[name] = r
    return out


# ---- SASS ------------------------------------------------------------------

INSN = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(?:(@!?U?P[T0-9]+)\s+)?"
                  r"([A-Z][A-Z0-9_.]*)\s*([^;]*);")
LABEL = re.compile(r"^(\.L_x_\d+):")
TARGET = re.compile(r"`\((\.L_x_\d+)\)")
# Flops per FP32 instruction (what picks the hot loop and makes e).
SASS_FLOPS = {"FFMA": 2, "FADD": 1, "FMUL": 1, "FMNMX": 1}
# Tensor-core work per lane, for choosing the hot loop only: one
# HMMA.16816 is a warp's 16 x 8 x 16 multiply-adds, 4096 flops, 128 a lane;
# HMMA.1688 (TF32) half of that.


def hmma_macs(op):
    """A warp's multiply-adds in one HMMA: 16 x 8 x K for HMMA.168K."""
    m = re.match(r"HMMA\.168(\d+)", op)
    return 16 * 8 * int(m.group(1)) if m else 2048


def mfma_macs(op):
    """A wavefront's multiply-adds in one v_mfma_*_MxNxK* (0 for others)."""
    m = re.match(r"v_mfma_\w+?_(\d+)x(\d+)x(\d+)", op)
    return int(m.group(1)) * int(m.group(2)) * int(m.group(3)) if m else 0


def tensor_flops(op):
    """Flops per lane of `op` on tensor cores (0 for other opcodes)."""
    return hmma_macs(op) * 2 // 32 if op.split(".")[0] == "HMMA" else 0


def sass_functions(text):
    """{kernel: {"insns": [(opcode, operands, target label, address)],
    "labels": {label: index}}} of `nvdisasm -c` output."""
    funcs, cur, pending = {}, None, []
    for line in text.splitlines():
        m = re.match(r"^\.text\.(\S+):", line)
        if m:
            cur = funcs.setdefault(demangle(m.group(1)),
                                   {"insns": [], "labels": {}})
            continue
        if cur is None:
            continue
        m = LABEL.match(line)
        if m:
            pending.append(m.group(1))
            continue
        m = INSN.match(line)
        if m:
            for label in pending:
                cur["labels"][label] = len(cur["insns"])
            pending = []
            t = TARGET.search(m.group(4))
            cur["insns"].append((m.group(3), m.group(4),
                                 t.group(1) if t else None,
                                 "0x" + m.group(1)))
    return funcs


def find_loops(insns, labels, is_back_branch, flops):
    """The hot loop (index span) and how many loops nest in it, or None."""
    ends = {}
    for i, (op, _, target, _) in enumerate(insns):
        if target in labels and is_back_branch(op) and labels[target] < i:
            ends[labels[target]] = max(ends.get(labels[target], i), i)
    loops = sorted(ends.items())
    if not loops:
        return None, 0

    def nested(a, b):  # b strictly inside a
        return a != b and a[0] <= b[0] and b[1] <= a[1]

    def own_flops(lp):
        inner = [b for b in loops if nested(lp, b)]
        return sum(flops(insns[i][0]) for i in range(lp[0], lp[1] + 1)
                   if not any(b[0] <= i <= b[1] for b in inner))

    score, lp = max(((own_flops(lp), lp) for lp in loops),
                    key=lambda s: (s[0], -(s[1][1] - s[1][0])))
    if score == 0:
        # FP work outside every loop: register tiles unrolled in full.
        if any(flops(op) for op, _, _, _ in insns):
            return None, 0
        lp = max((lp for lp in loops if not any(nested(lp, b) for b in loops)),
                 key=lambda lp: lp[1] - lp[0])
    return lp, sum(1 for b in loops if nested(lp, b))


def width_bytes(op):
    """Bytes per thread of a load or store (`LDS.128` -> 16; default 4)."""
    for suffix, b in ((".128", 16), (".64", 8), (".U16", 2), (".S16", 2),
                      (".U8", 1), (".S8", 1)):
        if suffix in op:
            return b
    return 4


def ldsm_bytes(op):
    """Bytes per thread of an ldmatrix (`LDSM.16.M88.4`: four 8x8 blocks of
    16-bit elements, 4 bytes of each to every lane -> 16)."""
    m = re.match(r"LDSM\.16\.MT?88\.(\d)", op)
    return 4 * int(m.group(1)) if m else 4


def sass_mix(func):
    """The resources and hot-loop mix of one function of sass_functions."""
    insns = [i for i in func["insns"] if not i[0].startswith("NOP")]
    labels = {}
    for label, idx in func["labels"].items():  # re-index without NOPs
        labels[label] = sum(1 for i in func["insns"][:idx]
                            if not i[0].startswith("NOP"))
    base = lambda op: op.split(".")[0]
    loop, nests = find_loops(insns, labels, lambda op: base(op) == "BRA",
                             lambda op: SASS_FLOPS.get(base(op), 0) +
                             tensor_flops(op))
    span = insns[loop[0]:loop[1] + 1] if loop else insns
    ops = [i[0] for i in span]
    count = lambda *names: sum(1 for op in ops if base(op) in names)
    wide = lambda name: sum(1 for op in ops
                            if base(op) == name and ".128" in op)
    lds_bytes = (sum(width_bytes(op) for op in ops if base(op) == "LDS") +
                 sum(ldsm_bytes(op) for op in ops if base(op) == "LDSM"))
    n, ffma, hmma = len(ops), count("FFMA"), count("HMMA")
    fp = count("FADD", "FMUL", "FSEL", "FMNMX")
    flops = sum(SASS_FLOPS.get(base(op), 0) for op in ops)
    return {
        "loop": ("loop+%d" % nests if nests else "loop") if loop else
                "no loop (whole kernel)",
        "instrs": n, "ffma": ffma, "fp": fp,
        "ffma_pct": 100.0 * ffma / n if n else 0.0,
        "hmma": hmma, "hmma_pct": 100.0 * hmma / n if n else 0.0,
        # A warp's multiply-adds per instruction of the hot loop: 32 per
        # FFMA, 16 x 8 x 16 = 2048 per HMMA.16816, 1024 per HMMA.1688 (the
        # FFMA and tensor-core schedules on one scale).
        "macs_per_instr": (32 * ffma + sum(hmma_macs(op) for op in ops
                                           if base(op) == "HMMA")) / n
                          if n else 0.0,
        "lds_bytes_per_hmma": lds_bytes / hmma if hmma else None,
        "fp_pct": 100.0 * fp / n if n else 0.0,
        "isetp_pct": 100.0 * count("ISETP") / n if n else 0.0,
        "int_pct": 100.0 * count("IMAD", "IADD3", "IADD", "VIADD") / n
                   if n else 0.0,
        "ldg": count("LDG"), "ldg128": wide("LDG"),
        "stg": count("STG"), "stg128": wide("STG"),
        "ld_st_generic": count("LD", "ST"),
        "lds": count("LDS"), "lds128": wide("LDS"), "lds_bytes": lds_bytes,
        "ldsm": count("LDSM"),
        "sts": count("STS"), "sts128": wide("STS"),
        "lds_bytes_per_ffma": lds_bytes / ffma if ffma else None,
        "shfl": count("SHFL"), "ldgsts": count("LDGSTS"),
        "bar": count("BAR"), "call": count("CALL"),
        "issue_eff": flops / (2 * n) if flops else None,
        "loop_start": span[0][3] if loop else None,
        "loop_end": span[-1][3] if loop else None,
        "call_targets": " ".join(sorted({t for op, operands, _, _ in span
                                         if base(op) == "CALL"
                                         for t in re.findall(r"`\((.*?)\)",
                                                             operands)})),
    }


# ---- AMDGPU ----------------------------------------------------------------

def amd_kernel(asm):
    """Registers, spills, LDS and the hot-loop mix of one AMDGPU kernel."""
    meta = lambda key: (lambda m: int(m.group(1)) if m else None)(
        re.search(r"^\s+(?:- )?\.%s:\s+(\d+)" % key, asm, re.M))
    insns, labels = [], {}
    for line in asm.split("amdhsa.kernels:")[0].splitlines():
        m = re.match(r"^(\.LBB\w+):", line)
        if m:
            labels[m.group(1)] = len(insns)
            continue
        m = re.match(r"^\s+([a-z][a-z0-9_]*)\b\s*(.*)", line)
        if m and not line.lstrip().startswith((".", ";")):
            t = re.search(r"(\.LBB\w+)", m.group(2))
            insns.append((m.group(1), m.group(2), t.group(1) if t else None,
                          len(insns)))
    is_fma = lambda op: op.startswith(("v_fma", "v_fmac", "v_pk_fma",
                                       "v_mac"))
    # Per lane; v_pk_* f32 ops do two; an MFMA its share of the wavefront's
    # M x N x K multiply-adds.
    flops = lambda op: (2 if is_fma(op) else int(op.startswith(
        ("v_add_f", "v_sub_f", "v_mul_f", "v_max_f", "v_min_f", "v_pk_add_f",
         "v_pk_mul_f")))) * (2 if op.startswith("v_pk_") else 1) + \
        mfma_macs(op) * 2 // 64
    loop, nests = find_loops(insns, labels,
                             lambda op: op.startswith(("s_branch",
                                                       "s_cbranch")), flops)
    span = insns[loop[0]:loop[1] + 1] if loop else insns
    n = len(span)
    fma = sum(1 for op, _, _, _ in span if is_fma(op))
    mfma = sum(1 for op, _, _, _ in span if mfma_macs(op))
    macs = sum(mfma_macs(op) for op, _, _, _ in span) + 64 * fma
    fp = sum(1 for op, _, _, _ in span
             if flops(op) and not is_fma(op) and not mfma_macs(op))
    pre = lambda *p: sum(1 for op, _, _, _ in span if op.startswith(p))
    label = {i: l for l, i in labels.items()}
    return {
        "vgpr": meta("vgpr_count"), "agpr": meta("agpr_count"),
        "sgpr": meta("sgpr_count"),
        "vgpr_spill": meta("vgpr_spill_count"),
        "sgpr_spill": meta("sgpr_spill_count"),
        "scratch": meta("private_segment_fixed_size"),
        "lds": meta("group_segment_fixed_size"),
        "loop": ("loop+%d" % nests if nests else "loop") if loop else
                "no loop (whole kernel)",
        "instrs": n, "fma_pct": 100.0 * fma / n if n else 0.0,
        "mfma": mfma, "mfma_pct": 100.0 * mfma / n if n else 0.0,
        # A wavefront's multiply-adds per hot-loop instruction: 64 per v_fma,
        # M x N x K per MFMA (4096 for 16x16x16).
        "macs_per_instr": macs / n if n else 0.0,
        "fp_pct": 100.0 * fp / n if n else 0.0,
        "loop_start": label.get(loop[0]) if loop else None,
        "ds_read": pre("ds_read", "ds_load"),
        "ds_write": pre("ds_write", "ds_store"),
        "global_load": pre("global_load", "buffer_load", "flat_load"),
        "barrier": pre("s_barrier"),
    }


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("sass", "amdgpu", "ptxas"):
        print("usage: gpu_isa.py sass|amdgpu|ptxas FILE", file=sys.stderr)
        return 2
    text = open(sys.argv[2]).read()
    if sys.argv[1] == "sass":
        out = {k: sass_mix(f) for k, f in sass_functions(text).items()}
    elif sys.argv[1] == "ptxas":
        out = ptxas_info(text)
    else:
        out = {"kernel": amd_kernel(text)}
    for kernel, r in sorted(out.items()):
        print(kernel, json.dumps(r, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
