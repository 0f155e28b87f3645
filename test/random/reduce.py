#!/usr/bin/env python3
"""Automatic reduction of a failing random MDH case (issue 19).

Greedy delta debugging over the case dict of gen.py: each step proposes
smaller programs (drop a dimension, shrink a size, drop an output, an
output map, an input or an input map, turn a ps dimension into cc, replace
a custom combiner by a builtin operator, simplify f, simplify a view,
tighten the buffers) and keeps the first one that `mdh-opt` accepts and
that still fails the same way on the same target: the same kind (mismatch,
refmismatch, crash, hang, error, refused) and, for error and refused, the
same first diagnostic. A candidate runs with the failing configuration
files when they still fit, then the heuristic's default, then a few
configurations drawn with fixed seeds. The result is written to
OUT/repro/: repro.mlir, repro.json, the configuration, the inputs (for
refmismatch) and command.sh, the mdh-run command that shows the failure.

usage: reduce.py BUILD CASE.json TARGET KIND [--message M] [--out DIR]
                 [--config FILES] [--flags "OPTIONS"] [--seed S]
                 [--budget SECONDS] [--timeout T]
"""

import argparse
import copy
import json
import os
import random
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import run as driver  # noqa: E402


# Transformations of the case dict --------------------------------------------

def subst(e, f):
    """`e` with every dimension k replaced by f(k) (an expression)."""
    if e[0] == "d":
        return f(e[1])
    if e[0] == "c":
        return e
    if e[0] == "+":
        return fold(["+", subst(e[1], f), subst(e[2], f)])
    return fold([e[0], subst(e[1], f), e[2]])


def fold(e):
    if e[0] == "+" and e[1][0] == "c" and e[2][0] == "c":
        return ["c", e[1][1] + e[2][1]]
    if e[0] == "+" and e[2] == ["c", 0]:
        return e[1]
    if e[0] == "+" and e[1] == ["c", 0]:
        return e[2]
    if e[0] in ("*", "fd", "mod") and e[1][0] == "c":
        a, n = e[1][1], e[2]
        return ["c", a * n if e[0] == "*" else a // n if e[0] == "fd"
                else a % n]
    if e[0] == "*" and e[2] == 1:
        return e[1]
    return e


def all_maps(case):
    for b in case["inputs"] + case["outputs"]:
        for m in b["maps"]:
            yield m


def drop_dim(case, d):
    c = copy.deepcopy(case)
    c["sizes"].pop(d)
    c["combine"].pop(d)
    for b in c["inputs"] + c["outputs"]:
        b["maps"] = [[subst(e, lambda k: ["c", 0] if k == d else
                            ["d", k - (k > d)]) for e in m]
                     for m in b["maps"]]
    for i, o in enumerate(c["body"]):
        if o["op"] == "mdh.index":
            if o["dim"] == d:
                c["body"][i] = {"res": o["res"], "op": "arith.constant",
                                "args": [], "type": "index", "value": 0}
            elif o["dim"] > d:
                o["dim"] -= 1
    return no_reduction_left(c)


def no_reduction_left(c):
    if all(x == "cc" for x in c["combine"]):
        c["op"], c["combiner"] = None, None
    return c


def drop_components(case, comps):
    """Without the yields (and combiner components) in `comps`."""
    c = copy.deepcopy(case)
    keep = [k for k in range(len(c["yields"])) if k not in comps]
    new = {old: i for i, old in enumerate(keep)}
    c["yields"] = [c["yields"][k] for k in keep]
    comb = c["combiner"]
    if comb:
        comb["types"] = [comb["types"][k] for k in keep]
        groups = []
        for g in comb["groups"]:
            if g["kind"] == "op":
                if g["comps"][0] in new:
                    groups.append(dict(g, comps=[new[g["comps"][0]]]))
                continue
            rows = [(new[k], d, u) for k, d, u in zip(
                g["order"], g["dirs"], g["unsigned"]) if k in new]
            if rows:
                groups.append(dict(g, comps=sorted(r[0] for r in rows),
                                   order=[r[0] for r in rows],
                                   dirs=[r[1] for r in rows],
                                   unsigned=[r[2] for r in rows]))
        comb["groups"] = groups
    return dce(c)


def component_range(case, i):
    start = sum(len(b["maps"]) for b in case["outputs"][:i])
    return list(range(start, start + len(case["outputs"][i]["maps"])))


def drop_output(case, i):
    c = drop_components(case, component_range(case, i))
    c["outputs"].pop(i)
    return c


def drop_output_map(case, i, j):
    c = drop_components(case, [component_range(case, i)[j]])
    c["outputs"][i]["maps"].pop(j)
    return c


def replace_uses(c, old, new):
    for o in c["body"]:
        o["args"] = [new if a == old else a for a in o["args"]]
    c["yields"] = [new if y == old else y for y in c["yields"]]


def drop_args(case, buf, maps):
    """Input `buf` without the maps in `maps` (all of them: without the
    buffer); their block arguments become constants."""
    c = copy.deepcopy(case)
    k = sum(len(b["maps"]) for b in c["inputs"][:buf])
    t = c["inputs"][buf]["type"]
    consts = []
    names = {o["res"] for o in c["body"]}
    for j in maps:
        name = next("k%d" % n for n in range(len(names) + len(maps) + 1)
                    if "k%d" % n not in names)
        names.add(name)
        consts.append({"res": name, "op": "arith.constant", "args": [],
                       "type": t, "value": 1.0 if gen.is_float(t) else 1})
        replace_uses(c, "a%d" % (k + j), name)
    c["body"] = consts + c["body"]
    if len(maps) == len(c["inputs"][buf]["maps"]):
        c["inputs"].pop(buf)
    else:
        c["inputs"][buf]["maps"] = [m for j, m in enumerate(
            c["inputs"][buf]["maps"]) if j not in maps]
    # Renumber the remaining block arguments.
    total = sum(len(b["maps"]) for b in case["inputs"])
    removed = {k + j for j in maps}
    rename = {}
    for old in range(total):
        if old not in removed:
            rename["a%d" % old] = "a%d" % len(rename)
    for o in c["body"]:
        o["args"] = [rename.get(a, a) for a in o["args"]]
    c["yields"] = [rename.get(y, y) for y in c["yields"]]
    return dce(c)


def dce(c):
    while True:
        used = set(c["yields"])
        for o in c["body"]:
            used.update(o["args"])
        body = [o for o in c["body"] if o["res"] in used]
        if len(body) == len(c["body"]):
            return c
        c["body"] = body


def exact_ref(case, ref):
    """Whether `ref` is certainly exact: a block argument, a constant or
    an integer (gen.py keeps the values a selecting combiner compares
    exact; a reduction must not break that)."""
    if ref.startswith("a"):
        return True
    o = next(o for o in case["body"] if o["res"] == ref)
    return o["op"] == "arith.constant" or not gen.is_float(o["type"])


def simplify_op(case, idx):
    """Candidates that replace the result of op `idx` by an operand or a
    constant."""
    o = case["body"][idx]
    # |y| keeps the divisor |y| + 1 and the arguments of sqrt and log
    # positive.
    if o["type"] in ("i1", "index") or o["op"] == "math.absf":
        return []
    out = []
    types = {a["res"]: a["type"] for a in case["body"]}
    for a in o["args"]:
        if types.get(a, argtype(case, a)) == o["type"] and \
                (not gen.is_float(o["type"]) or exact_ref(case, a)):
            c = copy.deepcopy(case)
            replace_uses(c, o["res"], a)
            out.append(dce(c))
    if o["op"] != "arith.constant":
        c = copy.deepcopy(case)
        c["body"][idx] = {"res": o["res"], "op": "arith.constant",
                          "args": [], "type": o["type"],
                          "value": 1.0 if gen.is_float(o["type"]) else 1}
        out.append(dce(c))
    return out


def argtype(case, ref):
    if not ref.startswith("a"):
        return None
    k = int(ref[1:])
    for b in case["inputs"]:
        if k < len(b["maps"]):
            return b["type"]
        k -= len(b["maps"])
    return None


def simpler_exprs(e):
    if e[0] in ("fd", "mod", "*"):
        yield e[1]
    if e[0] == "+":
        yield e[1]
        yield e[2]
    if e[0] != "c":
        yield ["c", 0]


def tighten(case):
    c = copy.deepcopy(case)
    for b in c["inputs"] + c["outputs"]:
        if b["shape"]:
            b["shape"] = gen.shape_of(b["maps"], c["sizes"])
    return c


def fits(case):
    """Buffers still hold every access (gen's interval bounds are sound;
    the verifier has the last word)."""
    for b in case["inputs"] + case["outputs"]:
        for m in b["maps"]:
            for e, s in zip(m, b["shape"]):
                lo, hi = gen.interval(e, case["sizes"])
                if lo < 0 or hi >= s:
                    return False
    return True


def candidates(case):
    D = len(case["sizes"])
    if D > 1:
        for d in range(D):
            yield "drop dimension %d" % d, drop_dim(case, d)
    for i in range(len(case["outputs"]) - 1, -1, -1):
        if len(case["outputs"]) > 1:
            yield "drop output %d" % i, drop_output(case, i)
        for j in range(len(case["outputs"][i]["maps"]) - 1, -1, -1):
            if len(case["outputs"][i]["maps"]) > 1:
                yield "drop map %d of output %d" % (j, i), \
                    drop_output_map(case, i, j)
    for i in range(len(case["inputs"]) - 1, -1, -1):
        n = len(case["inputs"][i]["maps"])
        yield "drop input %d" % i, drop_args(case, i, list(range(n)))
        if n > 1:
            for j in range(n):
                yield "drop map %d of input %d" % (j, i), \
                    drop_args(case, i, [j])
    for d in range(D):
        for s in sorted({1, case["sizes"][d] // 2, case["sizes"][d] - 1}):
            if 1 <= s < case["sizes"][d]:
                c = copy.deepcopy(case)
                c["sizes"][d] = s
                yield "size %d of dimension %d" % (s, d), c
    for d in range(D):
        if case["combine"][d] == "ps":
            c = copy.deepcopy(case)
            c["combine"][d] = "cc"
            yield "ps -> cc in dimension %d" % d, no_reduction_left(c)
    if case["combiner"]:
        types = case["combiner"]["types"]
        for op in ("add", "max", "maxsi"):
            ok = all(gen.is_float(t) for t in types) if op == "max" else \
                not any(gen.is_float(t) for t in types) \
                if op == "maxsi" else True
            if ok:
                c = copy.deepcopy(case)
                c["op"], c["combiner"] = op, None
                yield "builtin %s for the combiner" % op, c
    for idx in range(len(case["body"]) - 1, -1, -1):
        for c in simplify_op(case, idx):
            yield "simplify %s" % case["body"][idx]["op"], c
    for kind in ("inputs", "outputs"):
        for i, b in enumerate(case[kind]):
            for j, m in enumerate(b["maps"]):
                for r, e in enumerate(m):
                    for s in simpler_exprs(e):
                        c = copy.deepcopy(case)
                        c[kind][i]["maps"][j][r] = s
                        if fits(c):
                            yield "simplify a view of %s %d" % (kind, i), c
    c = tighten(case)
    if c != case:
        yield "tighten buffers", c


def size(case):
    """What the reduction minimizes."""
    bufs = case["inputs"] + case["outputs"]
    return (1000 * len(case["sizes"]) + sum(case["sizes"]) +
            10 * len(case["body"]) + 10 * sum(len(b["maps"]) for b in bufs) +
            5 * sum(c != "cc" for c in case["combine"]) +
            20 * (case["combiner"] is not None) +
            sum(gen.elements(b["shape"]) for b in bufs) / 1000 +
            len(json.dumps(case)) / 100)


# The failure predicate -------------------------------------------------------

class Predicate:
    def __init__(self, tools, target, kind, message, configs, timeout,
                 work, extra=(), flags=None, seed=None, spec=None):
        self.extra, self.flags, self.seed = list(extra), flags, seed
        self.spec = spec
        self.tools, self.target, self.kind = tools, target, kind
        self.message, self.configs, self.timeout = message, configs, timeout
        self.work, self.tries, self.last = work, 0, None

    def __call__(self, case):
        self.tries += 1
        directory = os.path.join(self.work, "try%d" % self.tries)
        shutil.rmtree(directory, ignore_errors=True)
        mlir = driver.write_case(case, directory)
        rc, _, _ = driver.call([self.tools.opt, mlir, "-o", os.devnull],
                               self.timeout)
        if rc != 0:
            return False
        inputs = None
        if self.kind == "refmismatch":
            inputs = driver.prepare_inputs(case, directory, 1)
        attempts = []
        adapted = self.adapt(case, directory)
        if adapted:
            attempts.append(adapted)
        attempts += ["default", "sample", "sample", "sample"]
        rng = random.Random(7)
        for config in attempts:
            r = driver.run_target(self.tools, case, directory, self.target,
                                  rng, self.timeout, inputs, config,
                                  self.extra, self.flags, self.seed,
                                  self.spec)
            key = re.search(r"configuration is for computation \w+, but "
                            r"this mdh.compute is (\w+)", r.get("log", ""))
            if config is adapted and key:
                # The configuration names the computation it was made
                # for; the smaller one is another.
                self.adapt(case, directory, key.group(1))
                r = driver.run_target(self.tools, case, directory,
                                      self.target, rng, self.timeout, inputs,
                                      config, self.extra, self.flags,
                                      self.seed, self.spec)
            if r["kind"] == self.kind and (
                    self.kind not in ("error", "refused") or
                    r["message"] == self.message):
                self.last = (case, r, directory)
                return True
        shutil.rmtree(directory, ignore_errors=True)
        return False

    def adapt(self, case, directory, key=None):
        """The failing configuration, fitted to `case` where it can be: as
        many input and output entries as the case has buffers (the first
        ones), and the computation key `key`. None when the sizes
        changed (its tiles are for the old ones)."""
        if len(self.configs) != 1:
            return list(self.configs) or None
        config = json.load(open(self.configs[0]))
        if config.get("sizes") != case["sizes"]:
            return None
        for field, n in (("inputs", len(case["inputs"])),
                         ("outputs", len(case["outputs"]))):
            entries = config.get(field, [])
            if entries:
                config[field] = (entries + entries[-1:] * n)[:n]
        if key:
            config["computation"] = key
        path = os.path.join(directory, "failing-config.json")
        with open(path, "w") as f:
            json.dump(config, f, indent=2)
        return [path]


def reduce_case(case, pred, budget, log=print):
    start = time.monotonic()
    progress = True
    while progress and time.monotonic() - start < budget:
        progress = False
        for what, c in candidates(case):
            if time.monotonic() - start >= budget:
                log("  reduction budget of %d s spent" % budget)
                break
            if size(c) >= size(case):
                continue
            if pred(c):
                log("  reduced: %s" % what)
                case, progress = c, True
                break
    return case


def write_repro(pred, out):
    case, r, directory = pred.last
    repro = os.path.join(out, "repro")
    shutil.rmtree(repro, ignore_errors=True)
    os.makedirs(repro)
    cmd = r["command"]
    for f in sorted(os.listdir(directory)):
        if f.endswith(".json") or f.endswith(".npy"):
            shutil.copy(os.path.join(directory, f), repro)
    shutil.copy(os.path.join(directory, "case.mlir"),
                os.path.join(repro, "repro.mlir"))
    with open(os.path.join(repro, "repro.json"), "w") as f:
        json.dump(case, f, indent=1)
    for path in r.get("config", []):
        # The failing run's own files, from where the case was kept.
        if not path.startswith(directory):
            shutil.copy(path, repro)
            cmd = cmd.replace(path, os.path.basename(path))
    cmd = cmd.replace(os.path.join(directory, "case.mlir"), "repro.mlir")
    cmd = cmd.replace(directory + os.sep, "")
    cmd = cmd.replace(directory, ".")
    with open(os.path.join(repro, "command.sh"), "w") as f:
        f.write("#!/bin/sh\n# %s on %s (%s): %s\ncd \"$(dirname \"$0\")\"\n"
                "%s\n" % (r["kind"], r["target"], r["spec"], r["message"],
                          cmd))
    if r["kind"] == "refmismatch":
        with open(os.path.join(repro, "command.sh"), "a") as f:
            f.write("python3 %s repro.json . out-%s\n" % (
                os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "reference.py"), r["target"]))
    shutil.rmtree(pred.work, ignore_errors=True)
    return repro, case, r


def reduce_failure(tools, result, run, out, timeout, budget, extra=()):
    """Reduces the failing `run` of case `result` (run.py's records)."""
    kept = result.get("kept") or os.path.join(out, "case%d" % result["n"])
    configs = [os.path.join(kept, os.path.basename(p))
               for p in run.get("config", [])]
    return reduce_and_report(tools, result["case"], run["target"],
                             run["kind"], run["message"], configs, out,
                             timeout, budget, extra, run.get("flags"),
                             run.get("seed"), run.get("spec"))


def reduce_and_report(tools, case, target, kind, message, configs, out,
                      timeout, budget, extra=(), flags=None, seed=None,
                      spec=None):
    """Reduces `case` while it fails with `kind` (and `message`) on
    `target` (`spec`: with that chip) with the options `flags` and
    mdh-run's `seed` (None: drawn per try)."""
    work = os.path.join(out, "reduce-work")
    pred = Predicate(tools, target, kind, message, configs, timeout, work,
                     extra, flags, seed, spec)
    print("reducing: %s on %s: %s" % (kind, target, message), flush=True)
    if not pred(case):
        print("  the failure does not reproduce on its own (flaky?); not "
              "reduced")
        shutil.rmtree(work, ignore_errors=True)
        return None
    reduce_case(case, pred, budget)
    repro, case, r = write_repro(pred, out)
    print("REPRODUCER of a %s on %s (%d tries): %s" % (
        kind, target, pred.tries, repro))
    with open(os.path.join(repro, "repro.mlir")) as f:
        print(f.read())
    for c in sorted(os.listdir(repro)):
        if c.endswith(".json") and c not in ("repro.json", "case.json"):
            print("  configuration %s: %s" % (c, open(os.path.join(
                repro, c)).read().strip()[:2000]))
    with open(os.path.join(repro, "command.sh")) as f:
        print(f.read())
    return repro


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("case")
    ap.add_argument("target", choices=sorted(driver.CHIPS))
    ap.add_argument("kind", choices=driver.KINDS[1:])
    ap.add_argument("--message", default="")
    ap.add_argument("--config", default="")
    ap.add_argument("--out", default=".")
    ap.add_argument("--budget", type=float, default=900)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--mdh-run-arg", action="append", default=[])
    ap.add_argument("--spec", default=None,
                    help="the failing run's target spec (cuda:sm_90, ...)")
    ap.add_argument("--seed", type=int, default=None,
                    help="mdh-run's --seed of the failing run")
    ap.add_argument("--flags", default=None,
                    help="the failing run's options besides the "
                    "configuration, space-separated (default: drawn)")
    args = ap.parse_args()
    tools = driver.Tools(args.build)
    case = json.load(open(args.case))
    configs = [c for c in args.config.split(",") if c]
    repro = reduce_and_report(tools, case, args.target, args.kind,
                              args.message, configs, args.out, args.timeout,
                              args.budget, args.mdh_run_arg,
                              args.flags.split() if args.flags is not None
                              else None, args.seed, args.spec)
    return 0 if repro else 1


if __name__ == "__main__":
    sys.exit(main())
