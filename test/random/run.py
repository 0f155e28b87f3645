#!/usr/bin/env python3
"""Runs random MDH computations on every code path (issue 19).

Each case is a program of gen.py (seed = --seed and the case number),
verified by `mdh-opt` (a program it rejects is a generator bug, counted
as "rejected"), then run by `mdh-run --check=full` (the project's f64
reference) on every target of --targets with a configuration drawn at
random from the target's search space (`mdh-space-sample`; one run in
five takes the heuristic's default configuration instead): `openmp` (JIT),
`c` (C compiled by clang-22), and `cuda`/`hip` through the emulation on
the CPU (`--emulate`, a chip drawn per run). Every --ref-every-th case also
runs on input data of its own and is compared with test/random/reference.py,
the independent NumPy reference.

A run ends as one of
  pass       the check passed (and the independent reference agreed)
  mismatch   mdh-run's check failed
  refmismatch mdh-run passed, the independent reference disagrees
  refused    mdh-run stopped with a diagnostic the target is known to give
             for a feature it does not support (REFUSALS below)
  error      any other diagnostic: a valid program that does not compile
  crash      killed by a signal, an abort or an LLVM fatal error
  hang       no result within --timeout seconds
and the first case that does not pass is reduced (reduce.py) to a small
reproducer under --out.

usage: run.py BUILD SOURCE [--cases N] [--seed S] [--jobs J]
              [--targets openmp,c,cuda,hip] [--out DIR] [--timeout T]
              [--ref-every K] [--no-reduce] [--require-coverage]
"""

import argparse
import concurrent.futures
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

KINDS = ["pass", "mismatch", "refmismatch", "refused", "error", "crash",
         "hang"]
CHIPS = {"cuda": ["cuda:sm_80", "cuda:sm_90"],
         "hip": ["hip:gfx90a", "hip:gfx942"], "openmp": ["openmp"],
         "c": ["openmp"]}
# Clean refusals: a target that does not support a feature says so.
REFUSALS = [
    r"which the C target does not support",
    # No configuration of the target's search space fits the computation
    # (the heuristic's default then breaks the same rule). A known gap of
    # the register-tile rule, rarer since output views with floordiv/mod and
    # maps of different coefficients are bounded (seed 11: 986 of 10,000
    # programs without an openmp schedule before; seed 12: 11 of 2,500
    # after, until outputs whose maps disagree counted their accumulators
    # per map; docs/reliability.md).
    r"the search space is empty",
    r"invalid configuration: register tile needs",
]
# What --disable-pass knows (mdh-run --disable-pass=x says), minus
# mdh-cl-unroll, which is off by default on the host.
HOST_PASSES = ["mdh-cl-eliminate-partition-indices",
               "mdh-cl-eliminate-combines", "mdh-cl-reduce-buffers",
               "mdh-cl-accumulate-in-registers", "mdh-cl-inline-scalar",
               "mdh-cl-vectorize-register-tiles", "mdh-cl-simplify-indices"]
GPU_PASSES = ["mdh-cl-eliminate-partition-indices",
              "mdh-cl-accumulate-in-registers", "mdh-cl-pad-register-tiles",
              "mdh-cl-unroll", "mdh-cl-inline-scalar",
              "mdh-cl-simplify-indices"]
CRASH_MARKS = ["PLEASE submit a bug report", "LLVM ERROR", "Assertion",
               "Stack dump", "Sanitizer", "terminate called"]
ENV = dict(os.environ, KMP_BLOCKTIME=os.environ.get("KMP_BLOCKTIME", "0"))


class Tools:
    def __init__(self, build):
        build = os.path.abspath(build)
        self.opt = os.path.join(build, "bin", "mdh-opt")
        self.run = os.path.join(build, "bin", "mdh-run")
        self.sample = next(
            (p for p in (os.path.join(build, "bin", "mdh-space-sample"),
                         os.path.join(build, "test", "unit", "mdh-space",
                                      "mdh-space-sample"))
             if os.path.exists(p)), None)
        for tool in (self.opt, self.run, self.sample):
            if not tool or not os.path.exists(tool):
                raise SystemExit("run.py: missing tool %s (build mdh-opt "
                                 "mdh-run mdh-space-sample)" % tool)


def call(cmd, timeout):
    """(returncode or 'hang', stdout, stderr). The command runs in a
    process group of its own, so that a timeout also ends what it started
    (the C compiler of `--target=c`)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=ENV, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, 9)
        except ProcessLookupError:
            pass
        out, _ = p.communicate()
        return "hang", out or "", "timed out after %s s" % timeout


def signature(text):
    """The first diagnostic, without file names, positions and numbers:
    what makes two errors 'the same failure'."""
    for line in text.splitlines():
        if "error:" in line:
            msg = line.split("error:", 1)[1]
            return re.sub(r"\d+", "N", msg).strip()[:160]
    return text.strip().splitlines()[0][:160] if text.strip() else ""


def classify(rc, out, err):
    """The kind of one mdh-run (or mdh-space-sample) run. A wrong result
    is the first symptom of what may corrupt memory and end in a crash or
    a hang: it counts as a mismatch."""
    lines = [l for l in out.splitlines() if l and not l.startswith("#")]
    if lines and lines[-1].rstrip().endswith("FAIL"):
        return "mismatch"
    if rc == "hang":
        return "hang"
    if (isinstance(rc, int) and (rc < 0 or rc >= 128)) or \
            any(m in err for m in CRASH_MARKS):
        return "crash"
    if rc == 0 and lines and lines[-1].rstrip().endswith("OK"):
        return "pass"
    if any(re.search(p, err) for p in REFUSALS):
        return "refused"
    return "error"


def write_case(case, directory):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "case.mlir")
    with open(path, "w") as f:
        f.write(gen.emit(case))
    with open(os.path.join(directory, "case.json"), "w") as f:
        json.dump(case, f)
    return path


def draw_flags(target, rng):
    """Options of one mdh-run besides the configuration. The CL-IR
    optimizations are each meant to be optional: a run in four leaves some
    out, and on the host adds the optional one (unrolling) or takes
    another LLVM optimization level."""
    passes = GPU_PASSES if target in ("cuda", "hip") else HOST_PASSES
    flags = []
    if rng.random() < 0.25:
        flags.append("--disable-pass=" + ",".join(
            rng.sample(passes, rng.randint(1, 3))))
    if target in ("openmp", "c"):
        flags.append("--threads=%d" % rng.choice([1, 2, 3]))
        # Unrolling without mdh-cl-eliminate-partition-indices multiplies
        # the code (a 1 MB C file, 35 to 55 s in clang, for a register
        # tile of 32 points): a known compile-time blow-up, left out here.
        if rng.random() < 0.25 and not (
                flags[0].startswith("--disable-pass") and
                "mdh-cl-eliminate-partition-indices" in flags[0]):
            flags.append("--enable-pass=mdh-cl-unroll")
        if rng.random() < 0.2:
            flags.append("-O=%d" % rng.randint(0, 2))
    else:
        flags.append("--emulate")
    return flags


def run_target(tools, case, directory, target, rng, timeout, inputs=None,
               config=None, extra=(), flags=None, seed=None, spec=None):
    """One run of `case` on `target`: a dict with kind, message, command.
    `config`: None to draw one; "default" for the heuristic's; or a list
    of files. `flags`: the other options, `seed`: mdh-run's (the input
    data, and the thread order of the emulation), `spec`: the target with
    its chip; None: drawn."""
    import reference
    mlir = os.path.join(directory, "case.mlir")
    drawn = rng.choice(CHIPS[target])
    spec = spec or drawn
    res = {"target": target, "spec": spec, "config": []}
    if config is None:
        config = "default" if rng.random() < 0.2 else "sample"
    if config == "sample":
        prefix = os.path.join(directory, "%s.%s" % (
            target, spec.replace(":", "_")))
        seed = rng.randrange(1 << 31)
        cmd = [tools.sample, mlir, spec, str(seed), prefix]
        rc, out, err = call(cmd, timeout)
        if rc != 0:
            kind = classify(rc, out, err)
            res.update(kind=kind,
                       message="mdh-space-sample: " + signature(err),
                       log=err, command=" ".join(cmd))
            return res
        config = sorted(glob.glob(prefix + ".*.json"))
    if config != "default":
        res["config"] = config
    # c runs the configurations of openmp: the same CL-IR, printed as C.
    run_seed = rng.randint(1, 1000)
    res["seed"] = seed = run_seed if seed is None else seed
    cmd = [tools.run, mlir, "--target=" + ("c" if target == "c" else spec),
           "--check=full", "--reps=1", "--seed=%d" % seed]
    if config != "default":
        cmd.append("--config=" + ",".join(config))
    cmd += extra
    if flags is None:
        flags = draw_flags(target, rng)
    res["flags"] = flags
    cmd += flags
    outdir = None
    if inputs is not None:
        outdir = os.path.join(directory, "out-" + target)
        shutil.rmtree(outdir, ignore_errors=True)
        cmd += ["--input=in%d=@%s" % (i, os.path.join(directory,
                                                      "in%d.npy" % i))
                for i in range(len(case["inputs"]))]
        cmd.append("--output-dir=" + outdir)
    t0 = time.monotonic()
    rc, out, err = call(cmd, timeout)
    res["seconds"] = time.monotonic() - t0
    kind = classify(rc, out, err)
    message = signature(err)
    if kind == "mismatch":
        first = [l for l in err.splitlines() if "mismatches; first:" in l]
        message = re.sub(r"\d+", "N", first[0].split(":", 1)[1].strip()
                         )[:160] if first else "FAIL"
    res.update(kind=kind, command=" ".join(cmd), log=out + err,
               message=message)
    if config == "default" and kind == "refused" and \
            "invalid configuration" in err:
        # The heuristic's configuration breaks a rule: a refusal only if
        # no configuration keeps them all.
        prefix = os.path.join(directory, "check-%s" % target)
        rc, _, _ = call([tools.sample, mlir, spec, "1", prefix], timeout)
        if rc == 0:
            res.update(kind="error", message="the heuristic's default "
                       "configuration is invalid, yet the search space is "
                       "not empty: " + message)
    if kind == "pass" and inputs is not None:
        try:
            msgs, checked, unsure = reference.check_run(case, inputs,
                                                        outdir)
        except Exception as e:  # a bug of reference.py, not of the run
            msgs, checked, unsure = ["reference.py raised %r" % e], 0, 0
        res["ref_checked"], res["ref_unchecked"] = checked, unsure
        if msgs:
            res.update(kind="refmismatch",
                       message=re.sub(r"\d+", "N", msgs[-1]),
                       log="\n".join(msgs))
    return res


def prepare_inputs(case, directory, seed):
    import numpy as np
    import reference
    inputs = reference.make_inputs(case, seed)
    for i, a in enumerate(inputs):
        np.save(os.path.join(directory, "in%d.npy" % i), a)
    return inputs


def run_case(tools, n, args, workdir):
    seed = args.seed * 1000003 + n
    case = gen.generate(seed)
    directory = os.path.join(workdir, "case%d" % n)
    mlir = write_case(case, directory)
    rng = random.Random(seed)
    inputs = None
    if args.ref_every and n % args.ref_every == 0 and have_numpy():
        inputs = prepare_inputs(case, directory, seed)
    runs = [run_target(tools, case, directory, t, rng, args.timeout, inputs,
                       extra=args.mdh_run_arg)
            for t in case_targets(args, n)]
    # Every tool verifies the program first; mdh-opt says whether a run
    # that did not pass was given an invalid program (a generator bug).
    if any(r["kind"] != "pass" for r in runs):
        rc, out, err = call([tools.opt, mlir, "-o", os.devnull],
                            args.timeout)
        if rc != 0:
            return {"n": n, "seed": seed, "case": case, "rejected": True,
                    "message": signature(err), "log": err, "runs": []}
    return {"n": n, "seed": seed, "case": case, "rejected": False,
            "runs": runs, "dir": directory}


def case_targets(args, n):
    """The targets case `n` runs on: `gpu` stands for cuda and hip in
    turn."""
    return [t if t != "gpu" else ("cuda", "hip")[n % 2] for t in args.targets]


def have_numpy():
    try:
        import numpy  # noqa: F401
        return True
    except ImportError:
        return False


def guarded_case(tools, n, args, work):
    """run_case; an exception of the driver itself fails the case (as an
    error on every target) instead of the whole run."""
    try:
        return run_case(tools, n, args, work)
    except Exception:
        import traceback
        seed = args.seed * 1000003 + n
        text = traceback.format_exc()
        runs = [{"target": t, "spec": t, "kind": "error", "config": [],
                 "message": "run.py raised: " + text.strip().splitlines()[-1],
                 "command": "", "log": text} for t in case_targets(args, n)]
        return {"n": n, "seed": seed, "case": gen.generate(seed),
                "rejected": False, "runs": runs}


def features(case):
    """What a case exercises, for the coverage table."""
    f = {"dims=%d" % len(case["sizes"])}
    for c in case["combine"]:
        f.add(c)
    if case["op"]:
        f.add("op " + ("custom" if case["op"].startswith("@") else
                       case["op"]))
    if case["combiner"]:
        if len(case["combiner"]["types"]) > 1:
            f.add("tuple combiner")
        if any(g["kind"] == "lex" for g in case["combiner"]["groups"]):
            f.add("selecting combiner")
    text = json.dumps(case["inputs"] + case["outputs"])
    for k in ("fd", "mod"):
        if '"%s"' % k in text:
            f.add("view " + k)
    if any(len(b["maps"]) > 1 for b in case["inputs"]):
        f.add("repeated reads")
    if len(case["outputs"]) > 1:
        f.add("several outputs")
    if any(len(b["maps"]) > 1 for b in case["outputs"]):
        f.add("several maps per output")
    for b in case["inputs"] + case["outputs"]:
        f.add("type " + b["type"])
    if 1 in case["sizes"]:
        f.add("size 1")
    if any(s > 2 and all(s % p for p in range(2, s)) for s in case["sizes"]):
        f.add("prime size")
    if max(case["sizes"]) >= 100:
        f.add("size >= 100")
    return f


REQUIRED = (["dims=%d" % d for d in range(1, 7)] + ["cc", "pw", "ps"] +
            ["op " + o for o in gen.BUILTIN_OPS + ["custom"]] +
            ["tuple combiner", "selecting combiner", "view fd", "view mod",
             "repeated reads", "several outputs", "several maps per output",
             "size 1", "prime size", "size >= 100"] +
            ["type " + t for t in gen.FLOATS + gen.INTS])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("source")
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--targets", default="openmp,c,cuda,hip")
    ap.add_argument("--out", default=None)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--ref-every", type=int, default=4)
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--reduce-budget", type=float, default=900,
                    help="seconds the reduction of the first failure may "
                    "take")
    ap.add_argument("--require-coverage", action="store_true")
    ap.add_argument("--mdh-run-arg", action="append", default=[],
                    help="pass this option to every mdh-run too (the test "
                    "of the driver itself injects a wrong element with "
                    "--corrupt-output-element)")
    ap.add_argument("--keep", action="store_true",
                    help="keep every case under --out, not only failures")
    args = ap.parse_args()
    args.targets = args.targets.split(",")
    for t in args.targets:
        if t not in CHIPS and t != "gpu":
            ap.error("unknown target '%s': expected openmp, c, cuda, hip or "
                     "gpu (cuda and hip in turn)" % t)
    targets = [x for t in args.targets
               for x in (("cuda", "hip") if t == "gpu" else (t,))]
    tools = Tools(args.build)
    start = time.monotonic()
    out = args.out or tempfile.mkdtemp(prefix="mdh-random-")
    os.makedirs(out, exist_ok=True)
    # What an earlier run left there.
    for old in glob.glob(os.path.join(out, "case*")) + glob.glob(
            os.path.join(out, "work-*")) + [os.path.join(out, "repro"),
                                            os.path.join(out,
                                                         "reduce-work")]:
        shutil.rmtree(old, ignore_errors=True)
    work = tempfile.mkdtemp(prefix="work-", dir=out)
    counts = {t: {k: 0 for k in KINDS} for t in targets}
    seconds = {t: 0.0 for t in targets}
    messages = {}
    coverage = {}
    rejected, failures, ref_checked, ref_unchecked = [], [], 0, 0
    done = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(guarded_case, tools, n, args, work)
                   for n in range(args.cases)]
        for fut in futures:
            r = fut.result()
            done += 1
            for f in features(r["case"]):
                coverage[f] = coverage.get(f, 0) + 1
            if r["rejected"]:
                rejected.append(r)
                keep(r, out)
                continue
            bad = False
            for run in r["runs"]:
                counts[run["target"]][run["kind"]] += 1
                seconds[run["target"]] += run.get("seconds", 0)
                ref_checked += run.get("ref_checked", 0)
                ref_unchecked += run.get("ref_unchecked", 0)
                if run["kind"] != "pass":
                    key = (run["target"], run["kind"], run["message"])
                    messages.setdefault(key, []).append(r["n"])
                if run["kind"] not in ("pass", "refused"):
                    bad = True
            if bad:
                failures.append(r)
                keep(r, out)
            elif args.keep:
                keep(r, out)
            shutil.rmtree(r.get("dir", ""), ignore_errors=True)
            if done % 50 == 0:
                print("... %d cases, %.0f s" % (done, time.monotonic() -
                                                 start), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    wall = time.monotonic() - start

    print("%d cases (seed %d, %d jobs) in %.1f s: %d ran, %d rejected "
          "(generator bugs), %d with a failing run" % (
              args.cases, args.seed, args.jobs, wall,
              args.cases - len(rejected), len(rejected), len(failures)))
    print("  %-8s %s %11s" % ("target", " ".join("%11s" % k
                                                 for k in KINDS),
                               "s in mdh-run"))
    for t in targets:
        print("  %-8s %s %11.1f" % (t, " ".join("%11d" % counts[t][k]
                                               for k in KINDS), seconds[t]))
    total = {k: sum(counts[t][k] for t in targets) for k in KINDS}
    print("  %-8s %s" % ("total", " ".join("%11d" % total[k]
                                           for k in KINDS)))
    if not have_numpy():
        print("  independent reference: skipped (no numpy for %s)" %
              sys.executable)
    else:
        print("  independent reference: %d elements checked, %d left "
              "unchecked (overflow or floor near an integer)" % (
                  ref_checked, ref_unchecked))
    for (t, kind, msg), ns in sorted(messages.items(),
                                     key=lambda x: -len(x[1])):
        print("  %-7s %-11s x%-4d (case %d) %s" % (t, kind, len(ns), ns[0],
                                                  msg))
    for r in rejected[:5]:
        print("REJECTED case %d (seed %d): %s" % (r["n"], r["seed"],
                                                  r["message"]))
    missing = [f for f in REQUIRED if f not in coverage]
    print("  coverage: " + ", ".join("%s %d" % (f, coverage.get(f, 0))
                                     for f in REQUIRED))
    if missing and args.require_coverage:
        print("coverage missing: " + ", ".join(missing))
    if failures:
        first = failures[0]
        run = next(x for x in first["runs"]
                   if x["kind"] not in ("pass", "refused"))
        print("FIRST FAILURE: case %d (seed %d) on %s: %s: %s" % (
            first["n"], first["seed"], run["target"], run["kind"],
            run["message"]))
        print("  kept in %s" % os.path.join(out, "case%d" % first["n"]))
        if not args.no_reduce:
            import reduce
            reduce.reduce_failure(tools, first, run, out, args.timeout,
                                  args.reduce_budget, args.mdh_run_arg)
    ok = not rejected and not failures and not (missing and
                                               args.require_coverage)
    print("OK" if ok else "FAILED", "(%.1f s)" % (time.monotonic() - start))
    if not args.out and ok:
        shutil.rmtree(out, ignore_errors=True)
    return 0 if ok else 1


def keep(r, out):
    """Copies a case (program, description, configurations, logs) to
    out/case<N>."""
    directory = os.path.join(out, "case%d" % r["n"])
    if r.get("dir") and os.path.isdir(r["dir"]):
        shutil.copytree(r["dir"], directory, dirs_exist_ok=True)
    else:
        write_case(r["case"], directory)
    with open(os.path.join(directory, "runs.txt"), "w") as f:
        if r["rejected"]:
            f.write("rejected by mdh-opt:\n%s\n" % r["log"])
        for run in r["runs"]:
            text = "== %s (%s): %s\n%s\n%s\n\n" % (
                run["target"], run["spec"], run["kind"], run["command"],
                run.get("log", ""))
            f.write(text.replace(r.get("dir") or "\0", directory))
    r["kept"] = directory


if __name__ == "__main__":
    sys.exit(main())
