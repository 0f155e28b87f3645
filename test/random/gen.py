#!/usr/bin/env python3
"""Seeded generator of random valid MDH computations (issue 19).

A case is a plain dict (JSON-serializable) that describes one
`mdh.compute`: sizes, combine operators, the custom combiner if any, input
and output views as affine expressions, and the scalar function as a list
of ops. `emit(case)` (emit.py) prints it as an MLIR module; reference.py
evaluates the same dict independently; test/random/reduce.py shrinks it.

Everything is drawn from `random.Random(seed)`, so one seed is one program.
Programs are valid by construction (docs/semantics.md):

* views: input maps are arbitrary affine maps (offsets, strides, floordiv,
  mod, constants, broadcasts, several maps per buffer) whose buffers are
  sized from interval bounds (sound, so every access is in bounds); output
  maps are injective by construction (mixed-radix linearizations of the cc
  and ps dimensions, reversed, scaled, split with floordiv/mod, several maps
  per buffer kept disjoint by a slot index, interleaving or blocks);
* f never divides by a value that can be zero, shifts by at most the width
  minus one, never overflows a float type inside f, and never compares or
  converts to an integer a value that carries rounding error: the check of
  docs/semantics.md does not bound those (a flipped comparison is not a
  bug), so custom combiners that select (argmax-like) get exact values only.

Expression syntax (JSON lists): ["d", k], ["c", n], ["+", a, b],
["*", a, n], ["fd", a, n], ["mod", a, n].

usage: gen.py SEED [--json]   (prints the module, or the case as JSON)
"""

import json
import random
import sys

from emit import emit

FLOATS = ["f16", "bf16", "f32", "f64"]
INTS = ["i8", "i16", "i32", "i64"]
WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "i8": 8, "i16": 16,
         "i32": 32, "i64": 64, "i1": 1, "index": 64}
FLOAT_OPS = ["max", "min"]
# Integers up to these magnitudes convert to the float type exactly.
MANTISSA = {"f16": 2048, "bf16": 256, "f32": 1 << 24, "f64": 1 << 53}
INT_OPS = ["maxsi", "maxui", "minsi", "minui", "and", "or", "xor"]
BUILTIN_OPS = ["add", "mul"] + FLOAT_OPS + INT_OPS

# Limits that keep one case well under a second per target.
MAX_POINTS = 1 << 15   # points of the iteration box
MAX_CHECK = 1 << 19    # f evaluations of the full check (ps: N(N+1)/2)
MAX_ELEMENTS = 1 << 17  # elements of one buffer
FLOAT_BOUND = 1e4      # |v| of every float inside f
SIZES = [1] * 6 + [2, 3, 5, 7, 11, 13] * 3 + [4, 8, 16, 17, 19, 23, 29, 31,
         32, 37, 41, 61, 64] * 2 + [97, 101, 127, 128, 131, 211, 256, 257,
                                    293]


def is_float(t):
    return t in FLOATS


# Affine expressions ----------------------------------------------------------

def interval(e, sizes):
    """A sound [lo, hi] of `e` over the iteration box."""
    k = e[0]
    if k == "d":
        return 0, sizes[e[1]] - 1
    if k == "c":
        return e[1], e[1]
    if k == "+":
        a, b = interval(e[1], sizes), interval(e[2], sizes)
        return a[0] + b[0], a[1] + b[1]
    lo, hi = interval(e[1], sizes)
    n = e[2]
    if k == "*":
        return (lo * n, hi * n) if n >= 0 else (hi * n, lo * n)
    if k == "fd":
        return lo // n, hi // n
    if k == "mod":
        return (lo, hi) if lo >= 0 and hi < n else (0, n - 1)
    raise ValueError(e)


def add_const(e, n):
    return e if n == 0 else ["+", e, ["c", n]]


def shape_of(maps, sizes, rng=None):
    """The smallest shape that holds every access of `maps` (plus a little
    slack now and then, so that some elements are never accessed)."""
    shape = []
    for r in range(len(maps[0])):
        hi = max(interval(m[r], sizes)[1] for m in maps)
        slack = rng.choice([0] * 6 + [1, 2]) if rng else 0
        shape.append(hi + 1 + slack)
    return shape


def elements(shape):
    n = 1
    for s in shape:
        n *= s
    return n


# Views -----------------------------------------------------------------------

def input_expr(rng, sizes):
    dims = list(range(len(sizes)))
    kind = rng.choice(["dim"] * 5 + ["sum"] * 2 + ["fd", "mod", "const"])
    if kind == "const":
        return ["c", rng.randint(0, 2)]
    e = None
    for d in rng.sample(dims, 1 if kind != "sum" or len(dims) < 2 else 2):
        c = rng.choice([1, 1, 1, 2, 3, -1]) if sizes[d] <= 64 else \
            rng.choice([1, 1, -1])
        t = ["d", d] if c == 1 else ["*", ["d", d], c]
        e = t if e is None else ["+", e, t]
    if kind == "fd":
        e = ["fd", e, rng.randint(2, 7)]
    elif kind == "mod":
        e = ["mod", e, rng.randint(2, 9)]
    lo = interval(e, sizes)[0]
    return add_const(e, -lo + rng.choice([0, 0, 0, 1, 2]))


def gen_input(rng, sizes, type_):
    for _ in range(20):
        rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
        base = [input_expr(rng, sizes) for _ in range(rank)]
        maps = [base]
        for _ in range(rng.choice([0] * 5 + [1, 1, 2])):
            if rng.random() < 0.6 and rank:
                # A stencil: the base map shifted by small offsets.
                maps.append([add_const(e, rng.randint(0, 2)) for e in base])
            else:
                maps.append([input_expr(rng, sizes) for _ in range(rank)])
        shape = shape_of(maps, sizes, rng)
        if elements(shape) <= MAX_ELEMENTS:
            return {"type": type_, "shape": shape, "maps": maps}
    return {"type": type_, "shape": [], "maps": [[]]}


def injective_map(rng, sizes, combine):
    """Results of a map that writes injectively in every cc and ps
    dimension (and never mentions a pw dimension)."""
    dims = [d for d, c in enumerate(combine) if c != "pw"
            and (sizes[d] > 1 or rng.random() < 0.5)]
    rng.shuffle(dims)
    results = []
    while dims:
        group = dims[:rng.randint(1, min(3, len(dims)))]
        dims = dims[len(group):]
        if len(group) == 1 and sizes[group[0]] >= 4 and rng.random() < 0.2:
            c = rng.randint(2, 5)
            results += [["fd", ["d", group[0]], c],
                        ["mod", ["d", group[0]], c]]
            continue
        e, stride = None, 1
        for d in reversed(group):
            t = ["d", d]
            if rng.random() < 0.2:  # reversed: N - 1 - d
                t = ["+", ["*", t, -1], ["c", sizes[d] - 1]]
            t = t if stride == 1 else ["*", t, stride]
            e = t if e is None else ["+", t, e]
            stride *= sizes[d] * rng.choice([1, 1, 1, 2])
        s = rng.choice([1, 1, 1, 2, 3])
        e = e if s == 1 else ["*", e, s]
        results.append(add_const(e, rng.choice([0, 0, 1, 2])))
    for _ in range(rng.choice([0, 0, 0, 1])):
        results.insert(rng.randint(0, len(results)), ["c", rng.randint(0, 1)])
    return results


def output_maps(rng, sizes, combine, count):
    """`count` maps that jointly write injectively: each one injective,
    and no two writing the same element."""
    results = injective_map(rng, sizes, combine)
    if count == 1:
        return [results]
    how = rng.choice(["slot", "interleave", "block"]) if results else "slot"
    if how == "slot":
        # A constant index of its own per map keeps them apart, whatever
        # else they are: the same map, or (half the time) unrelated ones
        # of the same rank.
        pos = rng.randint(0, len(results))
        maps = []
        for m in range(count):
            other = results
            for _ in range(10 if m and rng.random() < 0.5 else 0):
                fresh = injective_map(rng, sizes, combine)
                if len(fresh) == len(results):
                    other = fresh
                    break
            maps.append(other[:pos] + [["c", m]] + other[pos:])
        return maps
    r = rng.randrange(len(results))
    hi = interval(results[r], sizes)[1]
    maps = []
    for m in range(count):
        e = (add_const(["*", results[r], count], m) if how == "interleave"
             else add_const(results[r], m * (hi + 1)))
        maps.append(results[:r] + [e] + results[r + 1:])
    return maps


# The scalar function ---------------------------------------------------------

class Body:
    """Builds f: a pool of typed values (block arguments first) and ops."""

    def __init__(self, rng, case):
        self.rng, self.case, self.ops, self.pool = rng, case, [], []
        k = 0
        for inp in case["inputs"]:
            for _ in inp["maps"]:
                t = inp["type"]
                self.pool.append(("a%d" % k, t, 1.0 if is_float(t) else 100,
                                  True))
                k += 1

    def op(self, name, args, type_, bound=0.0, exact=False, **attrs):
        ref = "v%d" % len(self.ops)
        d = {"res": ref, "op": name, "args": args, "type": type_}
        d.update(attrs)
        self.ops.append(d)
        if type_ not in ("i1", "index"):
            if not is_float(type_) and name != "arith.constant" and \
                    bound == 0:
                bound = float(2 ** (WIDTH[type_] - 1))  # wraps anywhere
            self.pool.append((ref, type_, bound, exact))
        return ref

    def const(self, type_, value):
        return self.op("arith.constant", [], type_, abs(value), True,
                       value=value)

    def pick(self, pred):
        cands = [p for p in self.pool if pred(p)]
        if not cands:
            return None
        # Prefer recent values, so that the ops built feed the yields.
        return cands[min(len(cands) - 1,
                         int(len(cands) * (1 - self.rng.random() ** 2)))]

    def index(self, type_):
        """mdh.index of a random dimension, cast to `type_` (an exact
        value; float only where the type holds every index exactly)."""
        sizes = self.case["sizes"]
        dims = [d for d in range(len(sizes))
                if not is_float(type_) or sizes[d] <= MANTISSA[type_]]
        if not dims:
            return None
        d = self.rng.choice(dims)
        i = self.op("mdh.index", [], "index", dim=d)
        it = type_ if not is_float(type_) else "i32"
        v = self.op("arith.index_cast", [i], it, sizes[d], True, src="index")
        if is_float(type_):
            v = self.op("arith.sitofp", [v], type_, sizes[d], True, src=it)
        return v

    def convert(self, p, type_):
        """Value `p` as `type_`; exact where the conversion is."""
        ref, t, b, ex = p
        if t == type_:
            return ref
        if is_float(t) and is_float(type_):
            if t in ("f16", "bf16") and type_ in ("f16", "bf16"):
                ref = self.op("arith.extf", [ref], "f32", b, ex, src=t)
                t = "f32"
            if WIDTH[type_] > WIDTH[t]:
                return self.op("arith.extf", [ref], type_, b, ex, src=t)
            return self.op("arith.truncf", [ref], type_, b, False, src=t)
        if not is_float(t) and not is_float(type_):
            name = ("arith.trunci" if WIDTH[type_] < WIDTH[t] else
                    self.rng.choice(["arith.extsi", "arith.extui"]))
            return self.op(name, [ref], type_, 0, True, src=t)
        if not is_float(t):
            # Exact where the type holds every value of the int exactly.
            if b > FLOAT_BOUND:
                return None
            return self.op("arith.sitofp", [ref], type_, b,
                           ex and b <= MANTISSA[type_], src=t)
        # float -> int: only from exact values of at most 1 in magnitude,
        # scaled by 16 (exact), well inside every integer range.
        if not ex or b > 1.0:
            return None
        s = self.const(t, 16.0)
        m = self.op("arith.mulf", [ref, s], t, 16 * b, True)
        return self.op("arith.fptosi", [m], type_, 16, True, src=t)

    def value(self, type_, exact=False):
        """Some value of `type_` from the pool, converted if need be."""
        ok = (lambda p: p[3]) if exact else (lambda p: True)
        p = self.pick(lambda p: p[1] == type_ and ok(p))
        if p and self.rng.random() < 0.85:
            return p[0]
        for _ in range(4):
            q = self.pick(lambda q: ok(q) and (exact or q[1] != type_))
            if q is None:
                break
            if exact and is_float(type_) and is_float(q[1]) and \
                    WIDTH[q[1]] > WIDTH[type_]:
                continue
            if exact and is_float(type_) and q[1] in ("f16", "bf16") and \
                    type_ in ("f16", "bf16") and q[1] != type_:
                continue
            v = self.convert(q, type_)
            if v is not None and (not exact or self.exact(v)):
                return v
        if p:
            return p[0]
        if self.rng.random() < 0.5:
            v = self.index(type_)
            if v is not None:
                return v
        return self.const(type_, self.rng.choice([1, 2, 3, -1]) if not
                          is_float(type_) else self.rng.choice(
                              [0.5, 1.0, -1.5, 2.0, 0.25]))

    def random_op(self):
        r = self.rng
        t = r.choice([p[1] for p in self.pool] or ["f32"])
        if is_float(t):
            self.float_op(t)
        else:
            self.int_op(t)

    def bound(self, ref):
        for p in self.pool:
            if p[0] == ref:
                return p[2]
        return FLOAT_BOUND

    def float_op(self, t):
        r = self.rng
        a = self.value(t)
        ba = self.bound(a)
        kind = r.choice(["addf", "subf", "mulf", "divf", "maximumf",
                         "minimumf", "negf", "absf", "sin", "cos", "tanh",
                         "erf", "exp", "sqrt", "log", "rsqrt", "fma",
                         "select", "floor"])
        if kind in ("addf", "subf", "mulf", "maximumf", "minimumf", "divf"):
            b = self.value(t)
            bb = self.bound(b)
            if kind == "divf":
                # a / (|b| + 1): the divisor is at least 1.
                one = self.const(t, 1.0)
                ab = self.op("math.absf", [b], t, bb)
                b = self.op("arith.addf", [ab, one], t, bb + 1)
                bound = ba
            elif kind == "mulf":
                bound = ba * bb
            elif kind in ("addf", "subf"):
                bound = ba + bb
            else:
                bound = max(ba, bb)
            if bound <= FLOAT_BOUND:
                self.op("arith." + kind, [a, b], t, bound)
        elif kind in ("negf", "absf"):
            self.op("arith.negf" if kind == "negf" else "math.absf", [a], t,
                    ba, self.exact(a))
        elif kind in ("sin", "cos", "tanh", "erf"):
            self.op("math." + kind, [a], t, 1.0)
        elif kind == "exp":
            if ba <= 4:
                self.op("math.exp", [a], t, 60.0)
        elif kind in ("sqrt", "log", "rsqrt"):
            one = self.const(t, 1.0)
            ab = self.op("math.absf", [a], t, ba)
            x = self.op("arith.addf", [ab, one], t, ba + 1)
            self.op("math." + kind, [x], t, ba + 1)
        elif kind == "fma":
            b, c = self.value(t), self.value(t)
            bound = ba * self.bound(b) + self.bound(c)
            if bound <= FLOAT_BOUND:
                self.op("math.fma", [a, b, c], t, bound)
        elif kind == "select":
            # Compares exact values only: a rounding error must not flip it.
            x = self.pick(lambda p: p[3] and is_float(p[1]))
            y = self.pick(lambda p: p[3] and x and p[1] == x[1])
            if x and y:
                pred = r.choice(["ogt", "olt", "oge", "ole", "oeq", "one"])
                c = self.op("arith.cmpf", [x[0], y[0]], "i1", pred=pred,
                            src=x[1])
                b = self.value(t)
                self.op("arith.select", [c, a, b], t,
                        max(ba, self.bound(b)))
        elif kind == "floor":
            self.op(r.choice(["math.floor", "math.ceil"]), [a], t, ba + 1)

    def exact(self, ref):
        return any(p[0] == ref and p[3] for p in self.pool)

    def int_op(self, t):
        r = self.rng
        w = WIDTH[t]
        a = self.value(t)
        kind = r.choice(["addi", "subi", "muli", "andi", "ori", "xori",
                         "maxsi", "minsi", "maxui", "minui", "shift", "div",
                         "absi", "select"])
        if kind == "shift":
            s = self.const(t, r.randint(0, w - 1))
            self.op("arith." + r.choice(["shli", "shrsi", "shrui"]), [a, s],
                    t, 0, True)
        elif kind == "div":
            d = self.const(t, r.choice([2, 3, 5, 7, 16]))
            self.op("arith." + r.choice(["divsi", "divui", "remsi",
                                         "remui"]), [a, d], t, 0, True)
        elif kind == "absi":
            self.op("math.absi", [a], t, 0, True)
        elif kind == "select":
            b, c, e = self.value(t), self.value(t), self.value(t)
            pred = r.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult",
                             "ule", "ugt", "uge"])
            cond = self.op("arith.cmpi", [a, b], "i1", pred=pred, src=t)
            self.op("arith.select", [cond, c, e], t, 0, True)
        else:
            b = self.value(t)
            self.op("arith." + kind, [a, b], t, 0, True)


# Combiners -------------------------------------------------------------------

INT_COMB = ["addi", "muli", "maxsi", "minsi", "maxui", "minui", "andi", "ori",
            "xori", "poly"]
FLOAT_COMB = ["addf", "mulf", "maximumf", "minimumf"]


def gen_combiner(rng, types):
    """Groups of tuple components: 'op' (one component, an associative and
    commutative op) or 'lex' (several components; the tuple that is larger
    in a lexicographic order with a direction per key wins; exact values
    only)."""
    comps = list(range(len(types)))
    rng.shuffle(comps)
    groups = []
    while comps:
        if rng.random() < 0.35:
            g = comps[:rng.randint(1, min(3, len(comps)))]
            dirs = [rng.choice(["max", "min"]) for _ in g]
            uns = [rng.random() < 0.3 for _ in g]
            groups.append({"kind": "lex", "comps": sorted(g), "order": g,
                           "dirs": dirs, "unsigned": uns})
        else:
            g = comps[:1]
            t = types[g[0]]
            groups.append({"kind": "op", "comps": g, "op": rng.choice(
                FLOAT_COMB if is_float(t) else INT_COMB)})
        comps = comps[len(g):]
    return {"name": "comb", "types": types, "groups": groups,
            "identity": rng.random() < 0.5}


# The case --------------------------------------------------------------------

def element_type(rng, types, narrow):
    """One of `types`; f16 and bf16 only in the cases drawn `narrow` (the
    C target refused them before it had them; the draws stay as they were
    so that a seed still gives the same programs)."""
    wide = [t for t in types if t not in ("f16", "bf16")]
    return rng.choice(types if narrow or not wide else wide)


def gen_sizes(rng, dims):
    sizes = [rng.choice(SIZES) for _ in range(dims)]
    return sizes


def check_cost(sizes, combine):
    cost = 1
    for s, c in zip(sizes, combine):
        cost *= s * (s + 1) // 2 if c == "ps" else s
    return cost


def generate(seed):
    rng = random.Random(seed)
    dims = rng.choice([1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6])
    combine = [rng.choice(["cc", "cc", "pw", "ps"]) for _ in range(dims)]
    sizes = gen_sizes(rng, dims)
    while elements(sizes) > MAX_POINTS or \
            check_cost(sizes, combine) > MAX_CHECK:
        d = max(range(dims), key=lambda d: sizes[d])
        sizes[d] = max(1, min(sizes[d] - 1, rng.choice(
            [sizes[d] // 2, sizes[d] // 3, rng.choice(SIZES[:20])])))
    case = {"seed": seed, "sizes": sizes, "combine": combine, "op": None,
            "combiner": None}
    reducing = any(c != "cc" for c in combine)
    if reducing:
        case["op"] = rng.choice(BUILTIN_OPS + ["@comb"] * 4)
    op = case["op"]
    out_types = (FLOATS if op in FLOAT_OPS else INTS if op in INT_OPS
                 else FLOATS + INTS)
    narrow = rng.random() < 0.3
    case["inputs"] = [gen_input(rng, sizes,
                                element_type(rng, FLOATS + INTS, narrow))
                      for _ in range(rng.choice([0, 1, 1, 2, 2, 2, 3, 4]))]
    outs = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        count = rng.choice([1, 1, 1, 2, 3])
        for _ in range(20):
            maps = output_maps(rng, sizes, combine, count)
            shape = shape_of(maps, sizes, rng)
            if elements(shape) <= MAX_ELEMENTS:
                break
        else:
            maps = output_maps(rng, sizes, combine, 1)
            shape = shape_of(maps, sizes)
        outs.append({"type": element_type(rng, out_types, narrow),
                     "shape": shape,
                     "maps": maps})
    case["outputs"] = outs
    types = [o["type"] for o in outs for _ in o["maps"]]
    exact = [False] * len(types)
    product = [op == "mul"] * len(types)
    if op == "@comb":
        case["combiner"] = gen_combiner(rng, types)
        for g in case["combiner"]["groups"]:
            for c in g["comps"]:
                exact[c] = g["kind"] == "lex"
                product[c] = g.get("op") == "mulf"
    body = Body(rng, case)
    for _ in range(rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10])):
        body.random_op()
    yields = []
    for t, ex, prod in zip(types, exact, product):
        v = body.value(t, exact=ex)
        if prod and is_float(t) and body.bound(v) > 1.0:
            # Long products of values above 1 only overflow.
            v = body.op("math.tanh", [v], t, 1.0)
        yields.append(v)
    case["body"], case["yields"] = body.ops, yields
    return case


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    case = generate(int(sys.argv[1]))
    if "--json" in sys.argv[2:]:
        print(json.dumps(case, indent=1))
    else:
        sys.stdout.write(emit(case))
    return 0


if __name__ == "__main__":
    sys.exit(main())
