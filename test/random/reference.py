#!/usr/bin/env python3
"""Independent NumPy reference of MDH computations (issue 19).

Written from docs/semantics.md alone, apart from the project's own
reference (lib/Runner/Reference*.cpp) and oracle (--mdh-lower-to-loops): it
evaluates a case of test/random/gen.py (the dict, not the MLIR text) over
the whole iteration box at once, in float64 for floats and with explicit
wrap-around for integers, combines with tree reductions (pw) and
Hillis-Steele scans (ps) in an order unlike any kernel's, and compares
with what mdh-run wrote (--output-dir).

Floats are compared with a bound of its own, coarser than the project's
(docs/semantics.md, "Floating-point tolerance") but derived the same way:
every value of f carries a magnitude M (f on absolute values, derivatives
for the nonlinear functions); a term of the combination may be off by
K u M (K from the number of float ops of f, u the unit roundoff of the
narrowest float type of f), a combination of n terms in type T by the
roundings of any order on top. A value that could overflow its type, or
a floor/ceil whose argument is within its error of an integer, makes the
elements it reaches unchecked (counted, not failed). Integers are exact.
Elements no output map writes must keep mdh-run's sentinel (a NaN, or the
bytes 0x5A).

usage: reference.py CASE.json INPUT_DIR OUTPUT_DIR
       (inputs as in<K>.npy, outputs as mdh-run writes them)
"""

import json
import os
import sys

import numpy as np

FLOAT_INFO = {  # unit roundoff, smallest normal, largest finite
    "f16": (2.0 ** -11, 2.0 ** -14, 65504.0),
    "bf16": (2.0 ** -8, 2.0 ** -126, 3.3895313892515355e38),
    "f32": (2.0 ** -24, 2.0 ** -126, 3.4028234663852886e38),
    "f64": (2.0 ** -53, 2.0 ** -1022, 1.7976931348623157e308),
}
WIDTHS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
SENTINEL = {8: 0x5A, 16: 0x5A5A, 32: 0x5A5A5A5A, 64: 0x5A5A5A5A5A5A5A5A}
NPY_TYPE = {"f16": np.float16, "bf16": np.float32, "f32": np.float32,
            "f64": np.float64, "i8": np.int8, "i16": np.int16,
            "i32": np.int32, "i64": np.int64}
U64 = np.uint64


def is_float(t):
    return t in FLOAT_INFO


# Integers: int64 arrays holding the sign-extended value of the width.

def sext(x, w):
    x = np.asarray(x)
    if x.dtype != U64:
        x = x.astype(np.int64).astype(U64)
    if w == 64:
        return x.view(np.int64)
    x = (x & U64((1 << w) - 1)).astype(np.int64)
    return np.where(x >= (1 << (w - 1)), x - (1 << w), x)


def zext(x, w):
    x = np.asarray(x).astype(np.int64).astype(U64)
    return x if w == 64 else x & U64((1 << w) - 1)


def u(x):
    return np.asarray(x).astype(np.int64).astype(U64)


def int_binary(name, a, b, w):
    if name == "addi":
        return sext(u(a) + u(b), w)
    if name == "subi":
        return sext(u(a) - u(b), w)
    if name == "muli":
        return sext(u(a) * u(b), w)
    if name in ("andi", "ori", "xori"):
        f = {"andi": np.bitwise_and, "ori": np.bitwise_or,
             "xori": np.bitwise_xor}[name]
        return sext(f(u(a), u(b)), w)
    if name in ("maxsi", "minsi"):
        return (np.maximum if name == "maxsi" else np.minimum)(a, b)
    if name in ("maxui", "minui"):
        ua, ub = zext(a, w), zext(b, w)
        pick = ua >= ub if name == "maxui" else ua <= ub
        return np.where(pick, a, b)
    if name == "poly":  # a + b + a * b
        return sext(u(a) + u(b) + u(a) * u(b), w)
    if name in ("shli", "shrsi", "shrui"):
        s = np.asarray(b).astype(np.int64)
        if name == "shli":
            return sext(u(a) << s.astype(U64), w)
        if name == "shrsi":
            return a >> s
        return sext(zext(a, w) >> s.astype(U64), w)
    if name in ("divsi", "remsi"):
        q = np.floor_divide(a, b)
        q = np.where((a - q * b != 0) & ((a < 0) != (b < 0)), q + 1, q)
        return sext(q if name == "divsi" else a - q * b, w)
    if name in ("divui", "remui"):
        ua, ub = zext(a, w), zext(b, w)
        return sext(ua // ub if name == "divui" else ua % ub, w)
    raise ValueError(name)


def cmpi(pred, a, b, w):
    if pred[0] == "u":
        a, b = zext(a, w), zext(b, w)
        pred = pred[1:]
    elif pred[0] == "s":
        pred = pred[1:]
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b,
            "gt": a > b, "ge": a >= b}[pred]


def cmpf(pred, a, b):
    return {"ogt": a > b, "olt": a < b, "oge": a >= b, "ole": a <= b,
            "oeq": a == b, "one": a != b}[pred]


# Affine maps -----------------------------------------------------------------

def affine(e, coords):
    k = e[0]
    if k == "d":
        return coords[e[1]]
    if k == "c":
        return np.full(coords.shape[1:], e[1], dtype=np.int64)
    if k == "+":
        return affine(e[1], coords) + affine(e[2], coords)
    a = affine(e[1], coords)
    if k == "*":
        return a * e[2]
    if k == "fd":
        return np.floor_divide(a, e[2])
    return np.mod(a, e[2])


def gather(buf, array, m, coords):
    if not m:
        return np.full(coords.shape[1:], array[()])
    return array[tuple(affine(e, coords) for e in m)]


# f ---------------------------------------------------------------------------

ROUNDLESS = ("arith.constant", "arith.negf", "math.absf", "arith.maximumf",
             "arith.minimumf", "arith.extf", "arith.select", "math.floor",
             "math.ceil")
ELEMENTARY = ("math.sin", "math.cos", "math.tanh", "math.erf", "math.exp",
              "math.log", "math.sqrt", "math.rsqrt")
LIPSCHITZ = {"math.sin": 1.0, "math.cos": 1.0, "math.tanh": 1.0,
             "math.erf": 1.13}


def evaluate_f(case, inputs, coords):
    """Every yield of f at every point: (value, magnitude or None, unsure,
    type), and f's float facts (K, unit roundoff, smallest normal)."""
    ftypes = [o["type"] for o in case["body"] if is_float(o["type"])]
    ftypes += [b["type"] for b in case["outputs"] if is_float(b["type"])]
    u_min = max([FLOAT_INFO[t][0] for t in ftypes] or [0.0])
    tiny = max([FLOAT_INFO[t][1] for t in ftypes] or [0.0])
    # Roundings on any path: one per op, two for divf and fma (a kernel
    # may multiply by a reciprocal, or not fuse), four for an elementary
    # function (libm is not correctly rounded), one for the result; twice
    # that, for the first-order magnitudes.
    rounding = sum(4 if o["op"] in ELEMENTARY else
                   2 if o["op"] in ("arith.divf", "math.fma") else 1
                   for o in case["body"] if is_float(o["type"]) and
                   o["op"] not in ROUNDLESS)
    K = 2.0 * (rounding + 1)
    env = {}
    no = np.zeros(coords.shape[1:], dtype=bool)
    k = 0
    for buf, array in zip(case["inputs"], inputs):
        for m in buf["maps"]:
            v = gather(buf, array, m, coords)
            if is_float(buf["type"]):
                v = v.astype(np.float64)
                env["a%d" % k] = (v, np.abs(v), no)
            else:
                env["a%d" % k] = (v.astype(np.int64), None, no)
            k += 1
    for o in case["body"]:
        name, t = o["op"], o["type"]
        args = [env[a] for a in o["args"]]
        vals = [a[0] for a in args]
        mags = [a[1] for a in args]
        unsure = no
        for a in args:
            unsure = unsure | a[2]
        mag = None
        if name == "arith.constant":
            v = np.float64(o["value"]) if is_float(t) else \
                sext(np.int64(o["value"]), WIDTHS[t])
            v = np.full(coords.shape[1:], v)
            mag = np.abs(v) if is_float(t) else None
        elif name == "mdh.index":
            v = coords[o["dim"]].astype(np.int64)
        elif name == "arith.index_cast":
            v = sext(vals[0], WIDTHS[t])
        elif name in ("arith.extsi", "arith.trunci"):
            v = sext(vals[0], WIDTHS[t])
        elif name == "arith.extui":
            v = sext(zext(vals[0], WIDTHS[o["src"]]), WIDTHS[t])
        elif name == "arith.sitofp":
            v = vals[0].astype(np.float64)
            mag = np.abs(v)
        elif name == "arith.fptosi":
            v = sext(np.trunc(vals[0]).astype(np.int64), WIDTHS[t])
        elif name in ("arith.extf", "arith.truncf", "arith.negf",
                      "math.absf"):
            v = {"arith.negf": -vals[0], "math.absf": np.abs(vals[0])}.get(
                name, vals[0])
            mag = mags[0]
        elif name == "arith.cmpf":
            v = cmpf(o["pred"], vals[0], vals[1])
        elif name == "arith.cmpi":
            v = cmpi(o["pred"], vals[0], vals[1], WIDTHS[o["src"]])
        elif name == "arith.select":
            v = np.where(vals[0], vals[1], vals[2])
            if is_float(t):
                mag = np.where(vals[0], mags[1], mags[2])
        elif name in ("arith.addf", "arith.subf"):
            v = vals[0] + vals[1] if name == "arith.addf" else \
                vals[0] - vals[1]
            mag = mags[0] + mags[1]
        elif name == "arith.mulf":
            v = vals[0] * vals[1]
            mag = mags[0] * mags[1]
        elif name == "arith.divf":
            v = vals[0] / vals[1]
            mag = (mags[0] + np.abs(v) * mags[1]) / np.abs(vals[1])
        elif name in ("arith.maximumf", "arith.minimumf"):
            v = (np.maximum if "max" in name else np.minimum)(vals[0],
                                                               vals[1])
            mag = np.maximum(mags[0], mags[1])
        elif name == "math.fma":
            v = vals[0] * vals[1] + vals[2]
            mag = mags[0] * mags[1] + mags[2]
        elif name in LIPSCHITZ:
            v = {"math.sin": np.sin, "math.cos": np.cos, "math.tanh": np.tanh,
                 "math.erf": erf}[name](vals[0])
            mag = np.abs(v) + LIPSCHITZ[name] * mags[0]
        elif name == "math.exp":
            v = np.exp(vals[0])
            mag = v * (1 + mags[0])
        elif name == "math.sqrt":  # of x >= 1
            v = np.sqrt(vals[0])
            mag = v + 0.5 * mags[0] / v
        elif name == "math.rsqrt":  # of x >= 1
            v = 1 / np.sqrt(vals[0])
            mag = v + 0.5 * mags[0] * v / vals[0]
        elif name == "math.log":  # of x >= 1
            v = np.log(vals[0])
            mag = np.abs(v) + mags[0] / vals[0]
        elif name in ("math.floor", "math.ceil"):
            v = (np.floor if name == "math.floor" else np.ceil)(vals[0])
            err = K * u_min * mags[0] + K * tiny
            near = np.abs(vals[0] - np.round(vals[0])) <= err
            unsure = unsure | (near & (err > 0))
            mag = np.abs(v) + mags[0]
        elif name == "math.absi":
            v = sext(np.abs(vals[0]), WIDTHS[t])
        elif name.startswith("arith."):
            v = int_binary(name[6:], vals[0], vals[1], WIDTHS[t])
        else:
            raise ValueError("reference.py: unknown op " + name)
        if is_float(t):
            limit = FLOAT_INFO[t][2]
            unsure = unsure | (np.abs(v) + K * u_min * mag > 0.5 * limit)
        env[o["res"]] = (v, mag, unsure)
    outs = []
    for y, t in zip(case["yields"],
                    [b["type"] for b in case["outputs"] for _ in b["maps"]]):
        v, mag, unsure = env[y]
        if is_float(t):
            tol = K * u_min * mag + K * tiny
            outs.append({"v": v.astype(np.float64), "tol": tol,
                         "unsure": unsure, "type": t})
        else:
            outs.append({"v": v, "unsure": unsure, "type": t})
    return outs


def erf(x):
    # Abramowitz-Stegun 7.1.26 is too coarse; use math.erf per element.
    import math
    return np.vectorize(math.erf, otypes=[np.float64])(x)


# Combination -----------------------------------------------------------------

BUILTIN = {"add": ("addf", "addi"), "mul": ("mulf", "muli"),
           "max": ("maximumf", None), "min": ("minimumf", None),
           "maxsi": (None, "maxsi"), "maxui": (None, "maxui"),
           "minsi": (None, "minsi"), "minui": (None, "minui"),
           "and": (None, "andi"), "or": (None, "ori"), "xor": (None, "xori")}


def record(term, op):
    """A term as the record its combination carries."""
    r = dict(term)
    r["n"] = np.ones(term["v"].shape)
    if op in ("addf", "mulf"):
        del r["tol"]  # finish() computes it from the fields below
    if op == "addf":
        r["A"] = np.abs(term["v"]) + term["tol"]
        r["E"] = term["tol"]
    elif op == "mulf":
        big = np.abs(term["v"]) + term["tol"]
        r["P"] = big
        r["R"] = np.divide(term["tol"], big, out=np.zeros_like(big),
                           where=big > 0)
        r["Q"] = np.maximum(1.0, big)
    return r


def combine_op(op, w, a, b):
    r = {"type": a["type"], "unsure": a["unsure"] | b["unsure"],
         "n": a["n"] + b["n"]}
    if op == "addf":
        r["v"] = a["v"] + b["v"]
        for f in ("A", "E"):
            r[f] = a[f] + b[f]
    elif op == "mulf":
        r["v"] = a["v"] * b["v"]
        r["P"], r["Q"] = a["P"] * b["P"], a["Q"] * b["Q"]
        r["R"] = a["R"] + b["R"]
    elif op in ("maximumf", "minimumf"):
        f = np.maximum if op == "maximumf" else np.minimum
        r["v"] = f(a["v"], b["v"])
        r["tol"] = np.maximum(a["tol"], b["tol"])
    else:
        r["v"] = int_binary(op, a["v"], b["v"], w)
    return r


def finish(r, op):
    """The tolerance of a combined float record, in its type T."""
    if "tol" in r and op not in ("addf", "mulf"):
        return r
    uT, tinyT, maxT = FLOAT_INFO[r["type"]]
    n = r["n"]
    g = 2 * (n + 1) * (uT + 2.0 ** -53)
    if op == "addf":
        r["tol"] = r["E"] + g * r["A"] + n * tinyT
        r["unsure"] = r["unsure"] | (r["A"] > 0.5 * maxT)
    else:
        r["tol"] = r["P"] * (r["R"] + g) + n * tinyT * r["Q"]
        r["unsure"] = r["unsure"] | (r["P"] > 0.5 * maxT) | \
            ~np.isfinite(r["Q"])
    return r


class Combiner:
    """The operator of a case over the tuple of terms."""

    def __init__(self, case, types):
        self.types = types
        self.groups = []
        if case["combiner"]:
            for g in case["combiner"]["groups"]:
                self.groups.append(dict(g))
        else:
            fop, iop = BUILTIN[case["op"]]
            for c, t in enumerate(types):
                self.groups.append({"kind": "op", "comps": [c],
                                    "op": fop if is_float(t) else iop})

    def start(self, terms):
        recs = list(terms)
        for g in self.groups:
            if g["kind"] == "op":
                c = g["comps"][0]
                recs[c] = record(terms[c], g["op"])
            else:
                for c in g["comps"]:
                    recs[c] = dict(terms[c], n=np.ones(terms[c]["v"].shape))
                    if "tol" in recs[c]:
                        recs[c]["tol"] = np.zeros(terms[c]["v"].shape)
        return recs

    def __call__(self, a, b):
        out = list(a)
        for g in self.groups:
            if g["kind"] == "op":
                c = g["comps"][0]
                w = WIDTHS.get(self.types[c], 0)
                out[c] = combine_op(g["op"], w, a[c], b[c])
                continue
            better, tie = None, None
            for c, d, uns in zip(g["order"], g["dirs"], g["unsigned"]):
                x, y = a[c]["v"], b[c]["v"]
                if not is_float(self.types[c]) and uns:
                    w = WIDTHS[self.types[c]]
                    x, y = zext(x, w), zext(y, w)
                gt = y > x if d == "max" else y < x
                eq = y == x
                better = gt if better is None else better | (tie & gt)
                tie = eq if tie is None else tie & eq
            for c in g["comps"]:
                r = {k: np.where(better, b[c][k], a[c][k])
                     for k in a[c] if k != "type"}
                r["type"] = a[c]["type"]
                r["unsure"] = a[c]["unsure"] | b[c]["unsure"]
                out[c] = r
        return out

    def finish(self, recs):
        for g in self.groups:
            if g["kind"] == "op" and is_float(self.types[g["comps"][0]]):
                c = g["comps"][0]
                recs[c] = finish(recs[c], g["op"])
        return recs


def take(recs, axis, sl):
    def cut(x):
        if not isinstance(x, np.ndarray):
            return x
        idx = [slice(None)] * x.ndim
        idx[axis] = sl
        return x[tuple(idx)]
    return [{k: cut(v) for k, v in r.items()} for r in recs]


def concat(a, b, axis):
    return [{k: (np.concatenate([x[k], y[k]], axis) if isinstance(
        x[k], np.ndarray) else x[k]) for k in x} for x, y in zip(a, b)]


def reduce_axis(recs, axis, comb):
    n = recs[0]["v"].shape[axis]
    while n > 1:
        h = n // 2
        merged = comb(take(recs, axis, slice(0, h)),
                      take(recs, axis, slice(h, 2 * h)))
        recs = concat(merged, take(recs, axis, slice(2 * h, n)), axis) \
            if n % 2 else merged
        n = recs[0]["v"].shape[axis]
    return recs


def scan_axis(recs, axis, comb):
    n, s = recs[0]["v"].shape[axis], 1
    while s < n:
        moved = comb(take(recs, axis, slice(0, n - s)),
                     take(recs, axis, slice(s, n)))
        recs = concat(take(recs, axis, slice(0, s)), moved, axis)
        s *= 2
    return recs


# Whole computation -----------------------------------------------------------

def evaluate(case, inputs):
    """Expected outputs: per output buffer a dict of arrays `v`, `tol`
    (floats), `written`, `unsure`."""
    sizes = case["sizes"]
    coords = np.indices(sizes, dtype=np.int64)
    terms = evaluate_f(case, inputs, coords)
    types = [b["type"] for b in case["outputs"] for _ in b["maps"]]
    if case["op"] is not None:
        comb = Combiner(case, types)
        recs = comb.start(terms)
        for d, c in enumerate(case["combine"]):
            if c == "ps":
                recs = scan_axis(recs, d, comb)
        for d, c in enumerate(case["combine"]):
            if c == "pw":
                recs = reduce_axis(recs, d, comb)
        terms = comb.finish(recs)
    shape = terms[0]["v"].shape
    rcoords = np.indices(shape, dtype=np.int64)
    expected, k = [], 0
    for buf in case["outputs"]:
        e = {"v": np.zeros(buf["shape"]), "tol": np.zeros(buf["shape"]),
             "written": np.zeros(buf["shape"], dtype=bool),
             "unsure": np.zeros(buf["shape"], dtype=bool)}
        if not is_float(buf["type"]):
            e["v"] = np.zeros(buf["shape"], dtype=np.int64)
        for m in buf["maps"]:
            t = terms[k]
            if m:
                idx = tuple(affine(x, rcoords) for x in m)
                pick = lambda a: a
            else:  # rank 0: every cc and ps dimension has size 1
                idx = ()
                pick = lambda a: a.reshape(-1)[0]
            e["v"][idx] = pick(t["v"])
            if "tol" in t:
                e["tol"][idx] = pick(t["tol"])
            e["unsure"][idx] = pick(t["unsure"])
            e["written"][idx] = True
            k += 1
        expected.append(e)
    return expected


def compare(case, expected, outputs):
    """Messages for every output element that is wrong; and the number of
    elements checked and left unchecked."""
    msgs, checked, unsure = [], 0, 0
    for i, (buf, e, got) in enumerate(zip(case["outputs"], expected,
                                          outputs)):
        t = buf["type"]
        w = e["written"] & ~e["unsure"]
        unsure += int(np.count_nonzero(e["unsure"]))
        checked += int(np.count_nonzero(w))
        if is_float(t):
            g = got.astype(np.float64)
            bad = w & ~(np.abs(g - e["v"]) <= e["tol"])
            bad |= ~e["written"] & ~np.isnan(g)
        else:
            g = got.astype(np.int64)
            bad = w & (g != e["v"])
            bad |= ~e["written"] & (g != sext(SENTINEL[WIDTHS[t]],
                                              WIDTHS[t]))
        for idx in np.argwhere(bad)[:3]:
            idx = tuple(int(x) for x in idx)
            what = ("expected %r (tolerance %g)" % (e["v"][idx],
                                                    e["tol"][idx])
                    if e["written"][idx] else "expected the sentinel")
            msgs.append("out%d%s: got %r, %s" % (i, list(idx), g[idx],
                                                  what))
        if bad.any():
            msgs.append("out%d: %d wrong elements" % (
                i, int(np.count_nonzero(bad))))
    return msgs, checked, unsure


def to_bf16(x):
    """float32 values rounded to the nearest bf16 (ties to even)."""
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    b = (b + U64(0x7FFF) + ((b >> U64(16)) & U64(1))) & U64(0xFFFF0000)
    return b.astype(np.uint32).view(np.float32)


def make_inputs(case, seed):
    """Input arrays exactly representable in their type: floats in
    [-1, 1], integers in [-100, 100] (as mdh-run's own data)."""
    rng = np.random.default_rng(seed)
    arrays = []
    for buf in case["inputs"]:
        t, shape = buf["type"], buf["shape"]
        if is_float(t):
            a = rng.uniform(-1, 1, size=shape)
            a = to_bf16(a) if t == "bf16" else a.astype(NPY_TYPE[t])
        else:
            a = rng.integers(-100, 101, size=shape).astype(NPY_TYPE[t])
        arrays.append(np.asarray(a))
    return arrays


def check_run(case, inputs, outdir, func="kernel"):
    """Compares the outputs mdh-run wrote to `outdir` with the reference."""
    outputs = []
    for i in range(len(case["outputs"])):
        path = os.path.join(outdir, "%s.out%d.npy" % (func, i))
        if not os.path.exists(path):
            return ["missing output file " + path], 0, 0
        outputs.append(np.load(path))
    with np.errstate(all="ignore"):
        expected = evaluate(case, inputs)
        return compare(case, expected, outputs)


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    case = json.load(open(sys.argv[1]))
    inputs = [np.load(os.path.join(sys.argv[2], "in%d.npy" % i))
              for i in range(len(case["inputs"]))]
    msgs, checked, unsure = check_run(case, inputs, sys.argv[3])
    for m in msgs:
        print(m)
    print("%d elements checked, %d unchecked, %s" % (
        checked, unsure, "FAIL" if msgs else "OK"))
    return 1 if msgs else 0


if __name__ == "__main__":
    sys.exit(main())
